import ProctorCore
import ProctorJSON

// What donations contribute to the run, for the rules across files: the identifiers of searchable
// items and the related identifiers activities name (searchable_item_identifier_unique,
// related_item_exists), and the items of each reservation donation, in order
// (reservation_item_reference_stable, through ``RunFacts/itemReferenceChanges()``).

extension RunFacts {
    /// An identifier and where it is written.
    package struct Mention: Sendable {
        package var identifier: String
        let file: String
        let position: SourcePosition
        /// The pointer, as the object holding the identifier and its key: a run keeps one mention
        /// per item, and a pointer string made for each (one allocation apiece, alive until the
        /// end of the run) cost more than the rest of gathering them. It is spelt out only for a
        /// mention a rule reports.
        let container: JSONPointer
        let key: String

        package init(identifier: String, file: String, position: SourcePosition, container: JSONPointer, key: String) {
            self.identifier = identifier
            self.file = file
            self.position = position
            self.container = container
            self.key = key
        }

        /// Where the identifier is written.
        package var location: SourceLocation {
            SourceLocation(file: file, line: position.line, column: position.column, pointer: container.appending(key).description)
        }
    }

    /// A reservation item as one donation describes it.
    package struct ReservationItemMention: Sendable {
        /// ``Reservation/itemIdentity``: what makes two donations describe the same item.
        package var itemIdentity: String
        /// The `itemReference`'s ``SpeakableString/identity``.
        package var itemReference: String
        /// Where the `itemReference` is.
        package var location: SourceLocation

        package init(itemIdentity: String, itemReference: String, location: SourceLocation) {
            self.itemIdentity = itemIdentity
            self.itemReference = itemReference
            self.location = location
        }
    }

    /// Every searchable item's `uniqueIdentifier`, in input order.
    package enum ItemIdentifiers: RunFactKey { package typealias Fact = Mention }
    /// Every activity's `contentAttributeSet.relatedUniqueIdentifier`, in input order.
    package enum RelatedIdentifiers: RunFactKey { package typealias Fact = Mention }
    /// The files with a searchable item whose `uniqueIdentifier` is computed at run time
    /// (`proctor.computed`), one entry per such item: it may be any identifier, so none can be
    /// said to be missing.
    package enum ComputedItemIdentifiers: RunFactKey { package typealias Fact = String }
    /// The items (with an item identity) of each reservation donation, one entry per donation.
    package enum ReservationDonations: RunFactKey { package typealias Fact = [ReservationItemMention] }

    package var itemIdentifiers: [Mention] { all(ItemIdentifiers.self) }
    package var relatedIdentifiers: [Mention] { all(RelatedIdentifiers.self) }
    package var hasComputedItemIdentifier: Bool { !all(ComputedItemIdentifiers.self).isEmpty }
    package var reservationDonations: [[ReservationItemMention]] { all(ReservationDonations.self) }
}
