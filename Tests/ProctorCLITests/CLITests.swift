import Foundation
import Testing

/// The repository root, from this file's path (Tests/ProctorCLITests/CLITests.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Finds the built `proctor` binary: `PROCTOR_BINARY` if set, else beside the test bundle (the
/// products directory), else the usual build directories of the checkout.
let proctorBinary: URL? = {
    let manager = FileManager.default
    var candidates: [URL] = []
    if let explicit = ProcessInfo.processInfo.environment["PROCTOR_BINARY"] { candidates.append(URL(fileURLWithPath: explicit)) }
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    directories.append(Bundle.main.bundleURL)
    if let first = CommandLine.arguments.first {
        let url = URL(fileURLWithPath: first).standardizedFileURL
        directories.append(url.deletingLastPathComponent())
        // On macOS the runner sits inside X.xctest/Contents/MacOS.
        directories.append(url.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for build in [".build-tests", ".build"] {
        directories.append(repositoryRoot.appendingPathComponent("\(build)/debug"))
    }
    candidates += directories.map { $0.appendingPathComponent("proctor") }
    return candidates.first { url in
        var isDirectory: ObjCBool = false
        return manager.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue && manager.isExecutableFile(atPath: url.path)
    }
}()

struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `proctor` with `arguments` in `directory`, collecting its output. `input` is its
/// standard input (empty by default); a run still going after `timeout` seconds is killed, and
/// then fails the test instead of hanging the suite.
/// A folder under the temporary directory holding `files` (relative path to text), for a test
/// to run proctor in; the test removes it.
func temporaryProject(_ files: [String: String], prefix: String = "proctor-project") throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    for (name, text) in files {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

func proctor(
    _ arguments: [String], in directory: URL? = nil, input: Data = Data(), timeout: TimeInterval = 120, standardOutput: String? = nil
) throws -> Run {
    let binary = try #require(proctorBinary, "cannot find the proctor binary; build it or set PROCTOR_BINARY")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let stdoutFile = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-cli-\(UUID().uuidString).out")
    let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-cli-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: stdoutFile)
        try? FileManager.default.removeItem(at: stderrFile)
    }
    // Files rather than pipes: a large report cannot fill a pipe and block the child.
    let out = try FileHandle(forWritingTo: standardOutput.map { URL(fileURLWithPath: $0) } ?? stdoutFile)
    let err = try FileHandle(forWritingTo: stderrFile)
    process.standardOutput = out
    process.standardError = err
    let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-cli-\(UUID().uuidString).in")
    try input.write(to: inputFile)
    defer { try? FileManager.default.removeItem(at: inputFile) }
    let inputHandle = try FileHandle(forReadingFrom: inputFile)
    defer { try? inputHandle.close() }
    process.standardInput = inputHandle
    try process.run()
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        process.waitUntilExit()
        finished.signal()
    }
    if finished.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        finished.wait()
        Issue.record("proctor \(arguments.joined(separator: " ")) was still running after \(Int(timeout)) s and was stopped")
    }
    try out.close()
    try err.close()
    return Run(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self))
}

/// A temporary directory of payloads, removed when released.
final class Workspace {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}

let now = "--now=2026-06-01T12:00:00Z"
let clean = #"{"userActivity": {"activityType": "com.example.app.view", "title": "View"}}"#
let warning = #"{"userActivity": {"activityType": "ViewPlace"}}"#

