import ArgumentParser
import Foundation
import ProctorCore
import ProctorFiles
import ProctorScenario

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play scenarios (*.scenario.json) against the model of the system and check every expectation.",
        discussion:
            "Directories are searched recursively for *.scenario.json; files named explicitly are read whatever their name. See docs/scenario-format.md and docs/system-model.md."
    )

    @Argument(help: "Scenario files or directories; - reads one scenario from standard input. Default: run.paths of .proctor.json.")
    var paths: [String] = []

    @Option(
        name: .customLong("name"),
        help: ArgumentHelp("Only scenarios whose name contains this text (case-insensitive). Repeatable.", valueName: "text"))
    var names: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only scenarios with this tag. Repeatable: any of them.", valueName: "tag"))
    var tags: [String] = []

    @Option(help: "The report's timestamp, RFC 3339 with a zone (default: the wall clock). Scenarios keep their own clocks.")
    var now: String?

    @Flag(inversion: .prefixedNo, help: "Treat warnings as errors (--no-strict overrides strict: true in .proctor.json).")
    var strict: Bool?

    @Option(
        help: ArgumentHelp(
            "Play only shard K of N of the scenario files (in path order, dealt round-robin), for a CI matrix; the shards' reports add up to one run's.",
            valueName: "K/N"))
    var shard: String?

    @Flag(help: "Play scenarios one at a time instead of on all cores.")
    var sequential = false

    @Flag(
        help:
            "Let a scenario's files (infoPlist, entitlements, routes, association, coverage and pass files) be outside the current directory (an absolute path, a '..' that climbs out, a link out). Off by default, so a scenario from a pull request cannot read the machine's files into a report."
    )
    var allowPathsOutsideProject = false

    @OptionGroup var filter: PathFilterOptions
    @OptionGroup var output: ReportOptions
    @OptionGroup var config: ConfigurationOptions

    func validate() throws {
        try UsageChecks.now(now)
        if let shard, RunOptions.Shard(shard) == nil {
            throw ValidationError("--shard '\(shard)' is not K/N with 1 <= K <= N, such as 2/4")
        }
    }

    func run() throws {
        // What the command line does not say, the project's .proctor.json may (run.paths,
        // run.reports, strict).
        let configuration = try config.load()
        var paths = self.paths
        if paths.isEmpty, let configuration, let written = configuration.runPaths { paths = written.value.map(configuration.resolve) }
        guard !paths.isEmpty else {
            throw ValidationError("name at least one scenario file or directory, e.g. 'proctor run Scenarios/', or give run.paths in .proctor.json")
        }
        let reports = try LintSettings.reports(output.reports, configuration?.runReports, in: configuration).value
        try ReportOptions.validate(reports)
        let outputs = try RunOutputs.checked(
            reports: reports, against: paths.map { ($0, "a scenario") } + (configuration.map { [($0.path, "the configuration file")] } ?? []))
        var options = RunOptions(
            names: names, tags: tags, strict: strict ?? configuration?.strict?.value ?? false, now: now.flatMap(DateFormat.parse) ?? Date(),
            parallel: !sequential, fileReferences: FileReferencePolicy(allowsOutside: allowPathsOutsideProject, outputs: outputs),
            shard: shard.flatMap(RunOptions.Shard.init),
            recordsTimeline: reports.contains { $0.format.drawsTimelines })
        options.filter = filter.filter(configuration: configuration, include: configuration?.runInclude, exclude: configuration?.runExclude).filter
        let counter = ProgressCounter()
        options.progress = counter
        let progress = ProgressLine.start(counting: counter, label: "run", noun: "scenario file", quiet: output.quiet)
        let result = ScenarioRunner.run(paths: paths, options: options)
        progress?.stop()
        try outputs.refuseRecordedClashes()
        if result.filteredOut > 0 {
            Output.standardError("\(result.filteredOut) scenario\(result.filteredOut == 1 ? "" : "s") left out by --name/--tag\n")
        }
        let sources = ScenarioRunner.sources(of: result.report, policy: options.fileReferences)
        throw processExitCode(for: result.report, wroteReports: ReportOptions.write(result.report, to: reports, options: output, sources: sources))
    }
}
