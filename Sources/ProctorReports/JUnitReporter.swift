import ProctorCore

/// JUnit XML that validates against both the Jenkins xunit schema (junit-10.xsd) and the strict
/// Ant schema (windyroad JUnit.xsd), and that GitLab, junitparser and the GitHub Actions JUnit
/// actions read.
///
/// Mapping (docs/reports.md): `<testsuites>` with no attributes (the Ant schema allows none);
/// one `<testsuite>` per suite with the required `package`, `id`, `hostname` and a zone-less
/// `timestamp`; one `<testcase>` per case with a unique classname and name. Warnings and notes
/// that do not fail the run go to the suite's `<system-out>`, because the Ant schema allows no
/// output inside a test case. Durations are 0: reports are deterministic. It is written as a
/// stream, a suite at a time: a lint of 10,000 files lists 480,000 cases.
enum JUnitReporter {
    static func write(_ report: RunReport, to output: inout ReportOutput) {
        var xml = XMLWriter(output: output)
        xml.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        xml.open("testsuites")
        let timestamp = String(DateFormat.format(report.timestamp).dropLast())  // no zone: the Ant schema forbids it
        for (index, suite) in report.suites.enumerated() {
            let cases = suite.cases
            let failures = cases.filter(\.outcome.isFailure).count
            let errors = cases.filter(\.outcome.isError).count
            let skipped = cases.filter(\.outcome.isSkipped).count
            xml.open("testsuite", [
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
            let quiet = suite.diagnostics.filter { !report.fails($0.severity) && $0.severity != .error }
                .map { $0.compilerLine() }
                + suite.findings.filter { $0.suppression != nil || !report.fails($0.severity) }
                .map { $0.compilerLine() }
            xml.element("system-out", [], text: quiet.joined(separator: "\n"))
            xml.element("system-err", [], text: "")
            xml.close("testsuite")
        }
        xml.close("testsuites")
        output = xml.output
    }

    /// The failure body starts with `path:line:col` when the case has a location: the Ant schema
    /// has no attribute for it, and CI pages show the body.
    private static func located(_ details: String, _ testCase: RunReport.TestCase) -> String {
        guard let location = testCase.location, !details.hasPrefix(location.compilerStyle) else { return details }
        return location.compilerStyle + "\n" + details
    }
}
