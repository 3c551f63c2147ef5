import ArgumentParser
import Foundation
import ProctorToolSupport

/// `--config PATH` and `--no-config`, and the `.proctor.json` they choose: the one named, else
/// the one in the current directory or the nearest folder above it (docs/configuration.md).
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp("The project's configuration file (default: .proctor.json here or in the nearest folder above).", valueName: "path"))
    var path: String?

    @Flag(name: .customLong("no-config"), help: "Read no configuration file.")
    var noConfig = false

    func validate() throws {
        if path != nil && noConfig { throw ValidationError("give either --config or --no-config, not both") }
    }

    /// The configuration, or nil when none applies. A file that cannot be read or is malformed
    /// stops the command before any work: each problem is printed with its location, exit 64.
    func load() throws(ExitCode) -> ProjectConfiguration? {
        guard !noConfig, let file = path ?? ProjectConfiguration.find().map(Self.relative) else { return nil }
        return try Self.load(file)
    }

    /// Reads the configuration file at `file`; its problems are printed, located, and end the
    /// command with exit 64.
    static func load(_ file: String) throws(ExitCode) -> ProjectConfiguration {
        let bytes: [UInt8]
        switch InputFiles.load(file, limit: 1 << 20, naming: "the configuration file") {
        case .failure(let error):
            Output.standardError("\(error.location.compilerStyle): error: \(error.message) [\(error.code)]\n")
            throw ExitCode(64)
        case .success(let loaded): bytes = loaded
        }
        switch ProjectConfiguration.read(bytes, path: file, knownRules: BuiltInRules.all.map { type(of: $0).description.id }) {
        case .success(let configuration): return configuration
        case .failure(let problems):
            for error in problems.errors { Output.standardError("\(error.location.compilerStyle): error: \(error.message) [\(error.code)]\n") }
            throw ExitCode(64)
        }
    }

    /// A found file's path as the user would type it, relative to the current directory
    /// (`../../.proctor.json` for one found above it), so that the paths it gives, and the
    /// reports that print them, hold no absolute path the user did not give.
    static func relative(_ path: String) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < current.count, common < target.count, current[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: current.count - common) + target[common...]
        return parts.joined(separator: "/")
    }
}

/// `--include` and `--exclude`: which walked files a command reads, as path patterns relative to
/// the current directory (docs/configuration.md, "Include and exclude"). Each replaces the
/// configuration's list of the same name when given.
struct PathFilterOptions: ParsableArguments {
    @Option(name: .customLong("include"), help: ArgumentHelp("Read only the walked files this pattern matches (*.json, payloads/**/*.json). Repeatable.", valueName: "pattern"))
    var include: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Leave out the walked files and folders this pattern matches (legacy, **/fixtures). Repeatable; wins over --include.", valueName: "pattern"))
    var exclude: [String] = []

    @Flag(name: .customLong("no-default-excludes"), help: "Walk DerivedData, Pods, Carthage, node_modules and asset catalogs (*.xcassets) too.")
    var noDefaultExcludes = false

    func validate() throws {
        for (flag, texts) in [("include", include), ("exclude", exclude)] {
            for text in texts {
                do throws(PathPattern.Invalid) { _ = try PathPattern(text) } catch { throw ValidationError("--\(flag): \(error.reason)") }
            }
        }
    }

