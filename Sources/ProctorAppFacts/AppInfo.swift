import Foundation
import ProctorCore
import ProctorFiles
import ProctorJSON

/// The facts Proctor reads from an app's `Info.plist`.
package struct AppInfo: Sendable {
    /// The file the facts came from, as the user named it.
    package var source: String
    package var bundleIdentifier: String?
    /// `NSUserActivityTypes`; nil when the key is absent.
    package var userActivityTypes: [String]?
    /// The schemes of `CFBundleURLTypes` → `CFBundleURLSchemes`.
    package var urlSchemes: [String]
    /// `LSApplicationQueriesSchemes`: the schemes the app may pass to `canOpenURL(_:)`; nil when
    /// the key is absent.
    package var queriedURLSchemes: [String]?
    /// `INIntentsSupported`: intents the app handles itself.
    package var intentsSupported: [String]
    /// `NSExtension` → `NSExtensionAttributes` → `IntentsSupported`, for an Intents extension's plist.
    package var extensionIntentsSupported: [String]
    /// `NSExtension` → `NSExtensionPointIdentifier` (`com.apple.intents-service`): set only in an
    /// extension's Info.plist, so nil for an app's.
    package var extensionPoint: String?
    /// The location purpose strings the Info.plist gives (non-empty): of
    /// ``AppInfo/locationUsageKeys``, by key.
    package var locationUsageDescriptions: [String] = []
    /// `UIBackgroundModes`: what the app keeps running for in the background (`audio`,
    /// `location`, `remote-notification`, ...); nil when the key is absent.
    package var backgroundModes: [String]?
    /// `INIntentsRestrictedWhileLocked`: intents the app handles only when the device is unlocked.
    package var intentsRestrictedWhileLocked: [String] = []
    /// `NSExtension` → `NSExtensionAttributes` → `IntentsRestrictedWhileLocked`.
    package var extensionIntentsRestrictedWhileLocked: [String] = []
    /// The iOS version the app supports back to: `MinimumOSVersion` of a built Info.plist, or
    /// stated by `--deployment-target`, a scenario's `app.deploymentTarget` or a case's `config`.
    /// Version-dependent rules are skipped while it is unknown.
    package var deploymentTarget: OSVersion?
    /// The platform the Info.plist describes the app for (AppPlatform.swift); nil when nothing in
    /// it says, and the app is then judged as an iOS app.
    package var platform: Platform?
    /// `LSMinimumSystemVersion`: the macOS version a Mac app supports back to.
    package var minimumSystemVersion: OSVersion?
    /// The messaging services the app speaks (`serviceName` values, e.g. Jabber and ICQ in one
    /// client), stated by `--service-name`, a scenario or a case's `config`; Apple has no
    /// Info.plist key for them.
    package var serviceNames: [String] = []
    /// The Apple Developer Team ID, stated by `--team-identifier`, a scenario's
    /// `app.teamIdentifier` or a case's `config`; no Info.plist key holds it.
    package var teamIdentifier: String?
    /// False when the facts come from `--bundle-identifier` alone: NSUserActivityTypes is unknown.
    package var isFromInfoPlist: Bool
    /// `MKDirectionsApplicationSupportedModes`: the modes a routing app gives directions for; nil
    /// when the key is absent (the app is not a routing app). See RoutingAppInfo.swift.
    package var directionsModes: [String]?
    /// The entries of `CFBundleDocumentTypes`, with their content types; nil when it is absent.
    package var documentTypes: [DocumentType]?
    /// The static Home Screen quick actions, `UIApplicationShortcutItems`; nil when the key is
    /// absent. See QuickActionAppInfo.swift.
    package var shortcutItems: [ShortcutItem]?
    /// Lines of the keys and entries that rules about the Info.plist itself point at, by JSON
    /// Pointer over the property list (`/INIntentsRestrictedWhileLocked/0`). XML files only.
    package var lines: [String: Int] = [:]

    /// The Info.plist keys that explain why the app uses the user's location.
    package static let locationUsageKeys = [
        "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
    ]

    package init(
        source: String, bundleIdentifier: String? = nil, userActivityTypes: [String]? = nil, urlSchemes: [String] = [],
        intentsSupported: [String] = [], extensionIntentsSupported: [String] = [], isFromInfoPlist: Bool = true
    ) {
        self.isFromInfoPlist = isFromInfoPlist
        self.source = source
        self.bundleIdentifier = bundleIdentifier
        self.userActivityTypes = userActivityTypes
        self.urlSchemes = urlSchemes
        self.intentsSupported = intentsSupported
        self.extensionIntentsSupported = extensionIntentsSupported
    }

    /// Whether the Info.plist is an extension's (it has `NSExtension`), not an app's.
    package var isExtension: Bool { extensionPoint != nil }

    /// The application identifier an apple-app-site-association file names the app by,
    /// `<Team ID>.<bundle identifier>`, when both are known.
    package var applicationIdentifier: String? {
        guard let teamIdentifier, let bundleIdentifier else { return nil }
        return "\(teamIdentifier).\(bundleIdentifier)"
    }

    /// Whether `NSUserActivityTypes` lists `type`. Entries such as
    /// `$(PRODUCT_BUNDLE_IDENTIFIER).viewPlace`, left unexpanded in a source Info.plist, match any
    /// text in place of the build setting.
    package func declares(activityType type: String) -> Bool {
        guard let declared = userActivityTypes else { return false }
        return declared.contains { entry in
            entry == type || (entry.contains("$") && Self.matches(pattern: entry, text: type))
        }
    }

    /// The line of the value at `pointer` in the Info.plist, or of its deepest ancestor with one.
    package func line(of pointer: JSONPointer) -> Int? {
        var tokens = pointer.tokens
        while !tokens.isEmpty {
            if let line = lines[JSONPointer(tokens).description] { return line }
            tokens.removeLast()
        }
        return nil
    }

    /// Matches `$(NAME)` and `${NAME}` placeholders against one or more characters.
    static func matches(pattern: String, text: String) -> Bool {
        var literals: [Substring] = []
        var rest = Substring(pattern)
        while let open = rest.range(of: "$(") ?? rest.range(of: "${") {
            let closer: Character = rest[open].hasSuffix("(") ? ")" : "}"
            guard let close = rest[open.upperBound...].firstIndex(of: closer) else { break }
            literals.append(rest[..<open.lowerBound])
            rest = rest[rest.index(after: close)...]
        }
        literals.append(rest)
        guard literals.count > 1 else { return pattern == text }
        var remaining = Substring(text)
        guard remaining.hasPrefix(literals[0]) else { return false }
        remaining = remaining.dropFirst(literals[0].count)
        for (index, literal) in literals.dropFirst().enumerated() {
            let isLast = index == literals.count - 2
            if isLast {
                return remaining.count > literal.count && remaining.hasSuffix(literal)
            }
            guard let found = remaining.dropFirst().range(of: literal) else { return false }
            remaining = remaining[found.upperBound...]
        }
        return true
    }
}

