import ProctorEngine
import ProctorInputs
import Foundation
import ProctorJSON
import ProctorVocabulary

private let searchUX = "Apple, App Search Programming Guide, \"Search User Experience\" (archived): limit titles to 90 characters and descriptions to 300"

/// Titles within the display guideline.
struct TitleLengthRule: Rule {
    static let limit = 90

    static let description = RuleDescription(
        id: "title_length",
        name: "Title Length",
        category: .search,
        defaultSeverity: .warning,
        summary: "A title shown in search results should be 90 characters or fewer.",
        rationale: """
            Apple's search guidelines limit a title to 90 characters; longer titles are truncated in \
            results. Proctor counts user-perceived characters (grapheme clusters). It checks an \
            activity's title and the title of any attribute set.
            """,
        sources: [searchUX],
        passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.recipes.view", "title": "Lemon tart"}}"#)],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.recipes.view", "title": "\#(String(repeating: "Very long lemon tart ", count: 5))"}}"#,
                at: ["/userActivity/title"]),
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "r-1", "attributeSet": {"title": "\#(String(repeating: "Lemon tart with meringue ", count: 4))"}}}"#,
                at: ["/searchableItem/attributeSet/title"]),
        ])

    func check(_ title: DisplayedTitle, in context: RuleContext) -> [Violation] {
        // Characters never outnumber UTF-8 bytes: skip counting graphemes for short titles.
        guard title.text.utf8.count > Self.limit else { return [] }
        let length = title.text.count
        guard length > Self.limit else { return [] }
        return [Violation("title is \(length) characters, over the 90-character guideline; results truncate it", at: title.pointer)]
    }
}

/// Descriptions within the display guideline.
struct DescriptionLengthRule: Rule {
    static let limit = 300

    static let description = RuleDescription(
        id: "description_length",
        name: "Description Length",
        category: .search,
        defaultSeverity: .warning,
        summary: "A contentDescription should be 300 characters or fewer.",
        rationale: """
            Apple's search guidelines limit a description to 300 characters; results show only the \
            beginning. Proctor counts user-perceived characters (grapheme clusters).
            """,
        sources: [searchUX],
        passing: [RuleExample(#"{"searchableItem": {"uniqueIdentifier": "r-1", "attributeSet": {"title": "Lemon tart", "contentDescription": "A sharp, silky tart."}}}"#)],
        failing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "r-1", "attributeSet": {"title": "Lemon tart", "contentDescription": "\#(String(repeating: "A sharp, silky tart. ", count: 16))"}}}"#,
                at: ["/searchableItem/attributeSet/contentDescription"])
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        guard let text = attributes.contentDescription, text.utf8.count > Self.limit, text.count > Self.limit else { return [] }
        return [Violation("contentDescription is \(text.count) characters, over the 300-character guideline", at: attributes.pointer("contentDescription"))]
    }
}
