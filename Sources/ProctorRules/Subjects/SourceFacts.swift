import ProctorEngine
import ProctorJSON

extension RuleScope {
    /// What an app's Swift sources donate and handle, taken together (a type donated and never
    /// handled): judged by `proctor scan` only.
    package static let source = RuleScope(name: "source", judgedBy: .scan)
}

// What `proctor scan` found in an app's Swift sources, taken together: the rules over sources
// judge these (docs/scan.md). Pointers are the scan's own, `/donations/3/...` and
// `/handlers/1/...`; the scanner locates them on the Swift lines they stand for.

/// An activity type the app's code donates (`NSUserActivity(activityType:)` or SwiftUI's
/// `.userActivity(_:)`), with what the handlers of that type read.
package struct SourceDonation: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// How the donation reaches the system.
    package enum Currentness: String, Sendable {
        case madeCurrent, advertisedBySwiftUI, handedOn, never
    }

    /// A `userInfo` key a handler of the type reads, where.
    package struct KeyRead: Sendable {
        package var key: String
        package var handler: String
        package var pointer: JSONPointer

        package init(key: String, handler: String, pointer: JSONPointer) {
            self.key = key
            self.handler = handler
            self.pointer = pointer
        }
    }

    package var activityType: String
    /// Where the code creates it, `Type.function(_:)`.
    package var symbol: String
    /// The handlers found for its type, by symbol; empty when none is.
    package var handlers: [String]
    /// Some handler takes every type without telling them apart, so any type may be handled.
    package var anyTypeHandled: Bool
    /// How many handlers the scan found in all: none at all means the handling code was not
    /// scanned, and nothing is said of it.
    package var handlerCount: Int
    package var keysRead: [KeyRead]
    /// `requiredUserInfoKeys` as the code sets it; nil when it is not set or not constant.
    package var requiredUserInfoKeys: [String]?
    package var currentness: Currentness
    package var pointer: JSONPointer
    /// The type whose own `userActivity` it is assigned to: UIKit manages it, and empties its
    /// userInfo before asking that type's `updateUserActivityState(_:)` for it.
    package var responder: String?
    /// The userInfo keys the code sets where it creates the activity.
    package var userInfoKeysSet: [String] = []
    /// The responder's `updateUserActivityState(_:)`, when it has one.
    package var stateUpdate: StateUpdate?
    /// `needsSave` is set to true, on the activity or through its responder's `userActivity`.
    package var needsSave = false
    /// Its `delegate` is set, so `userActivityWillSave(_:)` may answer `needsSave`.
    package var hasDelegate = false
    /// A `CSSearchableItem` indexed in Core Spotlight: a tap on it continues the type
    /// `com.apple.corespotlightitem` (`CSSearchableItemActionType`).
    package var isSearchableItem = false
    /// An `INInteraction` donated: a tap on its suggestion continues the intent's class name.
    package var isInteraction = false
    /// Made in `stateRestorationActivity` (a scene delegate's `stateRestorationActivity(for:)`, or
    /// a property of that name it returns) and not made current: UIKit keeps it with the scene's
    /// session and hands it back in `UISceneSession.stateRestorationActivity` when it reconnects
    /// the scene, not to a continue handler.
    package var returnedForStateRestoration = false

    package struct StateUpdate: Sendable {
        package var symbol: String
        /// The userInfo keys it adds; nil when they are not constants.
        package var keysAdded: [String]?

        package init(symbol: String, keysAdded: [String]?) {
            self.symbol = symbol
            self.keysAdded = keysAdded
        }
    }

    package init(
        activityType: String, symbol: String, handlers: [String], anyTypeHandled: Bool, handlerCount: Int, keysRead: [KeyRead],
        requiredUserInfoKeys: [String]?, currentness: Currentness, pointer: JSONPointer
    ) {
        self.activityType = activityType
        self.symbol = symbol
        self.handlers = handlers
        self.anyTypeHandled = anyTypeHandled
        self.handlerCount = handlerCount
        self.keysRead = keysRead
        self.requiredUserInfoKeys = requiredUserInfoKeys
        self.currentness = currentness
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}

