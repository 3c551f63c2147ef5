import Foundation
import ProctorCore

/// Everything a reporter needs, independent of how it was produced (lint, run or conformance).
///
/// A suite is one input file (lint) or one case file (conformance); its test cases are one per
/// evaluated (file, rule) for lint, one per case for conformance. The JSON report counts them;
/// JUnit lists them, or for lint and scan by default one case per file (``JUnitCases``).
package struct RunReport: Sendable {
    /// The version of the JSON report's layout; it changes only when a field changes meaning.
    package static let schemaVersion = 2

    package var command: String
    /// The run's clock: `--now`, or the wall clock when not pinned.
    package var timestamp: Date
    package var strict: Bool
    /// Every rule Proctor knows, for SARIF's rule metadata.
    package var rules: [any ReportedCheck]
    /// The run's own kinds of check besides the rules (a scenario's expectations and launches):
    /// a failed test case whose type is one of these, at a location, is a SARIF result too.
    package var checks: [any ReportedCheck]
    package var suites: [Suite]
    /// `.json` files a walk met that hold no payload of any kind (asset catalogs, package
    /// manifests): left out, and counted so that a clean run over a repository says what it
    /// did not read.
    package var noPayloadFiles = 0
    /// What the run found to judge, by kind (`14 donations`, `22 Info.plists`), so that a clean
    /// run that read nothing of the app's reads differently from one that judged everything.
    /// Empty for `run` and `conformance`, whose cases say it.
    package var judged: [Tally] = []

    /// How many things of one kind a run judged.
    package struct Tally: Sendable, Equatable {
        /// The JSON report's key (`donations`, `webPages`).
        package var key: String
        /// One of them, and several, as the text summary says them.
        package var singular: String
        package var plural: String
        package var count: Int

        package init(key: String, singular: String, plural: String, count: Int) {
            self.key = key
            self.singular = singular
            self.plural = plural
            self.count = count
        }

        /// `1 donation`, `14 donations`.
        package var phrase: String { "\(count) \(count == 1 ? singular : plural)" }
    }

    /// Whether the report's failed test cases are checks a person reads one by one (a scenario's
    /// expectations, a conformance case). `lint` and `scan` report findings, whose cases are only
    /// each file's rules: the findings say it all.
    package var listsChecks: Bool { command != "lint" && command != "scan" }

    package init(
        command: String, timestamp: Date, strict: Bool, rules: [any ReportedCheck], checks: [any ReportedCheck] = [], suites: [Suite]
    ) {
        self.command = command
        self.timestamp = timestamp
        self.strict = strict
        self.rules = rules
        self.checks = checks
        self.suites = suites
    }

    package struct Suite: Sendable {
        package var name: String
        package var inputErrors: [InputError]
        package var diagnostics: [Diagnostic]
        package var findings: [Finding]
        /// What happened while a scenario was played, when the run recorded it (a `proctor run`
        /// with an HTML report); nil otherwise.
        package var timeline: Timeline?

        /// The suite's test cases. A run with few cases stores them; a lint run, with one case
        /// per file and rule (1.4 million for 10,000 files), gives a recipe instead, made only by the
        /// reports that list cases: the text report of a clean run makes none, and the JSON
        /// report and JUnit's per-file form ask only for the cases that did not pass
        /// (``failingCases()``).
        /// Read it once per use: a recipe is made anew on every read.
        package var cases: [TestCase] {
            get { storedCases ?? makeCases?(.all).cases ?? [] }
            set {
                storedCases = newValue
                makeCases = nil
                knownFailure = nil
            }
        }
        private var storedCases: [TestCase]?
        private var makeCases: (@Sendable (CaseList.Selection) -> CaseList)?
        private var knownFailure: Bool?

        /// Whether a case failed, without making the cases of a recipe.
        package var hasFailedCase: Bool { knownFailure ?? cases.contains { $0.outcome.isFailure } }

        /// The cases that failed or errored, and how many cases ended each way; a recipe makes
        /// no passed or skipped case for it.
        package func failingCases() -> CaseList {
            if let makeCases { return makeCases(.failing) }
            var list = CaseList(.failing)
            for testCase in storedCases ?? [] { list.add(testCase) }
            return list
        }

        package init(
            name: String, inputErrors: [InputError] = [], diagnostics: [Diagnostic] = [], findings: [Finding] = [], cases: [TestCase] = [],
            timeline: Timeline? = nil
        ) {
            self.name = name
            self.inputErrors = inputErrors
            self.diagnostics = diagnostics
            self.findings = findings
            self.storedCases = cases
            self.timeline = timeline
        }

        /// A suite whose cases are made when a report lists them; `failedCase` says whether one
        /// of them fails, as they would. The recipe adds every case to a ``CaseList`` of the
        /// selection it is given, which keeps or only counts each.
        package init(
            name: String, inputErrors: [InputError] = [], diagnostics: [Diagnostic] = [], findings: [Finding] = [], failedCase: Bool,
            cases: @escaping @Sendable (CaseList.Selection) -> CaseList
        ) {
            self.name = name
            self.inputErrors = inputErrors
            self.diagnostics = diagnostics
            self.findings = findings
            self.makeCases = cases
            self.knownFailure = failedCase
        }
    }

    /// Test cases as a report asks for them: all, or only those that failed or errored, with a
    /// count of every outcome either way.
    package struct CaseList: Sendable {
        package enum Selection: Sendable {
            case all
            /// Failed and errored cases; passed and skipped ones are only counted.
            case failing
        }

        package let selection: Selection
        package private(set) var cases: [TestCase] = []
        package private(set) var passed = 0
        package private(set) var failed = 0
        package private(set) var errored = 0
        package private(set) var skipped = 0
        /// Why the first skipped case was skipped, kept in either selection: the JUnit report
        /// gives it when a whole file could not be judged.
        package private(set) var firstSkipReason: String?
        package var total: Int { passed + failed + errored + skipped }

        package init(_ selection: Selection) {
            self.selection = selection
        }

        /// Counts `testCase`, and keeps it when the selection lists it.
        package mutating func add(_ testCase: TestCase) {
            switch testCase.outcome {
            case .passed:
                passed += 1
                if selection == .all { cases.append(testCase) }
            case .skipped(let reason):
                skipped += 1
                if firstSkipReason == nil { firstSkipReason = reason }
                if selection == .all { cases.append(testCase) }
            case .failed:
                failed += 1
                cases.append(testCase)
            case .errored:
                errored += 1
                cases.append(testCase)
            }
        }

        /// Counts a passed case, making it only when the selection lists it: lint's hot path.
        package mutating func addPassed(classname: String, name: String) {
            passed += 1
            if selection == .all { cases.append(TestCase(classname: classname, name: name, outcome: .passed)) }
        }
    }

    package struct TestCase: Sendable {
        package enum Outcome: Sendable, Equatable {
            case passed
            /// The check ran and found a problem (a rule's error finding, a failed expectation).
            case failed(type: String, message: String, details: String)
            /// The check could not run (unreadable or invalid input).
            case errored(type: String, message: String, details: String)
            case skipped(reason: String)

            package var isFailure: Bool { if case .failed = self { true } else { false } }
            package var isError: Bool { if case .errored = self { true } else { false } }
            package var isSkipped: Bool { if case .skipped = self { true } else { false } }
        }

        package var classname: String
        package var name: String
        package var outcome: Outcome
        /// Where the checked thing is written (a scenario step); reports that can point at a
        /// line use it.
        package var location: SourceLocation?

        package init(classname: String, name: String, outcome: Outcome, location: SourceLocation? = nil) {
            self.classname = classname
            self.name = name
            self.outcome = outcome
            self.location = location
        }
    }

    /// Whether a finding of this severity fails the run.
    package func fails(_ severity: Severity) -> Bool {
        severity.failsRun(strict: strict)
    }

    package var allInputErrors: [InputError] { suites.flatMap(\.inputErrors) }
    package var allDiagnostics: [Diagnostic] { suites.flatMap(\.diagnostics) }
    package var allFindings: [Finding] { suites.flatMap(\.findings) }

    /// The exit code this run earns; see docs/cli.md. Input problems win over findings.
    package var exitCode: ExitStatus {
        if !allInputErrors.isEmpty || allDiagnostics.contains(where: { $0.severity == .error }) {
            return .inputError
        }
        if allFindings.contains(where: { $0.suppression == nil && fails($0.severity) })
            || allDiagnostics.contains(where: { fails($0.severity) })
            || suites.contains(where: \.hasFailedCase)
        {
            return .problemsFound
        }
        return .success
    }
}

