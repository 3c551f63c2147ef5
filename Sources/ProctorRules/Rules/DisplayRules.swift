import Foundation
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

private let searchUX =
    "Apple, App Search Programming Guide, \"Search User Experience\" (archived): limit titles to 90 characters and descriptions to 300"

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
        passing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "r-1", "attributeSet": {"title": "Lemon tart", "contentDescription": "A sharp, silky tart."}}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "r-1", "attributeSet": {"title": "Lemon tart", "contentDescription": "\#(String(repeating: "A sharp, silky tart. ", count: 16))"}}}"#,
                at: ["/searchableItem/attributeSet/contentDescription"])
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        guard let text = attributes.contentDescription, text.utf8.count > Self.limit, text.count > Self.limit else { return [] }
        return [
            Violation(
                "contentDescription is \(text.count) characters, over the 300-character guideline", at: attributes.pointer("contentDescription"))
        ]
    }
}

private let wwdc15 = "WWDC15 session 709, Introducing Search APIs (seed 002)"

/// A result's title, to ask whether every word of a text (a keyword, the description) is one of
/// its words, as the model's search folds and splits them (``SearchWords``).
///
/// ASCII text without apostrophes, nearly all of it, is compared byte by byte where it lies:
/// making the words of every title and keyword as strings cost 7% of a lint (callgrind, 10,000
/// files). Other text goes through ``SearchWords``, the title's words made once.
struct TitleWords {
    let title: String
    /// Whether the title is ASCII without apostrophes, worked out once for all its keywords.
    private let titleIsPlain: Bool
    private var folded: Set<String>?

    init(_ title: String) {
        self.title = title
        titleIsPlain = Self.isPlain(title)
    }

    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "'") }
    }

    /// ``containAll(of:)`` for a single text.
    func containAllOnce(of text: String) -> Bool {
        var words = self
        return words.containAll(of: text)
    }

    /// Whether every word of `text` is a word of the title; false when `text` has no word.
    mutating func containAll(of text: String) -> Bool {
        // The byte comparison costs text × title; for long texts the word set is linear.
        if titleIsPlain && Self.isPlain(text) && text.utf8.count * title.utf8.count <= 1 << 16,
            let fast = text.utf8.withContiguousStorageIfAvailable({ textBytes in
                title.utf8.withContiguousStorageIfAvailable { titleBytes in asciiWords(of: textBytes, areWordsOf: titleBytes) }
            }) ?? nil
        {
            return fast
        }
        let words = SearchWords.words(of: text)
        if folded == nil { folded = Set(SearchWords.words(of: title)) }
        return !words.isEmpty && words.allSatisfy(folded!.contains)
    }
}

private func asciiWords(of text: UnsafeBufferPointer<UInt8>, areWordsOf title: UnsafeBufferPointer<UInt8>) -> Bool {
    func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
    func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    /// Whether text[start..<end] is a whole word of the title, ignoring case.
    func inTitle(_ start: Int, _ end: Int) -> Bool {
        let length = end - start
        var position = 0
        while position + length <= title.count {
            let startsWord = position == 0 || !isWordByte(title[position - 1])
            let endsWord = position + length == title.count || !isWordByte(title[position + length])
            if startsWord && endsWord {
                var offset = 0
                while offset < length && lower(title[position + offset]) == lower(text[start + offset]) { offset += 1 }
                if offset == length { return true }
            }
            position += 1
        }
        return false
    }
    var sawWord = false
    var index = 0
    while index < text.count {
        guard isWordByte(text[index]) else {
            index += 1
            continue
        }
        let start = index
        while index < text.count && isWordByte(text[index]) { index += 1 }
        sawWord = true
        if !inTitle(start, index) { return false }
    }
    return sawWord
}

