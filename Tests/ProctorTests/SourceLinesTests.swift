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
            #expect(found.line == expected.line && found.column == expected.column, "\(token.text): \(found) against \(expected.line):\(expected.column)")
        }
    }
}