/// Where the intent lists are in an Info.plist: the reader records their lines there, and the
/// rules that judge them report there.
package enum IntentListPointers {
    package static let supported = JSONPointer(["INIntentsSupported"])
    package static let restrictedWhileLocked = JSONPointer(["INIntentsRestrictedWhileLocked"])
    package static let extensionSupported = JSONPointer(["NSExtension", "NSExtensionAttributes", "IntentsSupported"])
    package static let extensionRestrictedWhileLocked = JSONPointer(["NSExtension", "NSExtensionAttributes", "IntentsRestrictedWhileLocked"])
}

/// Reads an `Info.plist`, XML or binary, with Foundation's `PropertyListSerialization`.
package enum InfoPlistReader {
    package struct Result: Sendable {
        package var appInfo: AppInfo?
        package var inputErrors: [InputError] = []
        package var diagnostics: [Diagnostic] = []
    }

    /// The largest Info.plist read: real ones are a few kilobytes, and a device or a pipe given
    /// as the Info.plist must not be read without end.
    package static let maximumFileSize = 16 * 1024 * 1024

    /// Reads the file at `url`, naming it `displayPath` in every message.
    /// `deploymentTarget` is the one the user gave (`--deployment-target`): it replaces
    /// `MinimumOSVersion`, whose value is then not judged.
    package static func read(
        contentsOf url: URL, displayPath: String, bundleIdentifier override: String? = nil, deploymentTarget: OSVersion? = nil
    ) -> Result {
        switch InputFiles.load(url.path, limit: maximumFileSize, naming: "the Info.plist") {
        case .failure(var error):
            error.location.file = displayPath
            return Result(inputErrors: [error])
        case .success(let bytes):
            return read(bytes: bytes, displayPath: displayPath, bundleIdentifier: override, deploymentTarget: deploymentTarget)
        }
    }

    /// Reads an Info.plist held in memory (conformance vectors, fuzzing, embedding).
    package static func read(
        bytes: [UInt8], displayPath: String, bundleIdentifier override: String? = nil, deploymentTarget: OSVersion? = nil
    ) -> Result {
        let file: PropertyListFile
        switch PropertyListFile.read(bytes: bytes, displayPath: displayPath, noun: "the Info.plist") {
        case .success(let read): file = read
        case .failure(let error):
            // A target with INFOPLIST_PREPROCESS = YES has Xcode run the C preprocessor over its
            // Info.plist (`#ifndef DEBUG` around keys): the file is no property list until then.
            // Proctor does not preprocess; it says so, and the facts are unknown, not an error.
            if let directive = preprocessorLine(bytes) {
                return Result(diagnostics: [
                    Diagnostic(
                        code: ProblemCode.propertyListPreprocessed, severity: .note,
                        message:
                            "the Info.plist has C preprocessor lines (\(directive.text)), which Xcode resolves at build time when INFOPLIST_PREPROCESS is YES; Proctor does not preprocess, so its facts are not read and the rules that need them are skipped",
                        location: SourceLocation(file: displayPath, line: directive.line))
                ])
            }
            return Result(inputErrors: [error])
        }
        return extract(
            from: file.root, source: displayPath, lineOf: { key in file.line(ofKey: key) },
            linesOfEntries: { key in file.linesOfEntries(ofArray: key) }, bundleIdentifier: override,
            deploymentTarget: deploymentTarget)
    }

    /// The first line that is a C preprocessor directive (`#if`, `#ifdef`, `#ifndef`, `#else`,
    /// `#elif`, `#endif`, `#define`, `#undef`, `#include`), with its line number.
    static func preprocessorLine(_ bytes: [UInt8]) -> (text: String, line: Int)? {
        let directives = ["#if", "#ifdef", "#ifndef", "#else", "#elif", "#endif", "#define", "#undef", "#include"]
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#") else { continue }
            let word = trimmed.prefix { !$0.isWhitespace }
            if directives.contains(String(word)) { return (String(word), index + 1) }
        }
        return nil
    }

    /// Builds the facts from a property-list dictionary already in memory (inline facts in
    /// conformance vectors and rule examples use this with JSON converted to Foundation types).
    package static func extract(
        from plist: Any, source: String, lineOf: (String) -> Int? = { _ in nil }, linesOfEntries: (String) -> [Int] = { _ in [] },
        bundleIdentifier override: String? = nil, deploymentTarget: OSVersion? = nil
    ) -> Result {
        var result = Result()
        guard let root = plist as? [String: Any] else {
            result.inputErrors.append(
                InputError(
                    code: ProblemCode.propertyListInvalid, message: "the Info.plist's top level is not a dictionary",
                    location: SourceLocation(file: source, line: lineOf(""))))
            return result
        }
        func wrongType(_ key: String, _ expected: String) {
            result.diagnostics.append(
                Diagnostic(
                    code: ProblemCode.typeMismatch, severity: .error, message: "'\(key)' must be \(expected); it is ignored",
                    location: SourceLocation(file: source, line: lineOf(key), pointer: "/\(key)")))
        }
        func stringArray(_ value: Any?, _ key: String) -> [String]? {
            guard let value else { return nil }
            guard let array = value as? [Any], array.allSatisfy({ $0 is String }) else {
                wrongType(key, "an array of strings")
                return nil
            }
            return array.compactMap { $0 as? String }
        }
        var info = AppInfo(source: source)
        if let value = root["CFBundleIdentifier"] {
            if let identifier = value as? String { info.bundleIdentifier = identifier } else { wrongType("CFBundleIdentifier", "a string") }
        }
        if let override {
            info.bundleIdentifier = override
        } else if let identifier = info.bundleIdentifier, identifier.contains("$") {
            result.diagnostics.append(
                Diagnostic(
                    code: ProblemCode.unresolvedBuildSetting, severity: .warning,
                    message:
                        "CFBundleIdentifier is the unexpanded build setting '\(identifier)'; pass --bundle-identifier to check activity type prefixes",
                    location: SourceLocation(file: source, line: lineOf("CFBundleIdentifier"), pointer: "/CFBundleIdentifier")))
            info.bundleIdentifier = nil
        }
        info.userActivityTypes = stringArray(root["NSUserActivityTypes"], "NSUserActivityTypes")
        if let override {
            info.userActivityTypes = info.userActivityTypes?.map {
                $0.replacingOccurrences(of: "$(PRODUCT_BUNDLE_IDENTIFIER)", with: override)
                    .replacingOccurrences(of: "${PRODUCT_BUNDLE_IDENTIFIER}", with: override)
            }
        }
        if let value = root["CFBundleURLTypes"] {
            if let types = value as? [Any] {
                for case let type as [String: Any] in types {
                    info.urlSchemes += stringArray(type["CFBundleURLSchemes"], "CFBundleURLTypes") ?? []
                }
            } else {
                wrongType("CFBundleURLTypes", "an array of dictionaries")
            }
        }
        info.queriedURLSchemes = stringArray(root["LSApplicationQueriesSchemes"], "LSApplicationQueriesSchemes")
        info.intentsSupported = stringArray(root["INIntentsSupported"], "INIntentsSupported") ?? []
        for key in AppInfo.locationUsageKeys {
            guard let value = root[key] else { continue }
            if let text = value as? String {
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { info.locationUsageDescriptions.append(key) }
            } else {
                wrongType(key, "a string")
            }
        }
        info.intentsRestrictedWhileLocked = stringArray(root["INIntentsRestrictedWhileLocked"], "INIntentsRestrictedWhileLocked") ?? []
        info.backgroundModes = stringArray(root["UIBackgroundModes"], "UIBackgroundModes")
        if let extensionInfo = root["NSExtension"] as? [String: Any] {
            info.extensionPoint = extensionInfo["NSExtensionPointIdentifier"] as? String ?? ""
        }
        if let extensionInfo = root["NSExtension"] as? [String: Any],
            let attributes = extensionInfo["NSExtensionAttributes"] as? [String: Any]
        {
            info.extensionIntentsSupported = stringArray(attributes["IntentsSupported"], "NSExtension") ?? []
            info.extensionIntentsRestrictedWhileLocked = stringArray(attributes["IntentsRestrictedWhileLocked"], "NSExtension") ?? []
        }
        // Where the intent lists are, for the rules that judge the Info.plist itself (rules over `AppInfo`).
        for (pointer, entries) in [
            (IntentListPointers.supported, info.intentsSupported),
            (IntentListPointers.restrictedWhileLocked, info.intentsRestrictedWhileLocked),
            (IntentListPointers.extensionSupported, info.extensionIntentsSupported),
            (IntentListPointers.extensionRestrictedWhileLocked, info.extensionIntentsRestrictedWhileLocked),
        ] where !entries.isEmpty {
            let key = pointer.tokens.last ?? ""
            let pointer = pointer.description
            info.lines[pointer] = lineOf(key)
            for (index, line) in linesOfEntries(key).prefix(entries.count).enumerated() { info.lines[pointer + "/\(index)"] = line }
        }
        info.platform = AppInfo.platform(of: root)
        info.minimumSystemVersion = (root["LSMinimumSystemVersion"] as? String).flatMap(OSVersion.init)
        extractRoutingApp(from: root, into: &info, lineOf: lineOf, linesOfEntries: linesOfEntries, wrongType: wrongType)
        extractQuickActions(from: root, into: &info, lineOf: lineOf, wrongType: wrongType)
        if let deploymentTarget {
            info.deploymentTarget = deploymentTarget
        } else if let value = root["MinimumOSVersion"] {
            let pointer = "/MinimumOSVersion"
            if let text = value as? String, let version = OSVersion(text) {
                info.deploymentTarget = version
            } else if let text = value as? String, text.contains("$") {
                // A source Info.plist leaves it to the IPHONEOS_DEPLOYMENT_TARGET build setting.
                result.diagnostics.append(
                    Diagnostic(
                        code: ProblemCode.unresolvedBuildSetting, severity: .warning,
                        message:
                            "MinimumOSVersion is the unexpanded build setting '\(text)'; pass --deployment-target to check the rules that depend on the iOS version",
                        location: SourceLocation(file: source, line: lineOf("MinimumOSVersion"), pointer: pointer)))
            } else if let text = value as? String {
                result.diagnostics.append(
                    Diagnostic(
                        code: ProblemCode.invalidValue, severity: .error,
                        message: "MinimumOSVersion '\(text)' is not an iOS version such as \"15.0\"; it is ignored",
                        location: SourceLocation(file: source, line: lineOf("MinimumOSVersion"), pointer: pointer)))
            } else {
                wrongType("MinimumOSVersion", "a version string such as \"15.0\"")
            }
        }
        result.appInfo = info
        return result
    }

    /// Converts inline JSON facts to the Foundation types a property list would hold.
    package static func foundationValue(_ node: JSONNode) -> Any {
        switch node.value {
        case .null: return NSNull()
        case .bool(let value): return value
        case .integer(let value): return value
        case .unsignedInteger(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .array(let elements): return elements.map(foundationValue)
        case .object(let object):
            var dictionary: [String: Any] = [:]
            for member in object.members { dictionary[member.key] = foundationValue(member.value) }
            return dictionary
        }
    }
}

/// A short reason for a Foundation file error, without the absolute path it may carry.
func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain == NSCocoaErrorDomain {
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied"
        default: break
        }
    }
    if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(posix.code)))
    }
    return nsError.localizedDescription
}
