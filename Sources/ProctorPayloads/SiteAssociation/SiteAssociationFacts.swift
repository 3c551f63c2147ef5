import ProctorCore
import ProctorLinks

// What association files contribute to the run: each file decoded, with the domain it is served
// from, for the rules that hold it against the app's entitlements and pages.

extension RunFacts {
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
    package enum Sites: RunFactKey { package typealias Fact = SiteMention }

    package var sites: [SiteMention] { all(Sites.self) }
}
