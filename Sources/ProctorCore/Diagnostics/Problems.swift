import Foundation
import ProctorJSON

/// How serious a problem is. The raw values are SARIF's `level` values.
package enum Severity: String, Codable, Comparable, CaseIterable, Sendable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// Whether a problem of this severity fails a run: an error always, a warning under
    /// `--strict`, a note never. The one place this is decided: reports, test cases and the exit
    /// code all ask it.
    package func failsRun(strict: Bool) -> Bool {
        self == .error || (strict && self == .warning)
    }
}

/// Where a problem is: the file as the user named it, a 1-based line and column when known, and
/// the RFC 6901 JSON Pointer of the value (the canonical anchor; it survives reformatting).
package struct SourceLocation: Hashable, Encodable, Sendable, Comparable {
    package var file: String
    package var line: Int?
    package var column: Int?
    package var pointer: String?

    package init(file: String, line: Int? = nil, column: Int? = nil, pointer: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if (lhs.line ?? 0) != (rhs.line ?? 0) { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if (lhs.column ?? 0) != (rhs.column ?? 0) { return (lhs.column ?? 0) < (rhs.column ?? 0) }
        return (lhs.pointer ?? "") < (rhs.pointer ?? "")
    }

    /// The location of byte `offset` of `source`, with the pointer of the value there.
    package init(file: String, offset: Int, pointer: JSONPointer, in source: SourceText) {
        let position = source.position(ofOffset: offset)
        self.init(file: file, line: position.line, column: position.column, pointer: pointer.description)
    }

    /// `path:line:col`, as compilers print it; the parts that are unknown are left out. The path
    /// comes from the input, so it is shown as ``VisibleText/path(_:)`` shows it: one line, and
    /// no workflow command.
    package var compilerStyle: String {
        var text = VisibleText.path(file)
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}

/// An input that could not be read or parsed at all: a missing file, invalid JSON, a broken
/// property list. The input is not checked further; every other input still is.
package struct InputError: Error, Hashable, Encodable, Sendable {
    package var code: ProblemCode
    package var message: String
    package var location: SourceLocation

    package init(code: ProblemCode, message: String, location: SourceLocation) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// A JSON syntax error of `source`, located in `file`.
    package init(_ error: JSONInputError, in source: SourceText, file: String) {
        self.init(
            code: .json(error.code), message: error.message,
            location: SourceLocation(file: file, offset: error.offset, pointer: error.pointer, in: source))
    }
}

/// A problem found while mapping JSON onto Apple's vocabulary: an unknown key (warning, with a
/// suggestion), a value of the wrong type or an unreadable date (error). A donation with an
/// error-severity diagnostic is not checked by the rules, because its meaning is unknown.
package struct Diagnostic: Hashable, Encodable, Sendable {
    package var code: ProblemCode
    /// The code's severity, unless the stage that found the problem says otherwise.
    package var severity: Severity
    package var message: String
    package var location: SourceLocation

    package init(code: ProblemCode, severity: Severity, message: String, location: SourceLocation) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
    }
}

/// A rule's verdict on a donation.
package struct Finding: Hashable, Encodable, Sendable {
    private enum CodingKeys: String, CodingKey {
        case ruleID = "ruleId"  // SARIF's spelling, used by every report
        case severity, message, location, suppression
    }

    package var ruleID: String
    package var severity: Severity
    package var message: String
    package var location: SourceLocation
    /// Why the finding does not fail the run although its severity would, such as "expected by
    /// step 4" in a negative scenario; nil for an ordinary finding.
    package var suppression: String?
    /// How a baseline's suppressions begin (`in the baseline PATH`), for the reports that count
    /// them apart from a scenario's expected findings.
    package static let baselineSuppressionPrefix = "in the baseline "
    /// How a payload's own ignores begin (`ignored: REASON`).
    package static let ignoreSuppressionPrefix = "ignored: "

    package init(ruleID: String, severity: Severity, message: String, location: SourceLocation, suppression: String? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.suppression = suppression
    }
}

// MARK: - One line each, as compilers print problems

/// `path:line:col: severity: message [code]`, the line editors and CI log parsers understand.
/// Every report and test-case detail that lists problems writes them through here. It is one
/// line whatever the input holds: the path and the message quote it, so both are shown as
/// ``VisibleText`` shows them (test-case details join such lines with line breaks, which must
/// stay the only ones).
private func compilerLine(_ location: SourceLocation, _ severity: Severity, _ message: String, _ code: String) -> String {
    "\(location.compilerStyle): \(severity.rawValue): \(VisibleText.escaped(message)) [\(code)]"
}

extension InputError {
    package func compilerLine() -> String {
        ProctorCore.compilerLine(location, .error, message, code.rawValue)
    }
}

extension Diagnostic {
    package func compilerLine() -> String {
        ProctorCore.compilerLine(location, severity, message, code.rawValue)
    }
}

extension Finding {
    /// With the suppression, when there is one, after it: `... [rule_id] (expected by step 4)`.
    /// The suppression quotes input too (a payload's reason to ignore, a baseline's path).
    package func compilerLine() -> String {
        ProctorCore.compilerLine(location, severity, message, ruleID) + (suppression.map { " (\(VisibleText.escaped($0)))" } ?? "")
    }
}

/// The order every report lists problems in: by location, then code or rule, then message.
package func sortProblems(_ inputErrors: inout [InputError], _ diagnostics: inout [Diagnostic], _ findings: inout [Finding]) {
    inputErrors.sort { ($0.location, $0.code) < ($1.location, $1.code) }
    diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
    findings.sort { ($0.location, $0.ruleID, $0.message) < ($1.location, $1.ruleID, $1.message) }
}

/// A kind of problem that is not a rule's finding: why an input could not be read, parsed or
/// decoded, or a note about it. Each carries its stable identifier (what reports and conformance
/// vectors name), the severity its problems have, and a one-sentence summary that SARIF's
/// notification descriptors show. Each module declares its own codes as static members (the JSON
/// ones below, the scenario ones beside the scenario decoder), so a new kind of input adds codes
/// without touching this file, and every code reaches the reports typed, never as a bare string.
package struct ProblemCode: Hashable, Comparable, Sendable, Encodable, CustomStringConvertible {
    /// Stable forever, lower_snake_case, e.g. `json_trailing_comma`, `file_unreadable`.
    package let rawValue: String
    /// The severity its problems have; an input error is always an error.
    package let severity: Severity
    /// One sentence, ending with a period.
    package let summary: String

    package init(_ rawValue: String, severity: Severity = .error, summary: String) {
        self.rawValue = rawValue
        self.severity = severity
        self.summary = summary
    }

    package var description: String { rawValue }

    package static func == (lhs: ProblemCode, rhs: ProblemCode) -> Bool { lhs.rawValue == rhs.rawValue }
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    package static func < (lhs: ProblemCode, rhs: ProblemCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Encoded as its identifier, as every report writes it.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension ProblemCode {
    package static let fileUnreadable = ProblemCode("file_unreadable", summary: "An input file could not be read.")
    package static let fileTooLarge = ProblemCode("file_too_large", summary: "An input file is over the size limit.")
    /// A note: an entry a directory walk left out (a pipe or device, a second name for a file).
    package static let fileSkipped = ProblemCode(
        "file_skipped", severity: .note, summary: "A directory walk left an entry out (not a regular file, or a second name for a file).")
    /// A note: a link to a directory the walk had already entered, not followed again.
    package static let directoryRevisited = ProblemCode(
        "directory_revisited", severity: .note, summary: "A directory walk reached a directory it had already walked, and did not walk it again.")
    package static let noInputs = ProblemCode("no_inputs", summary: "No input files were found.")
    package static let propertyListInvalid = ProblemCode("plist_invalid", summary: "The Info.plist is not a valid property list.")
    package static let propertyListPreprocessed = ProblemCode(
        "plist_preprocessed", severity: .note,
        summary: "The Info.plist has C preprocessor lines Xcode resolves at build time; its facts are not read.")
    package static let conformanceCaseInvalid = ProblemCode("conformance_case_invalid", summary: "A conformance case file is not valid.")
    package static let unknownKey = ProblemCode(
        "unknown_key", severity: .warning, summary: "A key is not part of Apple's vocabulary for this object.")
    package static let typeMismatch = ProblemCode("type_mismatch", summary: "A value has the wrong JSON type.")
    package static let invalidValue = ProblemCode("invalid_value", summary: "A value cannot be read (a date, base64 data or a tag).")
    package static let missingValue = ProblemCode("missing_value", summary: "A required value is missing.")
    package static let unknownDonationKind = ProblemCode("unknown_donation_kind", summary: "A donation names a kind Proctor does not know.")
    package static let unresolvedBuildSetting = ProblemCode(
        "unresolved_build_setting", severity: .warning, summary: "An Info.plist value is an unexpanded build setting.")

    /// The code of a JSON syntax error.
    package static func json(_ code: JSONInputError.Code) -> ProblemCode {
        ProblemCode(code.rawValue, summary: "The input is not valid JSON (\(code.rawValue)).")
    }
}
