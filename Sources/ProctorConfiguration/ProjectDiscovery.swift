import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorXcode

/// What `proctor init` finds in a repository to start a `.proctor.json`: the app's Info.plist,
/// its entitlements, the Xcode project's team, bundle identifier and deployment target, the
/// website's association files and the scenarios. It only suggests: every choice is printed with
/// why, and the user edits the file.
package struct ProjectDiscovery: Sendable {
    /// A value found, and the file (and line) that says so.
    package struct Found<Value: Sendable>: Sendable {
        package var value: Value
        package var source: String
    }

    package var infoPlist: Found<String>?
    /// The other Info.plists found, not chosen (tests, extensions, frameworks).
    package var otherInfoPlists: [String] = []
    package var entitlements: [String] = []
    package var teamIdentifier: Found<String>?
    package var bundleIdentifier: Found<String>?
    package var deploymentTarget: Found<String>?
    /// Folders holding an `apple-app-site-association` file or scenarios, for lint and run.
    package var siteFolders: [String] = []
    package var scenarioFolders: [String] = []
    /// Folders below the root that hold a `.proctor.json` of their own: each an app with its own
    /// facts, which the starter file lists as `projects` instead of guessing one app.
    package var projectFolders: [String] = []
    /// What the Xcode projects say, when one of them has an iOS application: the app facts then
    /// come from its targets instead of from file names.
    package var xcode: XcodeFindings?
    /// Without an Xcode project, the folder `scan.paths` suggests: the top folder of the app's
    /// Info.plist, when it holds Swift files.
    package var scanPathsWithoutProject: [String]?

    /// Folders no project keeps its own sources in: build products and dependencies.
    static let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules", "vendor"]
    /// A walk of a huge tree ends here: the starter file is a suggestion, not an inventory.
    static let maximumEntries = 200_000

    /// Looks through `root` (hidden folders, build products and dependencies skipped), in sorted
    /// order so that the same tree always gives the same file. Paths are relative to `root`.
    package static func discover(in root: String) -> ProjectDiscovery {
        var discovery = ProjectDiscovery()
        var plists: [String] = []
        var projects: [String] = []
        var sites: Set<String> = []
        var scenarios: Set<String> = []
        var configured: [String] = []
        var swiftFiles: Set<String> = []
        var queue = [""]
        var seen = 0
        let manager = FileManager.default
        while !queue.isEmpty, seen < maximumEntries {
            let folder = queue.removeFirst()
            let absolute = folder.isEmpty ? root : root + "/" + folder
            guard let names = try? manager.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names.sorted() {
                seen += 1
                if name == ProjectConfiguration.fileName, !folder.isEmpty {
                    configured.append(folder)
                    continue
                }
                guard !name.hasPrefix(".") || name == ".well-known" else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                var isDirectory: ObjCBool = false
                // Links are not followed: a link out of the repository is not the project's.
                guard let attributes = try? manager.attributesOfItem(atPath: root + "/" + relative),
                    attributes[.type] as? FileAttributeType != .typeSymbolicLink,
                    manager.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
                else { continue }
                if isDirectory.boolValue {
                    if name.hasSuffix(".xcodeproj") {
                        projects.append(relative + "/project.pbxproj")
                    } else if !skipped.contains(name) {
                        queue.append(relative)
                    }
                    continue
                }
                if name == "Info.plist" {
                    plists.append(relative)
                } else if name.hasSuffix(".entitlements") {
                    discovery.entitlements.append(relative)
                } else if name == "apple-app-site-association" {
                    let parent = (relative as NSString).deletingLastPathComponent
                    sites.insert((parent as NSString).lastPathComponent == ".well-known" ? (parent as NSString).deletingLastPathComponent : parent)
                } else if name.hasSuffix(".scenario.json") {
                    scenarios.insert((relative as NSString).deletingLastPathComponent)
                } else if name.hasSuffix(".swift") {
                    swiftFiles.insert(relative)
                }
            }
        }
        // What a project folder holds is that project's: the starter file names the folder, and
        // takes the app facts and sites from outside every project folder only.
        discovery.projectFolders = configured.sorted()
        let outside = { (path: String) in !configured.contains { path == $0 || path.hasPrefix($0 + "/") } }
        let xcodeProjects = projects.sorted().filter(outside).map { ($0 as NSString).deletingLastPathComponent }
        let findings = XcodeFindings.read(xcodeProjects, in: root, swiftFiles: swiftFiles)
        if let findings, let primary = findings.primary {
            // The Xcode project is the unit: the app's facts are its application target's.
            discovery.xcode = findings
            let app = primary.target
            if let plist = app.infoPlist { discovery.infoPlist = Found(value: plist.value, source: "INFOPLIST_FILE of \(app.name), \(plist.source)") }
            if let bundle = app.bundleIdentifier { discovery.bundleIdentifier = Found(value: bundle.value, source: bundle.source) }
            if let team = app.team, AppConfiguration.isTeamIdentifier(team.value) {
                discovery.teamIdentifier = Found(value: team.value, source: team.source)
            }
            if let target = app.deploymentTarget { discovery.deploymentTarget = Found(value: target.value, source: target.source) }
            discovery.entitlements = app.entitlements.map { [$0.value] } ?? []
        } else {
            discovery.xcode = findings
            discovery.choose(plists.filter(outside), in: root)
            for project in projects.sorted() where outside(project) { discovery.readBuildSettings(project, in: root) }
            discovery.entitlements = discovery.entitlements.filter(outside)
            // No Xcode project to say which files the app compiles (an XcodeGen repository):
            // the top folder of the app's Info.plist, when it holds Swift files, so that a plain
            // `proctor scan` after init reads something and says what; the printout says why.
            if let plist = discovery.infoPlist?.value, let top = plist.split(separator: "/").first, plist.contains("/"),
                swiftFiles.contains(where: { $0.hasPrefix(top + "/") })
            {
                discovery.scanPathsWithoutProject = [String(top)]
            }
        }
        discovery.siteFolders = Self.outermost(sites.filter(outside))
        discovery.scenarioFolders = Self.outermost(scenarios)
        return discovery
    }

    /// The app's Info.plist among those found: not an extension's (NSExtension), not a test
    /// bundle's or a framework's (CFBundlePackageType); one declaring NSUserActivityTypes first,
    /// then an application's, then the shortest path.
    private mutating func choose(_ plists: [String], in root: String) {
        var ranked: [(score: Int, path: String, why: String)] = []
        for path in plists {
            guard let bytes = try? Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + path))),
                case .success(let file) = PropertyListFile.read(bytes: bytes, displayPath: path, noun: "the Info.plist"),
                let dictionary = file.root as? [String: Any]
            else { continue }
            let type = dictionary["CFBundlePackageType"] as? String
            if dictionary["NSExtension"] != nil || type == "BNDL" || type == "FMWK" { continue }
            var score = 0
            var reasons: [String] = []
            if dictionary["NSUserActivityTypes"] != nil {
                score += 2
                reasons.append("declares NSUserActivityTypes")
            }
            if type == "APPL" || type == "$(PRODUCT_BUNDLE_PACKAGE_TYPE)" {
                score += 1
                reasons.append("an application's")
            }
            ranked.append(
                (
                    score, path,
                    reasons.isEmpty ? "the only Info.plist that is not an extension's, a test's or a framework's" : reasons.joined(separator: ", ")
                ))
        }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : ($0.path.count, $0.path) < ($1.path.count, $1.path) }
        if let best = ranked.first { infoPlist = Found(value: best.path, source: best.why) }
        otherInfoPlists = plists.filter { $0 != infoPlist?.value }
    }

    /// Build settings of an Xcode project, `KEY = value;` lines of its project.pbxproj: the team,
    /// the bundle identifier and the deployment target, the first of each with a literal value.
    private mutating func readBuildSettings(_ project: String, in root: String) {
        guard let text = try? String(contentsOfFile: root + "/" + project, encoding: .utf8) else { return }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[1].hasSuffix(";") else { continue }
            let value = String(parts[1].dropLast()).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            guard !value.isEmpty, !value.contains("$(") else { continue }
            let source = "\(project):\(index + 1)"
            switch parts[0] {
            case "DEVELOPMENT_TEAM" where teamIdentifier == nil && AppConfiguration.isTeamIdentifier(value):
                teamIdentifier = Found(value: value, source: source)
            case "PRODUCT_BUNDLE_IDENTIFIER" where bundleIdentifier == nil && !value.hasSuffix("Tests") && !value.contains(".tests"):
                bundleIdentifier = Found(value: value, source: source)
            case "IPHONEOS_DEPLOYMENT_TARGET" where deploymentTarget == nil:
                deploymentTarget = Found(value: value, source: source)
            default: break
            }
        }
    }

    /// The folders of `folders` that are not inside another one of them, sorted.
    static func outermost(_ folders: Set<String>) -> [String] {
        let sorted = folders.map { $0.isEmpty ? "." : $0 }.sorted()
        return sorted.filter { folder in !sorted.contains { $0 != folder && ($0 == "." || folder.hasPrefix($0 + "/")) } }
    }

    /// The starter file: what was found, as `.proctor.json` holds it.
    package var configurationText: String {
        var app: [(String, String)] = []
        func quoted(_ text: String) -> String {
            var escaped = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return "\"\(escaped)\""
        }
        func list(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ", ") + "]" }
        if let infoPlist { app.append(("infoPlist", quoted(infoPlist.value))) }
        if let bundleIdentifier { app.append(("bundleIdentifier", quoted(bundleIdentifier.value))) }
        if let teamIdentifier { app.append(("teamIdentifier", quoted(teamIdentifier.value))) }
        if let deploymentTarget, OSVersionCheck.isVersion(deploymentTarget.value) { app.append(("deploymentTarget", quoted(deploymentTarget.value))) }
        if !entitlements.isEmpty { app.append(("entitlements", list(entitlements))) }
        var lines = ["{", "  \"format\": 1,"]
        if !projectFolders.isEmpty {
            lines.append("  \"projects\": [")
            lines += projectFolders.enumerated().map { index, folder in "    \(quoted(folder))" + (index < projectFolders.count - 1 ? "," : "") }
            lines.append("  ],")
        }
        if !app.isEmpty || projectFolders.isEmpty {
            lines.append("  \"app\": {")
            lines += app.enumerated().map { index, pair in "    \"\(pair.0)\": \(pair.1)" + (index < app.count - 1 ? "," : "") }
            lines.append("  },")
        }
        if let xcode, !xcode.entries.isEmpty {
            lines.append("  \"targets\": [")
            for (number, entry) in xcode.entries.enumerated() {
                let target = entry.target
                var fields: [(String, String)] = [
                    ("name", quoted(target.name)), ("project", quoted(entry.project)), ("kind", quoted(target.kind.rawValue)),
                ]
                if let host = entry.host { fields.append(("embeddedIn", quoted(host))) }
                if let point = target.extensionPoint { fields.append(("extensionPoint", quoted(point.value))) }
                if let plist = target.infoPlist { fields.append(("infoPlist", quoted(plist.value))) }
                if target.generatesInfoPlist { fields.append(("generatedInfoPlist", "true")) }
                if let bundle = target.bundleIdentifier { fields.append(("bundleIdentifier", quoted(bundle.value))) }
                if let team = target.team, AppConfiguration.isTeamIdentifier(team.value) { fields.append(("teamIdentifier", quoted(team.value))) }
                if let version = target.deploymentTarget, OSVersionCheck.isVersion(version.value) {
                    fields.append(("deploymentTarget", quoted(version.value)))
                }
                if let file = target.entitlements { fields.append(("entitlements", list([file.value]))) }
                fields.append(("sources", list(entry.sources)))
                lines.append("    {")
                lines += fields.enumerated().map { index, pair in "      \"\(pair.0)\": \(pair.1)" + (index < fields.count - 1 ? "," : "") }
                lines.append("    }" + (number < xcode.entries.count - 1 ? "," : ""))
            }
            lines.append("  ],")
        }
        // Donation payloads have no name of their own: the user adds their folders. The
        // entitlements need no place here: app.entitlements has lint read them.
        // With projects and nothing of its own to lint, the root lints only its projects.
        let lintPaths = siteFolders
        if !lintPaths.isEmpty || projectFolders.isEmpty {
            lines.append("  \"lint\": {")
            lines.append("    \"paths\": \(list(lintPaths))")
            lines.append("  },")
        }
        if let scanPaths = xcode?.scanPaths ?? scanPathsWithoutProject {
            lines.append("  \"scan\": {")
            lines.append("    \"paths\": \(list(scanPaths))")
            lines.append("  },")
        }
        lines.append("  \"run\": {")
        lines.append("    \"paths\": \(list(scenarioFolders))")
        lines.append("  }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Whether a build setting's deployment target is a version Proctor reads.
enum OSVersionCheck {
    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
