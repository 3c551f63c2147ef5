import ArgumentParser
import CProctorBuildInfo
import Foundation
import ProctorToolSupport

@main
struct ProctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proctor",
        abstract: "Checks what an iOS app donates to the system (NSUserActivity, Core Spotlight, SiriKit interactions) and how it is launched back.",
        discussion: """
            Exit codes: 0 no problems; 1 error findings or failed cases (warnings too with --strict); \
            2 some input could not be read, parsed or decoded (the rest is still checked); 3 a report \
            could not be written; 64 usage error.
            """,
        version: BuildInfo.versionLine,
        subcommands: [Init.self, Lint.self, Scan.self, Run.self, Links.self, Config.self, Rules.self, Explain.self, Schema.self, Conformance.self]
    )
}

/// What `proctor --version` prints: the version and the commit the binary was built from.
///
/// Only here: reports keep `ProctorVersion.current` alone, so two builds of one version write the
/// same bytes for the same inputs.
enum BuildInfo {
    /// The abbreviated commit, with `-dirty` when the tree had uncommitted changes; nil when the
    /// build was not given one (a plain `swift build`; `make dist` gives it).
    static var commit: String? {
        let commit = String(cString: proctor_build_commit())
        return commit.isEmpty ? nil : commit
    }

    static var versionLine: String { "\(ProctorVersion.current) (\(commit ?? "commit unknown"))" }
}

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
    static func checked(reports: [ReportRequest], writingBaseline: String? = nil, against inputs: [(path: String, what: String)]) throws -> RunOutputs {
        let outputs = RunOutputs(reports.map(\.output) + (writingBaseline.map { [($0, "the baseline")] } ?? []))
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
            colored = destination == ReportWriter.standardOutput && isatty(STDOUT_FILENO) == 1
                && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        return TextStyle(color: colored, quiet: quiet)
    }

    static func validate(_ reports: [ReportRequest]) throws {
        if reports.filter({ $0.destination == ReportWriter.standardOutput }).count > 1 {
            throw ValidationError("only one --report can go to standard output; give the others a path, e.g. --report junit:reports/junit.xml")
        }
        if let (first, second) = ReportWriter.clash(among: reports.map(\.destination)) {
            let shown = { (path: String) in path == ReportWriter.standardOutput ? "standard output" : "'\(VisibleText.escaped(path))'" }
            throw ValidationError("two reports would be written to one file: \(shown(first)) and \(shown(second)); give each report its own path")
        }
    }

    /// Writes every requested report, each whatever happened to the others; returns false when
    /// one could not be written (its path and the system's reason are on standard error).
    func write(_ report: RunReport) -> Bool { Self.write(report, to: reports, options: self) }

    static func write(
        _ report: RunReport, to reports: [ReportRequest], options: ReportOptions? = nil, sources: SourceFiles = .currentDirectory, junitCases: JUnitCases = .file
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
                try ReportWriter.write(to: request.destination) { request.format.write(report, to: &$0, style: style, sources: sources, junitCases: junitCases) }
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

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check what the app hands the system against Apple's rules: donations, entitlements, apple-app-site-association files, web pages.",
        discussion: """
            Directories are searched recursively. Settings not given as flags come from the project's \
            .proctor.json (see docs/configuration.md and proctor config print). See docs/cli.md and \
            docs/input-format.md.
            """)

    /// The options `lint` and `config print` share: what the configuration file can also say.
    struct Flags: ParsableArguments {
        @Argument(help: "Files or directories; - reads standard input (lint: one JSON document; scan: one Swift file). Default: lint.paths of .proctor.json.")
        var paths: [String] = []

        @Option(help: "The app's Info.plist (XML or binary). Rules that need it are skipped without it.")
        var infoPlist: String?

        @Option(help: "The bundle identifier, overriding CFBundleIdentifier and expanding $(PRODUCT_BUNDLE_IDENTIFIER).")
        var bundleIdentifier: String?

        @Option(help: "The app's iOS deployment target, e.g. 15.0 (overrides MinimumOSVersion). Version-dependent rules are skipped without one.")
        var deploymentTarget: String?

        @Option(name: .customLong("service-name"), help: ArgumentHelp("A messaging service the app speaks (INSendMessageIntent.serviceName); repeat for each.", valueName: "name"))
        var serviceNames: [String] = []

        @Option(help: "The app's Apple Developer Team ID: with the bundle identifier, the app ID apple-app-site-association files must name.")
        var teamIdentifier: String?

        @Option(
            name: .customLong("entitlements"),
            help: ArgumentHelp("The app's .entitlements file (XML or binary), for its Associated Domains. Repeatable; .entitlements files in the directories given are read too.", valueName: "path"))
        var entitlements: [String] = []

        @Option(
            name: .customLong("aasa"),
            help: ArgumentHelp("The apple-app-site-association file a domain serves, whatever its name or folder. Repeatable.", valueName: "domain=path"))
        var sites: [SiteArgument] = []

        @Flag(inversion: .prefixedNo, help: "Treat warnings as errors (--no-strict overrides strict: true in .proctor.json).")
        var strict: Bool?

        @OptionGroup var filter: PathFilterOptions

        @OptionGroup var output: ReportOptions

        @Option(help: ArgumentHelp(
            "How the JUnit report lists its test cases: file (one per input file, failed with each finding that fails the run; the default) or rule (one per file and rule, for per-rule analytics; a 10,000-file lint lists 1.4 million).",
            valueName: "file|rule"))
        var junitCases: JUnitCases?

        @Option(help: ArgumentHelp("Hide the findings this baseline file holds; report only new ones.", valueName: "path"))
        var baseline: String?

        @Option(help: ArgumentHelp("Record every finding of this run in a baseline file, and hide them.", valueName: "path"))
        var writeBaseline: String?

        @Flag(inversion: .prefixedNo, help: "Fail when a baseline entry matches no finding, so the baseline only shrinks.")
        var baselineStrict: Bool?

        var reports: [ReportRequest] { output.reports }

        func validate() throws {
            if let deploymentTarget, OSVersion(deploymentTarget) == nil {
                throw ValidationError("--deployment-target '\(deploymentTarget)' is not an iOS version such as 15.0")
            }
            if serviceNames.contains(where: \.isEmpty) {
                throw ValidationError("--service-name needs a non-empty name")
            }
            if let teamIdentifier, !AppConfiguration.isTeamIdentifier(teamIdentifier) {
                throw ValidationError("--team-identifier '\(teamIdentifier)' is not a Team ID: ten uppercase letters and digits, such as ABCDE12345")
            }
        }
    }

    @OptionGroup var flags: Flags
    @OptionGroup var config: ConfigurationOptions

    @Option(help: "The current time for expiration checks, RFC 3339 with a zone (default: the wall clock).")
    var now: String?

    @Flag(help: "Check files, and the lines of a large JSON Lines file, one at a time instead of on all cores.")
    var sequential = false

    func validate() throws {
        if let now, DateFormat.parse(now) == nil {
            throw ValidationError("--now '\(now)' is not an RFC 3339 date with a zone, such as 2026-06-01T12:00:00Z")
        }
        if flags.writeBaseline != nil && flags.baseline != nil {
            throw ValidationError("give either --baseline (use one) or --write-baseline (record one), not both")
        }
        if flags.writeBaseline == ReportWriter.standardOutput || flags.baseline == ReportWriter.standardOutput {
            throw ValidationError("a baseline is a file: give it a path, not -")
        }
    }

    func run() throws {
        let configuration = try config.load()
        let settings = try LintSettings(flags: flags, configuration: configuration)
        try ReportOptions.validate(settings.reports.value)
        // A configuration of several projects, with nothing named on the command line: each
        // project is linted with its own facts and files, into one report written as this
        // configuration (or the flags) says, with its strictness.
        var projects = [(configuration: configuration, settings: settings)]
        if flags.paths.isEmpty, let configuration, !(configuration.projects?.value ?? []).isEmpty {
            if flags.writeBaseline != nil {
                throw ValidationError("--write-baseline records one project's findings: give that project's configuration with --config")
            }
            projects = configuration.lintPaths == nil ? [] : [(configuration, settings)]
            for file in configuration.projectFiles {
                guard FileManager.default.fileExists(atPath: file) else {
                    let at = configuration.projects?.location.compilerStyle ?? configuration.path
                    Output.standardError("\(at): error: projects names '\(file)', which does not exist; list the folders that have a \(ProjectConfiguration.fileName), or the files [config_invalid_value]\n")
                    throw ExitCode(64)
                }
                let project = try ConfigurationOptions.load(file)
                if let nested = project.projects {
                    Output.standardError("\(nested.location.compilerStyle): error: a project of \(configuration.path) lists projects of its own; list them all in \(configuration.path) [config_invalid_value]\n")
                    throw ExitCode(64)
                }
                var projectSettings = try LintSettings(flags: flags, configuration: project)
                projectSettings.strict = settings.strict
                projects.append((project, projectSettings))
            }
        }
        // A project inside another's folder is its own: the outer one's walk does not enter it, so
        // no file is linted twice, under two settings.
        if projects.count > 1 {
            let folders = projects.compactMap { $0.configuration.map { PathFilter.absolute($0.directory) } }
            for index in projects.indices {
                guard let own = projects[index].configuration else { continue }
                let mine = PathFilter.absolute(own.directory)
                projects[index].settings.filter.excludedFolders += folders.filter { $0 != mine && $0.hasPrefix(mine == "/" ? "/" : mine + "/") }
            }
        }
        // No report, nor the baseline being recorded, may replace a file this run reads (the
        // baseline being recorded is not read: it is replaced whole).
        let outputs = try RunOutputs.checked(
            reports: settings.reports.value, writingBaseline: flags.writeBaseline,
            against: projects.flatMap { $0.settings.inputs(readingBaseline: flags.writeBaseline == nil) })
        for project in projects {
            // A report must not replace the baseline it is judged against, or the one just written.
            for path in [flags.writeBaseline ?? project.settings.baseline.value].compactMap({ $0 }) {
                if let (_, clash) = ReportWriter.clash(among: [path] + settings.reports.value.map(\.destination)), clash != ReportWriter.standardOutput {
                    throw ValidationError("the baseline '\(VisibleText.escaped(path))' and a report would be the same file ('\(VisibleText.escaped(clash))'); give the report another path")
                }
            }
            // lint.paths written empty (as proctor init writes it when it finds no payload
            // folder) lints the app's description alone, and says so in the report.
            guard !project.settings.paths.value.isEmpty || project.configuration?.lintPaths != nil else {
                let which = projects.count > 1 ? " (the project \(VisibleText.escaped(project.configuration?.path ?? "")) has none)" : ""
                throw ValidationError("name at least one file or directory, e.g. 'proctor lint payloads/', or give lint.paths in .proctor.json\(which)")
            }
        }
        // Baselines are read before any work: a malformed one is exit 64, like the configuration.
        // Writing a baseline replaces it, so the old one is not read (it may not exist yet).
        let baselines = try projects.map { project throws(ExitCode) -> Baseline? in
            flags.writeBaseline != nil ? nil : try project.settings.baseline.value.map { path throws(ExitCode) in try Self.readBaseline(path) }
        }
        let counter = ProgressCounter()
        let progress = ProgressLine.start(counting: counter, label: "lint", noun: "file", quiet: flags.output.quiet)
        var reports: [RunReport] = []
        var wroteBaseline = true
        for (project, baseline) in zip(projects, baselines) {
            let (report, wrote) = try lint(project.settings, configuration: project.configuration, baseline: baseline, outputs: outputs, counter: counter)
            reports.append(report)
            wroteBaseline = wroteBaseline && wrote
        }
        progress?.stop()
        guard let report = RunReport.merging(reports) else { throw ValidationError("the configuration lists no project to lint") }
        let wroteReports = ReportOptions.write(report, to: settings.reports.value, options: flags.output, junitCases: settings.junitCases.value)
        throw processExitCode(for: report, wroteReports: wroteReports && wroteBaseline)
    }

    /// Lints one project as `settings` say, applies or writes its baseline, and returns its
    /// report and whether the baseline asked for could be written.
    private func lint(
        _ settings: LintSettings, configuration: ProjectConfiguration?, baseline: Baseline?, outputs: RunOutputs, counter: ProgressCounter
    ) throws(ExitCode) -> (RunReport, Bool) {
        var options = LintOptions(
            infoPlistPath: settings.infoPlist.value, bundleIdentifier: settings.bundleIdentifier.value, now: now.flatMap(DateFormat.parse) ?? Date(),
            strict: settings.strict.value, parallel: !sequential,
            configuration: AppConfiguration(
                deploymentTarget: settings.deploymentTarget.value, serviceNames: settings.serviceNames.value, teamIdentifier: settings.teamIdentifier.value),
            declaredFiles: DeclaredFiles(entitlements: settings.entitlements.value, sites: settings.sites.value),
            rules: settings.rules.value)
        options.filter = settings.filter
        options.pathRules = settings.pathRules(in: configuration)
        options.outputs = outputs
        options.progress = counter
        var result = Linter.lint(paths: settings.paths.value, options: options)
        if settings.paths.value.isEmpty, let configuration, let written = configuration.lintPaths {
            result.files.append(Self.emptyPaths(settings, at: written.location, in: configuration))
        }
        try outputs.refuseRecordedClashes()
        return Self.report(result, writingBaseline: flags.writeBaseline, baseline: baseline, strict: settings.baselineStrict.value)
    }

    /// What a run with an empty `lint.paths` says at it: a note when the app's description
    /// (Info.plist, entitlements, association files) was checked without payloads, an error
    /// (`no_inputs`) when there was nothing at all to check.
    static func emptyPaths(_ settings: LintSettings, at location: SourceLocation, in configuration: ProjectConfiguration) -> FileResult {
        var file = FileResult(path: configuration.path)
        if settings.infoPlist.value != nil || !settings.entitlements.value.isEmpty || !settings.sites.value.isEmpty {
            file.diagnostics = [Diagnostic(
                code: ProblemCode.noInputs, severity: .note,
                message: "lint.paths is empty: this run checked the app's Info.plist, entitlements and association files only; add the folders of your donation payloads to lint.paths",
                location: location)]
        } else {
            file.inputErrors = [InputError(
                code: ProblemCode.noInputs,
                message: "nothing to lint: lint.paths is empty and the configuration names no Info.plist, entitlements or association file; add the folders of your donation payloads to lint.paths, or app.infoPlist",
                location: location)]
        }
        return file
    }

    /// The report of `result` once its baseline is applied, or recorded at `writingBaseline`
    /// (and then applied), with whether that baseline could be written. Lint and scan share it.
    static func report(_ result: LintResult, writingBaseline: String?, baseline: Baseline?, strict: Bool) -> (RunReport, Bool) {
        var result = result
        var unused: [Baseline.Entry] = []
        var wroteBaseline = true
        if let path = writingBaseline {
            let findings = result.files.flatMap(\.findings).filter { $0.suppression == nil }
            let text = Baseline.text(of: findings, path: path)
            do {
                try ReportWriter.write(text, to: path)
                // What was just recorded is the run's baseline from now on.
                if case .success(let written) = Baseline.read(Array(text.utf8), path: path) { _ = result.apply(written) }
            } catch {
                // The reports are still written; the run then ends with exit 3, as for a report.
                Output.standardError("error: cannot write the baseline: \(error)\n")
                wroteBaseline = false
            }
        } else if let baseline {
            unused = result.apply(baseline)
        }
        var report = result.report()
        if let baseline { report.addUnused(unused, of: baseline, strict: strict) }
        return (report, wroteBaseline)
    }

    static func readBaseline(_ path: String) throws(ExitCode) -> Baseline {
        let bytes: [UInt8]
        switch InputFiles.load(path, limit: 64 << 20, naming: "the baseline") {
        case .failure(let error):
            Output.standardError("\(error.location.compilerStyle): error: \(error.message) [\(error.code)]\n")
            throw ExitCode(64)
        case .success(let loaded): bytes = loaded
        }
        switch Baseline.read(bytes, path: path) {
        case .success(let baseline): return baseline
        case .failure(let problems):
            for error in problems.errors { Output.standardError("\(error.location.compilerStyle): error: \(error.message) [\(error.code)]\n") }
            throw ExitCode(64)
        }
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every rule with its id, severity and summary.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Option(help: "text, json or markdown.")
    var format: Format = .text

    struct Entry: Encodable {
        var id, name, category, defaultSeverity, summary, rationale, documentation: String
        var sources: [String]
        var needsInfoPlist: Bool
        var needsBundleIdentifier: Bool
        var needsDeploymentTarget: Bool
    }

    func run() throws {
        let rules = BuiltInRules.descriptions
        let text: String
        switch format {
        case .text:
            let width = rules.map(\.id.count).max() ?? 0
            text = rules.map { rule in
                rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + rule.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + rule.summary
            }.joined(separator: "\n") + "\n"
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let entries = rules.map {
                Entry(
                    id: $0.id, name: $0.name, category: $0.category.rawValue, defaultSeverity: $0.defaultSeverity.rawValue,
                    summary: $0.summary, rationale: $0.rationale, documentation: $0.documentationPath, sources: $0.sources,
                    needsInfoPlist: $0.needsInfoPlist, needsBundleIdentifier: $0.needsBundleIdentifier,
                    needsDeploymentTarget: $0.needsDeploymentTarget)
            }
            text = String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
        case .markdown:
            text = RuleDocumentation.index(rules)
        }
        try Output.standardOutput(text)
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain one rule: why it exists, its sources and examples.")

    @Argument(help: "A rule id, as printed in brackets after each finding.")
    var rule: String

    func validate() throws {
        guard BuiltInRules.description(for: rule) != nil else {
            let suggestion = BuiltInRules.suggestion(for: rule).map { "; did you mean '\($0)'?" } ?? ""
            throw ValidationError("unknown rule '\(rule)'\(suggestion) ('proctor rules' lists them)")
        }
    }

    func run() throws {
        let text = RuleDocumentation.plainHelp(BuiltInRules.description(for: rule)!)
        try Output.standardOutput(text)
    }
}

struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the conformance vectors (Conformance/) and report each case.",
        discussion: "Exit code 1 when a case fails, 2 when a case file cannot be read.")

    @Argument(help: "Case files or directories (default: Conformance); - reads one case file from standard input.")
    var paths: [String] = ["Conformance"]

    @OptionGroup var output: ReportOptions

    func run() throws {
        let outputs = try RunOutputs.checked(reports: output.reports, against: paths.map { ($0, "a case file") })
        let report = ConformanceRunner.run(paths: paths, leavingOut: outputs)
        try outputs.refuseRecordedClashes()
        throw processExitCode(for: report, wroteReports: output.write(report))
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play scenarios (*.scenario.json) against the model of the system and check every expectation.",
        discussion: "Directories are searched recursively for *.scenario.json; files named explicitly are read whatever their name. See docs/scenario-format.md and docs/system-model.md.")

    @Argument(help: "Scenario files or directories; - reads one scenario from standard input. Default: run.paths of .proctor.json.")
    var paths: [String] = []

    @Option(name: .customLong("name"), help: ArgumentHelp("Only scenarios whose name contains this text (case-insensitive). Repeatable.", valueName: "text"))
    var names: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only scenarios with this tag. Repeatable: any of them.", valueName: "tag"))
    var tags: [String] = []

    @Option(help: "The report's timestamp, RFC 3339 with a zone (default: the wall clock). Scenarios keep their own clocks.")
    var now: String?

    @Flag(inversion: .prefixedNo, help: "Treat warnings as errors (--no-strict overrides strict: true in .proctor.json).")
    var strict: Bool?

    @Option(help: ArgumentHelp("Play only shard K of N of the scenario files (in path order, dealt round-robin), for a CI matrix; the shards' reports add up to one run's.", valueName: "K/N"))
    var shard: String?

    @Flag(help: "Play scenarios one at a time instead of on all cores.")
    var sequential = false

    @Flag(help: "Let a scenario's files (infoPlist, entitlements, routes, association, coverage and pass files) be outside the current directory (an absolute path, a '..' that climbs out, a link out). Off by default, so a scenario from a pull request cannot read the machine's files into a report.")
    var allowPathsOutsideProject = false

    @OptionGroup var filter: PathFilterOptions
    @OptionGroup var output: ReportOptions
    @OptionGroup var config: ConfigurationOptions

    func validate() throws {
        if let now, DateFormat.parse(now) == nil {
            throw ValidationError("--now '\(now)' is not an RFC 3339 date with a zone, such as 2026-06-01T12:00:00Z")
        }
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

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of scenario files (format 1), or with 'config' of .proctor.json, for editors and validators.",
        discussion: """
            Copies are committed as docs/scenario.schema.json and docs/config.schema.json; \
            docs/scenario-format.md shows how to associate them in VS Code and JetBrains IDEs.
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case scenario, config
    }

    @Argument(help: "scenario (the default) or config.")
    var kind: Kind = .scenario

    func run() throws {
        switch kind {
        case .scenario: try Output.standardOutput(ScenarioSchema.text)
        case .config: try Output.standardOutput(ConfigurationSchema.text(ruleIDs: BuiltInRules.descriptions.map(\.id)))
        }
    }
}