    /// The filter of a run: each list from its flag when given (relative to the current
    /// directory), else from the configuration (relative to its folder).
    func filter(
        configuration: ProjectConfiguration?, include written: ProjectConfiguration.Located<[PathPattern]>?, exclude writtenExclude: ProjectConfiguration.Located<[PathPattern]>?
    ) -> (filter: PathFilter, include: LintSettings.Setting<[String]>, exclude: LintSettings.Setting<[String]>) {
        var sets: [PathFilter.Patterns] = []
        func pick(_ flags: [String], _ name: String, _ file: ProjectConfiguration.Located<[PathPattern]>?, _ make: ([PathPattern], String) -> PathFilter.Patterns) -> LintSettings.Setting<[String]> {
            if !flags.isEmpty {
                sets.append(make(flags.compactMap { try? PathPattern($0) }, ""))
                return LintSettings.Setting(value: flags, origin: .flag(name))
            }
            if let file, let configuration {
                sets.append(make(file.value, configuration.directory))
                return LintSettings.Setting(value: file.value.map(\.description), origin: .file(file.location))
            }
            return LintSettings.Setting(value: [], origin: .standard)
        }
        let include = pick(self.include, "include", written) { PathFilter.Patterns(base: $1, include: $0) }
        let exclude = pick(self.exclude, "exclude", writtenExclude) { PathFilter.Patterns(base: $1, exclude: $0) }
        // The flag, else the file's `defaultExcludes`, else on.
        let usesDefaultExcludes = !noDefaultExcludes && (configuration?.defaultExcludes?.value ?? true)
        return (PathFilter(sets, usesDefaultExcludes: usesDefaultExcludes), include, exclude)
    }
}

/// Every setting of `proctor lint`, with where it came from: a flag, the configuration file
/// (file, line, column), or Proctor's default. Flags win over the file.
struct LintSettings {
    enum Origin: CustomStringConvertible {
        case flag(String)
        case file(SourceLocation)
        case standard

        var description: String {
            switch self {
            case .flag(let name): name.isEmpty ? "command line" : "--\(name)"
            case .file(let location): location.compilerStyle
            case .standard: "default"
            }
        }
    }

    struct Setting<Value> {
        var value: Value
        var origin: Origin
    }

    var configurationFile: String?
    /// The configurations of the projects a plain `proctor lint` lints here.
    var projects: Setting<[String]>
    var paths: Setting<[String]>
    var infoPlist: Setting<String?>
    var bundleIdentifier: Setting<String?>
    var teamIdentifier: Setting<String?>
    var deploymentTarget: Setting<OSVersion?>
    var serviceNames: Setting<[String]?>
    var entitlements: Setting<[String]>
    var sites: Setting<[(domain: String, path: String)]>
    var rules: Setting<RuleSettings>
    var overrides: Setting<[ProjectConfiguration.Override]>
    var filter: PathFilter
    var include: Setting<[String]>
    var exclude: Setting<[String]>
    var reports: Setting<[ReportRequest]>
    var junitCases: Setting<JUnitCases>
    var strict: Setting<Bool>
    var baseline: Setting<String?>
    var baselineStrict: Setting<Bool>
    /// `scan.paths` and `targets`, shown by `proctor config print`.
    var scanPaths: Setting<[String]>
    var targets: Setting<[String]>

    /// The files these settings make a run read, each with what it is, for ``RunOutputs``: a
    /// report must not be written over one. The paths' folders are walked, and a report among
    /// their files is left out of the walk instead (``InputFiles/collect(_:selecting:filter:leavingOut:)``).
    func inputs(readingBaseline: Bool) -> [(path: String, what: String)] {
        var inputs: [(path: String, what: String)] = paths.value.map { ($0, "an input") }
        if let configurationFile { inputs.append((configurationFile, "the configuration file")) }
        if let path = infoPlist.value { inputs.append((path, "the Info.plist")) }
        inputs += entitlements.value.map { ($0, "the entitlements file") }
        inputs += sites.value.map { ($0.path, "the apple-app-site-association file of \($0.domain)") }
        if readingBaseline, let path = baseline.value { inputs.append((path, "the baseline")) }
        return inputs
    }

