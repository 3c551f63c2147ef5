import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary
import Testing

@testable import ProctorAppFacts
@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// The decoding edges of SiriKit interactions that conformance vectors cannot show: instants
/// computed from DateComponents, and the app facts that frame version-dependent rules.
@Suite("Interaction decoding")
struct InteractionDecodingTests {
    private func components(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, zone: String? = nil) -> DateComponentsValue {
        var value = DateComponentsValue(pointer: .root)
        (value.year, value.month, value.day, value.hour, value.minute, value.timeZone) = (year, month, day, hour, minute, zone)
        return value
    }

    @Test func instantsUseTheProlepticGregorianCalendarAtAnyYear() throws {
        // Foundation's Gregorian calendar is Julian before October 1582; RFC 3339 is not.
        #expect(components(1500, 3, 1).date.map(DateFormat.format) == "1500-03-01T00:00:00Z")
        #expect(components(1582, 10, 10).date.map(DateFormat.format) == "1582-10-10T00:00:00Z")
        #expect(components(2026, 6, 3, 14, 50, zone: "America/Los_Angeles").date.map(DateFormat.format) == "2026-06-03T21:50:00Z")
        #expect(components(9998, 12, 31, 23, 59, zone: "Etc/GMT+12").date.map(DateFormat.format) == "9999-01-01T11:59:00Z")
    }

    @Test func aTimeInADaylightSavingGapIsReadWithTheOffsetBeforeTheChange() throws {
        // 2026-03-29 02:30 does not exist in Paris (clocks go from 02:00 to 03:00); read at +01:00.
        #expect(components(2026, 3, 29, 2, 30, zone: "Europe/Paris").date.map(DateFormat.format) == "2026-03-29T01:30:00Z")
        // The hour after the change is +02:00.
        #expect(components(2026, 3, 29, 3, 30, zone: "Europe/Paris").date.map(DateFormat.format) == "2026-03-29T01:30:00Z")
    }

    @Test(arguments: ["+15", "-1", "15.", ".15", "15..0", "1.2.3.4", "١٥", ""])
    func versionsAreDigitsAndDots(_ text: String) {
        #expect(OSVersion(text) == nil)
    }

    @Test func versionsCompareByComponent() throws {
        #expect(try #require(OSVersion("13")) < #require(OSVersion("13.0.1")))
        #expect(try #require(OSVersion("9.3")) < #require(OSVersion("14")))
        #expect(OSVersion("15.0")?.description == "15.0")
    }

    @Test func aServiceNamedTwiceIsOneService() {
        let info = AppConfiguration(serviceNames: ["Matrix", "XMPP", "Matrix"]).apply(to: nil)
        #expect(info?.serviceNames == ["Matrix", "XMPP"])
        #expect(info?.isFromInfoPlist == false)
    }

    @Test func minimumOSVersionLeftToTheBuildIsAWarningUnlessTheTargetIsGiven() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>MinimumOSVersion</key>
            \t<string>$(IPHONEOS_DEPLOYMENT_TARGET)</string>
            </dict>
            </plist>
            """
        let path = try directory.write("Info.plist", bytes: Data(plist.utf8))
        let read = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "Info.plist")
        #expect(read.diagnostics.map(\.code) == [ProblemCode.unresolvedBuildSetting])
        #expect(read.diagnostics.first?.severity == .warning)
        #expect(read.diagnostics.first?.location.line == 4)
        #expect(read.appInfo?.deploymentTarget == nil)
        let given = InfoPlistReader.read(contentsOf: URL(fileURLWithPath: path), displayPath: "Info.plist", deploymentTarget: OSVersion(major: 15))
        #expect(given.diagnostics.isEmpty)
        #expect(given.appInfo?.deploymentTarget == OSVersion(major: 15))
    }

    @Test func linesOfEntriesSkipCommentsAndScaleToLargeLists() throws {
        let entries = (0..<5000).map { "\t\t<string>INIntent\($0)</string>" }.joined(separator: "\n")
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<!-- <key>INIntentsSupported</key> -->
            \t<key>INIntentsSupported</key>
            \t<array>
            \t\t<!-- <string>INOld</string> -->
            \(entries)
            \t</array>
            </dict>
            </plist>
            """
        let lines = try #require(PropertyListLines(Data(plist.utf8)))
        #expect(lines.line(ofKey: "INIntentsSupported") == 5)
        let entryLines = lines.linesOfEntries(ofArray: "INIntentsSupported")
        #expect(entryLines.count == 5000)
        #expect(entryLines.first == 8)
        #expect(entryLines.last == 8 + 4999)
        #expect(PropertyListLines(Data("bplist00".utf8)) == nil)
    }
}
