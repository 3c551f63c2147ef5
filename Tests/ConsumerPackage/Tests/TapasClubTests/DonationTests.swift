import Foundation
import ProctorKit
import Testing

// What a team writes: its donations checked by ProctorKit in its own test run.

/// The package's folder, so the tests read its files wherever `swift test` runs them from.
private let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private func path(_ relative: String) -> String { package.appendingPathComponent(relative).path }

/// The donation the dish screen makes, as the app builds it.
private func viewDish(type: String = "com.example.tapasclub.view-dish", id: String, title: String, requiredKeys: [Payload] = ["dishID"]) -> Payload {
    .userActivity([
        "activityType": .string(type),
        "title": .string(title),
        "userInfo": ["dishID": .string(id), "scrollPosition": 0],
        "requiredUserInfoKeys": .array(requiredKeys),
        "isEligibleForSearch": true,
        "isEligibleForHandoff": true,
    ])
}

@Suite struct DonationTests {
    let proctor: Proctor

    init() throws {
        proctor = Proctor(app: try AppFacts(infoPlistPath: path("App/Info.plist")), now: Date(timeIntervalSince1970: 1_780_315_200))
    }

    @Test func theDishDonationPasses() {
        let report = proctor.lint(viewDish(id: "d-118", title: "Patatas Bravas"))
        #expect(report.passed, "\(report.findings)")
    }

    @Test func aMisspeltTypeIsAnErrorOnTheType() throws {
        let report = proctor.lint(viewDish(type: "com.example.tapasclub.view-dihs", id: "d-203", title: "Gambas al Ajillo"))
        #expect(!report.passed)
        let finding = try #require(report.findings(of: "activity_type_declared").first)
        #expect(finding.severity == .error)
        #expect(finding.location.pointer == "/userActivity/activityType")
    }

    @Test func aRequiredKeyMissingFromUserInfoIsFound() throws {
        let report = proctor.lint(viewDish(id: "d-118", title: "Patatas Bravas", requiredKeys: ["dishID", "photoID"]))
        let finding = try #require(report.findings(of: "required_user_info_keys_exist").first)
        #expect(finding.severity == .error)
        #expect(finding.location.pointer == "/userActivity/requiredUserInfoKeys/1")
    }

    @Test func theCommittedPayloadsAndScenarioPass() {
        #expect(proctor.lint(paths: [path("Payloads")]).passed)
        let played = proctor.play(paths: [path("Scenarios")])
        #expect(played.passed, "\(played.checks)")
        #expect(played.checks.count == 3)  // the donation's rules, the tap, the launch
    }
}
