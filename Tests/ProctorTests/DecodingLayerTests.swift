import Foundation
import ProctorJSON
import Testing

@testable import ProctorConformance
@testable import ProctorCore
@testable import ProctorScenario
@testable import ProctorVocabulary

/// Donation files, scenario files and conformance case files are read through one decoding layer
/// (`JSONFieldReader`): the same problem is worded the same way in each, its severity is its
/// code's, and an unknown key follows one policy (ignored with a warning in a payload, an error
/// that lists the keys in a file that defines a test).
@Suite("Decoding layer")
struct DecodingLayerTests {
    private func donationProblems(_ json: String) throws -> [Diagnostic] {
        let source = SourceText(bytes: Array(json.utf8))
        var decoder = DonationDecoder { offset, pointer in SourceLocation(file: "payload.json", offset: offset, pointer: pointer, in: source) }
        _ = decoder.decodeDocument(try JSONReader.parse(source).get())
        return decoder.diagnostics
    }

    private func scenarioErrors(_ json: String) throws -> [InputError] {
        let source = SourceText(bytes: Array(json.utf8))
        var decoder = ScenarioDecoder(path: "s.scenario.json", source: source, directory: "")
        _ = decoder.decode(try JSONReader.parse(source).get())
        return decoder.errors
    }

    private func scenario(device: String = #"{"name": "iPhone"}"#, step: String = #"{"advanceClock": {"hours": 1}}"#) -> String {
        #"{"format": 1, "name": "n", "clock": "2026-06-01T12:00:00Z", "app": {"info": {"CFBundleIdentifier": "com.example.a"}, "routes": [{"name": "r", "activityTypes": ["com.example.a.view"]}]}, "devices": [\#(device)], "steps": [\#(step)]}"#
    }

    @Test func aWrongTypeIsWordedAlikeInEveryInput() throws {
        let donation = try donationProblems(#"{"userActivity": {"activityType": "com.example.a.view", "isEligibleForSearch": "yes"}}"#)
        let scenario = try scenarioErrors(scenario(device: #"{"name": "iPhone", "appInstalled": "yes"}"#))
        #expect(donation.map(\.message) == ["expected a boolean for 'isEligibleForSearch', found string"])
        #expect(scenario.map(\.message) == ["expected a boolean for 'appInstalled', found string"])
        #expect(donation.map(\.code) == [ProblemCode.typeMismatch] && scenario.map(\.code) == [ProblemCode.scenarioTypeMismatch])
    }

    @Test func aBadDateIsWordedAlikeInEveryInput() throws {
        let donation = try donationProblems(#"{"userActivity": {"activityType": "com.example.a.view", "expirationDate": "tomorrow"}}"#)
        let scenario = try scenarioErrors(
            #"{"format": 1, "name": "n", "clock": "tomorrow", "app": {"info": {"CFBundleIdentifier": "com.example.a"}, "routes": [{"name": "r", "activityTypes": ["com.example.a.view"]}]}, "steps": []}"#
        )
        let expected = "'tomorrow' is not an RFC 3339 (ISO 8601) date with a time zone, such as 2026-05-01T09:30:00Z or 2026-05-01T11:30:00+02:00"
        #expect(donation.map(\.message) == [expected])
        #expect(scenario.map(\.message).contains(expected), "\(scenario.map(\.message))")
    }

    /// One policy, graded by the code: a payload's unknown key is ignored (Apple's API never sees
    /// it) and the donation is still checked; a scenario's stops the scenario, since the misspelt
    /// key would silently change what it tests, and the message lists what the object takes.
    @Test func unknownKeysFollowOnePolicy() throws {
        let donation = try donationProblems(#"{"userActivity": {"activityType": "com.example.a.view", "titel": "Lemon tart"}}"#)
        #expect(donation.map(\.severity) == [.warning])
        #expect(donation.first?.message == "unknown key 'titel' in userActivity is ignored; did you mean 'title'?")

        let scenario = try scenarioErrors(scenario(device: #"{"name": "iPhone", "appInstaled": true}"#))
        #expect(scenario.map(\.code) == [ProblemCode.scenarioUnknownKey])
        #expect(
            scenario.first?.message
                == "unknown key 'appInstaled' in a device; did you mean 'appInstalled'?; it takes 'name', 'appInstalled', 'timeZone', 'quietHours', 'doNotDisturb'"
        )
        #expect(scenario.first?.location.pointer == "/devices/0/appInstaled")

        let caseFile = #"{"cases": [{"description": "d", "filez": []}]}"#
        #expect(throws: InputError.self) { try ConformanceRunner.decodeCaseFile(SourceText(bytes: Array(caseFile.utf8)), path: "c.json") }
        do {
            _ = try ConformanceRunner.decodeCaseFile(SourceText(bytes: Array(caseFile.utf8)), path: "c.json")
        } catch {
            #expect(error.code == ProblemCode.conformanceCaseInvalid)
            #expect(error.message.hasPrefix("unknown key 'filez' in a case; did you mean 'files'?; it takes 'description', "), "\(error.message)")
            #expect(error.location.pointer == "/cases/0/filez")
        }
    }

    /// A case file stops at its first problem: of two unknown keys, the first in the document.
    @Test func aCaseFileReportsItsFirstUnknownKey() {
        let caseFile = #"{"cases": [{"description": "d", "fils": [], "expct": {}}]}"#
        do {
            _ = try ConformanceRunner.decodeCaseFile(SourceText(bytes: Array(caseFile.utf8)), path: "c.json")
            Issue.record("the case file was accepted")
        } catch {
            #expect(error.message.hasPrefix("unknown key 'fils' in a case"), "\(error.message)")
            #expect(error.location.pointer == "/cases/0/fils")
        }
    }

    /// Every problem the reader reports has its code's severity.
    @Test func severityIsTheCodes() {
        var reader = JSONFieldReader(codes: .payload) { _, pointer in SourceLocation(file: "f", pointer: pointer.description) }
        let node = JSONNode(.string("x"), offset: 0)
        _ = reader.bool(node, JSONPointer(["b"]))
        reader.unknownKey(.init(key: "k", keyOffset: 0, value: node), in: "o", at: JSONPointer(["k"]), known: [])
        #expect(reader.problems.map(\.severity) == [ProblemCode.typeMismatch.severity, ProblemCode.unknownKey.severity])
        #expect(reader.errorCount == 1)
    }
}
