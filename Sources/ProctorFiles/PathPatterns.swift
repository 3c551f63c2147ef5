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
package struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    package let description: String
    private let segments: [String]
    private let anchored: Bool
    /// Whether the pattern has a slash: it then matches from its base only.
    package var isAnchored: Bool { anchored }
    private let foldersOnly: Bool

    /// Throws, with the reason, for a pattern that can match nothing: empty, an empty segment,
    /// or a `.`/`..` segment (which a walked path never has).
    package init(_ text: String) throws(Invalid) {
        description = text
        var body = text.hasPrefix("./") ? String(text.dropFirst(2)) : text
        foldersOnly = body.hasSuffix("/")
        if foldersOnly { body.removeLast() }
        if body.hasPrefix("/") { body.removeFirst() }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !body.isEmpty, !parts.contains(where: \.isEmpty) else {
            throw Invalid("'\(text)' names no file: a pattern is a name or a path of names, such as *.jsonl or payloads/legacy/**")
        }
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else {
            throw Invalid("'\(text)' has a '.' or '..' folder; patterns are relative to their base folder and cannot leave it")
        }
        // `**/**` is `**`: collapsed, so that matching never tries the same split twice.
        segments = parts.enumerated().filter { index, part in !(part == "**" && index > 0 && parts[index - 1] == "**") }.map(\.element)
        anchored = text.dropLast(foldersOnly ? 1 : 0).contains("/")
    }

    package struct Invalid: Error, Sendable {
        package var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Whether the pattern matches `path` (folders separated by `/`, relative to the base), or one
    /// of the folders it is in. `isFolder` says the path itself is a folder.
    package func matches(_ path: String, isFolder: Bool = false) -> Bool {
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

    /// Whether `pattern` matches all of `names`: dynamic programming over (pattern segment,
    /// name), so several `**` cost a product of the lengths, never a search of every split.
    private static func match(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        let pattern = Array(pattern)
        let names = Array(names)
        // matches[j]: the first i pattern segments match the first j names.
        var matches = [Bool](repeating: false, count: names.count + 1)
        matches[0] = true
        for segment in pattern {
            var next = [Bool](repeating: false, count: names.count + 1)
            if segment == "**" {
                // None, one or more names: once a prefix matches, every longer one does.
                var any = false
                for j in 0...names.count {
                    any = any || matches[j]
                    next[j] = any
                }
            } else {
                for j in stride(from: 1, through: names.count, by: 1) where matches[j - 1] {
                    next[j] = self.segment(segment, matches: names[j - 1])
                }
            }
            matches = next
        }
        return matches[names.count]
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
package struct PathFilter: Sendable {
    package struct Patterns: Sendable {
        package var base: String
        package var include: [PathPattern]
        package var exclude: [PathPattern]
        /// The base as an absolute folder ending in `/`, computed once.
        let absoluteBase: String

        package init(base: String, include: [PathPattern] = [], exclude: [PathPattern] = []) {
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

    package var patterns: [Patterns]
    /// Folders the walk does not enter, as absolute paths: other projects' folders inside this
    /// one's (docs/configuration.md, "Several apps").
    package var excludedFolders: [String] = []
    /// Whether the walk leaves out ``defaultExcludedFolders`` (`--no-default-excludes` and the
    /// configuration's `"defaultExcludes": false` turn it off).
    package var usesDefaultExcludes = true

    /// Folders a walk does not enter unless told to: build products, dependencies and asset
    /// catalogs. A repository walked from its root holds thousands of `.json` and `.swift` files
    /// there that are not the app's payloads or sources (an asset catalog's `Contents.json`, a
    /// CocoaPod's Swift). Hidden folders (`.git`, `.build`) are never walked. A folder named on
    /// the command line is read whatever its name.
    package static let defaultExcludedFolders: [PathPattern] = ["DerivedData", "Pods", "Carthage", "node_modules", "*.xcassets"].map {
        try! PathPattern($0)
    }

    package init(_ patterns: [Patterns] = [], usesDefaultExcludes: Bool = true) {
        self.patterns = patterns.filter { !$0.include.isEmpty || !$0.exclude.isEmpty }
        self.usesDefaultExcludes = usesDefaultExcludes
    }

    /// Whether the filter leaves nothing out: no pattern, no excluded folder, no default excludes.
    package var isEmpty: Bool { patterns.isEmpty && excludedFolders.isEmpty && !usesDefaultExcludes }

    /// Whether a folder of this name is one of ``defaultExcludedFolders``, when they apply.
    private func isExcludedByDefault(_ path: String) -> Bool {
        guard usesDefaultExcludes else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return Self.defaultExcludedFolders.contains { $0.matches(name, isFolder: true) }
    }

    /// Whether a walked file is read.
    package func accepts(file path: String) -> Bool {
        patterns.allSatisfy { set in
            guard let relative = set.relative(path) else {
                // Outside the base, only a pattern without a slash (a name) can match.
                let names = PathFilter.absolute(path)
                if set.exclude.contains(where: { !$0.isAnchored && $0.matches(names) }) { return false }
                return set.include.isEmpty || set.include.contains { !$0.isAnchored && $0.matches(names) }
            }
            if set.exclude.contains(where: { $0.matches(relative) }) { return false }
            return set.include.isEmpty || set.include.contains { $0.matches(relative) }
        }
    }

    /// Whether the walk enters a folder: not when an exclude pattern matches it.
    package func enters(folder path: String) -> Bool {
        if isExcludedByDefault(path) { return false }
        if !excludedFolders.isEmpty, excludedFolders.contains(PathFilter.absolute(path)) { return false }
        return patterns.allSatisfy { set in
            guard let relative = set.relative(path) else {
                let names = PathFilter.absolute(path)
                return !set.exclude.contains { !$0.isAnchored && $0.matches(names, isFolder: true) }
            }
            guard !relative.isEmpty else { return true }
            return !set.exclude.contains { $0.matches(relative, isFolder: true) }
        }
    }

    /// The path with links resolved: the current directory is always its physical path, so a
    /// path through a link (macOS's /tmp, a linked checkout) must be compared physically too.
    package static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
