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

/// URL patterns of routes: `*` stands for any text without `/`, `**` for any text. Schemes compare
/// case-insensitively, as URL schemes do (RFC 3986 §3.1).
enum URLPattern {
    /// The scheme of a URL or pattern, lowercased, or nil when it has none.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = scheme.unicodeScalars.first, isLetter(first),
            scheme.unicodeScalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    static func matches(_ pattern: String, _ url: String) -> Bool {
        guard let patternScheme = scheme(of: pattern), let urlScheme = scheme(of: url), patternScheme == urlScheme else { return false }
        let patternRest = Array(hostLowercased(pattern.unicodeScalars.dropFirst(patternScheme.unicodeScalars.count)))
        let urlRest = Array(hostLowercased(url.unicodeScalars.dropFirst(urlScheme.unicodeScalars.count)))
        return glob(patternRest[...], urlRest[...])
    }

    /// `://Host/Path` → `://host/Path`: hosts are case-insensitive (RFC 3986 §3.2.2), paths are not.
    private static func hostLowercased(_ rest: Substring.UnicodeScalarView) -> [Unicode.Scalar] {
        var scalars = Array(rest)
        guard scalars.starts(with: ":/".unicodeScalars), scalars.count > 2, scalars[2] == "/" else { return scalars }
        var index = 3
        while index < scalars.count, scalars[index] != "/", scalars[index] != "?", scalars[index] != "#" {
            scalars[index] = Unicode.Scalar(String(scalars[index]).lowercased()) ?? scalars[index]
            index += 1
        }
        return scalars
    }

    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            let crossesSlashes = pattern.dropFirst().first == "*"
            let rest = pattern.dropFirst(crossesSlashes ? 2 : 1)
            var index = text.startIndex
            while true {
                if glob(rest, text[index...]) { return true }
                guard index < text.endIndex, crossesSlashes || text[index] != "/" else { return false }
                index += 1
            }
        }
        guard let character = text.first, character == first else { return false }
        return glob(pattern.dropFirst(), text.dropFirst())
    }
}
