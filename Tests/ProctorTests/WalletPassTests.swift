import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorInputs
@testable import ProctorPayloads

/// Wallet passes: which files the pass kind reads, and what its reader reports before any rule
/// judges a pass (docs/input-format.md, "Wallet passes"). The rules are tested by their examples.
@Suite("Wallet passes")
struct WalletPassTests {
    /// A gift card every rule passes, as the first lines of a file; `members` come after.
    static func pass(_ members: String = "") -> String {
        """
        {
          "formatVersion": 1,
          "passTypeIdentifier": "pass.com.example.store.giftcard",
          "serialNumber": "GC-4417-0032",
          "teamIdentifier": "A1B2C3D4E5",
          "organizationName": "Example Store",
          "description": "Example Store gift card",
          "storeCard": {"primaryFields": [{"key": "balance", "label": "BALANCE", "value": 25}]},
          "locations": [{"latitude": 37.3318, "longitude": -122.0312}]\(members)
        }

        """
    }

    static func diagnostics(_ result: LintResult) -> [String] {
        result.files.flatMap(\.diagnostics).map { "\($0.code.rawValue) \($0.severity.rawValue) \(locationText($0.location))" }
    }

    // MARK: - Which files are passes

    /// `pass.json` is a pass wherever it lies, in a `.pkpass` folder or not; every other `.json`
    /// file is still a donation file, and a file no kind claims is still read as one.
    @Test func passJSONIsClaimedByTheWalletPassKind() throws {
        let passKind = try #require(InputKinds.payloads.firstIndex { $0 is WalletPassInput })
        let donationKind = try #require(InputKinds.payloads.firstIndex { $0 is DonationInput })
        for path in ["pass.json", "GiftCard.pkpass/pass.json", "/tmp/passes/Boarding Pass.pkpass/pass.json", "./pass.json"] {
            #expect(InputKinds.payloadKind(forPath: path) == passKind, "\(path)")
            #expect(InputKinds.claims(path: path))
        }
        for path in ["mypass.json", "passes/pass.json.json", "pass.jsonl", "GiftCard.pkpass/manifest.json", "Pass.json", "notes.txt", "a/b.json"] {
            #expect(InputKinds.payloadKind(forPath: path) == donationKind, "\(path)")
        }
        #expect(!InputKinds.claims(path: "GiftCard.pkpass/pass.strings") && !InputKinds.claims(path: "GiftCard.pkpass/signature"))
        #expect(InputKinds.unclaimed == donationKind)
    }

