import ArgumentParser
import Foundation
import ProctorConfiguration
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorLint
import ProctorReports

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
        func pick<Value>(
            _ flag: Value?, _ name: String, _ file: ProjectConfiguration.Located<Value>?, resolve: (Value) -> Value = { $0 }, default standard: Value
        ) -> Setting<Value> {
            if let flag { return Setting(value: flag, origin: .flag(name)) }
            if let file { return Setting(value: resolve(file.value), origin: .file(file.location)) }
            return Setting(value: standard, origin: .standard)
        }
        func optional<Value>(_ flag: Value?, _ name: String, _ file: ProjectConfiguration.Located<Value>?, resolve: (Value) -> Value = { $0 })
            -> Setting<Value?>
        {
            if let flag { return Setting(value: flag, origin: .flag(name)) }
            if let file { return Setting(value: resolve(file.value), origin: .file(file.location)) }
            return Setting(value: nil, origin: .standard)
        }
        let resolve = { (path: String) in configuration?.resolve(path) ?? path }
        paths = pick(flags.paths.isEmpty ? nil : flags.paths, "", configuration?.lintPaths, resolve: { $0.map(resolve) }, default: [])
        projects =
            flags.paths.isEmpty
            ? pick(nil, "", configuration?.projects, resolve: { _ in configuration?.projectFiles ?? [] }, default: [])
            : Setting(value: [], origin: .flag(""))
        infoPlist = optional(flags.infoPlist, "info-plist", configuration?.infoPlist, resolve: resolve)
        bundleIdentifier = optional(flags.bundleIdentifier, "bundle-identifier", configuration?.bundleIdentifier)
        teamIdentifier = optional(flags.teamIdentifier, "team-identifier", configuration?.teamIdentifier)
        deploymentTarget = optional(flags.deploymentTarget.flatMap(OSVersion.init), "deployment-target", configuration?.deploymentTarget)
        serviceNames = optional(flags.serviceNames.isEmpty ? nil : flags.serviceNames, "service-name", configuration?.serviceNames)
        entitlements = pick(
            flags.entitlements.isEmpty ? nil : flags.entitlements, "entitlements", configuration?.entitlements, resolve: { $0.map(resolve) },
            default: [])
        sites = pick(
            flags.sites.isEmpty ? nil : flags.sites.map { ($0.domain, $0.path) }, "aasa", configuration?.sites,
            resolve: { $0.map { ($0.domain, resolve($0.path)) } }, default: [])
        rules = pick(nil, "", configuration?.rules, default: RuleSettings())
        overrides = pick(nil, "", configuration?.overrides, default: [])
        (filter, include, exclude) = flags.filter.filter(
            configuration: configuration, include: configuration?.lintInclude, exclude: configuration?.lintExclude)
        reports = try Self.reports(flags.reports, configuration?.lintReports, in: configuration)
        junitCases = pick(flags.junitCases, "junit-cases", configuration?.junitCases, default: .file)
        strict = pick(flags.strict, flags.strict == true ? "strict" : "no-strict", configuration?.strict, default: false)
        baseline = optional(flags.baseline, "baseline", configuration?.baseline, resolve: resolve)
        baselineStrict = pick(
            flags.baselineStrict, flags.baselineStrict == true ? "baseline-strict" : "no-baseline-strict", configuration?.baselineStrict,
            default: false)
        scanPaths = pick(nil, "", configuration?.scanPaths, resolve: { $0.map(resolve) }, default: [])
        targets = pick(
            nil, "",
            configuration?.targets.map {
                ProjectConfiguration.Located(
                    value: $0.value.map { target in
                        target.name + " (" + target.kind + (target.embeddedIn.map { " in " + $0 } ?? "") + ")"
                    }, location: $0.location)
            }, default: [])
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
                throw ValidationError(
                    "\(written.location.compilerStyle): '\(VisibleText.escaped(text))' is not FORMAT[:PATH] with a format of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
                )
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
            "[" + override.files.map(\.description).joined(separator: " ")
                + (override.exclude.isEmpty ? "" : " except " + override.exclude.map(\.description).joined(separator: " "))
                + ": " + override.rules.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.name(of: $0.value))" }.joined(separator: " ")
                + "]"
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
            text +=
                name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + VisibleText.escaped(value) + "  [" + origin.description + "]\n"
        }
        return text
    }
}
