import Foundation
import Testing

@testable import ProctorAppFacts
@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// The checks an Info.plist passes before Foundation parses it. The vectors in
/// Conformance/input/property-lists.json pin the refusals one by one; these tests pin that no
/// well-formed property list is refused, and that damage anywhere is found without a crash.
@Suite("Property-list safety")
struct PropertyListSafetyTests {
    /// Every kind of object a binary property list holds, at every integer width.
    static var everyKind: [String: Any] {
        [
            "CFBundleIdentifier": "com.example.places",
            "unicode": "Café 🍕 — ünïcödé",
            "integers": [0, 1, 255, 256, 65_535, 65_536, Int(Int32.max), Int(Int32.max) + 1, Int.max, -1, Int.min],
            "reals": [0.5, -1.25e300, Double.leastNonzeroMagnitude],
            "date": Date(timeIntervalSinceReferenceDate: 1_000_000),
            "data": Data((0..<300).map { UInt8($0 % 256) }),
            "booleans": [true, false],
            "empty": ["array": [Any](), "dictionary": [String: Any](), "string": ""],
            "long": String(repeating: "x", count: 5_000),
            "many": (0..<300).map { "entry \($0)" },
            "nested": ["a": ["b": ["c": ["d": [1, 2, ["e": "f"]]]]]],
        ]
    }

    @Test func everyKindOfObjectPassesInBothFormats() throws {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let data = try PropertyListSerialization.data(fromPropertyList: Self.everyKind, format: format, options: 0)
            #expect(PropertyListSafety.problem(in: [UInt8](data)) == nil, "\(format)")
            let read = InfoPlistReader.read(bytes: [UInt8](data), displayPath: "Info.plist")
            #expect(read.inputErrors.isEmpty, "\(format): \(read.inputErrors)")
            #expect(read.appInfo?.bundleIdentifier == "com.example.places")
        }
    }

    /// Apple's own DOCTYPE line, and entity references to the predefined entities and to
    /// characters, are not declarations: they are read.
    @Test func applesDoctypeAndCharacterReferencesAreRead() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.a&amp;b&#65;</string></dict></plist>
            """
        let read = InfoPlistReader.read(bytes: Array(xml.utf8), displayPath: "Info.plist")
        #expect(read.inputErrors.isEmpty, "\(read.inputErrors)")
        #expect(read.appInfo?.bundleIdentifier == "com.example.a&bA")
    }

    /// Every prefix of a binary property list has lost its trailer: each is refused with a
    /// message, none crashes.
    @Test func everyTruncationOfABinaryPropertyListIsRefused() throws {
        let data = [UInt8](try PropertyListSerialization.data(fromPropertyList: Self.everyKind, format: .binary, options: 0))
        for length in stride(from: 6, to: data.count, by: max(1, data.count / 2_000)) {
            let problem = PropertyListSafety.problem(in: Array(data[..<length]))
            #expect(problem != nil, "a binary property list cut at byte \(length) of \(data.count) passed")
        }
    }

    /// Damage anywhere (bytes changed at positions spread over the whole file, the same on every
    /// run) is either refused by the check or leaves a structure Foundation parses without
    /// crashing; the reader always returns.
    @Test func changedBytesAreRefusedOrReadButNeverCrash() throws {
        let data = [UInt8](try PropertyListSerialization.data(fromPropertyList: Self.everyKind, format: .binary, options: 0))
        var refused = 0
        for round in 0..<2_000 {
            var damaged = data
            for change in 0...(round % 3) {
                let position = (round * 7_919 + change * 104_729) % damaged.count
                damaged[position] = UInt8(truncatingIfNeeded: round &* 31 &+ change &* 97)
            }
            let read = InfoPlistReader.read(bytes: damaged, displayPath: "Info.plist")
            if !read.inputErrors.isEmpty { refused += 1 }
        }
        #expect(refused > 0)
    }

    /// A binary set crashed Foundation on Linux (found by the damage test above, kept in
    /// Tests/Fuzz/regressions/info-plist): sets are refused before Foundation sees them.
    @Test(arguments: [0xC1, 0xB1] as [UInt8])
    func aBinarySetIsRefusedBeforeFoundationSeesIt(_ marker: UInt8) {
        // {"a": set("x")}: a dictionary, its key, a one-element set, the set's string.
        let objects: [[UInt8]] = [[0xD1, 1, 2], [0x51, 0x61], [marker, 3], [0x51, 0x78]]
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += [0, UInt8(bytes.count)]
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + bigEndian(objects.count) + bigEndian(0) + bigEndian(table)
        let read = InfoPlistReader.read(bytes: bytes, displayPath: "Info.plist")
        #expect(read.inputErrors.map(\.code.rawValue) == ["plist_invalid"])
        #expect(read.inputErrors.first?.message.contains("object 2 at byte 13 is a set") == true, "\(read.inputErrors)")
    }

    private func bigEndian(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    @Test(
        arguments: [
            ("<!DOCTYPE plist [ <!ELEMENT plist ANY> ]>\n<plist/>", 1, "internal subset"),
            ("<?xml version=\"1.0\"?>\n\n<!ENTITY x \"y\">", 3, "XML entity"),
            ("<!DOCTYPE plist SYSTEM \"a[b].dtd\">\n<plist><dict><key>CFBundleIdentifier</key><string>a</string></dict></plist>", nil, ""),
            ("<!-- <!ENTITY x \"y\"> -->\n<plist><dict><key>CFBundleIdentifier</key><string>a</string></dict></plist>", nil, ""),
            ("<!-- a comment\nover lines -->\n<!ENTITY x \"y\">", 3, "XML entity"),
        ] as [(String, Int?, String)])
    func declarationsAreRefusedWithTheirLine(_ xml: String, line: Int?, words: String) {
        let problem = PropertyListSafety.problem(in: Array(xml.utf8))
        #expect(problem?.line == line)
        #expect(problem?.message.contains(words) ?? (line == nil))
    }
}
