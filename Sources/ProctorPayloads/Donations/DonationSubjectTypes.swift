import Foundation
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// The subjects a donation payload holds. Rules judge each kind on its own; ProctorInputs'
// `DonationSubjects` walks a donation and hands every subject in it to the rules judging its kind.

extension UserActivity: RuleSubject { package static var scope: RuleScope { .payload } }
extension SearchableItem: RuleSubject { package static var scope: RuleScope { .payload } }
extension AttributeSet: RuleSubject { package static var scope: RuleScope { .payload } }
extension Interaction: RuleSubject { package static var scope: RuleScope { .payload } }
extension Reservation: RuleSubject { package static var scope: RuleScope { .payload } }

// Properties that activities, items and attribute sets share, for the rules that judge one
// property alike wherever it appears. Handing a rule the property rather than the whole activity
// or item spares copying them (retaining every string they hold) once per donation; the
// property's pointer is built only for a value a rule reports.

/// A title Spotlight shows: an activity's `title`, an attribute set's `title`.
package struct DisplayedTitle: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }
    package var text: String
    /// The object holding the title.
    package var owner: JSONPointer

    package init(text: String, owner: JSONPointer) {
        self.text = text
        self.owner = owner
    }

    package var pointer: JSONPointer { owner.appending("title") }
}

/// A `domainIdentifier`: a searchable item's, an attribute set's.
package struct DomainIdentifier: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }
    package var value: String
    /// The object holding the domain identifier.
    package var owner: JSONPointer

    package init(value: String, owner: JSONPointer) {
        self.value = value
        self.owner = owner
    }

    package var pointer: JSONPointer { owner.appending("domainIdentifier") }
}

/// What a Spotlight result shows and is found by: an activity's or a searchable item's title,
/// description and keywords, wherever each is written (an activity's own `title` and `keywords`,
/// its attribute set's `contentDescription` and `keywords`; an item's attribute set).
///
/// It holds the strings and arrays the donation already has (a retain each, no copy) and the
/// pointers of their owners; a value's own pointer is built only when a rule reports it.
package struct SearchResultText: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }

    package let title: String?
    private let titleOwner: JSONPointer?
    package let description: String?
    private let descriptionOwner: JSONPointer?
    /// An activity's own keywords, then its attribute set's (an item has only the latter).
    private let ownKeywords: [String]
    private let ownKeywordsOwner: JSONPointer?
    private let setKeywords: [String]
    private let setKeywordsOwner: JSONPointer?

    package init(activity: UserActivity) {
        let attributes = activity.contentAttributeSet
        if let title = activity.title {
            (self.title, titleOwner) = (title, activity.pointer)
        } else {
            (self.title, titleOwner) = (attributes?.title, attributes?.pointer)
        }
        (description, descriptionOwner) = (attributes?.contentDescription, attributes?.pointer)
        (ownKeywords, ownKeywordsOwner) = (activity.keywords ?? [], activity.pointer)
        (setKeywords, setKeywordsOwner) = (attributes?.strings("keywords") ?? [], attributes?.pointer)
    }

    package init(attributes: AttributeSet) {
        (title, titleOwner) = (attributes.title, attributes.pointer)
        (description, descriptionOwner) = (attributes.contentDescription, attributes.pointer)
        (ownKeywords, ownKeywordsOwner) = ([], nil)
        (setKeywords, setKeywordsOwner) = (attributes.strings("keywords") ?? [], attributes.pointer)
    }

    package var titlePointer: JSONPointer { (titleOwner ?? .root).appending("title") }
    package var descriptionPointer: JSONPointer { (descriptionOwner ?? .root).appending("contentDescription") }

    package var hasKeywords: Bool { !ownKeywords.isEmpty || !setKeywords.isEmpty }

    /// Whether `predicate` holds for every keyword.
    package func allKeywords(_ predicate: (String) -> Bool) -> Bool {
        ownKeywords.allSatisfy(predicate) && setKeywords.allSatisfy(predicate)
    }

    /// The pointer of the first keyword.
    package var firstKeywordPointer: JSONPointer {
        if !ownKeywords.isEmpty { return (ownKeywordsOwner ?? .root).appending("keywords").appending(0) }
        return (setKeywordsOwner ?? .root).appending("keywords").appending(0)
    }
}

/// An `expirationDate`: an activity's, a searchable item's.
package struct ExpirationDate: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }
    package var date: Date
    /// The object holding the date.
    package var owner: JSONPointer

    package init(date: Date, owner: JSONPointer) {
        self.date = date
        self.owner = owner
    }

    package var pointer: JSONPointer { owner.appending("expirationDate") }
}
