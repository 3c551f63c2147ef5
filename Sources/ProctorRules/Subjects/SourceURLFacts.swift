import ProctorCore
import ProctorEngine
import ProctorJSON

/// The URLs an app's handlers tell apart, taken together (docs/scan.md, "URL routes").
package struct SourceURLDoors: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// One kind of URL a handler tells apart, at the comparison that does.
    package struct Route: Sendable {
        /// The scheme it compares, lowercased; nil when it takes any.
        package var scheme: String?
        package var symbol: String
        package var pointer: JSONPointer
        /// Read from a browsing-web activity's `webpageURL`: an https link, no scheme of the app's.
        package var isUniversalLink: Bool

        package init(scheme: String?, symbol: String, pointer: JSONPointer, isUniversalLink: Bool = false) {
            self.scheme = scheme
            self.symbol = symbol
            self.pointer = pointer
            self.isUniversalLink = isUniversalLink
        }
    }

    /// A scene delegate's `scene(_:openURLContexts:)` whose `scene(_:willConnectTo:options:)`
    /// does not read `connectionOptions.urlContexts`.
    package struct WarmOnlyHandler: Sendable {
        package var type: String
        package var symbol: String
        /// Whether the type (or a base class the scan read) has a `scene(_:willConnectTo:options:)`.
        package var hasConnection: Bool
        package var pointer: JSONPointer

        package init(type: String, symbol: String, hasConnection: Bool, pointer: JSONPointer) {
            self.type = type
            self.symbol = symbol
            self.hasConnection = hasConnection
            self.pointer = pointer
        }
    }

    package var routes: [Route]
    package var warmOnly: [WarmOnlyHandler]
    /// Some handler takes URLs its routes do not list (it tells nothing apart, or compares a
    /// value computed at run time).
    package var isIncomplete = false

    package init(routes: [Route], warmOnly: [WarmOnlyHandler], isIncomplete: Bool = false) {
        self.routes = routes
        self.warmOnly = warmOnly
        self.isIncomplete = isIncomplete
    }
}

/// The `canOpenURL(_:)` calls of an app's sources whose URL the scan knows, for
/// source_can_open_url_scheme_listed (docs/scan.md, "What it reads").
package struct SourceSchemeQueries: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// One call, with its URL's scheme (lowercased).
    package struct Query: Sendable {
        package var scheme: String
        package var url: String
        package var symbol: String
        package var pointer: JSONPointer

        package init(scheme: String, url: String, symbol: String, pointer: JSONPointer) {
            self.scheme = scheme
            self.url = url
            self.symbol = symbol
            self.pointer = pointer
        }
    }

    package var queries: [Query] = []

    package init(queries: [Query] = []) {
        self.queries = queries
    }
}
