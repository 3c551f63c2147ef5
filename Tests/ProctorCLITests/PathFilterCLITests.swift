import Foundation
import Testing

/// Include and exclude patterns, and rule settings for some paths, as a team configures them.
@Suite("CLI: include, exclude and overrides")
struct PathFilterCLITests {
    private func project(_ files: [String: String]) throws -> URL {
        try temporaryProject(files, prefix: "proctor-filter")
    }

    private let donation =
        #"{"userActivity": {"activityType": "com.example.app.view", "title": "\#(String(repeating: "Golden Crust Pizzeria, ", count: 5))", "isEligibleForSearch": true}}"#

    @Test func excludedFilesAndFoldersAreNotRead() throws {
        let root = try project([
            ".proctor.json": #"{"format": 1, "lint": {"paths": ["payloads"], "exclude": ["*.jsonl", "payloads/vendor"]}}"#,
            "payloads/a.json": donation, "payloads/big.jsonl": donation + "\n", "payloads/vendor/v.json": donation,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.stdout.contains("payloads/a.json:") && !run.stdout.contains("big.jsonl") && !run.stdout.contains("vendor"), "\(run.stdout)")
        #expect(run.stdout.contains("lint: 1 file,"), "\(run.stdout)")
        // A flag replaces the file's list of the same name, relative to the current directory.
        let flagged = try proctor(["lint", "--now", "2026-06-01T12:00:00Z", "--exclude", "payloads/a.json"], in: root)
        #expect(
            flagged.stdout.contains("big.jsonl") && flagged.stdout.contains("vendor/v.json") && !flagged.stdout.contains("payloads/a.json:"),
            "\(flagged.stdout)")
        // A file named on the command line is read whatever the patterns say.
        let named = try proctor(["lint", "--now", "2026-06-01T12:00:00Z", "payloads/big.jsonl"], in: root)
        #expect(named.stdout.contains("big.jsonl"), "\(named.stdout)")
    }

    @Test func includeKeepsOnlyWhatItMatchesAndSaysWhenNothingIsLeft() throws {
        let root = try project(["payloads/a.json": donation, "payloads/b.json": donation])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--no-config", "payloads", "--include", "b.json", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.stdout.contains("payloads/b.json:") && !run.stdout.contains("payloads/a.json:"), "\(run.stdout)")
        let none = try proctor(["lint", "--no-config", "payloads", "--include", "*.html"], in: root)
        #expect(none.status == 2)
        #expect(none.stdout.contains("the include and exclude patterns left out 2 files or folders"), "\(none.stdout)")
        let bad = try proctor(["lint", "--no-config", "payloads", "--exclude", "../elsewhere"], in: root)
        #expect(bad.status == 64 && bad.stderr.contains("--exclude: '../elsewhere' has a '.' or '..' folder"), "\(bad.stderr)")
    }

    @Test func overridesSetRulesForSomePathsOnly() throws {
        let root = try project([
            ".proctor.json": """
            {"format": 1, "lint": {"paths": ["payloads"]},
             "rules": {"title_length": "error"},
             "overrides": [
               {"files": ["payloads/legacy"], "exclude": ["keep.json"], "rules": {"title_length": "off"}},
               {"files": ["payloads/legacy/b.json"], "rules": {"title_length": "note"}}
             ]}
            """,
            "payloads/new.json": donation, "payloads/legacy/a.json": donation, "payloads/legacy/b.json": donation,
            "payloads/legacy/keep.json": donation,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("payloads/new.json:1:68: error:"), "the project's rules: \(run.stdout)")
        #expect(!run.stdout.contains("legacy/a.json"), "turned off for legacy: \(run.stdout)")
        #expect(run.stdout.contains("payloads/legacy/b.json:1:68: note:"), "the later override wins: \(run.stdout)")
        #expect(run.stdout.contains("payloads/legacy/keep.json:1:68: error:"), "excluded from the override: \(run.stdout)")
        let printed = try proctor(["config", "print"], in: root)
        #expect(
            printed.stdout.contains(
                "overrides             [payloads/legacy except keep.json: title_length=off] [payloads/legacy/b.json: title_length=note]  [.proctor.json:3:15]"
            ), "\(printed.stdout)")
    }

    @Test func malformedPatternsAndOverridesAreLocated() throws {
        let root = try project([
            ".proctor.json":
                "{\"format\": 1,\n \"lint\": {\"exclude\": [\"a//b\"]},\n \"overrides\": [{\"files\": [], \"rules\": {\"title_lenght\": \"off\"}}]}\n",
            "p.json": "{}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "p.json"], in: root)
        #expect(run.status == 64)
        #expect(run.stderr.contains(".proctor.json:2:23: error: 'a//b' names no file"), "\(run.stderr)")
        #expect(run.stderr.contains(".proctor.json:3:26: error: an override applies to the files its patterns match"), "\(run.stderr)")
        #expect(run.stderr.contains(".proctor.json:3:40: error: 'title_lenght' is not a rule"), "\(run.stderr)")
    }

    @Test func runTakesIncludeAndExcludeToo() throws {
        let scenario =
            #"{"format": 1, "name": "N", "clock": "2026-06-01T12:00:00Z", "app": {"bundleIdentifier": "com.x", "info": {}, "routes": []}, "steps": [{"advanceClock": {"days": 1}}]}"#
        let root = try project([
            ".proctor.json": #"{"format": 1, "run": {"paths": ["s"], "exclude": ["wip"]}}"#,
            "s/a.scenario.json": scenario, "s/wip/b.scenario.json": scenario,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["run", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.status == 0 && run.stdout.contains("run: 1 file"), "\(run.stdout)\(run.stderr)")
        let flagged = try proctor(["run", "--now", "2026-06-01T12:00:00Z", "--exclude", "a.scenario.json"], in: root)
        #expect(flagged.stdout.contains("run: 1 file"), "the flag replaces the file's exclude: \(flagged.stdout)")
    }
}
