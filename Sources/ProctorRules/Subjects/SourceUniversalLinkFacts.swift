import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorLinks

/// The app's routes for http and https URLs beside the association files of its domains
/// (`proctor scan --aasa DOMAIN=PATH`, `app.sites`): which links a site sends to the app and
/// which the code takes (docs/scan.md, "Universal links").
package struct SourceUniversalLinks: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// What a route knows of the path.
    package enum Path: Sendable, Equatable {
        /// Not compared: any path.
        case any
        /// `url.path == "/a/b"`.
        case exact(String)
        /// Starts with these characters (`/a/b`): the path is that or goes on below it.
        case prefix(String)
        /// Ends with this last component.
        case last(String)
    }

    /// One route that may take a universal link: from a `webpageURL` handler, or a URL handler
    /// comparing an http or https scheme or none.
    package struct Route: Sendable {
        /// Lowercased; nil when the handler takes any host.
        package var host: String?
        package var path: Path
        package var name: String
        package var symbol: String
        package var pointer: JSONPointer
        /// Read from a browsing-web activity's `webpageURL`, or compares https or http: surely a
        /// universal link's route, judged against the files.
        package var isUniversalLink: Bool

        package init(host: String?, path: Path, name: String, symbol: String, pointer: JSONPointer, isUniversalLink: Bool) {
            self.host = host
            self.path = path
            self.name = name
            self.symbol = symbol
            self.pointer = pointer
            self.isUniversalLink = isUniversalLink
        }
    }

    /// The first handler that takes universal links (a `webpageURL` reader or `onOpenURL`), where
    /// a component no route takes is reported.
    package struct LinkHandler: Sendable {
        package var symbol: String
        package var pointer: JSONPointer

        package init(symbol: String, pointer: JSONPointer) {
            self.symbol = symbol
            self.pointer = pointer
        }
    }

    package var routes: [Route]
    package var sites: [UniversalLinkMatcher.Site]
    package var linkHandler: LinkHandler?
    /// Some handler takes URLs its routes do not list (``URLRouteTable/isIncomplete``).
    package var isIncomplete: Bool

    package init(routes: [Route], sites: [UniversalLinkMatcher.Site], linkHandler: LinkHandler?, isIncomplete: Bool) {
        self.routes = routes
        self.sites = sites
        self.linkHandler = linkHandler
        self.isIncomplete = isIncomplete
    }
}
