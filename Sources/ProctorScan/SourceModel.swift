import ProctorCore
import ProctorJSON

/// What `proctor scan` found in an app's Swift sources: the activities it donates and the launch
/// handlers that restore them, each with its place in the source.
struct ScannedSources {
    var donations: [ScannedDonation] = []
    var handlers: [ScannedHandler] = []
    /// Swift files that could not be read, with the reason.
    var unreadable: [InputError] = []
}

/// An `NSUserActivity` or a `CSSearchableItem` the code creates and configures.
struct ScannedDonation {
    /// Which payload it is written as.
    enum Kind: String {
        case userActivity, searchableItem, interaction
    }

    /// How it is made current: the donation only reaches the system then.
    enum Currentness: Equatable {
        /// `becomeCurrent()`, or assigned to a responder's or scene's `userActivity`.
        case madeCurrent
        /// SwiftUI's `.userActivity(_:_:)` modifier advertises it.
        case advertisedBySwiftUI
        /// Returned or handed to other code: whether it becomes current is not in this scope.
        case handedOn
        /// None of these in its scope.
        case never
    }

    /// The NSUserActivity property set, its value and where the assignment is.
    struct Property {
        var key: String
        var value: StaticValue
        var location: SourceLocation
        /// Each entry of a dictionary literal (userInfo), by key.
        var entries: [(key: String, location: SourceLocation)] = []
        /// Set by the responder's `updateUserActivityState(_:)`, not where the activity is made.
        var fromStateUpdate = false
        /// Where `entries` are below the property: an intent's fields are under its class name.
        var entryPrefix: [String] = []
    }

    var kind = Kind.userActivity
    /// For a Spotlight item, the type its tap continues with (`CSSearchableItemActionType`).
    var activityType: StaticValue
    /// `NSUserActivity(activityType:)`, the SwiftUI modifier, or `CSSearchableItem(...)`.
    var location: SourceLocation
    /// The enclosing declarations, `PlaceViewController.showPlace(_:)`: the donation's name in
    /// baselines and messages, stable when lines move.
    var symbol: String
    var properties: [Property] = []
    var currentness: Currentness = .never
    /// The type whose own `userActivity` it is assigned to (`userActivity = activity` in a view
    /// controller): UIKit manages it, and asks that type's `updateUserActivityState(_:)` for its
    /// userInfo. Nil when it is made current otherwise, or assigned to another object's.
    var responder: String?
    /// It is current only because it is assigned to the enclosing type's own `userActivity`
    /// (no `becomeCurrent()`): if that type is no responder, it is merely stored.
    var currentOnlyAsResponder = false
    /// Its `delegate` is set, so `userActivityWillSave(_:)` may answer `needsSave`.
    var hasDelegate = false
    /// Some of its userInfo entries are computed at run time (added in the responder's update).
    var userInfoIsIncomplete = false
    /// Where the code that creates it writes its userInfo (assignments and additions).
    var userInfoPlaces: [SourceLocation] = []
    /// It is handed to other code (an argument, returned, stored elsewhere), which may set more
    /// on it, whether or not it is also made current here.
    var handedToOtherCode = false
    /// Values inside a property that are left out of the checks, and why (an attribute set's
    /// number computed at run time).
    var leftOut: [(key: String, reason: String, location: SourceLocation)] = []
    /// The pointers in its payload (`/interaction/response/reservations/0/...`) of values inside a
    /// property that the code computes at run time and the payload leaves out, with why: the
    /// payload says so (`proctor.computed`), so a required one is not missing.
    var computed: [(pointer: JSONPointer, reason: String)] = []
    /// Where each value inside a property is set, by its pointer in the payload, for the values
    /// deeper than ``Property/entries`` reach (a reservation's fields).
    var places: [String: SourceLocation] = [:]
    /// Set when the activity is a reservation action's (`INReservationAction(…, userActivity:)`):
    /// it is judged inside that interaction's payload, not as a payload of its own, and still
    /// needs a declaration and a handler like any activity the system launches the app with.
    var isEmbedded = false
    /// Made by an initializer of the app's (`NSUserActivity(type:title:)`), whose body builds
    /// what the scan reads; nil once that body is followed.
    var initializer: AppInitializerCall?
    /// The incoming interaction a communication notification stands for (its intent given to
    /// `updating(from:)`), judged as a payload; no donation of the code's, so the rules over
    /// donations and their handlers do not judge it.
    var standsForNotification = false

