import Foundation
import Testing

/// `proctor init` in a repository with an Xcode project: the facts come from the project's
/// targets (the fixture project of ProctorTests/Fixtures/Xcode, copied), and a plain
/// `proctor lint` and `proctor scan` run right after it.
@Suite("CLI: proctor init from the Xcode project")
struct InitXcodeCLITests {
    private func copyOfTheFixture() throws -> URL {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ProctorTests/Fixtures/Xcode/Tapas")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-init-xcode-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
        return root
    }

    @Test func initWritesTheAppAndItsExtensionsFromTheTargets() throws {
        let root = try copyOfTheFixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["init"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: root.appendingPathComponent(".proctor.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let app = try #require(json["app"] as? [String: Any])
        #expect(app["infoPlist"] as? String == "App/Info.plist" && app["bundleIdentifier"] as? String == "com.example.tapas")
        #expect(app["teamIdentifier"] as? String == "ABCDE12345" && app["deploymentTarget"] as? String == "17.0")
        #expect(app["entitlements"] as? [String] == ["App/Tapas.entitlements"])
        let targets = try #require(json["targets"] as? [[String: Any]])
        // The iOS applications and their extensions; not the tests, not the Mac app.
        #expect(targets.map { $0["name"] as? String ?? "" } == ["Tapas", "TapasIntents", "TapasWidget", "NotificationService", "Kitchen"])
        #expect(targets[1]["embeddedIn"] as? String == "Tapas" && targets[1]["extensionPoint"] as? String == "com.apple.intents-service")
        #expect(targets[1]["bundleIdentifier"] as? String == "com.example.tapas.Tapas-Intents")
        #expect(targets[2]["bundleIdentifier"] == nil, "the widget's identifier refers to a variable nothing sets")
        #expect(targets[4]["generatedInfoPlist"] as? Bool == true && targets[4]["infoPlist"] == nil)
        // The app's sources and its extensions' (the widget's preview file is no target's).
        #expect(
            (json["scan"] as? [String: Any])?["paths"] as? [String] == [
                "App/AppDelegate.swift", "App/MenuView.swift", "Intents", "NotificationService", "Shared", "Widget/Provider.swift",
                "Widget/TapasWidget.swift",
                "Widget/WidgetKind.swift",
            ])
        #expect((json["lint"] as? [String: Any])?["paths"] as? [String] == [])
        // The printout says what each target is, and what could not be resolved, where.
        #expect(run.stdout.contains("TapasWidget  (widget extension of Tapas)"), "\(run.stdout)")
        #expect(
            run.stdout.contains("left out: TapasTests (unit tests), TapasUITests (UI tests), TapasMac (application for macosx, not iOS)"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "Tapas.xcodeproj/project.pbxproj:573: PRODUCT_BUNDLE_IDENTIFIER = $(BUNDLE_PREFIX).widget$(WIDGET_SUFFIX) refers to $(WIDGET_SUFFIX)"),
            "\(run.stdout)")

        // Right after init: lint checks the Info.plist and the entitlements and says lint.paths is
        // empty; scan reads the app's sources and its extensions', each judged with the app's facts.
        let lint = try proctor(["lint", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("note: lint.paths is empty"), "\(lint.stdout)")
        let scan = try proctor(["scan", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(scan.status == 0, "\(scan.stdout)\(scan.stderr)")
        // The app's and its extensions' 8 Swift files and the intent definition they build.
        #expect(scan.stdout.contains("scan: 9 files"), "\(scan.stdout)")
        let print = try proctor(["config", "print"], in: root)
        #expect(print.stdout.contains("TapasIntents (appExtension in Tapas)"), "\(print.stdout)")
    }

    @Test func anEmptyLintPathsWithNothingDescribedSaysThereIsNothingToLint() throws {
        let root = try temporaryProject(
            [".proctor.json": #"{"format": 1, "lint": {"paths": []}, "scan": {"paths": []}}"#], prefix: "proctor-init-xcode")
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try proctor(["lint"], in: root)
        #expect(lint.status == 2 && lint.stdout.contains("nothing to lint: lint.paths is empty"), "\(lint.stdout)\(lint.stderr)")
        let scan = try proctor(["scan"], in: root)
        #expect(scan.status == 2 && scan.stdout.contains("nothing to scan: scan.paths is empty"), "\(scan.stdout)\(scan.stderr)")
        // Without a configuration, naming nothing is still a usage error.
        #expect(try proctor(["scan", "--no-config"], in: root).status == 64)
    }
}
