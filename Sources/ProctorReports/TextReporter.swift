import ProctorCore

/// Compiler-style lines, `path:line:col: severity: message [id]`, sorted by location, then a
/// summary. Editors and CI log parsers that understand compiler output pick them up.
enum TextReporter {
    static func render(_ report: RunReport, style: TextStyle = .plain) -> String {
        var output = ReportOutput()
        write(report, to: &output, style: style)
        return output.text
    }

    /// Writes the lines a suite at a time, each as it is made: joined into one string first, a
    /// report of a million findings was held twice.
    static func write(_ report: RunReport, to output: inout ReportOutput, style: TextStyle = .plain) {
        var wroteLines = false
        func emit(_ line: String) {
            output.write(string: line)
            output.write("\n")
            wroteLines = true
        }
        for suite in report.suites {
            var entries: [(SourceLocation, Int, String, Severity)] = []
            for error in suite.inputErrors {
                entries.append((error.location, 0, error.compilerLine(), .error))
            }
            for diagnostic in suite.diagnostics where !(style.quiet && diagnostic.severity == .note) {
                entries.append((diagnostic.location, 1, diagnostic.compilerLine(), diagnostic.severity))
            }
            // A baseline's findings are accepted: counted in the summary, listed in the JSON,
            // JUnit and SARIF reports, but not repeated here, where only new ones are news.
            // --quiet leaves out every accepted finding and every note.
            for finding in suite.findings where !(finding.suppression?.hasPrefix(Finding.baselineSuppressionPrefix) ?? false) {
                if style.quiet && (finding.suppression != nil || finding.severity == .note) { continue }
                entries.append((finding.location, 2, finding.compilerLine(), finding.severity))
            }
            entries.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
            for entry in entries { emit(style.color ? colored(entry.2, location: entry.0, severity: entry.3) : entry.2) }
            if report.listsChecks {
                // Errored cases repeat the input errors printed above; failures are news.
                for testCase in suite.cases where !testCase.outcome.isError {
                    switch testCase.outcome {
                    case .failed(let type, let message, let details), .errored(let type, let message, let details):
                        if let location = testCase.location {
                            // Compiler style, so editors jump to the step; the details say why.
                            emit("\(location.compilerStyle): error: \(visible(message)) [\(type)]\n" + indent(details))
                        } else {
                            emit(
                                "\(testCase.outcome.isFailure ? "FAIL" : "ERROR") \(visible(testCase.classname)) :: \(visible(testCase.name))\n"
                                    + indent(details))
                        }
                    case .passed, .skipped: break
                    }
                }
            }
        }
        // Quiet and nothing fails: nothing to say.
        if style.quiet && report.exitCode == .success && !wroteLines { return }
        emit(summary(report))
    }

    /// ANSI colours for a terminal: the location bold, the severity in red, yellow or cyan. The
    /// line's text is the plain line's, so a colourless copy says the same.
    private static func colored(_ line: String, location: SourceLocation, severity: Severity) -> String {
        let prefix = "\(location.compilerStyle): \(severity.rawValue):"
        guard line.hasPrefix(prefix) else { return line }
        let color =
            switch severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;33m"
            case .note: "\u{1B}[1;36m"
            }
        return "\u{1B}[1m\(location.compilerStyle):\u{1B}[0m \(color)\(severity.rawValue):\u{1B}[0m" + line.dropFirst(prefix.count)
    }

    /// Messages and names quote user input; a newline or an escape sequence in it must not break
    /// the one-problem-per-line format, start a workflow command or reach the terminal.
    private static func visible(_ text: String) -> String { VisibleText.escaped(text) }

    /// A test case's details, indented: Proctor's own lines, each shown escaped.
    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + visible(String($0)) }.joined(separator: "\n")
    }

    static func summary(_ report: RunReport) -> String {
        // Findings a scenario expects, or a baseline accepts, are not problems; they are counted
        // on their own.
        let suppressed = report.allFindings.compactMap(\.suppression)
        let baselined = suppressed.filter { $0.hasPrefix(Finding.baselineSuppressionPrefix) }.count
        let ignored = suppressed.filter { $0.hasPrefix(Finding.ignoreSuppressionPrefix) }.count
        let expected = suppressed.count - baselined - ignored
        let problems = report.allFindings.filter { $0.suppression == nil }.map(\.severity) + report.allDiagnostics.map(\.severity)
        let errors = problems.filter { $0 == .error }.count
        let warnings = problems.filter { $0 == .warning }.count
        let notes = problems.filter { $0 == .note }.count
        let unreadable = report.allInputErrors.count
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var text = "\(report.command): \(plural(report.suites.count, "file"))"
        if !report.listsChecks || errors + warnings + notes > 0 {
            text += ", \(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(notes, "note"))"
        }
        if expected > 0 { text += ", \(expected) expected finding\(expected == 1 ? "" : "s")" }
        if ignored > 0 { text += ", \(ignored) ignored" }
        if baselined > 0 { text += ", \(baselined) in the baseline" }
        if unreadable > 0 { text += ", \(plural(unreadable, "input error"))" }
        if report.noPayloadFiles > 0 {
            text += ", \(plural(report.noPayloadFiles, "JSON file")) that \(report.noPayloadFiles == 1 ? "is" : "are") no payload skipped"
        }
        if report.listsChecks {
            let cases = report.suites.flatMap(\.cases)
            let failed = cases.filter { $0.outcome.isFailure || $0.outcome.isError }.count
            text += "; \(cases.count - failed) passed, \(failed) failed"
        }
        if !report.listsChecks && !report.judged.isEmpty {
            // A kind with none is listed when the run says so (a lint's donations, a scan's
            // activities): "0 findings" then reads as "in 0 donations".
            text += "; judged " + report.judged.map(\.phrase).joined(separator: ", ")
        }
        if report.strict { text += " (strict: warnings fail)" }
        return text
    }
}

/// How the text report is shown: in colour on a terminal (`--color`), and `--quiet`, which
/// leaves out notes and accepted findings, and says nothing when nothing fails.
package struct TextStyle: Sendable, Equatable {
    package var color: Bool
    package var quiet: Bool

    package init(color: Bool = false, quiet: Bool = false) {
        self.color = color
        self.quiet = quiet
    }

    package static let plain = TextStyle()
}
