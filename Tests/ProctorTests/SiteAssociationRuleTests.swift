import Foundation
import Testing

@testable import ProctorEngine
@testable import ProctorInputs
@testable import ProctorJSON
@testable import ProctorLinks
@testable import ProctorPayloads
@testable import ProctorRules

/// `aasa_unreachable_component` judges each component in one pass over an index of the earlier
/// ones. These tests hold it to the definition it replaced (each component compared with every
/// earlier one), on many small files, and check that a file of a hundred thousand components,
/// which the comparison took hours over, is judged at once.
@Suite("aasa_unreachable_component")
struct SiteAssociationRuleTests {
    /// The rule's verdict as it was first written: for each component, the first earlier one that
    /// matches every URL, else the first earlier one with the same path and options and no query
    /// or fragment but '*'. Quadratic, and the specification the indexed rule must meet.
    static func definition(_ association: SiteAssociation) -> [String] {
        var verdicts: [String] = []
        for entry in association.applinks?.details ?? [] {
            let components = entry.components ?? []
            for (index, component) in components.enumerated() {
                let earlier = components[..<index]
                if let blocker = earlier.first(where: \.matchesEverything) {
                    verdicts.append("\(component.pointer) everything \(blocker.pointer)")
                } else if let blocker = earlier.first(where: {
                    $0.query == nil && $0.fragment.isNilOrStar && $0.path == component.path && $0.options == component.options
                }) {
                    verdicts.append("\(component.pointer) same \(blocker.pointer)")
                }
            }
        }
        return verdicts
    }

    static func judged(_ association: SiteAssociation) -> [String] {
        let file = SiteAssociationFile(association: association, byteCount: 0)
        return SiteAssociationUnreachableComponentRule().check(file, in: RuleContext(appInfo: nil, now: Date(timeIntervalSince1970: 0))).map {
            violation in
            guard case .pointer(let pointer) = violation.place else { return "not a pointer" }
            // The message names the blocker's pointer: the word after "reached: ".
            let blocker = violation.message.components(separatedBy: "reached: ")[1].prefix { $0 != " " }
            return "\(pointer) \(violation.message.contains("matches every URL") ? "everything" : "same") \(blocker)"
        }
    }

    /// Files of components drawn from a few paths, queries, fragments and options (the same on
    /// every run), so that blockers of both kinds, repeated keys and near misses (a query, a
    /// fragment, other options, `*` against no path) all occur, in several details entries.
    static func files() -> [SiteAssociation] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let paths: [String?] = [nil, "*", "/a/*", "/a/*", "/b", "/B", "/c/?", "/é", "/e\u{301}"]
        let queries: [Component.Query?] = [nil, nil, nil, .pattern("*"), .pattern("x=1"), .items([(name: "q", pattern: "*")])]
        let fragments: [String?] = [nil, nil, "*", "top"]
        let options = [
            MatchOptions(), MatchOptions(), MatchOptions(caseSensitive: false), MatchOptions(caseSensitive: true),
            MatchOptions(percentEncoded: false),
        ]
        return (0..<400).map { _ in
            var links = AppLinks()
            for entryIndex in 0..<(1 + next(3)) {
                let entryPointer = JSONPointer(["applinks", "details"]).appending(entryIndex)
                var entry = Details(appIDs: ["ABCDE12345.com.example.app"], pointer: entryPointer)
                entry.components = (0..<next(14)).map { index in
                    var component = Component(pointer: entryPointer.appending("components").appending(index))
                    component.path = paths[next(paths.count)]
                    component.query = queries[next(queries.count)]
                    component.fragment = fragments[next(fragments.count)]
                    component.options = options[next(options.count)]
                    component.exclude = next(2) == 0
                    return component
                }
                links.details.append(entry)
            }
            return SiteAssociation(applinks: links)
        }
    }

    @Test func theIndexedRuleReportsWhatTheDefinitionDoes() {
        var reported = 0
        for association in Self.files() {
            let expected = Self.definition(association)
            #expect(Self.judged(association) == expected)
            reported += expected.count
        }
        #expect(reported > 100, "the files should trip the rule often")
    }

    /// A hundred thousand components, the last tenth after a catch-all: compared pairwise this
    /// was five billion comparisons.
    @Test(.timeLimit(.minutes(1))) func aHundredThousandComponentsAreJudgedAtOnce() {
        let count = 100_000
        let pointer = JSONPointer(["applinks", "details", "0"])
        var entry = Details(appIDs: ["ABCDE12345.com.example.app"], pointer: pointer)
        entry.components = (0..<count).map { index in
            var component = Component(pointer: pointer.appending("components").appending(index))
            component.path = index == count * 9 / 10 ? "*" : "/products/item-\(index % 50_000)/*"
            return component
        }
        var links = AppLinks()
        links.details = [entry]
        let verdicts = Self.judged(SiteAssociation(applinks: links))
        // Components 50,000 to 89,999 repeat earlier paths; the catch-all at 90,000 is new, and
        // the 9,999 after it are unreachable.
        #expect(verdicts.count == 40_000 + 9_999)
        #expect(verdicts.last?.hasSuffix("everything /applinks/details/0/components/90000") == true)
    }
}

/// `aasa_names_app` names what the file gives, each app ID once and five at most, so a file of
/// hundreds of thousands of entries does not make a message of megabytes.
@Suite("aasa_names_app's message")
struct SiteAssociationNamesAppMessageTests {
    @Test func theNamesAreListedOnceAndFiveAtMost() {
        #expect(SiteAssociationNamesAppRule.listed(["A", "B", "A"]) == "'A', 'B'")
        let many = (0..<1_000).map { "ABCDE12345.com.example.app\($0)" }
        #expect(SiteAssociationNamesAppRule.listed(many + many).hasSuffix("'ABCDE12345.com.example.app4' and 995 more"))
    }
}
