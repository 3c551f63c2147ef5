import ProctorEngine
import ProctorLinks

/// An entitlements file as the rules see it.
package struct EntitlementsFile: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }
    package var path: String
    /// The valid Associated Domains entries.
    package var domains: [AssociatedDomain]
    /// The entries that are not `<service>:<fully qualified domain>`.
    package var invalidEntries: [EntitlementsReader.InvalidEntryAt]

    package init(path: String, domains: [AssociatedDomain], invalidEntries: [EntitlementsReader.InvalidEntryAt]) {
        self.path = path
        self.domains = domains
        self.invalidEntries = invalidEntries
    }
}
