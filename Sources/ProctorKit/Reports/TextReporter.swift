/// Compiler-style lines, `path:line:col: severity: message [id]`, sorted by location, then a
/// summary. Editors and CI log parsers that understand compiler output pick them up.
enum TextReporter {
    static func render(_ report: RunReport) -> String {
        var lines: [String] = []
        for suite in report.suites {
            var entries: [(SourceLocation, Int, String)] = []
            for error in suite.inputErrors {
                entries.append((error.location, 0, "\(error.location.compilerStyle): error: \(error.message) [\(error.code)]"))
            }
            for diagnostic in suite.diagnostics {
                entries.append((diagnostic.location, 1, "\(diagnostic.location.compilerStyle): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"))
            }
            for finding in suite.findings {
                entries.append((finding.location, 2, "\(finding.location.compilerStyle): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]"))
            }
            entries.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
            lines += entries.map(\.2)
            if report.command != "lint" {
                for testCase in suite.cases {
                    switch testCase.outcome {
                    case .failed(_, _, let details): lines.append("FAIL \(testCase.classname) :: \(testCase.name)\n" + indent(details))
                    case .errored(_, _, let details): lines.append("ERROR \(testCase.classname) :: \(testCase.name)\n" + indent(details))
                    case .passed, .skipped: break
                    }
                }
            }
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    static func summary(_ report: RunReport) -> String {
        let problems = report.allFindings.map(\.severity) + report.allDiagnostics.map(\.severity)
        let errors = problems.filter { $0 == .error }.count
        let warnings = problems.filter { $0 == .warning }.count
        let notes = problems.filter { $0 == .note }.count
        let unreadable = report.allInputErrors.count
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var text = "\(report.command): \(plural(report.suites.count, "file")), \(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(notes, "note"))"
        if unreadable > 0 { text += ", \(plural(unreadable, "input error"))" }
        let cases = report.suites.flatMap(\.cases)
        if report.command != "lint" {
            let failed = cases.filter { if case .failed = $0.outcome { true } else if case .errored = $0.outcome { true } else { false } }.count
            text += "; \(cases.count - failed) passed, \(failed) failed"
        }
        if report.strict { text += " (strict: warnings fail)" }
        return text
    }
}
