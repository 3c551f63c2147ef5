import ProctorCore

/// A lint or scan as JUnit in its default form (``JUnitCases/file``): one suite for the run, one
/// test case per input file. docs/reports.md describes the mapping.
///
/// A file's case fails with every problem that fails the run in its text, one compiler-style
/// line each (location, severity, message, rule); errors when the file could not be read or
/// decoded, with those problems first and then the failures of what could be read; is skipped
/// only when the file could not be judged at all (an entry the walk left out); and passes
/// otherwise, its warnings and notes in the suite's `<system-out>` (the Ant schema allows no
/// output inside a case). A case fails exactly when one of the file's per-rule cases would, so
/// the report agrees with the exit code, `--strict` included.
///
/// What the run checked stays visible in the suite's properties: how many rules it ran, how its
/// (file, rule) checks ended (the per-rule form's cases, which the JSON report counts), and what
/// it judged, by kind.
///
/// Why one suite and not one per file: a suite costs six elements besides its case (properties,
/// two property, system-out, system-err, itself), and self-managed GitLab refuses a report of
/// more than 250,000 elements; with one suite, a clean file costs one element.
enum JUnitFileCases {
    /// A problem a file's case states.
    private struct Problem {
        /// The rule's id or the problem's code: the failure's `type`.
        var type: String
        var location: SourceLocation?
        var message: String
        /// The line of the failure's text.
        var line: String
    }

    /// One file's case, decided before anything is written: the suite's counts come first.
    private struct FileCase {
        var name: String
        var outcome: RunReport.TestCase.Outcome
    }

    static func write(_ report: RunReport, to xml: inout XMLWriter) {
        var fileCases: [FileCase] = []
        fileCases.reserveCapacity(report.suites.count)
        var checks = (passed: 0, failed: 0, errored: 0, skipped: 0)
        for suite in report.suites {
            // The per-rule cases, made only when they fail: the others are counted.
            let list = suite.failingCases()
            checks.passed += list.passed
            checks.failed += list.failed
            checks.errored += list.errored
            checks.skipped += list.skipped
            // A suite without cases (the notes on a baseline's unused entries) is no input file.
            guard list.total > 0 else { continue }
            fileCases.append(FileCase(name: suite.name, outcome: outcome(of: suite, list, in: report)))
        }
        let command = "proctor.\(report.command)"
        xml.open(
            "testsuite",
            [
                ("name", "proctor \(report.command)"), ("package", command), ("id", "0"),
                ("timestamp", JUnitReporter.timestamp(of: report)), ("hostname", "localhost"), ("tests", String(fileCases.count)),
                ("failures", String(fileCases.count(where: \.outcome.isFailure))), ("errors", String(fileCases.count(where: \.outcome.isError))),
                ("skipped", String(fileCases.count(where: \.outcome.isSkipped))), ("time", "0"),
            ])
        xml.open("properties")
        let totalChecks = checks.passed + checks.failed + checks.errored + checks.skipped
        var properties = [
            ("proctor.version", ProctorVersion.current), ("proctor.strict", String(report.strict)), ("proctor.junit-cases", JUnitCases.file.rawValue),
            ("proctor.rules", String(report.rules.count)), ("proctor.checks", String(totalChecks)), ("proctor.checks.passed", String(checks.passed)),
            ("proctor.checks.failed", String(checks.failed)), ("proctor.checks.errored", String(checks.errored)),
            ("proctor.checks.skipped", String(checks.skipped)),
        ]
        properties += report.judged.map { ("proctor.judged.\($0.key)", String($0.count)) }
        for (name, value) in properties { xml.empty("property", [("name", name), ("value", value)]) }
        xml.close("properties")
        for fileCase in fileCases {
            xml.beginTag("testcase")
            xml.attribute("name", fileCase.name)
            xml.attribute("classname", command)
            xml.attribute("time", "0")
            switch fileCase.outcome {
            case .passed:
                xml.endEmptyTag()
                continue
            case .skipped(let reason):
                xml.endOpenTag()
                xml.empty("skipped", [("message", reason)])
            case .failed(let type, let message, let details):
                xml.endOpenTag()
                xml.element("failure", [("type", type), ("message", message)], text: details)
            case .errored(let type, let message, let details):
                xml.endOpenTag()
                xml.element("error", [("type", type), ("message", message)], text: details)
            }
            xml.close("testcase")
        }
        // Written as it is gathered, a file at a time: a run's warnings can be many.
        xml.openText("system-out")
        var first = true
        for suite in report.suites {
            for line in JUnitReporter.quietLines(of: suite, in: report) {
                if !first { xml.text("\n") }
                xml.text(line)
                first = false
            }
        }
        xml.closeText("system-out")
        xml.element("system-err", [], text: "")
        xml.close("testsuite")
    }

