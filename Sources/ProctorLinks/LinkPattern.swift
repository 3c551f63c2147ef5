import Foundation

/// A universal-link pattern: `*` matches any run of characters (none included), `?` exactly
/// one, and `$(name)` any of the strings a substitution variable stands for, each of which may
/// hold wildcards itself. Everything else matches itself, case-insensitively when the component
/// says so. (Apple, `applinks.Details.Components` and `applinks.SubstitutionVariables`.)
///
/// Matching walks the pattern and the text with a memo of the positions already tried, so
/// patterns full of `*` cost at most (pattern × text) steps, not exponential time (WWDC19
/// session 717 warns that pattern matching "has exponential complexity" done naively).
public struct LinkPattern: Sendable {
    enum Token: Sendable, Equatable {
        case character(Character)
        case anyOne
        case anyRun
        /// The alternatives of a substitution variable, each a pattern of its own.
        case oneOf([[Token]])
    }

    let tokens: [Token]
    /// `$(name)` references that name no variable: the pattern can never match where one is.
    public let undefinedVariables: [String]

    /// The predefined variables (ASCII character classes, ISO regions and languages).
    static let predefined: [String: [String]] = {
        let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let lower = upper.map { $0.lowercased() }
        let digits = (0...9).map(String.init)
        let hex = digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"]
        return [
            "alpha": upper + lower, "upper": upper, "lower": lower, "alnum": upper + lower + digits,
            "digit": digits, "xdigit": hex, "region": Locale.isoRegionCodes, "lang": Locale.isoLanguageCodes,
        ]
    }()

    /// Compiles `pattern` with the file's substitution variables; a variable the file defines
    /// takes precedence over a predefined one of the same name.
    public init(_ pattern: String, variables: [String: [String]] = [:]) {
        var undefined: [String] = []
        tokens = Self.tokens(pattern, variables: variables, nested: false, undefined: &undefined)
        undefinedVariables = undefined
    }

    private static func tokens(_ pattern: String, variables: [String: [String]], nested: Bool, undefined: inout [String]) -> [Token] {
        var tokens: [Token] = []
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            if !nested, character == "$", pattern[index...].hasPrefix("$("), let close = pattern[index...].firstIndex(of: ")") {
                let name = String(pattern[pattern.index(index, offsetBy: 2)..<close])
                if let values = variables[name] ?? predefined[name] {
                    var ignored: [String] = []
                    tokens.append(.oneOf(values.map { Self.tokens($0, variables: [:], nested: true, undefined: &ignored) }))
                } else {
                    undefined.append(name)
                    tokens.append(.oneOf([]))  // matches nothing
                }
                index = pattern.index(after: close)
                continue
            }
            switch character {
            case "*": if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?": tokens.append(.anyOne)
            default: tokens.append(.character(character))
            }
            index = pattern.index(after: index)
        }
        return tokens
    }

    /// How long a pattern and a text may be together: the match recurses once per token and
    /// character at most, and this keeps it far inside a thread's stack. Real patterns and URL
    /// components are a few hundred characters; longer ones do not match.
    static let maximumLength = 10_000

    /// Whether the whole of `text` matches.
    public func matches(_ text: String, caseSensitive: Bool) -> Bool {
        let characters = Array(caseSensitive ? text : text.lowercased())
        guard characters.count + tokens.count <= Self.maximumLength else { return false }
        var failed = Set<Int>()
        return Self.match(tokens, 0, characters, 0, caseSensitive: caseSensitive, failed: &failed, key: 0) { $0 == characters.count }
    }

    /// Matches `tokens[tokenIndex...]` against `text[textIndex...]`; calls `rest` with every
    /// text position where the tokens can end, and returns whether `rest` accepted one.
    /// `failed` remembers (token, text) positions of the top-level pattern that cannot lead to
    /// a match; `key` is 0 for the top level (nested alternatives are short and not memoised).
    private static func match(
        _ tokens: [Token], _ tokenIndex: Int, _ text: [Character], _ textIndex: Int, caseSensitive: Bool,
        failed: inout Set<Int>, key: Int, rest: (Int) -> Bool
    ) -> Bool {
        let memoKey = tokenIndex * (text.count + 1) + textIndex
        if key == 0, failed.contains(memoKey) { return false }
        let result: Bool
        if tokenIndex == tokens.count {
            result = rest(textIndex)
        } else {
            switch tokens[tokenIndex] {
            case .character(let expected):
                let wanted = caseSensitive ? expected : Character(String(expected).lowercased())
                result = textIndex < text.count && text[textIndex] == wanted
                    && match(tokens, tokenIndex + 1, text, textIndex + 1, caseSensitive: caseSensitive, failed: &failed, key: key, rest: rest)
            case .anyOne:
                result = textIndex < text.count
                    && match(tokens, tokenIndex + 1, text, textIndex + 1, caseSensitive: caseSensitive, failed: &failed, key: key, rest: rest)
            case .anyRun:
                // Either the run ends here, or it takes one more character: each (token, text)
                // position is then tried once, and the memo bounds the whole match.
                result = match(tokens, tokenIndex + 1, text, textIndex, caseSensitive: caseSensitive, failed: &failed, key: key, rest: rest)
                    || (textIndex < text.count && match(tokens, tokenIndex, text, textIndex + 1, caseSensitive: caseSensitive, failed: &failed, key: key, rest: rest))
            case .oneOf(let alternatives):
                var found = false
                for alternative in alternatives {
                    var nestedFailed = Set<Int>()
                    let accepted = match(alternative, 0, text, textIndex, caseSensitive: caseSensitive, failed: &nestedFailed, key: 1) { end in
                        match(tokens, tokenIndex + 1, text, end, caseSensitive: caseSensitive, failed: &failed, key: key, rest: rest)
                    }
                    if accepted {
                        found = true
                        break
                    }
                }
                result = found
            }
        }
        if key == 0, !result { failed.insert(memoKey) }
        return result
    }
}