/// An activity type a launch handler of the app tells apart (`case`, `if`, `guard`,
/// `onContinueUserActivity`).
package struct SourceHandler: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    package var activityType: String
    package var symbol: String
    /// A type the system sends without the app declaring it (a Spotlight item, a web page).
    package var isSystemType: Bool
    package var pointer: JSONPointer
    /// The `userInfo` keys it reads for its type, each where.
    package var keysRead: [SourceDonation.KeyRead] = []
    /// The `userInfo` keys the activities of its type carry, every donation of the type read key
    /// by key; nil when the scan found none of that type, or one whose keys it cannot tell (a
    /// userInfo computed at run time, an activity handed to other code, a donation whose type
    /// is computed).
    package var donatedKeys: Set<String>?
    /// Where the donations of its type are made, by symbol.
    package var donors: [String] = []

    package init(activityType: String, symbol: String, isSystemType: Bool, pointer: JSONPointer) {
        self.activityType = activityType
        self.symbol = symbol
        self.isSystemType = isSystemType
        self.pointer = pointer
    }
}

/// The app's launch entry points taken together: its scene delegates' ways in, and whether any
/// code takes a URL.
package struct SourceEntryPoints: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// A type with `scene(_:continue:)`.
    package struct SceneDelegate: Sendable {
        package var type: String
        package var continueSymbol: String
        /// Whether its `scene(_:willConnectTo:options:)` reads `connectionOptions.userActivities`;
        /// nil when it has no such method.
        package var connectionReadsActivities: Bool?
        package var pointer: JSONPointer

        package init(type: String, continueSymbol: String, connectionReadsActivities: Bool?, pointer: JSONPointer) {
            self.type = type
            self.continueSymbol = continueSymbol
            self.connectionReadsActivities = connectionReadsActivities
            self.pointer = pointer
        }
    }

    package var sceneDelegates: [SceneDelegate]
    /// The URL handlers found, by symbol: `application(_:open:options:)`,
    /// `scene(_:openURLContexts:)`, `.onOpenURL`, a `willConnectTo` reading `urlContexts`.
    package var urlHandlers: [String]
    /// The first launch handler found, where a missing URL handler is reported; nil when the
    /// scan found none, and then nothing is said of URLs.
    package var firstHandler: JSONPointer?
    /// The schemes the URL handlers tell apart, when every handler compares the scheme with a
    /// constant (SourceURLFacts.swift); nil when one takes URLs of a scheme the scan cannot tell.
    package var urlSchemesTaken: [String]?
    /// Where the first URL handler is, named for the app; a scheme nothing takes is reported there.
    package var firstURLHandler: JSONPointer?

    package init(sceneDelegates: [SceneDelegate], urlHandlers: [String], firstHandler: JSONPointer?) {
        self.sceneDelegates = sceneDelegates
        self.urlHandlers = urlHandlers
        self.firstHandler = firstHandler
    }
}

/// What the app puts in Core Spotlight's index and takes out of it, taken together.
package struct SourceSpotlightIndex: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// A `deleteSearchableItems(withDomainIdentifiers:)` call with constant domains.
    package struct DomainDeletion: Sendable {
        package var domains: [String]
        package var symbol: String
        package var pointer: JSONPointer

        package init(domains: [String], symbol: String, pointer: JSONPointer) {
            self.domains = domains
            self.symbol = symbol
            self.pointer = pointer
        }
    }

    /// The domain identifiers of the items the scan found; nil when one is not a constant (or an
    /// item has none), and then deletions are not judged.
    package var indexedDomains: [String]?
    package var deletions: [DomainDeletion]
    /// Where the first item the scan found is indexed (by file, then line); nil when it found none.
    package var firstItem: JSONPointer?
    /// Whether any code deletes items, by identifiers, by domains or all.
    package var deletesItems: Bool
    /// Every item the scan found has a constant `uniqueIdentifier`: a fixed set of items, each
    /// replaced when it is indexed again, so none is left behind by data the user removed.
    package var itemsHaveConstantIdentifiers = false

    package init(indexedDomains: [String]?, deletions: [DomainDeletion], firstItem: JSONPointer? = nil, deletesItems: Bool = false) {
        self.indexedDomains = indexedDomains
        self.deletions = deletions
        self.firstItem = firstItem
        self.deletesItems = deletesItems
    }
}
