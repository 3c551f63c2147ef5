import Foundation
import Testing

/// proctor scan as a user runs it on the bundled sources: exit codes, every report, and SARIF
/// results on the Swift lines.
@Suite("CLI: proctor scan")
struct ScanCLITests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theBundledSourcesScanAsDocumented() throws {
        let plist = ["--info-plist", "Scenarios/lint/local-places/Info.plist", "--now", "2026-06-01T12:00:00Z"]
        let clean = try proctor(["scan"] + plist + ["Scenarios/scan/slicefinder"], in: Self.repository)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(
            clean.stdout.hasSuffix(
                "scan: 5 files, 0 errors, 0 warnings, 1 note; judged 3 activities, 1 Spotlight item, 0 interactions, 2 launch handlers, 0 App Intents, 0 App Shortcuts, 0 app entities\n"
            ),
            "\(clean.stdout)")
        let sarif = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: sarif) }
        let mistakes = try proctor(
            ["scan"] + plist + ["Scenarios/scan/slicefinder-mistakes", "--report", "text", "--report", "sarif:" + sarif.path], in: Self.repository)
        #expect(mistakes.status == 1, "\(mistakes.stderr)")
        #expect(
            mistakes.stdout.contains("SceneDelegate.swift:14:14: error:") && mistakes.stdout.contains("[source_handled_type_declared]"),
            "\(mistakes.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any]
        let results = ((json?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let uris = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        }.compactMap { $0["uri"] as? String }
        #expect(
            uris.count == 10 && uris.allSatisfy { $0.hasPrefix("Scenarios/scan/slicefinder-mistakes/SliceFinder/") && $0.hasSuffix(".swift") },
            "\(uris)")
    }

    /// A scan's JUnit lists one case per Swift file, failed with the file's findings, as lint's
    /// does; `--junit-cases rule` lists the file's rules instead.
    @Test func junitListsOneCasePerSwiftFile() throws {
        let arguments = [
            "scan", "--no-config", "--info-plist", "Scenarios/lint/local-places/Info.plist", "--now", "2026-06-01T12:00:00Z",
            "Scenarios/scan/slicefinder-mistakes",
        ]
        let perFile = try proctor(arguments + ["--report", "junit:-"], in: Self.repository)
        #expect(perFile.status == 1, "\(perFile.stderr)")
        #expect(perFile.stdout.contains(#"<testsuite name="proctor scan" package="proctor.scan" id="0""#))
        #expect(
            perFile.stdout.contains(
                #"<testcase name="Scenarios/scan/slicefinder-mistakes/SliceFinder/SceneDelegate.swift" classname="proctor.scan" time="0">"#),
            "\(perFile.stdout)")
        #expect(perFile.stdout.contains("SceneDelegate.swift:14:14: error:"))
        let perRule = try proctor(arguments + ["--report", "junit:-", "--junit-cases", "rule"], in: Self.repository)
        #expect(
            perRule.stdout.contains(
                #"<testcase name="source_handled_type_declared" classname="Scenarios/scan/slicefinder-mistakes/SliceFinder/SceneDelegate.swift" time="0">"#
            ), "\(perRule.stdout)")
    }

    @Test func usageErrors() throws {
        #expect(try proctor(["scan", "--no-config"], in: Self.repository).status == 64)
        let missing = try proctor(["scan", "--no-config", "no/such/folder"], in: Self.repository)
        #expect(missing.status == 2 && missing.stdout.contains("no/such/folder"), "\(missing.stdout)")
    }
}

