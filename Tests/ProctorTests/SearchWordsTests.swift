import Foundation
import Testing

@testable import ProctorRules
@testable import ProctorVocabulary

/// The fast paths of search's words give exactly what Foundation's folding gives, and the
/// byte-level title comparison of the display rules agrees with the words.
@Suite("Search words")
struct SearchWordsTests {
    @Test("Every scalar of the table's ranges splits as Foundation folds it")
    func everyTableScalar() {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7F, 0xA0...0x24F, 0x2000...0x206F, 0x300...0x36F]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                // Alone, and between letters, where a separator splits and a letter joins.
                for text in [String(scalar), "a\(scalar)b", "É\(scalar)ß"] {
                    #expect(
                        SearchWords.words(of: text) == SearchWords.foldedWords(of: text),
                        "U+\(String(value, radix: 16, uppercase: true)) in '\(text)'")
                }
            }
        }
    }

    @Test(
        "Mixed text splits as Foundation folds it",
        arguments: [
            "Crème Brûlée", "Tony's Pizza", "Café de Flore — Paris", "Straße 12", "Łódź Fabryczna", "e\u{301}te\u{301}",
            "Ｆｕｌｌ　ｗｉｄｔｈ", "東京 Tower", "naïve “quoted” text", "½ price", "",
        ])
    func mixedText(_ text: String) {
        #expect(SearchWords.words(of: text) == SearchWords.foldedWords(of: text))
    }

    @Test("The title comparison agrees with the words, on ASCII and on the rest")
    func titleComparison() {
        let titles = ["Lemon Tart", "Café de Flore, Paris", "Tony's Pizza", "Map: Embarcadero and North Beach", "A1 Sauce 2"]
        let texts = [
            "lemon", "tart lemon", "LEMON TART", "lemons", "cafe", "Flore paris", "tonys", "tony", "north beach", "embarcadero map", "a1", "2", "",
            "—", "sauce 3",
        ]
        for title in titles {
            let titleWords = Set(SearchWords.words(of: title))
            for text in texts {
                let words = SearchWords.words(of: text)
                let expected = !words.isEmpty && words.allSatisfy(titleWords.contains)
                var compared = TitleWords(title)
                #expect(compared.containAll(of: text) == expected, "'\(text)' in '\(title)'")
            }
        }
    }
}
