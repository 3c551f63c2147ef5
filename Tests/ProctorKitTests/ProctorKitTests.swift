import Foundation
import ProctorKit
import Testing

// ProctorKit as a team uses it from its own tests: a plain `import ProctorKit`, the public API
// and nothing else (no @testable), against the bundled example app.

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
private let june = Date(timeIntervalSince1970: 1_780_315_200)  // 2026-06-01T12:00:00Z

@Suite struct ProctorKitTests {
    let proctor: Proctor

    init() throws {
        proctor = Proctor(app: try AppFacts(infoPlistPath: path("Scenarios/lint/local-places/Info.plist")), now: june)
    }

    static let viewPlace: Payload = .userActivity([
        "activityType": "com.example.slicefinder.view-place",
        "title": "Golden Crust Pizzeria",
        "userInfo": ["placeID": "sf-0412"],
        "requiredUserInfoKeys": ["placeID"],
        "webpageURL": "https://slicefinder.example.com/places/sf-0412",
        "isEligibleForSearch": true,
        "isEligibleForHandoff": true,
    ])

    @Test func aGoodDonationPasses() {
        let report = proctor.lint(Self.viewPlace)
        #expect(report.passed)
        #expect(report.findings.filter { $0.severity != .note }.isEmpty, "\(report.findings)")
        #expect(report.problems.isEmpty)
    }

    @Test func anUndeclaredActivityTypeIsAnErrorOnItsValue() throws {
        let report = proctor.lint(.userActivity(["activityType": "com.example.slicefinder.view-plaec", "title": "Golden Crust"]))
        #expect(!report.passed)
        #expect(report.exitCode == 1)
        let finding = try #require(report.findings(of: "activity_type_declared").first)
        #expect(finding.severity == .error)
        #expect(finding.location.file == "payload.json")
        #expect(finding.location.pointer == "/userActivity/activityType")
        #expect(finding.location.line == 3)
        // The did-you-mean of the command line is in the message.
        #expect(finding.message.contains("com.example.slicefinder.view-place"), "\(finding.message)")
        #expect(finding.description.hasPrefix("payload.json:3:21: error: "), "\(finding)")
    }

    /// A finding's and a problem's text is one line, as the command prints it, whatever the
    /// payload's name and values hold; the properties keep the exact text.
    @Test func descriptionsAreOneLineWithControlCharactersShown() throws {
        let name = "a\n::error file=x::forged\u{1B}[31m.json"
        let report = proctor.lint(
            json:
                #"{"userActivity": {"activityType": "com.example.slicefinder.view-place", "title": "Golden Crust", "x\n::warning::y\u001b[0m": 1}}"#,
            named: name)
        let problem = try #require(report.problems.first)
        #expect(problem.location.file == name)
        #expect(problem.message.contains("\n::warning::y\u{1B}[0m"))
        #expect(problem.description.hasPrefix(#"a\u{A}::error file=x::forged\u{1B}[31m.json:"#), "\(problem)")
        #expect(problem.description.contains(#"x\u{A}::warning::y\u{1B}[0m"#), "\(problem)")
        for description in [problem.description] + report.findings.map(\.description) {
            #expect(!description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(description.debugDescription)")
        }
    }

    @Test func theAppIsReadOnce() throws {
        #expect(proctor.app.activityTypes == ["com.example.slicefinder.view-place", "com.example.slicefinder.browse-neighborhood"])
        #expect(proctor.app.bundleIdentifier == "com.example.slicefinder")
        #expect(proctor.app.infoPlistReport.problems.isEmpty)
    }

