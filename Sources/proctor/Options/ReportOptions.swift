import ArgumentParser
import Foundation
import ProctorFiles
import ProctorReports

/// `--report FORMAT[:PATH]`, repeatable.
struct ReportRequest: ExpressibleByArgument, Sendable {
    var format: ReportFormat
    /// nil (or `-`) writes to standard output.
    var path: String?

    /// The path the report is written to, `-` for standard output.
    var destination: String { path ?? ReportWriter.standardOutput }

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let format = ReportFormat(rawValue: first) else { return nil }
        self.format = format
        self.path = parts.count > 1 && !parts[1].isEmpty && parts[1] != ReportWriter.standardOutput ? parts[1] : nil
    }

    static var allValueStrings: [String] { ReportFormat.allCases.map { "\($0.rawValue)[:PATH]" } }

    /// The report as an output of the run, for ``RunOutputs``.
    var output: (path: String, what: String) { (destination, "the \(format.rawValue) report") }
}

extension RunOutputs {
    /// The files a run's reports, and a baseline it records, would replace; a usage error (64)
    /// before any work when one of them is also `inputs` (each a path and what it is).
    static func checked(reports: [ReportRequest], writingBaseline: String? = nil, against inputs: [(path: String, what: String)]) throws -> RunOutputs
    {
        try checked(reports.map(\.output) + (writingBaseline.map { [($0, "the baseline")] } ?? []), against: inputs)
    }

    /// The files `outputs` would replace (each a path and what it is); a usage error (64) before
    /// any work when one of them is also one of `inputs`.
    static func checked(_ outputs: [(path: String, what: String)], against inputs: [(path: String, what: String)]) throws -> RunOutputs {
        let outputs = RunOutputs(outputs)
        if let clash = outputs.clash(with: inputs) { throw ValidationError(clash) }
        return outputs
    }

    /// Ends the command with a usage error (64), writing no report nor baseline, when the run met
    /// an input one of them would replace: a file in a walked folder, a file a scenario names.
    func refuseRecordedClashes() throws(ExitCode) {
        let clashes = recordedClashes
        guard !clashes.isEmpty else { return }
        for message in clashes { Output.standardError("error: \(message)\n") }
        throw ExitCode(64)
    }
}

extension JUnitCases: ExpressibleByArgument {}

struct ReportOptions: ParsableArguments {
    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "A report to write: text, json, junit, sarif, github (workflow commands), gitlab (Code Quality), markdown or html (one self-contained page), each optionally followed by :PATH (standard output otherwise, or with :-). Repeatable, one path each; defaults to text on standard output.",
            valueName: "format[:path]"))
    var reports: [ReportRequest] = []

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Option(help: "Colour the text report on standard output: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Leave notes and accepted findings out of the text report, and print nothing when nothing fails.")
    var quiet = false

    /// Checked before any work: two reports to one place would lose one of them.
    func validate() throws { try Self.validate(reports) }

    /// The text report's style for `destination`: colour only on standard output, as chosen.
    func style(for destination: String) -> TextStyle {
        let colored: Bool
        switch color {
        case .always: colored = destination == ReportWriter.standardOutput
        case .never: colored = false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            colored =
                destination == ReportWriter.standardOutput && isatty(STDOUT_FILENO) == 1
                && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        return TextStyle(color: colored, quiet: quiet)
    }

    static func validate(_ reports: [ReportRequest]) throws { try UsageChecks.reportDestinations(reports.map(\.destination)) }

    /// Writes every requested report, each whatever happened to the others; returns false when
    /// one could not be written (its path and the system's reason are on standard error).
    func write(_ report: RunReport) -> Bool { Self.write(report, to: reports, options: self) }

    static func write(
        _ report: RunReport, to reports: [ReportRequest], options: ReportOptions? = nil, sources: SourceFiles = .currentDirectory,
        junitCases: JUnitCases = .file
    ) -> Bool {
        let requests = reports.isEmpty ? [ReportRequest(argument: "text")!] : reports
        var succeeded = true
        // On GitHub Actions, the github report also leaves the Markdown summary on the run's
        // page: appended to $GITHUB_STEP_SUMMARY, as every step appends its own.
        if requests.contains(where: { $0.format == .github }), !requests.contains(where: { $0.format == .markdown }),
            let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty
        {
            succeeded = appendStepSummary(ReportFormat.markdown.render(report), to: summary) && succeeded
        }
        for request in requests {
            do {
                let style = options?.style(for: request.destination) ?? .plain
                try ReportWriter.write(to: request.destination) {
                    request.format.write(report, to: &$0, style: style, sources: sources, junitCases: junitCases)
                }
            } catch {
                Output.standardError("error: \(error)\n")
                succeeded = false
            }
        }
        return succeeded
    }
}

/// Appends `text` to the step summary file GitHub gives each step (created when missing; never
/// truncated). False, with the reason on standard error, when it cannot be written.
func appendStepSummary(_ text: String, to path: String) -> Bool {
    // Not through a link, as no report is written through one; a blank line first, so a previous
    // step's text without a final newline does not swallow the heading.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
        Output.standardError("warning: cannot append the summary to '\(path)' (GITHUB_STEP_SUMMARY): \(String(cString: strerror(errno)))\n")
        return true
    }
    defer { close(descriptor) }
    let bytes = Array(("\n" + text).utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written != bytes.count { Output.standardError("warning: cannot append the summary to '\(path)' (GITHUB_STEP_SUMMARY)\n") }
    // A summary the job page cannot show is a pity, not a failed report: the run's exit code stands.
    return true
}

/// Turns a report into the process's exit code; 3 when a report could not be written.
func processExitCode(for report: RunReport, wroteReports: Bool) -> ExitCode {
    wroteReports ? ExitCode(report.exitCode.rawValue) : ExitCode(3)
}
