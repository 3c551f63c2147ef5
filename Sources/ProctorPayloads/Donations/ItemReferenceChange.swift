import ProctorCore
import ProctorEngine
import ProctorJSON

/// A reservation item donated under an `itemReference` it was never donated with before, after
/// earlier donations of the same item (the same ``ProctorVocabulary/Reservation/itemIdentity``).
/// A lint run finds these across its files in input order, the scenario model across its
/// `donate` steps; `reservation_item_reference_stable` judges both alike.
package struct ItemReferenceChange: RuleSubject, Sendable {
    package static var scope: RuleScope { .history }

    /// Where the earlier donation was: a place in a file (lint), or a scenario step.
    package enum Earlier: Sendable {
        case location(SourceLocation)
        case step(Int)
    }

    /// ``ProctorVocabulary/Reservation/itemIdentity`` of the item.
    package var itemIdentity: String
    /// The new `itemReference`'s identity.
    package var reference: String
    /// The reference of the item's latest earlier donation, and where that was.
    package var earlierReference: String
    package var earlier: Earlier
    /// What the new reference does to what Siri shows, when the model knows ("so Siri keeps both
    /// as separate items"); nil in a lint run, which has no model.
    package var consequence: String?
    /// Where the new `itemReference` is.
    package var place: Violation.Place

    package init(
        itemIdentity: String, reference: String, earlierReference: String, earlier: Earlier, consequence: String? = nil, place: Violation.Place
    ) {
        self.itemIdentity = itemIdentity
        self.reference = reference
        self.earlierReference = earlierReference
        self.earlier = earlier
        self.consequence = consequence
        self.place = place
    }
}

extension RunFacts {
    /// The reference changes among the run's reservation donations, in input order.
    package func itemReferenceChanges() -> [ItemReferenceChange] {
        var history = ItemReferenceHistory<SourceLocation>()
        var changes: [ItemReferenceChange] = []
        for donation in reservationDonations {
            let found = history.record(donation.map { .init(identity: $0.itemIdentity, reference: $0.itemReference, mention: $0.location) })
            for change in found {
                let item = donation[change.index]
                changes.append(
                    ItemReferenceChange(
                        itemIdentity: item.itemIdentity, reference: item.itemReference, earlierReference: change.earlierReference,
                        earlier: .location(change.earlier), place: .location(item.location)))
            }
        }
        return changes
    }
}

/// What `reservation_item_reference_stable` knows of the donations judged so far: for each item
/// identity (``Reservation/itemIdentity``), every `itemReference` it was donated with, canceled
/// donations included, and where it was donated last. The one place such changes are found: the
/// lint run feeds it the donations of every file in input order
/// (``RunFacts/itemReferenceChanges()``), the scenario model its `donate` steps.
package struct ItemReferenceHistory<Mention> {
    /// One reservation item of a donation; `mention` says where it is (a location, a step).
    package struct Item {
        package var identity: String?
        package var reference: String
        package var mention: Mention

        package init(identity: String?, reference: String, mention: Mention) {
            self.identity = identity
            self.reference = reference
            self.mention = mention
        }
    }

    /// An item donated under a reference its identity was never donated with before.
    package struct Change {
        /// The item's index in the donation.
        package var index: Int
        /// The reference of the identity's latest earlier donation, and where that was.
        package var earlierReference: String
        package var earlier: Mention
    }

    private struct Known {
        var references: Set<String>
        var lastReference: String
        var last: Mention
    }

    private var known: [String: Known] = [:]

    package init() {}

    /// Judges the items of one donation against every earlier donation, then records them. Items
    /// of one donation are not compared with each other (reservation_item_reference_unique judges
    /// them), and items without an identity (no reservationNumber) never are.
    package mutating func record(_ items: [Item]) -> [Change] {
        var changes: [Change] = []
        for (index, item) in items.enumerated() {
            guard let identity = item.identity, let earlier = known[identity], !earlier.references.contains(item.reference) else { continue }
            changes.append(Change(index: index, earlierReference: earlier.lastReference, earlier: earlier.last))
        }
        for item in items {
            guard let identity = item.identity else { continue }
            if known[identity] == nil {
                known[identity] = Known(references: [item.reference], lastReference: item.reference, last: item.mention)
            } else {
                known[identity]!.references.insert(item.reference)
                known[identity]!.lastReference = item.reference
                known[identity]!.last = item.mention
            }
        }
        return changes
    }
}