    @Test func theInfoPlistIsJudgedOnceWhenItIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proctorkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("Info.plist")
        // An intent restricted while locked that the app does not say it supports.
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.chat</string>
            <key>INIntentsSupported</key><array><string>INSendMessageIntent</string></array>
            <key>INIntentsRestrictedWhileLocked</key><array><string>INStartCallIntent</string></array>
            </dict></plist>
            """.utf8
        ).write(to: plist)
        let app = try AppFacts(infoPlistPath: plist.path)
        let judged = app.infoPlistReport.findings(of: "intents_restricted_while_locked_supported")
        #expect(judged.count == 1, "\(app.infoPlistReport)")
        #expect(judged.first?.location.file == plist.path)
        // A payload's lint holds the payload's findings only.
        let report = Proctor(app: app, now: june).lint(.userActivity(["activityType": "com.example.chat.view", "title": "Chat"]))
        #expect(report.findings(of: "intents_restricted_while_locked_supported").isEmpty, "\(report.findings)")
    }

    @Test func withoutAnAppOnlyRulesNeedingNoFactsRun() {
        let report = Proctor(now: june).lint(.userActivity(["activityType": "com.example.anything", "title": "Golden Crust"]))
        #expect(report.findings(of: "activity_type_declared").isEmpty)
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let item: Payload = .searchableItem(["uniqueIdentifier": "sf-0412", "attributeSet": ["title": "Golden Crust", "rankingHint": 250]])
        let lenient = proctor.lint(item)
        #expect(lenient.findings(of: "ranking_hint_range").map(\.severity) == [.warning])
        #expect(lenient.passed)
        var strict = proctor
        strict.strict = true
        #expect(!strict.lint(item).passed)
    }

    @Test func brokenInputIsALocatedProblemNotACrash() throws {
        let report = proctor.lint(json: #"{"userActivity": {"activityType": 42}}"#, named: "broken.json")
        #expect(report.exitCode == 2)
        let problem = try #require(report.problems.first)
        #expect(problem.code == "type_mismatch")
        #expect(problem.location.pointer == "/userActivity/activityType")
        #expect(problem.location.line == 1)
    }

    @Test func aMissingInfoPlistThrowsALocatedError() {
        #expect(throws: InputError.self) { try AppFacts(infoPlistPath: path("no/such/Info.plist")) }
        do {
            _ = try AppFacts(infoPlistPath: path("no/such/Info.plist"))
        } catch {
            #expect(error.problems.first?.location.file.hasSuffix("no/such/Info.plist") == true)
        }
    }

    @Test func foldersAreLintedAsTheCommandLintsThem() {
        let report = proctor.lint(paths: [path("Scenarios/lint/local-places")])
        #expect(report.problems.filter { $0.severity == .error }.isEmpty, "\(report.problems)")
        #expect(report.passed, "\(report.findings)")
    }

    @Test func scenariosPlayAndReportTheirChecks() throws {
        let passing = proctor.play(paths: [path("Scenarios/run/local-places/restore-from-spotlight-keeps-required-keys.scenario.json")])
        #expect(passing.passed)
        #expect(!passing.checks.isEmpty)
        #expect(passing.checks.allSatisfy { $0.outcome == .passed })

        let failing = proctor.play(paths: [path("Scenarios/run-mistakes")])
        #expect(failing.exitCode == 1)
        let failed = failing.checks.filter { if case .failed = $0.outcome { true } else { false } }
        #expect(!failed.isEmpty)
        #expect(failed.allSatisfy { $0.location != nil })
    }

    @Test func aScenarioInAStringPlays() throws {
        let scenario = """
            {
              "format": 1,
              "name": "Restored from Spotlight with only the required keys",
              "app": {
                "bundleIdentifier": "com.example.slicefinder",
                "infoPlist": "Info.plist",
                "routes": [{"name": "placeDetail", "activityTypes": ["com.example.slicefinder.view-place"], "userInfoKeys": ["placeID"]}]
              },
              "clock": "2026-06-01T19:00:00Z",
              "steps": [
                {"becomeCurrent": {"activity": "golden-crust", "userActivity": {
                  "activityType": "com.example.slicefinder.view-place", "title": "Golden Crust Pizzeria",
                  "userInfo": {"placeID": "sf-0412", "section": "menu"}, "requiredUserInfoKeys": ["placeID"], "isEligibleForSearch": true}}},
                {"searchSpotlight": {"query": "golden", "tap": "Golden Crust Pizzeria"}},
                {"expect": {"launch": {"route": "placeDetail", "userInfo": {"placeID": "sf-0412"}}}}
              ]
            }
            """
        // infoPlist is read relative to the directory given.
        let report = proctor.play(scenarioJSON: scenario, directory: path("Scenarios/lint/local-places"))
        #expect(report.problems.filter { $0.severity == .error }.isEmpty, "\(report.problems)")
        #expect(report.passed, "\(report.checks)")
        #expect(report.checks.map(\.outcome) == [.passed, .passed, .passed], "\(report.checks)")

        // The same scenario expecting a key Spotlight does not bring back fails, located on its step.
        let wrong = proctor.play(
            scenarioJSON: scenario.replacingOccurrences(of: #"{"placeID": "sf-0412"}}}}"#, with: #"{"placeID": "sf-0412", "section": "menu"}}}}"#),
            directory: path("Scenarios/lint/local-places"))
        #expect(wrong.exitCode == 1)
        let failed = try #require(wrong.checks.first { if case .failed = $0.outcome { true } else { false } })
        #expect(failed.location?.line == 15, "\(failed)")  // the expect step
    }

    @Test func payloadsWriteTheJSONTheyAreBuiltFrom() {
        let payload: Payload = ["b": [1, 2.5, nil, true], "a": "line\nbreak \"quoted\""]
        #expect(
            payload.jsonText == """
                {
                  "b": [
                    1,
                    2.5,
                    null,
                    true
                  ],
                  "a": "line\\nbreak \\"quoted\\""
                }

                """)
    }
}
