import Foundation

/// The report formats, by the name `--report` takes.
package enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json
    case junit
    case sarif
    /// GitHub Actions workflow commands: annotations on the pull request.
    case github
    /// GitLab's Code Quality report.
    case gitlab
    /// A Markdown summary, for `$GITHUB_STEP_SUMMARY` or a CI page.
    case markdown
    /// One self-contained page for a person: problems with their lines, scenario timelines.
    case html

    /// Whether the format draws each scenario's timeline, which `proctor run` then records.
    package var drawsTimelines: Bool { self == .html }

    /// Writes `report` in this format to `output`, as it is rendered (JSON, JUnit and HTML stream
    /// a suite at a time, text a line at a time; SARIF is written whole). `sources` gives the HTML
    /// report the lines its problems are on; `junitCases` says how a lint or scan JUnit report
    /// lists its cases.
    package func write(
        _ report: RunReport, to output: inout ReportOutput, style: TextStyle = .plain, sources: SourceFiles = .currentDirectory,
        junitCases: JUnitCases = .file
    ) {
        switch self {
        case .text: TextReporter.write(report, to: &output, style: style)
        case .json: JSONReporter.write(report, to: &output)
        case .junit: JUnitReporter.write(report, to: &output, cases: junitCases)
        case .sarif: output.write(string: SARIFReporter.render(report))
        case .github: output.write(string: GitHubReporter.render(report))
        case .gitlab: output.write(string: GitLabReporter.render(report))
        case .markdown: output.write(string: MarkdownReporter.render(report))
        case .html: HTMLReporter.write(report, to: &output, sources: sources)
        }
    }

    /// `report` in this format, as one string.
    package func render(_ report: RunReport, sources: SourceFiles = .currentDirectory, junitCases: JUnitCases = .file) -> String {
        var output = ReportOutput()
        write(report, to: &output, sources: sources, junitCases: junitCases)
        return output.text
    }
}

/// Stable 64-bit FNV-1a, for SARIF fingerprints: the same input gives the same hash on every
/// machine and run (Swift's `Hasher` is seeded per process).
func stableHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
