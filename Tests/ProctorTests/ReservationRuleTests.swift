import Foundation
import ProctorCore
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// A donation of WWDC 2019 session 243's flight XX815 with the given item reference.
private func flightDonation(reference: String, seat: String = "") -> String {
    #"""
    {"interaction": {
      "intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "B9C8"}},
      "response": {"code": "success", "reservations": [{"INFlightReservation": {
        "itemReference": {"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "\#(reference)"},
        "reservationNumber": "B9C8",\#(seat)
        "flight": {
          "airline": {"name": "Example Air", "iataCode": "XX"},
          "flightNumber": "815",
          "flightDuration": {
            "start": {"year": 2026, "month": 6, "day": 2, "hour": 14, "minute": 50, "timeZone": "America/Los_Angeles"},
            "end": {"year": 2026, "month": 6, "day": 3, "hour": 10, "minute": 15, "timeZone": "Europe/Paris"}},
          "departureAirportGate": {"airport": {"iataCode": "SFO"}},
          "arrivalAirportGate": {"airport": {"iataCode": "CDG"}}}}}]}}}
    """#
}

/// The findings of one file.
private func lintFindings(_ text: String) -> [Finding] {
    Linter.lint(files: [file("payload.json", text)], appInfo: nil, options: LintOptions(now: fixedNow, parallel: false)).files.flatMap(\.findings)
}

private func file(_ path: String, _ text: String) -> Linter.InMemoryFile {
    Linter.InMemoryFile(path: path, bytes: Array(text.utf8))
}

@Suite("Reservation rules")
struct ReservationRuleTests {
    private let stable = ReservationItemReferenceStableRule.description.id

    /// The finding is in the later file and names where the earlier donation is.
    @Test func changedReferenceAcrossFilesNamesTheEarlierDonation() throws {
        let result = Linter.lint(
            files: [
                file(
                    "trips/2-seat.json", flightDonation(reference: "B9C8-XX815-14A", seat: #" "reservedSeat": {"seatRow": "14", "seatNumber": "A"},"#)
                ),
                file("trips/1-booked.json", flightDonation(reference: "B9C8-XX815")),
            ],
            appInfo: nil, options: LintOptions(now: fixedNow, parallel: false))
        #expect(result.files.allSatisfy { $0.inputErrors.isEmpty && $0.diagnostics.isEmpty })
        let findings = result.files.flatMap(\.findings).filter { $0.ruleID == stable }
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .error)
        #expect(finding.location.file == "trips/2-seat.json")
        #expect(finding.location.pointer == "/interaction/response/reservations/0/INFlightReservation/itemReference")
        #expect(finding.location.line == 4)
        #expect(finding.message.contains("'B9C8-XX815' at trips/1-booked.json:4:"), "\(finding.message)")
        #expect(finding.message.contains("now with 'B9C8-XX815-14A'"), "\(finding.message)")
        #expect(finding.message.contains("INFlightReservation B9C8, XX815, from 2026-06-02T21:50:00Z"), "\(finding.message)")
    }

    /// Files checked in parallel give the same facts, in path order, as files checked one by one.
    @Test func parallelAndSequentialRunsAgree() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        for index in 0..<150 {
            // Every tenth file changes the reference of the flight the others keep.
            let reference = index % 10 == 9 ? "B9C8-XX815-\(index)" : "B9C8-XX815"
            try directory.write(String(format: "d%03d.json", index), flightDonation(reference: reference))
        }
        let sequential = Linter.lint(paths: [directory.path], options: LintOptions(now: fixedNow, parallel: false))
        let parallel = Linter.lint(paths: [directory.path], options: LintOptions(now: fixedNow, parallel: true))
        let found = { (result: LintResult) in
            result.files.flatMap(\.findings).filter { $0.ruleID == self.stable }.map { URL(fileURLWithPath: $0.location.file).lastPathComponent }
        }
        #expect(found(sequential) == (0..<15).map { String(format: "d%03d.json", $0 * 10 + 9) })
        #expect(found(parallel) == found(sequential))
    }

    /// Lint and the scenario model share one judge: the same donations, as files or as donate
    /// steps, are reported at the same donations, a cancellation counting as a donation.
    @Test(arguments: [
        (["B9C8-XX815", "B9C8-XX815 canceled", "B9C8-XX815-2"], [2]),
        (["B9C8-XX815", "B9C8-XX815-2", "B9C8-XX815", "B9C8-XX815-3 canceled"], [1, 3]),
        (["B9C8-XX815", "B9C8-XX815 canceled", "B9C8-XX815"], []),
    ])
    func lintAndTheModelReportTheSameDonations(donations: [String], reported: [Int]) throws {
        let payloads = donations.map { donation in
            let parts = donation.split(separator: " ")
            let status = parts.count > 1 ? #" "reservationStatus": "\#(parts[1])","# : ""
            return flightDonation(reference: String(parts[0]), seat: status)
        }
        let result = Linter.lint(
            files: payloads.enumerated().map { file("\($0.offset).json", $0.element) }, appInfo: nil,
            options: LintOptions(now: fixedNow, parallel: false))
        let linted = result.files.filter { $0.findings.contains { $0.ruleID == stable } }.compactMap { Int($0.path.dropLast(5)) }
        #expect(linted == reported)

        let steps = payloads.map { payload in
            #"{"donate": {"background": true, "interaction": \#(payload.drop { $0 != ":" }.dropFirst().dropLast(1))}}"#
        }
        let scenario =
            #"{"format": 1, "name": "stable", "clock": "2026-06-01T12:00:00Z", "app": {"info": {"CFBundleIdentifier": "com.example.trips"}, "routes": [{"name": "trip", "activityTypes": ["INGetReservationDetailsIntent"]}]}, "steps": [\#(steps.joined(separator: ", "))]}"#
        let suite = try #require(
            ScenarioRunner.runFile(bytes: Array(scenario.utf8), path: "stable.scenario.json", options: RunOptions(now: fixedNow, parallel: false)))
        #expect(suite.inputErrors.isEmpty, "\(suite.inputErrors.map(\.message))")
        let played = suite.findings.filter { $0.ruleID == stable }.compactMap {
            $0.location.pointer?.split(separator: "/").dropFirst().first.flatMap { Int($0) }
        }
        #expect(played == reported)
    }

    /// Messages say what to set, not only what is wrong.
    @Test func emptyValuesSayWhatToSet() throws {
        let container = lintFindings(
            flightDonation(reference: "B9C8-XX815").replacingOccurrences(
                of: #""reservationContainerReference": "B9C8""#, with: #""reservationContainerReference": """#)
        )
        .first { $0.ruleID == ReservationContainerReferenceRule.description.id }
        #expect(
            container?.message.contains("set its vocabularyIdentifier to the booking number") == true, "\(String(describing: container?.message))")
        let number = lintFindings(
            flightDonation(reference: "B9C8-XX815").replacingOccurrences(of: #""flightNumber": "815""#, with: #""flightNumber": " ""#)
        )
        .first { $0.ruleID == FlightIdentificationRule.description.id }
        #expect(
            number?.message.contains("set it to the flight's number without the airline code, such as '815'") == true,
            "\(String(describing: number?.message))")
    }

    /// The example suite: the bookings lint clean under --strict, and each file of mistakes/
    /// trips the rule it is named after, and nothing else.
    @Test func flightsSuite() throws {
        let suite = Repository.url("Scenarios/lint/flights")
        let plist = suite.appendingPathComponent("Info.plist").path
        let bookings = Linter.lint(
            paths: [suite.appendingPathComponent("bookings").path], options: LintOptions(infoPlistPath: plist, now: fixedNow, strict: true))
        #expect(bookings.files.count == 3)
        #expect(bookings.files.allSatisfy { $0.inputErrors.isEmpty && $0.diagnostics.isEmpty && $0.findings.isEmpty && $0.wasChecked })

        let mistakes = Linter.lint(paths: [suite.appendingPathComponent("mistakes").path], options: LintOptions(infoPlistPath: plist, now: fixedNow))
        #expect(mistakes.report().exitCode == .problemsFound)
        // Every reservation rule lint can judge has its mistake file: a new rule brings one.
        let reservationRules = Set(BuiltInRules.descriptions.filter { $0.category == .reservation && !$0.judgedInScenariosOnly }.map(\.id))
        var covered: Set<String> = []
        for result in mistakes.files {
            let name = URL(fileURLWithPath: result.path).deletingPathExtension().lastPathComponent
            #expect(result.inputErrors.isEmpty && result.diagnostics.isEmpty, "\(name)")
            #expect(!result.findings.isEmpty && result.findings.allSatisfy { $0.ruleID == name }, "\(name): \(result.findings.map(\.ruleID))")
            covered.insert(name)
        }
        #expect(covered == reservationRules)
    }
}
