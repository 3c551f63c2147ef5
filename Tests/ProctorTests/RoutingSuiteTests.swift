import Foundation
import ProctorLint
import ProctorScenario
import Testing

/// The routing suites of Scenarios/lint: Jitney, a ride-sharing app, lints clean with its
/// Info.plist and coverage file, and the mistakes suite trips exactly the rules it is written for,
/// at the lines of its Info.plist.
@Suite("Scenarios: the routing suites")
struct RoutingSuiteTests {
    static func lint(_ folder: String, strict: Bool = false) -> (LintResult, prefix: String) {
        let suite = Repository.url("Scenarios/lint/\(folder)")
        let options = LintOptions(infoPlistPath: suite.appendingPathComponent("Info.plist").path, now: fixedNow, strict: strict)
        return (Linter.lint(paths: [suite.path], options: options), suite.path + "/")
    }

    @Test func theRideShareAppIsCleanUnderStrict() {
        let (result, prefix) = Self.lint("ride-share", strict: true)
        #expect(result.files.map { $0.path.replacingOccurrences(of: prefix, with: "") } == ["coverage.geojson"])
        #expect(
            result.files.allSatisfy { !$0.hasProblems && $0.wasChecked && $0.payloadCount == 1 }, "\(result.files.flatMap(\.findings).map(\.message))"
        )
        #expect(result.appInfo?.directionsModes == ["MKDirectionsModeRideShare", "MKDirectionsModeCar"])
        #expect(result.appInfo?.documentTypes?.map(\.contentTypes) == [["com.apple.maps.directionsrequest"]])
        #expect(result.report().exitCode == .success)
    }

    @Test func theRideShareMistakesTripTheirRules() {
        let (result, prefix) = Self.lint("ride-share-mistakes")
        let found = result.files.flatMap(\.findings).map {
            "\($0.location.file.replacingOccurrences(of: prefix, with: "")) \($0.location.pointer ?? "") \($0.ruleID) \($0.severity.rawValue)"
        }.sorted()
        #expect(
            found
                == [
                    "Info.plist /MKDirectionsApplicationSupportedModes routing_app_document_type error",
                    "Info.plist /MKDirectionsApplicationSupportedModes/0 routing_app_modes error",
                    "coverage.geojson /coordinates/20 coverage_polygon_count error",
                    "coverage.geojson /coordinates/3/0/3 coverage_polygon_closed error",
                    "coverage.geojson /coordinates/5/0/2 coverage_coordinates error",
                    "coverage.geojson /coordinates/7/1 coverage_polygon_holes error",
                ].sorted(), "\(found)")
        #expect(result.files.allSatisfy { $0.inputErrors.isEmpty && $0.diagnostics.isEmpty })
        #expect(result.report().exitCode == .problemsFound)
    }

    /// Findings in the Info.plist are at the lines of its entries; in the coverage file at the
    /// line and column of the value.
    @Test func theMistakesAreLocatedByLine() throws {
        let (result, prefix) = Self.lint("ride-share-mistakes")
        let lines = Dictionary(
            uniqueKeysWithValues: result.files.flatMap(\.findings).map {
                ("\($0.location.file.replacingOccurrences(of: prefix, with: "")) \($0.ruleID)", "\($0.location.line ?? 0):\($0.location.column ?? 0)")
            })
        #expect(lines["Info.plist routing_app_document_type"] == "25:0", "the key MKDirectionsApplicationSupportedModes")
        #expect(lines["Info.plist routing_app_modes"] == "27:0", "the entry MKDirectionsModeRideshare")
        #expect(lines["coverage.geojson coverage_polygon_count"] == "22:3")
        #expect(lines["coverage.geojson coverage_coordinates"] == "7:49")
        let modes = try #require(result.files.flatMap(\.findings).first { $0.ruleID == "routing_app_modes" })
        #expect(modes.message.hasSuffix("did you mean 'MKDirectionsModeRideShare'?"))
    }

    /// The directions scenarios: Maps offers Jitney inside its coverage and for its modes only,
    /// and a ride screen that needs coordinates fails on a map item with an address only.
    @Test func theDirectionsScenariosPlayAsWritten() {
        let options = RunOptions(strict: true, now: fixedNow, parallel: false, fileReferences: .anywhere)
        let clean = ScenarioRunner.run(paths: [Repository.url("Scenarios/run/ride-share").path], options: options).report
        #expect(clean.exitCode == .success)
        let mistakes = ScenarioRunner.run(paths: [Repository.url("Scenarios/run-mistakes/ride-share").path], options: options).report
        let failures = mistakes.suites.flatMap(\.cases).compactMap { testCase -> String? in
            guard case .failed(let type, let message, _) = testCase.outcome else { return nil }
            return "\(type) \(message.contains("missingCoordinates"))"
        }
        #expect(failures == ["launch_failed true"], "\(failures)")
    }

    /// A coverage file App Store Connect would refuse (an unclosed ring) is not used by a scenario:
    /// the scenario says so at its coverageFile, and lint locates the problem in the file.
    @Test func aBrokenCoverageFileIsRefusedByScenarios() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write(
            "coverage.geojson", #"{"type": "MultiPolygon", "coordinates": [[[[-118.7, 33.7], [-118.0, 33.7], [-118.0, 34.3], [-118.7, 34.3]]]]}"#)
        let path = try directory.write(
            "d.scenario.json",
            #"""
            {"format": 1, "name": "d", "clock": "2026-06-01T12:00:00Z",
             "app": {"bundleIdentifier": "com.x", "info": {}, "coverageFile": "coverage.geojson", "routes": [{"name": "drive", "directionsRequests": true}]},
             "steps": [{"requestDirections": {"to": {"latitude": 34.0, "longitude": -118.2}}}]}
            """#)
        let report = ScenarioRunner.run(paths: [path], options: RunOptions(now: fixedNow, parallel: false, fileReferences: .anywhere)).report
        let errors = report.suites.flatMap(\.inputErrors)
        #expect(
            errors.map { "\($0.code.rawValue) \($0.location.pointer ?? "")" } == ["scenario_invalid_value /app/coverageFile"],
            "\(errors.map(\.message))")
        #expect(errors.first?.message.contains("coverage_polygon_closed") == true)
    }
}
