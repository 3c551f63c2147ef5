import Foundation
import ProctorAppFacts
import ProctorCore
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

@Suite("Info.plist")
struct InfoPlistTests {
    static var facts: [String: Any] {
        [
            "CFBundleIdentifier": "com.example.places",
            "NSUserActivityTypes": ["com.example.places.view-place", "$(PRODUCT_BUNDLE_IDENTIFIER).view-trail"],
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["places", "places-beta"]], ["CFBundleURLSchemes": ["tony"]]],
            "INIntentsSupported": ["INSendMessageIntent"],
            "NSExtension": ["NSExtensionAttributes": ["IntentsSupported": ["INStartCallIntent"]]],
        ]
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsXMLAndBinary(format: PropertyListSerialization.PropertyListFormat) throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let data = try PropertyListSerialization.data(fromPropertyList: Self.facts, format: format, options: 0)
        let path = try directory.write("Info.plist", bytes: data)
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "App/Info.plist")
        #expect(read.inputErrors.isEmpty, "\(read.inputErrors)")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let info = try #require(read.appInfo)
        #expect(info.source == "App/Info.plist")
        #expect(info.bundleIdentifier == "com.example.places")
        #expect(info.userActivityTypes == ["com.example.places.view-place", "$(PRODUCT_BUNDLE_IDENTIFIER).view-trail"])
        #expect(info.urlSchemes == ["places", "places-beta", "tony"])
        #expect(info.intentsSupported == ["INSendMessageIntent"])
        #expect(info.extensionIntentsSupported == ["INStartCallIntent"])
    }

    @Test func readsStaticQuickActionsWithTheirLines() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write(
            "Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>UIApplicationShortcutItems</key>
            <array>
            <dict>
            <key>UIApplicationShortcutItemType</key><string>com.example.places.search</string>
            <key>UIApplicationShortcutItemTitle</key><string>Search</string>
            <key>UIApplicationShortcutItemIconType</key><string>UIApplicationShortcutIconTypeSearch</string>
            <key>UIApplicationShortcutItemUserInfo</key><dict><key>tab</key><string>search</string></dict>
            </dict>
            <dict>
            <key>UIApplicationShortcutItemType</key><integer>3</integer>
            <key>UIApplicationShortcutItemTitle</key><string>Nearby</string>
            </dict>
            </array>
            </dict>
            </plist>

            """)
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "Info.plist")
        let info = try #require(read.appInfo)
        #expect(
            info.shortcutItems == [
                AppInfo.ShortcutItem(
                    type: "com.example.places.search", title: "Search", iconType: "UIApplicationShortcutIconTypeSearch", userInfoKeys: ["tab"]),
                AppInfo.ShortcutItem(title: "Nearby"),
            ])
        #expect(info.line(of: QuickActionPointers.items) == 4)
        #expect(info.line(of: QuickActionPointers.item(1, AppInfo.ShortcutItemKey.title)) == 4)
        #expect(
            read.diagnostics.map(\.message) == [
                "'UIApplicationShortcutItems' must be an array of dictionaries whose UIApplicationShortcutItemType is a string; it is ignored"
            ])
    }

    @Test func brokenPlistIsAnInputErrorWithALine() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write(
            "Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.places</strin>
            </dict>
            </plist>

            """)
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "Info.plist")
        #expect(read.appInfo == nil)
        let error = try #require(read.inputErrors.first)
        #expect(read.inputErrors.count == 1)
        #expect(error.code == ProblemCode.propertyListInvalid)
        #expect(error.location.file == "Info.plist")
        #expect(error.location.line == 5, "\(error.message)")
    }

    /// ownCloud's shape (field tests): INFOPLIST_PREPROCESS = YES and `#ifndef` around keys. The
    /// file is right for Xcode, so it is a note that its facts are not read, not an input error.
    @Test func aPreprocessedPlistIsANoteNotAnInputError() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write(
            "Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.places</string>
            #ifndef DISABLE_BACKGROUND_LOCATION
            <key>UIBackgroundModes</key>
            <array><string>location</string></array>
            #endif
            </dict>
            </plist>

            """)
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "Info.plist")
        #expect(read.appInfo == nil && read.inputErrors.isEmpty)
        let note = try #require(read.diagnostics.first)
        #expect(note.code == ProblemCode.propertyListPreprocessed && note.severity == .note && note.location.line == 6, "\(note)")
        #expect(note.message.contains("(#ifndef)"))
    }

    @Test func missingPlistIsUnreadable() {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: directory.path("nope.plist")), displayPath: "nope.plist")
        #expect(read.inputErrors.map(\.code) == [ProblemCode.fileUnreadable])
        #expect(read.inputErrors.first?.message.contains(directory.path) == false, "the message must not carry the absolute path")
    }

    @Test func topLevelThatIsNotADictionaryIsInvalid() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let data = try PropertyListSerialization.data(fromPropertyList: ["a", "b"], format: .xml, options: 0)
        let path = try directory.write("Info.plist", bytes: data)
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "Info.plist")
        #expect(read.inputErrors.map(\.code) == [ProblemCode.propertyListInvalid])
    }

    @Test func wrongTypeIsADiagnosticOnTheKeysLine() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": "com.example.places.view"],
            format: .xml, options: 0)
        let path = try directory.write("Info.plist", bytes: data)
        let text = String(decoding: data, as: UTF8.self)
        let keyLine = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("<key>NSUserActivityTypes</key>") }) + 1
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "Info.plist")
        let diagnostic = try #require(read.diagnostics.first)
        #expect(diagnostic.code == ProblemCode.typeMismatch)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.pointer == "/NSUserActivityTypes")
        #expect(diagnostic.location.line == keyLine)
        #expect(read.appInfo?.userActivityTypes == nil)
    }

    // MARK: - Build settings

    @Test func unexpandedBuildSettingEntriesMatchAnyText() {
        let info = AppInfo(
            source: "Info.plist",
            userActivityTypes: ["$(PRODUCT_BUNDLE_IDENTIFIER).view-place", "${PRODUCT_BUNDLE_IDENTIFIER}.share", "com.example.exact"])
        #expect(info.declares(activityType: "com.example.places.view-place"))
        #expect(info.declares(activityType: "org.other.view-place"))
        #expect(info.declares(activityType: "com.example.places.share"))
        #expect(info.declares(activityType: "com.example.exact"))
        #expect(!info.declares(activityType: ".view-place"), "the build setting stands for at least one character")
        #expect(!info.declares(activityType: "com.example.places.view-trail"))
        #expect(!info.declares(activityType: "com.example.places.view-place.extra"))
        #expect(!AppInfo(source: "Info.plist").declares(activityType: "com.example.exact"), "no NSUserActivityTypes declares nothing")
    }

    @Test func placeholdersInTheMiddle() {
        let info = AppInfo(source: "Info.plist", userActivityTypes: ["com.$(TEAM).$(APP).view"])
        #expect(info.declares(activityType: "com.example.places.view"))
        #expect(!info.declares(activityType: "com.example.places.edit"))
        #expect(!info.declares(activityType: "org.example.places.view"))
    }

    @Test func bundleIdentifierOverrideExpandsEntries() throws {
        let json =
            #"{"CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).x", "${PRODUCT_BUNDLE_IDENTIFIER}.y", "com.other.z"]}"#
        let expanded = try appInfo(fromJSON: json, bundleIdentifier: "com.example.places")
        #expect(expanded.diagnostics.isEmpty, "\(expanded.diagnostics.map(\.message))")
        let info = try #require(expanded.appInfo)
        #expect(info.bundleIdentifier == "com.example.places")
        #expect(info.userActivityTypes == ["com.example.places.x", "com.example.places.y", "com.other.z"])
        #expect(info.declares(activityType: "com.example.places.x"))
        #expect(!info.declares(activityType: "com.elsewhere.x"), "once expanded, the entry is exact")

        // Without the override the entries stay patterns and the identifier is unresolved.
        let unexpanded = try appInfo(fromJSON: json)
        #expect(unexpanded.appInfo?.bundleIdentifier == nil)
        #expect(unexpanded.diagnostics.map(\.code) == [ProblemCode.unresolvedBuildSetting])
        #expect(unexpanded.diagnostics.first?.severity == .warning)
        #expect(unexpanded.appInfo?.declares(activityType: "com.elsewhere.x") == true)
    }

    @Test func bundleIdentifierOverrideThroughTheLinter() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).view"]],
            format: .binary, options: 0)
        let plist = try directory.write("Info.plist", bytes: data)
        let payload = try directory.write("a.json", #"{"userActivity": {"activityType": "com.example.places.view"}}"#)

        let matching = Linter.lint(
            paths: [payload], options: LintOptions(infoPlistPath: plist, bundleIdentifier: "com.example.places", now: fixedNow, parallel: false))
        #expect(matching.appInfo?.userActivityTypes == ["com.example.places.view"])
        #expect(matching.files.flatMap(\.findings).isEmpty, "\(matching.files.flatMap(\.findings).map(\.message))")
        #expect(matching.report().exitCode == .success)

        let other = Linter.lint(
            paths: [payload], options: LintOptions(infoPlistPath: plist, bundleIdentifier: "com.example.trails", now: fixedNow, parallel: false))
        let ids = other.files.flatMap(\.findings).map(\.ruleID).sorted()
        #expect(ids == ["activity_type_bundle_prefix", "activity_type_declared"])
    }
}
