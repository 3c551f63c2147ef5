import ArgumentParser
import Foundation
import ProctorAppFacts
import ProctorConfiguration
import ProctorCore
import ProctorFiles
import ProctorInputs
import ProctorLint
import ProctorReports
import ProctorScan
import ProctorXcode

/// `proctor scan`: the app's Swift sources, read with swift-syntax (docs/scan.md).
struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Read the app's Swift sources: check the activities they donate, and the launch handlers that take them, on the lines that write them.",
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

    @Option(
        help: ArgumentHelp(
            "Write each donation found as a payload file proctor lint reads, into this folder (created; payloads it wrote before are replaced or removed, other files left alone).",
            valueName: "dir"))
    var emitPayloads: String?

    @Option(
        name: .customLong("project"),
        help: ArgumentHelp(
            "An Xcode project (.xcodeproj) whose apps to judge: each Swift file against the facts of the app that compiles it, with its extensions. Repeatable. Without --info-plist, the projects found under the scanned folders are read.",
            valueName: "xcodeproj"))
    var projects: [String] = []

    @Option(
        help: ArgumentHelp(
            "Write the launch handlers found as scenario routes, to this file (a scenario's app.routes names it: {\"from\": \"FILE\"}).",
            valueName: "file"))
    var emitRoutes: String?

    @Option(
        help: ArgumentHelp(
            "Write the App Intents, app entities and App Shortcuts found (titles, parameters, phrases) as JSON, to this file.",
            valueName: "file"))
    var emitIntents: String?

    func validate() throws {
        try UsageChecks.now(now)
        try UsageChecks.baselines(reading: flags.baseline, writing: flags.writeBaseline)
        if emitPayloads == ReportWriter.standardOutput {
            throw ValidationError("--emit-payloads writes one file per donation: give it a folder, not -")
        }
    }

    func run() throws {
        let configuration = try config.load()
        let settings = try LintSettings(flags: flags, configuration: configuration)
        // What the command line does not name, scan.paths of .proctor.json may (proctor init
        // writes the app target's sources there).
        var paths = flags.paths
        if paths.isEmpty, let configuration, let written = configuration.scanPaths { paths = written.value.map(configuration.resolve) }
        guard !paths.isEmpty || configuration?.scanPaths != nil else {
            throw ValidationError("name the folders of the app's Swift sources, e.g. 'proctor scan Sources/', or give scan.paths in .proctor.json")
        }
        try ReportOptions.validate(settings.reports.value)
        // A scan's baseline is its own, named on the command line: lint.baseline in .proctor.json
        // holds payload findings.
        let baselinePath = flags.writeBaseline ?? flags.baseline
        let reportPaths = (settings.reports.value.isEmpty ? [ReportWriter.standardOutput] : settings.reports.value.map(\.destination))
        for (path, what) in [(emitRoutes, "the routes file"), (emitIntents, "the intents file"), (baselinePath, "the baseline")] {
            guard let path else { continue }
            try UsageChecks.noReport(replaces: path, what: what, reportDestinations: reportPaths, countingStandardOutput: true)
        }
        if let emitRoutes, let baselinePath, ReportWriter.clash(among: [emitRoutes, baselinePath]) != nil {
            throw ValidationError("the routes file and the baseline would be the same file ('\(VisibleText.escaped(emitRoutes))')")
        }
        for (other, what) in [(emitRoutes, "the routes file"), (baselinePath, "the baseline")] {
            guard let emitIntents, let other, ReportWriter.clash(among: [emitIntents, other]) != nil else { continue }
            throw ValidationError("the intents file and \(what) would be the same file ('\(VisibleText.escaped(emitIntents))')")
        }
        let outputs = try RunOutputs.checked(
            reports: settings.reports.value, writingBaseline: flags.writeBaseline,
            against: paths.map { ($0, "an input") } + (settings.infoPlist.value.map { [($0, "the Info.plist")] } ?? [])
                + (flags.baseline.map { [($0, "the baseline")] } ?? []) + (configuration.map { [($0.path, "the configuration file")] } ?? [])
                + settings.sites.value.map { ($0.path, "the apple-app-site-association file of \($0.domain)") }
                + settings.entitlements.value.map { ($0, "the entitlements file") })
        let baseline = try flags.baseline.map { path throws(ExitCode) in try Lint.readBaseline(path) }
        var options = LintOptions(
            infoPlistPath: settings.infoPlist.value, bundleIdentifier: settings.bundleIdentifier.value, now: now.flatMap(DateFormat.parse) ?? Date(),
            strict: settings.strict.value, parallel: false,
            configuration: AppConfiguration(
                deploymentTarget: settings.deploymentTarget.value, serviceNames: settings.serviceNames.value,
                teamIdentifier: settings.teamIdentifier.value),
            // The association files of the app's domains, for the rules over universal links,
            // and its entitlements files, for the Communication Notifications entitlement.
            declaredFiles: DeclaredFiles(entitlements: settings.entitlements.value, sites: settings.sites.value),
            rules: settings.rules.value)
        // The configuration's defaultExcludes apply; its lint.include and lint.exclude do not.
        options.filter = flags.filter.filter(configuration: configuration, include: nil, exclude: nil).filter
        options.pathRules = settings.pathRules(in: configuration)
        options.outputs = outputs
        var scan: SourceScan
        if let (apps, elsewhere) = try projectApps(paths: paths, configuration: configuration, settings: settings, options: options) {
            scan = SourceScanner.scan(paths: paths, apps: apps, compiledElsewhere: elsewhere, options: options)
        } else {
            scan = SourceScanner.scan(paths: paths, options: options)
        }
        if paths.isEmpty, let configuration, let written = configuration.scanPaths {
            var file = FileResult(path: configuration.path)
            file.inputErrors = [
                InputError(
                    code: ProblemCode.noInputs, message: "nothing to scan: scan.paths is empty; give the folders of the app's Swift sources",
                    location: written.location)
            ]
            scan.result.files.append(file)
        }
        try outputs.refuseRecordedClashes()
        var wrote = true
        if let emitPayloads {
            let allRead = scan.result.files.allSatisfy { $0.inputErrors.isEmpty }
            wrote = ScanOutputWriter.writePayloads(scan.payloads, to: emitPayloads, removingStale: allRead) && wrote
        }
        if let emitRoutes { wrote = ScanOutputWriter.writeRoutes(scan.routesText, to: emitRoutes) && wrote }
        if let emitIntents { wrote = ScanOutputWriter.writeIntents(scan.appIntents.text, to: emitIntents) && wrote }
        let (report, wroteBaseline) = Lint.report(
            scan.result, writingBaseline: flags.writeBaseline, baseline: baseline, strict: settings.baselineStrict.value)
        wrote =
            ReportOptions.write(report, to: settings.reports.value, options: flags.output, junitCases: settings.junitCases.value) && wroteBaseline
            && wrote
        throw processExitCode(for: report, wroteReports: wrote)
    }

    /// The apps of the Xcode projects the scan judges files for: those `--project` names; else,
    /// unless an Info.plist is given on the command line (or in `.proctor.json` without
    /// `targets`), the projects `.proctor.json`'s `targets` name (as `proctor init` writes them),
    /// or those found under the scanned folders. Nil for a scan against one Info.plist (or none).
    /// A project named that cannot be read is a usage error; one found that cannot be read is
    /// said on standard error and left out.
    private func projectApps(
        paths: [String], configuration: ProjectConfiguration?, settings: LintSettings, options: LintOptions
    ) throws -> (apps: [ProjectApp], elsewhere: Set<FileIdentity>)? {
        var found: [(path: String, named: Bool)] = projects.map { ($0, true) }
        let targets = configuration?.targets?.value ?? []
        let plistFromFlag: Bool = if case .flag = settings.infoPlist.origin { true } else { false }
        let usesOnePlist = plistFromFlag || (settings.infoPlist.value != nil && targets.isEmpty)
        if projects.isEmpty && !usesOnePlist {
            if let configuration, !targets.isEmpty {
                var seen: Set<String> = []
                for project in targets.compactMap(\.project) where seen.insert(project).inserted {
                    found.append((configuration.resolve(project), false))
                }
            } else {
                for path in paths where Self.isFolder(path) {
                    found += XcodeProject.find(in: path).map { (Paths.joined(path, $0), false) }
                }
            }
        }
        guard !found.isEmpty else { return nil }
        // Each app's facts are its own build settings'; only what the command line states is laid
        // over every app. The file's app.bundleIdentifier, deploymentTarget and teamIdentifier
        // (proctor init writes the first app's there) would make every other app that app.
        var perApp = options
        func fromFlag<Value>(_ setting: LintSettings.Setting<Value?>) -> Value? {
            if case .flag = setting.origin { setting.value } else { nil }
        }
        perApp.bundleIdentifier = fromFlag(settings.bundleIdentifier)
        perApp.configuration = AppConfiguration(
            deploymentTarget: fromFlag(settings.deploymentTarget), serviceNames: settings.serviceNames.value,
            teamIdentifier: fromFlag(settings.teamIdentifier))
        var apps: [ProjectApp] = []
        var compiled: Set<FileIdentity> = []
        var read: Set<FileIdentity> = []
        for (path, named) in found {
            // One project named twice (`--project X --project ./X`, a folder inside another) is read once.
            if let identity = FileIdentity(path: path), !read.insert(identity).inserted { continue }
            switch XcodeProject.read(path, root: ".") {
            case .success(let project):
                apps += ProjectApp.apps(of: project, root: ".", options: perApp)
                compiled.formUnion(ProjectApp.compiledFiles(of: project, root: "."))
            case .failure(let error):
                let message = "\(VisibleText.escaped(error.location.compilerStyle)): \(VisibleText.escaped(error.message))"
                if named { throw ValidationError("--project: \(message)") }
                Output.standardError("proctor: the Xcode project is not read: \(message)\n")
            }
        }
        if apps.isEmpty && projects.isEmpty { return nil }
        // Entitlements files the command line names are every app's, as its other facts are;
        // else each app's are its targets' CODE_SIGN_ENTITLEMENTS.
        if case .flag = settings.entitlements.origin, !settings.entitlements.value.isEmpty {
            for index in apps.indices {
                apps[index].entitlements = settings.entitlements.value
                apps[index].missingEntitlements = []
            }
        }
        return (apps, compiled.subtracting(apps.reduce(into: Set<FileIdentity>()) { $0.formUnion($1.members) }))
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
