import Foundation

/// The words search compares: text folded for case, diacritics and width, split at anything that
/// is not a letter or a digit, an apostrophe joining ("Tony's" gives "tonys", as people type it).
/// "Crème Brûlée" gives ["creme", "brulee"].
///
/// One definition for the model's Spotlight queries (docs/system-model.md, "Spotlight queries")
/// and for the rules that judge what a result is found by, so that a rule saying "these
/// keywords find nothing the title does not" speaks of the model's own search.
package enum SearchWords {
    package static func words(of text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(of: text) }
        return latinWords(of: text) ?? foldedWords(of: text)
    }

    /// Any text, through Foundation's folding: the definition the faster paths below must match.
    static func foldedWords(of text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ASCII text, which folding would only lowercase: Foundation's folding and character
    /// classes cost more than the rest of indexing an entry.
    private static func asciiWords(of text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"): continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            default:
                if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// How a non-ASCII scalar folds, for the ranges ``latinWords(of:)`` reads without Foundation.
    private enum Folding {
        /// Part of a word: these UTF-8 bytes, folded.
        case word([UInt8])
        /// Between words.
        case separator
        /// Folds to letters and separators both: only Foundation splits it right.
        case mixed
    }

    /// Latin-1 and Latin Extended (U+00A0 to U+024F: accented letters of French, German,
    /// Spanish, Polish, Czech...), and general punctuation (U+2000 to U+206F: dashes, quotes,
    /// spaces), each folded once by Foundation. Foundation folds them a scalar at a time, so the
    /// table gives its words without its cost, which was a third of a lint when every title went
    /// through it; a test compares the two on every scalar of the ranges.
    private static let latinRange: ClosedRange<UInt32> = 0xA0...0x24F
    private static let punctuationRange: ClosedRange<UInt32> = 0x2000...0x206F
    private static let latinFolding: [Folding] = latinRange.map(folding)
    private static let punctuationFolding: [Folding] = punctuationRange.map(folding)

    private static func folding(_ value: UInt32) -> Folding {
        let scalar = String(Unicode.Scalar(value)!)
        let folded = scalar.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        let letters = folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0 != "'" && $0 != "\u{2019}" }
        let result: Folding
        if letters.allSatisfy({ $0 }) {
            result = .word(Array(folded.utf8))
        } else if letters.allSatisfy({ !$0 }) {
            result = .separator
        } else {
            return .mixed
        }
        // Folded between letters, a scalar must give what it gives alone (a zero-width joiner
        // does not: it disappears there); one that does not is left to Foundation.
        let between = foldedWords(of: "a" + scalar + "b")
        let expected: [String] =
            switch result {
            case .word(let bytes): ["a" + String(decoding: bytes, as: UTF8.self) + "b"]
            default: ["a", "b"]
            }
        return between == expected ? result : .mixed
    }

    /// Text of ASCII, Latin, general punctuation and combining diacritics (U+0300 to U+036F,
    /// which folding removes); nil for anything else, or for a scalar that folds to letters and
    /// separators both, which then go to Foundation.
    private static func latinWords(of text: String) -> [String]? {
        var words: [String] = []
        var current: [UInt8] = []
        func endWord() {
            if !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let folding: Folding
            switch value {
            case 0x27, 0x2019:
                continue
            case 0x300...0x36F:
                // A diacritic folds away with its letter; one with no letter before it is kept
                // by Foundation as a word of its own.
                if current.isEmpty { return nil }
                continue
            case 0x30...0x39, 0x61...0x7A:
                current.append(UInt8(value))
                continue
            case 0x41...0x5A:
                current.append(UInt8(value + 32))
                continue
            case 0x00...0x7F:
                endWord()
                continue
            case latinRange: folding = latinFolding[Int(value - latinRange.lowerBound)]
            case punctuationRange: folding = punctuationFolding[Int(value - punctuationRange.lowerBound)]
            default: return nil
            }
            switch folding {
            case .word(let bytes): current += bytes
            case .separator: endWord()
            case .mixed: return nil
            }
        }
        endWord()
        return words
    }
}
