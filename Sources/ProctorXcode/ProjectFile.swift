import Foundation
import ProctorCore

/// A `project.pbxproj`, read: its objects by identifier, and the line each object is written on,
/// for located notes.
///
/// The file is an old-style (OpenStep) property list. Foundation's `PropertyListSerialization`
/// reads that format on Linux as on macOS; this is the one type that calls it for a project, so
/// a parse failure becomes one located error here. Foundation keeps no positions, so the lines of
/// object definitions and of build settings are found in the text (``line(ofObject:)``,
/// ``line(ofSetting:inObject:)``).
package struct ProjectFile: Sendable {
    /// The project file as it is named in messages (`App.xcodeproj/project.pbxproj`).
    package let displayPath: String
    /// Every object of the project, by its identifier; values are `String`, `[Any]` or
    /// `[String: Any]` as Foundation reads them, kept as ``Value``.
    package let objects: [String: [String: Value]]
    /// The identifier of the `PBXProject` object.
    package let rootObject: String
    private let lines: [Substring]
    private let objectLines: [String: Int]

    /// A value of an old-style property list: a string, an array or a dictionary.
    package indirect enum Value: Sendable, Equatable {
        case string(String)
        case array([Value])
        case dictionary([String: Value])

        init?(_ any: Any) {
            switch any {
            case let text as String: self = .string(text)
            case let array as [Any]: self = .array(array.compactMap(Value.init))
            case let dictionary as [String: Any]: self = .dictionary(dictionary.compactMapValues(Value.init))
            case let data as Data: self = .string(data.map { String(format: "%02x", $0) }.joined())
            default: return nil
            }
        }

        package var string: String? { if case .string(let text) = self { text } else { nil } }
        package var array: [Value]? { if case .array(let array) = self { array } else { nil } }
        package var dictionary: [String: Value]? { if case .dictionary(let dictionary) = self { dictionary } else { nil } }
        /// The strings of an array value (object references, paths).
        package var strings: [String] { array?.compactMap(\.string) ?? [] }
    }

    package static let invalid = ProblemCode("xcode_project_invalid", summary: "An Xcode project file (project.pbxproj) could not be read.")

    /// Reads the bytes of a project.pbxproj.
    package static func read(bytes: [UInt8], displayPath: String) -> Result<ProjectFile, InputError> {
        func failure(_ message: String, line: Int?) -> Result<ProjectFile, InputError> {
            .failure(InputError(code: invalid, message: message, location: SourceLocation(file: displayPath, line: line)))
        }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not a property list"
            let line = reason.range(of: "line ").flatMap { Int(reason[$0.upperBound...].prefix { $0.isNumber }) }
            return failure("the Xcode project is not a property list Foundation reads: \(Self.shortened(reason))", line: line ?? 1)
        }
        guard let root = parsed as? [String: Any] else { return failure("the Xcode project is not a dictionary of objects", line: 1) }
        guard let objects = root["objects"] as? [String: Any] else { return failure("the Xcode project has no 'objects'", line: 1) }
        guard let rootObject = root["rootObject"] as? String, objects[rootObject] != nil else {
            return failure("the Xcode project's rootObject names no object", line: 1)
        }
        var typed: [String: [String: Value]] = [:]
        for (identifier, object) in objects {
            if let dictionary = object as? [String: Any] { typed[identifier] = dictionary.compactMapValues(Value.init) }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return .success(
            ProjectFile(displayPath: displayPath, objects: typed, rootObject: rootObject, lines: lines, objectLines: Self.definitions(in: lines)))
    }

    /// The line each object is defined on: `ID /* comment */ = {`, the first such line.
    private static func definitions(in lines: [Substring]) -> [String: Int] {
        var found: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let identifier = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !identifier.isEmpty else { continue }
            var rest = trimmed.dropFirst(identifier.count).drop { $0 == " " }
            if rest.hasPrefix("/*"), let end = rest.range(of: "*/") { rest = rest[end.upperBound...].drop { $0 == " " } }
            guard rest.hasPrefix("="), rest.dropFirst().drop(while: { $0 == " " }).hasPrefix("{") else { continue }
            if found[String(identifier)] == nil { found[String(identifier)] = index + 1 }
        }
        return found
    }

    /// The line an object is defined on, when it can be found in the text.
    package func line(ofObject identifier: String) -> Int? { objectLines[identifier] }

    /// Where an object is defined, as a location in this file.
    package func location(ofObject identifier: String) -> SourceLocation {
        SourceLocation(file: displayPath, line: line(ofObject: identifier))
    }

    /// The line of `KEY = ...` (or `"KEY[sdk=...]" = ...`) inside the object `identifier`
    /// (a build configuration), searched from the object's first line to the next object's.
    package func line(ofSetting key: String, inObject identifier: String) -> Int? {
        guard let start = objectLines[identifier] else { return nil }
        var index = start
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("};") && lines[index].prefix(while: { $0 == "\t" }).count <= 2 { break }
            let name = trimmed.hasPrefix("\"") ? trimmed.dropFirst() : trimmed
            if name.hasPrefix(key), let next = name.dropFirst(key.count).first, [" ", "=", "[", "\""].contains(next) { return index + 1 }
            index += 1
        }
        return nil
    }

    /// The object `identifier`, or nil when the project names an object it does not hold.
    package subscript(_ identifier: String) -> [String: Value]? { objects[identifier] }

    /// The `isa` of an object.
    package func isa(_ identifier: String) -> String? { objects[identifier]?["isa"]?.string }

    static func shortened(_ reason: String) -> String {
        let cut = reason.count > 200 ? String(reason.prefix(200)) + "…" : reason
        return VisibleText.escaped(cut)
    }
}
