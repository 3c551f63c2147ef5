import Foundation
import Testing

/// `.proctor.json` as a user meets it: found from a subfolder, overridden by flags, shown by
/// `proctor config print`, and refused with located errors before any work.
@Suite("CLI: the project configuration")
struct ConfigCLITests {
    private func project(_ files: [String: String]) throws -> URL {
        try temporaryProject(files, prefix: "proctor-config")
    }

    private let long = String(repeating: "Golden Crust Pizzeria, ", count: 5)
    private var donation: String { #"{"userActivity": {"activityType": "com.example.app.view", "title": "\#(long)", "isEligibleForSearch": true}}"# }
    private let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
        <key>NSUserActivityTypes</key><array><string>com.example.app.view</string></array></dict></plist>
        """

    @Test func theFileIsFoundFromASubfolderAndItsPathsAreItsOwn() throws {
        let root = try project([
            ".proctor.json":
                #"{"format": 1, "app": {"infoPlist": "App/Info.plist"}, "lint": {"paths": ["payloads"]}, "rules": {"title_length": "error"}}"#,
            "App/Info.plist": plist, "payloads/view.json": donation, "App/Sources/.keep": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // From a folder below the project: the file is found, and its paths are relative to it.
        let run = try proctor(["lint", "--now", "2026-06-01T12:00:00Z"], in: root.appendingPathComponent("App/Sources"))
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("error: title is 115 characters") && run.stdout.contains("[title_length]"), "\(run.stdout)")
        // --no-config: no paths, a usage error.
        #expect(try proctor(["lint", "--no-config"], in: root).status == 64)
        // A flag wins over the file: the rule at its own severity when the config is not read.
        let flagged = try proctor(["lint", "--no-config", "--info-plist", "App/Info.plist", "payloads", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(flagged.status == 0 && flagged.stdout.contains("warning: title is 115 characters"), "\(flagged.stdout)")
    }

    @Test func configPrintSaysWhereEachSettingComesFrom() throws {
        let root = try project([".proctor.json": "{\n  \"format\": 1,\n  \"app\": {\"teamIdentifier\": \"ABCDE12345\"},\n  \"strict\": true\n}\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["config", "print", "--team-identifier", "ZZZZZ99999"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("configuration: .proctor.json"))
        #expect(run.stdout.contains("app.teamIdentifier    ZZZZZ99999  [--team-identifier]"), "\(run.stdout)")
        #expect(run.stdout.contains("strict                true  [.proctor.json:4:13]"), "\(run.stdout)")
        #expect(run.stdout.contains("lint.reports          text  [default]"), "\(run.stdout)")
    }

    @Test func aMalformedFileIsExit64WithEveryProblemLocated() throws {
        let root = try project([
            ".proctor.json": "{\"format\": 1,\n \"rules\": {\"title_lenght\": \"off\"},\n \"app\": {\"teamIdentifier\": \"abc\"}}\n", "p.json": "{}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "p.json"], in: root)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty, "no work is done: \(run.stdout)")
        #expect(run.stderr.contains(".proctor.json:2:12: error: 'title_lenght' is not a rule; did you mean 'title_length'?"), "\(run.stderr)")
        #expect(run.stderr.contains(".proctor.json:3:28: error: 'abc' is not a Team ID"), "\(run.stderr)")
        // Invalid JSON is located too.
        try Data("{\"format\": 1,}".utf8).write(to: root.appendingPathComponent(".proctor.json"))
        let broken = try proctor(["lint", "p.json"], in: root)
        #expect(broken.status == 64 && broken.stderr.contains(".proctor.json:1:13:"), "\(broken.stderr)")
    }

    @Test func runTakesItsPathsAndReportsFromTheFile() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scenario = try String(contentsOf: repository.appendingPathComponent("Conformance/model/universal-links.scenario.json"), encoding: .utf8)
        let root = try project([
            ".proctor.json": #"{"format": 1, "run": {"paths": ["scenarios"], "reports": ["text", "junit:reports/run.xml"]}}"#,
            "scenarios/links.scenario.json": scenario.replacingOccurrences(of: "\"$schema\": \"../../docs/scenario.schema.json\",\n", with: ""),
            "reports/.keep": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["run", "--now", "2026-06-01T12:00:00Z"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("run: 1 file;"), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("reports/run.xml").path))
    }

    /// `proctor init` finds the app's own Info.plist among a test bundle's and an extension's,
    /// the entitlements, the Xcode project's team, the site and the scenarios, and never
    /// replaces a file (nor writes through a link).
    @Test func initWritesAStarterFileFromTheRepository() throws {
        func plist(_ entries: String) -> String {
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + entries + "</dict></plist>"
        }
        let root = try project([
            "App/Info.plist": plist(
                "<key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string><key>NSUserActivityTypes</key><array><string>a.b.c</string></array>"
            ),
            "AppTests/Info.plist": plist("<key>CFBundlePackageType</key><string>BNDL</string>"),
            "Widget/Info.plist": plist("<key>NSExtension</key><dict></dict>"),
            "App/App.entitlements": plist(""),
            "App.xcodeproj/project.pbxproj": "\t\t\t\tDEVELOPMENT_TEAM = ABCDE12345;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.app;\n",
            "site/example.com/.well-known/apple-app-site-association": "{}",
            "Scenarios/links/a.scenario.json": "{}", "Scenarios/b.scenario.json": "{}",
            ".build/x/Info.plist": plist(""),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["init"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOf: root.appendingPathComponent(".proctor.json"), encoding: .utf8)
        #expect(
            written == """
                {
                  "format": 1,
                  "app": {
                    "infoPlist": "App/Info.plist",
                    "bundleIdentifier": "com.example.app",
                    "teamIdentifier": "ABCDE12345",
                    "entitlements": ["App/App.entitlements"]
                  },
                  "lint": {
                    "paths": ["site/example.com"]
                  },
                  "run": {
                    "paths": ["Scenarios"]
                  }
                }

                """, "\(written)")
        #expect(run.stdout.contains("other Info.plists, not the app's: AppTests/Info.plist, Widget/Info.plist"), "\(run.stdout)")
        // Never replaced; never written through a link either.
        let again = try proctor(["init"], in: root)
        #expect(again.status == 64 && again.stderr.contains("already exists"))
        #expect(try String(contentsOf: root.appendingPathComponent(".proctor.json"), encoding: .utf8) == written)
        try FileManager.default.removeItem(at: root.appendingPathComponent(".proctor.json"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(".proctor.json").path, withDestinationPath: root.appendingPathComponent("App/App.entitlements").path)
        #expect(try proctor(["init"], in: root).status == 64)
        #expect(try String(contentsOf: root.appendingPathComponent("App/App.entitlements"), encoding: .utf8) == plist(""))
    }

    /// Review findings: a file found above the current directory gives paths relative to it,
    /// --no-strict wins over the file, and sites and reports are checked where they are written.
    @Test func pathsAreRelativeFlagsWinAndEveryValueIsChecked() throws {
        let root = try project([
            ".proctor.json":
                #"{"format": 1, "app": {"infoPlist": "App/Info.plist", "sites": {"Example.COM": "site/aasa"}}, "lint": {"paths": ["payloads"]}, "strict": true}"#,
            "App/Info.plist": plist, "payloads/view.json": donation, "site/aasa": #"{"applinks": {"details": []}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let print = try proctor(["config", "print", "--no-strict"], in: root.appendingPathComponent("payloads"))
        #expect(print.stdout.contains("configuration: ../.proctor.json"), "\(print.stdout)")
        #expect(print.stdout.contains("lint.paths            ../payloads  [../.proctor.json:1:"), "\(print.stdout)")
        #expect(print.stdout.contains("app.sites             example.com=../site/aasa"), "\(print.stdout)")
        #expect(print.stdout.contains("strict                false  [--no-strict]"), "\(print.stdout)")
        let lint = try proctor(["lint", "--now", "2026-06-01T12:00:00Z", "--report", "json"], in: root.appendingPathComponent("payloads"))
        #expect(lint.stdout.contains("\"name\" : \"../payloads/view.json\"") && !lint.stdout.contains(root.path), "\(lint.stdout)")
        try Data(#"{"format": 1, "app": {"sites": {"https://x/": "a"}}, "run": {"reports": ["pdf:x", "text", "json"]}}"#.utf8)
            .write(to: root.appendingPathComponent(".proctor.json"))
        let bad = try proctor(["lint", "payloads"], in: root)
        #expect(bad.status == 64)
        #expect(
            bad.stderr.contains("'https://x/' is not a domain") && bad.stderr.contains("'pdf:x' is not FORMAT[:PATH]")
                && bad.stderr.contains("only one report can go to standard output"), "\(bad.stderr)")
    }

    /// A team adopting Proctor: the existing findings are baselined, a new one fails the build,
    /// and under --baseline-strict a fixed finding's entry must be deleted.
    @Test func aBaselineAcceptsWhatIsThereAndFailsOnWhatIsNew() throws {
        let root = try project([
            ".proctor.json":
                #"{"format": 1, "app": {"infoPlist": "App/Info.plist"}, "lint": {"paths": ["payloads"], "baseline": "proctor-baseline.json"}}"#,
            "App/Info.plist": plist, "payloads/view.json": donation,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let now = ["--now", "2026-06-01T12:00:00Z"]
        let write = try proctor(["lint", "--write-baseline", "proctor-baseline.json"] + now, in: root)
        #expect(write.status == 0 && write.stdout.contains("1 in the baseline"), "\(write.stdout)\(write.stderr)")
        #expect(try proctor(["lint"] + now, in: root).status == 0)
        // A new finding fails; the accepted one is still not shown.
        try Data(#"{"userActivity": {"activityType": "com.example.app.view", "title": "", "isEligibleForSearch": true}}"#.utf8).write(
            to: root.appendingPathComponent("payloads/new.json"))
        let new = try proctor(["lint"] + now, in: root)
        #expect(new.status == 1 && new.stdout.contains("payloads/new.json") && !new.stdout.contains("payloads/view.json"), "\(new.stdout)")
        // The accepted finding fixed: an unused entry, which fails only under --baseline-strict.
        try FileManager.default.removeItem(at: root.appendingPathComponent("payloads/new.json"))
        try Data(#"{"userActivity": {"activityType": "com.example.app.view", "title": "Golden Crust", "isEligibleForSearch": true}}"#.utf8).write(
            to: root.appendingPathComponent("payloads/view.json"))
        let fixed = try proctor(["lint"] + now, in: root)
        #expect(fixed.status == 0 && fixed.stdout.contains("proctor-baseline.json:4: note: this entry (title_length"), "\(fixed.stdout)")
        let strict = try proctor(["lint", "--baseline-strict"] + now, in: root)
        #expect(strict.status == 1 && strict.stdout.contains("warning: this entry (title_length"), "\(strict.stdout)")
        // A baseline that is not one is exit 64, located.
        try Data("{\"format\": 1, \"findings\": 3}".utf8).write(to: root.appendingPathComponent("proctor-baseline.json"))
        let broken = try proctor(["lint"] + now, in: root)
        #expect(broken.status == 64 && broken.stderr.contains("proctor-baseline.json:1:27:"), "\(broken.stderr)")
    }

    /// Review: the baseline is never replaced by a report, the two baseline options exclude
    /// each other, and a baseline that cannot be written still leaves the reports (exit 3).
    @Test func theBaselineIsProtectedAndItsFailuresAreExit3() throws {
        let root = try project(["payloads/view.json": donation, "blocker": "a file where a folder is needed"])
        defer { try? FileManager.default.removeItem(at: root) }
        let base = ["lint", "--no-config", "payloads", "--now", "2026-06-01T12:00:00Z"]
        #expect(try proctor(base + ["--write-baseline", "b.json", "--report", "json:b.json"], in: root).status == 64)
        #expect(try proctor(base + ["--write-baseline", "-"], in: root).status == 64)
        #expect(try proctor(base + ["--write-baseline", "b.json", "--baseline", "a.json"], in: root).status == 64)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("b.json").path))
        let blocked = try proctor(base + ["--write-baseline", "blocker/b.json", "--report", "json:r.json"], in: root)
        #expect(blocked.status == 3 && blocked.stderr.contains("cannot write the baseline"), "\(blocked.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("r.json").path))
    }

    @Test func theSchemaCommandPrintsTheCommittedConfigSchema() throws {
        let run = try proctor(["schema", "config"])
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let committed = try String(contentsOf: root.appendingPathComponent("docs/config.schema.json"), encoding: .utf8)
        #expect(run.status == 0 && run.stdout == committed)
    }
}
