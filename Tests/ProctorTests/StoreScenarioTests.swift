import Foundation
import ProctorReports
import ProctorScenario
import Testing

/// The store app's notification suites: Scenarios/run/store passes, under --strict too, and each
/// scenario of Scenarios/run-mistakes/store fails with exactly the check it is written for.
@Suite("Scenarios: the store app's notifications, regions and beacons")
struct StoreScenarioTests {
    private func run(_ path: String, strict: Bool = false) -> RunReport {
        ScenarioRunner.run(
            paths: [Repository.url(path).path], options: RunOptions(strict: strict, now: fixedNow, parallel: false, fileReferences: .anywhere)
        ).report
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
        #expect(
            failures == [
                "every-store-fenced.scenario.json action_failed",
                "order-notification-without-its-order.scenario.json launch_failed",
                "server-keeps-pushing-to-removed-app.scenario.json push_rejected",
            ], "\(failures)")
        #expect(report.exitCode == .problemsFound)
    }

    /// A region handler or a stopMonitoringRegion naming a region no step monitors would never
    /// run: the scenario is refused, at the name, with a suggestion.
    @Test func regionNamesMustBeMonitored() throws {
        let text = #"""
            {"format": 1, "name": "typo", "clock": "2026-05-02T16:00:00Z",
             "app": {"bundleIdentifier": "com.example.store", "info": {}, "routes": [],
                     "regionHandlers": [{"region": "upper-westside", "event": "entry", "postNotification": {"title": "Hi"}}]},
             "steps": [
               {"monitorRegion": {"circularRegion": {"identifier": "upper-west-side", "center": {"latitude": 40.78, "longitude": -73.98}, "radius": 100}}},
               {"stopMonitoringRegion": {"identifier": "uws"}}
             ]}
            """#
        let suite = try #require(
            ScenarioRunner.runFile(
                bytes: Array(text.utf8), path: "typo.scenario.json", directory: "/nonexistent", options: RunOptions(now: fixedNow, parallel: false)))
        let problems = suite.inputErrors.map { "\($0.code.rawValue) \($0.location.pointer ?? "")" }
        #expect(
            problems == [
                "scenario_unknown_reference /app/regionHandlers/0/region", "scenario_unknown_reference /steps/1/stopMonitoringRegion/identifier",
            ], "\(problems)")
        #expect(suite.inputErrors.first?.message.contains("did you mean 'upper-west-side'?") == true)
    }

    private func play(_ text: String) throws -> RunReport.Suite {
        try #require(
            ScenarioRunner.runFile(
                bytes: Array(text.utf8), path: "t.scenario.json", directory: "/nonexistent", options: RunOptions(now: fixedNow, parallel: false)))
    }

    /// A pass written inside a scenario is judged where it is written: its findings point into
    /// the scenario under `pass`, not at the pass's own root.
    @Test func inlinePassFindingsPointIntoTheScenario() throws {
        let locations = (0..<11).map { #"{"latitude": 37.\#($0), "longitude": -122.0}"# }.joined(separator: ", ")
        let text = #"""
            {"format": 1, "name": "pass", "clock": "2026-06-01T12:00:00Z", "app": {"bundleIdentifier": "com.x", "info": {}, "routes": []},
             "steps": [{"addPass": {"pass": {"formatVersion": 1, "passTypeIdentifier": "pass.com.x.card", "serialNumber": "1", "teamIdentifier": "A1B2C3D4E5",
               "organizationName": "X", "description": "Card", "storeCard": {"primaryFields": [{"key": "b", "label": "B", "value": 1}]},
               "barcodes": [{"format": "PKBarcodeFormatQR", "message": "1", "messageEncoding": "iso-8859-1"}],
               "locations": [\#(locations)]}}}]}
            """#
        let suite = try play(text)
        #expect(
            suite.findings.map { "\($0.ruleID) \($0.location.pointer ?? "") \($0.location.line ?? 0)" } == [
                "pass_locations /steps/0/addPass/pass/locations 5"
            ])
    }

    /// A signed bundle's pass is added as its pass.json would be: near the pass's location it is on
    /// the lock screen. An archive that is not one is the step's input error, at `passFile`.
    @Test func aPassBundleIsAddedByItsPassJSON() throws {
        let text = #"""
            {"format": 1, "name": "bundle", "clock": "2026-06-01T12:00:00Z", "app": {"bundleIdentifier": "com.x", "info": {}, "routes": []},
             "steps": [{"addPass": {"passFile": "Coffee.pkpass"}}, {"moveDevice": {"to": {"latitude": 37.3318, "longitude": -122.0312}}},
                       {"expect": {"lockScreen": {"passes": [{"description": "CARD_DESCRIPTION", "text": "NEARBY_TEXT"}]}}}]}
            """#
        let suite = try #require(
            ScenarioRunner.runFile(
                bytes: Array(text.utf8), path: "bundle.scenario.json", directory: Repository.url("Scenarios/lint/wallet-bundles").path,
                options: RunOptions(now: fixedNow, parallel: false, fileReferences: .anywhere)))
        #expect(suite.inputErrors.isEmpty, "\(suite.inputErrors.map(\.message))")
        #expect(suite.cases.allSatisfy { !$0.outcome.isFailure && !$0.outcome.isError }, "\(suite.cases.map { "\($0.name) \($0.outcome)" })")
        #expect(suite.cases.count > 1)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-addpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a zip".utf8).write(to: folder.appendingPathComponent("Broken.pkpass"))
        let broken = try #require(
            ScenarioRunner.runFile(
                bytes: Array(text.replacingOccurrences(of: "Coffee.pkpass", with: "Broken.pkpass").utf8), path: "bundle.scenario.json",
                directory: folder.path, options: RunOptions(now: fixedNow, parallel: false, fileReferences: .anywhere)))
        #expect(broken.inputErrors.map { "\($0.code.rawValue) \($0.location.pointer ?? "")" } == ["pkpass_not_zip /steps/0/addPass/passFile"])
    }

    /// An expectation examines the refusals it names: a 21st region refused before the app was
    /// removed still fails when a later expect lists no failure.
    @Test func regionRefusalsAreExaminedByName() throws {
        let regions = (1...21).map {
            #"{"monitorRegion": {"circularRegion": {"identifier": "s\#($0)", "center": {"latitude": 40.\#($0), "longitude": -73.0}, "radius": 100}}}"#
        }
        let text = #"""
            {"format": 1, "name": "regions", "clock": "2026-06-01T12:00:00Z", "app": {"bundleIdentifier": "com.x", "info": {}, "routes": []},
             "steps": [\#(regions.joined(separator: ", ")), {"removeApp": {}}, {"expect": {"regions": {"failed": []}}}]}
            """#
        let suite = try play(text)
        let failed = suite.cases.compactMap { testCase -> String? in
            guard case .failed(let type, _, _) = testCase.outcome else { return nil }
            return type
        }
        #expect(failed == ["action_failed"], "\(failed)")
    }
}
