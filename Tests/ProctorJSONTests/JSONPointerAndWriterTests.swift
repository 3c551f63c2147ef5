import ProctorJSON
import Testing

@Suite("JSON Pointer")
struct JSONPointerTests {
    @Test func escapingRoundTrips() throws {
        let pointer = JSONPointer(["a/b", "m~n", "", "0", "~1", "/~", "é 😀"])
        #expect(pointer.description == "/a~1b/m~0n//0/~01/~1~0/é 😀")
        let parsed = try #require(JSONPointer(parsing: pointer.description))
        #expect(parsed == pointer)
        #expect(parsed.tokens == ["a/b", "m~n", "", "0", "~1", "/~", "é 😀"])
    }

    @Test(arguments: ["", "/", "/a", "/a/0/b", "/~0~1", "/~01", "//", "/a~1b~0c"])
    func parsingThenPrintingIsIdentity(_ text: String) throws {
        let pointer = try #require(JSONPointer(parsing: text))
        #expect(pointer.description == text)
    }

    @Test func parsing() {
        #expect(JSONPointer(parsing: "") == .root)
        #expect(JSONPointer(parsing: "a") == nil)
        #expect(JSONPointer(parsing: "/")?.tokens == [""])
        #expect(JSONPointer(parsing: "/~01")?.tokens == ["~1"])
        #expect(JSONPointer(parsing: "/~10")?.tokens == ["/0"])
        // RFC 6901 §3: "~" is only ever followed by "0" or "1".
        #expect(JSONPointer(parsing: "/a~2") == nil)
        #expect(JSONPointer(parsing: "/a~") == nil)
        // A "/" followed by a combining mark is one character, and still a separator.
        #expect(JSONPointer(parsing: "/a/\u{301}k")?.tokens == ["a", "\u{301}k"])
        #expect(JSONPointer(parsing: "/\u{301}")?.tokens == ["\u{301}"])
    }

    @Test func appending() {
        let pointer = JSONPointer.root.appending("userActivity").appending(2).appending("a/b")
        #expect(pointer.description == "/userActivity/2/a~1b")
        #expect(JSONPointer.root.description == "")
    }

    @Test func sortingComparesIndicesNumerically() {
        let texts = ["/10", "/2", "/a", "/1/x", "", "/1", "/10/0", "/b", "/2/a"]
        let sorted = texts.compactMap { JSONPointer(parsing: $0) }.sorted().map(\.description)
        #expect(sorted == ["", "/1", "/1/x", "/2", "/2/a", "/10", "/10/0", "/a", "/b"])
        #expect(JSONPointer(["2"]) < JSONPointer(["10"]))
        #expect(!(JSONPointer(["10"]) < JSONPointer(["2"])))
        #expect(!(JSONPointer(["a"]) < JSONPointer(["a"])))
    }

    @Test func isWithin() {
        let pointer = JSONPointer(["a", "b", "0"])
        #expect(pointer.isWithin(.root))
        #expect(pointer.isWithin(JSONPointer(["a", "b"])))
        #expect(pointer.isWithin(pointer))
        #expect(!pointer.isWithin(JSONPointer(["a", "c"])))
        #expect(!JSONPointer(["a"]).isWithin(pointer))
        #expect(!JSONPointer(["ab"]).isWithin(JSONPointer(["a"])))
    }

    /// `contains(written:)` answers as `isWithin` on the written form, for every pair here.
    @Test(arguments: ["", "/a", "/a/b", "/a/b/0", "/ab", "/a~1b", "/a~1b/c", "/a/c", "/a/\u{301}k", "/a\u{301}"])
    func containsWrittenAgreesWithIsWithin(_ text: String) throws {
        let written = try #require(JSONPointer(parsing: text))
        for other in [
            JSONPointer.root, JSONPointer(["a"]), JSONPointer(["a", "b"]), JSONPointer(["a/b"]), JSONPointer(["ab"]), JSONPointer(["a\u{301}"]),
        ] {
            #expect(other.contains(written: text) == written.isWithin(other), "\(other) contains \(text)")
        }
    }
}

@Suite("JSON writer")
struct JSONWriterTests {
    static let documents: [String] = [
        "null", "true", "0", "-9223372036854775808", "18446744073709551615", "1.5", "-0.0", "1e300", "5e-324",
        "1.7976931348623157e308", "0.1", "123456.789e-3", #""""#, "[]", "{}", "[[]]", #"{"a":{}}"#,
        #"{"z": 1, "a": [1, 2.5, "x", null, false, {"k": []}], "m": {"b": true, "a": -3}}"#,
        #"["\"\\\/\b\f\n\r\t", "\u0000\u0001\u001f\u007f", "é€😀", "\u2028\u2029", "<&>'"]"#,
        #"{"\u00e9": 1, "tab\tkey": 2, "\"": 3, "k": "nul \u0000 in a value"}"#,
    ]

    @Test(arguments: documents)
    func writtenTextParsesToTheSameValue(_ text: String) throws {
        let original = try parse(text).get()
        for indent in [nil, 0, 2, 4] as [Int?] {
            let written = JSONWriter.write(original, indent: indent)
            let reparsed = try parse(written).get()
            #expect(sameValue(original.value, reparsed.value), "indent \(String(describing: indent)): \(written)")
            // Writing is stable: a second round gives the same text.
            #expect(JSONWriter.write(reparsed, indent: indent) == written)
        }
    }

    @Test func compactAndIndentedLayout() throws {
        let node = try parse(#"{"a": [1, {"b": null}], "c": {}, "d": []}"#).get()
        #expect(JSONWriter.write(node) == #"{"a":[1,{"b":null}],"c":{},"d":[]}"#)
        #expect(
            JSONWriter.write(node, indent: 2) == """
                {
                  "a": [
                    1,
                    {
                      "b": null
                    }
                  ],
                  "c": {},
                  "d": []
                }
                """)
    }

    @Test func stringEscaping() {
        var output = ""
        JSONWriter.writeString("a\"b\\c\nd\re\tf\u{0}\u{1F}\u{7F}é/", into: &output)
        #expect(output == #""a\"b\\c\nd\re\tf\u0000\u001f"# + "\u{7F}é/\"")
    }
}
