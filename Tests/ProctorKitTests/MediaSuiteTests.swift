import Foundation
import Testing

@testable import ProctorKit

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
        #expect(found == [
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
        let path = try directory.write("np.json", #"""
            [{"nowPlayingInfo": {"MPMediaItemPropertyTitle": 7, "MPMediaItemPropertyArtsit": "x", "MPNowPlayingInfoPropertyMediaType": "podcast"}},
             {"nowPlayingInfo": {"MPMediaItemPropertyArtist": "x"}}]
            """#)
        let result = Linter.lint(paths: [path], options: LintOptions(now: fixedNow))
        let problems = result.files.flatMap { $0.diagnostics.map { "\($0.code.rawValue) \($0.location.pointer ?? "") \($0.location.line ?? 0)" } }.sorted()
        #expect(problems == [
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
        let mistakes = ScenarioRunner.run(paths: [Repository.url("Scenarios/run-mistakes/audio").path], options: RunOptions(now: fixedNow, parallel: false, fileReferences: .anywhere)).report
        let failures = mistakes.suites.flatMap(\.cases).compactMap { testCase -> String? in
            guard case .failed(let type, _, _) = testCase.outcome else { return nil }
            return type
        }
        #expect(failures == ["expectation_failed", "action_failed"], "\(failures)")
        #expect(mistakes.suites.flatMap(\.findings).map(\.ruleID).sorted() == ["media_now_playing_before_completion", "media_prepare_offline_error"])
    }
}
