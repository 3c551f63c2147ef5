import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorFiles
import ProctorInputs
import ProctorLint
import ProctorVocabulary
import ProctorXcode

/// An app as its Xcode project builds it, the unit `proctor scan` judges Swift against: an iOS
/// application target with the extensions it embeds (Intents, notification service, share,
/// widgets), since what they donate and hand over is the app's (issue 31).
///
/// Whose duty each fact is:
/// - `NSUserActivityTypes` and the bundle identifier are the app's: the system launches the app
///   with an activity, whichever target donated it. Apple, NSUserActivityTypes: "Specifies the
///   activity types the app supports"; an Intents extension's `continueInApp` response hands its
///   activity to the app ("Resolving and Handling Intents": the system launches your app and
///   passes it the activity).
/// - Intents: the app's `INIntentsSupported` (iOS 14 and later, in-app handling) and every
///   extension's `NSExtensionAttributes.IntentsSupported` together are the intents the app
///   handles (Apple, "Dispatching intents to handlers": an intent goes to the app or to the
///   extension that lists it).
/// - The deployment target and the team are the app target's build settings, unless the
///   command line or `.proctor.json` states them.
package struct ProjectApp: Sendable {
    /// The application target's name.
    package var name: String
    /// The `.xcodeproj` that builds it.
    package var project: String
    /// The facts every file of the app is judged against: the app's Info.plist (file, or the keys
    /// Xcode generates), with its extensions' intents.
    package var appInfo: AppInfo?
    /// The Info.plists of the app and its extensions, each read and judged on its own.
    package var plistResults: [FileResult]
    /// The Swift files the app and its extensions compile, and the intent definition files they
    /// build.
    package var members: Set<FileIdentity>
    /// The entitlements files of the app and its extensions (their `CODE_SIGN_ENTITLEMENTS`),
    /// relative to the root: the Communication Notifications entitlement may be in either.
    package var entitlements: [String] = []
    /// Those the project names that are not there (a file left out of the repository).
    package var missingEntitlements: [String] = []

    /// The apps of `project`, read relative to `root` (as ``XcodeProject/read(_:root:)`` was).
    package static func apps(of project: XcodeProject, root: String, options: LintOptions) -> [ProjectApp] {
        project.applications.map { app in
            // An App Clip the app embeds is an app of its own (its own Info.plist, its own
            // activity types), judged as such, not as one of the app's extensions.
            let extensions = project.extensions(of: app).filter { $0.kind != .appClip }
            let targets = [app] + extensions
            var plists: [FileResult] = []
            var seenPlists: Set<String> = []
            for target in targets {
                guard let plist = target.infoPlist?.value, seenPlists.insert(plist).inserted else { continue }
                plists.append(InfoPlistInput().readAndJudge(path: Paths.joined(root, plist), with: options.engine, now: options.now))
            }
            var entitlements: [String] = []
            var missingEntitlements: [String] = []
            for target in targets {
                guard let file = target.entitlements?.value else { continue }
                let path = Paths.joined(root, file)
                guard !entitlements.contains(path), !missingEntitlements.contains(path) else { continue }
                if FileManager.default.fileExists(atPath: path) {
                    entitlements.append(path)
                } else {
                    missingEntitlements.append(path)
                }
            }
            return ProjectApp(
                name: app.name, project: project.path, appInfo: facts(of: app, extensions: extensions, in: project, root: root, options: options),
                plistResults: plists, members: identities(targets + linkedLibraries(of: targets, in: project), root: root, definitions: true),
                entitlements: entitlements, missingEntitlements: missingEntitlements)
        }
    }

    /// The Swift files any target of `project` compiles: those no app's members hold (tests, a
    /// Mac app, a project with no iOS app at all) are not judged.
    package static func compiledFiles(of project: XcodeProject, root: String) -> Set<FileIdentity> {
        identities(project.targets, root: root)
    }

    /// The files `targets` compile: their Swift, and with `definitions` their intent definition
    /// files, so that an app's definitions are judged with its Swift (the files other targets
    /// compile count Swift only: their note says how many Swift files are left out).
    private static func identities(_ targets: [XcodeTarget], root: String, definitions: Bool = false) -> Set<FileIdentity> {
        Set(
            targets.flatMap { target in
                (target.swiftFiles + (definitions ? target.intentDefinitions : [])).compactMap { FileIdentity(path: Paths.joined(root, $0)) }
            })
    }

    /// The frameworks and libraries of the project that `targets` depend on, directly or through
    /// one another: their code runs in the app, and what it donates is the app's.
    private static func linkedLibraries(of targets: [XcodeTarget], in project: XcodeProject) -> [XcodeTarget] {
        var found: [XcodeTarget] = []
        var queue = targets.flatMap(\.dependencies)
        var seen = Set(targets.map(\.id))
        while let id = queue.popLast() {
            guard seen.insert(id).inserted, let target = project.target(id: id), target.kind == .framework || target.kind == .library else {
                continue
            }
            found.append(target)
            queue += target.dependencies
        }
        return found
    }

    /// The app's facts: its Info.plist read with its resolved bundle identifier (which also
    /// expands `$(PRODUCT_BUNDLE_IDENTIFIER)` in `NSUserActivityTypes`), the intents its
    /// extensions support, its deployment target and team. Problems reading the files are in
    /// ``plistResults``, not here.
    static func facts(of app: XcodeTarget, extensions: [XcodeTarget], in project: XcodeProject, root: String, options: LintOptions) -> AppInfo? {
        let bundle = options.bundleIdentifier ?? app.bundleIdentifier?.value
        var info = read(app, bundleIdentifier: bundle, in: project, root: root)
        if var app = info {
            for target in extensions {
                guard let facts = read(target, bundleIdentifier: nil, in: project, root: root) else { continue }
                let known = app.extensionIntentsSupported
                app.extensionIntentsSupported += facts.extensionIntentsSupported.filter { !known.contains($0) }
            }
            info = app
        }
        var stated = options.configuration
        if stated.deploymentTarget == nil, let text = app.deploymentTarget?.value { stated.deploymentTarget = OSVersion(text) }
        if stated.teamIdentifier == nil, let team = app.team?.value, AppConfiguration.isTeamIdentifier(team) { stated.teamIdentifier = team }
        return stated.apply(to: info)
    }

    /// A target's Info.plist facts: its file, else the keys Xcode generates for it; nil when it
    /// has neither, or its file cannot be read.
    private static func read(_ target: XcodeTarget, bundleIdentifier: String?, in project: XcodeProject, root: String) -> AppInfo? {
        if let plist = target.infoPlist?.value {
            let path = Paths.joined(root, plist)
            return InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: path, bundleIdentifier: bundleIdentifier).appInfo
        }
        guard target.generatesInfoPlist else { return nil }
        var generated = target.generatedInfoPlist.mapValues(Self.propertyListValue)
        if let bundleIdentifier { generated["CFBundleIdentifier"] = bundleIdentifier }
        // Xcode generates no NSUserActivityTypes and no INIntentsSupported: an app without an
        // Info.plist file declares none, which the rules say of its donations.
        return InfoPlistReader.extract(
            from: generated, source: "\(project.path) (\(target.name)'s generated Info.plist)", bundleIdentifier: bundleIdentifier
        ).appInfo
    }

    private static func propertyListValue(_ value: GeneratedInfoPlist.Value) -> Any {
        switch value {
        case .string(let text): text
        case .boolean(let flag): flag
        case .strings(let list): list
        case .dictionary(let dictionary): dictionary.mapValues(propertyListValue)
        }
    }
}
