import Foundation
import Testing

/// `proctor scan` of a repository with an Xcode project: every Swift file judged against the
/// facts of the app that compiles it, with its extensions (issue 31, item 2). The project is the
/// Tapas fixture of the Xcode reader's tests (an app with an Intents extension, a widget and a
/// notification service extension, a second app, a Mac app and two test bundles), copied, with
/// Swift written here for each case.
@Suite("CLI: scan an Xcode project's apps")
struct ProjectScanCLITests {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ProctorTests/Fixtures/Xcode/Tapas")

    /// A copy of the fixture with `files` written over it.
    private func tapas(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-tapas-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixture, to: root)
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        return root
    }

    /// The app handles the activity the Intents extension donates; the app's Info.plist declares it.
    private let sources = [
        "App/AppDelegate.swift": """
        import UIKit

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                switch userActivity.activityType {
                case "com.example.tapas.view-dish":
                    return true
                default:
                    return false
                }
            }
        }
        """,
        "Intents/IntentHandler.swift": """
        import Intents

        final class IntentHandler: INExtension {
            func showDish() {
                let activity = NSUserActivity(activityType: "com.example.tapas.view-dish")
                activity.title = "Patatas bravas"
                activity.isEligibleForSearch = true
                activity.becomeCurrent()
            }
        }
        """,
        // A test donates what no app declares: tests are no app's code.
        "TapasTests/TapasTests.swift": """
        import XCTest

        final class TapasTests: XCTestCase {
            func testDonation() {
                let activity = NSUserActivity(activityType: "com.example.tapas.undeclared")
                activity.title = "Test"
                activity.becomeCurrent()
            }
        }
        """,
    ]

    @Test func eachFileIsJudgedWithTheFactsOfTheAppThatCompilesIt() throws {
        let root = try tapas(sources)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["scan", "--no-config", ".", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // The extension's donation is the app's: declared in App/Info.plist, handled by the app.
        #expect(!run.stdout.contains("Intents/IntentHandler.swift"), "\(run.stdout)")
        #expect(!run.stdout.contains("TapasTests.swift"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "Tapas.xcodeproj: note: 3 Swift files are compiled only by test targets, by targets of other platforms than iOS or by projects with no iOS app, and not judged"
            ), "\(run.stdout)")

        // The same files judged against the extension's own Info.plist, as before: a false error.
        let alone = try proctor(
            ["scan", "--no-config", "--info-plist", "Intents/Info.plist", "App", "Intents", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(
            alone.status == 1 && alone.stdout.contains("Intents/IntentHandler.swift:5:") && alone.stdout.contains("[activity_type_declared]"),
            "\(alone.stdout)")
    }

    @Test func anActivityTheAppDoesNotDeclareIsStillFoundInAnExtension() throws {
        var files = sources
        files["Intents/IntentHandler.swift"] = files["Intents/IntentHandler.swift"]!.replacingOccurrences(of: "view-dish\")", with: "order\")")
        let root = try tapas(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["scan", "--no-config", ".", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("Intents/IntentHandler.swift:5:") && run.stdout.contains("App/Info.plist")
                && run.stdout.contains("[activity_type_declared]"), "\(run.stdout)")
        #expect(run.stdout.contains("[source_donated_type_handled]"), "donated in the extension, not handled in the app: \(run.stdout)")
    }

    /// The project has two apps (Tapas and Kitchen), so a file belongs to an app only as a
    /// member of its targets: the intent definition, localized in a variant group, is the app's
    /// and its Intents extension's, and is judged with their Swift.
    @Test func anIntentDefinitionIsJudgedWithTheSwiftOfTheTargetsThatBuildIt() throws {
        var files = sources
        files["Intents/IntentHandler.swift"] = """
            import Intents

            final class IntentHandler: INExtension {
                override func handler(for intent: INIntent) -> Any {
                    return self
                }
            }
            """
        let root = try tapas(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["scan", "--no-config", ".", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("Intents/Base.lproj/Intents.intentdefinition:")
                && run.stdout.contains("custom intent 'OrderDishIntent' has no handler")
                && run.stdout.contains("[source_custom_intent_handled]"), "\(run.stdout)")

        files["Intents/IntentHandler.swift"]! += "\n\nfinal class OrderDishIntentHandler: NSObject, OrderDishIntentHandling {}\n"
        files["Intents/IntentHandler.swift"] = files["Intents/IntentHandler.swift"]!.replacingOccurrences(
            of: "return self", with: "return OrderDishIntentHandler()")
        let handled = try tapas(files)
        defer { try? FileManager.default.removeItem(at: handled) }
        let judged = try proctor(["scan", "--no-config", ".", "--now", "2026-06-01T12:00:00Z"], in: handled)
        #expect(judged.status == 0 && !judged.stdout.contains("source_custom_intent_handled"), "\(judged.stdout)\(judged.stderr)")
    }

    /// CI passes absolute paths (`$GITHUB_WORKSPACE/App.xcodeproj`): the project is read there.
    @Test func aProjectNamedByAnAbsolutePathIsRead() throws {
        var files = sources
        files["Intents/IntentHandler.swift"] = files["Intents/IntentHandler.swift"]!.replacingOccurrences(of: "view-dish\")", with: "order\")")
        let root = try tapas(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor([
            "scan", "--no-config", root.path, "--project", root.appendingPathComponent("Tapas.xcodeproj").path, "--now", "2026-06-01T12:00:00Z",
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("App/Info.plist") && run.stdout.contains("[activity_type_declared]"), "\(run.stdout)")
    }

    @Test func aProjectNamedThatCannotBeReadIsAUsageError() throws {
        let root = try tapas(sources)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["scan", "--no-config", ".", "--project", "Missing.xcodeproj"], in: root)
        #expect(
            run.status == 64 && run.stderr.contains("--project: Missing.xcodeproj/project.pbxproj: cannot read the Xcode project file"),
            "\(run.stderr)")
    }
}
