import Foundation
import ProctorAppFacts
import ProctorConfiguration
import ProctorCore
import ProctorEngine
import ProctorInputs
import ProctorRules
import ProctorVocabulary
import Testing

@testable import ProctorLint

/// The reader of `.proctor.json` and what a project's rule settings do to a run.
@Suite("Project configuration")
struct ConfigurationTests {
    private let ids = BuiltInRules.descriptions.map(\.id)

    @Test func aFileIsReadWithItsPathsRelativeToItsFolder() throws {
        let text = """
            {"format": 1, "app": {"infoPlist": "App/Info.plist", "teamIdentifier": "ABCDE12345", "deploymentTarget": "15.0",
             "serviceNames": ["Matrix"], "entitlements": ["App/App.entitlements"], "sites": {"example.com": "site/aasa"}},
             "lint": {"paths": ["payloads"], "reports": ["junit:out.xml"]}, "run": {"paths": ["Scenarios"]},
             "rules": {"title_length": "off", "ranking_hint_range": "error"}, "strict": true}
            """
        let configuration = try ProjectConfiguration.read(Array(text.utf8), path: "project/.proctor.json", knownRules: ids).get()
        #expect(configuration.directory == "project")
        #expect(configuration.resolve(configuration.infoPlist!.value) == "project/App/Info.plist")
        #expect(configuration.infoPlist?.location.line == 1 && configuration.infoPlist?.location.pointer == "/app/infoPlist")
        #expect(
            configuration.appConfiguration
                == AppConfiguration(deploymentTarget: OSVersion("15.0"), serviceNames: ["Matrix"], teamIdentifier: "ABCDE12345"))
        #expect(configuration.sites?.value.map { "\($0.domain)=\($0.path)" } == ["example.com=site/aasa"])
        #expect(configuration.lintPaths?.value == ["payloads"] && configuration.runPaths?.value == ["Scenarios"])
        #expect(configuration.rules?.value == RuleSettings(["title_length": .off, "ranking_hint_range": .severity(.error)]))
        #expect(configuration.strict?.value == true && configuration.lintReports?.value == ["junit:out.xml"] && configuration.runReports == nil)
    }

    @Test func targetsAndScanPathsAreReadAndChecked() throws {
        let text = """
            {"format": 1, "targets": [
              {"name": "App", "project": "App.xcodeproj", "kind": "application", "infoPlist": "App/Info.plist", "bundleIdentifier": "com.example.app",
               "teamIdentifier": "ABCDE12345", "deploymentTarget": "16.0", "entitlements": ["App/App.entitlements"], "sources": ["App"]},
              {"name": "Widget", "kind": "appExtension", "embeddedIn": "App", "extensionPoint": "com.apple.widgetkit-extension", "generatedInfoPlist": true}
             ], "scan": {"paths": ["App"]}}
            """
        let configuration = try ProjectConfiguration.read(Array(text.utf8), path: ".proctor.json", knownRules: ids).get()
        let targets = try #require(configuration.targets?.value)
        #expect(targets.map(\.name) == ["App", "Widget"] && targets[1].embeddedIn == "App" && targets[1].generatedInfoPlist)
        #expect(
            targets[0].deploymentTarget == OSVersion("16.0") && targets[0].entitlements == ["App/App.entitlements"] && targets[0].sources == ["App"])
        #expect(configuration.scanPaths?.value == ["App"])
        let wrong = """
            {"format": 1, "targets": [{"name": "A", "kind": "framework"}, {"name": "B", "kind": "appExtension", "embeddedIn": "C", "teamIdentifier": "x"},
             {"name": "B", "kind": "application"}], "scan": {"path": []}}
            """
        guard case .failure(let problems) = ProjectConfiguration.read(Array(wrong.utf8), path: ".proctor.json", knownRules: ids) else {
            Issue.record("a malformed target list was read")
            return
        }
        #expect(
            problems.errors.map { $0.location.pointer ?? "" } == [
                "/targets/0/kind", "/targets/1/embeddedIn", "/targets/1/teamIdentifier", "/targets/2/name", "/scan/path",
            ])
    }

    @Test func everyProblemIsAnErrorInTheOrderWritten() {
        let text = "{\"format\": 1, \"lint\": {\"path\": []}, \"rules\": {\"title_length\": 1}, \"strict\": \"yes\"}"
        guard case .failure(let problems) = ProjectConfiguration.read(Array(text.utf8), path: ".proctor.json", knownRules: ids) else {
            Issue.record("a malformed configuration was read")
            return
        }
        #expect(problems.errors.map(\.code.rawValue) == ["config_unknown_key", "config_type_mismatch", "config_type_mismatch"])
        #expect(problems.errors.map { $0.location.pointer ?? "" } == ["/lint/path", "/rules/title_length", "/strict"])
        // A file without format, or another format, is refused.
        guard case .failure(let missing) = ProjectConfiguration.read(Array("{}".utf8), path: "c", knownRules: ids) else { return }
        #expect(missing.errors.map(\.code.rawValue) == ["config_missing_value"])
    }

    @Test func ruleSettingsTurnRulesOffOrChangeTheirSeverity() {
        let engine = RuleEngine(BuiltInRules.all, settings: RuleSettings(["title_length": .off, "ranking_hint_range": .severity(.error)]))
        #expect(!engine.descriptions.contains { $0.id == "title_length" })
        #expect(engine.descriptions.first { $0.id == "ranking_hint_range" }?.defaultSeverity == .error)
        let donation =
            #"{"userActivity": {"activityType": "com.example.app.view", "title": "\#(String(repeating: "x", count: 120))", "contentAttributeSet": {"rankingHint": 1284}}}"#
        let files = [Linter.InMemoryFile(path: "a.json", bytes: Array(donation.utf8))]
        let plain = Linter.lint(files: files, appInfo: nil, options: LintOptions()).files.flatMap(\.findings)
        #expect(plain.map { "\($0.ruleID) \($0.severity)" }.sorted() == ["ranking_hint_range warning", "title_length warning"])
        let configured = Linter.lint(
            files: files, appInfo: nil, options: LintOptions(rules: RuleSettings(["title_length": .off, "ranking_hint_range": .severity(.error)])))
        #expect(configured.files.flatMap(\.findings).map { "\($0.ruleID) \($0.severity)" } == ["ranking_hint_range error"])
        // The report lists the rules as configured: not the one turned off.
        #expect(!configured.report().rules.contains { $0.id == "title_length" })
    }

    @Test func theNearestFileAboveIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-find-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: root.appendingPathComponent(".proctor.json"))
        #expect(
            ProjectConfiguration.find(from: root.appendingPathComponent("a/b").path).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                == root.appendingPathComponent(".proctor.json").standardizedFileURL.path)
        // A folder named .proctor.json is not a configuration.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/.proctor.json"), withIntermediateDirectories: true)
        #expect(ProjectConfiguration.find(from: root.appendingPathComponent("a/b").path)?.hasSuffix("a/.proctor.json") == false)
    }
}

