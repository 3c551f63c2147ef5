import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorXcode

/// What `proctor init` takes from a repository's Xcode projects: each iOS application target and
/// the extensions it embeds, with their facts and the Swift sources they compile; which app is
/// the one `app` describes; the targets left out (tests, frameworks, other platforms) and what
/// could not be resolved.
package struct XcodeFindings: Sendable {
    /// One target `.proctor.json` lists: an iOS application or an extension it embeds.
    package struct Entry: Sendable {
        /// The `.xcodeproj`, relative to the root.
        package var project: String
        package var target: XcodeTarget
        /// The name of the target that embeds it.
        package var host: String?
        /// The smallest set of files and folders that holds its Swift files and no other.
        package var sources: [String]
    }

    /// Every project read, in path order.
    package var projects: [XcodeProject] = []
    /// The projects that could not be read, each a located error.
    package var failures: [InputError] = []
    /// The applications and their extensions, app first, in the projects' order.
    package var entries: [Entry] = []
    /// The application `app` describes, and why that one.
    package var primary: (target: XcodeTarget, why: String)?
    /// The targets not listed, with what they are.
    package var leftOut: [(name: String, why: String)] = []
    /// `scan.paths`: the sources of the application `app` describes, and of the frameworks and
    /// libraries of the project it depends on (their code runs in the app).
    package var scanPaths: [String]?
    /// The frameworks and libraries whose sources `scanPaths` holds besides the app's.
    package var scannedFrameworks: [String] = []

    /// Reads the projects at `paths` (relative to `root`). `swiftFiles` are the `.swift` files
    /// the repository holds (relative to `root`), for the smallest folders that hold each
    /// target's sources and no other file. Nil when there is no project.
    package static func read(_ paths: [String], in root: String, swiftFiles: Set<String>) -> XcodeFindings? {
        guard !paths.isEmpty else { return nil }
        var findings = XcodeFindings()
        var candidates: [(target: XcodeTarget, score: Int, why: [String], frameworks: [XcodeTarget], extensions: [XcodeTarget])] = []
        for path in paths {
            switch XcodeProject.read(path, root: root) {
            case .failure(let error): findings.failures.append(error)
            case .success(let project):
                findings.projects.append(project)
                // An App Clip an app embeds is listed with that app.
                let applications = project.applications.filter { $0.hostApplication == nil }
                for app in applications {
                    let extensions = project.extensions(of: app)
                    findings.entries.append(Entry(project: path, target: app, host: nil, sources: cover(app.swiftFiles, among: swiftFiles)))
                    for member in extensions {
                        let host = member.hostApplication.flatMap { project.target(id: $0)?.name }
                        findings.entries.append(
                            Entry(project: path, target: member, host: host, sources: cover(member.swiftFiles, among: swiftFiles)))
                    }
                    var score = 0
                    var why: [String] = []
                    if declaresActivityTypes(app, in: root) {
                        score += 2
                        why.append("its Info.plist declares NSUserActivityTypes")
                    }
                    if !extensions.isEmpty {
                        score += 1
                        why.append("it embeds \(extensions.count) extension\(extensions.count == 1 ? "" : "s")")
                    }
                    candidates.append((app, score, why, frameworks(of: app, in: project), extensions))
                }
                let listed = Set(findings.entries.map(\.target.id))
                for target in project.targets where !listed.contains(target.id) {
                    let platform = target.platforms.isEmpty ? "" : " for " + target.platforms.joined(separator: ", ")
                    let why =
                        target.isTest
                        ? target.kind.phrase
                        : (target.kind == .application || target.kind == .appClip) && !target.isIOS
                            ? "\(target.kind.phrase)\(platform), not iOS"
                            : target.isExtension || target.kind == .watchApp
                                ? "\(target.kind.phrase) no iOS application embeds"
                                : target.kind.phrase
                    findings.leftOut.append((target.name, why))
                }
            }
        }
        // The app: the one whose Info.plist declares activity types, then one with extensions,
        // then the first.
        if let best = candidates.enumerated().max(by: { ($0.element.score, -$0.offset) < ($1.element.score, -$1.offset) })?.element {
            let reasons =
                candidates.count == 1
                ? ["the only iOS application"] : best.why.isEmpty ? ["the first of \(candidates.count) iOS applications"] : best.why
            findings.primary = (best.target, reasons.joined(separator: ", "))
            // The extensions' sources too: what an Intents extension or a widget donates is judged
            // with the app, and a scan of the app alone cannot see a donation in an extension.
            findings.scanPaths = cover(
                best.target.swiftFiles + best.extensions.flatMap(\.swiftFiles) + best.frameworks.flatMap(\.swiftFiles), among: swiftFiles)
            findings.scannedFrameworks = best.frameworks.filter { !$0.swiftFiles.isEmpty }.map(\.name)
        }
        return findings
    }

    /// The frameworks and libraries of the project `app` depends on, directly or through one another.
    private static func frameworks(of app: XcodeTarget, in project: XcodeProject) -> [XcodeTarget] {
        var found: [XcodeTarget] = []
        var queue = app.dependencies
        var seen: Set<String> = [app.id]
        while let next = queue.first {
            queue.removeFirst()
            guard seen.insert(next).inserted, let target = project.target(id: next), target.kind == .framework || target.kind == .library else {
                continue
            }
            found.append(target)
            queue += target.dependencies
        }
        return found
    }

    /// Every note the projects and their listed targets hold.
    package var notes: [XcodeNote] {
        // A setting shared through an .xcconfig is noted once, not once per target.
        var seen: Set<String> = []
        return (projects.flatMap(\.notes) + entries.flatMap(\.target.notes)).filter { seen.insert($0.description).inserted }
    }

    private static func declaresActivityTypes(_ target: XcodeTarget, in root: String) -> Bool {
        guard let plist = target.infoPlist?.value, let data = FileManager.default.contents(atPath: Paths.joined(root, plist)),
            case .success(let file) = PropertyListFile.read(bytes: Array(data), displayPath: plist, noun: "the Info.plist")
        else { return false }
        return (file.root as? [String: Any])?["NSUserActivityTypes"] != nil
    }

    /// The smallest set of folders (and files) that holds every one of `files` that is there, and
    /// no other Swift file of `all`: a folder whose Swift files are all the target's stands for
    /// them; a file beside another target's files stands for itself.
    package static func cover(_ files: [String], among all: Set<String>) -> [String] {
        let own = Set(files.filter { all.contains($0) })
        var total: [String: Int] = [:]
        var mine: [String: Int] = [:]
        func ancestors(_ path: String) -> [String] {
            var folders: [String] = []
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                folders.append(folder)
                folder = (folder as NSString).deletingLastPathComponent
            }
            folders.append(".")
            return folders
        }
        for file in all {
            for folder in ancestors(file) {
                total[folder, default: 0] += 1
                if own.contains(file) { mine[folder, default: 0] += 1 }
            }
        }
        var chosen: Set<String> = []
        for file in own {
            var best = file
            for folder in ancestors(file) {
                guard total[folder] == mine[folder] else { break }
                best = folder
            }
            chosen.insert(best)
        }
        return chosen.sorted()
    }
}
