import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// proctor scan reading the URL of a launch from scratch in an app delegate's launch method,
/// `launchOptions?[.url]` (docs/scan.md, "URL routes").
@Suite("Source scan: the launch options' URL")
struct SourceLaunchURLTests {
    private let plist = #"{"CFBundleIdentifier": "com.example.places", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["places"]}]}"#

    private func scan(_ launch: String) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist).appInfo
        let text = """
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            \(launch)
                    return true
                }

                func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                    userActivity.activityType == "com.example.places.view"
                }
            }
            """
        return SourceScanner.scan(
            [SourceScanner.SourceFile(path: "AppDelegate.swift", text: text)], appInfo: app, options: LintOptions(now: fixedNow, parallel: false))
    }

    private func urlRoutes(_ scan: SourceScan) -> [String] {
        scan.routes.filter { !$0.urls.isEmpty }.map(\.name).sorted()
    }

    @Test func theNamesBoundToTheLaunchURLAreAHandlersURL() throws {
        let bound = try scan(
            """
                    if let url = launchOptions?[.url] as? URL, url.scheme == "places", url.host == "place" { router.showPlace(url.lastPathComponent) }
                    guard let link = launchOptions?[UIApplication.LaunchOptionsKey.url] as? URL else { return true }
                    if link.host == "lists" { router.showLists() }
            """)
        #expect(urlRoutes(bound) == ["url:places://lists", "url:places://place"])
        #expect(bound.result.files.flatMap(\.findings).filter { $0.ruleID == "source_url_scheme_handled" }.isEmpty)
    }

    /// A launch method that reads another key is no URL handler: the declared scheme has none.
    @Test func otherKeysAreNoURLHandler() throws {
        let other = try scan(
            """
                    if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem { router.perform(item) }
                    if let url = launchOptions?[.sourceApplication] as? String { log(url) }
            """)
        #expect(urlRoutes(other).isEmpty)
        #expect(other.result.files.flatMap(\.findings).contains { $0.ruleID == "source_url_scheme_handled" })
    }
}
