import Foundation
import ProctorAppFacts
import ProctorCore

/// An Xcode project (`*.xcodeproj`) as Proctor reads it: its native targets, each with the facts
/// of one build configuration (Release when there is one), its Info.plist, bundle identifier,
/// entitlements and Swift files (``XcodeTarget``). Nothing is guessed: a setting that refers to
/// a variable nothing sets, a file that is not there, an include Proctor cannot follow, is a
/// note at its place (``notes``, ``XcodeTarget/notes``), and the value is left out.
///
/// ```swift
/// let project = try XcodeProject.read("App.xcodeproj", root: ".").get()
/// for app in project.applications {
///     print(app.name, app.infoPlist?.value ?? "generated", app.bundleIdentifier?.value ?? "?")
///     for extension in project.extensions(of: app) { print("  ", extension.name, extension.extensionPoint?.value ?? "") }
/// }
/// ```
package struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder, relative to the root it was read from.
    package var path: String
    /// The folder that holds it (`SRCROOT`), relative to the root ("." for the root itself).
    package var directory: String
    /// Every native target, in the project's order (aggregate and legacy targets left out).
    package var targets: [XcodeTarget]
    /// What Proctor could not resolve outside any one target.
    package var notes: [XcodeNote]

    /// The target with this identifier.
    package func target(id: String) -> XcodeTarget? { targets.first { $0.id == id } }
    /// The target with this name.
    package func target(named name: String) -> XcodeTarget? { targets.first { $0.name == name } }

    /// The iOS applications (App Clips included), the targets a `.proctor.json` describes.
    package var applications: [XcodeTarget] { targets.filter { ($0.kind == .application || $0.kind == .appClip) && $0.isIOS } }

    /// The extensions, watch apps and App Clips `app` embeds, directly or through a watch app, in
    /// the project's order; never a test or a framework.
    package func extensions(of app: XcodeTarget) -> [XcodeTarget] {
        var found: [XcodeTarget] = []
        var queue = [app.id]
        var seen: Set<String> = [app.id]
        while let next = queue.first {
            queue.removeFirst()
            for target in targets where target.hostApplication == next && target.isEmbeddable && seen.insert(target.id).inserted {
                found.append(target)
                queue.append(target.id)
            }
        }
        return targets.filter { target in found.contains { $0.id == target.id } }
    }

    /// The `.xcodeproj` folders below `root` (hidden folders, build products and dependencies
    /// left out), relative to it, sorted.
    package static func find(in root: String, skipping skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules", "vendor"])
        -> [String]
    {
        var found: [String] = []
        var queue = [""]
        var seen = 0
        while !queue.isEmpty, seen < 200_000 {
            let folder = queue.removeFirst()
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? root : root + "/" + folder) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                seen += 1
                let relative = folder.isEmpty ? name : folder + "/" + name
                guard Self.isDirectory(root + "/" + relative) else { continue }
                if name.hasSuffix(".xcodeproj") {
                    found.append(relative)
                } else if !skipped.contains(name) && !name.hasSuffix(".xcworkspace") && !name.hasSuffix(".playground") {
                    queue.append(relative)
                }
            }
        }
        return found
    }

    /// Reads the project at `path` (an `.xcodeproj` folder), relative to `root`; every path in
    /// the result is relative to `root` too. A project file that cannot be read or parsed is a
    /// located error.
    package static func read(_ path: String, root: String = FileManager.default.currentDirectoryPath) -> Result<XcodeProject, InputError> {
        let projectFile = Paths.joined(path, "project.pbxproj")
        // A project named by an absolute path (`$GITHUB_WORKSPACE/App.xcodeproj`) is read there.
        let absolute = projectFile.hasPrefix("/") ? projectFile : root.hasSuffix("/") ? root + projectFile : root + "/" + projectFile
        guard let data = FileManager.default.contents(atPath: absolute) else {
            return .failure(
                InputError(code: .fileUnreadable, message: "cannot read the Xcode project file", location: SourceLocation(file: projectFile)))
        }
        guard data.count <= 64 << 20 else {
            return .failure(
                InputError(
                    code: .fileTooLarge, message: "the Xcode project file is over 64 MiB; Proctor does not read it",
                    location: SourceLocation(file: projectFile)))
        }
        return read(bytes: Array(data), path: path, root: root)
    }

    /// Reads the bytes of the project file of the project at `path` (an `.xcodeproj` folder,
    /// relative to `root`); the `.xcconfig` files, Info.plists and synchronized folders it names
    /// are looked for under `root`.
    package static func read(bytes: [UInt8], path: String, root: String) -> Result<XcodeProject, InputError> {
        switch ProjectFile.read(bytes: bytes, displayPath: Paths.joined(path, "project.pbxproj")) {
        case .failure(let error): return .failure(error)
        case .success(let file):
            var reader = ProjectReader(file: file, projectPath: Paths.normalized(path), root: root)
            return .success(reader.read())
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

/// The reading of one project file into targets.
private struct ProjectReader {
    let file: ProjectFile
    let projectPath: String
    let directory: String
    let root: String
    /// The absolute path of the root, for values Xcode gives as absolute paths ($(SRCROOT)/...).
    let absoluteRoot: String
    var notes: [XcodeNote] = []
    /// Each group's (or file's) parent group.
    var parents: [String: String] = [:]
    /// The names some configuration of the project sets.
    var projectNames: Set<String> = []
    /// The files under each synchronized folder, listed once: every target that is a member of
    /// a folder reads it, for its Swift files and again for its intent definitions.
    let listings = FolderListings()

    init(file: ProjectFile, projectPath: String, root: String) {
        self.file = file
        self.projectPath = projectPath
        let folder = (projectPath as NSString).deletingLastPathComponent
        self.directory = folder.isEmpty ? "." : folder
        self.root = root
        self.absoluteRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        for (identifier, object) in file.objects {
            for child in object["children"]?.strings ?? [] { parents[child] = identifier }
        }
    }

    mutating func read() -> XcodeProject {
        let project = file[file.rootObject] ?? [:]
        // Every name any configuration of the project sets, in the project file or the .xcconfig
        // files it is based on: one a configuration does not set is empty there, as in Xcode.
        var names: Set<String> = []
        var ignored: [XcodeNote] = []
        for (identifier, object) in file.objects where object["isa"]?.string == "XCBuildConfiguration" {
            names.formUnion(settings(of: identifier).map(\.key))
            names.formUnion(baseConfiguration(of: identifier, notes: &ignored).map(\.key))
        }
        projectNames = names
        var targets: [XcodeTarget] = []
        for identifier in project["targets"]?.strings ?? [] {
            guard file.isa(identifier) == "PBXNativeTarget", let target = readTarget(identifier, project: project) else { continue }
            targets.append(target)
        }
        // Which app holds each extension: the one that embeds its product, else one that
        // depends on it.
        for index in targets.indices where targets[index].isEmbeddable {
            let identifier = targets[index].id
            let host =
                targets.first { $0.embeddedTargets.contains(identifier) }
                ?? targets.first { ($0.kind == .application || $0.kind == .watchApp) && $0.dependencies.contains(identifier) }
            targets[index].hostApplication = host?.id
        }
        return XcodeProject(path: projectPath, directory: directory, targets: targets, notes: notes)
    }

    // MARK: - Targets

    mutating func readTarget(_ identifier: String, project: [String: ProjectFile.Value]) -> XcodeTarget? {
        guard let object = file[identifier] else { return nil }
        let name = object["name"]?.string ?? identifier
        let productType = object["productType"]?.string ?? ""
        let kind = XcodeTarget.Kind(productType: productType)
        var targetNotes: [XcodeNote] = []

        // The configuration: Release when there is one, else the list's default, else the first.
        let targetConfigurations = configurations(of: object["buildConfigurationList"]?.string)
        let projectConfigurations = configurations(of: project["buildConfigurationList"]?.string)
        let chosen: (name: String, why: String)
        let names = targetConfigurations.list.map(\.name)
        if names.contains("Release") {
            chosen = ("Release", "Release")
        } else if let preferred = targetConfigurations.defaultName, names.contains(preferred) {
            chosen = (preferred, "the default configuration; there is no Release")
        } else if let first = names.first {
            chosen = (first, "the first configuration; there is no Release")
        } else {
            chosen = ("Release", "no configuration is listed")
            targetNotes.append(
                XcodeNote("the target lists no build configuration; only Xcode's own values are known", at: file.location(ofObject: identifier)))
        }
        let targetConfiguration = targetConfigurations.list.first { $0.name == chosen.name }?.id
        let projectConfiguration = projectConfigurations.list.first { $0.name == chosen.name }?.id

        // The layers, lowest first, then the settings read twice: once to learn the SDK, once
        // with the conditions of that SDK.
        var layers: [BuildSettingAssignment] = []
        for configuration in [projectConfiguration, targetConfiguration].compactMap({ $0 }) {
            layers += baseConfiguration(of: configuration, notes: &targetNotes)
            layers += settings(of: configuration)
        }
        func builtIns(sdk: String) -> [BuildSettingAssignment] {
            let projectName = ((projectPath as NSString).lastPathComponent as NSString).deletingPathExtension
            let sourceRoot = Paths.joined(absoluteRoot, directory)
            var values: [(String, String)] = [
                ("TARGET_NAME", name), ("TARGETNAME", name), ("PROJECT_NAME", projectName), ("PROJECT", projectName),
                ("SRCROOT", sourceRoot), ("SOURCE_ROOT", sourceRoot), ("PROJECT_DIR", sourceRoot),
                ("PROJECT_FILE_PATH", Paths.joined(absoluteRoot, projectPath)),
                ("CONFIGURATION", chosen.name), ("PRODUCT_NAME", "$(TARGET_NAME)"), ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"),
                ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"), ("DEVELOPMENT_LANGUAGE", "en"),
                ("PRODUCT_BUNDLE_PACKAGE_TYPE", Self.packageType(kind)),
            ]
            if !sdk.isEmpty { values += [("PLATFORM_NAME", sdk), ("EFFECTIVE_PLATFORM_NAME", sdk == "macosx" ? "" : "-" + sdk), ("SDK_NAME", sdk)] }
            return values.map { BuildSettingAssignment(key: $0.0, conditions: [], value: $0.1, location: nil) }
        }
        let first = BuildSettings(
            assignments: builtIns(sdk: "") + layers, conditions: BuildConditions(sdk: "", configuration: chosen.name), projectNames: projectNames)
        let platforms = Self.platforms(first)
        let sdk = platforms.contains("iphoneos") ? "iphoneos" : platforms.first ?? ""
        let settings = BuildSettings(
            assignments: builtIns(sdk: sdk) + layers, conditions: BuildConditions(sdk: sdk, configuration: chosen.name), projectNames: projectNames)

        func fact(_ key: String, path: Bool = false) -> XcodeTarget.Fact? {
            guard let resolved = settings.resolved(key) else { return nil }
            let location = resolved.location ?? file.location(ofObject: identifier)
            guard resolved.unresolved.isEmpty else {
                targetNotes.append(
                    XcodeNote(
                        "\(key) = \(VisibleText.escaped(resolved.written)) refers to \(resolved.unresolved.map { "$(\($0))" }.joined(separator: ", ")), which nothing Proctor reads sets; left out",
                        at: location))
                return nil
            }
            guard !resolved.value.isEmpty else { return nil }
            guard path else { return XcodeTarget.Fact(resolved.value, at: resolved.location) }
            let relative = relativePath(resolved.value)
            if !FileManager.default.fileExists(atPath: Paths.joined(root, relative)) {
                targetNotes.append(XcodeNote("\(key) names '\(VisibleText.escaped(relative))', which is not there", at: location))
            }
            return XcodeTarget.Fact(relative, at: resolved.location)
        }

        let infoPlist = fact("INFOPLIST_FILE", path: true)
        let generates = settings.isYes("GENERATE_INFOPLIST_FILE")
        var generated: [String: GeneratedInfoPlist.Value] = [:]
        if generates {
            let result = GeneratedInfoPlist.keys(
                from: settings, isApplication: kind == .application || kind == .appClip, isIOS: platforms.contains("iphoneos"))
            generated = result.keys
            targetNotes += result.notes
        }
        let deploymentKey =
            sdk == "macosx"
            ? "MACOSX_DEPLOYMENT_TARGET"
            : sdk == "watchos"
                ? "WATCHOS_DEPLOYMENT_TARGET"
                : sdk == "appletvos"
                    ? "TVOS_DEPLOYMENT_TARGET"
                    : sdk == "xros" ? "XROS_DEPLOYMENT_TARGET" : "IPHONEOS_DEPLOYMENT_TARGET"
        var target = XcodeTarget(
            id: identifier, name: name, productType: productType, kind: kind, platforms: platforms, configuration: chosen.name,
            configurationChoice: chosen.why, settings: settings, infoPlist: infoPlist, generatesInfoPlist: generates, generatedInfoPlist: generated,
            bundleIdentifier: fact("PRODUCT_BUNDLE_IDENTIFIER"), entitlements: fact("CODE_SIGN_ENTITLEMENTS", path: true),
            deploymentTarget: fact(deploymentKey), team: fact("DEVELOPMENT_TEAM"), extensionPoint: nil, swiftFiles: [],
            dependencies: [], embeddedTargets: [], hostApplication: nil, notes: [])
        if infoPlist == nil && !generates && kind != .other && kind != .library {
            targetNotes.append(
                XcodeNote("the target names no Info.plist (INFOPLIST_FILE) and does not generate one", at: file.location(ofObject: identifier)))
        }
        if target.isExtension || kind == .watchApp { target.extensionPoint = extensionPoint(of: target, notes: &targetNotes) }
        target.swiftFiles = swiftFiles(of: identifier, object, notes: &targetNotes)
        target.intentDefinitions = intentDefinitions(of: identifier, object)
        target.dependencies = (object["dependencies"]?.strings ?? []).compactMap { file[$0]?["target"]?.string }
        target.embeddedTargets = embedded(by: object)
        target.notes = targetNotes
        return target
    }

    /// The build configurations of a configuration list, and its default's name.
    func configurations(of list: String?) -> (list: [(name: String, id: String)], defaultName: String?) {
        guard let list, let object = file[list] else { return ([], nil) }
        let entries = (object["buildConfigurations"]?.strings ?? []).compactMap { id in file[id]?["name"]?.string.map { ($0, id) } }
        return (entries, object["defaultConfigurationName"]?.string)
    }

    /// A build configuration's own settings, located at their lines; unconditional ones first, so
    /// that a matching conditional one wins.
    func settings(of configuration: String) -> [BuildSettingAssignment] {
        guard let dictionary = file[configuration]?["buildSettings"]?.dictionary else { return [] }
        var result: [BuildSettingAssignment] = []
        for (written, value) in dictionary {
            let text: String
            switch value {
            case .string(let string): text = string
            case .array(let items): text = items.compactMap(\.string).map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            case .dictionary: continue
            }
            let key = written.prefix { $0 != "[" }
            let location = SourceLocation(
                file: file.displayPath, line: file.line(ofSetting: String(key), inObject: configuration) ?? file.line(ofObject: configuration))
            if let assignment = BuildSettingAssignment.parse(key: written, value: text, location: location) { result.append(assignment) }
        }
        return result.sorted { ($0.conditions.count, $0.key) < ($1.conditions.count, $1.key) }
    }

    /// The `.xcconfig` a configuration is based on: `baseConfigurationReference` (a file
    /// reference), or Xcode 16's `baseConfigurationReferenceAnchor` (a synchronized folder) with
    /// `baseConfigurationReferenceRelativePath`.
    mutating func baseConfiguration(of configuration: String, notes: inout [XcodeNote]) -> [BuildSettingAssignment] {
        guard let object = file[configuration] else { return [] }
        let path: String?
        if let reference = object["baseConfigurationReference"]?.string {
            path = self.path(of: reference)
        } else if let anchor = object["baseConfigurationReferenceAnchor"]?.string,
            let relative = object["baseConfigurationReferenceRelativePath"]?.string
        {
            path = self.path(of: anchor).map { Paths.joined($0, relative) }
        } else {
            return []
        }
        guard let path else {
            notes.append(
                XcodeNote(
                    "the configuration's .xcconfig is outside the source tree; its settings are unknown", at: file.location(ofObject: configuration)))
            return []
        }
        guard FileManager.default.fileExists(atPath: Paths.joined(root, path)) else {
            notes.append(
                XcodeNote(
                    "the configuration is based on '\(VisibleText.escaped(path))', which is not there; its settings are unknown",
                    at: file.location(ofObject: configuration)))
            return []
        }
        return XCConfigFile.assignments(path: Paths.joined(root, path), displayPath: path, notes: &notes)
    }

    /// The SDKs a target builds for.
    static func platforms(_ settings: BuildSettings) -> [String] {
        let sdks = ["iphoneos", "macosx", "watchos", "appletvos", "xros", "driverkit"]
        if let supported = settings.value("SUPPORTED_PLATFORMS"), !supported.isEmpty {
            let named = supported.split(separator: " ").map(String.init)
            let found = sdks.filter { sdk in
                named.contains {
                    $0 == sdk || $0 == sdk.replacingOccurrences(of: "os", with: "simulator") || ($0 == "iphonesimulator" && sdk == "iphoneos")
                }
            }
            if !found.isEmpty { return found }
        }
        if let root = settings.value("SDKROOT") {
            let name = (root as NSString).lastPathComponent.lowercased()
            if let sdk = sdks.first(where: { name.hasPrefix($0) }) { return [sdk] }
        }
        return []
    }

    static func packageType(_ kind: XcodeTarget.Kind) -> String {
        switch kind {
        case .application, .appClip, .watchApp: "APPL"
        case .appExtension, .extensionKitExtension, .watchExtension: "XPC!"
        case .framework: "FMWK"
        case .unitTests, .uiTests: "BNDL"
        default: ""
        }
    }

    // MARK: - Paths

    /// A path from a build setting, relative to the root: relative values are relative to the
    /// project's folder; absolute ones inside the root are made relative.
    func relativePath(_ value: String) -> String {
        if value.hasPrefix("/") {
            let normalized = Paths.normalized(value)
            if normalized == absoluteRoot { return "." }
            if normalized.hasPrefix(absoluteRoot == "/" ? "/" : absoluteRoot + "/") {
                return String(normalized.dropFirst(absoluteRoot == "/" ? 1 : absoluteRoot.count + 1))
            }
            return normalized
        }
        return Paths.joined(directory, value)
    }

    /// Where a group or file reference is, relative to the root: through its groups for
    /// `<group>`, from the project's folder for `SOURCE_ROOT`; nil for a place outside the
    /// source tree (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`).
    func path(of identifier: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = file[identifier] else { return nil }
        let own = object["path"]?.string
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            let base: String?
            if let parent = parents[identifier] {
                base = path(of: parent, depth: depth + 1)
            } else {
                // The main group: the project's folder, moved by projectDirPath.
                let projectDirPath = file[file.rootObject]?["projectDirPath"]?.string ?? ""
                base = Paths.joined(directory, projectDirPath)
            }
            guard let base else { return nil }
            return own.map { Paths.joined(base, $0) } ?? base
        case "SOURCE_ROOT": return Paths.joined(directory, own ?? "")
        case "<absolute>": return own.map(relativePath)
        default: return nil
        }
    }

    // MARK: - Sources

    /// The Swift files a target compiles: its Sources phase's files, and its synchronized folders.
    func swiftFiles(of identifier: String, _ object: [String: ProjectFile.Value], notes: inout [XcodeNote]) -> [String] {
        var files: Set<String> = []
        for phase in object["buildPhases"]?.strings ?? [] where file.isa(phase) == "PBXSourcesBuildPhase" {
            for buildFile in file[phase]?["files"]?.strings ?? [] where builtForIOS(buildFile) {
                guard let reference = file[buildFile]?["fileRef"]?.string, file.isa(reference) == "PBXFileReference" else { continue }
                let name = file[reference]?["path"]?.string ?? file[reference]?["name"]?.string ?? ""
                let type = file[reference]?["lastKnownFileType"]?.string ?? file[reference]?["explicitFileType"]?.string
                guard name.hasSuffix(".swift") || type == "sourcecode.swift", let path = path(of: reference) else { continue }
                files.insert(path)
            }
        }
        let member = Set(object["fileSystemSynchronizedGroups"]?.strings ?? [])
        for group in member {
            guard let folder = path(of: group) else { continue }
            let absolute = Paths.joined(root, folder)
            guard XcodeProject.isDirectory(absolute) else {
                notes.append(
                    XcodeNote(
                        "the synchronized folder '\(VisibleText.escaped(folder))' is not there; its files are unknown",
                        at: file.location(ofObject: group)))
                continue
            }
            let excepted = Set(exceptions(of: group, for: identifier))
            let resourceFolders = file[group]?["explicitFolders"]?.strings ?? []
            for relative in listings.files(under: absolute) where relative.hasSuffix(".swift") && !excepted.contains(relative) {
                if resourceFolders.contains(where: { relative.hasPrefix($0 + "/") }) { continue }
                files.insert(Paths.joined(folder, relative))
            }
        }
        // A folder the target is not a member of adds the files its exceptions name for the target.
        for (group, object) in file.objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" && !member.contains(group) {
            let added = exceptions(of: group, for: identifier).filter { $0.hasSuffix(".swift") }
            guard !added.isEmpty, let folder = path(of: group) else { continue }
            for relative in added { files.insert(Paths.joined(folder, relative)) }
        }
        return files.sorted()
    }

    /// The intent definition files a target builds: Xcode compiles them in the Sources phase
    /// to generate the intents' classes, often localized, as a variant group whose base child is
    /// the definition (`Base.lproj/Intents.intentdefinition`) beside `.strings` files.
    func intentDefinitions(of identifier: String, _ object: [String: ProjectFile.Value]) -> [String] {
        var files: Set<String> = []
        let isDefinition = { (reference: String) -> Bool in
            let name = self.file[reference]?["path"]?.string ?? self.file[reference]?["name"]?.string ?? ""
            let type = self.file[reference]?["lastKnownFileType"]?.string ?? self.file[reference]?["explicitFileType"]?.string
            return name.hasSuffix(".intentdefinition") || type == "file.intentdefinition"
        }
        for phase in object["buildPhases"]?.strings ?? [] where file.isa(phase) == "PBXSourcesBuildPhase" {
            for buildFile in file[phase]?["files"]?.strings ?? [] where builtForIOS(buildFile) {
                guard let reference = file[buildFile]?["fileRef"]?.string else { continue }
                let references: [String] =
                    switch file.isa(reference) {
                    case "PBXFileReference": [reference]
                    case "PBXVariantGroup": file[reference]?["children"]?.strings ?? []
                    default: []
                    }
                for child in references where file.isa(child) == "PBXFileReference" && isDefinition(child) {
                    if let path = path(of: child) { files.insert(path) }
                }
            }
        }
        for group in object["fileSystemSynchronizedGroups"]?.strings ?? [] {
            guard let folder = path(of: group) else { continue }
            let excepted = Set(exceptions(of: group, for: identifier))
            for relative in listings.files(under: Paths.joined(root, folder))
            where relative.hasSuffix(".intentdefinition") && !excepted.contains(relative) {
                files.insert(Paths.joined(folder, relative))
            }
        }
        return files.sorted()
    }

    /// Whether a build file is part of an iOS device build: it names no platform filter
    /// (`platformFilter = maccatalyst`, `platformFilters = (macos, )`), or one that is `ios`.
    func builtForIOS(_ buildFile: String) -> Bool {
        guard let object = file[buildFile] else { return true }
        let filters = (object["platformFilter"]?.string.map { [$0] } ?? []) + (object["platformFilters"]?.strings ?? [])
        return filters.isEmpty || filters.contains("ios")
    }

    /// The paths, relative to a synchronized folder, its exception sets name for a target.
    func exceptions(of group: String, for target: String) -> [String] {
        var paths: [String] = []
        for set in file[group]?["exceptions"]?.strings ?? [] {
            guard let object = file[set], object["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                object["target"]?.string == target
            else { continue }
            paths += (object["membershipExceptions"]?.strings ?? []).map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
        }
        return paths
    }

}

/// The files under folders, each folder walked once and kept for the project's reading.
private final class FolderListings {
    private var listed: [String: [String]] = [:]

    /// The files under `folder`, relative to it, in order (hidden files and packages' `.build`
    /// left out; links not followed).
    func files(under folder: String) -> [String] {
        if let known = listed[folder] { return known }
        let found = Self.walk(folder)
        listed[folder] = found
        return found
    }

    private static func walk(_ folder: String) -> [String] {
        var found: [String] = []
        var queue = [""]
        var seen = 0
        while !queue.isEmpty, seen < 200_000 {
            let relative = queue.removeFirst()
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                seen += 1
                let path = relative.isEmpty ? name : relative + "/" + name
                if XcodeProject.isDirectory(folder + "/" + path) {
                    queue.append(path)
                } else {
                    found.append(path)
                }
            }
        }
        return found
    }
}

