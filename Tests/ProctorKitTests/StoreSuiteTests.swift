import Foundation
import Testing

@testable import ProctorKit

/// The Wallet pass suites of Scenarios/lint: Pippin Store's gift card lints clean, and the
/// mistakes suite trips exactly the pass rules it is written for.
@Suite("Scenarios: the Wallet pass suites")
struct StoreSuiteTests {
    @Test func theGiftCardIsCleanUnderStrict() {
        let suite = Repository.url("Scenarios/lint/store")
        let result = Linter.lint(paths: [suite.path], options: LintOptions(now: fixedNow, strict: true))
        #expect(result.files.map { $0.path.replacingOccurrences(of: suite.path + "/", with: "") } == ["GiftCard.pkpass/pass.json"])
        #expect(result.files.allSatisfy { !$0.hasProblems && $0.wasChecked && $0.donationCount == 1 }, "\(result.files.flatMap(\.findings).map(\.message))")
        #expect(result.report().exitCode == .success)
    }

    @Test func theStoreMistakesTripTheirRules() {
        let suite = Repository.url("Scenarios/lint/store-mistakes")
        let result = Linter.lint(paths: [suite.path], options: LintOptions(now: fixedNow))
        let prefix = suite.path + "/"
        let found = result.files.flatMap(\.findings).map {
            "\($0.location.file.replacingOccurrences(of: prefix, with: "")) \($0.location.pointer ?? "") \($0.ruleID) \($0.severity.rawValue)"
        }.sorted()
        #expect(found == [
            "GiftCard.pkpass/pass.json /beacons/1/minor pass_beacons error",
            "GiftCard.pkpass/pass.json /locations pass_locations error",
            "Workshop.pkpass/pass.json /relevantDate pass_dates error",
            "Workshop.pkpass/pass.json /webServiceURL pass_web_service error",
        ], "\(found)")
        #expect(result.files.allSatisfy { $0.inputErrors.isEmpty && $0.diagnostics.isEmpty })
        #expect(result.report().exitCode == .problemsFound)
    }
}
