import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A run never writes over what it reads, never passes on an input it did not read, and reads a
/// scenario's references only as the policy allows (issue 37: `--report junit:Info.plist`
/// replaced the Info.plist being judged, exit 0).
@Suite("Reliability: outputs that are inputs, inputs that yield nothing")
struct InputOutputTests {
    private let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
        <key>NSUserActivityTypes</key><array><string>com.example.app.view</string></array></dict></plist>
        """

    private func contents(_ workspace: Workspace, _ name: String) throws -> String {
        String(decoding: try Data(contentsOf: workspace.url.appendingPathComponent(name)), as: UTF8.self)
    }

    /// Each command, with an output naming a file the same run reads: a usage error before any
    /// work, and the file as it was.
    @Test(arguments: [
        (["lint", "--no-config", "--info-plist", "Info.plist", "clean.json", "--report", "junit:Info.plist"], "Info.plist"),
        (["lint", "--no-config", "--info-plist", "Info.plist", "clean.json", "--report", "json:clean.json"], "clean.json"),
        (["lint", "--no-config", "--info-plist", "./Info.plist", "clean.json", "--write-baseline", "Info.plist"], "Info.plist"),
        (["lint", "--config", "project.json", "clean.json", "--report", "sarif:project.json"], "project.json"),
        (["lint", "--no-config", "clean.json", "--baseline", "baseline.json", "--report", "text:baseline.json"], "baseline.json"),
        (["lint", "--no-config", "clean.json", "--entitlements", "App.entitlements", "--report", "html:App.entitlements"], "App.entitlements"),
        (["scan", "--no-config", "App.swift", "--report", "text:App.swift"], "App.swift"),
        (["scan", "--no-config", "--info-plist", "Info.plist", "App.swift", "--write-baseline", "Info.plist"], "Info.plist"),
        (["run", "--no-config", "app.scenario.json", "--report", "json:app.scenario.json"], "app.scenario.json"),
        (["conformance", "case.json", "--report", "json:case.json"], "case.json"),
        (["links", "check", "https://example.com/a", "--aasa", "example.com=aasa.json", "--report", "json:aasa.json"], "aasa.json"),
    ])
    func anOutputNamingAnInputIsAUsageError(_ arguments: [String], _ input: String) throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("Info.plist", infoPlist)
        try workspace.write("clean.json", clean)
        try workspace.write("project.json", #"{"format": 1, "app": {"bundleIdentifier": "com.example.app"}}"#)
        try workspace.write("baseline.json", #"{"version": 1, "findings": []}"#)
        try workspace.write("App.entitlements", infoPlist)
        try workspace.write("App.swift", "let x = 1\n")
        try workspace.write("app.scenario.json", "{}")
        try workspace.write("case.json", "{}")
        try workspace.write("aasa.json", #"{"applinks": {"details": []}}"#)
        let before = try contents(workspace, input)
        let run = try proctor(arguments + [now].filter { _ in arguments[0] != "links" && arguments[0] != "conformance" }, in: workspace.url)
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("would be written over") && run.stderr.contains("\(input)', which this run reads"), "\(run.stderr)")
        #expect(try contents(workspace, input) == before, "\(input) is left as it was")
    }

    /// A report written into a folder the run walks is not read back as an input the next time:
    /// it is left out of the walk with a note, and the run judges the rest.
    @Test func aReportInAWalkedFolderIsLeftOutOfTheWalk() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/clean.json", clean)
        let first = try proctor(["lint", "--no-config", "payloads", now, "--report", "json:payloads/report.json"], in: workspace.url)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let second = try proctor(
            ["lint", "--no-config", "payloads", now, "--report", "json:payloads/report.json", "--report", "text"], in: workspace.url)
        #expect(second.status == 0, "the report is not judged as a payload: \(second.stdout)\(second.stderr)")
        #expect(
            second.stdout.contains(
                "payloads/report.json: note: not read: this run writes the json report 'payloads/report.json' there [file_skipped]"),
            "\(second.stdout)")
        #expect(try contents(workspace, "payloads/report.json").contains("\"command\" : \"lint\""))
    }

    /// A file a scenario names, given as a report's path: the run writes no report (the file
    /// stays as it was) and ends with a usage error naming both. The same through a conformance
    /// scenario vector.
    @Test(arguments: ["run", "conformance"])
    func aReportOverAFileAScenarioNamesIsAUsageError(_ command: String) throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("Info.plist", infoPlist)
        try workspace.write("Scenarios/app.scenario.json", scenario(infoPlist: "../Info.plist"))
        let arguments = command == "run" ? ["run", "--no-config", "Scenarios", now] : ["conformance", "Scenarios"]
        let run = try proctor(arguments + ["--report", "text", "--report", "junit:Info.plist"], in: workspace.url)
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains("error: the junit report 'Info.plist' would be written over 'Scenarios/../Info.plist', which a scenario names"),
            "\(run.stderr)")
        #expect(run.stdout.isEmpty, "no report is written: \(run.stdout)")
        #expect(try contents(workspace, "Info.plist") == infoPlist)
    }

    /// A real input met in a walked folder, given as a report's path: no report is written and
    /// the input stays; only a report Proctor wrote there before is left out of the walk.
    @Test(arguments: [
        ["lint", "--no-config", ".", "--report", "json:payload.json"],
        ["lint", "--no-config", ".", "--write-baseline", "payload.json"],
        ["run", "--no-config", ".", "--report", "junit:app.scenario.json"],
    ])
    func aReportOverAWalkedInputIsAUsageError(_ arguments: [String]) throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payload.json", clean)
        try workspace.write("Info.plist", infoPlist)
        try workspace.write("app.scenario.json", scenario(infoPlist: "Info.plist"))
        let before = try contents(workspace, "payload.json")
        let scenarioBefore = try contents(workspace, "app.scenario.json")
        let run = try proctor(arguments + [now], in: workspace.url)
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("would be written over"), "\(run.stderr)")
        #expect(try contents(workspace, "payload.json") == before)
        #expect(try contents(workspace, "app.scenario.json") == scenarioBefore)
    }

    /// Two spellings of one entitlements folder, one walked as a path and one given to
    /// --entitlements, read each file once.
    @Test func anEntitlementsFolderAlsoWalkedIsReadOnce() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write(
            "App/App.entitlements", infoPlist.replacingOccurrences(of: "CFBundleIdentifier", with: "com.apple.developer.team-identifier"))
        let run = try proctor(["lint", "--no-config", workspace.url.path, "--entitlements", "App", now], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("lint: 2 files"), "\(run.stdout)")
        let here = try proctor(["lint", "--no-config", "clean.json", "--entitlements", ".", now], in: workspace.url)
        #expect(here.status == 0, "`.` is the current directory: \(here.stdout)\(here.stderr)")
    }

    /// A NUL in a reference would cut the path short and read another file: refused, located.
    @Test func aReferenceWithANulIsRefused() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("Info.plist", infoPlist)
        try workspace.write("Scenarios/app.scenario.json", scenario(infoPlist: #"../Info.plist\u0000.txt"#))
        let run = try proctor(["run", "--no-config", "Scenarios", now], in: workspace.url)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("the path holds a NUL character") && run.stdout.contains("[scenario_invalid_value]"), "\(run.stdout)")
    }

    #if os(Linux)
        /// A named pipe with no writer as a reference: refused at once, never waited on.
        @Test func aReferenceToANamedPipeIsRefusedWithoutWaiting() throws {
            let workspace = try Workspace()
            defer { withExtendedLifetime(workspace) {} }
            #expect(mkfifo(workspace.url.appendingPathComponent("Info.plist").path, 0o644) == 0)
            try workspace.write("Scenarios/app.scenario.json", scenario(infoPlist: "../Info.plist"))
            let run = try proctor(["run", "--no-config", "Scenarios", now], in: workspace.url, timeout: 30)
            #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("'../Info.plist' is not a regular file"), "\(run.stdout)")
        }
    #endif

    /// A folder given as the app's entitlements with none inside read nothing and passed (exit 0).
    @Test func anEntitlementsFolderWithNoneInsideIsAnInputError() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write("App/readme.txt", "")
        let run = try proctor(["lint", "--no-config", "clean.json", "--entitlements", "App", now], in: workspace.url)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("App: error: no .entitlements file in this folder"), "\(run.stdout)")
        try workspace.write("App/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        let site = try proctor(["lint", "--no-config", "clean.json", "--aasa", "example.com=App", now], in: workspace.url)
        #expect(site.status == 2, "\(site.stdout)\(site.stderr)")
        #expect(site.stdout.contains("App: error: the apple-app-site-association file of example.com is a folder"), "\(site.stdout)")
        #expect(!site.stdout.contains("Contents.json"), "the folder is not walked: \(site.stdout)")
    }

    /// A folder given as the app's entitlements gives its `.entitlements` files and nothing else:
    /// NetNewsWire's `--entitlements iOS` linted the asset catalogs' Contents.json as donations.
    @Test func anEntitlementsFolderGivesOnlyItsEntitlements() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write(
            "iOS/Resources/App.entitlements", infoPlist.replacingOccurrences(of: "CFBundleIdentifier", with: "com.apple.developer.team-identifier"))
        try workspace.write("iOS/Resources/Assets.xcassets/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        let run = try proctor(["lint", "--no-config", "clean.json", "--entitlements", "iOS", now], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("Contents.json"), "\(run.stdout)")
        #expect(run.stdout.contains("lint: 2 files"), "the payload and the entitlements: \(run.stdout)")
    }

    /// `conformance` with nothing to run fails like lint, run and scan do.
    @Test func conformanceOnAnEmptyFolderIsAnInputError() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("empty/readme.txt", "")
        let run = try proctor(["conformance", "empty"], in: workspace.url)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("empty: error: no case files found"), "\(run.stdout)")
    }

    private func scenario(infoPlist: String) -> String {
        #"{"format": 1, "name": "reads its Info.plist", "app": {"bundleIdentifier": "com.example.app", "infoPlist": "\#(infoPlist)", "routes": [{"name": "view", "activityTypes": ["com.example.app.view"]}]}, "devices": [{"name": "iPhone"}], "clock": "2026-06-01T12:00:00Z", "steps": [{"becomeCurrent": {"activity": "a", "device": "iPhone", "userActivity": {"activityType": "com.example.app.view", "title": "View"}}}]}"#
    }
}