    /// How a file's case ends, from how its per-rule cases ended (`list`, which keeps the failed
    /// and errored ones) and the problems the suite holds.
    private static func outcome(of suite: RunReport.Suite, _ list: RunReport.CaseList, in report: RunReport) -> RunReport.TestCase.Outcome {
        if list.failed == 0 && list.errored == 0 {
            // Judged when any check ran: a file whose every rule was skipped was still read.
            if list.passed == 0 { return .skipped(reason: list.firstSkipReason ?? "not judged") }
            return .passed
        }
        let input =
            suite.inputErrors.map { Problem(type: $0.code.rawValue, location: $0.location, message: $0.message, line: $0.compilerLine()) }
            + suite.diagnostics.filter { $0.severity == .error }.map(problem)
        // A strict warning and a finding, in the order of the file's lines.
        let strictWarnings = suite.diagnostics.filter { $0.severity != .error && report.fails($0.severity) }.map { ($0.location, problem($0)) }
        let findings = suite.findings.filter { $0.suppression == nil && report.fails($0.severity) }.map { finding in
            (finding.location, Problem(type: finding.ruleID, location: finding.location, message: finding.message, line: finding.compilerLine()))
        }
        var failing = (strictWarnings + findings).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        if failing.isEmpty && list.failed > 0 {
            // Failures that are cases only, not problems of the file: a baseline entry that
            // matches no finding under --baseline-strict.
            failing = list.cases.compactMap { testCase in
                guard case .failed(let type, let message, let details) = testCase.outcome else { return nil }
                let at = testCase.location.map { $0.compilerStyle + ": " } ?? ""
                return Problem(
                    type: type, location: testCase.location, message: message, line: at + message + (details.isEmpty ? "" : "\n" + details))
            }
        }
        if list.errored > 0 {
            let stated = input.isEmpty ? erroredCases(list) : input
            return .errored(type: stated[0].type, message: summary(stated), details: (stated + failing).map(\.line).joined(separator: "\n"))
        }
        return .failed(type: failing.first?.type ?? "failed", message: summary(failing), details: failing.map(\.line).joined(separator: "\n"))
    }

    private static func problem(_ diagnostic: Diagnostic) -> Problem {
        Problem(type: diagnostic.code.rawValue, location: diagnostic.location, message: diagnostic.message, line: diagnostic.compilerLine())
    }

    /// The errored cases as problems, when the suite holds no input problem to state.
    private static func erroredCases(_ list: RunReport.CaseList) -> [Problem] {
        list.cases.compactMap { testCase in
            guard case .errored(let type, let message, let details) = testCase.outcome else { return nil }
            return Problem(type: type, location: testCase.location, message: message, line: JUnitReporter.located(details, testCase))
        }
    }

    /// The failure's `message`: the first problem, where it is, and how many more the text lists.
    private static func summary(_ problems: [Problem]) -> String {
        guard let first = problems.first else { return "failed" }
        let stated = (first.location.map { $0.compilerStyle + ": " } ?? "") + first.message
        return problems.count == 1 ? stated : "\(stated) (and \(problems.count - 1) more)"
    }
}
