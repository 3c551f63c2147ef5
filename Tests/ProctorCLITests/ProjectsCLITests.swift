import Foundation
import Testing

/// A configuration of several projects: each app linted with its own facts into one report, and
/// `proctor init` finding them.
@Suite("CLI: several projects in one configuration")
struct ProjectsCLITests {
    private func project(_ files: [String: String]) throws -> URL {
        try temporaryProject(files, prefix: "proctor-projects")
    }

    private func plist(_ bundle: String, _ type: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>\(bundle)</string>
        <key>NSUserActivityTypes</key><array><string>\(type)</string></array></dict></plist>
        """
    }

    private func donation(_ type: String) -> String { #"{"userActivity": {"activityType": "\#(type)", "title": "T"}}"# }

    /// Two apps, each with its Info.plist: the same activity type is declared by one and not the other.
    private func twoApps(root extra: String = "") throws -> URL {
        try project([
            ".proctor.json": #"{"format": 1, "projects": ["apps/maps", "apps/mail/config.json"]\#(extra)}"#,
            "apps/maps/.proctor.json": #"{"format": 1, "app": {"infoPlist": "Info.plist"}, "lint": {"paths": ["payloads"]}}"#,
            "apps/maps/Info.plist": plist("com.example.maps", "com.example.maps.view"),
            "apps/maps/payloads/a.json": donation("com.example.maps.view"),
            "apps/mail/config.json": #"{"format": 1, "app": {"infoPlist": "Info.plist"}, "lint": {"paths": ["payloads"]}}"#,
            "apps/mail/Info.plist": plist("com.example.mail", "com.example.mail.read"),
            "apps/mail/payloads/b.json": donation("com.example.maps.view"),
        ])
    }

    @Test func eachProjectIsLintedWithItsOwnFactsIntoOneReport() throws {
        let root = try twoApps()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--now", "2026-06-01T12:00:00Z", "--report", "text", "--report", "json:out.json"], in: root)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("apps/mail/payloads/b.json:1:35: error:") && run.stdout.contains("[activity_type_declared]"), "\(run.stdout)")
        #expect(!run.stdout.contains("apps/maps/payloads/a.json:"), "maps declares its own type: \(run.stdout)")
        #expect(run.stdout.contains("lint: 2 files, 1 error"), "\(run.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("out.json"))) as? [String: Any]
        let suites = (json?["suites"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(suites == ["apps/mail/payloads/b.json", "apps/maps/payloads/a.json"], "\(String(describing: suites))")
        // Paths on the command line lint those, with the root's settings, not the projects.
        let named = try proctor(["lint", "--now", "2026-06-01T12:00:00Z", "apps/mail/payloads"], in: root)
        #expect(named.status == 0, "no Info.plist here, so nothing is declared or undeclared: \(named.stdout)")
        let printed = try proctor(["config", "print"], in: root)
        #expect(
            printed.stdout.contains("projects              apps/maps/.proctor.json apps/mail/config.json  [.proctor.json:1:27]"), "\(printed.stdout)")
    }

    @Test func projectsDoNotNestAndBaselinesAreRecordedOnePerProject() throws {
        let root = try twoApps()
        defer { try? FileManager.default.removeItem(at: root) }
        let baseline = try proctor(["lint", "--write-baseline", "b.json"], in: root)
        #expect(baseline.status == 64 && baseline.stderr.contains("--write-baseline records one project's findings"), "\(baseline.stderr)")
        try Data(#"{"format": 1, "projects": ["x"], "lint": {"paths": ["payloads"]}}"#.utf8).write(
            to: root.appendingPathComponent("apps/mail/config.json"))
        let nested = try proctor(["lint"], in: root)
        #expect(
            nested.status == 64 && nested.stderr.contains("apps/mail/config.json:1:27: error: a project of .proctor.json lists projects of its own"),
            "\(nested.stderr)")
    }

    @Test func initListsTheFoldersThatHaveTheirOwnConfiguration() throws {
        let root = try project([
            "apps/maps/.proctor.json": #"{"format": 1, "app": {"infoPlist": "Info.plist"}, "lint": {"paths": ["."]}}"#,
            "apps/maps/Info.plist": plist("com.example.maps", "com.example.maps.view"),
            "apps/maps/view.json": donation("com.example.maps.view"),
            "apps/mail/.proctor.json": #"{"format": 1, "lint": {"paths": ["."]}}"#,
            "apps/mail/a.json": donation("x.y.z"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["init"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOf: root.appendingPathComponent(".proctor.json"), encoding: .utf8)
        #expect(text.contains(#""projects": ["#) && text.contains(#""apps/mail","#) && text.contains(#""apps/maps""#), "\(text)")
        #expect(!text.contains("infoPlist"), "the Info.plist inside a project is that project's: \(text)")
        let lint = try proctor(["lint", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(lint.stdout.contains("lint: 2 files"), "\(lint.stdout)\(lint.stderr)")
    }

    /// The repository's own suites, as a new user tries them: init, then a plain lint lints every
    /// suite with its own facts, as make run does one by one.
    @Test func initThenLintOnThisRepositorysSuites() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-suites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: source.appendingPathComponent("Scenarios/lint"), to: root.appendingPathComponent("Scenarios/lint"))
        #expect(try proctor(["init"], in: root).status == 0)
        let all = try proctor(["lint", "--now", "2026-06-01T12:00:00Z", "--report", "json:all.json"], in: root)
        #expect(all.status == 1, "the mistakes suites fail on purpose: \(all.stderr)")
        var expected = 0
        let configs = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Scenarios/lint").path).filter {
            $0.hasSuffix(".proctor.json")
        }
        #expect(configs.count >= 10)
        for config in configs {
            let one = try proctor(
                ["lint", "--config", "Scenarios/lint/" + config, "--now", "2026-06-01T12:00:00Z", "--report", "json:one.json"], in: root)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("one.json"))) as? [String: Any]
            expected += (json?["suites"] as? [Any])?.count ?? 0
            #expect(one.status == (config.contains("mistakes") ? 1 : 0), "\(config): \(one.stdout.suffix(300))")
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("all.json"))) as? [String: Any]
        #expect((json?["suites"] as? [Any])?.count == expected)
    }
}
