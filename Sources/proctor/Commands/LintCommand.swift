import ArgumentParser
import Foundation
import ProctorAppFacts
import ProctorConfiguration
import ProctorCore
import ProctorFiles
import ProctorInputs
import ProctorLint
import ProctorReports

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check what the app hands the system against Apple's rules: donations, entitlements, apple-app-site-association files, web pages.",
        discussion: """
            Directories are searched recursively. Settings not given as flags come from the project's \
            .proctor.json (see docs/configuration.md and proctor config print). See docs/cli.md and \
            docs/input-format.md.
            """)

    @OptionGroup var flags: Flags
    @OptionGroup var config: ConfigurationOptions

    @Option(help: "The current time for expiration checks, RFC 3339 with a zone (default: the wall clock).")
    var now: String?

    @Flag(help: "Check files, and the lines of a large JSON Lines file, one at a time instead of on all cores.")
    var sequential = false

    func validate() throws {
        try UsageChecks.now(now)
        try UsageChecks.baselines(reading: flags.baseline, writing: flags.writeBaseline)
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
                    Output.standardError(
                        "\(at): error: projects names '\(file)', which does not exist; list the folders that have a \(ProjectConfiguration.fileName), or the files [config_invalid_value]\n"
                    )
                    throw ExitCode(64)
                }
                let project = try ConfigurationOptions.load(file)
                if let nested = project.projects {
                    Output.standardError(
                        "\(nested.location.compilerStyle): error: a project of \(configuration.path) lists projects of its own; list them all in \(configuration.path) [config_invalid_value]\n"
                    )
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
            if let path = flags.writeBaseline ?? project.settings.baseline.value {
                try UsageChecks.noReport(
                    replaces: path, what: "the baseline", reportDestinations: settings.reports.value.map(\.destination), countingStandardOutput: false
                )
            }
            // lint.paths written empty (as proctor init writes it when it finds no payload
            // folder) lints the app's description alone, and says so in the report.
            guard !project.settings.paths.value.isEmpty || project.configuration?.lintPaths != nil else {
                let which = projects.count > 1 ? " (the project \(VisibleText.escaped(project.configuration?.path ?? "")) has none)" : ""
                throw ValidationError(
                    "name at least one file or directory, e.g. 'proctor lint payloads/', or give lint.paths in .proctor.json\(which)")
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
            let (report, wrote) = try lint(
                project.settings, configuration: project.configuration, baseline: baseline, outputs: outputs, counter: counter)
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
                deploymentTarget: settings.deploymentTarget.value, serviceNames: settings.serviceNames.value,
                teamIdentifier: settings.teamIdentifier.value),
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
            file.diagnostics = [
                Diagnostic(
                    code: ProblemCode.noInputs, severity: .note,
                    message:
                        "lint.paths is empty: this run checked the app's Info.plist, entitlements and association files only; add the folders of your donation payloads to lint.paths",
                    location: location)
            ]
        } else {
            file.inputErrors = [
                InputError(
                    code: ProblemCode.noInputs,
                    message:
                        "nothing to lint: lint.paths is empty and the configuration names no Info.plist, entitlements or association file; add the folders of your donation payloads to lint.paths, or app.infoPlist",
                    location: location)
            ]
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
