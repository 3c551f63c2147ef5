import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// swift-syntax's parser takes time exponential in how deep `[` nest (a fuzzer's file with 34
/// levels did not finish): such a file is refused before parsing, located, and nothing else is.
@Suite("Source scan: brackets nested too deep")
struct BracketNestingTests {
    private func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels) }

    @Test func theLimitIsAllowedAndOneMoreIsNot() {
        #expect(BracketNesting.firstTooDeep(in: "let m = \(nested(16))\n") == nil)
        // The 17th `[` is where the limit is passed.
        #expect(BracketNesting.firstTooDeep(in: "let m = \(nested(17))\n") == 8 + 16)
        // Depth, not count: a long matrix literal nests two levels.
        let matrix = "let m = [" + Array(repeating: "[1, 2]", count: 500).joined(separator: ", ") + "]"
        #expect(BracketNesting.firstTooDeep(in: matrix) == nil)
        // Commas and tuples do not stop the parser's lookahead, so they do not stop the count.
        #expect(BracketNesting.firstTooDeep(in: "let a = " + String(repeating: "[(a, ", count: 17)) != nil)
    }

    /// The parser does not see brackets in comments or string text; it sees those in an
    /// interpolation. A `]` the parser does not see must not lower the depth either.
    @Test(arguments: [
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
        // ...and their brackets are not the parser's.
        (Array(repeating: "let r = #/\\[/#", count: 17).joined(separator: "\n"), false),
        (Array(repeating: "let r = /[a-z]+/", count: 17).joined(separator: "\n"), false),
        (Array(repeating: "func `case [1`() {}", count: 17).joined(separator: "\n"), false),
        ("let half = total / 2; let a = " + String(repeating: "[", count: 17), true),
    ] as [(String, Bool)])
    func onlyWhatTheParserSeesIsCounted(_ text: String, _ tooDeep: Bool) {
        #expect((BracketNesting.firstTooDeep(in: text) != nil) == tooDeep, "\(text)")
    }

    /// The file is an input error where the limit is passed; the other files are still scanned.
    @Test func aFileNestedTooDeepIsRefusedAndTheOthersAreScanned() {
        let deep = "func f() {\n    let activity = NSUserActivity(activityType: \"com.x.a\")\n    activity.isEligibleForSearch = " + String(repeating: "[", count: 34) + " true\n}\n"
        let other = "func g() {\n    let activity = NSUserActivity(activityType: \"com.x.b\")\n}\n"
        let result = SourceScanner.scan(
            [.init(path: "Deep.swift", text: deep), .init(path: "Other.swift", text: other)], appInfo: nil, options: LintOptions(now: Date(timeIntervalSince1970: 0), parallel: false)
        ).result
        let deepFile = result.files.first { $0.path == "Deep.swift" }
        #expect(deepFile?.inputErrors.map { "\($0.code.rawValue) \($0.location.line ?? 0):\($0.location.column ?? 0)" } == ["swift_brackets_too_deep 3:52"])
        #expect(deepFile?.findings.isEmpty == true)
        #expect(result.files.first { $0.path == "Other.swift" }?.findings.map { "\($0.ruleID)" } == ["source_donation_made_current"])
    }
}
