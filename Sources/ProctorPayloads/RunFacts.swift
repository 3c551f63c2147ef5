import ProctorEngine
import Foundation
import ProctorCore
import ProctorJSON
import ProctorLinks

/// Facts that can only be judged across all the inputs of a run, gathered while each file is
/// checked so that no parsed document has to be kept.
package struct RunFacts: RuleSubject, Sendable {
    package static let scope = RuleScope.run

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

    /// Every searchable item's `uniqueIdentifier`, in input order.
    package var itemIdentifiers: [Mention] = []
    /// Every activity's `contentAttributeSet.relatedUniqueIdentifier`, in input order.
    package var relatedIdentifiers: [Mention] = []
    /// Whether some searchable item's `uniqueIdentifier` is computed at run time
    /// (`proctor.computed`): it may be any identifier, so none can be said to be missing.
    package var hasComputedItemIdentifier = false

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

    /// The items (with an item identity) of each reservation donation, one entry per donation,
    /// in input order.
    package var reservationDonations: [[ReservationItemMention]] = []

    /// An `.entitlements` file of the run and its Associated Domains (the valid entries).
    package struct EntitlementsMention: Sendable {
        package var path: String
        package var domains: [AssociatedDomain]

        package init(path: String, domains: [AssociatedDomain]) {
            self.path = path
            self.domains = domains
        }
    }

    /// The app's entitlements files, in input order.
    package var entitlements: [EntitlementsMention] = []

    /// An association file of the run, decoded.
    package struct SiteMention: Sendable {
        package var path: String
        /// The domain it is served from (`--aasa`, or its folder's name); nil when unknown.
        package var domain: String?
        package var association: SiteAssociation
        package var byteCount: Int
        /// Where a finding about the whole file points: its first character.
        package var location: SourceLocation

        package init(path: String, domain: String?, association: SiteAssociation, byteCount: Int, location: SourceLocation) {
            self.path = path
            self.domain = domain
            self.association = association
            self.byteCount = byteCount
            self.location = location
        }
    }

    /// The association files, in input order.
    package var sites: [SiteMention] = []

    /// A web page's own URL and its markup about apps.
    package struct PageMention: Sendable {
        package var path: String
        /// The page's URL as it states it: `<link rel="canonical">`, else `og:url`.
        package var url: String
        /// Where that URL is written.
        package var urlLocation: SourceLocation
        /// The `<meta>` tags about apps: `apple-itunes-app`, `al:*` and `twitter:app:*`, key and content.
        package var appMarkup: [(key: String, content: String)]

        package init(path: String, url: String, urlLocation: SourceLocation, appMarkup: [(key: String, content: String)]) {
            self.path = path
            self.url = url
            self.urlLocation = urlLocation
            self.appMarkup = appMarkup
        }
    }

    /// The web pages that state their URL, in input order.
    package var pages: [PageMention] = []

    /// A region the app monitors: its identifier and where it is written.
    package struct RegionMention: Sendable {
        package var identifier: String
        package var location: SourceLocation

        package init(identifier: String, location: SourceLocation) {
            self.identifier = identifier
            self.location = location
        }
    }

    /// The regions of the run (`circularRegion`, `beaconRegion`), in input order: the set of
    /// regions the app registers, a later one with the same identifier replacing an earlier one.
    package var regions: [RegionMention] = []

    package init() {}

    package mutating func append(_ other: RunFacts) {
        itemIdentifiers += other.itemIdentifiers
        relatedIdentifiers += other.relatedIdentifiers
        hasComputedItemIdentifier = hasComputedItemIdentifier || other.hasComputedItemIdentifier
        reservationDonations += other.reservationDonations
        entitlements += other.entitlements
        sites += other.sites
        pages += other.pages
        regions += other.regions
    }
}
