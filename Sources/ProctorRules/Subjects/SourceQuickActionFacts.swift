import ProctorEngine
import ProctorJSON

/// The app's Home Screen quick actions as `proctor scan` found them, taken together: those the
/// code sets in `shortcutItems`, the types its handlers tell apart, and its scene delegates' ways
/// in (docs/scan.md). The Info.plist's static actions are the rule context's `AppInfo`.
package struct SourceQuickActions: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// A quick action the code makes (`UIApplicationShortcutItem(type:localizedTitle:)`).
    package struct Action: Sendable {
        package var type: String
        package var symbol: String
        package var pointer: JSONPointer

        package init(type: String, symbol: String, pointer: JSONPointer) {
            self.type = type
            self.symbol = symbol
            self.pointer = pointer
        }
    }

    /// A type with `windowScene(_:performActionFor:completionHandler:)`.
    package struct SceneDelegate: Sendable {
        package var type: String
        package var performSymbol: String
        /// Whether its `scene(_:willConnectTo:options:)` (its own or a base class's) reads
        /// `connectionOptions.shortcutItem`; nil when it has none.
        package var connectionReadsShortcutItem: Bool?
        package var pointer: JSONPointer

        package init(type: String, performSymbol: String, connectionReadsShortcutItem: Bool?, pointer: JSONPointer) {
            self.type = type
            self.performSymbol = performSymbol
            self.connectionReadsShortcutItem = connectionReadsShortcutItem
            self.pointer = pointer
        }
    }

    /// The actions the code makes whose type is a constant.
    package var dynamicActions: [Action] = []
    /// The types the quick-action handlers tell apart, on either path.
    package var handledTypes: Set<String> = []
    /// Some handler takes every type without telling them apart.
    package var anyTypeHandled = false
    /// How many quick-action handlers the scan found (`performActionFor`, a launch reading the
    /// action); none at all means the handling code may not have been scanned.
    package var handlerCount = 0
    /// Where an Info.plist action no handler takes is reported: the first quick-action handler,
    /// else the app's first launch handler; nil when the scan found neither.
    package var staticPlace: JSONPointer?
    package var sceneDelegates: [SceneDelegate] = []
    /// App delegates without scenes whose launch method reads `launchOptions[.shortcutItem]` and
    /// always returns true, beside an `application(_:performActionFor:completionHandler:)`: where
    /// each launch method is, by its pointer.
    package var launchesReturningTrue: [(symbol: String, performSymbol: String, pointer: JSONPointer)] = []

    package init() {}
}

/// The `widgetURL` modifiers of the app's widget views, taken together: those that apply together
/// in one view's declaration.
package struct SourceWidgetURLs: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// A `widgetURL` that applies in the same view hierarchy as an earlier one of the same
    /// declaration (not in another clause of an `if`, `switch` or `?:`).
    package struct Repeated: Sendable {
        /// The declaration, `NoteWidgetView.body`.
        package var symbol: String
        /// Where the earlier one is, `line:column`.
        package var earlier: String
        package var pointer: JSONPointer

        package init(symbol: String, earlier: String, pointer: JSONPointer) {
            self.symbol = symbol
            self.earlier = earlier
            self.pointer = pointer
        }
    }

    package var repeated: [Repeated] = []

    /// A widget's link with a constant URL that no URL route of the app takes.
    package struct Unrouted: Sendable {
        /// `widgetURL` or `Link`.
        package var kind: String
        package var url: String
        /// The declaration, `NoteWidgetView.body`.
        package var symbol: String
        /// The app's URL route patterns, for the message (sorted).
        package var patterns: [String]
        package var pointer: JSONPointer

        package init(kind: String, url: String, symbol: String, patterns: [String], pointer: JSONPointer) {
            self.kind = kind
            self.url = url
            self.symbol = symbol
            self.patterns = patterns
            self.pointer = pointer
        }
    }

    /// Filled only when the scan knows every URL the app's handlers take (no handler takes every
    /// URL or compares a value computed at run time) and it read the app's launch code.
    package var unrouted: [Unrouted] = []

    /// A widget's link with a constant URL that the app's routes take, without a query item each
    /// route taking it reads.
    package struct MissingQueryItems: Sendable {
        /// `widgetURL` or `Link`.
        package var kind: String
        package var url: String
        /// The declaration, `NoteWidgetView.body`.
        package var symbol: String
        /// The routes that take it (their names, sorted), and the query items each of them reads
        /// that the URL lacks (sorted).
        package var routes: [String]
        package var missing: [String]
        package var pointer: JSONPointer

        package init(kind: String, url: String, symbol: String, routes: [String], missing: [String], pointer: JSONPointer) {
            self.kind = kind
            self.url = url
            self.symbol = symbol
            self.routes = routes
            self.missing = missing
            self.pointer = pointer
        }
    }

    /// Filled on the same terms as ``unrouted``.
    package var missingQueryItems: [MissingQueryItems] = []

    package init() {}
}
