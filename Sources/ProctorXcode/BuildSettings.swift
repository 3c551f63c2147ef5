import Foundation
import ProctorCore

/// One `KEY = value` of a target's build settings: in a project.pbxproj's build configuration, in
/// an `.xcconfig` file, or one of the few values Xcode defines itself (``location`` nil).
package struct BuildSettingAssignment: Sendable, Equatable {
    package var key: String
    /// `[sdk=iphoneos*]`, `[config=Release]`, `[arch=arm64]`: each condition and its pattern.
    package var conditions: [Condition]
    package var value: String
    package var location: SourceLocation?

    package struct Condition: Sendable, Equatable {
        package var name: String
        package var pattern: String
    }

    /// Splits `KEY[sdk=iphoneos*][config=Release]` into the key and its conditions; nil for a
    /// malformed one.
    static func parse(key written: String, value: String, location: SourceLocation?) -> BuildSettingAssignment? {
        guard let bracket = written.firstIndex(of: "[") else {
            return written.isEmpty ? nil : BuildSettingAssignment(key: written, conditions: [], value: value, location: location)
        }
        let key = String(written[..<bracket])
        var conditions: [Condition] = []
        var rest = written[bracket...]
        while rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            let parts = inside.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { return nil }
            // `[sdk=iphoneos*,arch=arm64]` is two conditions in one bracket.
            for piece in inside.split(separator: ",") {
                let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { return nil }
                conditions.append(Condition(name: pair[0], pattern: pair[1]))
            }
            rest = rest[rest.index(after: close)...]
        }
        guard rest.isEmpty, !key.isEmpty else { return nil }
        return BuildSettingAssignment(key: key, conditions: conditions, value: value, location: location)
    }
}

/// What a conditional assignment is matched against: the SDK, the configuration and the
/// architecture of the build Proctor stands for (a device build of the chosen configuration).
package struct BuildConditions: Sendable {
    package var sdk: String
    package var configuration: String
    package var architecture = "arm64"

    /// Whether every condition of `assignment` holds; a condition Proctor does not know
    /// (`variant=`, `arch=` aside) never holds.
    func matches(_ assignment: BuildSettingAssignment) -> Bool {
        assignment.conditions.allSatisfy { condition in
            let subject: String
            switch condition.name {
            case "sdk": subject = sdk
            case "config": subject = configuration
            case "arch": subject = architecture
            default: return false
            }
            return fnmatch(condition.pattern, subject, 0) == 0
        }
    }
}

/// A setting's value with every `$(VAR)` resolved, where it is set, and the names it refers to
/// that nothing sets (resolved as Xcode does, to nothing, and reported rather than trusted).
package struct ResolvedSetting: Sendable, Equatable {
    package var value: String
    /// The assignment that gives the value; nil for one of Xcode's own values.
    package var location: SourceLocation?
    /// Variables the value refers to that no assignment Proctor read sets.
    package var unresolved: [String]
    /// Variables the value refers to that another configuration or target of the project sets,
    /// but not this one: empty here, as Xcode makes them (`BUNDLE_ID_SUFFIX = .dev` in Debug only).
    package var empty: [String] = []
    /// The value as written, before resolution.
    package var written: String
}

