import SwiftParser
import SwiftSyntax
import Testing

@testable import ProctorScan

/// The scan's own line table places every token where swift-syntax's converter does, with LF,
/// CR LF and CR line ends and characters of several bytes.
@Suite("Source scan: lines")
struct SourceLinesTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func tokensAreWhereSwiftSyntaxPutsThem(lineEnd: String) {
        let text = ["// café ☕️", "let a = \"é\" + \"x\"", "", "func f() {", "\tlet 名前 = a  // ends", "}", ""].joined(separator: lineEnd)
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "A.swift", tree: tree)
        let lines = SourceLines(path: "A.swift", text: text)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let expected = token.startLocation(converter: converter)
            let found = lines.location(of: token)
            #expect(
                found.line == expected.line && found.column == expected.column, "\(token.text): \(found) against \(expected.line):\(expected.column)")
        }
    }

    /// The edges of the search for line ends: no text, no final line end, line ends first or
    /// only, and line ends of both kinds in one file. Every offset, the end included, is placed
    /// as swift-syntax places it.
    @Test(arguments: ["", "let a = 1", "\n\n\nlet a = 1", "\n", "\r", "\r\n", "let a = 1\r\nlet b = 2\nlet c = 3\rlet d = 4", "é\n\n"])
    func everyOffsetIsWhereSwiftSyntaxPutsIt(text: String) {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "A.swift", tree: tree)
        let lines = SourceLines(path: "A.swift", text: text)
        for offset in 0...text.utf8.count {
            let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
            let found = lines.location(ofOffset: offset)
            #expect(
                found.line == expected.line && found.column == expected.column,
                "offset \(offset): \(found) against \(expected.line):\(expected.column)")
        }
    }
}
