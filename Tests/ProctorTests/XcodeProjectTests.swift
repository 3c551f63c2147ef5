import Foundation
import ProctorCore
import Testing

@testable import ProctorXcode

private typealias Location = ProctorCore.SourceLocation

/// The Xcode project reader, on Fixtures/Xcode: a project written for these tests (an app with an
/// Intents extension, a widget in a synchronized folder, a notification service extension, unit
/// and UI tests, an app whose Info.plist Xcode generates, a Mac app), with `.xcconfig` files that
/// include each other.
@Suite("Xcode projects")
struct XcodeProjectTests {
    static let root = Repository.url("Tests/ProctorTests/Fixtures/Xcode/Tapas").path

    private func project() throws -> XcodeProject {
        switch XcodeProject.read("Tapas.xcodeproj", root: Self.root) {
        case .success(let project): return project
        case .failure(let error): throw TestFailure("\(error.location.compilerStyle): \(error.message)")
        }
    }

    private func target(_ name: String) throws -> XcodeTarget {
        try #require(try project().target(named: name))
    }

    @Test func everyNativeTargetIsReadWithItsKind() throws {
        let project = try project()
        #expect(
            project.targets.map(\.name) == [
                "Tapas", "TapasIntents", "TapasWidget", "NotificationService", "TapasTests", "TapasUITests", "Kitchen", "TapasMac",
            ])
        #expect(
            project.targets.map(\.kind) == [
                .application, .appExtension, .appExtension, .appExtension, .unitTests, .uiTests, .application, .application,
            ])
        // The iOS applications only: the Mac app and the tests are left out.
        #expect(project.applications.map(\.name) == ["Tapas", "Kitchen"])
        #expect(try target("TapasMac").platforms == ["macosx"] && target("Tapas").platforms == ["iphoneos"])
        #expect(try target("TapasTests").isTest && target("TapasUITests").isTest)
        #expect(try target("Tapas").configuration == "Release")
    }

    @Test func settingsAreLayeredFromTheProjectTheTargetAndTheirConfigurationFiles() throws {
        let app = try target("Tapas")
        // App.xcconfig (the target's) includes Base.xcconfig, which includes Shared.xcconfig.
        #expect(app.bundleIdentifier == XcodeTarget.Fact("com.example.tapas", at: Location(file: "Config/App.xcconfig", line: 5)))
        #expect(app.team == XcodeTarget.Fact("ABCDE12345", at: Location(file: "Config/Base.xcconfig", line: 5)))
        // The target's .xcconfig wins over the project's settings, which win over the project's .xcconfig.
        #expect(app.deploymentTarget?.value == "17.0" && app.deploymentTarget?.location == Location(file: "Config/App.xcconfig", line: 7))
        let intents = try target("TapasIntents")
        #expect(intents.deploymentTarget?.value == "15.0" && intents.deploymentTarget?.location?.file == "Tapas.xcodeproj/project.pbxproj")
        // $(inherited) is the value below: the project's.
        #expect(app.settings.value("OTHER_SWIFT_FLAGS") == "-DBASE -DAPP")
        // A variable another configuration sets (BUNDLE_ID_SUFFIX, in Debug only) is empty here, as in Xcode.
        #expect(app.settings.resolved("PRODUCT_BUNDLE_IDENTIFIER")?.empty == ["BUNDLE_ID_SUFFIX"])
        #expect(app.settings.resolved("PRODUCT_BUNDLE_IDENTIFIER")?.unresolved == [])
        // A trailing ';' in an .xcconfig is not part of the value.
        #expect(app.settings.value("CODE_SIGN_STYLE") == "Automatic")
    }

    @Test func referencesAreResolvedWithTheirOperators() throws {
        // $(PRODUCT_NAME:rfc1034identifier), with PRODUCT_NAME = "Tapas Intents".
        #expect(try target("TapasIntents").bundleIdentifier?.value == "com.example.tapas.Tapas-Intents")
        // ${VAR} and $(TARGET_NAME:lower).
        #expect(try target("NotificationService").bundleIdentifier?.value == "com.example.tapas.notificationservice")
        // $(SRCROOT) is the project's folder: the path comes back relative to the root.
        #expect(try target("TapasIntents").entitlements?.value == "Intents/Intents.entitlements")
        // A setting conditional on the SDK applies to a device build.
        #expect(try target("NotificationService").entitlements?.value == "NotificationService/NotificationService.entitlements")
        #expect(BuildSettings.apply("rfc1034identifier", to: "My App_2") == "My-App-2")
        #expect(BuildSettings.apply("c99extidentifier", to: "2 Apps") == "_2_Apps")
    }

    @Test func aValueThatDoublesAtEachReferenceIsGivenUpNotExpanded() {
        // A0 = x, A1 = $(A0)$(A0), ..., A40 = $(A39)$(A39): 2^40 characters if expanded.
        var assignments = [BuildSettingAssignment(key: "A0", conditions: [], value: "x", location: nil)]
        for level in 1...40 {
            assignments.append(BuildSettingAssignment(key: "A\(level)", conditions: [], value: "$(A\(level - 1))$(A\(level - 1))", location: nil))
        }
        // And a cycle: B = $(C), C = $(B).
        assignments += [
            BuildSettingAssignment(key: "B", conditions: [], value: "$(C)", location: nil),
            BuildSettingAssignment(key: "C", conditions: [], value: "$(B)", location: nil),
        ]
        let settings = BuildSettings(assignments: assignments, conditions: BuildConditions(sdk: "iphoneos", configuration: "Release"))
        let resolved = settings.resolved("A40")
        #expect(resolved?.unresolved.isEmpty == false && settings.value("A40") == nil)
        #expect(settings.value("A4") == String(repeating: "x", count: 16))
        #expect(settings.value("B") == nil)
    }

    @Test func aSettingThatRefersToNothingIsALocatedNoteNotAGuess() throws {
        let widget = try target("TapasWidget")
        #expect(widget.bundleIdentifier == nil)
        let note = try #require(widget.notes.first { $0.message.hasPrefix("PRODUCT_BUNDLE_IDENTIFIER =") })
        #expect(note.message.contains("$(WIDGET_SUFFIX)"))
        #expect(note.location.file == "Tapas.xcodeproj/project.pbxproj" && note.location.line != nil)
        #expect(widget.notes.filter { $0.message.contains("WIDGET_SUFFIX") }.count == 1)
    }

    @Test func infoPlistsAreFilesOrGeneratedKeys() throws {
        #expect(try target("Tapas").infoPlist?.value == "App/Info.plist")
        #expect(try target("Tapas").generatesInfoPlist == false)
        let kitchen = try target("Kitchen")
        #expect(kitchen.infoPlist == nil && kitchen.generatesInfoPlist)
        #expect(kitchen.generatedInfoPlist["CFBundleDisplayName"] == .string("Kitchen"))
        #expect(kitchen.generatedInfoPlist["NSCameraUsageDescription"] == .string("Scan the dishes."))
        #expect(
            kitchen.generatedInfoPlist["UISupportedInterfaceOrientations~ipad"]
                == .strings(["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"]))
        #expect(kitchen.generatedInfoPlist["UILaunchScreen"] == .dictionary([:]))
        #expect(kitchen.generatedInfoPlist["CFBundleIdentifier"] == .string("com.example.kitchen"))
        #expect(kitchen.generatedInfoPlist["CFBundleShortVersionString"] == .string("2.1"))
        #expect(kitchen.generatedInfoPlist["CFBundlePackageType"] == .string("APPL"))
        #expect(kitchen.generatedInfoPlist["LSRequiresIPhoneOS"] == .boolean(true))
        // Xcode generates no NSUserActivityTypes: the setting is a note, the key is not there.
        #expect(kitchen.generatedInfoPlist["NSUserActivityTypes"] == nil)
        #expect(
            kitchen.notes.contains {
                $0.message.hasPrefix("INFOPLIST_KEY_NSUserActivityTypes is not a setting Xcode generates") && $0.location.line != nil
            })
        #expect(kitchen.team?.value == "KLMNO67890")
        #expect(
            GeneratedInfoPlist.key(forSetting: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone") == "UISupportedInterfaceOrientations~iphone")
    }

    @Test func extensionsKnowTheirPointAndTheirApp() throws {
        let project = try project()
        let app = try target("Tapas")
        #expect(project.extensions(of: app).map(\.name) == ["TapasIntents", "TapasWidget", "NotificationService"])
        #expect(try target("TapasIntents").extensionPoint?.value == "com.apple.intents-service")
        #expect(try target("TapasIntents").extensionPoint?.location == Location(file: "Intents/Info.plist", line: 9))
        #expect(try target("TapasWidget").isWidget)
        #expect(try target("NotificationService").extensionRole == "notification service")
        #expect(try target("TapasTests").hostApplication == nil)
        #expect(project.extensions(of: try target("Kitchen")).isEmpty)
    }

    @Test func swiftFilesComeFromTheSourcesPhaseAndSynchronizedFolders() throws {
        // Through groups, and a file with a SOURCE_ROOT path; the widget folder lends WidgetKind.swift;
        // CatalystMenu.swift is built for Mac Catalyst only (platformFilter).
        #expect(
            try target("Tapas").swiftFiles == ["App/AppDelegate.swift", "App/MenuView.swift", "Shared/Formatting.swift", "Widget/WidgetKind.swift"])
        // Every .swift file of the folder but the excepted preview.
        #expect(try target("TapasWidget").swiftFiles == ["Widget/Provider.swift", "Widget/TapasWidget.swift", "Widget/WidgetKind.swift"])
        // A folder given as a resource (explicitFolders) is not compiled.
        #expect(try target("Kitchen").swiftFiles == ["Kitchen/KitchenApp.swift", "Kitchen/Orders/Order.swift"])
        #expect(try target("TapasTests").swiftFiles == ["TapasTests/TapasTests.swift"])
    }

    @Test func intentDefinitionsComeFromTheSourcesPhaseThroughTheirVariantGroup() throws {
        // Localized, the definition is a variant group: its Base.lproj child is the definition, the
        // en.lproj strings beside it are not.
        #expect(try target("TapasIntents").intentDefinitions == ["Intents/Base.lproj/Intents.intentdefinition"])
        #expect(try target("Tapas").intentDefinitions == ["Intents/Base.lproj/Intents.intentdefinition"])
        #expect(try target("Kitchen").intentDefinitions == [])
        #expect(try target("TapasIntents").swiftFiles == ["Intents/IntentHandler.swift"])
    }

    @Test func aProjectFileThatIsNotAPropertyListIsALocatedError() {
        let text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tA = {isa = PBXGroup; children = (;\n\t};\n}\n"
        guard case .failure(let error) = ProjectFile.read(bytes: Array(text.utf8), displayPath: "Broken.xcodeproj/project.pbxproj") else {
            Issue.record("a broken project file was read")
            return
        }
        #expect(error.code.rawValue == "xcode_project_invalid")
        #expect(error.location.file == "Broken.xcodeproj/project.pbxproj" && error.location.line != nil)
        guard case .failure(let missing) = XcodeProject.read("Nowhere.xcodeproj", root: Self.root) else { return }
        #expect(missing.code.rawValue == "file_unreadable")
    }

    @Test func xcconfigIncludesAreFollowedAndMissingOnesNoted() {
        var notes: [XcodeNote] = []
        let assignments = XCConfigFile.assignments(path: Self.root + "/Config/App.xcconfig", displayPath: "Config/App.xcconfig", notes: &notes)
        // Shared (through Base), then Base, then App's own; the optional Local.xcconfig is absent, silently.
        #expect(
            assignments.map(\.key) == [
                "IPHONEOS_DEPLOYMENT_TARGET", "BUNDLE_PREFIX", "CODE_SIGN_STYLE", "DEVELOPMENT_TEAM", "ORGANIZATION", "INFOPLIST_FILE",
                "PRODUCT_BUNDLE_IDENTIFIER",
                "CODE_SIGN_ENTITLEMENTS", "IPHONEOS_DEPLOYMENT_TARGET",
            ])
        #expect(assignments.first?.location == Location(file: "Config/Shared.xcconfig", line: 1))
        #expect(notes.isEmpty)
        let conditional = BuildSettingAssignment.parse(key: "CODE_SIGN_IDENTITY[sdk=iphoneos*][config=Release]", value: "x", location: nil)
        #expect(conditional?.key == "CODE_SIGN_IDENTITY" && conditional?.conditions.count == 2)
    }

    /// Shapes met on real projects (docs/field-tests.md, "six apps"): `$NAME` without brackets, a
    /// setting that names itself at a lower level, an include spelt in another case.
    @Test func referencesWithoutBracketsAndSettingsThatNameThemselves() {
        let assignments = [
            BuildSettingAssignment(key: "DEVELOPMENT_TEAM", conditions: [], value: "Z6P74P6T99", location: nil),
            BuildSettingAssignment(key: "ROOT", conditions: [], value: "au.com.example.podcasts", location: nil),
            BuildSettingAssignment(key: "PRODUCT_BUNDLE_IDENTIFIER", conditions: [], value: "$ROOT.widget", location: nil),
            BuildSettingAssignment(key: "DEVELOPMENT_TEAM", conditions: [], value: "$(DEVELOPMENT_TEAM)", location: nil),
            BuildSettingAssignment(key: "PRICE", conditions: [], value: "$5 and $", location: nil),
        ]
        let settings = BuildSettings(assignments: assignments, conditions: BuildConditions(sdk: "iphoneos", configuration: "Release"))
        #expect(settings.value("PRODUCT_BUNDLE_IDENTIFIER") == "au.com.example.podcasts.widget")
        #expect(settings.value("DEVELOPMENT_TEAM") == "Z6P74P6T99")
        #expect(settings.value("PRICE") == "$5 and $")
    }

    @Test func anIncludeSpeltInAnotherCaseIsFollowedAsOnAMac() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-xcconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Configs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("#include \"configs/Version.public.xcconfig\"\nA = 1\n".utf8).write(to: folder.appendingPathComponent("App.xcconfig"))
        try Data("VERSION = 7\n".utf8).write(to: folder.appendingPathComponent("Configs/Version.Public.xcconfig"))
        var notes: [XcodeNote] = []
        let assignments = XCConfigFile.assignments(
            path: folder.appendingPathComponent("App.xcconfig").path, displayPath: "App.xcconfig", notes: &notes)
        #expect(assignments.map(\.key) == ["VERSION", "A"] && notes.isEmpty, "\(notes)")
        #expect(assignments.first?.location?.file == "Configs/Version.Public.xcconfig")
    }
}
