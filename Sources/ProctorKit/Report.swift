import ProctorCore
import ProctorReports

/// What a check found: the findings of Proctor's rules, the problems with the input itself, and
/// for a scenario the outcome of each of its checks.
///
/// A report is a value: compare it, filter it, assert on it. ``passed`` is what `proctor` turns
/// into its exit code.
public struct Report: Sendable, Hashable {
    /// The rules' findings, in file, line and column order.
    public var findings: [Finding]
    /// Input that could not be read, parsed or decoded, and decoding warnings (an unknown key).
    /// An error here means the input was not, or not wholly, checked.
    public var problems: [Problem]
    /// A scenario's checks (its expectations and launches), in the order it plays them; empty
    /// for a lint.
    public var checks: [Check]
    /// Whether warnings fail the run too (`strict` in ``Proctor/init(app:now:strict:)``).
    public var strict: Bool
    /// What `proctor` would exit with: 0 when nothing fails, 1 for findings or failed checks
    /// that fail the run, 2 when some input could not be read or decoded.
    public var exitCode: Int32

    /// Whether nothing fails the run: no ``Problem`` of severity error (nor a warning, when
    /// strict), no error finding (nor a warning, when strict) that is not ignored, and no failed
    /// check.
    public var passed: Bool { exitCode == 0 }

    /// The findings of one rule, such as `"activity_type_declared"`.
    public func findings(of ruleID: String) -> [Finding] {
        findings.filter { $0.ruleID == ruleID }
    }

    init(_ report: RunReport) {
        findings = report.allFindings.sorted { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }.map(Finding.init)
        problems =
            (report.allInputErrors.map { Problem(code: $0.code.rawValue, severity: .error, message: $0.message, location: Location($0.location)) }
            + report.allDiagnostics.map {
                Problem(code: $0.code.rawValue, severity: Severity($0.severity), message: $0.message, location: Location($0.location))
            })
            .sorted { ($0.location, $0.code) < ($1.location, $1.code) }
        checks = report.listsChecks ? report.suites.flatMap { suite in suite.cases.map(Check.init) } : []
        strict = report.strict
        exitCode = report.exitCode.rawValue
    }
}

/// How much a finding or problem matters. An error fails the run; a warning fails it only when
/// strict; a note never does.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Worth knowing; never fails a run.
    case note
    /// What Apple recommends; fails a run only when strict.
    case warning
    /// What Apple documents as required, or what breaks the feature; fails the run.
    case error

    init(_ severity: ProctorCore.Severity) {
        switch severity {
        case .note: self = .note
        case .warning: self = .warning
        case .error: self = .error
        }
    }

    /// Note, then warning, then error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where something is written: the file (as it was named), the 1-based line and column when
/// known, and the RFC 6901 JSON Pointer of the value, which stays right when the file is
/// reformatted.
public struct Location: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file as it was named (a path, or the name given to in-memory input).
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, in characters, when known.
    public var column: Int?
    /// The JSON Pointer of the value, such as `/userActivity/title`; `""` is the whole document,
    /// nil when the input is not JSON.
    public var pointer: String?

    /// A location; give what is known.
    public init(file: String, line: Int? = nil, column: Int? = nil, pointer: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    init(_ location: ProctorCore.SourceLocation) {
        self.init(file: location.file, line: location.line, column: location.column, pointer: location.pointer)
    }

    /// `file:line:column`, as compilers print it. A control character in the file's name is
    /// shown as `\u{1B}`, as every report shows it, so the text stays one line.
    public var description: String {
        [ProctorCore.VisibleText.path(file), line.map(String.init), line == nil ? nil : column.map(String.init)].compactMap { $0 }.joined(
            separator: ":")
    }

    /// By file, then line, column and pointer: the order of every report.
    public static func < (lhs: Location, rhs: Location) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.column ?? 0, lhs.pointer ?? "") < (rhs.file, rhs.line ?? 0, rhs.column ?? 0, rhs.pointer ?? "")
    }
}

/// One rule's verdict on one place in the input.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// The rule, as `docs/rules/` and SARIF name it, such as `"required_user_info_keys_present"`.
    public var ruleID: String
    /// The rule's severity, or the one a project gave it.
    public var severity: Severity
    /// What is wrong and how to fix it. Its wording may improve between versions: assert on the
    /// rule, severity and location.
    public var message: String
    /// The value the finding is about.
    public var location: Location
    /// Why the finding does not fail the run although its severity would: a payload's own
    /// `"proctor": {"ignore": ...}`, or a scenario step that expects it. Nil for most findings.
    public var suppression: String?

    init(_ finding: ProctorCore.Finding) {
        ruleID = finding.ruleID
        severity = Severity(finding.severity)
        message = finding.message
        location = Location(finding.location)
        suppression = finding.suppression
    }

    /// `file:line:column: severity: message [rule]`, as `proctor lint` prints it: one line, with
    /// control characters from the input shown as `\u{1B}`.
    public var description: String {
        let shown = ProctorCore.VisibleText.escaped
        return "\(location): \(severity.rawValue): \(shown(message)) [\(ruleID)]" + (suppression.map { " (\(shown($0)))" } ?? "")
    }
}

/// A problem with the input itself rather than with what it says: JSON that does not parse, a
/// value of the wrong type, an unknown key, a file that cannot be read.
public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, such as `"type_mismatch"` or `"unknown_key"` (docs/input-format.md).
    public var code: String
    /// An error means the input, or part of it, was not checked; a warning (an unknown key)
    /// fails a run only when strict.
    public var severity: Severity
    /// What is wrong, such as `expected a string, found a number`.
    public var message: String
    /// Where it is, as precisely as the input allows.
    public var location: Location

    /// `file:line:column: severity: message [code]`, as the command prints it: one line, with
    /// control characters from the input shown as `\u{1B}`.
    public var description: String { "\(location): \(severity.rawValue): \(ProctorCore.VisibleText.escaped(message)) [\(code)]" }
}

/// One check of a scenario: an expectation or a launch, with how it ended.
public struct Check: Sendable, Hashable {
    /// How a check ended.
    public enum Outcome: Sendable, Hashable {
        /// The system did what the scenario expects.
        case passed
        /// The check ran and the system did not do what the scenario expects. `code` says how,
        /// and stays when the message is reworded: `missingUserInfo`, `noRoute`,
        /// `expectation_failed`... (docs/scenario-format.md).
        case failed(code: String, message: String)
        /// The check could not run: its input could not be read or decoded (`code` is the
        /// problem's, such as `scenario_missing_value`).
        case errored(code: String, message: String)
        /// The check did not run, and why.
        case skipped(reason: String)
    }

    /// The scenario's name.
    public var scenario: String
    /// The check's name, as reports list it (`step 3: expect suggestion`).
    public var name: String
    /// How it ended.
    public var outcome: Outcome
    /// The step in the scenario file, when the check has one.
    public var location: Location?

    init(_ testCase: RunReport.TestCase) {
        scenario = testCase.classname
        name = testCase.name
        switch testCase.outcome {
        case .passed: outcome = .passed
        case .failed(let code, let message, _): outcome = .failed(code: code, message: message)
        case .errored(let code, let message, _): outcome = .errored(code: code, message: message)
        case .skipped(let reason): outcome = .skipped(reason: reason)
        }
        location = testCase.location.map(Location.init)
    }
}
