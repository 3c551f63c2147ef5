import Foundation
import ProctorCore
import ProctorJSON
import Testing

@testable import ProctorReports
@testable import ProctorScenario

/// What the scenario player records of a run for the HTML report: an entry per step, launch and
/// expectation, at the model's clock, in the lane of its device, marked where a check failed.
@Suite("Scenario timeline")
struct TimelineTests {
    /// Two devices: the iPhone offers Handoff, the Mac accepts it; Spotlight on the iPhone then
    /// does not show what the scenario expects.
    static let handoffScenario = #"""
        {
          "format": 1,
          "name": "Hand a recipe to the Mac <b>",
          "app": {
            "bundleIdentifier": "com.example.app",
            "info": {"NSUserActivityTypes": ["com.example.app.view"]},
            "routes": [{"name": "detail", "activityTypes": ["com.example.app.view"], "userInfoKeys": ["id"]}]
          },
          "devices": [{"name": "iPhone"}, {"name": "Mac"}],
          "clock": "2026-06-01T12:00:00Z",
          "steps": [
            {"becomeCurrent": {"activity": "a", "device": "iPhone", "userActivity": {
              "activityType": "com.example.app.view", "title": "Shakshuka", "isEligibleForHandoff": true,
              "isEligibleForSearch": true, "userInfo": {"id": "1"}, "requiredUserInfoKeys": ["id"]}}},
            {"advanceClock": {"minutes": 5}},
            {"acceptHandoff": {"device": "Mac"}},
            {"expect": {"launch": {"route": "detail"}, "spotlight": {"device": "iPhone", "query": "shakshuka", "results": ["Beach"]}}}
          ]
        }
        """#

    static func play(_ text: String, recordsTimeline: Bool = true) throws -> RunReport.Suite {
        try #require(
            ScenarioRunner.runFile(
                bytes: Array(text.utf8), path: "handoff.scenario.json", directory: "",
                options: RunOptions(now: fixedNow, parallel: false, recordsTimeline: recordsTimeline)))
    }

    @Test func aPlayedScenarioRecordsItsTimeline() throws {
        let suite = try Self.play(Self.handoffScenario)
        let timeline = try #require(suite.timeline)
        #expect(timeline.scenario == "Hand a recipe to the Mac <b>")
        #expect(timeline.devices == ["iPhone", "Mac"])
        let start = DateFormat.parse("2026-06-01T12:00:00Z")!
        let later = start.addingTimeInterval(300)
        let shown = timeline.events.map {
            "\($0.step) \($0.device ?? "-") \($0.kind.label) \($0.time == start ? "12:00" : $0.time == later ? "12:05" : "?")"
        }
        #expect(
            shown == [
                "1 iPhone becomeCurrent 12:00", "2 - advanceClock 12:00", "3 Mac acceptHandoff 12:05", "3 Mac launch 12:05",
                "4 Mac expect launch 12:05", "4 iPhone expect spotlight 12:05",
            ])
        #expect(timeline.events[3].summary == "accepting Handoff of 'a' on 'Mac': the app shows route 'detail'")
        #expect(timeline.events[5].summary == "Spotlight on 'iPhone' for 'shakshuka'")
        #expect(timeline.events.prefix(5).allSatisfy { $0.outcome == .ok })
        // The failed expectation: what the case says, expected and actual apart.
        let failed = try #require(suite.cases.first { $0.outcome.isFailure })
        guard case .failed(_, let message, let details) = failed.outcome else { return }
        #expect(
            timeline.events[5].outcome
                == .failed([.init(message: message, expected: "results ['Beach']", actual: "results ['Shakshuka' (activity 'a')]")]))
        #expect(details == "expected: results ['Beach']\n  actual: results ['Shakshuka' (activity 'a')]")
        #expect(timeline.events[5].location == failed.location)
        #expect(try Self.play(Self.handoffScenario, recordsTimeline: false).timeline == nil, "recorded only when a report draws it")
    }

    /// A failure of what a step does, of the launch it causes or of the rules on its donation
    /// marks the entry it belongs to, and only that one.
    @Test func eachFailureMarksItsOwnEntry() throws {
        let suite = try Self.play(
            #"""
            {"format": 1, "name": "Restore", "clock": "2026-06-01T12:00:00Z",
             "app": {"info": {"NSUserActivityTypes": ["com.example.app.view"]},
                     "routes": [{"name": "detail", "activityTypes": ["com.example.app.view"], "userInfoKeys": ["id", "section"]}]},
             "steps": [
               {"becomeCurrent": {"activity": "a", "userActivity": {"activityType": "com.example.app.view", "isEligibleForSearch": true,
                                  "title": "Sunset", "webpageURL": "ftp://example.com/sunset", "userInfo": {"id": "1", "section": "menu"}, "requiredUserInfoKeys": ["id"]}}},
               {"searchSpotlight": {"query": "sunset", "tap": 1}},
               {"searchSpotlight": {"query": "nothing", "tap": "Beach"}}
             ]}
            """#)
        let timeline = try #require(suite.timeline)
        let shown = timeline.events.map { event -> String in
            guard case .failed(let mismatches) = event.outcome else { return "\(event.step) \(event.kind.label) ok" }
            // The rules' actual value is their findings' lines: their rule ids say enough here.
            return "\(event.step) \(event.kind.label) failed: "
                + mismatches.map {
                    "\($0.expected) / \($0.actual.hasSuffix("]") ? String($0.actual.split(separator: " ").last!) : String($0.actual.prefix(40)))"
                }.joined(separator: " + ")
        }
        #expect(
            shown == [
                "1 becomeCurrent failed: no finding that fails the run / [webpage_url_scheme]",
                "2 searchSpotlight ok",
                "2 launch failed: a route that restores the screen / missingUserInfo: route 'detail' needs 's",
                "3 searchSpotlight failed: a result 'Beach' / no results",
            ])
        #expect(
            timeline.devices == ["iPhone"] && timeline.events.allSatisfy { $0.device == "iPhone" }, "one device by default: every entry in its lane")
    }

    @Test func everyBundledStepOnADeviceHasALane() throws {
        // A step type with a `device` that StepOnOneDevice does not list would be drawn in the
        // system's lane; reflection finds them here, so the player needs none.
        let manager = FileManager.default
        var files: [String] = []
        for folder in ["Scenarios", "Conformance"] {
            let enumerator = try #require(manager.enumerator(atPath: Repository.url(folder).path))
            for case let path as String in enumerator where path.hasSuffix(".scenario.json") { files.append(folder + "/" + path) }
        }
        #expect(files.count > 40)
        var steps = 0
        var names = Set<String>()
        for file in files.sorted() {
            let url = Repository.url(file)
            let source = SourceText(bytes: Array(try Data(contentsOf: url)))
            guard case .success(let root) = JSONReader.parse(source) else { continue }
            var decoder = ScenarioDecoder(path: url.path, source: source, directory: url.deletingLastPathComponent().path, references: .anywhere)
            guard let scenario = decoder.decode(root) else { continue }
            for step in scenario.steps {
                steps += 1
                names.insert(type(of: step.action).name)
                let hasDevice = Mirror(reflecting: step.action).children.contains { $0.label == "device" }
                #expect(
                    !hasDevice || step.action is any StepOnOneDevice,
                    "\(type(of: step.action)) (\(file), step \(step.number)) has a device but no lane")
            }
        }
        #expect(steps > 200 && names.count > 30)
    }
}
