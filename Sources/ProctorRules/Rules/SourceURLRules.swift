import Foundation
import ProctorCore
import ProctorEngine

// Rules over the URLs an app's handlers tell apart (docs/scan.md, "URL routes"), judged by proctor
// scan: the schemes the code takes against those the Info.plist declares, and the cold launch of a
// scene delegate.

private let customScheme =
    "Apple, Xcode, Defining a custom URL scheme for your app: register your scheme so that the system directs appropriate URLs to your app"
private let urlPlist =
    #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view"], "CFBundleURLTypes": [{"CFBundleURLSchemes": ["places"]}]}"#

/// A scene delegate whose `scene(_:openURLContexts:)` body is `handler`, and `members` beside it,
/// in an app that donates the activity its `scene(_:continue:)` takes.
private func sceneDelegate(_ handler: String, members: String = "") -> String {
    """
    import UIKit

    final class PlaceViewController: UIViewController {
        func show(_ place: Place) {
            let activity = NSUserActivity(activityType: "com.example.places.view")
            activity.title = "Place"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }
    }

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            if userActivity.activityType == "com.example.places.view" { router.showPlace() }
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            guard let url = URLContexts.first?.url else { return }
    \(handler)
        }
    \(members.isEmpty ? "" : "\n" + members + "\n")}
    """
}

private let routeByScheme = """
            if url.scheme == "places", url.host == "place" {
                router.showPlace(url.lastPathComponent)
            }
    """

private let readsURLContexts = """
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            self.scene(scene, openURLContexts: connectionOptions.urlContexts)
        }
    """

/// A scheme a URL handler compares is one the app declares.
struct SourceURLSchemeDeclaredRule: Rule {
    static let description = RuleDescription(
        id: "source_url_scheme_declared",
        name: "Handled URL Scheme Is Declared",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "A URL scheme a URL handler tells apart (url.scheme == \"x\", a switch on it, absoluteString.hasPrefix(\"x://\")) should be one the Info.plist declares in CFBundleURLTypes.",
        rationale: """
            iOS opens an app with a URL only for the schemes its Info.plist registers in \
            CFBundleURLTypes (CFBundleURLSchemes): Apple's steps are to register the scheme so \
            that the system directs its URLs to the app, then to handle them. A route for a \
            scheme the app does not declare is never reached from another app: a link in a \
            message or another app opens nothing, or another app that declares it (a widget's URL \
            reaches the app whatever its scheme). A scenario judges a route the same way at the \
            openURL that reaches it. \
            http, https (universal links) and file (documents opened in place) need no scheme \
            of the app's and are not judged, and neither are the URLs the app opens \
            (UIApplication.open with tel:, mailto:, another app's scheme): opening needs no \
            declaration, only the schemes the app's own handlers take do. A warning: the handler may compare a scheme only \
            to turn it away, or a scheme may be declared by a build setting the scan does not \
            read.
            """,
        sources: [
            customScheme + " [H]",
            "Apple, Information Property List, CFBundleURLTypes [H]",
        ],
        needsInfoPlist: true,
        passing: [RuleExample(sceneDelegate(routeByScheme, members: readsURLContexts), named: "SceneDelegate.swift", infoPlist: urlPlist)],
        failing: [
            RuleExample(
                sceneDelegate(routeByScheme.replacingOccurrences(of: "\"places\"", with: "\"place\""), members: readsURLContexts),
                named: "SceneDelegate.swift", infoPlist: urlPlist,
                at: ["/SceneDelegate.scene(_:openURLContexts:)/openURL/url:place:~1~1place"])
        ])

    /// Schemes any iOS app receives without declaring them.
    static let systemSchemes: Set<String> = ["http", "https", "file"]

    func check(_ doors: SourceURLDoors, in context: RuleContext) -> [Violation] {
        guard let app = context.appInfo, app.isFromInfoPlist else { return [] }
        let declared = Set(app.urlSchemes.map { $0.lowercased() })
        var seen: Set<String> = []
        return doors.routes.compactMap { route in
            guard !route.isUniversalLink, let scheme = route.scheme, !declared.contains(scheme), !Self.systemSchemes.contains(scheme),
                seen.insert("\(route.pointer)").inserted
            else { return nil }
            let listed = declared.isEmpty ? "declares no URL scheme" : "declares only \(declared.sorted().map { "'\($0):'" }.joined(separator: ", "))"
            return Violation(
                "\(route.symbol) takes URLs of the scheme '\(scheme):', but \(app.source) \(listed) in CFBundleURLTypes, so iOS never opens the app with one\(Suggestion.phrase(for: scheme, among: Array(declared)))",
                at: route.pointer)
        }
    }
}