    func property(_ key: String) -> Property? { properties.last { $0.key == key } }
}

/// A handler that receives activities to continue: SwiftUI's `onContinueUserActivity`, or UIKit's
/// `application(_:continue:restorationHandler:)` and `scene(_:continue:)`, one per activity type
/// the code tells apart (`switch` or `if` on `activityType`).
struct ScannedHandler {
    /// The type it handles; nil when the handler does not tell types apart.
    var activityType: StaticValue?
    var location: SourceLocation
    var symbol: String
    /// The `userInfo` keys it reads for that type, where.
    var keysRead: [(key: StaticValue, location: SourceLocation)] = []
    /// For a handler that takes every type: the function of the app's it hands the activity to,
    /// whose handlers stand for it when the scan finds that function.
    var delegatesTo: String?
    /// It stands only for the handlers of the function it hands the activity to: beside others
    /// that tell types apart, it is left out when that function is not found.
    var onlyIfFollowed = false
}

/// A type's `updateUserActivityState(_:)`: what it writes into the activity UIKit hands it,
/// after emptying its userInfo.
struct ScannedStateUpdate {
    var type: String
    var symbol: String
    var location: SourceLocation
    /// The properties it sets, userInfo (`addUserInfoEntries(from:)`) among them.
    var properties: [ScannedDonation.Property]
}

/// What the app's launch entry points are, beyond the handlers of each activity type.
struct ScannedEntryPoints {
    /// A scene delegate's `scene(_:continue:)`: it runs only while the app runs.
    struct Continuation {
        var type: String
        var symbol: String
        var location: SourceLocation
        /// The class it inherits from, which may connect scenes for it.
        var superclass: String?
    }

    /// Every class of the scanned files and the one it inherits from: read with the constants,
    /// from every file, and by the extractor for a class declared inside a function's body.
    var superclasses: [String: String] = [:]

    /// `scene(_:willConnectTo:options:)` of a type, and whether it reads what a cold launch brings.
    struct Connection {
        var type: String
        var readsUserActivities: Bool
        var readsURLContexts: Bool
    }

    /// `CSSearchableIndex`'s `deleteSearchableItems(withDomainIdentifiers:)`: the domains named,
    /// where.
    var domainDeletions: [(domains: StaticValue, symbol: String, location: SourceLocation)] = []
    /// Whether any code deletes searchable items: by identifiers, by domains or all of them,
    /// whatever it names.
    var deletesItems = false
    var continuations: [Continuation] = []
    var connections: [Connection] = []
    /// `application(_:open:options:)`, `scene(_:openURLContexts:)`, `.onOpenURL`, or a
    /// `willConnectTo` reading `urlContexts`, by symbol.
    var urlHandlers: [String] = []
    /// The first launch handler of any kind, where a missing URL handler is reported.
    var firstHandler: (symbol: String, location: SourceLocation)?

    /// `type` and the classes it inherits from, nearest first, as far as the scan read them:
    /// `superclass` is its base, `next` gives each base's own. At most 16, and a cycle ends it.
    static func inheritanceChain(of type: String, superclass: String?, next: (String) -> String?) -> [String] {
        var chain = [type]
        var base = superclass
        while let found = base, !chain.contains(found), chain.count < 16 {
            chain.append(found)
            base = next(found)
        }
        return chain
    }

    mutating func add(_ other: ScannedEntryPoints) {
        domainDeletions += other.domainDeletions
        deletesItems = deletesItems || other.deletesItems
        superclasses.merge(other.superclasses) { first, _ in first }
        continuations += other.continuations
        connections += other.connections
        urlHandlers += other.urlHandlers
        if firstHandler == nil { firstHandler = other.firstHandler }
    }
}
