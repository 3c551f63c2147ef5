import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// Shapes a review of the launch doors found misread (issue 33): each once gave a false finding or
/// a route the code does not take.
@Suite("Source scan: launch doors, reviewed shapes")
struct LaunchDoorsReviewTests {
    private func scan(_ files: [String: String], plist: String?) throws -> SourceScan {
        let app = try plist.flatMap { try appInfo(fromJSON: $0).appInfo }
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false))
    }

    private func ruleIDs(_ scan: SourceScan) -> [String] { scan.result.files.flatMap(\.findings).map(\.ruleID).sorted() }

    private let widget = """
        import SwiftUI
        import WidgetKit

        struct NoteWidgetView: View {
            var body: some View {
                Text("Hi").widgetURL(URL(string: "notes://note/1"))
            }
        }
        """

    /// A SwiftUI app reads the quick action in its app delegate's configurationForConnecting,
    /// before the scene delegate it configures exists: that is the launch read.
    @Test func aQuickActionReadWhenConfiguringTheSceneIsTheLaunchRead() throws {
        let result = try scan(
            [
                "App.swift": """
                import UIKit

                final class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        if let shortcutItem = options.shortcutItem { pendingAction = shortcutItem }
                        let configuration = UISceneConfiguration(name: "Default", sessionRole: connectingSceneSession.role)
                        configuration.delegateClass = SceneDelegate.self
                        return configuration
                    }
                }

                final class SceneDelegate: NSObject, UIWindowSceneDelegate {
                    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
                        switch shortcutItem.type {
                        case "com.example.notes.new": newNote()
                        default: break
                        }
                        completionHandler(true)
                    }
                }
                """
            ], plist: #"{"CFBundleIdentifier": "com.example.notes"}"#)
        #expect(!ruleIDs(result).contains("source_cold_launch_quick_action_handled"))
        #expect(result.routes.filter { !$0.coldLaunch }.isEmpty, "\(result.routes.map(\.name))")
    }

    /// Without an Info.plist, a route that compares no scheme takes schemes the scan does not
    /// know: it is left out and the table incomplete, so no widget link is judged against it.
    @Test func routesOfUnknownSchemesLeaveTheTableIncomplete() throws {
        let result = try scan(
            [
                "SceneDelegate.swift": """
                import UIKit

                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        if let context = connectionOptions.urlContexts.first { handle(context.url) }
                    }
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                        guard let url = URLContexts.first?.url else { return }
                        if url.host == "list" { showList() }
                    }
                }
                """,
                "ContentView.swift": """
                import SwiftUI

                struct ContentView: View {
                    var body: some View {
                        Text("Notes").onOpenURL { url in
                            if url.host == "list" { showList() }
                        }
                    }
                }
                """,
                "Widget.swift": widget,
            ], plist: nil)
        #expect(!ruleIDs(result).contains("source_widget_url_routed"))
        #expect(result.urlRoutes.isIncomplete)
        #expect(!result.routes.contains { $0.urls.contains { $0.hasPrefix("https://list") } }, "no https-only guess")
    }

    /// A launch method that keeps the options' URL for later stands for no route: the table stays
    /// complete, nothing is left out, and the widget's link is still judged.
    @Test func aLaunchURLKeptForLaterStandsForNoRoute() throws {
        let result = try scan(
            [
                "AppDelegate.swift": """
                import UIKit

                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        if let url = launchOptions?[.url] as? URL { pendingURL = url }
                        return true
                    }
                    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        guard url.scheme == "notes", url.host == "list" else { return false }
                        showList()
                        return true
                    }
                }
                """,
                "Widget.swift": widget,
            ], plist: #"{"CFBundleIdentifier": "com.example.notes", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["notes"]}]}"#)
        #expect(!result.urlRoutes.isIncomplete)
        #expect(result.handlersLeftOut.isEmpty, "\(result.handlersLeftOut)")
        #expect(ruleIDs(result).contains("source_widget_url_routed"))
    }
}
