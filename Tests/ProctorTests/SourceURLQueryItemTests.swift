import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// proctor scan reading the query items a URL route's handler reads (docs/scan.md, "Query items
/// read"), and the schemes the code asks canOpenURL(_:) about.
@Suite("Source scan: URL query items and canOpenURL")
struct SourceURLQueryItemTests {
    private let plist = #"{"CFBundleIdentifier": "com.example.notes", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["notes"]}]}"#

    private func scan(_ files: [String: String], plist: String? = nil) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist ?? self.plist).appInfo
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false))
    }

    private func queryItems(_ scan: SourceScan) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: scan.routes.filter { !$0.urls.isEmpty }.map { ($0.name, $0.queryItems) })
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    /// A scene delegate passing its URL to `handle`, whose body tells hosts apart.
    private func sceneDelegate(handle body: String) -> String {
        """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                self.scene(scene, openURLContexts: connectionOptions.urlContexts)
            }
            func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                guard let url = URLContexts.first?.url else { return }
                handle(url)
            }
            func handle(_ url: URL) {
        \(body)
            }
        }
        """
    }

    /// Each form of read, per route: first(where:), a trailing first, filter, last(where:), a
    /// dictionary made of the items, in the case, the if or after the guard that narrows it. Only
    /// what the code cannot go on without counts (guard let, if let with no else, through a name
    /// a let binds): a fallback, or an optional carried on (account, page), is no requirement; a
    /// read in default: or in a guard's else is no route's.
    @Test func eachFormOfReadBelongsToItsRoute() throws {
        let result = try scan([
            "SceneDelegate.swift": sceneDelegate(
                handle: """
                            guard url.scheme == "notes", let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return }
                            let account = components.queryItems?.first(where: { $0.name == "account" })?.value
                            switch url.host {
                            case "note":
                                guard let id = components.queryItems?.first(where: { $0.name == "id" })?.value else {
                                    log(components.queryItems?.first { $0.name == "never" }?.value)
                                    return
                                }
                                let owner = components.queryItems?.first { $0.name == "owner" }?.value
                                guard let owner else { return }
                                let tracking = components.queryItems?.filter { $0.name != "utm" }
                                router.showNote(id, account, owner, tracking)
                            case "list":
                                let sort = components.queryItems?.first { $0.name == "sort" }?.value ?? "date"
                                if let items = components.queryItems, let tag = items.filter({ item in "tag" == item.name }).first?.value {
                                    router.showList(tag, sort)
                                }
                            case "search":
                                let parameters = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
                                guard let text = parameters["q"] else { return }
                                router.search(text, parameters["scope"] ?? "all", parameters["page"])
                            case "folder":
                                if url.path == "/open", let name = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems?.last(where: { $0.name == "name" })?.value {
                                    router.openFolder(name)
                                }
                            default:
                                router.fallback(components.queryItems?.first { $0.name == "other" }?.value)
                            }
                    """)
        ])
        #expect(
            queryItems(result) == [
                "url:notes://note": ["id", "owner"],
                "url:notes://list": ["tag"],
                "url:notes://search": ["q"],
                "url:notes://folder/open": ["name"],
            ], "\(queryItems(result))")
        #expect(result.routesText.contains(#""queryItems": ["#))
        #expect(result.handlersLeftOut.isEmpty, "\(result.handlersLeftOut)")
    }

    /// NetNewsWire's shape: reads under `if urlString.contains(…)`, which no route says, are no
    /// route's, not every route's; an `id` kept optional and checked for nil is not needed; the
    /// theme route's `if let` of `url` is.
    @Test func readsUnderAnUndecidedComparisonAreNoRoutes() throws {
        let result = try scan([
            "SceneDelegate.swift": sceneDelegate(
                handle: """
                            let urlString = url.absoluteString
                            if urlString.starts(with: "feed:") { coordinator.showAddFeed(urlString) }
                            if urlString.contains("netnewswire://showunread") {
                                guard let comps = URLComponents(string: urlString) else { return }
                                let id = comps.queryItems?.first(where: { $0.name == "id" })?.value
                                if id != nil { coordinator.selectArticle(id!) } else { coordinator.selectUnread() }
                            }
                            guard let comps = URLComponents(url: url, resolvingAgainstBaseURL: false), "theme" == comps.host, let queryItems = comps.queryItems else {
                                return
                            }
                            if let provided = queryItems.first(where: { $0.name == "url" })?.value, let themeURL = URL(string: provided) {
                                downloadTheme(themeURL)
                            }
                    """)
        ])
        #expect(queryItems(result)["url:feed://*"] == [], "\(queryItems(result))")
        #expect(queryItems(result)["url:notes://theme"] == ["url"], "\(queryItems(result))")
    }

    /// A name computed at run time, or a closure that does not compare the name, is left out with
    /// its place, never guessed; the route keeps what is known.
    @Test func anUndecidedNameIsLeftOut() throws {
        let result = try scan([
            "SceneDelegate.swift": sceneDelegate(
                handle: """
                            guard url.host == "note", let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return }
                            let id = components.queryItems?.first(where: { $0.name == "id" })?.value
                            guard let extra = components.queryItems?.first(where: { $0.name == currentKey })?.value else { return }
                            let any = components.queryItems?.first(where: { $0.value != nil })?.value
                            router.showNote(id, extra, any)
                    """)
        ])
        #expect(queryItems(result)["url:notes://note"] == [])
        #expect(result.handlersLeftOut.count == 2, "\(result.handlersLeftOut)")
        #expect(result.handlersLeftOut.contains { $0.contains("SceneDelegate.swift:12:") && $0.contains("computed at run time") })
        #expect(result.handlersLeftOut.contains { $0.contains("SceneDelegate.swift:13:") && $0.contains("something else than their name") })
    }

    /// A case handing the URL to a function of the app's that reads items and compares nothing:
    /// that function's items are the route's. A function that tells URLs apart itself adds none.
    @Test func aFunctionTheRouteHandsTheURLToAddsItsReads() throws {
        let result = try scan([
            "SceneDelegate.swift": sceneDelegate(
                handle: """
                            switch url.host {
                            case "note": openNote(url)
                            case "list": openList(url)
                            default: break
                            }
                    """),
            "Notes.swift": """
            func openNote(_ url: URL) {
                guard let id = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "id" })?.value else { return }
                show(id)
            }
            func openList(_ url: URL) {
                if url.path == "/all" { showAll(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "sort" }?.value) }
            }
            """,
        ])
        #expect(queryItems(result)["url:notes://note"] == ["id"])
        #expect(queryItems(result)["url:notes://list"] == [])
    }

    /// A widget link to a route that reads an item the URL lacks: source_widget_url_query_items on
    /// the link; the same link with the item, and a link to a route reading nothing, are clean.
    @Test func aWidgetLinkWithoutTheItemItsRouteReads() throws {
        let widget = { (url: String) in
            """
            import SwiftUI
            import WidgetKit

            struct NoteEntry: TimelineEntry { let date: Date }
            struct NoteWidgetView: View {
                var body: some View {
                    Text("Today").widgetURL(URL(string: "\(url)"))
                }
            }
            """
        }
        let handler = sceneDelegate(
            handle: """
                        switch url.host {
                        case "note":
                            if let id = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "id" })?.value { router.show(id) }
                        case "new": router.compose()
                        default: break
                        }
                """)
        let missing = try scan(["SceneDelegate.swift": handler, "Widget.swift": widget("notes://note?tab=1")])
        #expect(findings(missing) == ["source_widget_url_query_items Widget.swift:7"], "\(findings(missing))")
        let message = missing.result.files.flatMap(\.findings).first?.message ?? ""
        #expect(message.contains("'id'") && message.contains("add id=…"), "\(message)")
        for url in ["notes://note?id=4", "notes://note?tab=1&id", "notes://new"] {
            let clean = try scan(["SceneDelegate.swift": handler, "Widget.swift": widget(url)])
            #expect(findings(clean) == [], "\(url): \(findings(clean))")
        }
        // A handler that takes URLs the scan cannot list: nothing is judged.
        let incomplete = try scan([
            "SceneDelegate.swift": handler.replacingOccurrences(of: "case \"new\": router.compose()", with: "case currentHost: router.compose()"),
            "Widget.swift": widget("notes://note"),
        ])
        #expect(findings(incomplete) == [], "\(findings(incomplete))")
    }

    /// canOpenURL on a literal, a constant and a let bound to a literal, against
    /// LSApplicationQueriesSchemes; a computed URL is not judged, nor https (the answer depends on
    /// the default browser), nor any without the Info.plist.
    @Test func canOpenURLSchemesAgainstTheQueriesSchemes() throws {
        let source = """
            import UIKit

            enum Links {
                static let maps = URL(string: "comgooglemaps://")!
            }

            final class ShareViewController: UIViewController {
                func offer(_ place: String) {
                    if UIApplication.shared.canOpenURL(URL(string: "waze://?q=\\(place)")!) { showWaze() }
                    if UIApplication.shared.canOpenURL(Links.maps) { showMaps() }
                    let twitter = URL(string: "twitter://post")!
                    if UIApplication.shared.canOpenURL(twitter) { showTwitter() }
                    guard let web = URL(string: "https://example.com") else { return }
                    _ = UIApplication.shared.canOpenURL(web)
                    if UIApplication.shared.canOpenURL(URL(string: "FB://profile")!) { showFacebook() }
                    if UIApplication.shared.canOpenURL(URL(string: place)!) { showAnything() }
                }
            }
            """
        let queries = #"{"CFBundleIdentifier": "com.example.notes", "LSApplicationQueriesSchemes": ["comgooglemaps", "fb"]}"#
        let result = try scan(["Share.swift": source], plist: queries)
        #expect(
            findings(result) == ["source_can_open_url_scheme_listed Share.swift:12"], "\(findings(result))")
        let none = try scan(["Share.swift": source], plist: #"{"CFBundleIdentifier": "com.example.notes"}"#)
        #expect(findings(none).count == 3, "\(findings(none))")
        let noPlist = SourceScanner.scan(
            [SourceScanner.SourceFile(path: "Share.swift", text: source)], appInfo: nil, options: LintOptions(now: fixedNow, parallel: false))
        #expect(findings(noPlist) == [])
    }

    @Test func queryItemNamesOfAURL() {
        #expect(URLPattern.queryItemNames(of: "notes://note?id=4&tab&&x%20y=1#frag=2") == ["id", "tab", "x y"])
        #expect(URLPattern.queryItemNames(of: "notes://note#a?b=1").isEmpty)
        #expect(URLPattern.queryItemNames(of: "notes://note").isEmpty)
    }

    /// Shapes a review found: a router's own canOpenURL is not UIKit's (not judged, while
    /// UIApplication's still is); a query item read after an `if` whose body leaves is not that
    /// `if`'s route's; an `if let` the handler goes on without is no requirement.
    @Test func reviewShapesOfQueryItemsAndCanOpenURL() throws {
        let router = """
            import UIKit

            final class DeepLinkRouter {
                func canOpenURL(_ url: URL) -> Bool { url.scheme == "notes" }
            }

            final class Settings: UIViewController {
                let router = DeepLinkRouter()
                func check() {
                    if router.canOpenURL(URL(string: "notes://note")!) { print("ours") }
                    if UIApplication.shared.canOpenURL(URL(string: "waze://")!) { print("theirs") }
                }
            }
            """
        let plist = #"{"CFBundleIdentifier": "com.example.notes", "LSApplicationQueriesSchemes": ["comgooglemaps"]}"#
        #expect(findings(try scan(["Settings.swift": router], plist: plist)) == ["source_can_open_url_scheme_listed Settings.swift:11"])
        let handler = """
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    self.scene(scene, openURLContexts: connectionOptions.urlContexts)
                }

                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                    guard let url = URLContexts.first?.url, url.scheme == "notes" else { return }
                    if url.host == "new" {
                        router.newNote()
                        return
                    }
                    if url.host == "search" {
                        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
                        if let q = items?.first(where: { $0.name == "q" })?.value {
                            router.search(q)
                            return
                        }
                        router.showSearch()
                        return
                    }
                    guard let id = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "id" })?.value
                    else { return }
                    router.showNote(id)
                }
            }
            """
        let schemes = #"{"CFBundleIdentifier": "com.example.notes", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["notes"]}]}"#
        let read = queryItems(try scan(["SceneDelegate.swift": handler], plist: schemes))
        #expect(read == ["url:notes://new": [], "url:notes://search": []], "\(read)")
    }
}
