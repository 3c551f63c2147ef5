import Foundation
import Testing

@testable import ProctorJSON

/// Large documents are built from the text (`TextTreeBuilder`) instead of from json-c's tree:
/// the two paths must give the same tree, offsets included, or the same error.
@Suite("The tree built from the text")
struct TextTreeBuilderTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Parses `bytes` both ways and records any difference; returns json-c's result.
    @discardableResult
    private func bothPaths(_ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> Result<JSONNode, JSONInputError> {
        let source = SourceText(bytes: bytes)
        let converted = JSONDocumentParser(largeDocumentBytes: .max).parse(source)
        let built = JSONDocumentParser(largeDocumentBytes: 0).parse(source)
        switch (converted, built) {
        case (.success(let left), .success(let right)):
            #expect(left.isIdentical(to: right), "trees differ: \(label)", sourceLocation: sourceLocation)
        case (.failure(let left), .failure(let right)):
            #expect(left == right, "errors differ: \(label)", sourceLocation: sourceLocation)
        default:
            Issue.record("one path failed, the other did not: \(label): \(converted) against \(built)", sourceLocation: sourceLocation)
        }
        return converted
    }

    @Test func numbersAreJSONCs() {
        let numbers = [
            "0", "-0", "-0.0", "0.0", "1", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "18446744073709551615", "0.1", "1e2", "1E+2", "1e-2", "-1.5e-300", "1.7976931348623157e308", "4.9e-324",
            "2.2250738585072011e-308", "1e-400", "123456789012345678901234567890.5", "0.30000000000000004",
            "9007199254740993.0", "1e400", "-1e400", String(repeating: "1", count: 400) + ".0",
        ]
        for number in numbers {
            bothPaths(Array(number.utf8), number)
            bothPaths(Array("[\(number)]".utf8), "[\(number)]")
            bothPaths(Array("{\"a\": [1, {\"b\": \(number)}]}".utf8), "nested \(number)")
            bothPaths(Array("\(number)\r\n".utf8), "\(number) before a line end")
        }
    }

    @Test func aNonFiniteNumberNamesItsPointer() {
        guard case .failure(let error) = bothPaths(Array(#"{"a": [1, {"b~/": 1e999}]}"#.utf8), "pointer") else {
            Issue.record("1e999 was accepted")
            return
        }
        #expect(error.code == .nonFiniteNumber)
        #expect(error.pointer.description == "/a/1/b~0~1")
    }

    @Test func stringsAndKeysAreJSONCs() {
        let texts = [
            #""""#, #""plain""#, #""tab\tquote\"slash\/back\\""#, #""\u0000 in a value""#, #""\uD83D\uDE00 and é, 日本""#,
            #""\b\f\n\r""#, #"{"":1, "a\u00e9": 2, "a_key_longer_than_fifteen_bytes": 3, "a_key_longer_than_fifteen\n": 4}"#,
            #"{"k": "v", "k2": {"k": ["v", "w"]}}"#, "[]", "{}", "[[], {}, [[]]]", "true", "false", "null",
            "[true, false, null]", " \t\r\n[ 1 , 2 ]\n ", "\u{FEFF}{\"bom\": 1}",
        ]
        for text in texts { bothPaths(Array(text.utf8), text) }
    }

    @Test func errorsAreTheScanners() {
        for text in ["", "[1,]", "{\"a\": 1, \"a\": 2}", "[1e", "'a'", "[NaN]", "{\"a\":", "[1] 2", "\"\\ud800\""] {
            bothPaths(Array(text.utf8), text)
        }
    }

    @Test func deepNesting() {
        let depth = JSONLimits.standard.maximumDepth
        bothPaths(Array((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8), "at the limit")
        bothPaths(Array((String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)).utf8), "past it")
    }

    /// Every JSON file of the corpus, and every string in them that holds a JSON text (the
    /// conformance vectors of hostile and damaged JSON keep theirs as strings), as the fuzz seeds
    /// are made from them (scripts/fuzz_seeds.py).
    @Test func theCorpusIsJSONCs() throws {
        var files = 0
        var texts = 0
        for folder in ["Conformance", "Scenarios", "Tests/Fuzz/regressions"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk {
                guard let data = FileManager.default.contents(atPath: url.path), !url.hasDirectoryPath else { continue }
                let bytes = [UInt8](data)
                files += 1
                guard case .success(let tree) = bothPaths(bytes, url.path) else { continue }
                forEachString(tree) { text in
                    guard let first = text.utf8.first(where: { $0 != 0x20 }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return }
                    texts += 1
                    bothPaths(Array(text.utf8), "a string in \(url.path)")
                }
            }
        }
        #expect(files > 100)
        #expect(texts > 100)
    }

    /// A large document goes the builder's way, with the JSON Lines of one.
    @Test func largeDocumentsAndLines() {
        var text = "["
        for index in 0..<60_000 { text += (index == 0 ? "" : ",\n") + #"{"n": \#(index), "d": \#(Double(index) / 7), "s": "é\#(index)"}"# }
        text += "]"
        let bytes = Array(text.utf8)
        #expect(bytes.count >= JSONDocumentParser.defaultLargeDocumentBytes)
        bothPaths(bytes, "large")
        let lines = Array(text.dropFirst().dropLast().replacingOccurrences(of: ",\n", with: "\n").utf8)
        let source = SourceText(bytes: lines)
        var converted: [JSONReader.Line] = []
        JSONDocumentParser(largeDocumentBytes: .max).forEachLine(source) { converted.append($0) }
        var built: [JSONReader.Line] = []
        JSONDocumentParser(largeDocumentBytes: 0).forEachLine(source) { built.append($0) }
        #expect(converted.count == 60_000 && built.count == 60_000)
        for (left, right) in zip(converted, built) {
            guard case .success(let a) = left.result, case .success(let b) = right.result, left.number == right.number, a.isIdentical(to: b) else {
                Issue.record("line \(left.number) differs")
                return
            }
        }
    }

    private func forEachString(_ node: JSONNode, _ body: (String) -> Void) {
        switch node.value {
        case .string(let text): body(text)
        case .array(let elements): for element in elements { forEachString(element, body) }
        case .object(let object): for member in object.members { forEachString(member.value, body) }
        default: break
        }
    }
}

/// A large file of small values is mostly nodes, so their size is the size of its tree.
@Suite("The size of a node")
struct JSONNodeLayoutTests {
    @Test func offsetsTakeThirtyTwoBits() {
        #expect(MemoryLayout<JSONNode>.stride == 24)
        #expect(MemoryLayout<JSONObject.Member>.stride == 48)
    }

    @Test func offsetsPastFourGigabytesAreClampedNotTrapped() {
        var node = JSONNode(.null, offset: Int(UInt32.max) + 10)
        #expect(node.offset == Int(UInt32.max))
        node.offset = 12
        #expect(node.offset == 12)
    }
}
