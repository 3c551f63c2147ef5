import Foundation
import Testing

/// `proctor lint .` at the root of an app's repository, as a new user runs it first: the walk
/// reads only what is Proctor's (issue 31). Asset catalogs, package manifests, animations and
/// dependencies are not broken donations; Info.plists are read as the property lists they are.
@Suite("CLI: a repository walked from its root")
struct RepositoryWalkCLITests {
    private let now = "2026-06-01T12:00:00Z"
    private let donation = #"{"userActivity": {"activityType": "com.example.app.view", "title": "Golden Crust", "isEligibleForSearch": true}}"#
    /// An Info.plist whose own rule fails: an intent restricted while locked that is not supported.
    private let extensionPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionAttributes</key>
        \t\t<dict>
        \t\t\t<key>IntentsSupported</key>
        \t\t\t<array><string>INSendMessageIntent</string></array>
        \t\t\t<key>IntentsRestrictedWhileLocked</key>
        \t\t\t<array><string>INStartCallIntent</string></array>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """

    @Test func filesThatAreNoPayloadAreSkippedAndCounted() throws {
        let root = try temporaryProject([
            "App/Assets.xcassets/AppIcon.appiconset/Contents.json": #"{"images": [], "info": {"author": "xcode", "version": 1}}"#,
            "App/Resources/animation.json": #"{"v": "5.7.4", "fr": 60, "layers": [{"ty": 4}]}"#,
            "renovate.json": #"{"extends": ["config:base"]}"#,
            "Tests/Fixtures/feed-partial.json": "{\"items\": [{\"title\": \"cut",
            "Tests/Fixtures/list.json": "[1, 2, 3]",
            "payloads/view.json": donation,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--no-config", ".", "--now", now, "--report", "text", "--report", "json:report.json"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // The asset catalog is not walked at all; the other four are read and left out.
        #expect(run.stdout.contains("lint: 1 file, 0 errors, 0 warnings, 0 notes, 4 JSON files that are no payload skipped"), "\(run.stdout)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("report.json"))) as! [String: Any]
        let summary = report["summary"] as! [String: Any]
        #expect(summary["noPayloadFiles"] as? Int == 4 && summary["suites"] as? Int == 1, "\(summary)")

        // Named on the command line, the same file is judged, and is an error.
        let named = try proctor(["lint", "--no-config", "renovate.json", "--now", now], in: root)
        #expect(named.status == 2, "\(named.stdout)")
        #expect(named.stdout.contains("renovate.json:1:2: error:"), "\(named.stdout)")
    }

    @Test func aBrokenOrMisspeltPayloadInAWalkIsStillAnError() throws {
        let root = try temporaryProject([
            // Cut short, but it names its kind: a payload with a syntax error.
            "payloads/cut.json": #"{"userActivity": {"activityType": "com.example.app.view""#,
            // A kind's typo is a payload with a typo, not something else.
            "payloads/typo.json": #"{"userActivty": {"activityType": "com.example.app.view"}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--no-config", ".", "--now", now], in: root)
        #expect(run.status == 2, "\(run.stdout)")
        #expect(
            run.stdout.contains("payloads/cut.json:1:") && run.stdout.contains("payloads/typo.json:1:2: error: unknown payload kind 'userActivty'"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("no payload skipped"), "\(run.stdout)")
    }

    @Test func dependenciesAndBuildProductsAreLeftOutUnlessAsked() throws {
        let files = [
            "payloads/view.json": donation,
            "Pods/Vendor/fixture.json": donation,
            "node_modules/pkg/fixture.json": donation,
            "DerivedData/App/Build/fixture.json": donation,
            "Carthage/Checkouts/Lib/fixture.json": donation,
        ]
        let root = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--no-config", ".", "--now", now], in: root)
        #expect(run.stdout.contains("lint: 1 file,"), "\(run.stdout)")
        let all = try proctor(["lint", "--no-config", ".", "--no-default-excludes", "--now", now], in: root)
        #expect(all.stdout.contains("lint: 5 files,"), "\(all.stdout)")
        // A folder named on the command line is read whatever its name.
        let named = try proctor(["lint", "--no-config", "Pods", "--now", now], in: root)
        #expect(named.stdout.contains("lint: 1 file,"), "\(named.stdout)")

        let configured = try temporaryProject(
            files.merging([".proctor.json": #"{"format": 1, "defaultExcludes": false, "lint": {"paths": ["."]}}"#]) { $1 })
        defer { try? FileManager.default.removeItem(at: configured) }
        let fromFile = try proctor(["lint", "--now", now], in: configured)
        #expect(fromFile.stdout.contains("lint: 5 files,"), "\(fromFile.stdout)")
        let badValue = try temporaryProject([".proctor.json": #"{"format": 1, "defaultExcludes": "no", "lint": {"paths": ["."]}}"#])
        defer { try? FileManager.default.removeItem(at: badValue) }
        let refused = try proctor(["lint"], in: badValue)
        #expect(
            refused.status == 64 && refused.stderr.contains(".proctor.json:1:34: error: expected a boolean for 'defaultExcludes'"),
            "\(refused.stderr)")
    }

    @Test func infoPlistsAreReadAsPropertyListsNamedOrWalked() throws {
        let root = try temporaryProject([
            "App/Info.plist": extensionPlist.replacingOccurrences(of: "INStartCallIntent", with: "INSendMessageIntent"),
            "IntentsExtension/Info.plist": extensionPlist,
            "Settings.bundle/Root.plist": "not a property list",
            "payloads/view.json": donation,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // Walked: each Info.plist is judged on its own facts; other property lists are not read.
        let run = try proctor(["lint", "--no-config", ".", "--now", now], in: root)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("IntentsExtension/Info.plist:") && run.stdout.contains("[intents_restricted_while_locked_supported]"), "\(run.stdout)"
        )
        #expect(
            !run.stdout.contains("App/Info.plist:") && !run.stdout.contains("Root.plist") && !run.stdout.contains("unresolved_build_setting"),
            "\(run.stdout)")
        #expect(run.stdout.contains("lint: 3 files,"), "two Info.plists and a donation: \(run.stdout)")

        // Named, a property list of any name is read as one (it was read as JSON: json_syntax).
        let named = try proctor(["lint", "--no-config", "App/Info.plist", "--now", now], in: root)
        #expect(named.status == 0 && named.stdout.contains("lint: 1 file, 0 errors"), "\(named.stdout)\(named.stderr)")
        let broken = try proctor(["lint", "--no-config", "Settings.bundle/Root.plist", "--now", now], in: root)
        #expect(
            broken.status == 2 && broken.stdout.contains("Settings.bundle/Root.plist") && broken.stdout.contains("[plist_invalid]"),
            "\(broken.stdout)")

        // A property list named as the entitlements is read as entitlements, not as an Info.plist.
        try Data(
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array><string>applinks:example.com</string></array></dict></plist>"#
                .utf8
        )
        .write(to: root.appendingPathComponent("App/Entitlements.plist"))
        let entitlements = try proctor(["lint", "--no-config", "payloads", "--entitlements", "App/Entitlements.plist", "--now", now], in: root)
        #expect(entitlements.stdout.contains("judged 1 donation, 1 entitlements file\n"), "\(entitlements.stdout)")

        // The run's own Info.plist, met again in the walk, is read once.
        let own = try proctor(["lint", "--no-config", ".", "--info-plist", "IntentsExtension/Info.plist", "--now", now], in: root)
        #expect(own.stdout.components(separatedBy: "[intents_restricted_while_locked_supported]").count == 2, "\(own.stdout)")
    }
}