/// A scene delegate that opens URLs also reads them at a cold launch.
struct SourceColdLaunchURLHandledRule: Rule {
    static let description = RuleDescription(
        id: "source_cold_launch_url_handled",
        name: "Cold Launch Brings The URL To The Scene",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "A scene delegate that opens URLs in scene(_:openURLContexts:) must also read connectionOptions.urlContexts in scene(_:willConnectTo:options:).",
        rationale: """
            Apple: if the app opted into scenes and is not running, the system delivers the URL \
            to scene(_:willConnectTo:options:) after launch, in connectionOptions.urlContexts, \
            and to scene(_:openURLContexts:) only when the app opens a URL while running or \
            suspended in memory. A delegate that reads only the latter follows a link when the \
            app was running and shows its first screen after a launch from scratch, the case a \
            test on a device left running never sees. Pass the contexts on \
            (self.scene(scene, openURLContexts: connectionOptions.urlContexts)) or handle them \
            there. The URL twin of source_cold_launch_activity_handled. A delegate that hands \
            the options whole to other code counts as reading them.
            """,
        sources: [
            "Apple, Xcode, Defining a custom URL scheme for your app: handle incoming URLs (scenes: scene(_:willConnectTo:options:) when not running, scene(_:openURLContexts:) when running or suspended) [H]",
            "Apple, UIKit, UIScene.ConnectionOptions.urlContexts [H]",
        ],
        passing: [RuleExample(sceneDelegate(routeByScheme, members: readsURLContexts), named: "SceneDelegate.swift")],
        failing: [
            RuleExample(
                sceneDelegate(routeByScheme), named: "SceneDelegate.swift", at: ["/SceneDelegate.scene(_:openURLContexts:)/willConnectTo/urlContexts"]
            ),
            RuleExample(
                sceneDelegate(
                    routeByScheme,
                    members: readsURLContexts.replacingOccurrences(
                        of: "self.scene(scene, openURLContexts: connectionOptions.urlContexts)", with: "window?.makeKeyAndVisible()")),
                named: "SceneDelegate.swift", at: ["/SceneDelegate.scene(_:openURLContexts:)/willConnectTo/urlContexts"]),
        ])

    func check(_ doors: SourceURLDoors, in context: RuleContext) -> [Violation] {
        doors.warmOnly.map { handler in
            let missing =
                handler.hasConnection
                ? "\(handler.type)'s scene(_:willConnectTo:options:) does not read connectionOptions.urlContexts"
                : "\(handler.type) has no scene(_:willConnectTo:options:)"
            return Violation(
                "\(handler.symbol) opens URLs only while the app runs: a link that launches the app brings its URL to scene(_:willConnectTo:options:) instead, and \(missing), so a cold launch shows the first screen",
                at: handler.pointer)
        }
    }
}

/// A settings screen that asks whether another app is installed before offering to open it.
private func schemeQuery(_ url: String) -> String {
    """
    import UIKit

    final class ShareViewController: UIViewController {
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            let activity = NSUserActivity(activityType: "com.example.places.share")
            activity.title = "Share a place"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }

        func offerMaps(for place: Place) {
            if let maps = URL(string: "\(url)"), UIApplication.shared.canOpenURL(maps) {
                showOpenInMapsButton(maps)
            }
        }
    }
    """
}

private let queriesPlist =
    #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.share"], "LSApplicationQueriesSchemes": ["comgooglemaps"]}"#

/// canOpenURL(_:) asks about a scheme the Info.plist lists in LSApplicationQueriesSchemes.
struct SourceCanOpenURLSchemeListedRule: Rule {
    static let description = RuleDescription(
        id: "source_can_open_url_scheme_listed",
        name: "canOpenURL Scheme Is Listed",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "The scheme of a URL given to canOpenURL(_:) (a literal, or a constant or let holding one) must be listed in the Info.plist's LSApplicationQueriesSchemes.",
        rationale: """
            Apple's canOpenURL(_:): "If your app is linked on or after iOS 9.0, you must declare \
            the URL schemes you pass to this method by adding the LSApplicationQueriesSchemes key \
            to your app's Info.plist file. This method always returns false for undeclared \
            schemes, whether or not an appropriate app is installed." So the check fails on every \
            device and the code behind it never runs. http and https are not judged: since iOS \
            14 the answer for them depends on the user's default browser (developers report \
            false only when it is not Safari), so a finding there would not hold on every \
            device. Judged only with the Info.plist; a URL computed at run time is not judged.
            """,
        sources: [
            "Apple, UIKit, UIApplication.canOpenURL(_:) (\"you must declare the URL schemes you pass to this method by adding the LSApplicationQueriesSchemes key\"; \"always returns false for undeclared schemes\") [H]",
            "Apple, Information Property List, LSApplicationQueriesSchemes [H]",
            "Awful.app issue 1036: canOpenURL(_:) false for https when the default browser is not Safari (iOS 14), the reason http and https are not judged [M]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(schemeQuery("comgooglemaps://?q=pizza"), named: "ShareViewController.swift", infoPlist: queriesPlist),
            RuleExample(schemeQuery("https://maps.example.com/?q=pizza"), named: "ShareViewController.swift", infoPlist: queriesPlist),
        ],
        failing: [
            RuleExample(
                schemeQuery("waze://?q=pizza"), named: "ShareViewController.swift", infoPlist: queriesPlist,
                at: ["/ShareViewController.offerMaps(for:)/canOpenURL/waze:~1~1?q=pizza"])
        ])

    func check(_ queries: SourceSchemeQueries, in context: RuleContext) -> [Violation] {
        guard let app = context.appInfo, app.isFromInfoPlist else { return [] }
        let listed = Set((app.queriedURLSchemes ?? []).map { $0.lowercased() })
        // http and https: the answer depends on the default browser (the rationale).
        return queries.queries.filter { !listed.contains($0.scheme) && $0.scheme != "http" && $0.scheme != "https" }.map { query in
            let lists =
                listed.isEmpty
                ? "has no LSApplicationQueriesSchemes"
                : "lists only \(listed.sorted().map { "'\($0)'" }.joined(separator: ", ")) in LSApplicationQueriesSchemes"
            return Violation(
                "\(query.symbol) asks canOpenURL(_:) about '\(query.url)', but \(app.source) \(lists), so it always returns false for the scheme '\(query.scheme)' whether or not an app that opens it is installed; add '\(query.scheme)' to LSApplicationQueriesSchemes\(Suggestion.phrase(for: query.scheme, among: Array(listed)))",
                at: query.pointer)
        }
    }
}
