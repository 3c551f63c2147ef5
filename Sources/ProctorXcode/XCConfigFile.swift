import Foundation
import ProctorCore

/// An `.xcconfig` file's assignments, in order, with those of the files it includes in place
/// (`#include "other.xcconfig"`, `#include? "optional.xcconfig"`), each located at its line.
/// Comments (`//` to the end of the line, as Xcode reads them) are left out, and a trailing `;`
/// is dropped.
package enum XCConfigFile {
    /// Reads `path` (as the file system sees it), naming it `displayPath` in locations.
    /// `notes` receives what Proctor could not follow: a missing file, an include of the
    /// developer folder (`<...>`), a malformed line, an include cycle.
    package static func assignments(
        path: String, displayPath: String, notes: inout [XcodeNote], including: Set<String> = [], depth: Int = 0
    ) -> [BuildSettingAssignment] {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        guard depth < 16, !including.contains(standardized) else {
            notes.append(XcodeNote("the .xcconfig includes itself, directly or not; the include is left out", at: SourceLocation(file: displayPath)))
            return []
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20 else {
            notes.append(XcodeNote("cannot read the .xcconfig file", at: SourceLocation(file: displayPath)))
            return []
        }
        let text = String(decoding: data, as: UTF8.self)
        var result: [BuildSettingAssignment] = []
        // A file at the root has no folder in its path: its includes are beside it, not at `/`.
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let displayFolder = (displayPath as NSString).deletingLastPathComponent
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let location = SourceLocation(file: displayPath, line: index + 1)
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let optional = trimmed.hasPrefix("#include?")
                let rest = trimmed.dropFirst(optional ? 9 : 8).trimmingCharacters(in: .whitespaces)
                guard rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") else {
                    if rest.hasPrefix("<") {
                        notes.append(
                            XcodeNote("includes \(VisibleText.escaped(rest)) from the developer folder, which Proctor does not read", at: location))
                    } else {
                        notes.append(XcodeNote("an #include Proctor cannot read: \(VisibleText.escaped(trimmed))", at: location))
                    }
                    continue
                }
                var included = String(rest[rest.index(after: rest.startIndex)..<close])
                // Xcode runs on a Mac, whose volumes ignore case by default: an include spelt
                // `Version.public.xcconfig` reads `Version.Public.xcconfig`.
                if !included.hasPrefix("/"), !FileManager.default.fileExists(atPath: folder + "/" + included),
                    let found = Self.ignoringCase(included, in: folder)
                {
                    included = found
                }
                let includedPath = included.hasPrefix("/") ? included : folder + "/" + included
                let includedDisplay = included.hasPrefix("/") ? included : Paths.joined(displayFolder, included)
                guard FileManager.default.fileExists(atPath: includedPath) else {
                    if !optional {
                        notes.append(
                            XcodeNote("includes '\(VisibleText.escaped(included))', which does not exist; its settings are unknown", at: location))
                    }
                    continue
                }
                result += assignments(
                    path: includedPath, displayPath: includedDisplay, notes: &notes, including: including.union([standardized]), depth: depth + 1)
                continue
            }
            let content = Self.withoutComment(line)
            guard !content.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            guard let equals = content.firstIndex(of: "=") else {
                notes.append(XcodeNote("not a KEY = value line; left out", at: location))
                continue
            }
            // The key's conditions may hold '=' ([sdk=iphoneos*]): the separator is the first '='
            // outside brackets.
            var separator = equals
            var level = 0
            for position in content.indices {
                let character = content[position]
                if character == "[" {
                    level += 1
                } else if character == "]" {
                    level -= 1
                } else if character == "=", level == 0 {
                    separator = position
                    break
                }
            }
            let key = content[..<separator].filter { !$0.isWhitespace }
            var value = content[content.index(after: separator)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            guard let assignment = BuildSettingAssignment.parse(key: String(key), value: value, location: location) else {
                notes.append(XcodeNote("'\(VisibleText.escaped(String(key)))' is not a build setting name Proctor reads; left out", at: location))
                continue
            }
            result.append(assignment)
        }
        return result
    }

    /// `relative` inside `folder`, each of its names matched without regard to case, as a Mac
    /// volume matches them; nil when no entry matches, or more than one does.
    static func ignoringCase(_ relative: String, in folder: String) -> String? {
        var found: [String] = []
        var current = folder
        for name in relative.split(separator: "/").map(String.init) {
            if name == "." || name == ".." {
                found.append(name)
                current += "/" + name
                continue
            }
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: current) else { return nil }
            let matches = entries.filter { $0.lowercased() == name.lowercased() }
            guard matches.count == 1 else { return nil }
            found.append(matches[0])
            current += "/" + matches[0]
        }
        return found.joined(separator: "/")
    }

    /// The line without its `//` comment.
    static func withoutComment(_ line: Substring) -> Substring {
        guard let range = line.range(of: "//") else { return line }
        return line[..<range.lowerBound]
    }
}

/// Something about an Xcode project Proctor could not resolve, at the place that says it.
package struct XcodeNote: Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var location: SourceLocation

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    package var description: String { "\(location.compilerStyle): \(message)" }
}

/// Path arithmetic on the relative paths Proctor prints.
package enum Paths {
    /// `folder/path`, standardized (`a/./b/../c` is `a/c`), without a leading `./`.
    package static func joined(_ folder: String, _ path: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        if folder.isEmpty || folder == "." { return normalized(path) }
        return normalized(folder + "/" + path)
    }

    /// `a/./b/../c` as `a/c`; `..` kept where there is nothing to remove.
    package static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute, parts.isEmpty { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
