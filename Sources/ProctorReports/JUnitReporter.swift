import ProctorCore

/// How a lint or scan JUnit report lists its test cases: `--junit-cases`, `lint.junitCases`.
/// A scenario run and conformance list one case per expectation or case whatever this says.
package enum JUnitCases: String, CaseIterable, Sendable {
    /// One test case per input file (the default): failed with every problem that fails the run,
    /// errored when the file could not be read or decoded, skipped when it could not be judged.
    /// A 10,000-file lint lists 10,000 cases, well inside what CI servers parse.
    case file
    /// One test case per (file, rule) the run evaluated, plus each file's `input` case, for
    /// per-rule analytics: 139 cases for one donation file, 1.4 million for 10,000, past
    /// GitLab's limits.
    case rule
}

/// JUnit XML that validates against both the Jenkins xunit schema (junit-10.xsd) and the strict
/// Ant schema (windyroad JUnit.xsd), and that GitLab, junitparser and the GitHub Actions JUnit
/// actions read.
///
/// Mapping (docs/reports.md): `<testsuites>` with no attributes (the Ant schema allows none);
/// `<testsuite>`s with the required `package`, `id`, `hostname` and a zone-less `timestamp`;
/// `<testcase>`s with a unique classname and name. Lint and scan write one suite of one case per
/// file (``JUnitFileCases``) unless asked for a case per rule; the per-rule form, and every
/// scenario and conformance report, write one suite per file with its cases. Warnings and notes
/// that do not fail the run go to the suite's `<system-out>`, because the Ant schema allows no
/// output inside a test case. Durations are 0: reports are deterministic. It is written as a
/// stream, a suite at a time.
enum JUnitReporter {
    static func write(_ report: RunReport, to output: inout ReportOutput, cases: JUnitCases = .file) {
        var xml = XMLWriter(output: output)
        xml.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        xml.open("testsuites")
        if cases == .file && !report.listsChecks {
            JUnitFileCases.write(report, to: &xml)
        } else {
            writeSuites(report, to: &xml)
        }
        xml.close("testsuites")
        output = xml.output
    }

    /// The run's clock as the Ant schema wants it: no zone.
    static func timestamp(of report: RunReport) -> String {
        String(DateFormat.format(report.timestamp).dropLast())
    }

    /// What does not fail the run, for `<system-out>`: warnings and notes, accepted findings.
    static func quietLines(of suite: RunReport.Suite, in report: RunReport) -> [String] {
        suite.diagnostics.filter { !report.fails($0.severity) && $0.severity != .error }.map { $0.compilerLine() }
            + suite.findings.filter { $0.suppression != nil || !report.fails($0.severity) }.map { $0.compilerLine() }
    }

    /// One suite per suite of the report, each with its cases: a lint's per-rule form, a
    /// scenario run, conformance.
    private static func writeSuites(_ report: RunReport, to xml: inout XMLWriter) {
        let timestamp = timestamp(of: report)
        for (index, suite) in report.suites.enumerated() {
            let cases = suite.cases
            let failures = cases.filter(\.outcome.isFailure).count
            let errors = cases.filter(\.outcome.isError).count
            let skipped = cases.filter(\.outcome.isSkipped).count
            xml.open(
                "testsuite",
                [
                    ("name", suite.name), ("package", "proctor.\(report.command)"), ("id", String(index)),
                    ("timestamp", timestamp), ("hostname", "localhost"), ("tests", String(cases.count)),
                    ("failures", String(failures)), ("errors", String(errors)), ("skipped", String(skipped)), ("time", "0"),
                ])
            xml.open("properties")
            xml.empty("property", [("name", "proctor.version"), ("value", ProctorVersion.current)])
            xml.empty("property", [("name", "proctor.strict"), ("value", String(report.strict))])
            xml.close("properties")
            for testCase in cases {
                if case .passed = testCase.outcome {
                    xml.beginTag("testcase")
                    xml.attribute("name", testCase.name)
                    xml.attribute("classname", testCase.classname)
                    xml.attribute("time", "0")
                    xml.endEmptyTag()
                    continue
                }
                let attributes = [("name", testCase.name), ("classname", testCase.classname), ("time", "0")]
                switch testCase.outcome {
                case .passed:
                    break  // written above
                case .skipped(let reason):
                    xml.open("testcase", attributes)
                    xml.empty("skipped", [("message", reason)])
                    xml.close("testcase")
                case .failed(let type, let message, let details):
                    xml.open("testcase", attributes)
                    xml.element("failure", [("type", type), ("message", message)], text: located(details, testCase))
                    xml.close("testcase")
                case .errored(let type, let message, let details):
                    xml.open("testcase", attributes)
                    xml.element("error", [("type", type), ("message", message)], text: located(details, testCase))
                    xml.close("testcase")
                }
            }
            xml.element("system-out", [], text: quietLines(of: suite, in: report).joined(separator: "\n"))
            xml.element("system-err", [], text: "")
            xml.close("testsuite")
        }
    }

    /// The failure body starts with `path:line:col` when the case has a location: the Ant schema
    /// has no attribute for it, and CI pages show the body.
    static func located(_ details: String, _ testCase: RunReport.TestCase) -> String {
        guard let location = testCase.location, !details.hasPrefix(location.compilerStyle) else { return details }
        return location.compilerStyle + "\n" + details
    }
}
