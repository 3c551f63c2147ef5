import ProctorJSON
import Testing

@Suite("Duplicate keys")
struct DuplicateKeyTests {
    /// Reports the second occurrence, at its opening quote.
    private func duplicate(_ text: String) throws -> (JSONInputError, SourcePosition) {
        let source = SourceText(bytes: Array(text.utf8))
        guard case .failure(let error) = JSONReader.parse(source) else {
            Issue.record("duplicate key accepted in \(text)")
            throw CancellationError()
        }
        #expect(error.code == .duplicateKey, "\(error)")
        return (error, source.position(ofOffset: error.offset))
    }

    @Test func reportedAtTheSecondKey() throws {
        let (error, position) = try duplicate("{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}")
        #expect(position == SourcePosition(line: 4, column: 3))
        #expect(error.message.contains("'a'"))
    }

    @Test func nestedDuplicateIsReportedInsideItsObject() throws {
        let (error, position) = try duplicate(#"{"a": 1, "b": {"c": 1, "c": 2}}"#)
        #expect(position.column == 24)
        #expect(error.pointer.description == "/b/c")
    }

    /// The pointer is that of the second member, like every other error, which points at the
    /// value being read (Conformance/input/json-errors.json).
    @Test func pointerNamesTheDuplicatedMember() throws {
        let (rootError, _) = try duplicate(#"{"a": 1, "a": 2}"#)
        #expect(rootError.pointer.description == "/a")
        let (nestedError, position) = try duplicate(#"{"b": [{"c": 1, "c": 2}]}"#)
        #expect(nestedError.pointer.description == "/b/0/c")
        #expect(position.column == 17)
        let (escapedError, _) = try duplicate(#"{"x/y": 1, "x\/y": 2}"#)
        #expect(escapedError.pointer.description == "/x~1y", "the pointer holds the decoded key, escaped for RFC 6901")
        let keys = (0..<20).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        let (largeError, _) = try duplicate("{\"o\": {" + keys + #", "k\u0031": 1}}"#)
        #expect(largeError.pointer.description == "/o/k1")
    }

    @Test func sameKeyInSiblingObjectsIsFine() throws {
        let node = try parse(#"[{"a": 1}, {"a": 2}, {"a": {"a": {"a": 3}}}]"#).get()
        #expect(elements(node)?.count == 3)
    }

    @Test func escapedAndPlainSpellingsAreTheSameKey() throws {
        let (_, position) = try duplicate(#"{"a": 1, "\u0061": 2}"#)
        #expect(position.column == 10)
        _ = try duplicate(#"{"\/": 1, "/": 2}"#)
        _ = try duplicate(#"{"é": 1, "\u00e9": 2}"#)
        _ = try duplicate(#"{"😀": 1, "\ud83d\ude00": 2}"#)
    }

    @Test func keysDifferingOnlyInEscapesThatDecodeDifferentlyAreDistinct() throws {
        let node = try parse(#"{"a": 1, "\u0041": 2, "\n": 3, "n": 4}"#).get()
        #expect(members(node)?.map(\.key) == ["a", "A", "\n", "n"])
    }

    /// Objects with more than 16 keys switch to a set of decoded keys.
    @Test(arguments: [0, 3, 15, 16, 17, 30])
    func largeObject(duplicating index: Int) throws {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        let text = "{" + keys.joined(separator: ", ") + ", \"k\(index)\": -1}"
        let (error, _) = try duplicate(text)
        #expect(error.offset == text.utf8.count - "\"k\(index)\": -1}".utf8.count)
        #expect(error.message.contains("'k\(index)'"))
    }

    @Test(arguments: [2, 16, 17, 25])
    func largeObjectWithEscapedDuplicate(keyCount: Int) throws {
        let keys = (0..<keyCount).map { "\"k\($0)\": \($0)" }
        _ = try duplicate("{" + keys.joined(separator: ", ") + #", "\u006b1": 0}"#)
        _ = try duplicate("{" + keys.joined(separator: ", ") + #", "k\u0031": 0}"#)
    }

    @Test func largeObjectsWithoutDuplicatesKeepEveryMemberInOrder() throws {
        let keys = (0..<100).map { "k\($0)" }
        // Nested large objects exercise the per-object key sets.
        let inner = "{" + keys.map { "\"\($0)\": true" }.joined(separator: ",") + "}"
        let text = "{" + keys.map { "\"\($0)\": \(inner)" }.joined(separator: ",") + "}"
        let node = try parse(text).get()
        let outer = try #require(members(node))
        #expect(outer.map(\.key) == keys)
        #expect(outer.allSatisfy { members($0.value)?.map(\.key) == keys })
    }

    @Test func duplicateAfterANestedLargeObjectIsStillFound() throws {
        let inner = "{" + (0..<20).map { "\"x\($0)\": 0" }.joined(separator: ",") + "}"
        _ = try duplicate(#"{"a": "# + inner + #", "b": 1, "a": 2}"#)
        // The inner keys do not leak into the outer object.
        let node = try parse(#"{"a": "# + inner + #", "x1": 2}"#).get()
        #expect(members(node)?.map(\.key) == ["a", "x1"])
    }
}

@Suite("JSON reader")
struct JSONReaderTests {
    // MARK: - Numbers

    @Test func integersAtTheEdgesOf64BitsAreExact() throws {
        let node = try parse("[18446744073709551615, -9223372036854775808, 9223372036854775807, 9223372036854775808, -0, 0, 1.5, -2.5e-3, 1E2]").get()
        let values = try #require(elements(node)).map(\.value)
        #expect(values.count == 9)
        guard case .unsignedInteger(let max) = values[0] else {
            Issue.record("\(values[0])")
            return
        }
        #expect(max == UInt64.max)
        guard case .integer(let min) = values[1] else {
            Issue.record("\(values[1])")
            return
        }
        #expect(min == Int64.min)
        guard case .integer(let signedMax) = values[2] else {
            Issue.record("\(values[2])")
            return
        }
        #expect(signedMax == Int64.max)
        guard case .unsignedInteger(let above) = values[3] else {
            Issue.record("\(values[3])")
            return
        }
        #expect(above == UInt64(Int64.max) + 1)
        guard case .integer(let zero) = values[4] else {
            Issue.record("\(values[4])")
            return
        }
        #expect(zero == 0)
        guard case .double(let fraction) = values[6], case .double(let small) = values[7], case .double(let hundred) = values[8] else {
            Issue.record("\(values)")
            return
        }
        #expect(fraction == 1.5)
        #expect(small == -0.0025)
        #expect(hundred == 100)
    }

    @Test func largestFiniteDoubleAndUnderflowAreAccepted() throws {
        let node = try parse("[1.7976931348623157e308, 1e-400, 4.9e-324]").get()
        let values = try #require(elements(node)).map(\.value)
        guard case .double(let big) = values[0], case .double(let tiny) = values[1] else {
            Issue.record("\(values)")
            return
        }
        #expect(big == Double.greatestFiniteMagnitude)
        #expect(tiny == 0)
    }

    // MARK: - Offsets, lines and columns

    @Test func offsetsPointAtEachValueAndKey() throws {
        let text = "{\n  \"a\": [true, null],\n  \"b\": \"x\"\n}"
        let source = SourceText(bytes: Array(text.utf8))
        let node = try JSONReader.parse(source).get()
        #expect(node.offset == 0)
        let object = try #require(members(node))
        #expect(source.position(ofOffset: object[0].keyOffset) == SourcePosition(line: 2, column: 3))
        #expect(source.position(ofOffset: object[0].value.offset) == SourcePosition(line: 2, column: 8))
        let array = try #require(elements(object[0].value))
        #expect(source.position(ofOffset: array[1].offset) == SourcePosition(line: 2, column: 15))
        #expect(source.position(ofOffset: object[1].value.offset) == SourcePosition(line: 3, column: 8))
    }

    @Test func byteOrderMarkIsSkippedAndNotCountedInFirstLineColumns() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let source = SourceText(bytes: bom + Array(#"{"a": x}"#.utf8))
        #expect(source.byteOrderMarkLength == 3)
        guard case .failure(let error) = JSONReader.parse(source) else {
            Issue.record("accepted")
            return
        }
        #expect(error.code == .syntax)
        #expect(error.offset == 9, "offsets still count the byte-order mark")
        #expect(source.position(ofOffset: error.offset) == SourcePosition(line: 1, column: 7))

        let valid = SourceText(bytes: bom + Array("{\"a\": 1,\n\"b\": 2}".utf8))
        let node = try JSONReader.parse(valid).get()
        #expect(node.offset == 3)
        #expect(valid.position(ofOffset: node.offset) == SourcePosition(line: 1, column: 1))
        let object = try #require(members(node))
        // Second line: the byte-order mark plays no part.
        #expect(valid.position(ofOffset: object[1].keyOffset) == SourcePosition(line: 2, column: 1))
    }

    @Test func byteOrderMarkIsOnlySkippedAtTheStart() {
        guard case .failure(let error) = parse(bytes: Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8)) else {
            Issue.record("a byte-order mark inside the document was accepted")
            return
        }
        #expect(error.code == .syntax)
        #expect(error.offset == 3)
    }

    @Test func columnsCountUnicodeScalarsNotBytes() {
        // é is 2 bytes, € 3 and 😀 4: `x` is byte 20 of line 2 but its 14th scalar.
        let text = "{\"k\": 1,\n\"v\": [\"é€😀\", x]}"
        let source = SourceText(bytes: Array(text.utf8))
        guard case .failure(let error) = JSONReader.parse(source) else {
            Issue.record("accepted")
            return
        }
        #expect(error.code == .syntax)
        #expect(source.position(ofOffset: error.offset) == SourcePosition(line: 2, column: 14))
        // The same line with ASCII letters instead: the column does not change.
        let ascii = SourceText(bytes: Array("{\"k\": 1,\n\"v\": [\"abc\", x]}".utf8))
        guard case .failure(let asciiError) = JSONReader.parse(ascii) else { return }
        #expect(ascii.position(ofOffset: asciiError.offset).column == 14)
    }

    @Test func positionsAtAndPastLineEnds() {
        let source = SourceText(bytes: Array("ab\r\ncd\n".utf8))
        #expect(source.lineStarts == [0, 4, 7])
        #expect(source.position(ofOffset: 0) == SourcePosition(line: 1, column: 1))
        #expect(source.position(ofOffset: 3) == SourcePosition(line: 1, column: 4))
        #expect(source.position(ofOffset: 4) == SourcePosition(line: 2, column: 1))
        #expect(source.position(ofOffset: 7) == SourcePosition(line: 3, column: 1))
        #expect(source.position(ofOffset: 999) == SourcePosition(line: 3, column: 1))
        #expect(source.position(ofOffset: -5) == SourcePosition(line: 1, column: 1))
    }

    // MARK: - Strings and keys

    /// json-c ends keys at U+0000, so such keys are refused rather than merged with another key.
    @Test(arguments: [
        (#"{"a\u0000b": 1}"#, 4, ""),
        (#"{"x": {"ok": 1, "a\u0000b": 1, "a\u0000c": 2}}"#, 19, "/x"),
        (#"[{"": 1, "\u0000": 2}]"#, 11, "/0"),
    ])
    func keysContainingNULAreRefused(text: String, column: Int, pointer: String) {
        let source = SourceText(bytes: Array(text.utf8))
        guard case .failure(let error) = JSONReader.parse(source) else {
            Issue.record("a key containing \\u0000 was accepted")
            return
        }
        #expect(error.code == .unsupportedKey)
        #expect(source.position(ofOffset: error.offset) == SourcePosition(line: 1, column: column))
        #expect(error.pointer.description == pointer)
    }

    @Test func stringValuesContainingNULSurvive() throws {
        let node = try parse(#"{"c": "x\u0000y", "d": ["\u0000"]}"#).get()
        let object = try #require(members(node))
        #expect(object.map(\.key) == ["c", "d"])
        guard case .string(let text) = object[0].value.value else {
            Issue.record("\(object[0].value.value)")
            return
        }
        #expect(text == "x\u{0}y")
        #expect(text.utf8.count == 3)
        guard case .string(let nul)? = elements(object[1].value)?.first?.value else {
            Issue.record("\(object[1].value.value)")
            return
        }
        #expect(nul == "\u{0}")
    }

    @Test func escapesDecode() throws {
        let node = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC\ud83d\ude00", "é€😀"]"#).get()
        let values = try #require(elements(node)).map(\.value)
        guard case .string(let escapes) = values[0], case .string(let unicode) = values[1], case .string(let raw) = values[2] else {
            Issue.record("\(values)")
            return
        }
        #expect(escapes == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(unicode == "é€😀")
        #expect(raw == unicode)
    }

    // MARK: - JSON Lines

    @Test func jsonLinesHaveTrueLineNumbersAndSkipBlankLines() throws {
        let text = "{\"a\": 1}\r\n\r\n   \t\n{\"b\": 2}\r\n[1,]\r\n{\"c\": 3}"
        let source = SourceText(bytes: Array(text.utf8))
        let lines = JSONReader.parseLines(source)
        #expect(lines.map(\.number) == [1, 4, 5, 6])
        guard lines.count == 4 else { return }
        #expect(throws: Never.self) { try lines[0].result.get() }
        #expect(throws: Never.self) { try lines[1].result.get() }
        #expect(throws: Never.self) { try lines[3].result.get() }
        guard case .failure(let error) = lines[2].result else {
            Issue.record("line 5 is not valid JSON")
            return
        }
        #expect(error.code == .trailingComma)
        #expect(source.position(ofOffset: error.offset) == SourcePosition(line: 5, column: 3))
        // Offsets are offsets in the whole file.
        let fourth = try lines[1].result.get()
        #expect(source.position(ofOffset: fourth.offset) == SourcePosition(line: 4, column: 1))
        let sixth = try lines[3].result.get()
        let member = try #require(members(sixth)?.first)
        #expect(source.position(ofOffset: member.value.offset) == SourcePosition(line: 6, column: 7))
    }

    @Test func jsonLinesKeepGoingAfterBadLines() {
        let text = "{\"a\": 1, \"a\": 2}\n'x'\n[1]\n{\"b\": \n{}\n"
        let lines = JSONReader.parseLines(SourceText(bytes: Array(text.utf8)))
        #expect(lines.map(\.number) == [1, 2, 3, 4, 5])
        let codes = lines.map { line -> String in
            switch line.result {
            case .success: "ok"
            case .failure(let error): error.code.rawValue
            }
        }
        #expect(codes == ["json_duplicate_key", "json_single_quote", "ok", "json_truncated", "ok"])
    }

    @Test func jsonLinesWithAByteOrderMarkAndCRLF() throws {
        let source = SourceText(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": x}\r\n{\"b\": 1}\r\n".utf8))
        let lines = JSONReader.parseLines(source)
        #expect(lines.map(\.number) == [1, 2])
        guard lines.count == 2, case .failure(let error) = lines[0].result else {
            Issue.record("expected an error on line 1")
            return
        }
        #expect(source.position(ofOffset: error.offset) == SourcePosition(line: 1, column: 7))
        #expect(throws: Never.self) { try lines[1].result.get() }
    }

    @Test func jsonLinesOfOnlyBlankLinesAreEmpty() {
        #expect(JSONReader.parseLines(SourceText(bytes: Array("\n\r\n  \n".utf8))).isEmpty)
        #expect(JSONReader.parseLines(SourceText(bytes: [])).isEmpty)
    }

    @Test func aValueSplitOverTwoLinesIsTwoErrors() {
        let lines = JSONReader.parseLines(SourceText(bytes: Array("{\"a\":\n1}\n".utf8)))
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { if case .failure = $0.result { true } else { false } })
    }

    @Test func eachLineHasItsOwnDepthBudget() {
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        let lines = JSONReader.parseLines(SourceText(bytes: Array((deep + "\n" + deep + "\n").utf8)))
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { if case .success = $0.result { true } else { false } })
    }
}