    /// A walk reads the pass inside a `.pkpass` folder as a pass and the donation beside it as a
    /// donation; the pass's manifest is a `.json` file like any other, so it is left out here.
    @Test func aWalkReadsPassesAndDonationsEachWithItsKind() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("GiftCard.pkpass/pass.json", Self.pass())
        try directory.write("view-store.json", #"{"userActivity": {"activityType": "com.example.store.view", "title": "Example Store"}}"#)
        let result = Linter.lint(paths: [directory.path], options: LintOptions(now: fixedNow, parallel: false))
        #expect(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["pass.json", "view-store.json"])
        #expect(
            result.files.allSatisfy { !$0.hasProblems && $0.wasChecked && $0.payloadCount == 1 },
            "\(result.files.map { ($0.diagnostics, $0.findings) })")
        #expect(result.report().exitCode == .success)
    }

    // MARK: - The reader

    @Test func anUnknownKeyIsAWarningAtTheKeyWithASuggestion() throws {
        let text = Self.pass(#",\#n  "relevantDat": "2026-12-24T18:00-08:00",\#n  "storeCard2": {}"#)
        let result = lint(text, path: "pass.json")
        #expect(
            Self.diagnostics(result) == [
                "unknown_key warning pass.json:10:3 /relevantDat",
                "unknown_key warning pass.json:11:3 /storeCard2",
            ])
        let messages = result.files[0].diagnostics.map(\.message)
        #expect(messages[0] == "unknown key 'relevantDat' in a pass is ignored; did you mean 'relevantDate'?")
        // An unknown key is ignored: the pass is still judged.
        #expect(result.files[0].payloadCount == 1 && result.files[0].findings.isEmpty)
    }

    @Test func anUnknownKeyInsideIsReportedWhereItIsWritten() {
        let text = Self.pass(#",\#n  "beacons": [{"proximityUUID": "F7826DA6-4FA2-4E98-8024-BC5B71E0893E", "majr": 1}]"#)
        let result = lint(text, path: "pass.json")
        #expect(Self.diagnostics(result) == ["unknown_key warning pass.json:10:73 /beacons/0/majr"])
        #expect(result.files[0].diagnostics[0].message.hasSuffix("did you mean 'major'?"))
    }

    /// A value of the wrong type is an error at the value, with its line, column and pointer;
    /// the pass is then left out of the rules, which would guess what Wallet makes of it.
    @Test func aTypeMismatchIsAnErrorAtTheValueAndThePassIsNotJudged() {
        let text = """
            {
              "formatVersion": "1",
              "passTypeIdentifier": "pass.com.example.store.giftcard",
              "storeCard": {"primaryFields": [{"key": "balance", "value": true}]},
              "beacons": [{"proximityUUID": "F7826DA6-4FA2-4E98-8024-BC5B71E0893E", "minor": "70000"}]
            }
            """
        let result = lint(text, path: "pass.json")
        #expect(
            Self.diagnostics(result) == [
                "type_mismatch error pass.json:2:20 /formatVersion",
                "type_mismatch error pass.json:4:63 /storeCard/primaryFields/0/value",
                "type_mismatch error pass.json:5:82 /beacons/0/minor",
            ])
        #expect(result.files[0].diagnostics[0].message == "expected a number for 'formatVersion', found string")
        #expect(result.files[0].diagnostics[1].message == "expected a string or a number for 'value', found boolean")
        // Missing keys, a missing transit type or an out-of-range minor are not reported on top.
        let file = result.files[0]
        #expect(file.findings.isEmpty && file.payloadCount == 0 && file.leftOutPayloadCount == 1 && file.wasChecked)
        #expect(result.report().exitCode == .inputError)
    }

    @Test func aRootThatIsNotAnObjectIsATypeMismatch() {
        let result = lint("[\n  {\"formatVersion\": 1}\n]\n", path: "GiftCard.pkpass/pass.json")
        #expect(Self.diagnostics(result) == ["type_mismatch error GiftCard.pkpass/pass.json:1:1 "])
        #expect(result.files[0].diagnostics[0].message == "expected an object (a pass), found array")
        #expect(result.files[0].findings.isEmpty && result.files[0].leftOutPayloadCount == 1)
    }

    @Test func anEmptyFileIsAnInputError() {
        let result = lint("", path: "pass.json")
        let file = result.files[0]
        #expect(file.inputErrors.map { "\($0.code.rawValue) \(locationText($0.location))" } == ["json_empty pass.json:1:1 "])
        #expect(file.diagnostics.isEmpty && file.findings.isEmpty && !file.wasChecked && file.leftOutPayloadCount == 0)
        #expect(result.report().exitCode == .inputError)
    }

    /// The reader keeps every part with its pointer, and values as written, for the rules.
    @Test func theReaderKeepsValuesAndTheirPointers() throws {
        let text = Self.pass(
            #"""
            ,
              "barcodes": [{"format": "PKBarcodeFormatQR", "message": "GC-4417-0032", "messageEncoding": "iso-8859-1"}],
              "beacons": [{"proximityUUID": "F7826DA6-4FA2-4E98-8024-BC5B71E0893E", "major": 1, "minor": 70000}],
              "relevantDates": [{"startDate": "2026-12-24T17:30-08:00", "endDate": "2026-12-24T20:00-08:00"}],
              "backgroundColor": "rgb(0, 0, 0)",
              "associatedStoreIdentifiers": [1130498044]
            """#)
        let read = WalletPassReader.read(Array(text.utf8), path: "pass.json")
        #expect(read.inputErrors.isEmpty && read.diagnostics.isEmpty)
        let pass = try #require(read.pass)
        #expect(pass.formatVersion == 1 && pass.serialNumber == "GC-4417-0032" && pass.teamIdentifier == "A1B2C3D4E5")
        #expect(pass.styles.map(\.key) == ["storeCard"] && pass.style?.fields.map(\.key) == ["balance"])
        #expect(pass.style?.fields.first?.pointer.description == "/storeCard/primaryFields/0")
        #expect(pass.barcodes?.first?.pointer.description == "/barcodes/0")
        #expect(pass.beacons?.first?.minor == 70000 && pass.beacons?.first?.pointer.description == "/beacons/0")
        #expect(pass.locations?.first?.latitude == 37.3318)
        #expect(pass.relevantDates?.first?.endDate == "2026-12-24T20:00-08:00")
        #expect(pass.colors.map(\.key) == ["backgroundColor"] && pass.associatedStoreIdentifiers == [1_130_498_044])
        #expect(pass.keys.first == "formatVersion" && pass.has("beacons") && !pass.has("barcode"))
    }

    /// Pass dates are W3C timestamps: seconds are optional, the zone is not.
    @Test func passDatesAreW3CTimestamps() throws {
        let apple = try #require(WalletPass.date("2014-12-05T09:00-08:00"))
        #expect(DateFormat.format(apple) == "2014-12-05T17:00:00Z")
        #expect(WalletPass.date("2026-12-24T18:00:30Z") != nil && WalletPass.date("2026-12-24T18:00:30.25+01:00") != nil)
        #expect(WalletPass.date("2026-12-24T18:00Z") != nil)
        for text in [
            "2026-12-24", "2026-12-24T18:00", "2026-12-24T18:00:00", "2026-12-24 18:00Z", "2026-12-24T18Z", "2026-02-30T18:00Z", "24/12/2026 18:00",
            "",
        ] {
            #expect(WalletPass.date(text) == nil, "\(text)")
        }
    }
}