/// The baseline: fingerprints that survive unrelated edits, matching once per entry, and a
/// file that is read back as it was written.
@Suite("Baseline")
struct BaselineTests {
    private func finding(_ message: String, line: Int = 3, pointer: String = "/userActivity/title") -> Finding {
        Finding(
            ruleID: "title_length", severity: .warning, message: message,
            location: SourceLocation(file: "a.json", line: line, column: 2, pointer: pointer))
    }

    @Test func fingerprintsIgnoreLinesAndNumbersButNotPlaces() {
        let base = Baseline.fingerprint(of: finding("title is 119 characters, over the 90-character guideline"), baselinePath: "b.json")
        #expect(
            base == Baseline.fingerprint(of: finding("title is 125 characters, over the 90-character guideline", line: 40), baselinePath: "b.json"))
        #expect(
            base
                != Baseline.fingerprint(
                    of: finding("title is 119 characters, over the 90-character guideline", pointer: "/0/userActivity/title"), baselinePath: "b.json")
        )
        #expect(base != Baseline.fingerprint(of: finding("keywords repeat the title"), baselinePath: "b.json"))
    }

    /// Review: the same finding seen from another directory, and JSON Lines, whose pointers
    /// restart on every line.
    @Test func filesAreTheBaselinesOwnAndJSONLinesAreByLine() {
        let here = Finding(ruleID: "r", severity: .error, message: "m", location: SourceLocation(file: "payloads/a.json", line: 1, pointer: "/x"))
        var above = here
        above.location.file = "./payloads/../payloads/a.json"
        #expect(Baseline.fingerprint(of: here, baselinePath: "b.json") == Baseline.fingerprint(of: above, baselinePath: "./b.json"))
        #expect(Baseline.file(of: here, baselinePath: "config/b.json") == "../payloads/a.json")
        let line1 = Finding(ruleID: "r", severity: .error, message: "m", location: SourceLocation(file: "a.jsonl", line: 1, pointer: "/userActivity"))
        var line2 = line1
        line2.location.line = 2
        #expect(Baseline.fingerprint(of: line1, baselinePath: "b.json") != Baseline.fingerprint(of: line2, baselinePath: "b.json"))
    }

    @Test func aBaselineHidesEachFindingOnceAndSaysWhichEntriesMatchedNothing() throws {
        let findings = [finding("title is 119 characters"), finding("title is 119 characters"), finding("other")]
        let text = Baseline.text(of: Array(findings.prefix(2)) + [finding("gone", pointer: "/x")], path: "baseline.json")
        let baseline = try Baseline.read(Array(text.utf8), path: "baseline.json").get()
        #expect(baseline.entries.count == 3 && baseline.entries.allSatisfy { $0.line > 0 })
        var file = FileResult(path: "a.json")
        file.findings = findings
        var result = LintResult(files: [file], appInfo: nil, options: LintOptions())
        let unused = result.apply(baseline)
        #expect(result.files[0].findings.map { $0.suppression != nil } == [true, true, false])
        #expect(unused.map(\.message) == ["gone"])
        // Written sorted and read back whole: the same text again.
        #expect(Baseline.text(of: findings, path: "b.json") == Baseline.text(of: findings.reversed(), path: "b.json"))
    }

    @Test func aMalformedBaselineIsLocated() {
        guard case .failure(let problems) = Baseline.read(Array(#"{"format": 1, "findings": [{"rule": "x", "file": 3}]}"#.utf8), path: "b.json")
        else {
            Issue.record("a malformed baseline was read")
            return
        }
        #expect(problems.errors.map { "\($0.code) \($0.location.pointer ?? "")" }.contains("baseline_invalid /findings/0/file"), "\(problems.errors)")
    }
}

/// `"proctor": {"ignore": {"rule": "why"}}` beside a donation: the finding is kept and marked,
/// an ignore that covers nothing or names no rule is a warning, and one without a reason is
/// refused.
@Suite("Payload suppressions")
struct PayloadSuppressionTests {
    private let long = String(repeating: "Golden Crust Pizzeria, ", count: 5)

    private func lint(_ files: [(String, String)]) -> LintResult {
        Linter.lint(files: files.map { Linter.InMemoryFile(path: $0.0, bytes: Array($0.1.utf8)) }, appInfo: nil, options: LintOptions())
    }

    @Test func anIgnoreWithAReasonMarksTheFindingsOfItsRuleInItsDonation() {
        let payload =
            #"[{"userActivity": {"activityType": "a.b.c", "title": "\#(long)"}, "proctor": {"ignore": {"title_length": "the marketing title"}}}, {"userActivity": {"activityType": "a.b.c", "title": "\#(long)"}}]"#
        let findings = lint([("a.json", payload)]).files[0].findings.filter { $0.ruleID == "title_length" }
        // The first donation's finding is ignored with its reason; the second one's stands.
        #expect(findings.map(\.suppression) == ["ignored: the marketing title", nil])
        #expect(lint([("a.json", payload)]).report().exitCode == .success)
    }

    @Test func inJSONLinesAnIgnoreCoversItsOwnLine() {
        let lines =
            #"{"userActivity": {"activityType": "a.b.c", "title": "\#(long)"}, "proctor": {"ignore": {"title_length": "agreed"}}}"# + "\n"
            + #"{"userActivity": {"activityType": "a.b.c", "title": "\#(long)"}}"# + "\n"
        let findings = lint([("b.jsonl", lines)]).files[0].findings.filter { $0.ruleID == "title_length" }
        #expect(findings.map { "\($0.location.line ?? 0) \($0.suppression ?? "-")" } == ["1 ignored: agreed", "2 -"])
    }

    @Test func uselessUnknownAndUnexplainedIgnoresAreReported() {
        let payload =
            #"{"userActivity": {"activityType": "a.b.c", "title": "Tony's"}, "proctor": {"ignore": {"title_length": "long", "titel_length": "typo", "ranking_hint_range": " "}}}"#
        let file = lint([("c.json", payload)]).files[0]
        #expect(
            file.diagnostics.map { "\($0.code) \($0.severity) \($0.location.pointer ?? "")" }.sorted() == [
                "suppression_unknown_rule warning /proctor/ignore/titel_length",
                "suppression_without_reason error /proctor/ignore/ranking_hint_range",
                "unused_suppression warning /proctor/ignore/title_length",
            ])
    }
}
