import Foundation
import Testing

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

    @Test func shippedListIsSortedAndComplete() {
        let ids = BuiltInRules.all.map { type(of: $0).description.id }
        #expect(ids == ids.sorted(), "BuiltInRules.all is not sorted by id")
        #expect(ids == Self.rules.map(\.id))
    }

    /// A rule's scope comes from the subject it judges: the Info.plist rules need one, and exactly
    /// the rules over what the scenario model saw have only scenarios as examples.
    @Test func scopesFollowSubjects() {
        for rule in Self.rules {
            if rule.judgesInfoPlist { #expect(rule.needsInfoPlist, "\(rule.id) judges the Info.plist but does not need one") }
            let examples = rule.passing + rule.failing
            let onlyScenarios = !rule.failing.isEmpty && examples.allSatisfy(\.isScenario)
            #expect(
                rule.judgedInScenariosOnly == onlyScenarios,
                "\(rule.id): scope \(rule.scope), but its examples are \(onlyScenarios ? "" : "not ")all scenarios")
        }
        #expect(
            Self.rules.filter(\.judgesInfoPlist).map(\.id) == [
                "intents_restricted_while_locked_supported", "quick_action_count", "quick_action_icon_type", "quick_action_required_keys",
                "routing_app_document_type", "routing_app_modes",
            ])
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
        // One paragraph: a line-continuation backslash written twice ("\\\\" in the source) leaves
        // a backslash and a line break in the docs, `proctor explain` and SARIF help.
        #expect(!rule.rationale.contains("\n") && !rule.rationale.contains("\\"), "rationale of \(id) has a line break or a backslash")
        // SARIF's fullDescription is the rationale, and GitHub code scanning refuses a rule whose
        // descriptions are over 1024 characters.
        #expect(
            rule.rationale.utf16.count <= 1024 && rule.summary.utf16.count <= 1024,
            "rationale of \(id) is \(rule.rationale.utf16.count) characters, over GitHub's 1024")
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