/// Exit codes, one meaning each.
package enum ExitStatus: Int32, Sendable {
    /// Every input was read and nothing fails the run.
    case success = 0
    /// Error findings or failed cases (warnings too under --strict).
    case problemsFound = 1
    /// Some input could not be read, parsed or decoded; the rest was still checked.
    case inputError = 2
}

extension RunReport {
    /// One report of several runs of one command (`proctor lint` of a configuration's projects):
    /// their suites in path order, each rule and check listed once (the first run's metadata for
    /// a rule several runs judged), the first run's command, clock and strictness.
    package static func merging(_ reports: [RunReport]) -> RunReport? {
        guard var merged = reports.first else { return nil }
        var rules = Set(merged.rules.map(\.id))
        var checks = Set(merged.checks.map(\.id))
        for report in reports.dropFirst() {
            merged.rules += report.rules.filter { rules.insert($0.id).inserted }
            merged.checks += report.checks.filter { checks.insert($0.id).inserted }
            merged.suites += report.suites
            merged.noPayloadFiles += report.noPayloadFiles
            for tally in report.judged {
                if let index = merged.judged.firstIndex(where: { $0.key == tally.key }) {
                    merged.judged[index].count += tally.count
                } else {
                    merged.judged.append(tally)
                }
            }
        }
        merged.rules.sort { $0.id < $1.id }
        // Stable: a file in two projects keeps both suites, in project order.
        let indexed = merged.suites.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
        merged.suites = indexed.map(\.element)
        return merged
    }
}
