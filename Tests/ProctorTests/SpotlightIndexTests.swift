import Testing

@testable import ProctorScenario

/// The Spotlight index answers exactly as matching every entry would: its buckets only skip
/// entries that cannot match, and byte-wise prefixes are used only where they equal
/// character-wise ones.
@Suite("Spotlight index")
struct SpotlightIndexTests {
    /// Titles, keywords and descriptions mixing ASCII, precomposed and decomposed accents, a
    /// letter with a combining mark after an ASCII base, apostrophes, digits and other scripts.
    static let texts: [(title: String, keywords: [String], description: String?)] = [
        ("Lemon tart", ["dessert"], "A sharp, silky tart."),
        ("Crème brûlée", ["dessert", "french"], nil),
        ("Cre\u{300}me anglaise", [], "Custard sauce"),
        ("Tony's Corner", ["pizza"], "Slices since 1982"),
        ("e\u{301}clair", ["pâtisserie"], "Choux pastry"),
        ("Ramen 拉麺", ["noodles"], "Tokyo-style"),
        ("ÉTÉ salad", ["summer"], "Peaches and burrata"),
        ("a", ["b"], "c"),
        ("Tbilisi khachapuri", ["cheese", "bread"], "Georgian"),
        // A spacing mark (Devanagari) that folding keeps, after an ASCII letter: one character, not ASCII.
        ("a\u{093F}b circle", ["x\u{093F}"], nil),
    ]
    static let queries = [
        "lem", "tart", "creme", "crè", "cre", "e", "é", "eclair", "e\u{301}c", "tony", "tonys", "tony's", "198", "ra", "拉",
        "ete", "été", "sal", "a", "b c", "ch br", "cheese geo", "x", "dessert fr", "pa", "pâ", "t",
        "a\u{093F}", "a\u{093F}b", "x\u{093F}", "x", "circ",
    ]

    @Test func searchingTheIndexFindsExactlyWhatMatchingEveryEntryFinds() {
        var index = SpotlightIndex()
        for (number, text) in Self.texts.enumerated() {
            index.set(.item("\(number)"), title: text.title, keywords: text.keywords, description: text.description, rankingHint: 0, sequence: number)
        }
        for query in Self.queries {
            let needles = SpotlightQuery.words(of: query)
            let queryIsASCII = needles.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            var expected: [String: SpotlightQuery.Field] = [:]
            for (number, text) in Self.texts.enumerated() {
                let field = SpotlightQuery.match(
                    needles, title: SpotlightQuery.words(of: text.title), keywords: text.keywords.flatMap(SpotlightQuery.words),
                    description: SpotlightQuery.words(of: text.description ?? ""))
                if let field { expected["\(number)"] = field }
            }
            var found: [String: SpotlightQuery.Field] = [:]
            for entry in index.candidates(for: needles) {
                guard case .item(let number) = entry.key else { continue }
                if let field = SpotlightQuery.match(needles, in: entry.words, queryIsASCII: queryIsASCII) { found[number] = field }
            }
            #expect(found == expected, "query '\(query)'")
        }
    }

    @Test func removedEntriesAreNotFound() {
        var index = SpotlightIndex()
        index.set(.item("a"), title: "Lemon tart", keywords: [], description: nil, rankingHint: 0, sequence: 1)
        index.set(.activity("b"), title: "Lemon curd", keywords: [], description: nil, rankingHint: 0, sequence: 2)
        index.remove(.item("a"))
        #expect(index.candidates(for: ["lemon"]).map(\.key) == [.activity("b")])
        // Replacing an entry drops its old words.
        index.set(.activity("b"), title: "Orange curd", keywords: [], description: nil, rankingHint: 0, sequence: 3)
        #expect(index.candidates(for: ["lemon"]).isEmpty)
        #expect(index.candidates(for: ["orange"]).map(\.key) == [.activity("b")])
        // No title: not searchable.
        index.set(.item("c"), title: nil, keywords: ["lemon"], description: nil, rankingHint: 0, sequence: 4)
        #expect(index.candidates(for: ["lemon"]).isEmpty)
        index.removeAll()
        #expect(index.candidates(for: []).isEmpty)
    }
}