/// A target's build settings as Xcode layers them, lowest first: Xcode's own values, the
/// project's `.xcconfig`, the project's settings, the target's `.xcconfig`, the target's settings.
/// A later assignment wins; `$(inherited)` is the value before it; every other `$(VAR)` is the
/// variable's final value (late binding, as Xcode does).
package struct BuildSettings: Sendable {
    package private(set) var assignments: [BuildSettingAssignment]
    package let conditions: BuildConditions
    /// The names some configuration or target of the project sets: one of them that this
    /// configuration does not set is empty, as in Xcode, rather than unknown.
    package let projectNames: Set<String>

    package init(assignments: [BuildSettingAssignment], conditions: BuildConditions, projectNames: Set<String> = []) {
        self.assignments = assignments
        self.conditions = conditions
        self.projectNames = projectNames
    }

    /// The resolved value of `key`, or nil when nothing sets it.
    package func resolved(_ key: String) -> ResolvedSetting? {
        guard let index = lastIndex(of: key, before: assignments.count) else { return nil }
        var expansion = Expansion(visiting: [key])
        let value = expand(assignments[index].value, key: key, position: index, &expansion, depth: 0)
        var seen: Set<String> = []
        let unique = expansion.unresolved.filter { seen.insert($0).inserted }
        return ResolvedSetting(
            value: value, location: assignments[index].location, unresolved: unique.filter { !projectNames.contains($0) },
            empty: unique.filter { projectNames.contains($0) }, written: assignments[index].value)
    }

    /// The value of `key`, resolved, or nil when nothing sets it or it refers to a variable
    /// nothing sets.
    package func value(_ key: String) -> String? {
        guard let setting = resolved(key), setting.unresolved.isEmpty else { return nil }
        return setting.value
    }

    /// Whether a YES/NO setting is YES.
    package func isYes(_ key: String) -> Bool { value(key).map { ["YES", "yes", "true", "1"].contains($0) } ?? false }

    /// Every key set, sorted.
    package var keys: [String] { Array(Set(assignments.filter { conditions.matches($0) }.map(\.key))).sorted() }

    private func lastIndex(of key: String, before end: Int) -> Int? {
        var index = end - 1
        while index >= 0 {
            if assignments[index].key == key, conditions.matches(assignments[index]) { return index }
            index -= 1
        }
        return nil
    }

    /// Expands the references of `text`, the value of `key` set at `position`.
    /// What one resolution has met: the names nothing sets, the names being expanded (a name
    /// that refers to itself is not expanded again), and how much text it may still produce.
    struct Expansion {
        var unresolved: [String] = []
        var visiting: Set<String>
        /// References left before the value is given up: `A = $(B)$(B)`, `B = $(C)$(C)`, ...
        /// doubles at each step, and a project file is not trusted to stop.
        var references = 10_000
    }

    /// The most characters a resolved value may have.
    static let maximumLength = 65_536

    private func expand(_ text: String, key: String, position: Int, _ expansion: inout Expansion, depth: Int) -> String {
        guard depth < 32, text.contains("$") else { return text }
        var output = ""
        var characters = Substring(text)
        while let dollar = characters.firstIndex(of: "$") {
            output += characters[..<dollar]
            let after = characters.index(after: dollar)
            // `$NAME`, without brackets: Xcode reads it as `$(NAME)` (its own EXECUTABLE_NAME
            // default is written so).
            if after < characters.endIndex, Self.startsName(characters[after]) {
                let end = characters[after...].firstIndex { !Self.continuesName($0) } ?? characters.endIndex
                expansion.references -= 1
                guard expansion.references > 0, output.utf8.count <= Self.maximumLength else {
                    expansion.unresolved.append("(a value over \(Self.maximumLength) characters or 10,000 references)")
                    return output
                }
                output += reference(String(characters[after..<end]), key: key, position: position, &expansion, depth: depth)
                characters = characters[end...]
                continue
            }
            guard after < characters.endIndex, let close = Self.closing(of: characters[after]) else {
                output += "$"
                characters = characters[after...]
                continue
            }
            // The reference's body, up to its balanced closing bracket.
            var level = 0
            var end: Substring.Index?
            var index = characters.index(after: after)
            while index < characters.endIndex {
                let character = characters[index]
                if character == characters[after] { level += 1 }
                if character == close {
                    if level == 0 {
                        end = index
                        break
                    }
                    level -= 1
                }
                index = characters.index(after: index)
            }
            guard let end else {
                output += characters[dollar...]
                characters = characters[characters.endIndex...]
                break
            }
            let body = String(characters[characters.index(after: after)..<end])
            expansion.references -= 1
            guard expansion.references > 0, output.utf8.count <= Self.maximumLength else {
                expansion.unresolved.append("(a value over \(Self.maximumLength) characters or 10,000 references)")
                return output
            }
            output += reference(body, key: key, position: position, &expansion, depth: depth)
            characters = characters[characters.index(after: end)...]
        }
        return output + characters
    }

    private static func startsName(_ character: Character) -> Bool { character == "_" || (character.isASCII && character.isLetter) }
    private static func continuesName(_ character: Character) -> Bool { startsName(character) || (character.isASCII && character.isNumber) }

    private static func closing(of opening: Character) -> Character? {
        switch opening {
        case "(": ")"
        case "{": "}"
        default: nil
        }
    }

    /// The value of one reference's body: `NAME`, `NAME:op:op`, `inherited`.
    private func reference(_ body: String, key: String, position: Int, _ expansion: inout Expansion, depth: Int) -> String {
        // The name may itself hold references: $(FOO_$(CONFIGURATION)).
        let parts = Self.splitOperators(body)
        let name = expand(parts[0], key: key, position: position, &expansion, depth: depth + 1)
        var value: String
        var isSet = true
        // A setting that names itself (`DEVELOPMENT_TEAM = $(DEVELOPMENT_TEAM)` at the target)
        // means the value below it, as `$(inherited)` does.
        if name == "inherited" || name == key {
            if let earlier = lastIndex(of: key, before: position) {
                value = expand(assignments[earlier].value, key: key, position: earlier, &expansion, depth: depth + 1)
            } else {
                value = ""
            }
        } else if let index = lastIndex(of: name, before: assignments.count), !expansion.visiting.contains(name) {
            expansion.visiting.insert(name)
            value = expand(assignments[index].value, key: name, position: index, &expansion, depth: depth + 1)
            expansion.visiting.remove(name)
        } else {
            value = ""
            isSet = false
        }
        var defaulted = false
        for operation in parts.dropFirst() {
            if operation.hasPrefix("default=") {
                if value.isEmpty {
                    value = expand(String(operation.dropFirst("default=".count)), key: key, position: position, &expansion, depth: depth + 1)
                    defaulted = true
                }
                continue
            }
            guard let applied = Self.apply(operation, to: value) else {
                expansion.unresolved.append("\(name):\(operation)")
                continue
            }
            value = applied
        }
        if !isSet && !defaulted { expansion.unresolved.append(name) }
        return value
    }

    /// `NAME:op:default=a:b` split at the colons outside nested references.
    private static func splitOperators(_ body: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var level = 0
        for character in body {
            if character == "(" || character == "{" { level += 1 }
            if character == ")" || character == "}" { level -= 1 }
            if character == ":", level == 0, !current.hasPrefix("default=") {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// The operators of a reference Proctor applies (`$(PRODUCT_NAME:rfc1034identifier)`); nil for
    /// another.
    static func apply(_ operation: String, to value: String) -> String? {
        switch operation {
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "c99extidentifier", "identifier":
            var result = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
            if let first = result.first, first.isNumber { result = "_" + result }
            return result
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "quote": return value.contains(" ") ? "\"\(value)\"" : value
        case "base":
            let file = (value as NSString).lastPathComponent
            return (file as NSString).deletingPathExtension
        case "file": return (value as NSString).lastPathComponent
        case "dir": return (value as NSString).deletingLastPathComponent
        case "suffix":
            let ext = (value as NSString).pathExtension
            return ext.isEmpty ? "" : "." + ext
        case "standardizepath": return (value as NSString).standardizingPath
        default: return nil
        }
    }
}
