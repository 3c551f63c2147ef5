import Foundation
import ProctorVocabulary

/// How the model matches a Spotlight query (docs/system-model.md, "Spotlight queries").
///
/// Apple documents neither the matching nor the ranking ("a complex function of matching the
/// query to the items", WWDC15 709), so the model picks simple, stable rules: text is folded for
/// case and diacritics, split into words at anything that is not a letter or digit, and every
/// query word must be the start of a word of the entry's title, keywords or description.
enum SpotlightQuery {
    /// The folded words of `text` (``SearchWords``), as the rules see them too.
    static func words(of text: String) -> [String] { SearchWords.words(of: text) }

    /// Where a query matched an entry; lower is better.
    enum Field: Int, Comparable {
        case title = 0
        case keywords = 1
        case description = 2
        /// Every word matched, but not all in one field.
        case several = 3

        static func < (lhs: Field, rhs: Field) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The best field in which every query word is a prefix of some word, or nil when the entry
    /// does not match.
    static func match(_ query: [String], title: [String], keywords: [String], description: [String]) -> Field? {
        match(query, in: SpotlightIndex.Words(title: title, keywords: keywords, description: description, isASCII: false))
    }

    /// The same on an entry's indexed words. When the entry and the query are ASCII, prefixes
    /// are compared byte by byte; otherwise as characters, as `hasPrefix` does.
    static func match(_ query: [String], in words: SpotlightIndex.Words, queryIsASCII: Bool = false) -> Field? {
        let bytes = words.isASCII && queryIsASCII
        func starts(_ word: String, with needle: String) -> Bool {
            bytes ? word.utf8.starts(with: needle.utf8) : word.hasPrefix(needle)
        }
        func covers(_ list: [String]) -> Bool {
            query.allSatisfy { needle in list.contains { starts($0, with: needle) } }
        }
        if covers(words.title) { return .title }
        if covers(words.keywords) { return .keywords }
        if covers(words.description) { return .description }
        let all = query.allSatisfy { needle in
            words.title.contains { starts($0, with: needle) } || words.keywords.contains { starts($0, with: needle) }
                || words.description.contains { starts($0, with: needle) }
        }
        return all ? .several : nil
    }
}