extension ProjectReader {

    // MARK: - Relations

    /// The targets whose products `object` copies into its bundle as extensions or apps
    /// (`PlugIns`, dstSubfolderSpec 13; `Extensions` and `Watch` in the product folder, 16).
    func embedded(by object: [String: ProjectFile.Value]) -> [String] {
        var products: [String] = []
        for phase in object["buildPhases"]?.strings ?? [] where file.isa(phase) == "PBXCopyFilesBuildPhase" {
            let spec = file[phase]?["dstSubfolderSpec"]?.string
            let destination = file[phase]?["dstPath"]?.string ?? ""
            guard
                spec == "13"
                    || (spec == "16"
                        && (destination.contains("EXTENSIONS_FOLDER_PATH") || destination.contains("Watch") || destination.contains("AppClips")))
            else { continue }
            products += (file[phase]?["files"]?.strings ?? []).filter(builtForIOS).compactMap { file[$0]?["fileRef"]?.string }
        }
        return file.objects.filter {
            $0.value["isa"]?.string == "PBXNativeTarget" && ($0.value["productReference"]?.string).map(products.contains) == true
        }
        .map(\.key).sorted()
    }

    /// An extension's point, from its Info.plist file.
    func extensionPoint(of target: XcodeTarget, notes: inout [XcodeNote]) -> XcodeTarget.Fact? {
        if target.kind == .watchApp || target.kind == .watchExtension { return nil }
        guard let plist = target.infoPlist?.value else {
            notes.append(
                XcodeNote(
                    "the extension has no Info.plist file, so its extension point is unknown (Xcode generates no NSExtension)",
                    at: file.location(ofObject: target.id)))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: Paths.joined(root, plist)) else { return nil }
        switch PropertyListFile.read(bytes: Array(data), displayPath: plist, noun: "the Info.plist") {
        case .failure(let error):
            notes.append(XcodeNote(error.message, at: error.location))
            return nil
        case .success(let read):
            let dictionary = read.root as? [String: Any] ?? [:]
            for (outer, inner) in [("NSExtension", "NSExtensionPointIdentifier"), ("EXAppExtensionAttributes", "EXExtensionPointIdentifier")] {
                if let point = (dictionary[outer] as? [String: Any])?[inner] as? String {
                    return XcodeTarget.Fact(point, at: SourceLocation(file: plist, line: read.line(ofKey: outer)))
                }
            }
            notes.append(XcodeNote("the Info.plist of the extension has no NSExtensionPointIdentifier", at: SourceLocation(file: plist)))
            return nil
        }
    }
}
