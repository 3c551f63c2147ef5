import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// proctor scan reading the other doors into an app (issue 33): Home Screen quick actions, made in
/// code and told apart by their handlers on both paths, and widgets' links.
@Suite("Source scan: quick actions and widgets")
struct SourceScanDoorsTests {
    private let plist =
        #"{"CFBundleIdentifier": "com.example.notes", "UIApplicationShortcutItems": [{"UIApplicationShortcutItemType": "com.example.notes.new", "UIApplicationShortcutItemTitle": "New"}, {"UIApplicationShortcutItemType": "com.example.notes.search", "UIApplicationShortcutItemTitle": "Search"}]}"#

    private func scan(_ files: [String: String], plist: String? = nil) throws -> SourceScan {
        let app = try plist.map { try appInfo(fromJSON: $0).appInfo }
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app ?? nil,
            options: LintOptions(now: fixedNow, parallel: false))
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    private let sceneDelegate = """
        import UIKit

        enum Shortcut: String {
            case newNote = "com.example.notes.new"
            case search = "com.example.notes.search"
        }

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                if let item = connectionOptions.shortcutItem {
                    handle(item)
                }
            }

            func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
                completionHandler(handle(shortcutItem))
            }

            @discardableResult
            func handle(_ item: UIApplicationShortcutItem) -> Bool {
                guard let shortcut = Shortcut(rawValue: item.type) else { return false }
                switch shortcut {
                case .newNote: router.compose()
                case .search: router.search(item.userInfo?["query"] as? String)
                }
                return true
            }
        }
        """

    /// A scene delegate that hands the item, on both paths, to one function of its own that
    /// converts the type to the app's enumeration: every type is handled, cold or not, and each
    /// is a route with the userInfo keys read.
    @Test func handlersFollowedIntoTheAppsFunctionMakeRoutes() throws {
        let scan = try scan(["SceneDelegate.swift": sceneDelegate], plist: plist)
        #expect(findings(scan).isEmpty, "\(findings(scan))")
        let routes = scan.routes.map { "\($0.name) \($0.shortcutItemTypes) \($0.userInfoKeys) cold:\($0.coldLaunch)" }
        #expect(
            routes == [
                #"com.example.notes.new ["com.example.notes.new"] [] cold:true"#,
                #"com.example.notes.search ["com.example.notes.search"] ["query"] cold:true"#,
            ], "\(routes)")
        #expect(scan.routesText.contains(#""shortcutItemTypes": ["#))
        #expect(!scan.routesText.contains("coldLaunch"))
    }

    /// Without the launch path: the scene delegate misses a cold launch, each route says it is
    /// taken only while the app runs, and an Info.plist type no case takes is reported at the
    /// handler, a type set in code where it is made.
    @Test func warmOnlyHandlerMissesTheColdLaunchAndAnUnhandledType() throws {
        let delegate = """
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
                    if shortcutItem.type == "com.example.notes.new" {
                        router.compose()
                    }
                    completionHandler(true)
                }
            }
            """
        let recent = """
            import UIKit

            final class Recents {
                func update(_ application: UIApplication) {
                    application.shortcutItems = [UIMutableApplicationShortcutItem(type: "com.example.notes.recent", localizedTitle: "Recent")]
                }
            }
            """
        let scan = try scan(["SceneDelegate.swift": delegate, "Recents.swift": recent], plist: plist)
        #expect(
            findings(scan) == [
                "source_cold_launch_quick_action_handled SceneDelegate.swift:4", "source_quick_action_handled Recents.swift:5",
                "source_quick_action_handled SceneDelegate.swift:5",
            ], "\(findings(scan))")
        #expect(scan.routes.map(\.coldLaunch) == [false])
        #expect(scan.routesText.contains(#""coldLaunch": false"#))
    }

    /// An app delegate alone: UIKit calls performActionFor after the launch too, so its routes
    /// are cold; Apple's sample keeps the launch's item for later, which tells no type apart
    /// and does not hide an unhandled one.
    @Test func appDelegateWithoutScenesIsColdAndAKeptItemHidesNothing() throws {
        let delegate = """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var launchedItem: UIApplicationShortcutItem?

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
                        launchedItem = item
                        return false
                    }
                    return true
                }

                func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
                    switch shortcutItem.type {
                    case "com.example.notes.new": router.compose()
                    default: break
                    }
                }
            }
            """
        let scan = try scan(["AppDelegate.swift": delegate], plist: plist)
        #expect(findings(scan) == ["source_quick_action_handled AppDelegate.swift:6"], "\(findings(scan))")
        #expect(scan.routes.map { "\($0.name) cold:\($0.coldLaunch)" } == ["com.example.notes.new cold:true"])
    }

    /// Widgets' links: every widgetURL, and a Link in a file that imports WidgetKit (not one in the
    /// app's own SwiftUI), constant or computed, listed in the routes file.
    @Test func widgetLinksAreListed() throws {
        let widget = """
            import SwiftUI
            import WidgetKit

            struct NoteWidgetView: View {
                let note: Note
                var body: some View {
                    VStack {
                        Text(note.title)
                        Link(destination: URL(string: "notes://new")!) { Text("New") }
                    }
                    .widgetURL(URL(string: "notes://note/\\(note.id)"))
                }
            }
            """
        let app = """
            import SwiftUI

            struct AboutView: View {
                var body: some View { Link("Site", destination: URL(string: "https://example.com")!) }
            }
            """
        let scan = try scan(["Widget.swift": widget, "About.swift": app])
        let links = scan.widgetLinks.map { "\($0.kind) \($0.url ?? "computed") \($0.source)" }
        #expect(
            links == [
                "Link notes://new Widget.swift:9:13 (NoteWidgetView.body)", "widgetURL computed Widget.swift:11:10 (NoteWidgetView.body)",
            ], "\(links)")
        #expect(scan.routesText.contains(#""widgetLinks": ["#))
    }
}

