import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A glob over file paths, with gitignore's reading of slashes (docs/configuration.md, "Include
/// and exclude"):
/// - a pattern without a slash (`*.jsonl`, `Pods`) matches the name of the file or of any folder
///   on its path, at any depth;
/// - a pattern with a slash (`payloads/legacy`, `site/**/*.json`) matches the path from the base
///   folder; `**` as a whole segment matches any number of folders, none included;
/// - within a segment, `*` is any text, `?` one character and `[a-z]` a class, as POSIX `fnmatch`
///   reads them (the C library's, not a copy of it);
/// - a pattern that matches a folder matches everything under it; a trailing `/` matches folders
///   only.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    private let segments: [String]
    private let anchored: Bool
    private let foldersOnly: Bool

    /// Throws, with the reason, for a pattern that can match nothing: empty, an empty segment,
    /// or a `.`/`..` segment (which a walked path never has).
    public init(_ text: String) throws(Invalid) {
        description = text
        var body = text.hasPrefix("./") ? String(text.dropFirst(2)) : text
        foldersOnly = body.hasSuffix("/")
        if foldersOnly { body.removeLast() }
        if body.hasPrefix("/") { body.removeFirst() }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !body.isEmpty, !parts.contains(where: \.isEmpty) else { throw Invalid("'\(text)' names no file: a pattern is a name or a path of names, such as *.jsonl or payloads/legacy/**") }
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else { throw Invalid("'\(text)' has a '.' or '..' folder; patterns are relative to their base folder and cannot leave it") }
        segments = parts
        anchored = text.dropLast(foldersOnly ? 1 : 0).contains("/")
    }

    public struct Invalid: Error, Sendable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Whether the pattern matches `path` (folders separated by `/`, relative to the base), or one
    /// of the folders it is in. `isFolder` says the path itself is a folder.
    public func matches(_ path: String, isFolder: Bool = false) -> Bool {
        let names = path.split(separator: "/").map(String.init)
        guard !names.isEmpty else { return false }
        // A folder on the path is a candidate too: matching it matches what it holds.
        for count in stride(from: names.count, through: 1, by: -1) {
            let candidateIsFolder = count < names.count || isFolder
            if foldersOnly && !candidateIsFolder { continue }
            let candidate = names[..<count]
            if anchored {
                if Self.match(segments[...], candidate) { return true }
            } else if Self.segment(segments[0], matches: candidate.last!) {
                return true
            }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            // `**` takes none, one, or more of the names.
            for skip in 0...names.count where match(rest, names.dropFirst(skip)) { return true }
            return false
        }
        guard let name = names.first, segment(first, matches: name) else { return false }
        return match(pattern.dropFirst(), names.dropFirst())
    }

    private static func segment(_ pattern: String, matches name: String) -> Bool {
        // FNM_PERIOD: `*` does not match a leading dot, as in a shell.
        fnmatch(pattern, name, FNM_PERIOD) == 0
    }
}

/// Which walked files a command reads: those an include pattern matches (all when there is none),
/// less those an exclude pattern matches. Patterns are relative to `base`, a folder as the current
/// directory sees it ("" for the current directory): the configuration file's folder for its
/// patterns, the current directory for `--include` and `--exclude`.
public struct PathFilter: Sendable {
    public struct Patterns: Sendable {
        public var base: String
        public var include: [PathPattern]
        public var exclude: [PathPattern]
        /// The base as an absolute folder ending in `/`, computed once.
        let absoluteBase: String

        public init(base: String, include: [PathPattern] = [], exclude: [PathPattern] = []) {
            self.base = base
            self.include = include
            self.exclude = exclude
            let folder = PathFilter.absolute(base)
            absoluteBase = folder == "/" ? "/" : folder + "/"
        }

        /// `path` relative to the base; nil when it is not inside it.
        func relative(_ path: String) -> String? {
            let file = PathFilter.absolute(path)
            if file + "/" == absoluteBase { return "" }
            return file.hasPrefix(absoluteBase) ? String(file.dropFirst(absoluteBase.count)) : nil
        }
    }

    public var patterns: [Patterns]

    public init(_ patterns: [Patterns] = []) {
        self.patterns = patterns.filter { !$0.include.isEmpty || !$0.exclude.isEmpty }
    }

    public var isEmpty: Bool { patterns.isEmpty }

    /// Whether a walked file is read.
    public func accepts(file path: String) -> Bool {
        patterns.allSatisfy { set in
            guard let relative = set.relative(path) else { return set.include.isEmpty }
            if set.exclude.contains(where: { $0.matches(relative) }) { return false }
            return set.include.isEmpty || set.include.contains { $0.matches(relative) }
        }
    }

    /// Whether the walk enters a folder: not when an exclude pattern matches it.
    public func enters(folder path: String) -> Bool {
        patterns.allSatisfy { set in
            guard let relative = set.relative(path), !relative.isEmpty else { return true }
            return !set.exclude.contains { $0.matches(relative, isFolder: true) }
        }
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.path
    }
}
