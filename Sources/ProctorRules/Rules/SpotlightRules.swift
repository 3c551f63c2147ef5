import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

private let itemHeader = "Apple, Core Spotlight headers, CSSearchableItem.h and CSSearchableIndex.h"
private let generalHeader = "Apple, Core Spotlight headers, CSSearchableItemAttributeSet_General.h"

/// A searchable item names itself.
struct SearchableItemIdentifierRequiredRule: Rule {
    static let description = RuleDescription(
        id: "searchable_item_identifier_required",
        name: "Searchable Item Has A Unique Identifier",
        category: .spotlight,
        defaultSeverity: .error,
        summary: "A searchable item must set a non-empty uniqueIdentifier.",
        rationale: """
            The header marks uniqueIdentifier "REQUIRED": it is how the app updates and deletes the \
            item, and what the app receives (kCSSearchableItemActivityIdentifier) when the user taps \
            it. Without one the system generates an identifier the app cannot know.
            """,
        sources: [itemHeader],
        passing: [RuleExample(#"{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Beach"}}}"#)],
        failing: [
            RuleExample(#"{"searchableItem": {"attributeSet": {"title": "Beach"}}}"#, at: ["/searchableItem"]),
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "", "attributeSet": {"title": "Beach"}}}"#, at: ["/searchableItem/uniqueIdentifier"]),
        ])

    func check(_ item: SearchableItem, in context: RuleContext) -> [Violation] {
        guard let identifier = item.uniqueIdentifier else {
            return [
                Violation(
                    "searchable item has no uniqueIdentifier, so the app can neither update, delete nor open it", at: item.pointer,
                    restingOn: [item.pointer("uniqueIdentifier")])
            ]
        }
        guard identifier.isEmpty else { return [] }
        return [Violation("searchable item's uniqueIdentifier is empty", at: item.pointer("uniqueIdentifier"))]
    }
}

/// Searchable items have titles.
struct SearchableItemTitleRule: Rule {
    static let description = RuleDescription(
        id: "searchable_item_title",
        name: "Searchable Item Has A Title",
        category: .spotlight,
        defaultSeverity: .warning,
        summary: "A searchable item's attribute set should have a title (or a displayName).",
        rationale: """
            Spotlight shows an item by its title; an item without one appears as an unlabelled row that \
            users skip. Apple lists the title among the properties to fill for every item.
            """,
        sources: ["Apple, App Search Programming Guide, \"Index App Content\" (archived)", generalHeader],
        passing: [RuleExample(#"{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Beach"}}}"#)],
        failing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"contentDescription": "Sunset at the beach"}}}"#,
                at: ["/searchableItem/attributeSet"]),
            RuleExample(#"{"searchableItem": {"uniqueIdentifier": "photo-1"}}"#, at: ["/searchableItem"]),
        ])

    func check(_ item: SearchableItem, in context: RuleContext) -> [Violation] {
        guard let set = item.attributeSet else {
            return [
                Violation(
                    "searchable item has no attributeSet, so Spotlight has no title to show", at: item.pointer,
                    restingOn: [item.pointer("attributeSet")])
            ]
        }
        let title = set.title ?? set.string("displayName") ?? ""
        guard title.allSatisfy(\.isWhitespace) else { return [] }
        return [
            Violation(
                "searchable item has no title to show in Spotlight", at: set.pointer, restingOn: [set.pointer("title"), set.pointer("displayName")])
        ]
    }
}

/// Domain identifiers split cleanly at periods.
struct DomainIdentifierComponentsRule: Rule {
    static let description = RuleDescription(
        id: "domain_identifier_components",
        name: "Domain Identifier Components",
        category: .spotlight,
        defaultSeverity: .warning,
        summary: "A domainIdentifier should be period-separated components that are neither empty nor padded with spaces.",
        rationale: """
            Core Spotlight reads a domainIdentifier as a hierarchy split at periods \
            (<account-id>.<mailbox-id>), whose components "should not contain periods", and deleting a \
            domain deletes every domain under it. An empty component (a leading, trailing or doubled \
            period) or one padded with spaces usually comes from joining identifiers that were missing \
            or untrimmed, and puts items in a domain the app never deletes.
            """,
        sources: [itemHeader],
        passing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-1", "domainIdentifier": "album-7.favorites", "attributeSet": {"title": "Beach"}}}"#)
        ],
        failing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-1", "domainIdentifier": "album-7..favorites", "attributeSet": {"title": "Beach"}}}"#,
                at: ["/searchableItem/domainIdentifier"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.photos.view", "contentAttributeSet": {"domainIdentifier": ".album-7"}}}"#,
                at: ["/userActivity/contentAttributeSet/domainIdentifier"]),
        ])

    func check(_ domain: DomainIdentifier, in context: RuleContext) -> [Violation] {
        guard let problem = Self.problem(domain.value) else { return [] }
        return [Violation("domainIdentifier '\(domain.value)' \(problem)", at: domain.pointer)]
    }

    private static func problem(_ domain: String) -> String? {
        if domain.utf8.allSatisfy({ $0 < 0x80 }) { return asciiProblem(domain.utf8) }
        let components = domain.split(separator: ".", omittingEmptySubsequences: false)
        if components.contains(where: \.isEmpty) {
            return "has an empty component; components are separated by single periods"
        }
        if components.contains(where: { $0.first?.isWhitespace == true || $0.last?.isWhitespace == true }) {
            return "has a component that starts or ends with white space"
        }
        return nil
    }

    /// The same verdict for an all-ASCII domain, byte by byte, without splitting it into
    /// substrings and grapheme clusters. In ASCII every byte is a character (CRLF aside, which is
    /// white space either way) and white space is U+0009 to U+000D and the space.
    private static func asciiProblem(_ domain: String.UTF8View) -> String? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var edgeSpace = false
        var first: UInt8?
        var last: UInt8 = 0
        for byte in domain {
            if byte == UInt8(ascii: ".") {
                guard let start = first else { return "has an empty component; components are separated by single periods" }
                if isSpace(start) || isSpace(last) { edgeSpace = true }
                first = nil
            } else {
                if first == nil { first = byte }
                last = byte
            }
        }
        guard let start = first else { return "has an empty component; components are separated by single periods" }
        if isSpace(start) || isSpace(last) { edgeSpace = true }
        return edgeSpace ? "has a component that starts or ends with white space" : nil
    }
}

