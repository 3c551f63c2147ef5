import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// swift-syntax's parser takes time exponential in how deep `[` nest (a fuzzer's file with 34
/// levels did not finish), and time cubic in how many brackets of any kind are left open (700
/// unclosed interpolations took 76 s): such a file is refused before parsing, located, and
/// nothing else is.
@Suite("Source scan: brackets nested too deep")
struct BracketNestingTests {
    private func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels) }
    private func tooDeep(_ text: String) -> BracketNesting.Limit? { BracketNesting.firstRefusal(in: text)?.limit }

    @Test func theLimitIsAllowedAndOneMoreIsNot() {
        #expect(BracketNesting.firstRefusal(in: "let m = \(nested(16))\n") == nil)
        // The 17th `[` is where the limit is passed.
        #expect(BracketNesting.firstRefusal(in: "let m = \(nested(17))\n") == .init(offset: 8 + 16, limit: .squareBrackets))
        // Depth, not count: a long matrix literal nests two levels.
        let matrix = "let m = [" + Array(repeating: "[1, 2]", count: 500).joined(separator: ", ") + "]"
        #expect(BracketNesting.firstRefusal(in: matrix) == nil)
        // Commas and tuples do not stop the parser's lookahead, so they do not stop the count.
        #expect(tooDeep("let a = " + String(repeating: "[(a, ", count: 17)) == .squareBrackets)
    }

    /// Brackets of every kind count together, open at once: the limit is allowed, one more is
    /// refused where it opens, and closing them all lets the count start again.
    @Test func openBracketsOfEveryKindCountTogether() {
        let limit = BracketNesting.openBracketLimit
        let parentheses = "let x = " + String(repeating: "f(", count: limit) + "1" + String(repeating: ")", count: limit) + "\n"
        #expect(BracketNesting.firstRefusal(in: parentheses + parentheses) == nil)
        let unclosed = "let x = " + String(repeating: "f(", count: limit + 1)
        #expect(BracketNesting.firstRefusal(in: unclosed) == .init(offset: 8 + 2 * limit + 1, limit: .openBrackets))
        // Closures and parentheses mixed, with arrays closed inside them.
        let mixed = "let x = " + String(repeating: "f({ [a] ", count: limit / 2 + 1)
        #expect(tooDeep(mixed) == .openBrackets)
        #expect(tooDeep(String(repeating: "func a() { ", count: limit + 1)) == .openBrackets)
        // An interpolation's `\(` is a parenthesis, in a string or in the code of another.
        #expect(tooDeep("let s = \"a" + String(repeating: "\\(", count: limit + 1)) == .openBrackets)
        #expect(tooDeep("let s = " + String(repeating: "\"\\(", count: limit + 1)) == .openBrackets)
        #expect(tooDeep("let s = \"" + String(repeating: "\\(f(", count: limit / 2 + 1)) == .openBrackets)
        let interpolations = "let s = " + String(repeating: "\"\\(", count: limit) + "1" + String(repeating: ")\"", count: limit)
        #expect(BracketNesting.firstRefusal(in: interpolations + "\n" + interpolations) == nil)
    }

    /// A chain of `<` that may each open generic arguments (`a < b < c`) has its own limit; a
    /// `>` closes one, and what no generic argument list holds (`;`, `=`, `{`, an arithmetic
    /// operator, the closer of a bracket around it) ends the chain. `<<`, `<=` and `..<` are no
    /// such `<`.
    @Test func chainsOfLessThanHaveTheirOwnLimit() {
        let limit = BracketNesting.angleBracketLimit
        #expect(tooDeep("let x = " + String(repeating: "a < ", count: limit) + "b\n") == nil)
        #expect(
            BracketNesting.firstRefusal(in: "let x = " + String(repeating: "a < ", count: limit + 1) + "b\n")
                == .init(offset: 8 + 4 * limit + 2, limit: .angleBrackets))
        #expect(tooDeep("let x: " + String(repeating: "A<", count: limit + 1)) == .angleBrackets)
        #expect(tooDeep("let x: " + String(repeating: "A<", count: limit) + "B" + String(repeating: ">", count: limit) + "\n") == nil)
        let typesAndComparisons =
            "let d: Dictionary<String, Array<Set<Int>>> = [:]\nif a<b { }\nlet m = (c < d, e < f)\nfor i in 0..<n where i <= 2 && i << 1 < 4 { }\n"
        #expect(tooDeep(String(repeating: typesAndComparisons, count: 100)) == nil)
        #expect(tooDeep(String(repeating: "x = a < b; ", count: 100)) == nil)
        #expect(tooDeep(String(repeating: "a < b + ", count: 100)) == nil)
        #expect(tooDeep("let flags = [" + String(repeating: "1 << 2, ", count: 100) + "]") == nil)
    }

    /// A closer closes only the innermost opener, and only one of its own kind: one that does not
    /// match leaves the openers open, as the parser's recovery leaves them.
    @Test(
        arguments: [
            (String(repeating: "(]", count: 65), true),
            (String(repeating: "{)", count: 65), true),
            (String(repeating: "(}", count: 65), true),
            (String(repeating: "(\n", count: 65), true),
            // A one-line string ends at its line, and its interpolations with it: what they left
            // open stays open, and the `)` after it is code again.
            (String(repeating: "\"\\(\n", count: 65), true),
            ("let s = \"\\(\n)" + String(repeating: "(", count: 65), true),
            // In a string of several lines, an interpolation goes on past the line's end.
            ("let s = \"\"\"\n\\(\n1)" + String(repeating: "(", count: 65) + "\n\"\"\"", false),
            (String(repeating: "({[]})", count: 100), false),
        ] as [(String, Bool)])
    func onlyMatchingClosersClose(_ text: String, _ refused: Bool) {
        #expect((BracketNesting.firstRefusal(in: text) != nil) == refused, "\(text)")
    }

    /// The parser does not see brackets in comments or string text; it sees those in an
    /// interpolation. A `]` the parser does not see must not lower the depth either.
    @Test(
        arguments: [
            ("// " + String(repeating: "[", count: 40), false),
            ("/* " + String(repeating: "[", count: 40) + " /* nested */ still a comment */", false),
            ("let s = \"" + String(repeating: "[", count: 40) + "\"", false),
            ("let s = #\"\\(" + String(repeating: "[", count: 40) + "\"#", false),
            ("let s = \"\"\"\n" + String(repeating: "[", count: 40) + "\n\"\"\"", false),
            ("let s = \"\\(" + String(repeating: "[", count: 17) + "1" + String(repeating: "]", count: 17) + ")\"", true),
            (String(repeating: "[ /* ] */ ", count: 17), true),
            (String(repeating: "[ \"]\" ", count: 17), true),
            ("let s = \"http://example.com\"; let a = " + String(repeating: "[", count: 17), true),
            ("let s = \"/*\"; let a = " + String(repeating: "[", count: 17), true),
            ("let s = \"a \\\" b\"; let a = " + String(repeating: "[", count: 17), true),
            // Found by review: regex literals, identifiers in backticks, single quotes, a `\` at the
            // end of a one-line string and raw strings side by side must not hide code...
            ("let r = #/\"/#; let x = " + String(repeating: "[", count: 17), true),
            ("let r = #/\"\"\"/#\nlet x = " + String(repeating: "[", count: 17), true),
            ("let r = #/a/*/#\nlet x = " + String(repeating: "[", count: 17), true),
            ("let r = #/https://x/#; let x = " + String(repeating: "[", count: 17), true),
            ("let r = /\"/; let x = " + String(repeating: "[", count: 17), true),
            ("func `say \"hi`() {}; let x = " + String(repeating: "[", count: 17), true),
            ("let s = \"abc\\\nlet x = " + String(repeating: "[", count: 17), true),
            ("let c = '\"'; let x = " + String(repeating: "[", count: 17), true),
            ("let s = #\"a\"#\"b\" + " + String(repeating: "[", count: 17), true),
            // ...nor a `/` that the lexer reads as an operator: a `)` that closes no group in it
            // means it is no regex literal (swift-syntax's heuristic), so what follows is code.
            ("let r = /)" + String(repeating: "(", count: 65) + "/", true),
            ("let r = /)" + String(repeating: "[", count: 17) + "/", true),
            // ...and their brackets are not the parser's.
            (Array(repeating: "let r = #/\\[/#", count: 17).joined(separator: "\n"), false),
            (Array(repeating: "let r = /[a-z]+/", count: 17).joined(separator: "\n"), false),
            (Array(repeating: "let r = /(a|b)[(]/", count: 65).joined(separator: "\n"), false),
            (Array(repeating: "func `case [1`() {}", count: 17).joined(separator: "\n"), false),
            ("let half = total / 2; let a = " + String(repeating: "[", count: 17), true),
        ] as [(String, Bool)])
    func onlyWhatTheParserSeesIsCounted(_ text: String, _ tooDeep: Bool) {
        #expect((BracketNesting.firstRefusal(in: text) != nil) == tooDeep, "\(text)")
    }

    /// The file is an input error where the limit is passed, naming the limit; the other files
    /// are still scanned.
    @Test func aFileNestedTooDeepIsRefusedAndTheOthersAreScanned() {
        let deep =
            "func f() {\n    let activity = NSUserActivity(activityType: \"com.x.a\")\n    activity.isEligibleForSearch = "
            + String(repeating: "[", count: 34) + " true\n}\n"
        let open =
            "func f() {\n    let activity = NSUserActivity(activityType: \"com.x.c\")\n    activity.title = \""
            + String(repeating: "\\(f(", count: 700) + "\n}\n"
        let other = "func g() {\n    let activity = NSUserActivity(activityType: \"com.x.b\")\n}\n"
        let result = SourceScanner.scan(
            [.init(path: "Deep.swift", text: deep), .init(path: "Open.swift", text: open), .init(path: "Other.swift", text: other)], appInfo: nil,
            options: LintOptions(now: Date(timeIntervalSince1970: 0), parallel: false)
        ).result
        func errors(_ path: String) -> [String]? {
            result.files.first { $0.path == path }?.inputErrors.map { "\($0.code.rawValue) \($0.location.line ?? 0):\($0.location.column ?? 0)" }
        }
        #expect(errors("Deep.swift") == ["swift_brackets_too_deep 3:52"])
        // The 65th bracket open: `{` of the function, then 32 interpolations and 32 calls.
        #expect(errors("Open.swift") == ["swift_nesting_too_deep 3:\(23 + 4 * 31 + 3)"])
        #expect(result.files.first { $0.path == "Open.swift" }?.inputErrors.first?.message.contains("64") == true)
        #expect(result.files.first { $0.path == "Deep.swift" }?.findings.isEmpty == true)
        #expect(result.files.first { $0.path == "Other.swift" }?.findings.map { "\($0.ruleID)" } == ["source_donation_made_current"])
    }
}
