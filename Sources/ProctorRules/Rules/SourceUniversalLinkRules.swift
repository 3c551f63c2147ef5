import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorLinks

// Rules over the app's universal-link routes beside its domains' association files (docs/scan.md,
// "Universal links"), judged by proctor scan when it is given the files (--aasa DOMAIN=PATH or
// app.sites): a route no component sends to the app, and a component no route takes. Both sides
// are patterns; a finding needs them surely apart, so where they may meet nothing is said.

private let supportingUniversalLinks =
    "Apple, Xcode, Supporting universal links in your app: specify the URLs your app handles in the association file, and respond to the NSUserActivity with NSUserActivityTypeBrowsingWeb"
private let supportingAssociatedDomains =
    "Apple, Xcode, Supporting associated domains; applinks.Details.Components: the URLs of the domain the system sends to the app"
private let linkPlist = #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view"]}"#
private let linkConfig = #"{"teamIdentifier": "ABCDE12345"}"#
private let associationPath = "places.example.com/.well-known/apple-app-site-association"

/// An association file for places.example.com sending `components` to the app.
private func association(_ components: String) -> [RuleExample.File] {
    [
        RuleExample.File(
            associationPath,
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.places"], "components": [\#(components)]}]}}"#)
    ]
}

/// An app delegate taking universal links in `application(_:continue:restorationHandler:)`, with
/// `routes` (an if chain on `url`) as its body, in an app that donates the activity it takes.
private func linkDelegate(_ routes: String) -> String {
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

    @main
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
        ) -> Bool {
            if userActivity.activityType == "com.example.places.view" {
                router.showPlace()
                return true
            }
            guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return false }
    \(routes)
            return false
        }
    }
    """
}

private let placeAndListRoutes = """
            if url.pathComponents.count > 2, url.pathComponents[1] == "place" {
                router.showPlace(url.lastPathComponent)
                return true
            }
            if url.path == "/lists" {
                router.showLists()
                return true
            }
    """

/// What an association file sends to the app, for the rules over universal links.
enum AssociationSending {
    /// The components (or legacy paths) of `site` that send URLs to the app, not excluded: the
    /// entries naming `appID`, or when it is unknown every entry (`everyEntry`) or none unless the
    /// file has only one.
    static func patterns(of site: UniversalLinkMatcher.Site, appID: String?, everyEntry: Bool) -> [(path: LinkPattern?, pointer: JSONPointer)] {
        guard let links = site.association.applinks else { return [] }
        let entries = links.details.filter { entry in
            if let appID { return entry.appIDs.contains(appID) }
            return everyEntry || links.details.count == 1
        }
        var found: [(path: LinkPattern?, pointer: JSONPointer)] = []
        for entry in entries {
            if let components = entry.components {
                for component in components where !component.exclude {
                    found.append((component.path.map { LinkPattern($0, variables: links.substitutionVariables) }, component.pointer))
                }
            } else {
                for (index, path) in (entry.paths ?? []).enumerated() where !path.hasPrefix("NOT ") {
                    found.append((LinkPattern(path), entry.pointer.appending("paths").appending(index)))
                }
            }
        }
        return found
    }

    /// Whether `pattern` (nil: any path) may take a path of `path`, compared without case: an
    /// answer of no is sure, one of yes may be wrong.
    static func mayMeet(_ pattern: LinkPattern?, _ path: SourceUniversalLinks.Path) -> Bool {
        guard let pattern else { return true }
        switch path {
        case .any, .last: return true
        case .exact(let exact): return pattern.matches(exact, caseSensitive: false)
        case .prefix(let prefix): return pattern.matchesSome(startingWith: prefix, caseSensitive: false)
        }
    }

    /// Whether a route comparing `host` (nil: any) may take URLs of `domain`'s file: the domain
    /// itself or a subdomain the file decides for (a wildcard entry), either way round.
    static func mayServe(_ host: String?, _ domain: String) -> Bool {
        guard let host else { return true }
        return host == domain || host.hasSuffix("." + domain) || domain.hasSuffix("." + host)
    }
}

/// A universal-link route of the app's that no component of its domain's association file sends
/// to the app.
struct SourceUniversalLinkRouteAssociatedRule: Rule {
    static let description = RuleDescription(
        id: "source_universal_link_route_associated",
        name: "Universal Link Route Is Sent To The App",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A universal-link route of the app (a path its webpageURL handler tells apart, or an https route on a domain given with --aasa) should be one its domain's apple-app-site-association file sends to the app.",
        rationale: """
            Apple's steps for universal links are two: specify the URLs the app handles in the \
            domain's association file, and handle the NSUserActivity the system hands the app. A \
            URL no component matches is no universal link: iOS opens it in Safari, and the \
            route is reached only from inside the app. Judged by proctor scan given the files \
            (--aasa DOMAIN=PATH, app.sites), for routes of a webpageURL handler or comparing \
            https or http, against the file of their host (any file when they compare none). \
            Both sides are patterns, so it is conservative: a route is judged by the path or \
            prefix it compares (none, or only the last component, is not judged), a component \
            counts whatever its query, fragment or case, exclusions are not subtracted, and with \
            the Team ID only entries naming the app count. A warning: the route may serve URLs \
            the app opens itself, or another file than the one given.
            """,
        sources: [supportingUniversalLinks + " [H]", supportingAssociatedDomains + " [H]"],
        passing: [
            RuleExample(
                linkDelegate(placeAndListRoutes), named: "AppDelegate.swift", infoPlist: linkPlist, config: linkConfig,
                besides: association(#"{"/": "/place/*"}, {"/": "/lists"}"#))
        ],
        failing: [
            RuleExample(
                linkDelegate(placeAndListRoutes), named: "AppDelegate.swift", infoPlist: linkPlist, config: linkConfig,
                besides: association(#"{"/": "/place/*"}"#),
                at: ["/AppDelegate.application(_:continue:restorationHandler:)/openURL/url:https:~1~1*~1lists"])
        ])

    func check(_ links: SourceUniversalLinks, in context: RuleContext) -> [Violation] {
        guard !links.sites.isEmpty else { return [] }
        let appID = context.appInfo?.applicationIdentifier
        var seen: Set<String> = []
        return links.routes.compactMap { route in
            let sites = links.sites.filter { site in
                // Each host serves its own file: a route on www.example.com is not judged by
                // example.com's (a finding needs the file that decides for that host).
                route.host.map { $0.lowercased() == site.domain.lowercased() } ?? route.isUniversalLink
            }
            guard route.isUniversalLink || route.host != nil, !sites.isEmpty, route.path != .any,
                seen.insert(route.pointer.description).inserted
            else { return nil }
            if case .last = route.path { return nil }
            let sent = sites.contains { site in
                AssociationSending.patterns(of: site, appID: appID, everyEntry: true).contains { AssociationSending.mayMeet($0.path, route.path) }
            }
            guard !sent else { return nil }
            let files = sites.map { "'\($0.file)' (\($0.domain))" }.joined(separator: ", ")
            let whose = appID.map { " for \($0)" } ?? ""
            return Violation(
                "\(route.symbol) has a route for \(route.name), but no component\(whose) of \(files) sends such a URL to the app, so iOS opens it in Safari and the route is never reached by a link",
                at: route.pointer)
        }
    }
}

/// A component of an association file that sends URLs to the app which no route of the app's
/// takes.
struct SourceAssociationPathRoutedRule: Rule {
    static let description = RuleDescription(
        id: "source_association_path_routed",
        name: "Associated Path Has A Route",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A path an apple-app-site-association component sends to the app should be one a route of the app's universal-link handlers takes, when the scan knows every route.",
        rationale: """
            A universal link the association file matches launches the app with the URL in \
            webpageURL, and Apple's second step is to respond to it. A component for paths no \
            route tells apart opens the app on whatever screen it shows, and the page the user \
            tapped is shown nowhere. Judged when the scan knows every URL the handlers take and \
            some handler takes universal links (webpageURL, onOpenURL). Conservative, as both \
            are patterns: a component with no path, a route with no path or comparing only the \
            last component, or a path the component may match (case ignored) counts as taken; \
            every route with an http, https or no scheme counts, on the component's domain or \
            any when it compares no host. Without the Team ID only a file with one details \
            entry is judged. Reported at the first such handler. A warning: the handler may \
            show a fitting screen for any URL.
            """,
        sources: [supportingUniversalLinks + " [H]", supportingAssociatedDomains + " [H]"],
        passing: [
            RuleExample(
                linkDelegate(placeAndListRoutes), named: "AppDelegate.swift", infoPlist: linkPlist, config: linkConfig,
                besides: association(#"{"/": "/place/*"}, {"/": "/lists"}, {"/": "/admin/*", "exclude": true}"#))
        ],
        failing: [
            RuleExample(
                linkDelegate(placeAndListRoutes), named: "AppDelegate.swift", infoPlist: linkPlist, config: linkConfig,
                besides: association(#"{"/": "/place/*"}, {"/": "/lists"}, {"/": "/reviews/*"}"#),
                at: ["/AppDelegate.application(_:continue:restorationHandler:)/applinks/places.example.com/applinks/details/0/components/2"])
        ])

    func check(_ links: SourceUniversalLinks, in context: RuleContext) -> [Violation] {
        guard !links.isIncomplete, let handler = links.linkHandler else { return [] }
        let appID = context.appInfo?.applicationIdentifier
        var found: [Violation] = []
        for site in links.sites {
            for (pattern, pointer) in AssociationSending.patterns(of: site, appID: appID, everyEntry: false) {
                let taken = links.routes.contains {
                    AssociationSending.mayServe($0.host, site.domain) && AssociationSending.mayMeet(pattern, $0.path)
                }
                guard !taken else { continue }
                found.append(
                    Violation(
                        "\(pointer) of '\(site.file)' sends URLs of \(site.domain) to the app, but no route of its universal-link handlers takes their paths, so a link opens the app on whatever screen it shows",
                        at: JSONPointer(handler.pointer.tokens + [site.domain] + pointer.tokens)))
            }
        }
        return found
    }
}
