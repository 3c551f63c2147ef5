import ProctorJSON
import Testing

/// An input the strict reader must reject, and exactly where it must say the problem is.
struct RejectedInput: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var code: JSONInputError.Code
    var line: Int
    var column: Int
    var pointer: String

    init(_ name: String, _ text: String, _ code: JSONInputError.Code, line: Int = 1, column: Int, pointer: String) {
        self.init(name, bytes: Array(text.utf8), code, line: line, column: column, pointer: pointer)
    }

    init(_ name: String, bytes: [UInt8], _ code: JSONInputError.Code, line: Int = 1, column: Int, pointer: String) {
        self.name = name
        self.bytes = bytes
        self.code = code
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    var testDescription: String { "\(code.rawValue): \(name)" }
}

private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Every code the reader produces, each with inputs that trigger it. Positions are 1-based and
/// were worked out by hand from the bytes.
let rejectedInputs: [RejectedInput] = [
    // json_empty
    RejectedInput("empty document", "", .empty, column: 1, pointer: ""),
    RejectedInput("whitespace only", " \n\t\r\n ", .empty, line: 3, column: 2, pointer: ""),
    RejectedInput("byte-order mark only", bytes: [0xEF, 0xBB, 0xBF], .empty, column: 1, pointer: ""),

    // json_syntax
    RejectedInput("misspelt literal", #"{"a": tru}"#, .syntax, column: 7, pointer: "/a"),
    RejectedInput("missing colon", #"{"a" 1}"#, .syntax, column: 6, pointer: "/a"),
    RejectedInput("missing comma in an array", "[1 2]", .syntax, column: 4, pointer: "/0"),
    RejectedInput("leading zero", "[01]", .syntax, column: 2, pointer: "/0"),
    RejectedInput("capitalised literal", "[True]", .syntax, column: 2, pointer: "/0"),
    RejectedInput("unquoted key", "{a: 1}", .syntax, column: 2, pointer: ""),
    RejectedInput("fraction without digits", "[1.]", .syntax, column: 4, pointer: "/0"),

    // json_truncated
    RejectedInput("array cut off on line 3", "{\n  \"a\": [1,\n    2", .truncated, line: 3, column: 6, pointer: "/a/1"),
    RejectedInput("string cut off", #"["abc"#, .truncated, column: 6, pointer: "/0"),
    RejectedInput("key cut off", #"{"ab"#, .truncated, column: 5, pointer: ""),
    RejectedInput("value missing at the end", #"{"a":"#, .truncated, column: 6, pointer: "/a"),
    RejectedInput("unicode escape cut off", #""\u12"#, .truncated, column: 2, pointer: ""),

    // json_trailing_comma
    RejectedInput("trailing comma in an object", "{\n  \"a\": 1,\n}", .trailingComma, line: 2, column: 9, pointer: ""),
    RejectedInput("trailing comma in an array", "[1, 2, ]", .trailingComma, column: 6, pointer: "/1"),

    // json_trailing_content
    RejectedInput("two documents", "{} {}", .trailingContent, column: 4, pointer: ""),
    RejectedInput("garbage on the next line", "[1]\n]", .trailingContent, line: 2, column: 1, pointer: ""),

    // json_single_quote
    RejectedInput("single-quoted key", "{'a': 1}", .singleQuote, column: 2, pointer: ""),
    RejectedInput("single-quoted value", #"["x", 'y']"#, .singleQuote, column: 7, pointer: "/1"),

    // json_non_finite_number
    RejectedInput("NaN", #"{"a": NaN}"#, .nonFiniteNumber, column: 7, pointer: "/a"),
    RejectedInput("Infinity", "[Infinity]", .nonFiniteNumber, column: 2, pointer: "/0"),
    RejectedInput("-Infinity", "[1, -Infinity]", .nonFiniteNumber, column: 5, pointer: "/1"),
    RejectedInput("1e999 overflows a double", #"{"x": [1e999]}"#, .nonFiniteNumber, column: 8, pointer: "/x/0"),
    RejectedInput("-1e999 at the root", "-1e999", .nonFiniteNumber, column: 1, pointer: ""),

    // json_integer_overflow
    RejectedInput("UInt64.max + 1", #"{"n": 18446744073709551616}"#, .integerOverflow, column: 7, pointer: "/n"),
    RejectedInput("Int64.min - 1", "[-9223372036854775809]", .integerOverflow, column: 2, pointer: "/0"),
    RejectedInput("30 digits", "[1, 123456789012345678901234567890]", .integerOverflow, column: 5, pointer: "/1"),

    // json_lone_surrogate
    RejectedInput("lone high surrogate", #"{"s": "\ud800"}"#, .loneSurrogate, column: 8, pointer: "/s"),
    RejectedInput("lone low surrogate", #"["x\udc00"]"#, .loneSurrogate, column: 4, pointer: "/0"),
    RejectedInput("high surrogate followed by a non-surrogate escape", #""\ud800\u0041""#, .loneSurrogate, column: 2, pointer: ""),
    RejectedInput("high surrogate followed by a character", #"["\uD800x"]"#, .loneSurrogate, column: 3, pointer: "/0"),
    RejectedInput("lone surrogate in a key", #"{"\udc00": 1}"#, .loneSurrogate, column: 3, pointer: ""),

    // json_invalid_utf8
    RejectedInput("byte 0xFF", bytes: utf8("[\"") + [0xFF] + utf8("\"]"), .invalidUTF8, column: 3, pointer: "/0"),
    RejectedInput("overlong encoding of '/'", bytes: utf8("\"") + [0xC0, 0xAF] + utf8("\""), .invalidUTF8, column: 2, pointer: ""),
    RejectedInput("encoded surrogate", bytes: utf8("\"") + [0xED, 0xA0, 0x80] + utf8("\""), .invalidUTF8, column: 2, pointer: ""),
    RejectedInput("sequence cut short", bytes: utf8("[\"") + [0xE2, 0x82] + utf8("\"]"), .invalidUTF8, column: 3, pointer: "/0"),
    RejectedInput("lead byte above U+10FFFF", bytes: utf8("\"") + [0xF5, 0x80, 0x80, 0x80] + utf8("\""), .invalidUTF8, column: 2, pointer: ""),
    RejectedInput("after a valid two-byte character", bytes: utf8("{\"k\": \"é") + [0xFF] + utf8("\"}"), .invalidUTF8, column: 9, pointer: "/k"),

    // json_control_character
    RejectedInput("raw tab", "[\"a\tb\"]", .controlCharacter, column: 4, pointer: "/0"),
    RejectedInput("raw newline", "{\"a\": \"x\ny\"}", .controlCharacter, column: 9, pointer: "/a"),
    RejectedInput("raw NUL", bytes: utf8("\"") + [0x00] + utf8("\""), .controlCharacter, column: 2, pointer: ""),

    // json_invalid_escape
    RejectedInput("\\x", #"["\x"]"#, .invalidEscape, column: 3, pointer: "/0"),
    RejectedInput("\\u with a non-hex digit", #"{"s": "\u12G4"}"#, .invalidEscape, column: 8, pointer: "/s"),
    RejectedInput("\\U", #""\U0041""#, .invalidEscape, column: 2, pointer: ""),
    RejectedInput("escaped single quote", #""\'""#, .invalidEscape, column: 2, pointer: ""),

    // json_too_deep
    RejectedInput(
        "65 nested arrays", String(repeating: "[", count: 65) + String(repeating: "]", count: 65), .tooDeep, column: 65,
        pointer: String(repeating: "/0", count: 64)),
    RejectedInput(
        "65 nested objects", String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65), .tooDeep,
        column: 321, pointer: String(repeating: "/a", count: 64)),

    // json_unsupported_key
    RejectedInput("key containing \\u0000", #"{"ok": 1, "a\u0000": 2}"#, .unsupportedKey, column: 13, pointer: ""),
    RejectedInput("nested key of only \\u0000", "[1,\n {\"\\u0000\": 2}]", .unsupportedKey, line: 2, column: 4, pointer: "/1"),

    // json_duplicate_key
    RejectedInput("duplicate key", #"{"a": 1, "a": 2}"#, .duplicateKey, column: 10, pointer: "/a"),
    RejectedInput("duplicate key on its own line", "{\n  \"b\": [],\n  \"b\": {}\n}", .duplicateKey, line: 3, column: 3, pointer: "/b"),
]

@Suite("JSON input errors")
struct JSONInputErrorTests {
    @Test(arguments: rejectedInputs)
    func rejected(_ input: RejectedInput) throws {
        let source = SourceText(bytes: input.bytes)
        let result = JSONReader.parse(source)
        guard case .failure(let error) = result else {
            Issue.record("expected \(input.code.rawValue), but the input parsed")
            return
        }
        #expect(error.code == input.code, "\(error)")
        let position = source.position(ofOffset: error.offset)
        #expect(position.line == input.line, "line of: \(error)")
        #expect(position.column == input.column, "column of: \(error)")
        #expect(error.pointer.description == input.pointer, "pointer of: \(error)")
        #expect(!error.message.isEmpty)
        #expect(error.description.hasSuffix("[\(input.code.rawValue)]"))
    }

    /// Every code has a triggering input. (An oversized file is `file_too_large`, checked by the
    /// file loader: see the linter tests in ProctorTests.)
    @Test func everyCodeIsCovered() {
        let covered = Set(rejectedInputs.map(\.code))
        for code in JSONInputError.Code.allCases {
            #expect(covered.contains(code), "no input triggers \(code.rawValue)")
        }
    }

    /// Exactly the maximum depth is fine; one more level is not.
    @Test func depthLimitIsInclusive() throws {
        #expect(JSONLimits.standard.maximumDepth == 64)
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parse(deepest).get() }
        let objects = String(repeating: #"{"a":"#, count: 64) + "null" + String(repeating: "}", count: 64)
        #expect(throws: Never.self) { try parse(objects).get() }
        // A smaller limit is honoured too.
        let small = JSONLimits(maximumDepth: 2)
        #expect(throws: Never.self) { try parse("[[1]]", limits: small).get() }
        guard case .failure(let error) = parse("[[[1]]]", limits: small) else {
            Issue.record("depth 3 accepted with a limit of 2")
            return
        }
        #expect(error.code == .tooDeep)
        #expect(error.offset == 2)
        #expect(error.pointer.description == "/0/0")
    }
}
