import Foundation
import ProctorCore
import ProctorJSON

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which the
/// runner turns into annotations on the pull request's diff, then the text summary line. Values
/// are escaped exactly as the Actions toolkit escapes them (`@actions/core`, command.ts): in the
/// message `%`, CR and LF; in a property also `:` and `,`. Before that, every value from the input
/// (a path, a message) is shown as ``VisibleText`` shows it, so the only line breaks the runner
/// unescapes are Proctor's own, between a failed check's message and its details, and no escape
/// sequence reaches the log. GitHub shows at most 10 error and 10 warning annotations per step
/// and 50 per job (docs/reports.md): the SARIF report, uploaded to code scanning, holds every
/// result.
enum GitHubReporter {
    static func render(_ report: RunReport) -> String {
        var lines: [String] = []
        func annotate(_ severity: Severity, _ location: SourceLocation?, title: String, _ message: String) {
            let command =
                switch severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties: [String] = []
            if let location, !location.file.isEmpty {
                properties.append("file=" + escapeProperty(VisibleText.escaped(location.file)))
                if let line = location.line {
                    properties.append("line=\(line)")
                    if let column = location.column { properties.append("col=\(column)") }
                }
            }
            properties.append("title=" + escapeProperty(VisibleText.escaped(title)))
            lines.append("::\(command) \(properties.joined(separator: ","))::\(escapeData(message))")
        }
        for suite in report.suites {
            for error in suite.inputErrors { annotate(.error, error.location, title: "proctor: \(error.code)", VisibleText.escaped(error.message)) }
            for diagnostic in suite.diagnostics {
                annotate(diagnostic.severity, diagnostic.location, title: "proctor: \(diagnostic.code)", VisibleText.escaped(diagnostic.message))
            }
            // Accepted findings (a scenario's expectation, a baseline) are no news on the diff.
            for finding in suite.findings where finding.suppression == nil {
                annotate(finding.severity, finding.location, title: "proctor: \(finding.ruleID)", VisibleText.escaped(finding.message))
            }
            if report.listsChecks {
                for testCase in suite.cases {
                    guard case .failed(let type, let message, let details) = testCase.outcome else { continue }
                    // The details are Proctor's lines: their breaks stay, each line is escaped.
                    let lines = details.split(separator: "\n", omittingEmptySubsequences: false).map { VisibleText.escaped(String($0)) }
                    annotate(
                        .error, testCase.location, title: "proctor: \(type)",
                        ([VisibleText.escaped(message)] + (details.isEmpty ? [] : lines)).joined(separator: "\n"))
                }
            }
        }
        lines.append(TextReporter.summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The toolkit's `escapeData`.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The toolkit's `escapeProperty`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// GitLab's Code Quality report: the subset of the Code Climate format GitLab reads
/// (`description`, `check_name`, `fingerprint`, `severity`, `location.path`,
/// `location.lines.begin`), a JSON array, one issue per finding or located failed check, which
/// the merge request widget shows. Accepted findings are left out; severities map error →
/// major, warning → minor, note → info.
enum GitLabReporter {
    static func render(_ report: RunReport) -> String {
        var issues: [String] = []
        var uses: [String: Int] = [:]
        func issue(_ severity: Severity, _ location: SourceLocation?, check: String, _ message: String) {
            let file = location?.file ?? ""
            guard !file.isEmpty else { return }
            // In JSON Lines every line's pointers start again: the line is part of the place, so
            // a fix on one line does not hand its fingerprint to the next line's issue.
            var place = [check, file, location?.pointer ?? ""]
            if file.hasSuffix(".jsonl"), let line = location?.line { place.insert("line \(line)", at: 2) }
            let identity = place.joined(separator: "\u{1F}")
            let occurrence = uses[identity, default: 0]
            uses[identity] = occurrence + 1
            let level =
                switch severity {
                case .error: "major"
                case .warning: "minor"
                case .note: "info"
                }
            var text = "  {\"check_name\": "
            JSONWriter.writeString(check, into: &text)
            text += ", \"description\": "
            JSONWriter.writeString(message, into: &text)
            text +=
                ", \"fingerprint\": \"\(stableHash(occurrence == 0 ? identity : identity + "\u{1F}\(occurrence)"))\", \"location\": {\"lines\": {\"begin\": \(max(location?.line ?? 1, 1))}, \"path\": "
            JSONWriter.writeString(file, into: &text)
            text += "}, \"severity\": \"\(level)\"}"
            issues.append(text)
        }
        for suite in report.suites {
            for error in suite.inputErrors { issue(.error, error.location, check: error.code.rawValue, error.message) }
            for diagnostic in suite.diagnostics {
                issue(diagnostic.severity, diagnostic.location, check: diagnostic.code.rawValue, diagnostic.message)
            }
            for finding in suite.findings where finding.suppression == nil {
                issue(finding.severity, finding.location, check: finding.ruleID, finding.message)
            }
            if report.listsChecks {
                for testCase in suite.cases {
                    guard case .failed(let type, let message, _) = testCase.outcome else { continue }
                    issue(.error, testCase.location, check: type, message)
                }
            }
        }
        return issues.isEmpty ? "[]\n" : "[\n" + issues.joined(separator: ",\n") + "\n]\n"
    }
}

/// A Markdown summary for a person reading the job: the counts, the problems as a table with
/// their places, and every accepted finding collapsed. GitHub shows it on the run's page when it
/// is appended to `$GITHUB_STEP_SUMMARY`.
enum MarkdownReporter {
    static func render(_ report: RunReport) -> String {
        let failing = report.exitCode != .success
        var text = "### proctor \(report.command): \(failing ? "failed" : "passed")\n\n"
        text += cell(TextReporter.summary(report)) + "\n\n"
        var rows: [String] = []
        var accepted: [String] = []
        func place(_ location: SourceLocation?) -> String {
            guard let location, !location.file.isEmpty else { return "" }
            return cell(location.compilerStyle)
        }
        for suite in report.suites {
            for error in suite.inputErrors {
                rows.append("| error | \(place(error.location)) | \(cell(error.code.rawValue)) | \(cell(error.message)) |")
            }
            for diagnostic in suite.diagnostics {
                rows.append(
                    "| \(diagnostic.severity.rawValue) | \(place(diagnostic.location)) | \(cell(diagnostic.code.rawValue)) | \(cell(diagnostic.message)) |"
                )
            }
            for finding in suite.findings {
                let columns = "| \(finding.severity.rawValue) | \(place(finding.location)) | \(cell(finding.ruleID)) | \(cell(finding.message)) |"
                if let reason = finding.suppression { accepted.append(columns + " \(cell(reason)) |") } else { rows.append(columns) }
            }
            if report.listsChecks {
                for testCase in suite.cases {
                    guard case .failed(let type, let message, _) = testCase.outcome else { continue }
                    rows.append("| failed | \(place(testCase.location)) | \(cell(type)) | \(cell(message)) |")
                }
            }
        }
        if !rows.isEmpty {
            text += "| Severity | Where | Check | Message |\n| --- | --- | --- | --- |\n" + rows.joined(separator: "\n") + "\n\n"
        }
        if !accepted.isEmpty {
            text += "<details><summary>\(accepted.count) accepted finding\(accepted.count == 1 ? "" : "s")</summary>\n\n"
            text +=
                "| Severity | Where | Check | Message | Accepted |\n| --- | --- | --- | --- | --- |\n" + accepted.joined(separator: "\n")
                + "\n\n</details>\n"
        }
        return text
    }

    /// Text in a table cell, shown as written: every ASCII punctuation character is
    /// backslash-escaped (CommonMark makes any of them literal so), so a message that quotes
    /// input can make no link, image, emphasis or HTML, nor end the cell (`|`); `<`, `>` and `&`
    /// are also entities, for renderers that pass HTML.
    static func cell(_ text: String) -> String {
        var result = ""
        // Control characters shown as \u{…}, as the text report shows them, so a line break
        // cannot end the row.
        for character in VisibleText.escaped(text) {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case _ where character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol: result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