    /// Lays the flags over the file. `flags` holds what the command line gave (nil or empty
    /// when not given).
    init(flags: Lint.Flags, configuration: ProjectConfiguration?) throws {
        configurationFile = configuration?.path
        func pick<Value>(_ flag: Value?, _ name: String, _ file: ProjectConfiguration.Located<Value>?, resolve: (Value) -> Value = { $0 }, default standard: Value) -> Setting<Value> {
            if let flag { return Setting(value: flag, origin: .flag(name)) }
            if let file { return Setting(value: resolve(file.value), origin: .file(file.location)) }
            return Setting(value: standard, origin: .standard)
        }
        func optional<Value>(_ flag: Value?, _ name: String, _ file: ProjectConfiguration.Located<Value>?, resolve: (Value) -> Value = { $0 }) -> Setting<Value?> {
            if let flag { return Setting(value: flag, origin: .flag(name)) }
            if let file { return Setting(value: resolve(file.value), origin: .file(file.location)) }
            return Setting(value: nil, origin: .standard)
        }
        let resolve = { (path: String) in configuration?.resolve(path) ?? path }
        paths = pick(flags.paths.isEmpty ? nil : flags.paths, "", configuration?.lintPaths, resolve: { $0.map(resolve) }, default: [])
        projects = flags.paths.isEmpty
            ? pick(nil, "", configuration?.projects, resolve: { _ in configuration?.projectFiles ?? [] }, default: [])
            : Setting(value: [], origin: .flag(""))
        infoPlist = optional(flags.infoPlist, "info-plist", configuration?.infoPlist, resolve: resolve)
        bundleIdentifier = optional(flags.bundleIdentifier, "bundle-identifier", configuration?.bundleIdentifier)
        teamIdentifier = optional(flags.teamIdentifier, "team-identifier", configuration?.teamIdentifier)
        deploymentTarget = optional(flags.deploymentTarget.flatMap(OSVersion.init), "deployment-target", configuration?.deploymentTarget)
        serviceNames = optional(flags.serviceNames.isEmpty ? nil : flags.serviceNames, "service-name", configuration?.serviceNames)
        entitlements = pick(flags.entitlements.isEmpty ? nil : flags.entitlements, "entitlements", configuration?.entitlements, resolve: { $0.map(resolve) }, default: [])
        sites = pick(
            flags.sites.isEmpty ? nil : flags.sites.map { ($0.domain, $0.path) }, "aasa", configuration?.sites,
            resolve: { $0.map { ($0.domain, resolve($0.path)) } }, default: [])
        rules = pick(nil, "", configuration?.rules, default: RuleSettings())
        overrides = pick(nil, "", configuration?.overrides, default: [])
        (filter, include, exclude) = flags.filter.filter(configuration: configuration, include: configuration?.lintInclude, exclude: configuration?.lintExclude)
        reports = try Self.reports(flags.reports, configuration?.lintReports, in: configuration)
        junitCases = pick(flags.junitCases, "junit-cases", configuration?.junitCases, default: .file)
        strict = pick(flags.strict, flags.strict == true ? "strict" : "no-strict", configuration?.strict, default: false)
        baseline = optional(flags.baseline, "baseline", configuration?.baseline, resolve: resolve)
        baselineStrict = pick(
            flags.baselineStrict, flags.baselineStrict == true ? "baseline-strict" : "no-baseline-strict", configuration?.baselineStrict, default: false)
        scanPaths = pick(nil, "", configuration?.scanPaths, resolve: { $0.map(resolve) }, default: [])
        targets = pick(nil, "", configuration?.targets.map { ProjectConfiguration.Located(value: $0.value.map { target in
            target.name + " (" + target.kind + (target.embeddedIn.map { " in " + $0 } ?? "") + ")"
        }, location: $0.location) }, default: [])
    }

