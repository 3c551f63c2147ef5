import ArgumentParser
import Foundation
import ProctorKit

/// `proctor scan`: the app's Swift sources, read with swift-syntax (docs/scan.md).
struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the app's Swift sources: check the activities they donate, and the launch handlers that take them, on the lines that write them.",
        discussion: """
            Directories are searched recursively for .swift files. Values are read statically: a \
            literal, a constant of the scanned files, or marked as computed at run time (and the \
            checks that need it left out). The app's facts come from the same flags and \
            .proctor.json as proctor lint. See docs/scan.md.
            """)

    @OptionGroup var flags: Lint.Flags
    @OptionGroup var config: ConfigurationOptions

    @Option(help: "The current time for expiration checks, RFC 3339 with a zone (default: the wall clock).")
    var now: String?

    func validate() throws {
        if let now, DateFormat.parse(now) == nil {
            throw ValidationError("--now '\(now)' is not an RFC 3339 date with a zone, such as 2026-06-01T12:00:00Z")
        }
        if flags.writeBaseline != nil || flags.baseline != nil {
            throw ValidationError("baselines are proctor lint's for now; scan findings are fingerprinted by their Swift symbol, ready for them")
        }
    }

    func run() throws {
        let configuration = try config.load()
        let settings = try LintSettings(flags: flags, configuration: configuration)
        guard !flags.paths.isEmpty else {
            throw ValidationError("name the folders of the app's Swift sources, e.g. 'proctor scan Sources/'")
        }
        try ReportOptions.validate(settings.reports.value)
        var options = LintOptions(
            infoPlistPath: settings.infoPlist.value, bundleIdentifier: settings.bundleIdentifier.value, now: now.flatMap(DateFormat.parse) ?? Date(),
            strict: settings.strict.value, parallel: false,
            configuration: AppConfiguration(
                deploymentTarget: settings.deploymentTarget.value, serviceNames: settings.serviceNames.value, teamIdentifier: settings.teamIdentifier.value),
            rules: settings.rules.value)
        // Only the flags' patterns: lint.include and lint.exclude choose payload files, not sources.
        options.filter = flags.filter.filter(configuration: nil, include: nil, exclude: nil).filter
        options.pathRules = settings.pathRules(in: configuration)
        let result = SourceScanner.scan(paths: flags.paths, options: options)
        let report = result.report()
        throw processExitCode(for: report, wroteReports: ReportOptions.write(report, to: settings.reports.value, options: flags.output))
    }
}
