import ArgumentParser
import Foundation
import ProctorConfiguration
import ProctorCore

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
        func line(_ key: String, _ value: String, _ why: String) {
            summary += "  \(key.padding(toLength: 22, withPad: " ", startingAt: 0))\(value)  (\(why))\n"
        }
        if !discovery.projectFolders.isEmpty {
            line(
                "projects", discovery.projectFolders.joined(separator: " "),
                "folders with a .proctor.json of their own; proctor lint lints each with its facts")
        }
        if let xcode = discovery.xcode {
            for failure in xcode.failures { summary += "  \(failure.location.compilerStyle): \(failure.message) (left out)\n" }
            for project in xcode.projects {
                let configurations = Set(project.targets.map(\.configuration)).sorted().joined(separator: ", ")
                summary +=
                    project.targets.isEmpty
                    ? "  \(project.path): no native target\n"
                    : "  \(project.path): \(project.targets.count) target\(project.targets.count == 1 ? "" : "s"), settings of the \(configurations) configuration\n"
            }
        }
        if let xcode = discovery.xcode, let primary = xcode.primary {
            summary += "  app                   \(primary.target.name)  (\(primary.why))\n"
            if let plist = discovery.infoPlist {
                line("app.infoPlist", plist.value, plist.source)
            } else {
                line(
                    "app.infoPlist", "(none)",
                    primary.target.generatesInfoPlist ? "Xcode generates it from build settings; lint judges no Info.plist" : "the target names none")
            }
            if let bundle = discovery.bundleIdentifier { line("app.bundleIdentifier", bundle.value, "PRODUCT_BUNDLE_IDENTIFIER, \(bundle.source)") }
            if let team = discovery.teamIdentifier { line("app.teamIdentifier", team.value, "DEVELOPMENT_TEAM, \(team.source)") }
            if let target = discovery.deploymentTarget { line("app.deploymentTarget", target.value, "IPHONEOS_DEPLOYMENT_TARGET, \(target.source)") }
            if let entitlements = primary.target.entitlements {
                line("app.entitlements", entitlements.value, "CODE_SIGN_ENTITLEMENTS, \(entitlements.source)")
            }
            summary += "  targets:\n"
            for entry in xcode.entries {
                let target = entry.target
                let role = target.extensionRole.map { "\($0) extension" } ?? target.kind.phrase
                summary += "    \(target.name)  (\(role)\(entry.host.map { " of \($0)" } ?? ""))\n"
                func detail(_ key: String, _ value: String, _ why: String) {
                    summary += "      \(key.padding(toLength: 18, withPad: " ", startingAt: 0))\(value)  (\(why))\n"
                }
                if let plist = target.infoPlist {
                    detail(
                        "infoPlist", plist.value, "INFOPLIST_FILE, \(plist.source)" + (target.generatesInfoPlist ? "; Xcode adds generated keys" : "")
                    )
                } else if target.generatesInfoPlist {
                    detail("infoPlist", "(generated)", "GENERATE_INFOPLIST_FILE; \(target.generatedInfoPlist.count) keys from build settings")
                } else {
                    detail("infoPlist", "(none)", "not resolved")
                }
                detail(
                    "bundleIdentifier", target.bundleIdentifier?.value ?? "(none)",
                    target.bundleIdentifier.map { "PRODUCT_BUNDLE_IDENTIFIER, \($0.source)" } ?? "not resolved")
                if let entitlements = target.entitlements {
                    detail("entitlements", entitlements.value, "CODE_SIGN_ENTITLEMENTS, \(entitlements.source)")
                }
                detail(
                    "sources",
                    entry.sources.isEmpty
                        ? "(none)"
                        : entry.sources.count > 4 ? entry.sources.prefix(4).joined(separator: " ") + " …" : entry.sources.joined(separator: " "),
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
            if !discovery.otherInfoPlists.isEmpty {
                summary += "  (other Info.plists, not the app's: \(discovery.otherInfoPlists.joined(separator: ", ")))\n"
            }
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
            line(
                "scan.paths",
                scanPaths.isEmpty
                    ? "(none)"
                    : scanPaths.count > 6 ? scanPaths.prefix(6).joined(separator: " ") + " … (\(scanPaths.count))" : scanPaths.joined(separator: " "),
                "the Swift sources of \(discovery.xcode?.primary?.target.name ?? "the app") and the extensions it embeds"
                    + (discovery.xcode?.scannedFrameworks.isEmpty ?? true
                        ? "" : " and of the frameworks it builds: " + (discovery.xcode?.scannedFrameworks ?? []).joined(separator: ", ")))
        }
        if discovery.xcode?.scanPaths == nil, let folders = discovery.scanPathsWithoutProject {
            line(
                "scan.paths", folders.joined(separator: " "),
                "no Xcode project says which files the app compiles: the folder of its Info.plist; check it")
        }
        line("run.paths", discovery.scenarioFolders.joined(separator: " "), "folders of *.scenario.json")
        summary +=
            discovery.xcode?.scanPaths != nil || discovery.scanPathsWithoutProject != nil
            ? "next: check the file, then run proctor lint and proctor scan; add the folders of your donation payloads to lint.paths\n"
            : "next: check the file, add the folders of your donation payloads to lint.paths, then run proctor lint\n"
        try Output.standardOutput(summary)
    }
}