/// The Info.plist scan reads is judged as lint judges it.
@Suite("CLI: proctor scan and the Info.plist")
struct ScanInfoPlistCLITests {
    @Test func infoPlistFindingsAreReported() throws {
        let root = try temporaryProject(
            [
                "Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
                <key>NSUserActivityTypes</key><array><string>com.example.app.view</string></array>
                <key>INIntentsRestrictedWhileLocked</key><array><string>INSendMessageIntent</string></array></dict></plist>
                """,
                "Sources/A.swift":
                    "func f() { let a = NSUserActivity(activityType: \"com.example.app.view\"); a.title = \"A\"; a.becomeCurrent() }\n",
            ], prefix: "proctor-scan-plist")
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try proctor(["lint", "--no-config", "--info-plist", "Info.plist", "--now", "2026-06-01T12:00:00Z", "Sources/A.swift"], in: root)
        let scan = try proctor(["scan", "--no-config", "--info-plist", "Info.plist", "--now", "2026-06-01T12:00:00Z", "Sources"], in: root)
        let plistLines = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("Info.plist:") } }
        #expect(!plistLines(lint.stdout).isEmpty, "the fixture has an Info.plist finding: \(lint.stdout)")
        #expect(plistLines(scan.stdout) == plistLines(lint.stdout), "\(scan.stdout)")
    }
}

/// --emit-payloads and --emit-routes: the committed outputs of the bundled apps are what the scan
/// writes today, the payloads lint as the scan judged them, and the folder keeps only Proctor's
/// own files in step with the code.
@Suite("CLI: proctor scan --emit-payloads and --emit-routes")
struct ScanEmitCLITests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let plist = ["--info-plist", "Scenarios/lint/local-places/Info.plist", "--now", "2026-06-01T12:00:00Z"]

    /// The bundled routes.json and payloads/ are not hand-edited: emitting them again gives the
    /// same bytes, as a team's CI would check with `git diff --exit-code`.
    @Test(arguments: ["slicefinder", "slicefinder-mistakes"])
    func theCommittedOutputsAreWhatTheScanWrites(app: String) throws {
        let folder = "Scenarios/scan/\(app)"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-emit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try proctor(
            ["scan"] + Self.plist + [
                folder, "--emit-payloads", scratch.appendingPathComponent("payloads").path, "--emit-routes",
                scratch.appendingPathComponent("routes.json").path,
                "--report", "json:/dev/null",
            ],
            in: Self.repository)
        #expect(run.status == (app == "slicefinder" ? 0 : 1), "\(run.stderr)")
        let committed = Self.repository.appendingPathComponent(folder)
        #expect(
            try Data(contentsOf: scratch.appendingPathComponent("routes.json")) == Data(contentsOf: committed.appendingPathComponent("routes.json")))
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("payloads").path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: committed.appendingPathComponent("payloads").path).sorted()))
        for name in names {
            #expect(
                try Data(contentsOf: scratch.appendingPathComponent("payloads/\(name)"))
                    == Data(contentsOf: committed.appendingPathComponent("payloads/\(name)")), "\(name)")
        }
    }

    /// The emitted payloads lint to the findings the scan reported from the Swift lines.
    @Test func emittedPayloadsLintAsTheScanJudgedThem() throws {
        let scan = try proctor(["scan"] + Self.plist + ["Scenarios/scan/slicefinder-mistakes", "--report", "json:-"], in: Self.repository)
        let lint = try proctor(
            ["lint", "--no-config"] + Self.plist + ["Scenarios/scan/slicefinder-mistakes/payloads", "--report", "json:-"], in: Self.repository)
        func payloadRules(_ text: String) throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let suites = json?["suites"] as? [[String: Any]] ?? []
            return suites.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
                .compactMap { finding in (finding["ruleId"] as? String).map { "\($0): \(finding["message"] as? String ?? "")" } }
                .filter { !$0.hasPrefix("source_") }.sorted()
        }
        let fromScan = try payloadRules(scan.stdout)
        #expect(!fromScan.isEmpty, "the mistakes app breaks payload rules: \(scan.stdout)")
        #expect(try payloadRules(lint.stdout) == fromScan, "\(lint.stdout)")
    }

    /// Payloads of donations gone from the code are removed; files Proctor did not write stay,
    /// and one in the way of a payload is not replaced (exit 3, as for a report).
    @Test func thePayloadFolderKeepsOtherFiles() throws {
        let root = try temporaryProject(
            [
                "Sources/A.swift":
                    "func f() { let a = NSUserActivity(activityType: \"com.example.app.view\"); a.title = \"A\"; a.becomeCurrent() }\n",
                "payloads/notes.json": "{\"written\": \"by hand\"}\n",
                "payloads/old.json":
                    "{\"userActivity\": {\"activityType\": \"x\"}, \"proctor\": {\"source\": {\"file\": \"Gone.swift\", \"line\": 1, \"column\": 1, \"symbol\": \"f()\"}}}\n",
            ], prefix: "proctor-emit-folder")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try proctor(["scan", "--no-config", "--now", "2026-06-01T12:00:00Z", "Sources", "--emit-payloads", "payloads"], in: root)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let listed = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("payloads").path).sorted()
        #expect(listed == ["f-com.example.app.view.json", "notes.json"])
        // A hand-written file where a payload goes is left as it is.
        try "{\"mine\": true}\n".write(to: root.appendingPathComponent("payloads/f-com.example.app.view.json"), atomically: true, encoding: .utf8)
        let second = try proctor(["scan", "--no-config", "--now", "2026-06-01T12:00:00Z", "Sources", "--emit-payloads", "payloads"], in: root)
        #expect(second.status == 3 && second.stderr.contains("a file proctor scan did not write is there"), "\(second.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("payloads/f-com.example.app.view.json"), encoding: .utf8) == "{\"mine\": true}\n")
        // The routes file and a report cannot be one output.
        let clash = try proctor(["scan", "--no-config", "Sources", "--emit-routes", "-"], in: root)
        #expect(clash.status == 64, "\(clash.stderr)")
    }

    /// The Home Screen examples: the clean app scans clean and its scenario passes; the twin with
    /// mistakes has each launch door's rule once (6 errors, 6 warnings) and its scenario fails on
    /// purpose. Each committed routes file is what the scan writes (quick actions' routes, URL and
    /// universal-link routes, the widget's links).
    @Test(arguments: [
        ("notes-home-screen", 0, "scan: 3 files, 0 errors, 0 warnings, 0 notes", "run: 1 file; 8 passed, 0 failed\n"),
        (
            "notes-home-screen-mistakes", 1, "scan: 4 files, 6 errors, 6 warnings, 0 notes",
            "run: 1 file, 1 error, 2 warnings, 0 notes; 3 passed, 7 failed\n"
        ),
    ])
    func theHomeScreenExamplesScanAndPlayTheirRoutes(app: String, status: Int32, scanned: String, played: String) throws {
        let folder = "Scenarios/scan/\(app)"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-doors-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scan = try proctor(
            [
                "scan", "--info-plist", folder + "/Info.plist", "--team-identifier", "A1B2C3D4E5", "--aasa",
                "notes.example.com=\(folder)/notes.example.com/.well-known/apple-app-site-association", "--now", "2026-06-01T12:00:00Z", folder,
                "--emit-routes", scratch.path,
            ],
            in: Self.repository)
        #expect(scan.status == status && scan.stdout.contains(scanned), "\(scan.stdout)\(scan.stderr)")
        #expect(try Data(contentsOf: scratch) == Data(contentsOf: Self.repository.appendingPathComponent(folder + "/routes.json")))
        let run = try proctor(["run", "--now", "2026-06-01T12:00:00Z", folder], in: Self.repository)
        #expect(run.status == status && run.stdout.hasSuffix(played), "\(run.stdout)\(run.stderr)")
    }

    /// A scenario's routes from a file: played with the bundled apps' emitted routes, and a
    /// routes file with mistakes reported where they are, in it.
    @Test func scenariosPlayWithRoutesFromAFile() throws {
        let clean = try proctor(["run", "--now", "2026-06-01T12:00:00Z", "Scenarios/scan/slicefinder"], in: Self.repository)
        #expect(clean.status == 0 && clean.stdout.hasSuffix("run: 1 file; 9 passed, 0 failed\n"), "\(clean.stdout)\(clean.stderr)")
        let mistakes = try proctor(["run", "--now", "2026-06-01T12:00:00Z", "Scenarios/scan/slicefinder-mistakes"], in: Self.repository)
        #expect(
            mistakes.status == 1 && mistakes.stdout.contains("failed with missingUserInfo: route 'com.example.slicefinder.view-place' needs 'tab'"),
            "\(mistakes.stdout)")
        let root = try temporaryProject(
            [
                "routes.json":
                    "{\"routes\": [{\"name\": \"x\", \"activityTypes\": [\"a\"], \"userInfoKey\": []}, {\"name\": \"y\", \"activityTypes\": 5}]}",
                "t.scenario.json": """
                {"format": 1, "name": "t", "clock": "2026-06-01T12:00:00Z",
                 "app": {"bundleIdentifier": "com.e", "info": {"NSUserActivityTypes": ["a"]}, "routes": [{"from": "routes.json"}, {"from": "gone.json"}]},
                 "steps": [{"expect": {"launch": {"route": "y"}}}]}
                """,
            ], prefix: "proctor-routes-file")
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = try proctor(["run", "t.scenario.json"], in: root)
        #expect(broken.status == 2, "\(broken.stdout)")
        #expect(
            broken.stdout.contains("routes.json:1:51: error: unknown key 'userInfoKey' in a route; did you mean 'userInfoKeys'?"), "\(broken.stdout)")
        #expect(broken.stdout.contains("t.scenario.json:2:124: error: the routes file 'gone.json' cannot be used"), "\(broken.stdout)")
        // A route with a mistake keeps its name: the step naming it reports nothing more.
        #expect(broken.stdout.contains("routes.json:1:102: error:"), "\(broken.stdout)")
        #expect(!broken.stdout.contains("no route is named 'y'"), "\(broken.stdout)")
    }

    /// Baselines work for scan as for lint, with findings named by their Swift symbol.
    @Test func baselines() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-scan-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let write = try proctor(
            ["scan"] + Self.plist + ["Scenarios/scan/slicefinder-mistakes", "--write-baseline", scratch.path], in: Self.repository)
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        let baseline = try String(contentsOf: scratch, encoding: .utf8)
        #expect(
            baseline.contains("\"pointer\": \"/SceneDelegate.scene(_:continue:)/handler/com.example.slicefinder.view-place/userInfo/tab\""),
            "\(baseline)")
        let use = try proctor(["scan"] + Self.plist + ["Scenarios/scan/slicefinder-mistakes", "--baseline", scratch.path], in: Self.repository)
        #expect(use.status == 0, "\(use.stdout)\(use.stderr)")
        let clean = try proctor(
            ["scan"] + Self.plist + ["Scenarios/scan/slicefinder", "--baseline", scratch.path, "--baseline-strict"], in: Self.repository)
        #expect(clean.status == 1, "entries the clean app does not match fail a strict baseline: \(clean.stdout)")
    }
}

/// The emitted outputs never go where the user's files are.
@Suite("CLI: proctor scan outputs and the user's files")
struct ScanOutputSafetyCLITests {
    private let source = "func f() { let a = NSUserActivity(activityType: \"com.example.app.view\"); a.title = \"A\"; a.becomeCurrent() }\n"

    @Test func aLinkInThePayloadFolderIsNotWrittenThrough() throws {
        let root = try temporaryProject(["Sources/A.swift": source, "payloads/.keep": ""], prefix: "proctor-emit-link")
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside.json")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("payloads/f-com.example.app.view.json").path, withDestinationPath: outside.path)
        let run = try proctor(["scan", "--no-config", "--now", "2026-06-01T12:00:00Z", "Sources", "--emit-payloads", "payloads"], in: root)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: outside.path), "the dangling link's target was created")
    }

    @Test func theRoutesFileReplacesOnlyOneItWrote() throws {
        let root = try temporaryProject(["Sources/A.swift": source, "app.scenario.json": "{\"mine\": true}\n"], prefix: "proctor-emit-routes")
        defer { try? FileManager.default.removeItem(at: root) }
        let refused = try proctor(["scan", "--no-config", "Sources", "--emit-routes", "app.scenario.json"], in: root)
        let kept = try String(contentsOf: root.appendingPathComponent("app.scenario.json"), encoding: .utf8)
        #expect(refused.status == 3 && kept == "{\"mine\": true}\n", "\(refused.stderr)")
        #expect(try proctor(["scan", "--no-config", "Sources", "--emit-routes", "routes.json"], in: root).status == 0)
        #expect(try proctor(["scan", "--no-config", "Sources", "--emit-routes", "routes.json"], in: root).status == 0, "its own file is replaced")
    }

    @Test func aMissingInputRemovesNoPayload() throws {
        let root = try temporaryProject(["Sources/A.swift": source], prefix: "proctor-emit-missing")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try proctor(["scan", "--no-config", "Sources", "--emit-payloads", "payloads"], in: root).status == 0)
        let typo = try proctor(["scan", "--no-config", "Sources", "Srcs", "--emit-payloads", "payloads"], in: root)
        #expect(typo.status == 2, "\(typo.stdout)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("payloads/f-com.example.app.view.json").path))
    }
}
