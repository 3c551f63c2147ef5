import ProctorCore

/// One native target of an Xcode project, as Proctor needs it: what it builds, for which
/// platform, its Info.plist (a file, keys Xcode generates, or both), bundle identifier, team,
/// deployment target, entitlements, the Swift files it compiles, and how it relates to the other
/// targets (the app an extension is embedded in). Paths are relative to the folder the project
/// was read from (``XcodeProject/read(_:root:)``); every value knows where it is set.
package struct XcodeTarget: Sendable {
    /// What a target builds, from its `productType`.
    package enum Kind: String, Sendable, CaseIterable {
        case application
        case appClip
        case appExtension
        case extensionKitExtension
        case watchApp
        case watchExtension
        case unitTests
        case uiTests
        case framework
        case library
        case other

        init(productType: String) {
            let prefix = "com.apple.product-type."
            let type = productType.hasPrefix(prefix) ? String(productType.dropFirst(prefix.count)) : productType
            switch type {
            case "application", "application.messages": self = .application
            case "application.on-demand-install-capable": self = .appClip
            case "application.watchapp2", "application.watchapp": self = .watchApp
            case "watchkit2-extension", "watchkit-extension": self = .watchExtension
            case "extensionkit-extension": self = .extensionKitExtension
            case "bundle.unit-test": self = .unitTests
            case "bundle.ui-testing": self = .uiTests
            case "framework", "framework.static", "xcframework": self = .framework
            case "library.static", "library.dynamic": self = .library
            case _ where type.hasPrefix("app-extension") || type == "tv-app-extension": self = .appExtension
            default: self = .other
            }
        }

        /// The words a printout uses.
        package var phrase: String {
            switch self {
            case .application: "application"
            case .appClip: "App Clip"
            case .appExtension: "app extension"
            case .extensionKitExtension: "ExtensionKit extension"
            case .watchApp: "watch app"
            case .watchExtension: "WatchKit extension"
            case .unitTests: "unit tests"
            case .uiTests: "UI tests"
            case .framework: "framework"
            case .library: "library"
            case .other: "other"
            }
        }
    }

    /// A value and the place that sets it: a line of the project file or of an `.xcconfig`, a key
    /// of an Info.plist, or nil for a value Xcode defines itself.
    package struct Fact: Sendable, Equatable {
        package var value: String
        package var location: SourceLocation?

        package init(_ value: String, at location: SourceLocation?) {
            self.value = value
            self.location = location
        }

        /// `file:line`, or "Xcode's default".
        package var source: String { location?.compilerStyle ?? "Xcode's default" }
    }

    /// The object identifier in the project file.
    package var id: String
    package var name: String
    /// `com.apple.product-type.application`, ...
    package var productType: String
    package var kind: Kind
    /// The SDKs the target builds for (`iphoneos`, `macosx`, ...), from `SUPPORTED_PLATFORMS`, else
    /// `SDKROOT`; empty when neither is set.
    package var platforms: [String]
    /// The build configuration whose settings were read, and why that one.
    package var configuration: String
    package var configurationChoice: String
    /// Every build setting of that configuration, layered and resolvable.
    package var settings: BuildSettings

    /// `INFOPLIST_FILE`: the Info.plist file, relative to the root, when the target names one.
    package var infoPlist: Fact?
    /// `GENERATE_INFOPLIST_FILE = YES`: Xcode writes the Info.plist from build settings (and the
    /// file, when there is one, is merged into it).
    package var generatesInfoPlist: Bool
    /// The keys Xcode generates from `INFOPLIST_KEY_*` and the bundle settings, with their values
    /// (``GeneratedInfoPlist``). Empty unless ``generatesInfoPlist``.
    package var generatedInfoPlist: [String: GeneratedInfoPlist.Value]
    /// `PRODUCT_BUNDLE_IDENTIFIER`, resolved.
    package var bundleIdentifier: Fact?
    /// `CODE_SIGN_ENTITLEMENTS`: the entitlements file, relative to the root.
    package var entitlements: Fact?
    /// `IPHONEOS_DEPLOYMENT_TARGET` (for an iOS target).
    package var deploymentTarget: Fact?
    /// `DEVELOPMENT_TEAM`.
    package var team: Fact?
    /// An extension's point, from its Info.plist: `NSExtension` → `NSExtensionPointIdentifier`
    /// (app extensions) or `EXAppExtensionAttributes` → `EXExtensionPointIdentifier`
    /// (ExtensionKit); `com.apple.widgetkit-extension` for a widget.
    package var extensionPoint: Fact?
    /// The Swift files the target compiles, relative to the root, sorted: its Sources build phase
    /// and its synchronized folders (less the files excepted from it, plus those of other folders
    /// added to it).
    package var swiftFiles: [String]
    /// The SiriKit intent definition files (`.intentdefinition`) the target builds, relative to
    /// the root, sorted: from its Sources build phase (a localized one is a variant group, whose
    /// definition files are taken) and its synchronized folders.
    package var intentDefinitions: [String] = []
    /// The targets this one depends on (`PBXTargetDependency`), by identifier.
    package var dependencies: [String]
    /// The targets whose products it embeds (copy phases into `PlugIns`, `Extensions` or
    /// `Watch`), by identifier.
    package var embeddedTargets: [String]
    /// The application (or watch app) that embeds this extension, watch app or App Clip (or,
    /// failing that, depends on it), by identifier; nil for every other kind.
    package var hostApplication: String?
    /// What Proctor could not resolve for this target, each at its place.
    package var notes: [XcodeNote]

    /// A test bundle: left out of everything Proctor configures.
    package var isTest: Bool { kind == .unitTests || kind == .uiTests }
    /// Builds for iOS (iPhone and iPad), whatever else it builds for.
    package var isIOS: Bool { platforms.contains("iphoneos") }
    /// An extension of any kind an app embeds.
    package var isExtension: Bool { kind == .appExtension || kind == .extensionKitExtension || kind == .watchExtension }
    /// A product an app bundle embeds as its own bundle with its own Info.plist: an extension, a
    /// watch app, an App Clip (frameworks and tests are not).
    package var isEmbeddable: Bool { isExtension || kind == .watchApp || kind == .appClip }
    /// A widget extension.
    package var isWidget: Bool { extensionPoint?.value == "com.apple.widgetkit-extension" }

    /// The extension point's common name, for printouts (`widget`, `intents`, ...).
    package var extensionRole: String? {
        guard let point = extensionPoint?.value else { return nil }
        let known: [String: String] = [
            "com.apple.widgetkit-extension": "widget", "com.apple.intents-service": "Intents", "com.apple.intents-ui-service": "Intents UI",
            "com.apple.usernotifications.service": "notification service", "com.apple.usernotifications.content-extension": "notification content",
            "com.apple.share-services": "share", "com.apple.ui-services": "action", "com.apple.appintents-extension": "App Intents",
            "com.apple.Safari.web-extension": "Safari web", "com.apple.broadcast-services-upload": "broadcast upload",
            "com.apple.networkextension.packet-tunnel": "packet tunnel", "com.apple.fileprovider-nonui": "file provider",
            "com.apple.spotlight.import": "Spotlight import", "com.apple.widget-extension": "Today widget",
        ]
        return known[point] ?? point
    }
}