/// Keywords bring in words the title does not have.
struct KeywordsRepeatTitleRule: Rule {
    static let description = RuleDescription(
        id: "keywords_repeat_title",
        name: "Keywords Add Words The Title Lacks",
        category: .search,
        defaultSeverity: .warning,
        summary: "When a result has keywords, at least one should hold a word that its title does not.",
        rationale: """
            The title is already searched; keywords find a result by the other words users type. \
            WWDC15 session 709 asks for "category keywords" and for "synonyms and abbreviations" \
            (a recipe's cuisine, "NYC" for New York). Keywords that only repeat the title's words \
            add nothing to what finds the result. Proctor compares words as the model's Spotlight \
            search does (folded for case and diacritics, "Tony's" as "tonys"), for an activity the \
            index holds (eligible for search or prediction: its keywords and its attribute set's) \
            and a searchable item; a result without keywords is not judged.
            """,
        sources: [wwdc15 + ": keywords for categories, synonyms and abbreviations [M]"],
        passing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "r-1", "attributeSet": {"title": "Lemon tart", "keywords": ["lemon", "dessert", "baking"]}}}"#
            ),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.recipes.view", "title": "Lemon tart", "isEligibleForSearch": true, "keywords": ["pâtisserie"]}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "r-1", "attributeSet": {"title": "Lemon Tart", "keywords": ["lemon", "Tart", "lemon tart"]}}}"#,
                at: ["/searchableItem/attributeSet/keywords/0"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view", "title": "Café de Flore", "isEligibleForSearch": true, "keywords": ["cafe", "flore"]}}"#,
                at: ["/userActivity/keywords/0"]),
        ])

    func check(_ result: SearchResultText, in context: RuleContext) -> [Violation] {
        guard let title = result.title, result.hasKeywords else { return [] }
        var titleWords = TitleWords(title)
        guard result.allKeywords({ titleWords.containAll(of: $0) }) else { return [] }
        return [
            Violation(
                "every keyword repeats a word of the title '\(title)', so the keywords find nothing the title does not; add the categories, synonyms and abbreviations users search for",
                at: result.firstKeywordPointer)
        ]
    }
}

/// The description says more than the title.
struct DescriptionRepeatsTitleRule: Rule {
    static let description = RuleDescription(
        id: "description_repeats_title",
        name: "Description Says More Than The Title",
        category: .search,
        defaultSeverity: .warning,
        summary: "A result's contentDescription should say more than its title: not the title again, nor part of it.",
        rationale: """
            A result shows its description under the title, and the description is searched: \
            WWDC15 session 709 asks for "a well-structured readable description" holding the key \
            information a user looks for ("looking for a booking number … include it in the \
            description"). A description no longer than the title and made only of the title's \
            words (the same text, or part of it) shows nothing more and finds nothing more. Words \
            are compared as the model's Spotlight search compares them.
            """,
        sources: [wwdc15 + ": a readable description with the key information [M]"],
        passing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "b-1", "attributeSet": {"title": "Dinner at Chez Example", "contentDescription": "Sat 4 June, 20:00 · 2 people · booking T-4471"}}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "b-1", "attributeSet": {"title": "Dinner at Chez Example", "contentDescription": "Dinner at Chez Example"}}}"#,
                at: ["/searchableItem/attributeSet/contentDescription"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view", "title": "Café de Flore, Paris", "isEligibleForSearch": true, "contentAttributeSet": {"contentDescription": "cafe de flore"}}}"#,
                at: ["/userActivity/contentAttributeSet/contentDescription"]),
        ])

    func check(_ result: SearchResultText, in context: RuleContext) -> [Violation] {
        // A description longer than its title says more than it, whatever its words: most do,
        // and they are let go before any comparison.
        guard let title = result.title, let description = result.description, description.utf8.count <= title.utf8.count,
            TitleWords(title).containAllOnce(of: description)
        else { return [] }
        return [
            Violation(
                "contentDescription only repeats the title '\(title)'; put in it what a user looks for and the title does not say (a date, a place, a number)",
                at: result.descriptionPointer)
        ]
    }
}