    /// The reports to write: the flags', else the file's (paths relative to the file), else
    /// text on standard output. A report the file writes wrongly is a usage error at its place.
    static func reports(
        _ flags: [ReportRequest], _ written: ProjectConfiguration.Located<[String]>?, in configuration: ProjectConfiguration?
    ) throws -> Setting<[ReportRequest]> {
        if !flags.isEmpty { return Setting(value: flags, origin: .flag("report")) }
        guard let written, let configuration else { return Setting(value: [ReportRequest(argument: "text")!], origin: .standard) }
        var requests: [ReportRequest] = []
        for text in written.value {
            guard var request = ReportRequest(argument: text) else {
                throw ValidationError("\(written.location.compilerStyle): '\(VisibleText.escaped(text))' is not FORMAT[:PATH] with a format of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            request.path = request.path.map(configuration.resolve)
            requests.append(request)
        }
        return Setting(value: requests, origin: .file(written.location))
    }

    static func name(of setting: RuleSettings.Setting) -> String {
        switch setting {
        case .off: "off"
        case .severity(let severity): severity.rawValue
        }
    }

    /// The overrides as the linter applies them, relative to the configuration's folder.
    func pathRules(in configuration: ProjectConfiguration?) -> PathRules {
        PathRules((configuration?.pathRules ?? []).map { PathRules.Override(files: $0.files, rules: $0.rules) })
    }

    /// `proctor config print`: one line per setting, its value and where it came from.
    var description: String {
        func show(_ values: [String]) -> String { values.isEmpty ? "(none)" : values.joined(separator: " ") }
        var rows: [(String, String, Origin)] = [
            ("projects", show(projects.value), projects.origin),
            ("lint.paths", show(paths.value), paths.origin),
            ("app.infoPlist", infoPlist.value ?? "(none)", infoPlist.origin),
            ("app.bundleIdentifier", bundleIdentifier.value ?? "(from the Info.plist)", bundleIdentifier.origin),
            ("app.teamIdentifier", teamIdentifier.value ?? "(none)", teamIdentifier.origin),
            ("app.deploymentTarget", deploymentTarget.value.map { "\($0)" } ?? "(from the Info.plist)", deploymentTarget.origin),
            ("app.serviceNames", show(serviceNames.value ?? []), serviceNames.origin),
            ("app.entitlements", show(entitlements.value), entitlements.origin),
            ("app.sites", show(sites.value.map { "\($0.domain)=\($0.path)" }), sites.origin),
            ("targets", targets.value.isEmpty ? "(none)" : targets.value.joined(separator: ", "), targets.origin),
            ("scan.paths", show(scanPaths.value), scanPaths.origin),
        ]
        let ruleLines = rules.value.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.name(of: $0.value))" }
        rows.append(("rules", show(ruleLines), rules.origin))
        let overrideLines = overrides.value.map { override in
            "[" + override.files.map(\.description).joined(separator: " ") + (override.exclude.isEmpty ? "" : " except " + override.exclude.map(\.description).joined(separator: " "))
                + ": " + override.rules.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.name(of: $0.value))" }.joined(separator: " ") + "]"
        }
        rows.append(("overrides", show(overrideLines), overrides.origin))
        rows.append(("lint.include", show(include.value), include.origin))
        rows.append(("lint.exclude", show(exclude.value), exclude.origin))
        rows.append(("lint.reports", show(reports.value.map { $0.format.rawValue + ($0.path.map { ":" + $0 } ?? "") }), reports.origin))
        rows.append(("lint.junitCases", junitCases.value.rawValue, junitCases.origin))
        rows.append(("strict", strict.value ? "true" : "false", strict.origin))
        rows.append(("lint.baseline", baseline.value ?? "(none)", baseline.origin))
        rows.append(("lint.baselineStrict", baselineStrict.value ? "true" : "false", baselineStrict.origin))
        let width = rows.map(\.0.count).max() ?? 0
        // Values and paths come from .proctor.json: one line each, whatever they hold.
        var text = "configuration: \(VisibleText.path(configurationFile ?? "(none)"))\n"
        for (name, value, origin) in rows {
            text += name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + VisibleText.escaped(value) + "  [" + origin.description + "]\n"
        }
        return text
    }
}

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the project's configuration.", subcommands: [Print.self])

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the settings proctor lint would use, and where each comes from: a flag, .proctor.json (file:line:column) or the default.",
            discussion: "Takes the same options as proctor lint, so a flag's effect can be seen. See docs/configuration.md.")

        @OptionGroup var flags: Lint.Flags
        @OptionGroup var config: ConfigurationOptions

        func run() throws {
            let settings = try LintSettings(flags: flags, configuration: try config.load())
            try Output.standardOutput(settings.description)
        }
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a starter .proctor.json here from what the repository holds: the app's Info.plist, entitlements, team and scenarios.",
        discussion: "Asks nothing and never replaces a file: an existing .proctor.json is left as it is (exit 64). See docs/configuration.md.")

    func run() throws {
        let path = ProjectConfiguration.fileName
        let discovery = ProjectDiscovery.discover(in: FileManager.default.currentDirectoryPath)
        let text = discovery.configurationText
        // What init writes, lint must read: a check of the writer, not of the user's input.
        if case .failure(let problems) = ProjectConfiguration.read(Array(text.utf8), path: path, knownRules: []) {
            let first = problems.errors.first.map { " (\($0.location.compilerStyle): \(VisibleText.escaped($0.message)))" } ?? ""
            Output.standardError("error: the starter configuration Proctor made does not read back\(first); please report it\n")
            throw ExitCode(70)
        }
        // Created, never replaced: O_EXCL fails when anything (a file, a link) is already there.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST {
                Output.standardError("error: \(path) already exists here; edit it, or remove it to start again\n")
                throw ExitCode(64)
            }
            Output.standardError("error: cannot create \(path): \(String(cString: strerror(errno)))\n")
            throw ExitCode(3)
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else {
            Output.standardError("error: cannot write \(path)\n")
            throw ExitCode(3)
        }
        var summary = "wrote \(path):\n"
        func line(_ key: String, _ value: String, _ why: String) { summary += "  \(key.padding(toLength: 22, withPad: " ", startingAt: 0))\(value)  (\(why))\n" }
        if !discovery.projectFolders.isEmpty {
            line("projects", discovery.projectFolders.joined(separator: " "), "folders with a .proctor.json of their own; proctor lint lints each with its facts")
        }
        if let xcode = discovery.xcode {
            for failure in xcode.failures { summary += "  \(failure.location.compilerStyle): \(failure.message) (left out)\n" }
            for project in xcode.projects {
                let configurations = Set(project.targets.map(\.configuration)).sorted().joined(separator: ", ")
                summary += project.targets.isEmpty
                    ? "  \(project.path): no native target\n"
                    : "  \(project.path): \(project.targets.count) target\(project.targets.count == 1 ? "" : "s"), settings of the \(configurations) configuration\n"
            }
        }
        if let xcode = discovery.xcode, let primary = xcode.primary {
            summary += "  app                   \(primary.target.name)  (\(primary.why))\n"
            if let plist = discovery.infoPlist {
                line("app.infoPlist", plist.value, plist.source)
            } else {
                line("app.infoPlist", "(none)", primary.target.generatesInfoPlist ? "Xcode generates it from build settings; lint judges no Info.plist" : "the target names none")
            }
            if let bundle = discovery.bundleIdentifier { line("app.bundleIdentifier", bundle.value, "PRODUCT_BUNDLE_IDENTIFIER, \(bundle.source)") }
            if let team = discovery.teamIdentifier { line("app.teamIdentifier", team.value, "DEVELOPMENT_TEAM, \(team.source)") }
            if let target = discovery.deploymentTarget { line("app.deploymentTarget", target.value, "IPHONEOS_DEPLOYMENT_TARGET, \(target.source)") }
            if let entitlements = primary.target.entitlements { line("app.entitlements", entitlements.value, "CODE_SIGN_ENTITLEMENTS, \(entitlements.source)") }
            summary += "  targets:\n"
            for entry in xcode.entries {
                let target = entry.target
                let role = target.extensionRole.map { "\($0) extension" } ?? target.kind.phrase
                summary += "    \(target.name)  (\(role)\(entry.host.map { " of \($0)" } ?? ""))\n"
                func detail(_ key: String, _ value: String, _ why: String) { summary += "      \(key.padding(toLength: 18, withPad: " ", startingAt: 0))\(value)  (\(why))\n" }
                if let plist = target.infoPlist {
                    detail("infoPlist", plist.value, "INFOPLIST_FILE, \(plist.source)" + (target.generatesInfoPlist ? "; Xcode adds generated keys" : ""))
                } else if target.generatesInfoPlist {
                    detail("infoPlist", "(generated)", "GENERATE_INFOPLIST_FILE; \(target.generatedInfoPlist.count) keys from build settings")
                } else {
                    detail("infoPlist", "(none)", "not resolved")
                }
                detail("bundleIdentifier", target.bundleIdentifier?.value ?? "(none)", target.bundleIdentifier.map { "PRODUCT_BUNDLE_IDENTIFIER, \($0.source)" } ?? "not resolved")
                if let entitlements = target.entitlements { detail("entitlements", entitlements.value, "CODE_SIGN_ENTITLEMENTS, \(entitlements.source)") }
                detail("sources", entry.sources.isEmpty ? "(none)" : entry.sources.count > 4 ? entry.sources.prefix(4).joined(separator: " ") + " …" : entry.sources.joined(separator: " "),
                       "\(target.swiftFiles.count) Swift file\(target.swiftFiles.count == 1 ? "" : "s")")
            }
            if !xcode.leftOut.isEmpty {
                summary += "  left out: " + xcode.leftOut.map { "\($0.name) (\($0.why))" }.joined(separator: ", ") + "\n"
            }
            let notes = xcode.notes
            if !notes.isEmpty {
                summary += "  not resolved (\(notes.count)):\n"
                for note in notes.prefix(20) { summary += "    \(VisibleText.escaped(note.description))\n" }
                if notes.count > 20 { summary += "    … and \(notes.count - 20) more\n" }
            }
        } else {
            if let xcode = discovery.xcode, xcode.failures.isEmpty {
                summary += "  (no iOS application target in the Xcode projects; the facts below come from the files found)\n"
            }
            if let plist = discovery.infoPlist {
                line("app.infoPlist", plist.value, plist.source)
            } else if discovery.projectFolders.isEmpty {
                line("app.infoPlist", "(none found)", "give the app's Info.plist")
            }
            if !discovery.otherInfoPlists.isEmpty { summary += "  (other Info.plists, not the app's: \(discovery.otherInfoPlists.joined(separator: ", ")))\n" }
            if let team = discovery.teamIdentifier { line("app.teamIdentifier", team.value, "DEVELOPMENT_TEAM, \(team.source)") }
            if let bundle = discovery.bundleIdentifier { line("app.bundleIdentifier", bundle.value, "PRODUCT_BUNDLE_IDENTIFIER, \(bundle.source)") }
            if let target = discovery.deploymentTarget { line("app.deploymentTarget", target.value, "IPHONEOS_DEPLOYMENT_TARGET, \(target.source)") }
            if !discovery.entitlements.isEmpty { line("app.entitlements", discovery.entitlements.joined(separator: " "), "the .entitlements files") }
        }
        if !discovery.siteFolders.isEmpty || discovery.projectFolders.isEmpty {
            line(
                "lint.paths", discovery.siteFolders.isEmpty ? "(none)" : discovery.siteFolders.joined(separator: " "),
                discovery.siteFolders.isEmpty
                    ? "no payload folder found: lint checks the app's Info.plist and entitlements; add your payload folders"
                    : "folders of apple-app-site-association files; add your payload folders")
        }
        if let scanPaths = discovery.xcode?.scanPaths {
            line("scan.paths", scanPaths.isEmpty ? "(none)" : scanPaths.count > 6 ? scanPaths.prefix(6).joined(separator: " ") + " … (\(scanPaths.count))" : scanPaths.joined(separator: " "),
                 "the Swift sources of \(discovery.xcode?.primary?.target.name ?? "the app") and the extensions it embeds"
                    + (discovery.xcode?.scannedFrameworks.isEmpty ?? true ? "" : " and of the frameworks it builds: " + (discovery.xcode?.scannedFrameworks ?? []).joined(separator: ", ")))
        }
        if discovery.xcode?.scanPaths == nil, let folders = discovery.scanPathsWithoutProject {
            line("scan.paths", folders.joined(separator: " "), "no Xcode project says which files the app compiles: the folder of its Info.plist; check it")
        }
        line("run.paths", discovery.scenarioFolders.joined(separator: " "), "folders of *.scenario.json")
        summary += discovery.xcode?.scanPaths != nil || discovery.scanPathsWithoutProject != nil
            ? "next: check the file, then run proctor lint and proctor scan; add the folders of your donation payloads to lint.paths\n"
            : "next: check the file, add the folders of your donation payloads to lint.paths, then run proctor lint\n"
        try Output.standardOutput(summary)
    }
}
