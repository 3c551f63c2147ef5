import Foundation
import ProctorCore

/// The machine-readable report: every problem with its location, every test case, and a
/// summary, behind a `schemaVersion` header. Keys are sorted, so output is byte-stable.
enum JSONReporter {
    struct Document: Encodable {
        var schemaVersion = RunReport.schemaVersion
        var tool: Tool
        var command: String
        var timestamp: String
        var strict: Bool
        var exitCode: Int32
        var summary: Summary
        var suites: [SuiteRecord]
    }

    struct Tool: Encodable {
        var name = "proctor"
        var version = ProctorVersion.current
    }

    struct Summary: Encodable {
        var suites: Int
        var errors: Int
        var warnings: Int
        var notes: Int
        var inputErrors: Int
        /// Findings a scenario expects: not counted in errors, warnings and notes.
        var expectedFindings: Int
        var cases: Int
        var failedCases: Int
    }

    struct SuiteRecord: Encodable {
        var name: String
        var inputErrors: [InputError]
        var diagnostics: [Diagnostic]
        var findings: [Finding]
        var cases: [CaseRecord]
    }

    struct CaseRecord: Encodable {
        var classname: String
        var name: String
        var outcome: String
        var type: String?
        var message: String?
        var details: String?
        var location: SourceLocation?
    }

    static func render(_ report: RunReport) -> String {
        let problems = report.allFindings.filter { $0.suppression == nil }.map(\.severity) + report.allDiagnostics.map(\.severity)
        var caseCount = 0
        var failedCount = 0
        let suites = report.suites.map { suite in
            let cases = suite.cases
            caseCount += cases.count
            failedCount += cases.filter { $0.outcome.isFailure || $0.outcome.isError }.count
            return SuiteRecord(
                name: suite.name, inputErrors: suite.inputErrors, diagnostics: suite.diagnostics, findings: suite.findings,
                cases: cases.map(record))
        }
        let document = Document(
            tool: Tool(), command: report.command, timestamp: DateFormat.format(report.timestamp), strict: report.strict,
            exitCode: report.exitCode.rawValue,
            summary: Summary(
                suites: report.suites.count, errors: problems.filter { $0 == .error }.count,
                warnings: problems.filter { $0 == .warning }.count, notes: problems.filter { $0 == .note }.count,
                inputErrors: report.allInputErrors.count, expectedFindings: report.allFindings.filter { $0.suppression != nil }.count, cases: caseCount,
                failedCases: failedCount),
            suites: suites)
        return encode(document)
    }

    private static func record(_ testCase: RunReport.TestCase) -> CaseRecord {
        var record = CaseRecord(classname: testCase.classname, name: testCase.name, outcome: "passed", location: testCase.location)
        switch testCase.outcome {
        case .passed: break
        case .failed(let type, let message, let details):
            (record.outcome, record.type, record.message, record.details) = ("failed", type, message, details)
        case .errored(let type, let message, let details):
            (record.outcome, record.type, record.message, record.details) = ("error", type, message, details)
        case .skipped(let reason):
            (record.outcome, record.message) = ("skipped", reason)
        }
        return record
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The version Proctor reports about itself.
public enum ProctorVersion {
    public static let current = "0.1.0"
}
