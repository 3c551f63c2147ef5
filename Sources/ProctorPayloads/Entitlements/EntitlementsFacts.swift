import ProctorLinks

// What entitlements files contribute to the run: their valid Associated Domains, which the rules
// across files hold against the association files and web pages of the run.

extension RunFacts {
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
    package enum Entitlements: RunFactKey { package typealias Fact = EntitlementsMention }

    package var entitlements: [EntitlementsMention] { all(Entitlements.self) }
}
