import Foundation
import ProctorCore
import Testing

@testable import ProctorAppFacts

/// Every `plist_invalid` of a text property list has a line, and quotes at most a short excerpt
/// of the file; the entity guard reads declarations, not comments or processing instructions.
/// The same shapes are kept in Tests/Fuzz/regressions/info-plist and in
/// Conformance/input/property-lists.json.
@Suite("Property-list failures, located")
struct PropertyListFailureTests {
    static let head = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.places</string>

        """
    static let tail = "</dict>\n</plist>\n"

    static func read(_ bytes: [UInt8]) -> InputError? {
        InfoPlistReader.read(bytes: bytes, displayPath: "Info.plist").inputErrors.first
    }

    @Test func aByteThatIsNotUTF8IsLocatedOnItsLine() throws {
        let bytes = Array((Self.head + "\t<key>Name</key>\n\t<string>caf").utf8) + [0xFF, 0xFE] + Array("</string>\n\(Self.tail)".utf8)
        let error = try #require(Self.read(bytes))
        #expect(error.code == ProblemCode.propertyListInvalid)
        #expect(error.location.line == 8)
        #expect(error.message.contains("byte 0xFF on line 8 is not UTF-8"), "\(error.message)")
        #expect(error.message.contains("after '\\t<string>caf'"), "\(error.message)")
    }

    @Test func anUnknownEncodingIsLocatedAtTheDeclarationAndQuotedShort() throws {
        let name = String(repeating: "klingon-", count: 250)
        let xml = "<?xml version=\"1.0\"\n   encoding=\"\(name)\"?>\n" + Self.head.split(separator: "\n", maxSplits: 1)[1] + Self.tail
        let error = try #require(Self.read(Array(xml.utf8)))
        #expect(error.code == ProblemCode.propertyListInvalid)
        #expect(error.location.line == 2)
        #expect(error.message.contains("'\(name.prefix(PropertyListFailure.excerptLength))…'"), "\(error.message)")
        #expect(error.message.count < 200, "\(error.message)")
    }

    /// Foundation repeats what it cannot read (a tag's name) whole; the message keeps 40
    /// characters of it.
    @Test func whatFoundationQuotesIsCutShort() throws {
        let tag = String(repeating: "t", count: 1_000)
        let error = try #require(Self.read(Array((Self.head + "\t<key>A</key>\n\t<\(tag)>x</\(tag)>\n" + Self.tail).utf8)))
        #expect(error.location.line == 8)
        #expect(error.message.count < 200, "\(error.message)")
    }

    @Test(arguments: [
        ("a\u{1}b\nc\td\r", "a\\u{1}b\\nc\\td\\r"),
        ("\u{7F}\u{85}é", "\\u{7F}\\u{85}é"),
        (String(repeating: "x", count: 41), String(repeating: "x", count: 40) + "…"),
        ("\r\n", "\\r\\n"),
    ])
    func excerptsEscapeControlCharactersAndStopAtForty(_ text: String, _ expected: String) {
        #expect(PropertyListFailure.excerpt(text) == expected)
    }

    @Test func aTopLevelThatIsNotADictionaryHasTheLineOfTheValue() throws {
        let xml = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n\n<array><string>a</string></array>\n</plist>\n"
        let error = try #require(Self.read(Array(xml.utf8)))
        #expect(error.code == ProblemCode.propertyListInvalid)
        #expect(error.location.line == 4)
    }

    /// Whatever is wrong with a text property list, its error has a line and a short message.
    @Test(arguments: [
        "\u{FF}",
        "<?xml version=\"1.0\"?>\n<plist><dict><key>A</key><string>" + String(repeating: "w", count: 2_000),
        "<?xml version=\"1.0\"?>\n<plist><dict><key>A</key><string>a < b" + String(repeating: "q", count: 2_000) + "</string></dict></plist>",
        "{ a = \"" + String(repeating: "y", count: 3_000),
        "<html><body>" + String(repeating: "z", count: 2_000) + "</body></html>",
        "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<string>x</string>\n</plist>\n",
    ])
    func everyTextFailureHasALineAndAShortMessage(_ text: String) throws {
        let error = try #require(Self.read(Array(text.utf8)))
        #expect(error.code == ProblemCode.propertyListInvalid)
        #expect(error.location.line != nil, "\(error.message)")
        #expect(error.message.count < 250, "\(error.message)")
    }

    /// Words that would declare an entity declare nothing inside a comment, a processing
    /// instruction or a CDATA section: the file is read. A real declaration is still refused.
    @Test(
        arguments: [
            ("<?foo <!ENTITY x \"y\"?>\n", nil),
            ("<!-- <!ENTITY x \"y\"> -->\n", nil),
            ("<!--\n<!DOCTYPE plist [ <!ENTITY x \"y\"> ]>\n-->\n", nil),
            ("<!DOCTYPE plist [\n<!-- <!ENTITY x \"y\"> -->\n<!ELEMENT plist ANY>\n]>\n", 2),
            ("<!DOCTYPE plist [\n<?pi <!ENTITY?>\n<!ENTITY x \"y\">\n]>\n", 4),
            ("<!ENTITY x \"y\">\n", 2),
        ] as [(String, Int?)])
    func entitiesAreDeclarationsNotWords(_ prolog: String, refusedAt line: Int?) {
        let xml =
            "<?xml version=\"1.0\"?>\n\(prolog)<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string><![CDATA[<!ENTITY z \"w\">]]></string></dict></plist>\n"
        let read = InfoPlistReader.read(bytes: Array(xml.utf8), displayPath: "Info.plist")
        if let line {
            #expect(read.inputErrors.map(\.code) == [ProblemCode.propertyListInvalid])
            #expect(read.inputErrors.first?.location.line == line, "\(read.inputErrors)")
        } else {
            #expect(read.inputErrors.isEmpty, "\(read.inputErrors)")
            #expect(read.appInfo?.bundleIdentifier == "<!ENTITY z \"w\">")
        }
    }
}
