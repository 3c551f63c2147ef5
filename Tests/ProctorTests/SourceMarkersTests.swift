import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// A file that names nothing the extractor reads is parsed once, for its constants: the words
/// that let a file through must cover every construct read, and nothing is lost when a file
/// without them declares what another file needs.
@Suite("Source scan: files read once")
struct SourceMarkersTests {
    @Test(arguments: [
        "let activity = NSUserActivity(activityType: kind)",
        "Text(place.name).userActivity(\"com.x.view\") { $0.title = place.name }",
        "view.onContinueUserActivity(\"com.x.view\") { _ in }",
        "override func updateUserActivityState(_ activity: NSUserActivity) {}",
        "let item = CSSearchableItem(uniqueIdentifier: id, domainIdentifier: nil, attributeSet: set)",
        "index.deleteAllSearchableItems()",
        "INInteraction(intent: intent, response: nil).donate()",
        "view.onOpenURL { url in open(url) }",
        "func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {}",
        "func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {}",
        "func application(_ app: UIApplication, open url: URL, options: Options) -> Bool { true }",
        "func application(_ app: UIApplication, continue activity: Activity, restorationHandler: @escaping Handler) -> Bool { true }",
        "func application(_ app: UIApplication,\n    open\n    url: URL) -> Bool { true }",
        "func application(_ app: UIApplication, open /* the link */ url: URL) -> Bool { true }",
        "func application(_ app: UIApplication, open // the link\n    url: URL) -> Bool { true }",
        // Home Screen quick actions and widgets' links (SourceExtractor+Doors.swift).
        "func windowScene(_ scene: UIWindowScene, performActionFor item: Item, completionHandler: @escaping (Bool) -> Void) {}",
        "application.shortcutItems = [UIApplicationShortcutItem(type: kind, localizedTitle: title)]",
        "if let item = launchOptions?[.shortcutItem] as? Item { handle(item) }",
        "Text(entry.title).widgetURL(entry.url)",
        "import WidgetKit\nLink(destination: entry.url) { Text(entry.title) }",
        "func open(_ item: UIMutableApplicationShortcutItem) {}",
        // App Intents (SourceExtractor+AppIntents.swift, +AppEntities.swift): the import, in each
        // form, and the members a file may call without it.
        "import AppIntents\nstruct OpenNote: NoteIntent {}",
        "@preconcurrency import AppIntents",
        "import  struct AppIntents.IntentParameter",
        "try await CSSearchableIndex.default().indexAppEntities(notes)",
        "activity.appEntityIdentifier = EntityIdentifier(for: note)",
        "let item = CSSearchableItem(appEntity: note)",
        "attributes.associateAppEntity(note, priority: 1)",
        "IntentDonationManager.shared.donate(intent: OpenNote())",
        "try await OpenNote(note: note).donate()",
        "try await CSSearchableIndex.default().deleteAllAppEntities(ofType: NoteEntity.self)",
        // A conformance in a file that sees AppIntents through another's `@_exported import`.
        "struct OpenNote: AppIntent { static var title: LocalizedStringResource = \"Open\" }",
        "extension NoteEntity: AppEntity {}",
        "struct Folder: Codable,\n    AppEntity {}",
        // A communication notification's update, however it is wrapped.
        "let updated = try content.updating(from: intent)",
        "let updated = try request.content.updating(\n    from: intent)",
        "let updated = try content.updating( /* the message */ from: intent)",
    ])
    func aFileNamingWhatTheExtractorReadsIsReadAgain(_ line: String) {
        #expect(SourceMarkers.mayDonateOrHandle("import UIKit\n\(line)\n"))
    }

    @Test(arguments: [
        "for item in items { if item.isEmpty { continue } }",
        "let opened = door.open()\nlet reopen: Bool = false",
        "struct Formatter { static let identifier = \"com.x.view\" }",
        "outer: for row in rows { for cell in row where cell.isEmpty { continue outer } }",
        // Imports WidgetKit only to reload the widgets' timelines: no link to read.
        "import WidgetKit\nfunc saved() { WidgetCenter.shared.reloadAllTimelines() }",
        // A generated strings file (SwiftGen's) whose enums share names with what the scan reads.
        "public enum L10n {\n  public enum AppIntents { public enum AppShortcut {} }\n  public enum ShortcutItem {}\n}",
        // The app's own types and modules named like App Intents' words.
        "let row = HAAppEntity(id: id)\nimport AppIntentsKit\nimport MyAppIntents",
        // `updating` that is no call with `from:` (a model's own method, a word in a comment).
        "let profile = profile.updating(name: name) // updating from the server",
        // The app's own type named like App Intents' protocol, used as a member.
        ".filter(Column(DatabaseTables.AppEntity.serverId.rawValue) == serverId)",
    ])
    func aFileNamingNoneIsNot(_ text: String) {
        #expect(!SourceMarkers.mayDonateOrHandle(text))
    }

    /// The constant, and the base class of a scene delegate, are in files that name nothing the
    /// extractor reads: both are still known.
    @Test func whatAFileReadOnceDeclaresIsStillKnown() throws {
        let files = [
            SourceScanner.SourceFile(path: "Kinds.swift", text: "enum Kind { static let view = \"com.x.view\" }\n"),
            SourceScanner.SourceFile(path: "Middle.swift", text: "class MiddleSceneDelegate: BaseSceneDelegate {}\n"),
            SourceScanner.SourceFile(
                path: "Base.swift",
                text: """
                    class BaseSceneDelegate: UIResponder, UIWindowSceneDelegate {
                        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                            if let activity = connectionOptions.userActivities.first { self.scene(scene, continue: activity) }
                        }
                    }
                    """),
            SourceScanner.SourceFile(
                path: "SceneDelegate.swift",
                text: """
                    final class SceneDelegate: MiddleSceneDelegate {
                        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                            guard userActivity.activityType == Kind.view else { return }
                        }
                    }
                    func show() {
                        let activity = NSUserActivity(activityType: Kind.view)
                        activity.becomeCurrent()
                    }
                    """),
        ]
        let app = try appInfo(fromJSON: #"{"CFBundleIdentifier": "com.x", "NSUserActivityTypes": ["com.x.view"]}"#).appInfo
        let scan = SourceScanner.scan(files, appInfo: app, options: LintOptions(now: fixedNow, parallel: false))
        #expect(scan.payloads.map(\.fileName) == ["show-com.x.view.json"])
        #expect(scan.result.files.flatMap(\.findings).map(\.ruleID).isEmpty, "\(scan.result.files.flatMap(\.findings))")
        #expect(scan.routes.map(\.name) == ["com.x.view"])
    }
}
