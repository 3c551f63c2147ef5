import Foundation
import ProctorJSON

/// Reads typed values out of a located JSON tree for a decoder, and reports every problem at its
/// place: the one decoding layer under donation files, scenario files and every future JSON input.
///
/// A decoder keeps what is its own (which keys an object takes, what a value means); the reader
/// owns the rest, so that every input words a problem the same way and follows the same policy:
///
/// - **Severity** is the problem code's (`ProblemCode.severity`), never chosen at the call site.
/// - **Codes** come from the family of the document (``Codes``): `type_mismatch` in a payload,
///   `scenario_type_mismatch` in a scenario.
/// - **Unknown keys** are reported where they are written, with a suggestion for a likely typo.
///   In a payload the code is a warning: Apple's API would never see the key, so it is ignored
///   and the rest of the payload is still checked. In a file that defines a test (a scenario) it
///   is an error: a misspelt key would silently change what the test checks, so the message
///   lists the keys the object takes.
/// - **Locations** are computed from the offsets the parser recorded, when a problem is reported;
///   pointers are passed as autoclosures, so a value without a problem costs no pointer.
package struct JSONFieldReader {
    /// The codes a family of documents reports its problems under.
    package struct Codes: Sendable {
        package var typeMismatch: ProblemCode
        package var missingValue: ProblemCode
        package var invalidValue: ProblemCode
        package var unknownKey: ProblemCode

        package init(typeMismatch: ProblemCode, missingValue: ProblemCode, invalidValue: ProblemCode, unknownKey: ProblemCode) {
            self.typeMismatch = typeMismatch
            self.missingValue = missingValue
            self.invalidValue = invalidValue
            self.unknownKey = unknownKey
        }

        /// What the app hands the system: donations, and the payloads to come.
        package static let payload = Codes(
            typeMismatch: .typeMismatch, missingValue: .missingValue, invalidValue: .invalidValue, unknownKey: .unknownKey)
    }

    package let codes: Codes
    private let locate: (Int, JSONPointer) -> SourceLocation
    /// Every problem reported so far, in the order found.
    package private(set) var problems: [Diagnostic] = []
    /// How many of them are errors: a decoder compares it before and after a value to know
    /// whether the value can be used.
    package private(set) var errorCount = 0

    package init(codes: Codes, locate: @escaping (Int, JSONPointer) -> SourceLocation) {
        self.codes = codes
        self.locate = locate
    }

    // MARK: - Locations

    /// Where byte `offset` is, with the pointer of the value there: the location the reader
    /// gives its problems, for a decoder that records where something is written.
    package func location(offset: Int, pointer: JSONPointer) -> SourceLocation {
        locate(offset, pointer)
    }

    package func location(of node: JSONNode, _ pointer: JSONPointer) -> SourceLocation {
        locate(node.offset, pointer)
    }

    // MARK: - Reporting

    /// Reports a problem at byte `offset` (a value's or a key's), with its code's severity.
    package mutating func report(_ code: ProblemCode, _ message: String, offset: Int, pointer: JSONPointer) {
        if code.severity == .error { errorCount += 1 }
        problems.append(Diagnostic(code: code, severity: code.severity, message: message, location: locate(offset, pointer)))
    }

    /// Takes the problems another reader found in a file this document names (a scenario's
    /// routes file), each located in that file.
    package mutating func adopt(_ others: [Diagnostic]) {
        errorCount += others.filter { $0.severity == .error }.count
        problems += others
    }

    /// Reports a problem at `node`.
    package mutating func report(_ code: ProblemCode, _ message: String, _ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) {
        report(code, message, offset: node.offset, pointer: pointer())
    }

    /// A value that cannot be used although its type is right.
    package mutating func invalid(_ message: String, _ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) {
        report(codes.invalidValue, message, node, pointer())
    }

    /// `expected <expected> for '<name>', found <type>`; the name is the pointer's last token
    /// unless given (empty: no name).
    package mutating func mismatch(_ expected: String, for name: String? = nil, _ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) {
        let at = pointer()
        let name = name ?? at.tokens.last ?? ""
        let subject = name.isEmpty ? "" : " for '\(name)'"
        report(codes.typeMismatch, "expected \(expected)\(subject), found \(node.value.typeName)", offset: node.offset, pointer: at)
    }

    /// `missing <what>`, at the object that should hold it.
    package mutating func missing(_ what: String, _ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) {
        report(codes.missingValue, "missing \(what)", node, pointer())
    }

    /// A key the object does not take: see the type's documentation for the policy. `unmodelled`
    /// keys are real API that Proctor does not check yet, named as such.
    package mutating func unknownKey(
        _ member: JSONObject.Member, in owner: String, at pointer: JSONPointer, known: [String], unmodelled: Set<String> = []
    ) {
        let code = codes.unknownKey
        let message: String
        if unmodelled.contains(member.key) {
            message = "'\(member.key)' is not checked by Proctor yet; it is ignored"
        } else if code.severity < .error {
            message = "unknown key '\(member.key)' in \(owner) is ignored\(Suggestion.phrase(for: member.key, among: known))"
        } else {
            let takes = known.filter { $0 != "$schema" }.map { "'\($0)'" }.joined(separator: ", ")
            message = "unknown key '\(member.key)' in \(owner)\(Suggestion.phrase(for: member.key, among: known)); it takes \(takes)"
        }
        report(code, message, offset: member.keyOffset, pointer: pointer)
    }

    /// Reports every key of `object` that is not in `allowed`.
    package mutating func checkKeys(_ object: JSONObject, _ pointer: JSONPointer, allowed: [String], in owner: String) {
        for member in object.members where !allowed.contains(member.key) {
            unknownKey(member, in: owner, at: pointer.appending(member.key), known: allowed)
        }
    }

    // MARK: - Typed values

    /// An object; `what` names it in the message when the pointer's last token does not.
    package mutating func object(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer, what: String) -> JSONObject? {
        guard case .object(let object) = node.value else {
            let at = pointer()
            mismatch(at.tokens.last == what ? "an object" : "an object (\(what))", node, at)
            return nil
        }
        return object
    }

    package mutating func array(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> [JSONNode]? {
        guard case .array(let elements) = node.value else {
            mismatch("an array", node, pointer())
            return nil
        }
        return elements
    }

    package mutating func string(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> String? {
        guard case .string(let text) = node.value else {
            mismatch("a string", node, pointer())
            return nil
        }
        return text
    }

    /// An array of strings; nil when it is not one, each element that is not a string reported.
    package mutating func strings(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> [String]? {
        guard let elements = array(node, pointer()) else { return nil }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element.value else {
                let at = pointer()
                mismatch("a string", for: "\(at.tokens.last ?? "")[\(index)]", element, at.appending(index))
                continue
            }
            result.append(text)
        }
        return result.count == elements.count ? result : nil
    }

    /// A string that is not empty.
    package mutating func nonEmptyString(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> String? {
        guard let text = string(node, pointer()) else { return nil }
        guard !text.isEmpty else {
            invalid("'\(pointer().tokens.last ?? "")' must not be empty", node, pointer())
            return nil
        }
        return text
    }

    /// A string, or `null` for "no value": `.some(nil)`. Nil after a type mismatch.
    package mutating func nullableString(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> String?? {
        switch node.value {
        case .null: return .some(nil)
        case .string(let text): return .some(text)
        default:
            mismatch("a string or null", node, pointer())
            return nil
        }
    }

    package mutating func bool(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> Bool? {
        guard case .bool(let value) = node.value else {
            mismatch("a boolean", node, pointer())
            return nil
        }
        return value
    }

    package mutating func number(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer, expected: String = "a number") -> Double? {
        switch node.value {
        case .integer(let value): return Double(value)
        case .unsignedInteger(let value): return Double(value)
        case .double(let value): return value
        default:
            mismatch(expected, node, pointer())
            return nil
        }
    }

    /// A whole number that fits in 64 bits, exactly as written: a fraction or text is a type
    /// mismatch, a number too large an invalid value (never clamped, so messages quote what the
    /// user wrote).
    package mutating func wholeNumber(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> Int64? {
        switch node.value {
        case .integer(let value): return value
        case .unsignedInteger(let value):
            if let exact = Int64(exactly: value) { return exact }
            invalid("\(value) is too large", node, pointer())
            return nil
        default:
            mismatch("a whole number", node, pointer())
            return nil
        }
    }

    /// An RFC 3339 date with a time zone.
    package mutating func date(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> Date? {
        guard let text = string(node, pointer()) else { return nil }
        guard let date = DateFormat.parse(text) else {
            invalid(
                "'\(text)' is not an RFC 3339 (ISO 8601) date with a time zone, such as 2026-05-01T09:30:00Z or 2026-05-01T11:30:00+02:00",
                node, pointer())
            return nil
        }
        return date
    }

    /// Standard base64 (RFC 4648).
    package mutating func base64(_ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> Data? {
        guard let text = string(node, pointer()) else { return nil }
        guard let data = Data(base64Encoded: text) else {
            invalid("data must be written as standard base64 (RFC 4648)", node, pointer())
            return nil
        }
        return data
    }

    /// One of the raw values of `Choice`, with a suggestion for a likely typo.
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: JSONNode, _ pointer: @autoclosure () -> JSONPointer, _: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        guard let text = string(node, pointer()) else { return nil }
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            invalid(
                "'\(text)' is not one of \(names.map { "'\($0)'" }.joined(separator: ", "))\(Suggestion.phrase(for: text, among: names))", node,
                pointer())
            return nil
        }
        return value
    }

    /// The value of a key the object must have; `missing '<key>'` at the object when it has none.
    package mutating func required(_ object: JSONObject, _ key: String, _ owner: JSONNode, _ pointer: @autoclosure () -> JSONPointer) -> JSONNode? {
        if let member = object[key] { return member.value }
        missing("'\(key)'", owner, pointer())
        return nil
    }
}