@Suite("proctor command line")
struct CLITests {
    @Test func lintPrintsCompilerStyleLinesAndExits2OnBadInput() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/bad.json", "{\n  \"userActivity\": {\"activityType\": \"com.example.app.view\",}\n}")
        try workspace.write("payloads/search.json", #"{"userActivity": {"activityType": "com.example.app.view", "isEligibleForSearch": true}}"#)
        let run = try proctor(["lint", "payloads", now], in: workspace.url)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("payloads/bad.json:2:58: error: trailing comma before '}' [json_trailing_comma]"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("payloads/search.json:1:18: error: ") && $0.hasSuffix(" [activity_title_required]") }, "\(run.stdout)")
        let pattern = try Regex(#"^[^:]+:\d+:\d+: (error|warning|note): .+ \[[a-z][a-z0-9_]*\]$"#)
        let problemLines = lines.dropLast()
        #expect(!problemLines.isEmpty)
        for line in problemLines { #expect(line.wholeMatch(of: pattern) != nil, "not compiler style: \(line)") }
        #expect(lines.last?.hasPrefix("lint: 2 files, ") == true, "summary: \(String(describing: lines.last))")
    }

    /// `.` and `./` walk the current directory, and its files print as named from there.
    @Test(arguments: [".", "./", ".//", "./.", ".//./payloads", "./payloads/", ".//payloads/place.json"])
    func currentDirectoryPrintsPathsWithoutDotSlash(_ path: String) throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/place.json", warning)
        let run = try proctor(["lint", path, now], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("payloads/place.json:1:35: warning:"), "\(run.stdout)")
        #expect(run.stdout.contains("lint: 1 file,"), "\(run.stdout)")
    }

