import ProctorCore

// What region payloads contribute to the run: the set of regions the app registers, for the
// 20-region limit and the rules that need the whole set.

extension RunFacts {
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
    package enum Regions: RunFactKey { package typealias Fact = RegionMention }

    package var regions: [RegionMention] { all(Regions.self) }
}
