import Foundation
import ProctorCore

/// The machine-readable report: every problem with its location, the test cases that failed or
/// errored, how many cases ended each way, and a summary, behind a `schemaVersion` header. Keys
/// are sorted, so output is byte-stable.
///
/// Passed and skipped cases are counted, not listed (docs/reports.md says why; JUnit's per-rule
/// form lists them all): listed, they made 93 MB of a 10,000-file lint's report, and making them cost more than
/// the lint. It is written as a stream (``PrettyJSONWriter``), a suite at a time, in the layout
/// of `JSONEncoder`.
enum JSONReporter {
    static func write(_ report: RunReport, to output: inout ReportOutput) {
        var json = PrettyJSONWriter(output: output)
        json.beginObject()
        json.member("command", report.command)
        json.member("exitCode", Int(report.exitCode.rawValue))
        json.member("schemaVersion", RunReport.schemaVersion)
        json.member("strict", report.strict)
        json.key("suites")
        json.beginArray()
        var caseCount = 0
        var failedCount = 0
        var passedCount = 0
        var skippedCount = 0
        for suite in report.suites {
            let cases = suite.failingCases()
            caseCount += cases.total
            failedCount += cases.failed + cases.errored
            passedCount += cases.passed
            skippedCount += cases.skipped
            json.element()
            json.beginObject()
            json.member("cases", cases.cases, write)
            json.member("diagnostics", suite.diagnostics, write)
            json.member("findings", suite.findings, write)
            json.member("inputErrors", suite.inputErrors, write)
            json.member("name", suite.name)
            json.member("passedCases", cases.passed)
            json.member("skippedCases", cases.skipped)
            json.endObject()
        }
        json.endArray()

        let findings = report.allFindings
        let problems = findings.filter { $0.suppression == nil }.map(\.severity) + report.allDiagnostics.map(\.severity)
        json.key("summary")
        json.beginObject()
        let baselined = findings.filter { $0.suppression?.hasPrefix(Finding.baselineSuppressionPrefix) ?? false }.count
        json.member("baselineFindings", baselined)
        json.member("cases", caseCount)
        json.member("errors", problems.filter { $0 == .error }.count)
        // Findings a scenario expects: not counted in errors, warnings and notes.
        let ignored = findings.filter { $0.suppression?.hasPrefix(Finding.ignoreSuppressionPrefix) ?? false }.count
        json.member("expectedFindings", findings.filter { $0.suppression != nil }.count - baselined - ignored)
        json.member("failedCases", failedCount)
        json.member("ignoredFindings", ignored)
        json.member("inputErrors", report.allInputErrors.count)
        json.key("judged")
        json.beginObject()
        for tally in report.judged.sorted(by: { $0.key < $1.key }) { json.member(tally.key, tally.count) }
        json.endObject()
        json.member("noPayloadFiles", report.noPayloadFiles)
        json.member("notes", problems.filter { $0 == .note }.count)
        json.member("passedCases", passedCount)
        json.member("skippedCases", skippedCount)
        json.member("suites", report.suites.count)
        json.member("warnings", problems.filter { $0 == .warning }.count)
        json.endObject()
        json.member("timestamp", DateFormat.format(report.timestamp))
        json.key("tool")
        json.beginObject()
        json.member("name", "proctor")
        json.member("version", ProctorVersion.current)
        json.endObject()
        json.endObject()
        json.output.write("\n")
        output = json.output
    }

    // Each record below is written with its keys in the order `.sortedKeys` gives, leaving out
    // what is nil as the encoder's `encodeIfPresent` does; ReportTests compares them with
    // `JSONEncoder`'s output for the same values.

    static func write(_ testCase: RunReport.TestCase, to json: inout PrettyJSONWriter) {
        var outcome = "passed"
        var type: String?
        var message: String?
        var details: String?
        switch testCase.outcome {
        case .passed: break
        case .failed(let failureType, let failureMessage, let failureDetails):
            (outcome, type, message, details) = ("failed", failureType, failureMessage, failureDetails)
        case .errored(let errorType, let errorMessage, let errorDetails):
            (outcome, type, message, details) = ("error", errorType, errorMessage, errorDetails)
        case .skipped(let reason):
            (outcome, message) = ("skipped", reason)
        }
        json.beginObject()
        json.member("classname", testCase.classname)
        json.member("details", ifPresent: details)
        if let location = testCase.location {
            json.key("location")
            write(location, to: &json)
        }
        json.member("message", ifPresent: message)
        json.member("name", testCase.name)
        json.member("outcome", outcome)
        json.member("type", ifPresent: type)
        json.endObject()
    }

    static func write(_ location: SourceLocation, to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.member("column", ifPresent: location.column)
        json.member("file", location.file)
        json.member("line", ifPresent: location.line)
        json.member("pointer", ifPresent: location.pointer)
        json.endObject()
    }

    static func write(_ finding: Finding, to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.key("location")
        write(finding.location, to: &json)
        json.member("message", finding.message)
        json.member("ruleId", finding.ruleID)
        json.member("severity", finding.severity.rawValue)
        json.member("suppression", ifPresent: finding.suppression)
        json.endObject()
    }

    static func write(_ diagnostic: Diagnostic, to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.member("code", diagnostic.code.rawValue)
        json.key("location")
        write(diagnostic.location, to: &json)
        json.member("message", diagnostic.message)
        json.member("severity", diagnostic.severity.rawValue)
        json.endObject()
    }

    static func write(_ error: InputError, to json: inout PrettyJSONWriter) {
        json.beginObject()
        json.member("code", error.code.rawValue)
        json.key("location")
        write(error.location, to: &json)
        json.member("message", error.message)
        json.endObject()
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The version Proctor reports about itself.
package enum ProctorVersion {
    package static let current = "0.1.0"
}
