import Foundation
import Testing

@testable import ProctorKit

/// The store app's notification suites: Scenarios/run/store passes, under --strict too, and each
/// scenario of Scenarios/run-mistakes/store fails with exactly the check it is written for.
@Suite("Scenarios: the store app's notifications, regions and beacons")
struct StoreScenarioTests {
    private func run(_ path: String, strict: Bool = false) -> RunReport {
        ScenarioRunner.run(paths: [Repository.url(path).path], options: RunOptions(strict: strict, now: fixedNow, parallel: false, fileReferences: .anywhere)).report
    }

    @Test func theStoreScenariosPass() {
        let report = run("Scenarios/run/store", strict: true)
        let failed = report.suites.flatMap(\.cases).filter { $0.outcome.isFailure || $0.outcome.isError }.map(\.name)
        #expect(failed.isEmpty, "\(failed)")
        #expect(report.suites.count == 8)
        #expect(report.exitCode == .success)
    }

    @Test func theStoreMistakesFailWithTheirChecks() {
        let report = run("Scenarios/run-mistakes/store")
        let failures = report.suites.flatMap { suite in
            suite.cases.compactMap { testCase -> String? in
                guard case .failed(let type, _, _) = testCase.outcome else { return nil }
                return "\(suite.name.split(separator: "/").last ?? "") \(type)"
            }
        }.sorted()
        #expect(failures == [
            "every-store-fenced.scenario.json action_failed",
            "order-notification-without-its-order.scenario.json launch_failed",
            "server-keeps-pushing-to-removed-app.scenario.json push_rejected",
        ], "\(failures)")
        #expect(report.exitCode == .problemsFound)
    }
}
