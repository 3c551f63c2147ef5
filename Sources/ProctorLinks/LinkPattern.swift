import Foundation

/// A universal-link pattern: `*` matches any run of characters (none included), `?` exactly
/// one, and `$(name)` any of the strings a substitution variable stands for, each of which may
/// hold wildcards itself. Everything else matches itself, case-insensitively when the component
/// says so. (Apple, `applinks.Details.Components` and `applinks.SubstitutionVariables`.)
///
/// Matching runs the pattern as an automaton over the text (``matches(_:caseSensitive:)``), so
/// patterns full of `*`, in themselves or in a variable's values, cost pattern × text steps, not
/// exponential time (WWDC19 session 717 warns that pattern matching "has exponential
/// complexity" done naively), and no recursion.
package struct LinkPattern: Sendable {
    enum Token: Sendable, Equatable {
        case character(Character)
        case anyOne
        case anyRun
        /// The alternatives of a substitution variable, each a pattern of its own.
        case oneOf([[Token]])
    }

    let tokens: [Token]
    /// `$(name)` references that name no variable: the pattern can never match where one is.
    package let undefinedVariables: [String]

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
    package init(_ pattern: String, variables: [String: [String]] = [:]) {
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

    /// How long a pattern and a text may be together: matching costs pattern × text steps, and
    /// real patterns and URL components are a few hundred characters; longer ones do not match.
    static let maximumLength = 10_000

    /// Whether the whole of `text` matches.
    ///
    /// The pattern is run as an automaton over the text: the set of text positions reached so
    /// far goes through each token in turn (a character or `?` moves each position one on, `*`
    /// reaches every position from the first, a variable the union of its values' runs). No
    /// recursion, no backtracking: tokens × text steps and one row of memory, whatever the `*`s
    /// in a pattern or in a variable's values.
    package func matches(_ text: String, caseSensitive: Bool) -> Bool {
        let characters = Array(caseSensitive ? text : text.lowercased())
        let variableLength = tokens.reduce(0) { total, token in
            if case .oneOf(let alternatives) = token { return total + alternatives.reduce(0) { $0 + $1.count } }
            return total + 1
        }
        guard characters.count + variableLength <= Self.maximumLength else { return false }
        var reached = [Bool](repeating: false, count: characters.count + 1)
        reached[0] = true
        reached = Self.run(tokens, from: reached, over: characters, caseSensitive: caseSensitive)
        return reached[characters.count]
    }

    /// The positions reachable after `tokens`, from the positions `start` marks.
    private static func run(_ tokens: [Token], from start: [Bool], over text: [Character], caseSensitive: Bool) -> [Bool] {
        var reached = start
        for token in tokens {
            var next = [Bool](repeating: false, count: reached.count)
            switch token {
            case .character(let expected):
                let wanted = caseSensitive ? expected : Character(String(expected).lowercased())
                for index in 0..<text.count where reached[index] && text[index] == wanted { next[index + 1] = true }
            case .anyOne:
                for index in 0..<text.count where reached[index] { next[index + 1] = true }
            case .anyRun:
                if let first = reached.firstIndex(of: true) {
                    for index in first..<next.count { next[index] = true }
                }
            case .oneOf(let alternatives):
                for alternative in alternatives {
                    let ends = run(alternative, from: reached, over: text, caseSensitive: caseSensitive)
                    for index in ends.indices where ends[index] { next[index] = true }
                }
            }
            guard next.contains(true) else { return next }
            reached = next
        }
        return reached
    }
}
