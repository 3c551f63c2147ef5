import Foundation
import Testing

@testable import ProctorKit
@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

@Suite("Rule catalogue")
struct RuleCatalogueTests {
    static let rules = BuiltInRules.descriptions

    @Test func idsAreUniqueAndSorted() {
        let ids = Self.rules.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        #expect(ids == ids.sorted())
        #expect(!ids.isEmpty)
    }

    @Test func shippedListsAreSortedAndComplete() {
        let donationIDs = BuiltInRules.donationRules.map { type(of: $0).description.id }
        let runIDs = BuiltInRules.runRules.map { type(of: $0).description.id }
        let plistIDs = BuiltInRules.infoPlistRules.map { type(of: $0).description.id }
        #expect(donationIDs == donationIDs.sorted(), "BuiltInRules.donationRules is not sorted by id")
        #expect(runIDs == runIDs.sorted(), "BuiltInRules.runRules is not sorted by id")
        #expect(plistIDs == plistIDs.sorted(), "BuiltInRules.infoPlistRules is not sorted by id")
        #expect(Set(donationIDs + runIDs + plistIDs) == Set(Self.rules.map(\.id)))
        #expect(donationIDs.count + runIDs.count + plistIDs.count == Self.rules.count)
    }

    /// Exactly the Info.plist rules say that they judge the Info.plist, and they need one.
    @Test func infoPlistRulesAreMarked() {
        let plistIDs = Set(BuiltInRules.infoPlistRules.map { type(of: $0).description.id })
        for rule in Self.rules {
            #expect(rule.judgesInfoPlist == plistIDs.contains(rule.id), "\(rule.id): judgesInfoPlist is \(rule.judgesInfoPlist)")
            if rule.judgesInfoPlist { #expect(rule.needsInfoPlist, "\(rule.id) judges the Info.plist but does not need one") }
        }
    }

    @Test(arguments: rules.map(\.id))
    func idIsLowerSnakeCase(_ id: String) throws {
        let pattern = try Regex("^[a-z][a-z0-9_]*$")
        #expect(id.wholeMatch(of: pattern) != nil, "'\(id)' is not lower_snake_case")
    }

    @Test(arguments: rules.map(\.id))
    func descriptionIsComplete(_ id: String) throws {
        let rule = try #require(BuiltInRules.description(for: id))
        #expect(rule.summary.hasSuffix("."), "summary of \(id) does not end with '.': \(rule.summary)")
        #expect(!rule.summary.contains("\n"))
        #expect(!rule.name.isEmpty)
        #expect(!rule.rationale.isEmpty)
        #expect(rule.sources.count >= 1, "\(id) names no source")
        #expect(rule.sources.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(rule.passing.count >= 1, "\(id) has no passing example")
        #expect(rule.failing.count >= 1, "\(id) has no failing example")
        #expect(rule.documentationPath == "docs/rules/\(id).md")
    }

    @Test func lookupByID() {
        #expect(BuiltInRules.description(for: "activity_type_declared")?.defaultSeverity == .error)
        #expect(BuiltInRules.description(for: "no_such_rule") == nil)
    }
}