/// Ranking hints within the documented range.
struct RankingHintRangeRule: Rule {
    static let description = RuleDescription(
        id: "ranking_hint_range",
        name: "Ranking Hint In Range",
        category: .spotlight,
        defaultSeverity: .warning,
        summary: "rankingHint should lie within 0...100.",
        rationale: "The header documents the expected value of rankingHint as within [0-100], preferably integral.",
        sources: [generalHeader],
        passing: [RuleExample(#"{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Beach", "rankingHint": 80}}}"#)],
        failing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Beach", "rankingHint": 250}}}"#,
                at: ["/searchableItem/attributeSet/rankingHint"])
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        guard let hint = attributes.number("rankingHint"), !(0...100).contains(hint) else { return [] }
        return [
            Violation(
                "rankingHint \(hint == hint.rounded() ? String(Int(hint)) : String(hint)) is outside 0...100", at: attributes.pointer("rankingHint"))
        ]
    }
}

/// A `uniqueIdentifier` appears once per run.
struct SearchableItemIdentifierUniqueRule: Rule {
    static let description = RuleDescription(
        id: "searchable_item_identifier_unique",
        name: "Searchable Item Identifiers Are Unique",
        category: .spotlight,
        defaultSeverity: .warning,
        summary: "A uniqueIdentifier should name one searchable item among all the inputs of a run.",
        rationale: """
            The header says a uniqueIdentifier should be unique to the app group; indexing a second \
            item with the same identifier replaces the first, so one of the two never appears in \
            Spotlight. The second occurrence is reported, in input order (files sorted by path).
            """,
        sources: [itemHeader],
        passing: [
            RuleExample(
                #"[{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Beach"}}}, {"searchableItem": {"uniqueIdentifier": "photo-2", "attributeSet": {"title": "Harbour"}}}]"#
            )
        ],
        failing: [
            RuleExample(
                #"[{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Beach"}}}, {"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Harbour"}}}]"#,
                at: ["/1/searchableItem/uniqueIdentifier"])
        ])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        var first: [String: SourceLocation] = [:]
        var violations: [Violation] = []
        for mention in facts.itemIdentifiers where !mention.identifier.isEmpty {
            if let earlier = first[mention.identifier] {
                violations.append(
                    Violation(
                        "uniqueIdentifier '\(mention.identifier)' is already used by the item at \(earlier.compilerStyle); indexing this item replaces that one",
                        at: mention.location))
            } else {
                first[mention.identifier] = mention.location
            }
        }
        return violations
    }
}

/// `relatedUniqueIdentifier` names an item donated in the run.
struct RelatedItemMissingRule: Rule {
    static let description = RuleDescription(
        id: "related_item_missing",
        name: "Related Item Donated",
        category: .spotlight,
        defaultSeverity: .note,
        summary: "An activity's relatedUniqueIdentifier should name a searchable item donated in the same run.",
        rationale: """
            The header: if the item named by relatedUniqueIdentifier does not exist in the index, the \
            activity will not get stored, and deleting the item deletes the activity. Proctor sees only \
            the inputs of one run, so an item indexed elsewhere looks missing: this is a note.
            """,
        sources: [generalHeader],
        passing: [
            RuleExample(
                #"[{"searchableItem": {"uniqueIdentifier": "recipe-9", "attributeSet": {"title": "Lemon tart"}}}, {"userActivity": {"activityType": "com.example.recipes.view", "contentAttributeSet": {"relatedUniqueIdentifier": "recipe-9"}}}]"#
            )
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.recipes.view", "contentAttributeSet": {"relatedUniqueIdentifier": "recipe-9"}}}"#,
                at: ["/userActivity/contentAttributeSet/relatedUniqueIdentifier"])
        ])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        // An item whose identifier the app computes at run time may be the one named.
        guard !facts.hasComputedItemIdentifier else { return [] }
        let items = Set(facts.itemIdentifiers.map(\.identifier))
        return facts.relatedIdentifiers.compactMap { mention in
            guard !items.contains(mention.identifier) else { return nil }
            return Violation(
                "relatedUniqueIdentifier '\(mention.identifier)' names no searchable item in this run; the system does not store the activity without its item",
                at: mention.location)
        }
    }
}
