/// The Info.plist keys Xcode writes itself when a target has `GENERATE_INFOPLIST_FILE = YES`: one
/// per `INFOPLIST_KEY_<Key>` build setting Xcode defines, and the bundle keys it takes from other
/// settings. The lists follow Xcode's build settings reference ("Info.plist Values" in the build
/// settings of Xcode 13 and later) as swift-build's Info.plist processor implements it; a key it
/// does not list is not generated, whatever the setting's name: there is no
/// `INFOPLIST_KEY_NSUserActivityTypes`, so activity types always live in an Info.plist file.
package enum GeneratedInfoPlist {
    /// A generated value: text, a YES/NO setting, a list setting (space-separated), or a
    /// dictionary Xcode writes whole (`UILaunchScreen`, `UIApplicationSceneManifest`).
    package enum Value: Sendable, Equatable {
        case string(String)
        case boolean(Bool)
        case strings([String])
        case dictionary([String: Value])
    }

    /// Keys that take a string.
    static let stringKeys: Set<String> = [
        "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright", "NSPrincipalClass", "ITSEncryptionExportComplianceCode",
        "NSMainNibFile", "NSMainStoryboardFile", "UILaunchStoryboardName", "UIMainStoryboardFile", "UIUserInterfaceStyle", "UIStatusBarStyle",
        "NSSensorKitPrivacyPolicyURL", "CLKComplicationPrincipalClass", "WKCompanionAppBundleIdentifier", "WKExtensionDelegateClassName",
        "NSStickerSharingLevel", "NSLocationTemporaryUsageDescriptionDictionary",
    ]
    /// Keys that take YES or NO.
    static let booleanKeys: Set<String> = [
        "ITSAppUsesNonExemptEncryption", "LSBackgroundOnly", "LSUIElement", "NSViewGestureRecognizerIsExclusive", "LSSupportsOpeningDocumentsInPlace",
        "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates", "UIApplicationSupportsIndirectInputEvents", "UIRequiresFullScreen",
        "UIStatusBarHidden", "UISupportsDocumentBrowser", "WKApplication", "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly",
        "WKSupportsLiveActivityLaunchAttributeTypes", "MetalCaptureEnabled", "GCSupportsControllerUserInteraction", "GCSupportsGameMode",
    ]
    /// Keys that take a list.
    static let listKeys: Set<String> = [
        "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UISupportedInterfaceOrientations~ipad",
        "UISupportedInterfaceOrientations~iphone",
    ]
    /// The privacy strings that are not named `...UsageDescription`.
    static let otherPrivacyKeys: Set<String> = []
    /// The bundle keys Xcode takes from other build settings.
    package static let bundleKeys: [(key: String, setting: String)] = [
        ("CFBundleName", "PRODUCT_NAME"), ("CFBundleExecutable", "EXECUTABLE_NAME"), ("CFBundleVersion", "CURRENT_PROJECT_VERSION"),
        ("CFBundleDevelopmentRegion", "DEVELOPMENT_LANGUAGE"), ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"),
        ("CFBundlePackageType", "PRODUCT_BUNDLE_PACKAGE_TYPE"), ("CFBundleShortVersionString", "MARKETING_VERSION"),
    ]

    static let prefix = "INFOPLIST_KEY_"

    /// The Info.plist key an `INFOPLIST_KEY_` setting writes, or nil when Xcode writes none
    /// (`_iPad` and `_iPhone` name the `~ipad` and `~iphone` variants).
    package static func key(forSetting setting: String) -> String? {
        guard setting.hasPrefix(prefix) else { return nil }
        var key = String(setting.dropFirst(prefix.count))
        if key.hasSuffix("_iPad") { key = String(key.dropLast(5)) + "~ipad" }
        if key.hasSuffix("_iPhone") { key = String(key.dropLast(7)) + "~iphone" }
        if key == "UILaunchScreen_Generation" { return "UILaunchScreen" }
        if key == "UIApplicationSceneManifest_Generation" { return "UIApplicationSceneManifest" }
        let known =
            stringKeys.contains(key) || booleanKeys.contains(key) || listKeys.contains(key) || otherPrivacyKeys.contains(key)
            || (key.hasSuffix("UsageDescription") && !key.contains("~"))
        return known ? key : nil
    }

    /// The keys `settings` generate, with the notes for what Proctor cannot resolve: an
    /// `INFOPLIST_KEY_` setting Xcode does not generate, a value that refers to nothing.
    package static func keys(from settings: BuildSettings, isApplication: Bool, isIOS: Bool) -> (keys: [String: Value], notes: [XcodeNote]) {
        var keys: [String: Value] = [:]
        var notes: [XcodeNote] = []
        for setting in settings.keys where setting.hasPrefix(prefix) {
            guard let resolved = settings.resolved(setting) else { continue }
            guard let key = key(forSetting: setting) else {
                if let location = resolved.location {
                    notes.append(
                        XcodeNote(
                            "\(setting) is not a setting Xcode generates an Info.plist key from; the key is not in the generated Info.plist",
                            at: location))
                }
                continue
            }
            guard resolved.unresolved.isEmpty else {
                if let location = resolved.location {
                    notes.append(
                        XcodeNote(
                            "\(setting) refers to \(resolved.unresolved.joined(separator: ", ")), which nothing Proctor reads sets; \(key) is left out",
                            at: location))
                }
                continue
            }
            let value = resolved.value
            switch key {
            case "UILaunchScreen":
                if isYes(value) { keys[key] = .dictionary([:]) }
            case "UIApplicationSceneManifest":
                if isYes(value) {
                    keys[key] = .dictionary(["UIApplicationSupportsMultipleScenes": .boolean(true), "UISceneConfigurations": .dictionary([:])])
                }
            case _ where booleanKeys.contains(key): keys[key] = .boolean(isYes(value))
            case _ where listKeys.contains(key): keys[key] = .strings(value.split(separator: " ").map(String.init))
            default:
                // An empty value is generated only when the setting is assigned.
                keys[key] = .string(value)
            }
        }
        for (key, setting) in bundleKeys {
            guard let resolved = settings.resolved(setting) else { continue }
            guard resolved.unresolved.isEmpty else {
                // The bundle identifier's own note says it already.
                if let location = resolved.location, setting != "PRODUCT_BUNDLE_IDENTIFIER" {
                    notes.append(
                        XcodeNote(
                            "\(setting) refers to \(resolved.unresolved.joined(separator: ", ")), which nothing Proctor reads sets; \(key) is left out",
                            at: location))
                }
                continue
            }
            if !resolved.value.isEmpty { keys[key] = .string(resolved.value) }
        }
        keys["CFBundleInfoDictionaryVersion"] = .string("6.0")
        if isApplication && isIOS { keys["LSRequiresIPhoneOS"] = .boolean(true) }
        return (keys, notes)
    }

    static func isYes(_ value: String) -> Bool { ["YES", "yes", "true", "1"].contains(value) }
}