    @Test func cleanFileExits0() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        let run = try proctor(["lint", "clean.json", now], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "lint: 1 file, 0 errors, 0 warnings, 0 notes; judged 1 donation\n")
    }

    @Test func strictTurnsAWarningIntoExit1() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("warning.json", warning)
        let lenient = try proctor(["lint", "warning.json", now], in: workspace.url)
        #expect(lenient.status == 0, "\(lenient.stdout)\(lenient.stderr)")
        #expect(lenient.stdout.contains("warning.json:1:35: warning: "))
        let strict = try proctor(["lint", "--strict", "./warning.json", now], in: workspace.url)
        #expect(strict.stdout.hasPrefix("warning.json:1:35: warning: "), "a leading ./ is dropped: \(strict.stdout)")
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stdout.contains("(strict: warnings fail)"))
    }

    @Test func errorFindingExits1() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("a.json", #"{"userActivity": {"activityType": "com.example.app.view", "webpageURL": "ftp://example.com/x"}}"#)
        let run = try proctor(["lint", "a.json", now, "--sequential"], in: workspace.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("[webpage_url_scheme]"))
    }

    @Test func writesThreeReportFiles() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("in/warning.json", warning)
        try workspace.write("in/clean.json", clean)
        let run = try proctor(
            ["lint", "in", now, "--report", "junit:out/junit.xml", "--report", "sarif:out/proctor.sarif", "--report", "json:out/report.json"],
            in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty, "every report went to a file: \(run.stdout)")
        let out = workspace.url.appendingPathComponent("out")
        let junit = String(decoding: try Data(contentsOf: out.appendingPathComponent("junit.xml")), as: UTF8.self)
        #expect(junit.hasPrefix("<?xml"))
        #expect(junit.contains("<testcase name=\"in/clean.json\" classname=\"proctor.lint\" time=\"0\"/>"))
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("proctor.sarif"))) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
        #expect(json?["exitCode"] as? Int == 0)
        #expect((json?["suites"] as? [Any])?.count == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    /// `--junit-cases` wins over `lint.junitCases`, which wins over the default: one case per file.
    /// A warning fails the file's case only under --strict, as it fails the run.
    @Test func junitCasesComeFromTheFlagOrTheConfiguration() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("in/warning.json", warning)
        try workspace.write("in/clean.json", clean)
        func junit(_ arguments: [String], _ name: String) throws -> (Run, String) {
            let run = try proctor(["lint", "in", now, "--report", "junit:\(name)"] + arguments, in: workspace.url)
            return (run, String(decoding: try Data(contentsOf: workspace.url.appendingPathComponent(name)), as: UTF8.self))
        }
        let (byDefault, perFile) = try junit(["--no-config"], "default.xml")
        #expect(byDefault.status == 0, "\(byDefault.stderr)")
        #expect(perFile.contains(#"<testsuite name="proctor lint" package="proctor.lint" id="0""#))
        #expect(perFile.contains(#"<testcase name="in/warning.json" classname="proctor.lint" time="0"/>"#), "a warning does not fail the file")
        #expect(perFile.contains(#"<property name="proctor.junit-cases" value="file"/>"#))
        let (strict, strictly) = try junit(["--no-config", "--strict"], "strict.xml")
        #expect(strict.status == 1)
        #expect(strictly.contains(#"<failure type="activity_type_reverse_dns" message="in/warning.json:1:35: "#), "\(strictly)")

        try workspace.write(".proctor.json", #"{"format": 1, "lint": {"junitCases": "rule"}}"#)
        let (configured, perRule) = try junit([], "rule.xml")
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(
            perRule.contains(#"<testsuite name="in/clean.json""#)
                && perRule.contains(#"<testcase name="activity_type_reverse_dns" classname="in/clean.json" time="0"/>"#))
        let (flagged, byFlag) = try junit(["--junit-cases", "file"], "flag.xml")
        #expect(flagged.status == 0)
        #expect(byFlag.contains(#"<testsuite name="proctor lint""#))
        let print = try proctor(["config", "print"], in: workspace.url)
        #expect(print.stdout.contains("lint.junitCases"), "\(print.stdout)")

        try workspace.write(".proctor.json", #"{"format": 1, "lint": {"junitCases": "rules"}}"#)
        let wrong = try proctor(["lint", "in", now], in: workspace.url)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains(#"junitCases is "file" or "rule""#), "\(wrong.stderr)")
        let unknown = try proctor(["lint", "in", now, "--no-config", "--junit-cases", "suite"], in: workspace.url)
        #expect(unknown.status == 64)
    }

    @Test func reportPlusTextOnStdout() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("w.json", warning)
        let run = try proctor(["lint", "w.json", now, "--report", "text", "--report", "json:r.json"], in: workspace.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("[activity_type_reverse_dns]"))
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("r.json").path))
    }

    @Test func twoReportsOnStandardOutputIsAUsageError() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        let run = try proctor(["lint", "clean.json", now, "--report", "json", "--report", "sarif"], in: workspace.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("only one --report can go to standard output"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aReportThatCannotBeWrittenExits3() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write("blocker", "a file where a directory is needed")
        let run = try proctor(
            ["lint", "clean.json", now, "--report", "json:blocker/report.json", "--report", "junit:ok/junit.xml"], in: workspace.url)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot write report 'blocker/report.json'"), "\(run.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("ok/junit.xml").path), "the other report is still written")
    }

    @Test func unknownReportFormatIsAUsageError() throws {
        let run = try proctor(["lint", ".", now, "--report", "xml:out.xml"])
        #expect(run.status == 64, "\(run.stderr)")
    }

    @Test func rulesAsJSON() throws {
        let run = try proctor(["rules", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.count == rules.count)
        #expect(ids == ids.sorted())
        #expect(ids.contains("activity_type_declared"))
        for rule in rules {
            for key in ["name", "category", "defaultSeverity", "summary", "rationale", "documentation", "sources", "needsInfoPlist"] {
                #expect(rule[key] != nil, "rule \(rule["id"] ?? "?") lacks \(key)")
            }
        }
    }

    @Test func explainARule() throws {
        let run = try proctor(["explain", "activity_type_declared"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Activity Type Is Declared [activity_type_declared], error\n"))
        #expect(run.stdout.contains("NSUserActivityTypes"))
        #expect(run.stdout.contains("Sources:"))
    }

    @Test func explainAMisspeltRuleSuggestsTheRightOne() throws {
        let run = try proctor(["explain", "activity_type_declard"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown rule 'activity_type_declard'"), "\(run.stderr)")
        #expect(run.stderr.contains("did you mean 'activity_type_declared'?"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// "Did you mean" should name a plausible typo only, as everywhere else in Proctor
    /// (`Suggestion.closest`: at most a third of the word's length in edits). `explain` always
    /// names the nearest rule, however far: `explain zzzzzz` suggests 'title_length'.
    @Test func explainSuggestsNothingForAnUnrelatedWord() throws {
        let run = try proctor(["explain", "zzzzzz"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown rule 'zzzzzz'"))
        #expect(!run.stderr.contains("did you mean"), "\(run.stderr)")
    }

    @Test func garbageClockIsAUsageError() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        let run = try proctor(["lint", "clean.json", "--now", "garbage"], in: workspace.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--now 'garbage'"), "\(run.stderr)")
    }

    @Test func lintWithoutPathsIsAUsageError() throws {
        let run = try proctor(["lint"])
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
    }

    @Test func infoPlistAndBundleIdentifier() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        let plist: [String: Any] = [
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).view"],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try data.write(to: workspace.url.appendingPathComponent("Info.plist"))
        try workspace.write("a.json", #"{"userActivity": {"activityType": "com.example.app.view", "title": "View"}}"#)
        let matching = try proctor(
            ["lint", "a.json", now, "--info-plist", "Info.plist", "--bundle-identifier", "com.example.app"], in: workspace.url)
        #expect(matching.status == 0, "\(matching.stdout)\(matching.stderr)")
        let other = try proctor(["lint", "a.json", now, "--info-plist", "Info.plist", "--bundle-identifier", "com.example.other"], in: workspace.url)
        #expect(other.status == 1, "\(other.stdout)\(other.stderr)")
        #expect(other.stdout.contains("[activity_type_declared]"))
    }

    @Test func conformanceVectorsPass() throws {
        let run = try proctor(["conformance", repositoryRoot.appendingPathComponent("Conformance").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(" 0 failed"), "\(run.stdout.suffix(2000))")
    }

    @Test func runPlaysTheBundledScenarios() throws {
        let run = try proctor(["run", repositoryRoot.appendingPathComponent("Scenarios/run").path, now])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(" 0 failed"))
    }

    @Test func aFailedExpectationPrintsItsStepAndExits1() throws {
        let workspace = try Workspace()
        try workspace.write(
            "a.scenario.json",
            #"""
            {"format": 1, "name": "Find the place", "tags": ["search"], "clock": "2026-06-01T12:00:00Z",
             "app": {"info": {"NSUserActivityTypes": ["com.example.app.view"]}, "routes": [{"name": "place", "activityTypes": ["com.example.app.view"]}]},
             "steps": [
               {"becomeCurrent": {"activity": "a", "userActivity": {"activityType": "com.example.app.view", "title": "Pizza", "isEligibleForSearch": true}}},
               {"expect": {"spotlight": {"query": "pasta", "contains": ["Pizza"]}}}
             ]}
            """#)
        let run = try proctor(["run", "a.scenario.json", now], in: workspace.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("a.scenario.json:5:"), "\(run.stdout)")
        #expect(run.stdout.contains("[expectation_failed]"))
        #expect(run.stdout.contains("expected: contains ['Pizza']"))

        let filtered = try proctor(["run", ".", "--tag", "handoff", now], in: workspace.url)
        #expect(filtered.status == 0, "a tag no scenario has leaves nothing to fail: \(filtered.stdout)\(filtered.stderr)")
        #expect(filtered.stderr.contains("1 scenario left out"))
    }

    @Test func schemaPrintsTheCommittedSchema() throws {
        let run = try proctor(["schema"])
        #expect(run.status == 0)
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/scenario.schema.json"), encoding: .utf8)
        #expect(run.stdout == committed)
    }

    /// The version and the commit: a test build is a plain `swift build`, which is not told the
    /// commit and says so (scripts/check_dist.sh checks the commit of a `make dist` build).
    @Test func versionIsPrinted() throws {
        let run = try proctor(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.wholeMatch(of: /\d+\.\d+\.\d+ \(commit unknown\)\n/) != nil, "\(run.stdout)")
    }
}
