import Foundation
import Testing

/// proctor scan as a user runs it on the bundled sources: exit codes, every report, and SARIF
/// results on the Swift lines.
@Suite("CLI: proctor scan")
struct ScanCLITests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theBundledSourcesScanAsDocumented() throws {
        let plist = ["--info-plist", "Scenarios/lint/local-places/Info.plist", "--now", "2026-06-01T12:00:00Z"]
        let clean = try proctor(["scan"] + plist + ["Scenarios/scan/slicefinder"], in: Self.repository)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.hasSuffix("scan: 3 files, 0 errors, 0 warnings, 1 note\n"), "\(clean.stdout)")
        let sarif = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: sarif) }
        let mistakes = try proctor(["scan"] + plist + ["Scenarios/scan/slicefinder-mistakes", "--report", "text", "--report", "sarif:" + sarif.path], in: Self.repository)
        #expect(mistakes.status == 1, "\(mistakes.stderr)")
        #expect(mistakes.stdout.contains("SceneDelegate.swift:14:14: error:") && mistakes.stdout.contains("[source_handled_type_declared]"), "\(mistakes.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any]
        let results = ((json?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let uris = results.compactMap { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any] }.compactMap { $0["uri"] as? String }
        #expect(uris.count == 6 && uris.allSatisfy { $0.hasPrefix("Scenarios/scan/slicefinder-mistakes/SliceFinder/") && $0.hasSuffix(".swift") }, "\(uris)")
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
        let root = try temporaryProject([
            "Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
                <key>NSUserActivityTypes</key><array><string>com.example.app.view</string></array>
                <key>INIntentsRestrictedWhileLocked</key><array><string>INSendMessageIntent</string></array></dict></plist>
                """,
            "Sources/A.swift": "func f() { let a = NSUserActivity(activityType: \"com.example.app.view\"); a.title = \"A\"; a.becomeCurrent() }\n",
        ], prefix: "proctor-scan-plist")
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try proctor(["lint", "--no-config", "--info-plist", "Info.plist", "--now", "2026-06-01T12:00:00Z", "Sources/A.swift"], in: root)
        let scan = try proctor(["scan", "--no-config", "--info-plist", "Info.plist", "--now", "2026-06-01T12:00:00Z", "Sources"], in: root)
        let plistLines = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("Info.plist:") } }
        #expect(!plistLines(lint.stdout).isEmpty, "the fixture has an Info.plist finding: \(lint.stdout)")
        #expect(plistLines(scan.stdout) == plistLines(lint.stdout), "\(scan.stdout)")
    }
}