/// Shapes of real apps' quick actions and widgets that were misread (docs/field-tests.md), each
/// written anew.
@Suite("Source scan: quick actions and widgets in real code")
struct SourceScanDoorsFieldShapeTests {
    private func scan(_ files: [String: String], plist: String? = nil) throws -> SourceScan {
        let app = try plist.map { try appInfo(fromJSON: $0).appInfo }
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app ?? nil,
            options: LintOptions(now: fixedNow, parallel: false))
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    /// Simplenote's shape: the app delegate is Objective-C, so no Swift handler calls the Swift
    /// function that tells the actions apart; that function still handles them.
    @Test func aFunctionOnlyObjectiveCCallsHandlesTheActions() throws {
        let handler = """
            import UIKit

            enum ShortcutType: String {
                case search
                case newNote
            }

            final class Shortcuts: NSObject {
                @objc func handleApplicationShortcut(_ shortcut: UIApplicationShortcutItem) {
                    guard signedIn, let type = ShortcutType(rawValue: shortcut.type) else { return }
                    switch type {
                    case .search: presentSearch()
                    case .newNote: presentEditor()
                    }
                }

                var searchItem: UIApplicationShortcutItem {
                    UIApplicationShortcutItem(type: ShortcutType.search.rawValue, localizedTitle: "Search")
                }

                var newNoteItem: UIApplicationShortcutItem {
                    UIApplicationShortcutItem(type: ShortcutType.newNote.rawValue, localizedTitle: "New Note")
                }
            }
            """
        let scan = try scan(["Shortcuts.swift": handler])
        #expect(findings(scan).isEmpty, "\(findings(scan))")
        #expect(scan.routes.map(\.name) == ["newNote", "search"])
    }

    /// Mastodon's shape: `default:` only asserts, so it handles nothing, and an Info.plist type
    /// no case takes is still reported, at the switch the launch and `performActionFor` both
    /// reach.
    @Test func aDefaultThatOnlyAssertsHandlesNothing() throws {
        let delegate = """
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    if let item = connectionOptions.shortcutItem { Task { await handle(shortcutItem: item) } }
                }

                func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool {
                    await handle(shortcutItem: shortcutItem)
                }

                private func handle(shortcutItem: UIApplicationShortcutItem) async -> Bool {
                    switch shortcutItem.type {
                    case "com.example.social.compose":
                        compose()
                    default:
                        assertionFailure()
                        break
                    }
                    return true
                }
            }
            """
        let plist =
            #"{"CFBundleIdentifier": "com.example.social", "UIApplicationShortcutItems": [{"UIApplicationShortcutItemType": "com.example.social.compose", "UIApplicationShortcutItemTitle": "Compose"}, {"UIApplicationShortcutItemType": "com.example.social.search", "UIApplicationShortcutItemTitle": "Search"}]}"#
        let scan = try scan(["SceneDelegate.swift": delegate], plist: plist)
        #expect(findings(scan) == ["source_quick_action_handled SceneDelegate.swift:14"], "\(findings(scan))")
        #expect(scan.routes.map { "\($0.name) cold:\($0.coldLaunch)" } == ["com.example.social.compose cold:true"])
    }

    /// Home Assistant's shape: an enumeration of the app's with a case named `widgetURL`
    /// (`return .widgetURL(url)`, `if case let .widgetURL(url) = …`) is no widget's link.
    @Test func anEnumCaseNamedWidgetURLIsNoLink() throws {
        let source = """
            import WidgetKit

            enum Interaction {
                case widgetURL(URL)
                case refresh
            }

            struct Item {
                func interaction(_ url: URL?) -> Interaction {
                    guard let url else { return .refresh }
                    return .widgetURL(url)
                }

                func run(_ interaction: Interaction) {
                    if case let .widgetURL(url) = interaction { open(url) }
                }
            }
            """
        let scan = try scan(["Item.swift": source])
        #expect(scan.widgetLinks.isEmpty, "\(scan.widgetLinks)")
    }
}

/// Two widgetURL modifiers of one declaration: reported when they apply together, not when they
/// are in different clauses of an `if`, a `switch` or a `?:`.
@Suite("Source scan: one widgetURL per widget")
struct SourceScanWidgetURLTests {
    private func findings(_ body: String) -> [String] {
        let source = """
            import SwiftUI
            import WidgetKit

            struct NoteWidgetView: View {
                @Environment(\\.widgetFamily) var family
                let entry: NoteEntry

                var body: some View {
            \(body)
                }
            }
            """
        let scan = SourceScanner.scan(
            [SourceScanner.SourceFile(path: "W.swift", text: source)], appInfo: nil, options: LintOptions(now: fixedNow, parallel: false))
        return scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0)" }
    }

    @Test func casesOfASwitchAndATernaryAreApart() {
        #expect(
            findings(
                """
                        switch family {
                        case .systemSmall: Text("a").widgetURL(URL(string: "notes://a"))
                        default: Text("b").widgetURL(URL(string: "notes://b"))
                        }
                """
            ).isEmpty)
        #expect(
            findings(
                """
                        Text("a").widgetURL(entry.pinned ? URL(string: "notes://pinned") : URL(string: "notes://all"))
                """
            ).isEmpty)
    }

    @Test func aModifierInsideAnotherOnesViewAppliesTogether() {
        #expect(
            findings(
                """
                        VStack {
                            Text("a").widgetURL(URL(string: "notes://a"))
                        }
                        .widgetURL(URL(string: "notes://b"))
                """) == ["source_widget_url_single 12"])
    }
}
