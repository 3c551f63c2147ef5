import ProctorCore

/// A handler of the URLs that open the app (docs/scan.md, "URL routes"): the app delegate's
/// `application(_:open:options:)`, a scene delegate's `scene(_:openURLContexts:)`, SwiftUI's
/// `onOpenURL`, or a launch handler reading a universal link's `webpageURL`; with the URLs it
/// tells apart.
struct ScannedURLHandler {
    /// Which door the URL comes in by.
    enum Door: String {
        /// `application(_:open:options:)`.
        case appDelegate
        /// `scene(_:openURLContexts:)`: only while the scene is connected; a cold launch brings
        /// the URL to `scene(_:willConnectTo:options:)`.
        case scene
        /// SwiftUI's `onOpenURL`, which takes both launches and universal links.
        case swiftUI
        /// A browsing-web activity's `webpageURL`, in `application(_:continue:…)`,
        /// `scene(_:continue:)` or `onContinueUserActivity`.
        case universalLink
    }

    var door: Door
    /// The type that declares it, for a scene delegate's cold launch.
    var type: String
    var symbol: String
    var location: SourceLocation
    /// The URLs it tells apart, one route each.
    var routes: [ScannedURLRoute] = []
    /// What it compares with a value the scan cannot resolve, and where: it may tell more URLs
    /// apart than ``routes`` say.
    var undecided: [(reason: String, location: SourceLocation)] = []
    /// When it tells nothing apart: the one function of the app's it hands the URL to, whose
    /// routes stand for it once found.
    var delegatesTo: String?
    /// The library or call it hands the URL to when it tells nothing apart and that is no
    /// function the scanned files declare (`JLRoutes.routeURL`).
    var handedTo: String?
    /// The query items it reads by name outside every comparison (`guard let id =
    /// components.queryItems?.first(where: { $0.name == "id" })?.value` before its `switch`): every
    /// route's, and those of the routes of a handler that hands it the URL.
    var wideQueryItems: [String] = []
    /// Query items read by a name the scan cannot resolve, or chosen by a closure it cannot read,
    /// and where: the routes may need more query items than they list.
    var queryUndecided: [(reason: String, location: SourceLocation)] = []
    /// Read from the launch options (`launchOptions?[.url]`): a launch method that tells nothing
    /// apart and hands the URL to no function keeps it for later, and stands for no route.
    var isLaunchRead = false
}

/// One kind of URL a handler tells apart: what it compares, each part a constant.
struct ScannedURLRoute: Equatable {
    /// What the path is known to be.
    enum Path: Equatable {
        /// Not compared: any path.
        case any
        /// `url.path == "/a/b"`.
        case exact(String)
        /// `url.pathComponents[1] == "a"`, or `url.absoluteString.hasPrefix("app://h/a")`: the
        /// path starts with these components.
        case prefix([String])
        /// `url.lastPathComponent == "a"`.
        case last(String)
    }

    var scheme: String?
    var host: String?
    var path = Path.any
    /// The query items it reads by name (`queryItems?.first { $0.name == "id" }`) and cannot go
    /// on without, in the code that runs for it: a URL without one shows nothing.
    var queryItems: [String] = []
    /// The functions of the app's it hands the URL to (`showNote(url)`), whose query items are
    /// its own when each is found (SourceScanner+URLs.swift).
    var queryCalls: [String] = []
    /// The innermost comparison that tells it apart.
    var location: SourceLocation

    /// The route's URL patterns (docs/scenario-format.md, "Routes": `*` one component, `**` any
    /// text), one per scheme when the handler does not compare the scheme (`schemes`: those the
    /// app may receive). A URL with a query matches too.
    func patterns(schemes: [String]) -> [String] {
        let bases = (scheme.map { [$0] } ?? schemes).map { $0.lowercased() }
        var found: [String] = []
        for base in bases {
            guard let host else {
                // No host compared: what follows the scheme is any text, unless the path is.
                switch path {
                case .any: found.append("\(base):**")
                case .exact(let exact): found += ["\(base)://*\(exact)", "\(base)://*\(exact)?**"]
                case .prefix(let components):
                    found += ["\(base)://*/\(components.joined(separator: "/"))", "\(base)://*/\(components.joined(separator: "/"))/**"]
                case .last(let last):
                    found += ["\(base)://*/\(last)", "\(base)://*/**/\(last)", "\(base)://*/\(last)?**", "\(base)://*/**/\(last)?**"]
                }
                continue
            }
            let root = "\(base)://\(host)"
            switch path {
            case .any: found += [root, "\(root)/**", "\(root)?**"]
            case .exact(let exact): found += ["\(root)\(exact)", "\(root)\(exact)?**"]
            case .prefix(let components):
                let start = "\(root)/\(components.joined(separator: "/"))"
                found += [start, "\(start)/**", "\(start)?**"]
            case .last(let last): found += ["\(root)/\(last)", "\(root)/**/\(last)", "\(root)/\(last)?**", "\(root)/**/\(last)?**"]
            }
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0).inserted }
    }

    /// A short name for the route: `url:app://settings/*`.
    func name(schemes: [String]) -> String {
        let scheme = scheme ?? (schemes.count == 1 ? schemes[0] : "*")
        var text = "url:\(scheme.lowercased())://\(host ?? "*")"
        switch path {
        case .any: break
        case .exact(let exact): text += exact
        case .prefix(let components): text += "/" + components.joined(separator: "/") + "/**"
        case .last(let last): text += "/**/" + last
        }
        return text
    }
}

/// The app's URL handlers taken together: which URL each route takes, for the rules and for code
/// that checks a URL the app opens (a widget's, a quick action's) against the app's own doors.
package struct URLRouteTable: Sendable {
    /// One route: its name and patterns, where it is told apart, and whether a launch from
    /// scratch reaches it.
    package struct Route: Sendable, Equatable {
        package var name: String
        package var patterns: [String]
        /// `path:line:column (symbol)` of the handler's comparison.
        package var handledIn: [String]
        package var location: SourceLocation
        /// False when only a running scene's `scene(_:openURLContexts:)` takes it.
        package var coldLaunch: Bool
        /// The query items every handler of it cannot go on without: a URL without one reaches it
        /// and shows nothing.
        package var queryItems: [String] = []
    }

    package var routes: [Route] = []
    /// Whether some handler takes URLs the routes do not list (it tells nothing apart, hands the
    /// URL to code the scan does not read, or compares a value computed at run time): a URL no
    /// route takes may still be taken.
    package var isIncomplete = false

    package init(routes: [Route] = [], isIncomplete: Bool = false) {
        self.routes = routes
        self.isIncomplete = isIncomplete
    }

    /// The routes that take `url` (an absolute URL), by their patterns.
    package func routes(taking url: String) -> [Route] {
        routes.filter { route in route.patterns.contains { URLPattern.matches($0, url) } }
    }
}
