import Foundation
import ProctorLint
import ProctorScenario
import Testing

/// The media suites: Casts, a podcast app, lints clean; its mistakes trip exactly the rules they
/// are written for; its scenarios play the seed's media suggestion as written, and the mistakes
/// scenario fails where the app sets its Now Playing information too late.
@Suite("Scenarios: the media suites")
struct MediaSuiteTests {
    static func lint(_ folder: String, strict: Bool = false) -> (LintResult, prefix: String) {
        let suite = Repository.url("Scenarios/lint/\(folder)")
        let options = LintOptions(infoPlistPath: suite.appendingPathComponent("Info.plist").path, now: fixedNow, strict: strict)
        return (Linter.lint(paths: [suite.path], options: options), suite.path + "/")
    }

    @Test func theAudioAppIsCleanUnderStrict() {
        let (result, _) = Self.lint("audio", strict: true)
        #expect(result.files.count == 2)
        #expect(result.appInfo?.backgroundModes == ["audio"])
        #expect(result.files.allSatisfy { !$0.hasProblems && $0.wasChecked }, "\(result.files.flatMap(\.findings).map(\.message))")
        #expect(result.report().exitCode == .success)
    }

    @Test func theAudioMistakesTripTheirRules() {
        let (result, _) = Self.lint("audio-mistakes")
        let found = result.files.flatMap(\.findings).map { "\($0.location.pointer ?? "") \($0.ruleID) \($0.severity.rawValue)" }.sorted()
        #expect(
            found == [
                "/0/interaction/intent/INPlayMediaIntent play_media_background_audio error",
                "/0/interaction/intent/INPlayMediaIntent play_media_intent_handled error",
                "/0/interaction/intent/INPlayMediaIntent/mediaItems/0 play_media_intent_content warning",
                "/0/nowPlayingInfo now_playing_artwork warning",
                "/0/nowPlayingInfo now_playing_title warning",
                "/0/nowPlayingInfo/MPNowPlayingInfoPropertyElapsedPlaybackTime now_playing_position error",
                "/1/nowPlayingInfo/MPNowPlayingInfoPropertyPlaybackProgress now_playing_position error",
                "/1/nowPlayingInfo/MPNowPlayingInfoPropertyPlaybackQueueIndex now_playing_queue error",
            ], "\(found)")
        #expect(result.files.allSatisfy { $0.inputErrors.isEmpty && $0.diagnostics.isEmpty })
        #expect(result.report().exitCode == .problemsFound)
    }

    /// A value of the wrong type, a misspelt key and an unknown media type are located problems
    /// of the payload, and the other payloads of the file are still judged.
    @Test func malformedNowPlayingInfoIsLocated() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write(
            "np.json",
            #"""
            [{"nowPlayingInfo": {"MPMediaItemPropertyTitle": 7, "MPMediaItemPropertyArtsit": "x", "MPNowPlayingInfoPropertyMediaType": "podcast"}},
             {"nowPlayingInfo": {"MPMediaItemPropertyArtist": "x"}}]
            """#)
        let result = Linter.lint(paths: [path], options: LintOptions(now: fixedNow))
        let problems = result.files.flatMap { $0.diagnostics.map { "\($0.code.rawValue) \($0.location.pointer ?? "") \($0.location.line ?? 0)" } }
            .sorted()
        #expect(
            problems == [
                "invalid_value /0/nowPlayingInfo/MPNowPlayingInfoPropertyMediaType 1",
                "type_mismatch /0/nowPlayingInfo/MPMediaItemPropertyTitle 1",
                "unknown_key /0/nowPlayingInfo/MPMediaItemPropertyArtsit 1",
            ], "\(problems)")
        #expect(result.files.flatMap(\.findings).contains { $0.ruleID == "now_playing_title" && $0.location.pointer == "/1/nowPlayingInfo" })
    }

    @Test func theMediaScenariosPlayAsWritten() {
        let options = RunOptions(strict: true, now: fixedNow, parallel: false, fileReferences: .anywhere)
        let clean = ScenarioRunner.run(paths: [Repository.url("Scenarios/run/audio").path], options: options).report
        #expect(clean.exitCode == .success)
        let mistakes = ScenarioRunner.run(
            paths: [Repository.url("Scenarios/run-mistakes/audio").path],
            options: RunOptions(now: fixedNow, parallel: false, fileReferences: .anywhere)
        ).report
        let failures = mistakes.suites.flatMap(\.cases).compactMap { testCase -> String? in
            guard case .failed(let type, _, _) = testCase.outcome else { return nil }
            return type
        }
        #expect(failures == ["expectation_failed", "action_failed"], "\(failures)")
        #expect(mistakes.suites.flatMap(\.findings).map(\.ruleID).sorted() == ["media_now_playing_before_completion", "media_prepare_offline_error"])
    }
}

/// The media model's edges: a device without the app, a deleted app, a Play that played nothing
/// and what excuses it, and Now Playing information dumped at run time.
@Suite("Media suggestions: the model's edges")
struct MediaModelEdgeTests {
    private static let app =
        #""app": {"bundleIdentifier": "com.example.casts", "info": {}, "routes": [], "media": {"prepare": {"nowPlayingInfo": {"MPMediaItemPropertyTitle": "Ep", "MPMediaItemPropertyArtwork": {"boundsSize": {"width": 1, "height": 1}}}}}}"#

    private func play(_ steps: String, devices: String = #"[{"name": "iPhone"}]"#) throws -> [String] {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write(
            "m.scenario.json",
            #"{"format": 1, "name": "m", "clock": "2026-06-01T12:00:00Z", \#(Self.app), "devices": \#(devices), "steps": [\#(steps)]}"#)
        let report = ScenarioRunner.run(paths: [path], options: RunOptions(now: fixedNow, parallel: false, fileReferences: .anywhere)).report
        #expect(report.suites.flatMap(\.inputErrors).isEmpty, "\(report.suites.flatMap(\.inputErrors).map(\.message))")
        return report.suites.flatMap(\.cases).compactMap { testCase in
            guard case .failed(let type, _, _) = testCase.outcome else { return nil }
            return "\(testCase.name.split(separator: ":").first ?? "") \(type)"
        }
    }

    @Test func aDeviceWithoutTheAppIsSuggestedNothing() throws {
        let failures = try play(
            #"{"connectAudioRoute": {"device": "iPad", "route": "headphones"}}, {"expect": {"lockScreen": {"device": "iPad", "media": {"shown": "none"}}}}"#,
            devices: #"[{"name": "iPhone"}, {"name": "iPad", "appInstalled": false}]"#)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func deletingTheAppTakesItsSuggestionAway() throws {
        let failures = try play(
            #"""
            {"connectAudioRoute": {"route": "headphones"}}, {"removeApp": {}},
            {"expect": {"lockScreen": {"media": {"shown": "none"}}}}
            """#)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Only an expectation that says nothing plays excuses a Play that played nothing.
    @Test func aFailedPlayIsExcusedOnlyByAnExpectationThatSaysSo() throws {
        let unexcused = try play(
            #"""
            {"connectAudioRoute": {"route": "headphones"}}, {"removeApp": {}}, {"installApp": {}}, {"tapPlay": {}},
            {"connectAudioRoute": {"route": "headphones"}}, {"expect": {"lockScreen": {"media": {"shown": "nowPlaying", "playing": false}}}}
            """#)
        #expect(unexcused.isEmpty, "playing: false after the failed Play says nothing played: \(unexcused)")
        let stillFails = try play(
            #"""
            {"tapPlay": {}}, {"connectAudioRoute": {"route": "headphones"}}, {"expect": {"lockScreen": {"media": {"shown": "nowPlaying", "title": "Ep"}}}}
            """#)
        #expect(stillFails == ["step 1 action_failed"], "\(stillFails)")
    }

    @Test func findingsAboutThePreparationAreReportedOnce() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write(
            "m.scenario.json",
            #"""
            {"format": 1, "name": "m", "clock": "2026-06-01T12:00:00Z",
             "app": {"bundleIdentifier": "com.x", "info": {}, "routes": [], "media": {"prepare": {"nowPlayingInfo": {"MPMediaItemPropertyTitle": "Ep"}, "startsPlayback": true}}},
             "steps": [{"connectAudioRoute": {"route": "headphones"}}, {"connectAudioRoute": {"route": "carPlay"}}]}
            """#)
        let report = ScenarioRunner.run(paths: [path], options: RunOptions(now: fixedNow, parallel: false, fileReferences: .anywhere)).report
        #expect(report.suites.flatMap(\.findings).map(\.ruleID).sorted() == ["media_prepare_without_playing", "now_playing_artwork"])
    }

    /// A dictionary dumped at run time holds the MPMediaItemProperty constants' values; a persistent
    /// ID is a UInt64; a key written both ways is refused.
    @Test func runtimeKeysAndPersistentIDs() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write(
            "np.json",
            #"""
            [{"nowPlayingInfo": {"title": "Ep", "artwork": {"boundsSize": {"width": 600, "height": 600}}, "playbackDuration": 60,
              "MPNowPlayingInfoPropertyElapsedPlaybackTime": 90, "persistentID": 18446744073709551615}},
             {"nowPlayingInfo": {"title": "A", "MPMediaItemPropertyTitle": "B", "MPMediaItemPropertyArtwork": {"boundsSize": {"width": 1, "height": 1}}}}]
            """#)
        let result = Linter.lint(paths: [path], options: LintOptions(now: fixedNow))
        let findings = result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.pointer ?? "")" }
        #expect(findings == ["now_playing_position /0/nowPlayingInfo/MPNowPlayingInfoPropertyElapsedPlaybackTime"], "\(findings)")
        let problems = result.files.flatMap(\.diagnostics).map { "\($0.code.rawValue) \($0.location.pointer ?? "")" }
        #expect(problems == ["invalid_value /1/nowPlayingInfo/MPMediaItemPropertyTitle"], "\(problems)")
    }
}
