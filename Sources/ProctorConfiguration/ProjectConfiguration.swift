import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorJSON
import ProctorReports

/// A project's `.proctor.json`: the facts about the app, the inputs, the rules and the reports,
/// written once instead of as flags on every command (docs/configuration.md). Relative paths in
/// it are relative to the file's folder, so the file means the same from wherever it is used.
/// Every value remembers where it is written, for `proctor config print` and for errors.
package struct ProjectConfiguration: Sendable {
    package static let fileName = ".proctor.json"
    package static let format = 1

    /// A value and the place in the file that gives it.
    package struct Located<Value: Sendable>: Sendable {
        package var value: Value
        package var location: SourceLocation

        package init(value: Value, location: SourceLocation) {
            self.value = value
            self.location = location
        }
    }

    /// The file, as it was named or found.
    package var path: String
    /// Its folder: what relative paths in it are relative to ("" for the current directory).
    package var directory: String

    package var infoPlist: Located<String>?
    package var bundleIdentifier: Located<String>?
    package var teamIdentifier: Located<String>?
    package var deploymentTarget: Located<OSVersion>?
    package var serviceNames: Located<[String]>?
    package var entitlements: Located<[String]>?
    /// `sites`: the association file each domain serves, as `--aasa DOMAIN=PATH`.
    package var sites: Located<[(domain: String, path: String)]>?
    /// `lint.paths`: what `proctor lint` reads when the command names nothing.
    package var lintPaths: Located<[String]>?
    /// `lint.reports`: as `lint --report`, each `FORMAT[:PATH]`.
    package var lintReports: Located<[String]>?
    /// `lint.baseline`: the findings the project accepts for now (`--baseline`).
    package var baseline: Located<String>?
    /// `lint.baselineStrict`: a baseline entry that matches no finding fails the run.
    package var baselineStrict: Located<Bool>?
    /// `lint.junitCases`: how the JUnit report of lint and scan lists its cases (`--junit-cases`).
    package var junitCases: Located<JUnitCases>?
    /// `run.paths`: what `proctor run` plays when the command names nothing.
    package var runPaths: Located<[String]>?
    /// `run.reports`: as `run --report`.
    package var runReports: Located<[String]>?
    /// `lint.include` and `lint.exclude`: which walked files `proctor lint` reads, as patterns
    /// relative to the file's folder (`--include`, `--exclude`).
    package var lintInclude: Located<[PathPattern]>?
    package var lintExclude: Located<[PathPattern]>?
    /// `run.include` and `run.exclude`, for the scenario files `proctor run` walks.
    package var runInclude: Located<[PathPattern]>?
    package var runExclude: Located<[PathPattern]>?
    /// `rules`: each rule off, or at a severity of the project's choosing (`proctor lint`).
    package var rules: Located<RuleSettings>?
    /// `overrides`: rule settings for the files some patterns match, later ones winning.
    package var overrides: Located<[Override]>?
    /// `projects`: folders (or files) of other configurations, each an app with its own facts,
    /// which a plain `proctor lint` here lints one after the other into one report.
    package var projects: Located<[String]>?
    /// `scan.paths`: what `proctor scan` reads when the command names nothing (the app's Swift
    /// sources).
    package var scanPaths: Located<[String]>?
    /// `targets`: the app targets of the Xcode project and their extensions, each with its own
    /// facts, as `proctor init` found them. `app` stays the facts lint and scan judge with.
    package var targets: Located<[Target]>?

    /// One entry of `targets`: an app or extension target, with its facts (paths relative to the
    /// file's folder, as everywhere in the file).
    package struct Target: Sendable {
        package static let keys = [
            "name", "project", "kind", "embeddedIn", "extensionPoint", "infoPlist", "generatedInfoPlist", "bundleIdentifier", "teamIdentifier",
            "deploymentTarget", "entitlements", "sources",
        ]
        /// The kinds a target entry takes: the applications and extensions an app ships.
        package static let kinds = ["application", "appClip", "appExtension", "extensionKitExtension", "watchApp", "watchExtension"]
        /// The target's name in its Xcode project.
        package var name: String
        /// The `.xcodeproj` it is a target of.
        package var project: String?
        /// One of ``kinds``.
        package var kind: String
        /// The name of the target (an entry of `targets`) whose bundle embeds this one.
        package var embeddedIn: String?
        package var extensionPoint: String?
        package var infoPlist: String?
        /// Xcode generates the Info.plist from build settings (merged with `infoPlist` when both).
        package var generatedInfoPlist: Bool
        package var bundleIdentifier: String?
        package var teamIdentifier: String?
        package var deploymentTarget: OSVersion?
        package var entitlements: [String]
        /// The files and folders of the Swift sources it compiles.
        package var sources: [String]
        /// Where the entry is written.
        package var location: SourceLocation
    }

    /// One entry of `overrides`.
    package struct Override: Sendable {
        package static let keys = ["files", "exclude", "rules"]
        package var files: [PathPattern]
        package var exclude: [PathPattern]
        package var rules: RuleSettings
    }
    package var strict: Located<Bool>?
    /// `defaultExcludes`: false walks the folders every walk leaves out otherwise (DerivedData,
    /// Pods, Carthage, node_modules, asset catalogs), for lint, scan and run.
    package var defaultExcludes: Located<Bool>?

    /// The keys of the file's top level and of `app`, in the order docs/configuration.md lists them.
    package static let keys = [
        "$schema", "format", "projects", "app", "targets", "lint", "scan", "run", "rules", "overrides", "strict", "defaultExcludes",
    ]
    package static let commandKeys = ["paths", "include", "exclude", "reports"]
    package static let lintKeys = ["paths", "include", "exclude", "reports", "junitCases", "baseline", "baselineStrict"]
    package static let appKeys = ["infoPlist", "bundleIdentifier", "teamIdentifier", "deploymentTarget", "serviceNames", "entitlements", "sites"]
    package static let ruleValues = ["off", "note", "warning", "error"]

    package static let unsupportedFormat = ProblemCode(
        "config_unsupported_format", summary: "A configuration file has a format other than 1, or none.")
    package static let unknownKey = ProblemCode("config_unknown_key", summary: "A configuration file has a key Proctor does not know.")
    package static let typeMismatch = ProblemCode("config_type_mismatch", summary: "A configuration value has the wrong JSON type.")
    package static let invalidValue = ProblemCode("config_invalid_value", summary: "A configuration value is not one Proctor can use.")
    package static let missingValue = ProblemCode("config_missing_value", summary: "A configuration file leaves out a value it needs.")
    static let codes = JSONFieldReader.Codes(
        typeMismatch: typeMismatch, missingValue: missingValue, invalidValue: invalidValue, unknownKey: unknownKey)

    /// A path written in the file, as the current directory sees it.
    package func resolve(_ relative: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return relative }
        if relative == "." { return directory }
        return (directory == "/" ? "" : directory) + "/" + (relative.hasPrefix("./") ? String(relative.dropFirst(2)) : relative)
    }

    /// The app facts the file states, as `lint`'s flags give them.
    package var appConfiguration: AppConfiguration {
        AppConfiguration(deploymentTarget: deploymentTarget?.value, serviceNames: serviceNames?.value, teamIdentifier: teamIdentifier?.value)
    }

    /// Reads a configuration file's bytes. Every problem is an error located in the file (line,
    /// column, JSON Pointer), and all of them are reported, not only the first; `knownRules` are
    /// the rule ids `rules` may name.
    package static func read(_ bytes: [UInt8], path: String, knownRules: [String]) -> Result<ProjectConfiguration, ConfigurationErrors> {
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .failure(let error): return .failure(ConfigurationErrors(errors: [InputError(error, in: source, file: path)]))
        case .success(let node): root = node
        }
        var reader = JSONFieldReader(codes: codes) { offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        }
        let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
        var configuration = ProjectConfiguration(path: path, directory: directory)
        configuration.decode(root, with: &reader, knownRules: knownRules)
        // In the order they are written, whatever order the decoder found them in.
        let errors = reader.problems.filter { $0.severity == .error }.map { InputError(code: $0.code, message: $0.message, location: $0.location) }
            .sorted { ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0) }
        return errors.isEmpty ? .success(configuration) : .failure(ConfigurationErrors(errors: errors))
    }

    private mutating func decode(_ root: JSONNode, with reader: inout JSONFieldReader, knownRules: [String]) {
        guard let object = reader.object(root, .root, what: "the configuration") else { return }
        reader.checkKeys(object, .root, allowed: Self.keys, in: "the configuration")
        if let format = reader.required(object, "format", root, .root) {
            if case .integer(let number) = format.value, number == Int64(Self.format) {
            } else {
                reader.report(
                    Self.unsupportedFormat, "this Proctor reads configuration format 1; write \"format\": 1", format, JSONPointer(["format"]))
            }
        }
        func located<Value>(_ value: Value?, _ node: JSONNode, _ pointer: JSONPointer) -> Located<Value>? {
            value.map { Located(value: $0, location: reader.location(of: node, pointer)) }
        }
        if let member = object["app"], let app = reader.object(member.value, JSONPointer(["app"]), what: "app") {
            let at = JSONPointer(["app"])
            reader.checkKeys(app, at, allowed: Self.appKeys, in: "app")
            for field in app.members {
                let pointer = at.appending(field.key)
                let node = field.value
                switch field.key {
                case "infoPlist": infoPlist = located(reader.nonEmptyString(node, pointer), node, pointer)
                case "bundleIdentifier": bundleIdentifier = located(reader.nonEmptyString(node, pointer), node, pointer)
                case "teamIdentifier":
                    guard let team = reader.string(node, pointer) else { continue }
                    if AppConfiguration.isTeamIdentifier(team) {
                        teamIdentifier = located(team, node, pointer)
                    } else {
                        reader.invalid("'\(team)' is not a Team ID: ten uppercase letters and digits, such as ABCDE12345", node, pointer)
                    }
                case "deploymentTarget":
                    guard let text = reader.string(node, pointer) else { continue }
                    if let version = OSVersion(text) {
                        deploymentTarget = located(version, node, pointer)
                    } else {
                        reader.invalid("'\(text)' is not an iOS version such as \"15.0\"", node, pointer)
                    }
                case "serviceNames": serviceNames = located(nonEmptyStrings(node, pointer, &reader), node, pointer)
                case "entitlements": entitlements = located(nonEmptyStrings(node, pointer, &reader), node, pointer)
                case "sites":
                    guard let domains = reader.object(node, pointer, what: "sites") else { continue }
                    var sites: [(domain: String, path: String)] = []
                    for site in domains.members {
                        // As --aasa takes it: a host name, compared in lower case.
                        let domain = site.key.lowercased()
                        guard !domain.isEmpty, !domain.contains("/"), !domain.contains(":"), !domain.contains(where: \.isWhitespace) else {
                            reader.report(
                                Self.invalidValue,
                                "'\(site.key)' is not a domain; sites are keyed by the domain that serves the file, such as example.com",
                                offset: site.keyOffset, pointer: pointer.appending(site.key))
                            continue
                        }
                        if let file = reader.nonEmptyString(site.value, pointer.appending(site.key)) { sites.append((domain, file)) }
                    }
                    self.sites = located(sites, node, pointer)
                default: break
                }
            }
        }
        let sections = [("lint", \ProjectConfiguration.lintPaths, \ProjectConfiguration.lintReports), ("run", \.runPaths, \.runReports)]
        for (key, paths, reports) in sections {
            guard let member = object[key], let section = reader.object(member.value, JSONPointer([key]), what: key) else { continue }
            reader.checkKeys(section, JSONPointer([key]), allowed: key == "lint" ? Self.lintKeys : Self.commandKeys, in: key)
            if key == "lint" {
                if let value = section["baseline"] {
                    baseline = located(
                        reader.nonEmptyString(value.value, JSONPointer([key, "baseline"])), value.value, JSONPointer([key, "baseline"]))
                }
                if let value = section["baselineStrict"] {
                    baselineStrict = located(
                        reader.bool(value.value, JSONPointer([key, "baselineStrict"])), value.value, JSONPointer([key, "baselineStrict"]))
                }
                if let value = section["junitCases"] {
                    let pointer = JSONPointer([key, "junitCases"])
                    if let text = reader.string(value.value, pointer) {
                        if let cases = JUnitCases(rawValue: text) {
                            junitCases = located(cases, value.value, pointer)
                        } else {
                            let choices = JUnitCases.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                            reader.invalid(
                                "junitCases is \(choices) (one JUnit test case per file, or per file and rule); found '\(text)'", value.value, pointer
                            )
                        }
                    }
                }
            }
            let patternTargets =
                key == "lint"
                ? [("include", \ProjectConfiguration.lintInclude), ("exclude", \.lintExclude)]
                : [("include", \.runInclude), ("exclude", \.runExclude)]
            for (field, target) in patternTargets {
                guard let value = section[field] else { continue }
                let pointer = JSONPointer([key, field])
                self[keyPath: target] = located(patterns(value.value, pointer, &reader), value.value, pointer)
            }
            for (field, target) in [("paths", paths), ("reports", reports)] {
                guard let value = section[field] else { continue }
                let pointer = JSONPointer([key, field])
                self[keyPath: target] = located(nonEmptyStrings(value.value, pointer, &reader), value.value, pointer)
            }
            if let written = self[keyPath: reports], let list = section["reports"], case .array(let elements) = list.value.value {
                checkReports(written.value, elements, JSONPointer([key, "reports"]), &reader)
            }
        }
        if let member = object["rules"] {
            self.rules = located(
                ruleSettings(member.value, JSONPointer(["rules"]), knownRules: knownRules, &reader), member.value, JSONPointer(["rules"]))
        }
        if let member = object["overrides"], let elements = reader.array(member.value, JSONPointer(["overrides"])) {
            var overrides: [Override] = []
            for (index, element) in elements.enumerated() {
                let at = JSONPointer(["overrides"]).appending(index)
                guard let fields = reader.object(element, at, what: "an override") else { continue }
                reader.checkKeys(fields, at, allowed: Override.keys, in: "an override")
                let files = reader.required(fields, "files", element, at).flatMap { patterns($0, at.appending("files"), &reader) }
                let exclude = fields["exclude"].flatMap { patterns($0.value, at.appending("exclude"), &reader) } ?? []
                let rules = reader.required(fields, "rules", element, at).flatMap {
                    ruleSettings($0, at.appending("rules"), knownRules: knownRules, &reader)
                }
                if let files, files.isEmpty, let node = fields["files"]?.value {
                    reader.invalid(
                        "an override applies to the files its patterns match; give at least one, such as \"legacy/**\"", node, at.appending("files"))
                }
                if let files, let rules { overrides.append(Override(files: files, exclude: exclude, rules: rules)) }
            }
            self.overrides = located(overrides, member.value, JSONPointer(["overrides"]))
        }
        if let member = object["scan"], let section = reader.object(member.value, JSONPointer(["scan"]), what: "scan") {
            reader.checkKeys(section, JSONPointer(["scan"]), allowed: ["paths"], in: "scan")
            if let value = section["paths"] {
                let pointer = JSONPointer(["scan", "paths"])
                scanPaths = located(nonEmptyStrings(value.value, pointer, &reader), value.value, pointer)
            }
        }
        if let member = object["targets"], let elements = reader.array(member.value, JSONPointer(["targets"])) {
            var targets: [(target: Target, node: JSONNode, pointer: JSONPointer)] = []
            for (index, element) in elements.enumerated() {
                let pointer = JSONPointer(["targets"]).appending(index)
                if let target = decodeTarget(element, pointer, &reader) { targets.append((target, element, pointer)) }
            }
            // Names are how entries refer to each other: each once, and embeddedIn names one of them.
            var seen: Set<String> = []
            func field(_ key: String, of entry: (target: Target, node: JSONNode, pointer: JSONPointer)) -> JSONNode {
                if case .object(let fields) = entry.node.value, let member = fields[key] { return member.value }
                return entry.node
            }
            for entry in targets where !seen.insert(entry.target.name).inserted {
                reader.report(
                    Self.invalidValue, "two targets are named '\(entry.target.name)'; each entry names one target", field("name", of: entry),
                    entry.pointer.appending("name"))
            }
            for entry in targets {
                if let host = entry.target.embeddedIn, !seen.contains(host) {
                    reader.report(
                        Self.invalidValue, "embeddedIn names '\(host)', which is not the name of an entry of targets", field("embeddedIn", of: entry),
                        entry.pointer.appending("embeddedIn"))
                }
            }
            self.targets = located(targets.map(\.target), member.value, JSONPointer(["targets"]))
        }
        if let member = object["projects"] {
            projects = located(nonEmptyStrings(member.value, JSONPointer(["projects"]), &reader), member.value, JSONPointer(["projects"]))
        }
        if let member = object["strict"] {
            strict = located(reader.bool(member.value, JSONPointer(["strict"])), member.value, JSONPointer(["strict"]))
        }
        if let member = object["defaultExcludes"] {
            defaultExcludes = located(reader.bool(member.value, JSONPointer(["defaultExcludes"])), member.value, JSONPointer(["defaultExcludes"]))
        }
    }

    /// One entry of `targets`.
    private func decodeTarget(_ node: JSONNode, _ at: JSONPointer, _ reader: inout JSONFieldReader) -> Target? {
        guard let fields = reader.object(node, at, what: "a target") else { return nil }
        reader.checkKeys(fields, at, allowed: Target.keys, in: "a target")
        let name = reader.required(fields, "name", node, at).flatMap { reader.nonEmptyString($0, at.appending("name")) }
        let kind = reader.required(fields, "kind", node, at).flatMap { reader.nonEmptyString($0, at.appending("kind")) }
        if let kind, !Target.kinds.contains(kind), let kindNode = fields["kind"]?.value {
            reader.invalid(
                "a target's kind is \(Target.kinds.map { "\"\($0)\"" }.joined(separator: ", ")); found '\(kind)'", kindNode, at.appending("kind"))
        }
        func text(_ key: String) -> String? { fields[key].flatMap { reader.nonEmptyString($0.value, at.appending(key)) } }
        var target = Target(
            name: name ?? "", project: text("project"), kind: kind ?? "", embeddedIn: text("embeddedIn"), extensionPoint: text("extensionPoint"),
            infoPlist: text("infoPlist"),
            generatedInfoPlist: fields["generatedInfoPlist"].flatMap { reader.bool($0.value, at.appending("generatedInfoPlist")) } ?? false,
            bundleIdentifier: text("bundleIdentifier"), teamIdentifier: nil, deploymentTarget: nil,
            entitlements: fields["entitlements"].flatMap { nonEmptyStrings($0.value, at.appending("entitlements"), &reader) } ?? [],
            sources: fields["sources"].flatMap { nonEmptyStrings($0.value, at.appending("sources"), &reader) } ?? [],
            location: reader.location(of: node, at))
        if let member = fields["teamIdentifier"], let team = reader.string(member.value, at.appending("teamIdentifier")) {
            if AppConfiguration.isTeamIdentifier(team) {
                target.teamIdentifier = team
            } else {
                reader.invalid(
                    "'\(team)' is not a Team ID: ten uppercase letters and digits, such as ABCDE12345", member.value, at.appending("teamIdentifier"))
            }
        }
        if let member = fields["deploymentTarget"], let version = reader.string(member.value, at.appending("deploymentTarget")) {
            if let parsed = OSVersion(version) {
                target.deploymentTarget = parsed
            } else {
                reader.invalid("'\(version)' is not an iOS version such as \"15.0\"", member.value, at.appending("deploymentTarget"))
            }
        }
        guard name != nil, let kind, Target.kinds.contains(kind) else { return nil }
        return target
    }

    /// A `rules` object: each known rule id to off or a severity.
    private func ruleSettings(_ node: JSONNode, _ pointer: JSONPointer, knownRules: [String], _ reader: inout JSONFieldReader) -> RuleSettings? {
        guard let rules = reader.object(node, pointer, what: "rules") else { return nil }
        var settings: [String: RuleSettings.Setting] = [:]
        for rule in rules.members {
            let at = pointer.appending(rule.key)
            guard knownRules.contains(rule.key) else {
                reader.report(
                    Self.unknownKey, "'\(rule.key)' is not a rule\(Suggestion.phrase(for: rule.key, among: knownRules)); proctor rules lists them",
                    offset: rule.keyOffset, pointer: at)
                continue
            }
            guard let text = reader.string(rule.value, at) else { continue }
            switch text {
            case "off": settings[rule.key] = .off
            case "note": settings[rule.key] = .severity(.note)
            case "warning": settings[rule.key] = .severity(.warning)
            case "error": settings[rule.key] = .severity(.error)
            default: reader.invalid("a rule is \(Self.ruleValues.map { "\"\($0)\"" }.joined(separator: ", ")); found '\(text)'", rule.value, at)
            }
        }
        return RuleSettings(settings)
    }

    /// An array of path patterns (docs/configuration.md, "Include and exclude").
    private func patterns(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> [PathPattern]? {
        guard let texts = nonEmptyStrings(node, pointer, &reader), case .array(let elements) = node.value else { return nil }
        var patterns: [PathPattern] = []
        for (index, text) in texts.enumerated() where index < elements.count {
            do throws(PathPattern.Invalid) {
                patterns.append(try PathPattern(text))
            } catch {
                reader.invalid(error.reason, elements[index], pointer.appending(index))
            }
        }
        return patterns
    }

    /// The include and exclude patterns of `lint` or `run`, relative to this file's folder.
    package func filterPatterns(include: Located<[PathPattern]>?, exclude: Located<[PathPattern]>?) -> PathFilter.Patterns {
        PathFilter.Patterns(base: directory, include: include?.value ?? [], exclude: exclude?.value ?? [])
    }

    /// The configuration file of each of `projects`, as the current directory sees it: an entry
    /// that names a folder stands for the `.proctor.json` in it.
    package var projectFiles: [String] {
        var seen: Set<String> = []
        return (projects?.value ?? []).compactMap { entry in
            let path = resolve(entry)
            var isDirectory: ObjCBool = false
            let isFolder = entry.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
            let file = isFolder ? (path.hasSuffix("/") ? path : path + "/") + Self.fileName : path
            // `apps/a` and `apps/a/.proctor.json` are one project, linted once.
            return seen.insert(URL(fileURLWithPath: file).standardizedFileURL.path).inserted ? file : nil
        }
    }

    /// `overrides`, as the linter applies them.
    package var pathRules: [(files: PathFilter.Patterns, rules: RuleSettings)] {
        (overrides?.value ?? []).map { (PathFilter.Patterns(base: directory, include: $0.files, exclude: $0.exclude), $0.rules) }
    }

    /// Each report is FORMAT[:PATH] with a format Proctor writes, and at most one goes to
    /// standard output, as for --report.
    private func checkReports(_ reports: [String], _ elements: [JSONNode], _ pointer: JSONPointer, _ reader: inout JSONFieldReader) {
        var toStandardOutput = 0
        for (index, text) in reports.enumerated() where index < elements.count {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard let format = parts.first, ReportFormat(rawValue: format) != nil else {
                reader.invalid(
                    "'\(text)' is not FORMAT[:PATH] with a format of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))",
                    elements[index],
                    pointer.appending(index))
                continue
            }
            if parts.count < 2 || parts[1].isEmpty || parts[1] == "-" {
                toStandardOutput += 1
                if toStandardOutput > 1 {
                    reader.invalid(
                        "only one report can go to standard output; give this one a path, such as junit:reports/junit.xml", elements[index],
                        pointer.appending(index))
                }
            }
        }
    }

    private func nonEmptyStrings(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> [String]? {
        guard let elements = reader.array(node, pointer) else { return nil }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            if let text = reader.nonEmptyString(element, pointer.appending(index)) { strings.append(text) }
        }
        return strings
    }

    /// The configuration file that applies in `directory`: `.proctor.json` there or in the
    /// nearest folder above it, as git finds its repository. Nil when there is none.
    package static func find(from directory: String = FileManager.default.currentDirectoryPath) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}

/// Every problem of a configuration file, each located in it.
package struct ConfigurationErrors: Error, Sendable {
    package var errors: [InputError]
}
