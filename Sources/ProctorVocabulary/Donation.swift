import Foundation
import ProctorJSON

/// One thing an app hands the system, named by the key that wraps it in the input file.
package enum Donation: Sendable {
    case userActivity(UserActivity)
    case searchableItem(SearchableItem)
    case interaction(Interaction)

    /// The key that names this kind in input files.
    package var kind: String {
        switch self {
        case .userActivity: DonationKind.userActivity.rawValue
        case .searchableItem: DonationKind.searchableItem.rawValue
        case .interaction: DonationKind.interaction.rawValue
        }
    }
}

/// The donation kinds an input file may hold, by the key that names them.
package enum DonationKind: String, CaseIterable, Sendable {
    case userActivity
    case searchableItem
    case interaction
}

/// An `NSUserActivity`, with the property names the Swift API uses.
package struct UserActivity: Sendable {
    /// The activity types the system defines, which no app declares in `NSUserActivityTypes` nor
    /// names under its bundle identifier: a web page handed to a browser or from one
    /// (`NSUserActivityTypeBrowsingWeb`, whose value is its name; Apple, "Implementing Handoff in
    /// your app", web browser–to–native app Handoff), a Core Spotlight item opened
    /// (`CSSearchableItemActionType`) and a Spotlight search continued in the app
    /// (`CSQueryContinuationActionType`).
    package static let systemTypes: Set<String> = [browsingWebType, "com.apple.corespotlightitem", "com.apple.corespotlightquery"]

    /// `NSUserActivityTypeBrowsingWeb`: an app donates it to hand a web page to a browser on
    /// another device (what web browsers donate), and receives it for its universal links.
    package static let browsingWebType = "NSUserActivityTypeBrowsingWeb"

    /// Whether the type is one the system defines (``systemTypes``).
    package var hasSystemType: Bool { activityType.map(Self.systemTypes.contains) ?? false }

    /// Whether the type is an intent's class name (`INSendMessageIntent`, or an app's custom
    /// `OrderTeaIntent`): the type SiriKit gives the activity it creates for an intent's response
    /// when the app gives none (Apple, `INIntentResponse` subclasses' `init(code:userActivity:)`:
    /// "sets its type to the class name of the intent being handled"), which apps then spell the
    /// same way. Not reverse-DNS, and not under the bundle identifier, by design.
    package var hasIntentClassType: Bool { activityType.map(Self.isIntentClassName) ?? false }

    /// A Swift or Objective-C class name ending in `Intent` (and more than that).
    package static func isIntentClassName(_ name: String) -> Bool {
        guard name.utf8.count > "Intent".utf8.count, name.hasSuffix("Intent"), let first = name.utf8.first,
            first == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }
    }

    /// Pointer of the object that holds the properties (`/userActivity`, `/3/userActivity`, ...).
    package var pointer: JSONPointer
    package var activityType: String?
    package var title: String?
    /// `nil` when the key is absent; an empty dictionary when written as `{}`.
    package var userInfo: [PropertyListEntry]?
    package var requiredUserInfoKeys: [String]?
    package var keywords: [String]?
    package var webpageURL: String?
    package var referrerURL: String?
    package var expirationDate: Date?
    package var isEligibleForHandoff: Bool
    package var isEligibleForSearch: Bool
    package var isEligibleForPublicIndexing: Bool
    package var isEligibleForPrediction: Bool
    package var persistentIdentifier: String?
    package var targetContentIdentifier: String?
    package var supportsContinuationStreams: Bool
    /// As the input wrote it, plus what ``mapItem`` fills in (``MapItem/populate(_:)``).
    package var contentAttributeSet: AttributeSet?
    package var mapItem: MapItem?
    /// The app asks to be called back (`updateUserActivityState`) before the activity is saved
    /// or sent, rather than updating `userInfo` on every change (WWDC16 session 240, "be lazy").
    package var needsSave: Bool = false

    package init(pointer: JSONPointer) {
        self.pointer = pointer
        self.isEligibleForHandoff = true
        self.isEligibleForSearch = false
        self.isEligibleForPublicIndexing = false
        self.isEligibleForPrediction = false
        self.supportsContinuationStreams = false
    }

    /// Eligible for the on-device index, by search or by prediction.
    package var isIndexed: Bool { isEligibleForSearch || isEligibleForPrediction }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}

/// A `CSSearchableItem`.
package struct SearchableItem: Sendable {
    package var pointer: JSONPointer
    package var uniqueIdentifier: String?
    package var domainIdentifier: String?
    package var expirationDate: Date?
    package var attributeSet: AttributeSet?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}

/// A key and value of `userInfo`, with the value's pointer.
package struct PropertyListEntry: Sendable {
    package var key: String
    package var value: PropertyListValue
    /// The pointer of the dictionary holding the entry; the entry's own pointer is built only
    /// when a rule reports it.
    package var parent: JSONPointer

    package init(key: String, value: PropertyListValue, parent: JSONPointer) {
        self.key = key
        self.value = value
        self.parent = parent
    }

    package var pointer: JSONPointer { parent.appending(key) }
}

/// The types `NSUserActivity.userInfo` accepts, as written in JSON (see docs/input-format.md).
///
/// Not `indirect`: its collections are arrays, already stored apart, so the enum needs no box of
/// its own. Indirect, every value (every number of a `userInfo` array) was a heap allocation.
package enum PropertyListValue: Sendable {
    case string(String)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case url(String)
    case null
    case array([PropertyListElement])
    case set([PropertyListElement])
    case dictionary([PropertyListEntry])
    /// `{"$class": "UUID"}`: an object of a class JSON cannot carry, named so rules can judge it.
    case object(className: String)
}

/// An element of an array or set in `userInfo`, with its pointer.
package struct PropertyListElement: Sendable {
    package var value: PropertyListValue
    /// The pointer of the array or set holding the element.
    package var parent: JSONPointer
    package var index: Int

    package init(value: PropertyListValue, parent: JSONPointer, index: Int) {
        self.value = value
        self.parent = parent
        self.index = index
    }

    package var pointer: JSONPointer { parent.appending(index) }
}
