import Foundation
import ProctorJSON

/// One thing an app hands the system, named by the key that wraps it in the input file.
public enum Donation: Sendable {
    case userActivity(UserActivity)
    case searchableItem(SearchableItem)
    case interaction(Interaction)

    /// The key that names this kind in input files.
    public var kind: String {
        switch self {
        case .userActivity: DonationKind.userActivity.rawValue
        case .searchableItem: DonationKind.searchableItem.rawValue
        case .interaction: DonationKind.interaction.rawValue
        }
    }
}

/// The donation kinds an input file may hold, by the key that names them.
public enum DonationKind: String, CaseIterable, Sendable {
    case userActivity
    case searchableItem
    case interaction
}

/// An `NSUserActivity`, with the property names the Swift API uses.
public struct UserActivity: Sendable {
    /// Pointer of the object that holds the properties (`/userActivity`, `/3/userActivity`, ...).
    public var pointer: JSONPointer
    public var activityType: String?
    public var title: String?
    /// `nil` when the key is absent; an empty dictionary when written as `{}`.
    public var userInfo: [PropertyListEntry]?
    public var requiredUserInfoKeys: [String]?
    public var keywords: [String]?
    public var webpageURL: String?
    public var referrerURL: String?
    public var expirationDate: Date?
    public var isEligibleForHandoff: Bool
    public var isEligibleForSearch: Bool
    public var isEligibleForPublicIndexing: Bool
    public var isEligibleForPrediction: Bool
    public var persistentIdentifier: String?
    public var targetContentIdentifier: String?
    public var supportsContinuationStreams: Bool
    /// As the input wrote it, plus what ``mapItem`` fills in (``MapItem/populate(_:)``).
    public var contentAttributeSet: AttributeSet?
    public var mapItem: MapItem?
    /// The app asks to be called back (`updateUserActivityState`) before the activity is saved
    /// or sent, rather than updating `userInfo` on every change (WWDC16 session 240, "be lazy").
    public var needsSave: Bool = false

    public init(pointer: JSONPointer) {
        self.pointer = pointer
        self.isEligibleForHandoff = true
        self.isEligibleForSearch = false
        self.isEligibleForPublicIndexing = false
        self.isEligibleForPrediction = false
        self.supportsContinuationStreams = false
    }

    /// Eligible for the on-device index, by search or by prediction.
    public var isIndexed: Bool { isEligibleForSearch || isEligibleForPrediction }

    public func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}

/// A `CSSearchableItem`.
public struct SearchableItem: Sendable {
    public var pointer: JSONPointer
    public var uniqueIdentifier: String?
    public var domainIdentifier: String?
    public var expirationDate: Date?
    public var attributeSet: AttributeSet?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    public func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}

/// A key and value of `userInfo`, with the value's pointer.
public struct PropertyListEntry: Sendable {
    public var key: String
    public var value: PropertyListValue
    /// The pointer of the dictionary holding the entry; the entry's own pointer is built only
    /// when a rule reports it.
    public var parent: JSONPointer

    public init(key: String, value: PropertyListValue, parent: JSONPointer) {
        self.key = key
        self.value = value
        self.parent = parent
    }

    public var pointer: JSONPointer { parent.appending(key) }
}

/// The types `NSUserActivity.userInfo` accepts, as written in JSON (see docs/input-format.md).
public indirect enum PropertyListValue: Sendable {
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
public struct PropertyListElement: Sendable {
    public var value: PropertyListValue
    /// The pointer of the array or set holding the element.
    public var parent: JSONPointer
    public var index: Int

    public init(value: PropertyListValue, parent: JSONPointer, index: Int) {
        self.value = value
        self.parent = parent
        self.index = index
    }

    public var pointer: JSONPointer { parent.appending(index) }
}
