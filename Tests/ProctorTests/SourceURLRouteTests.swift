import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// proctor scan reading what URL handlers tell apart (docs/scan.md, "URL routes"): the routes,
/// their patterns, what is left out, and the rules over them.
@Suite("Source scan: URL routes")
struct SourceURLRouteTests {
    private let plist = #"{"CFBundleIdentifier": "com.example.places", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["places"]}]}"#

    private func scan(_ files: [String: String], plist: String? = nil) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist ?? self.plist).appInfo
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false))
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    private func urlRoutes(_ scan: SourceScan) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: scan.routes.filter { !$0.urls.isEmpty }.map { ($0.name, $0.urls) })
    }

    /// A scene delegate switching on the host inside a guard on the scheme, and a cold launch that
    /// passes the contexts on: each case a route, narrowed by the guard.
    @Test func switchOnTheHostInsideAGuardOnTheScheme() throws {
        let result = try scan([
            "SceneDelegate.swift": """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    self.scene(scene, openURLContexts: connectionOptions.urlContexts)
                }
                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                    guard let url = URLContexts.first?.url, url.scheme?.lowercased() == "places" else { return }
                    switch url.host() {
                    case "place": router.showPlace(url.lastPathComponent)
                    case "settings", "prefs": router.showSettings()
                    case "nothing": return
                    default: break
                    }
                }
            }
            """
        ])
        #expect(
            urlRoutes(result) == [
                "url:places://place": ["places://place", "places://place/**", "places://place?**"],
                "url:places://settings": ["places://settings", "places://settings/**", "places://settings?**"],
                "url:places://prefs": ["places://prefs", "places://prefs/**", "places://prefs?**"],
            ], "\(urlRoutes(result))")
        let everyRouteTakesColdLaunches = result.routes.allSatisfy { $0.coldLaunch }
        #expect(everyRouteTakesColdLaunches)
        #expect(findings(result) == [])
        #expect(result.urlRoutes.routes(taking: "places://place/42").map(\.name) == ["url:places://place"])
        #expect(result.urlRoutes.routes(taking: "places://elsewhere").isEmpty)
        #expect(!result.urlRoutes.isIncomplete)
    }

    /// SwiftUI's onOpenURL handing the URL to one function of the app's, in a file that names
    /// nothing else the scan reads: its comparisons are the routes, over the app's schemes and
    /// https; a scheme the Info.plist does not declare is reported on its comparison.
    @Test func onOpenURLFollowedIntoTheAppsFunction() throws {
        let result = try scan([
            "App.swift": """
            @main struct PlacesApp: App {
                var body: some Scene {
                    WindowGroup { ContentView().onOpenURL { url in router.open(url) } }
                }
            }
            """,
            "Router.swift": """
            final class Router {
                func open(_ url: URL) {
                    if let components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.path == "/connect" {
                        showConnect()
                    } else if url.absoluteString.hasPrefix("placez://share/") {
                        share()
                    } else if url.pathComponents[1] == "place" {
                        show()
                    }
                }
            }
            """,
        ])
        #expect(
            urlRoutes(result) == [
                "url:*://*/connect": ["places://*/connect", "places://*/connect?**", "https://*/connect", "https://*/connect?**"],
                "url:placez://share": ["placez://share", "placez://share/**", "placez://share?**"],
                "url:*://*/place/**": ["places://*/place", "places://*/place/**", "https://*/place", "https://*/place/**"],
            ], "\(urlRoutes(result))")
        #expect(findings(result) == ["source_url_scheme_declared Router.swift:5"], "\(findings(result))")
    }

    /// A handler comparing nothing, or a value computed at run time, is listed under leftOut;
    /// the routes it has are kept.
    @Test func whatCannotBeDecidedIsLeftOut() throws {
        let result = try scan([
            "AppDelegate.swift": """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    if url.host == Deep.link.host { return true }
                    JLRoutes.routeURL(url)
                    return true
                }
            }
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                    JLRoutes.routeURL(URLContexts.first!.url)
                }
            }
            """
        ])
        #expect(urlRoutes(result).isEmpty)
        #expect(result.handlersLeftOut.count == 2, "\(result.handlersLeftOut)")
        #expect(result.handlersLeftOut.contains { $0.contains("computed at run time") })
        #expect(result.handlersLeftOut.contains { $0.contains("hands the URL to JLRoutes.routeURL") })
        #expect(result.urlRoutes.isIncomplete)
        // Warm only: no scene(_:willConnectTo:options:); a handler that tells nothing apart
        // says nothing of the schemes.
        #expect(findings(result) == ["source_cold_launch_url_handled AppDelegate.swift:9"], "\(findings(result))")
    }

    /// A universal link read from a browsing-web activity's webpageURL: https routes, never a
    /// scheme the Info.plist must declare.
    @Test func universalLinksFromWebpageURL() throws {
        let result = try scan([
            "SceneDelegate.swift": """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    _ = connectionOptions.userActivities
                    _ = connectionOptions.urlContexts
                }
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return }
                    if url.host == "example.com", url.path.hasPrefix("/app/") { open(url) }
                }
            }
            """
        ])
        #expect(
            urlRoutes(result) == [
                "url:https://example.com/app/**": ["https://example.com/app", "https://example.com/app/**", "https://example.com/app?**"]
            ],
            "\(urlRoutes(result))")
        #expect(findings(result).filter { $0.contains("url") } == [], "\(findings(result))")
    }

    /// Every declared scheme taken by some route when handlers tell schemes apart: one nothing
    /// takes is reported at the first URL handler; the routes file says coldLaunch false for a
    /// warm-only scene.
    @Test func declaredSchemeNothingTakesAndWarmOnlyRoutes() throws {
        let result = try scan(
            [
                "SceneDelegate.swift": """
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                        guard let url = URLContexts.first?.url else { return }
                        if url.scheme == "places" { show(url) }
                    }
                }
                """
            ], plist: #"{"CFBundleIdentifier": "com.example.places", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["places", "places-beta"]}]}"#)
        #expect(
            findings(result) == ["source_cold_launch_url_handled SceneDelegate.swift:2", "source_url_scheme_handled SceneDelegate.swift:2"],
            "\(findings(result))")
        #expect(result.routes.map(\.coldLaunch) == [false])
        #expect(result.routesText.contains(#""coldLaunch": false"#), "\(result.routesText)")
    }

    /// Field shapes (docs/field-tests.md, issue 33): Home Assistant's `onOpenURL { handleIncoming(url: $0) }`
    /// with a private `handleIncoming(url:)` in that file and another of the same name in another
    /// file; Mastodon's `handleUrl(context: urlContext)` taking the context; Open Food Facts'
    /// `URLComponents(url:…)` made of the URL, which is no hand-off.
    @Test func fieldShapesOfHandOffs() throws {
        let result = try scan([
            "App.swift": """
            struct PlacesApp: App {
                var body: some Scene { WindowGroup { ContentView().onOpenURL { handleIncoming(url: $0) } } }
                private func handleIncoming(url: URL) {
                    if url.host == "place" { show(url) }
                }
            }
            """,
            "Commands.swift": """
            struct Commands {
                private func handleIncoming(url: URL) { open(url) }
            }
            """,
            "SceneDelegate.swift": """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    _ = connectionOptions.urlContexts
                }
                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                    if let urlContext = URLContexts.first { handleUrl(context: urlContext) }
                }
                private func handleUrl(context: UIOpenURLContext) {
                    guard context.url.scheme == "places" else { return }
                    show(context.url)
                }
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    guard let url = userActivity.webpageURL, let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return }
                    present(components)
                }
            }
            """,
        ])
        #expect(Set(urlRoutes(result).keys) == ["url:*://place", "url:places://*"], "\(urlRoutes(result))")
        #expect(
            result.handlersLeftOut.filter { $0.contains("URL") } == [
                "SceneDelegate.swift:12:10 (SceneDelegate.scene(_:continue:)) takes every URL: it tells no URLs apart (no if, guard or switch on its scheme, host or path); write its routes by hand"
            ], "\(result.handlersLeftOut)")
    }

    /// Home Assistant's shape: the host converted to the app's enumeration and switched on, a
    /// case's raw value written or implied; web links told apart by `["http", "https"].contains(scheme)`.
    @Test func hostConvertedToTheAppsEnumeration() throws {
        let result = try scan([
            "Handler.swift": """
            enum Action: String {
                case navigate
                case callService = "call_service"
                case xCallback = "x-callback-url"
                case nothing
            }
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    guard let host = url.host else { return true }
                    if ["http", "https"].contains(url.scheme?.lowercased()), host.lowercased() == "my.example.io" {
                        return showMy(url)
                    }
                    if let action = Action(rawValue: host.lowercased()) {
                        switch action {
                        case .navigate: navigate(url)
                        case .callService: call(url)
                        case .xCallback: return handleCallback(url)
                        case .nothing: return false
                        }
                    }
                    return true
                }
            }
            """
        ])
        #expect(
            Set(urlRoutes(result).keys) == [
                "url:http://my.example.io", "url:https://my.example.io", "url:places://navigate", "url:places://call_service",
                "url:places://x-callback-url",
            ],
            "\(urlRoutes(result))")
        #expect(result.handlersLeftOut.isEmpty, "\(result.handlersLeftOut)")
    }
}
