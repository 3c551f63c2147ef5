import Foundation
import ProctorCore
import ProctorReports
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension ReportFormat {
    /// The golden file extension.
    var fileExtension: String {
        switch self {
        case .text: "txt"
        case .json: "json"
        case .junit: "xml"
        case .sarif: "sarif"
        case .github: "txt"
        case .gitlab: "json"
        case .markdown: "md"
        case .html: "html"
        }
    }
}

/// Every format of every fixture, as a test argument; a lint's JUnit in both of its forms (the
/// per-rule one as `.junit-rule.xml`).
struct RenderedFixture: Sendable, CustomTestStringConvertible {
    var fixture: ReportFixture
    var format: ReportFormat
    var junitCases = JUnitCases.file
    var variant: String { format == .junit && junitCases == .rule ? "junit-rule" : format.rawValue }
    var testDescription: String { "\(fixture.rawValue).\(variant)" }
    var goldenName: String { "\(fixture.rawValue).\(variant).\(format.fileExtension)" }

    static let all = ReportFixture.allCases.flatMap { fixture in
        // A run's and conformance's JUnit is the same in both forms (tested below).
        ReportFormat.allCases.map { RenderedFixture(fixture: fixture, format: $0) }
            + (fixture.report.listsChecks ? [] : [RenderedFixture(fixture: fixture, format: .junit, junitCases: .rule)])
    }
}

@Suite("Report snapshots")
struct ReportSnapshotTests {
    @Test(arguments: RenderedFixture.all)
    func matchesGolden(_ rendered: RenderedFixture) {
        assertSnapshot(
            rendered.format.render(rendered.fixture.report, sources: ReportFixture.sources, junitCases: rendered.junitCases),
            named: rendered.goldenName)
    }

    @Test(arguments: ReportFixture.allCases, ReportFormat.allCases)
    func renderingIsDeterministic(_ fixture: ReportFixture, _ format: ReportFormat) {
        let first = format.render(fixture.report, sources: ReportFixture.sources)
        #expect(format.render(fixture.report, sources: ReportFixture.sources) == first)
        #expect(first.hasSuffix("\n"))
    }

    @Test func everyGoldenBelongsToAFixture() throws {
        let known = Set(RenderedFixture.all.map(\.goldenName))
        let names = try FileManager.default.contentsOfDirectory(atPath: Snapshots.directory.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names).subtracting(known).sorted() == [], "stale golden files")
        #expect(FileManager.default.fileExists(atPath: Snapshots.directory.appendingPathComponent(".editorconfig").path))
    }
}

/// The snapshot helper itself: records only when asked or missing, and fails when it records.
@Suite("Snapshot helper", .disabled(if: Snapshots.recording, "recording mode rewrites goldens"))
struct SnapshotHelperTests {
    @Test func recordsAMissingGoldenAndFails() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        withKnownIssue("recording fails the test") {
            assertSnapshot("first\n", named: "a.txt", in: directory.url)
        }
        #expect(FileManager.default.contents(atPath: directory.path("a.txt")) == Data("first\n".utf8))
        assertSnapshot("first\n", named: "a.txt", in: directory.url)  // now it matches
    }

    @Test func aMismatchFailsAndLeavesTheGoldenAlone() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("b.txt", "one\ntwo\nthree\n")
        withKnownIssue("a mismatch fails") {
            assertSnapshot("one\n2\nthree\n", named: "b.txt", in: directory.url)
        }
        #expect(FileManager.default.contents(atPath: directory.path("b.txt")) == Data("one\ntwo\nthree\n".utf8))
        // Canonically equivalent but different bytes still differ.
        try directory.write("c.txt", "caf\u{E9}")
        withKnownIssue("different bytes fail") {
            assertSnapshot("cafe\u{301}", named: "c.txt", in: directory.url)
        }
    }

    @Test func lineDiffShowsRemovedAndAddedLines() throws {
        let diff = lineDiff("a\nb\nc\nd\n", "a\nB\nc\nd\ne\u{1B}\n")
        #expect(diff.contains("-  2: b"))
        #expect(diff.contains("+  2: B"))
        #expect(diff.contains("+  5: e\\u{1B}"))
        #expect(!diff.contains("-  1: a"))
        let removed = try #require(diff.range(of: "-  2: b"))
        let added = try #require(diff.range(of: "+  2: B"))
        #expect(removed.lowerBound < added.lowerBound, "removals come before additions")
    }
}

@Suite("Report structure")
struct ReportStructureTests {
    // MARK: - SARIF

    private func json(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any])
    }

    @Test(arguments: ReportFixture.allCases)
    func sarifIsWellFormed(_ fixture: ReportFixture) throws {
        let report = fixture.report
        let log = try json(ReportFormat.sarif.render(report))
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "proctor")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        // A run's failed checks add one descriptor per kind of check after the rules.
        let failedChecks = report.suites.flatMap(\.cases).filter { $0.location != nil && $0.outcome.isFailure }
        let checkIDs = failedChecks.isEmpty ? [] : ScenarioCheck.allCases.filter { $0 != .rules }.map(\.rawValue)
        // Input errors and decoding errors are results too, under a rule of their code, after the rules.
        let inputCodes = (report.suites.flatMap { $0.inputErrors.map(\.code) + $0.diagnostics.filter { $0.severity == .error }.map(\.code) })
            .reduce(into: [String]()) { codes, code in if !codes.contains(code.rawValue) { codes.append(code.rawValue) } }
        #expect(ruleIDs == report.rules.map(\.id) + inputCodes + checkIDs || ruleIDs == report.rules.map(\.id) + checkIDs + inputCodes)
        for rule in rules {
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""), "rule \(rule["id"] ?? "?") level \(String(describing: level))")
        }
        let notificationIDs = Set(((driver["notifications"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })

        let results = try #require(run["results"] as? [[String: Any]])
        let inputProblems = report.allInputErrors.count + report.allDiagnostics.filter { $0.severity == .error }.count
        #expect(results.count == report.allFindings.count + failedChecks.count + inputProblems)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ruleIDs.contains(id), "result ruleId \(id) is not in tool.driver.rules")
            #expect(index >= 0 && index < ruleIDs.count && ruleIDs[index] == id, "ruleIndex \(index) does not name \(id)")
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["partialFingerprints"] as? [String: String])?["proctorFinding/v1"])?.count == 16)
            try checkLocations(result["locations"])
        }

        let invocations = try #require(run["invocations"] as? [[String: Any]])
        let invocation = try #require(invocations.first)
        #expect(invocation["executionSuccessful"] as? Bool == report.allInputErrors.isEmpty)
        let notifications = (invocation["toolExecutionNotifications"] as? [[String: Any]]) ?? []
        #expect(notifications.count == report.allInputErrors.count + report.allDiagnostics.count)
        for notification in notifications {
            let id = try #require((notification["descriptor"] as? [String: Any])?["id"] as? String)
            #expect(notificationIDs.contains(id), "notification \(id) has no descriptor in driver.notifications")
            try checkLocations(notification["locations"])
        }
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
    }

    /// No region with a line below 1; URIs relative and percent-encoded.
    private func checkLocations(_ value: Any?) throws {
        let locations = try #require(value as? [[String: Any]])
        #expect(locations.count == 1)
        for location in locations {
            let physical = try #require(location["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.contains(" ") && !uri.contains("<") && !uri.contains("#") && !uri.contains("?"), "uri not percent-encoded: \(uri)")
            #expect(URL(string: uri) != nil, "not a URI reference: \(uri)")
            if let region = physical["region"] as? [String: Any] {
                let line = try #require(region["startLine"] as? Int)
                #expect(line >= 1, "region with startLine \(line)")
                if let column = region["startColumn"] as? Int { #expect(column >= 1) }
            }
        }
    }

    @Test func sarifLeavesOutRegionsWithoutALine() throws {
        let log = try json(ReportFormat.sarif.render(ReportFixture.missingLocation.report))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let regions = results.map { result -> [String: Any]? in
            let location = (result["locations"] as? [[String: Any]])?.first
            return (location?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        }
        #expect(regions.count == 3)
        #expect(regions.compactMap { $0 }.count == 1, "only the finding with line 7 has a region")
        #expect(regions.compactMap { $0?["startLine"] as? Int } == [7])
    }

    @Test func sarifPercentEncodesTheFileName() throws {
        let text = ReportFormat.sarif.render(ReportFixture.escaping.report)
        #expect(text.contains("\"uri\" : \"we%20ird/%3C%26%3E%20%22%C3%BC%22%20%F0%9F%8D%95%23%25%3F.json\""))
    }

    /// SARIF 2.1.0 §3.4.4: when `uri` is an absolute URI, `uriBaseId` must be absent (the
    /// Microsoft SARIF validator reports it as SARIF1004, UriBaseIdRequiresRelativeUri). A path
    /// given as absolute on the command line becomes `file:///...` but keeps `%SRCROOT%`.
    @Test func absolutePathsHaveNoURIBase() throws {
        let location = ProctorCore.SourceLocation(file: "/tmp/payloads/a b.json", line: 1, column: 2, pointer: "/userActivity")
        let report = RunReport(
            command: "lint", timestamp: ReportFixture.timestamp, strict: false, rules: ReportFixture.rules,
            suites: [
                RunReport.Suite(name: location.file, findings: [Finding(ruleID: "fixture_error", severity: .error, message: "m", location: location)])
            ])
        let log = try json(ReportFormat.sarif.render(report))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let physical = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "file:///tmp/payloads/a%20b.json")
        #expect(artifact["uriBaseId"] == nil, "uriBaseId \(String(describing: artifact["uriBaseId"])) beside an absolute URI")
    }

    // MARK: - JSON

    @Test(arguments: ReportFixture.allCases)
    func jsonSummaryMatchesItsContents(_ fixture: ReportFixture) throws {
        let report = fixture.report
        let document = try json(ReportFormat.json.render(report))
        #expect(document["schemaVersion"] as? Int == RunReport.schemaVersion)
        #expect(document["exitCode"] as? Int == Int(report.exitCode.rawValue))
        #expect(document["timestamp"] as? String == "2026-06-01T12:00:00Z")
        let summaryObject = try #require(document["summary"] as? [String: Any])
        // Every count is a number, but `judged`, an object of counts by kind.
        let judged = try #require(summaryObject["judged"] as? [String: Int])
        #expect(judged.keys.sorted() == report.judged.map(\.key).sorted())
        let summary = summaryObject.compactMapValues { $0 as? Int }
        #expect(summary.count == summaryObject.count - 1)
        let suites = try #require(document["suites"] as? [[String: Any]])
        #expect(summary["suites"] == suites.count)
        let allFindings = suites.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
        let findings = allFindings.filter { $0["suppression"] == nil }
        #expect(summary["expectedFindings"] == allFindings.count - findings.count)
        let diagnostics = suites.flatMap { ($0["diagnostics"] as? [[String: Any]]) ?? [] }
        let levels = (findings + diagnostics).compactMap { $0["severity"] as? String }
        #expect(summary["errors"] == levels.filter { $0 == "error" }.count)
        #expect(summary["warnings"] == levels.filter { $0 == "warning" }.count)
        #expect(summary["notes"] == levels.filter { $0 == "note" }.count)
        #expect(summary["inputErrors"] == suites.flatMap { ($0["inputErrors"] as? [[String: Any]]) ?? [] }.count)
        // Cases: only failed and errored ones are listed; passed and skipped ones are counted.
        let listed = suites.flatMap { ($0["cases"] as? [[String: Any]]) ?? [] }
        #expect(listed.allSatisfy { ["failed", "error"].contains($0["outcome"] as? String ?? "") })
        let allCases = report.suites.flatMap(\.cases)
        #expect(listed.count == allCases.filter { $0.outcome.isFailure || $0.outcome.isError }.count)
        #expect(summary["cases"] == allCases.count)
        #expect(summary["failedCases"] == listed.count)
        #expect(summary["passedCases"] == allCases.filter { $0.outcome == .passed }.count)
        #expect(summary["skippedCases"] == allCases.filter(\.outcome.isSkipped).count)
        #expect(summary["passedCases"] == suites.compactMap { $0["passedCases"] as? Int }.reduce(0, +))
        #expect(summary["skippedCases"] == suites.compactMap { $0["skippedCases"] as? Int }.reduce(0, +))
    }

    @Test func jsonKeepsMessagesExact() throws {
        let document = try json(ReportFormat.json.render(ReportFixture.escaping.report))
        let suite = try #require((document["suites"] as? [[String: Any]])?.first)
        let finding = try #require((suite["findings"] as? [[String: Any]])?.first)
        #expect(finding["message"] as? String == ReportFixture.nastyText)
    }

    // MARK: - JUnit

    /// XML 1.0 Char production.
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    @Test(arguments: ReportFixture.allCases, JUnitCases.allCases)
    func junitHasNoForbiddenCharacters(_ fixture: ReportFixture, _ form: JUnitCases) {
        let xml = ReportFormat.junit.render(fixture.report, junitCases: form)
        let forbidden = xml.unicodeScalars.filter { !Self.isXMLCharacter($0) }
        #expect(forbidden.isEmpty, "forbidden characters: \(forbidden.map { String($0.value, radix: 16) })")
        #expect(!xml.contains("<![CDATA["))
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    }

    #if canImport(FoundationXML) || canImport(Darwin)
        /// The per-rule form, and every report of a run or conformance in either form: a suite per
        /// suite, a case per case.
        @Test(arguments: ReportFixture.allCases)
        func junitCountsMatchTheTestCases(_ fixture: ReportFixture) throws {
            let report = fixture.report
            let xml = ReportFormat.junit.render(report, junitCases: .rule)
            if report.listsChecks {
                #expect(ReportFormat.junit.render(report, junitCases: .file) == xml, "a run's cases are its expectations in either form")
            }
            let document = try XMLDocument(data: Data(xml.utf8), options: [])
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            #expect((root.attributes ?? []).isEmpty, "the Ant schema allows no attributes on <testsuites>")
            let suites = root.elements(forName: "testsuite")
            #expect(suites.count == report.suites.count)
            var seen = Set<String>()
            for (index, suite) in suites.enumerated() {
                func attribute(_ name: String) -> String? { suite.attribute(forName: name)?.stringValue }
                let cases = suite.elements(forName: "testcase")
                let failures = cases.filter { !$0.elements(forName: "failure").isEmpty }.count
                let errors = cases.filter { !$0.elements(forName: "error").isEmpty }.count
                let skipped = cases.filter { !$0.elements(forName: "skipped").isEmpty }.count
                #expect(attribute("tests") == String(cases.count))
                #expect(attribute("failures") == String(failures))
                #expect(attribute("errors") == String(errors))
                #expect(attribute("skipped") == String(skipped))
                #expect(attribute("name") == report.suites[index].name, "names survive escaping")
                #expect(attribute("id") == String(index))
                #expect(attribute("timestamp") == "2026-06-01T12:00:00", "the Ant schema wants no zone")
                for required in ["package", "hostname", "time"] { #expect(attribute(required) != nil, "missing \(required)") }
                #expect(cases.count == report.suites[index].cases.count)
                for testCase in cases {
                    let key =
                        "\(testCase.attribute(forName: "classname")?.stringValue ?? "")::\(testCase.attribute(forName: "name")?.stringValue ?? "")"
                    #expect(!seen.contains(key), "duplicate test case \(key)")
                    seen.insert(key)
                }
                #expect(suite.elements(forName: "system-out").count == 1)
                #expect(suite.elements(forName: "system-err").count == 1)
            }
        }

        /// The per-file form of lint and scan: one suite, one case per file that has cases, failed,
        /// errored or skipped as its per-rule cases say, and the counts of those in its properties.
        @Test(arguments: ReportFixture.allCases.filter { !$0.report.listsChecks })
        func junitFileCasesMatchTheFiles(_ fixture: ReportFixture) throws {
            let report = fixture.report
            let document = try XMLDocument(data: Data(ReportFormat.junit.render(report).utf8), options: [])
            let suites = try #require(document.rootElement()).elements(forName: "testsuite")
            try #require(suites.count == 1)
            let suite = suites[0]
            func attribute(_ name: String) -> String? { suite.attribute(forName: name)?.stringValue }
            let judged = report.suites.filter { $0.failingCases().total > 0 }
            let cases = suite.elements(forName: "testcase")
            #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == judged.map(\.name))
            #expect(Set(cases.map { $0.attribute(forName: "classname")?.stringValue }) == (cases.isEmpty ? [] : ["proctor.lint"]))
            for (element, file) in zip(cases, judged) {
                let list = file.failingCases()
                let outcome =
                    element.elements(forName: "error").isEmpty
                    ? element.elements(forName: "failure").isEmpty ? element.elements(forName: "skipped").isEmpty ? "passed" : "skipped" : "failed"
                    : "errored"
                let expected = list.errored > 0 ? "errored" : list.failed > 0 ? "failed" : list.passed == 0 ? "skipped" : "passed"
                #expect(outcome == expected, "\(file.name)")
                // Every finding that fails the run is in the failure's text, with its rule.
                let text = (element.elements(forName: "failure") + element.elements(forName: "error")).first?.stringValue ?? ""
                for finding in file.findings where finding.suppression == nil && report.fails(finding.severity) {
                    // As XML 1.0 can hold it: U+FFFE shown, as every forbidden character is.
                    let line = finding.compilerLine().replacingOccurrences(of: "\u{FFFE}", with: "\\u{FFFE}")
                    #expect(text.contains(line), "\(finding.ruleID) missing from \(file.name)'s case")
                }
            }
            #expect(attribute("tests") == String(cases.count))
            #expect(attribute("failures") == String(cases.filter { !$0.elements(forName: "failure").isEmpty }.count))
            #expect(attribute("errors") == String(cases.filter { !$0.elements(forName: "error").isEmpty }.count))
            #expect(attribute("skipped") == String(cases.filter { !$0.elements(forName: "skipped").isEmpty }.count))
            let properties = Dictionary(
                uniqueKeysWithValues: try #require(suite.elements(forName: "properties").first).elements(forName: "property").map {
                    ($0.attribute(forName: "name")?.stringValue ?? "", $0.attribute(forName: "value")?.stringValue ?? "")
                })
            let lists = report.suites.map { $0.failingCases() }
            #expect(properties["proctor.junit-cases"] == "file")
            #expect(properties["proctor.rules"] == String(report.rules.count))
            #expect(properties["proctor.checks"] == String(lists.reduce(0) { $0 + $1.total }))
            #expect(properties["proctor.checks.passed"] == String(lists.reduce(0) { $0 + $1.passed }))
            #expect(properties["proctor.checks.skipped"] == String(lists.reduce(0) { $0 + $1.skipped }))
        }

        @Test func junitEscapesWithoutLosingText() throws {
            // Forbidden characters are shown as \u{..}; everything else survives exactly.
            let shown = ReportFixture.nastyText.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}").replacingOccurrences(
                of: "\u{FFFE}", with: "\\u{FFFE}")
            for form in JUnitCases.allCases {
                let xml = ReportFormat.junit.render(ReportFixture.escaping.report, junitCases: form)
                let document = try XMLDocument(data: Data(xml.utf8), options: [])
                let failure = try #require(try document.nodes(forXPath: "//failure").first as? XMLElement)
                let message = try #require(failure.attribute(forName: "message")?.stringValue)
                // The per-file form's message says where the first problem is.
                #expect(message == (form == .rule ? shown : "we ird/<&> \"ü\" 🍕#%?.json:1:40: " + shown))
                #expect(failure.stringValue?.contains("]]> end") == true)
            }
        }
    #endif

    // MARK: - Text

    @Test func textLinesAreCompilerStyleAndSorted() {
        let text = ReportFormat.text.render(ReportFixture.allSeverities.report)
        #expect(
            text == """
                payloads/a.json:2:3: warning: a warning [fixture_warning]
                payloads/a.json:3:21: error: an error [fixture_error]
                payloads/a.json:4:7: note: a note [fixture_note]
                payloads/a.json:5:5: warning: unknown key 'titel' in userActivity is ignored; did you mean 'title'? [unknown_key]
                lint: 2 files, 1 error, 2 warnings, 1 note

                """)
    }

    /// Text output is one compiler-style line per problem, so that editors and CI log parsers read
    /// it. Messages quote input (unknown keys, activity types), and the text reporter prints
    /// control characters from the input raw: a key containing `\n` splits a problem over two
    /// lines, and one containing ESC writes terminal escape sequences to the user's terminal.
    @Test func textOutputIsOneLinePerProblemEvenWhenInputHasControlCharacters() throws {
        let payload = #"{"userActivity": {"activityType": "com.example.app.view", "ti\ntle\u001b[31m": 1}}"#
        let text = ReportFormat.text.render(lint(payload, path: "k.json").report())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // the text ends in a newline
        let pattern = try Regex(#"^k\.json:\d+:\d+: (error|warning|note): .+ \[[a-z_]+\]$"#)
        #expect(lines.last?.hasPrefix("lint: 1 file") == true)
        #expect(lines.count == 2, "one problem line and the summary: \(lines)")
        for line in lines.dropLast() {
            #expect(line.wholeMatch(of: pattern) != nil, "not one compiler-style line: \(line)")
        }
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters in the text report")
    }

    // MARK: - Exit codes

    @Test func exitCodes() {
        #expect(ReportFixture.empty.report.exitCode == .success)
        #expect(ReportFixture.allSeverities.report.exitCode == .problemsFound)
        #expect(ReportFixture.missingLocation.report.exitCode == .problemsFound)
        #expect(ReportFixture.inputErrors.report.exitCode == .inputError)
        #expect(ReportFixture.conformance.report.exitCode == .inputError)

        let warningOnly = RunReport.Suite(
            name: "w.json",
            findings: [
                Finding(
                    ruleID: "fixture_warning", severity: .warning, message: "w",
                    location: ProctorCore.SourceLocation(file: "w.json", line: 1, column: 1, pointer: ""))
            ])
        let lenient = RunReport(command: "lint", timestamp: ReportFixture.timestamp, strict: false, rules: ReportFixture.rules, suites: [warningOnly])
        #expect(lenient.exitCode == .success)
        var strict = lenient
        strict.strict = true
        #expect(strict.exitCode == .problemsFound)
        let noteOnly = RunReport.Suite(
            name: "n.json",
            findings: [
                Finding(ruleID: "fixture_note", severity: .note, message: "n", location: ProctorCore.SourceLocation(file: "n.json"))
            ])
        strict.suites = [noteOnly]
        #expect(strict.exitCode == .success, "notes never fail a run")
    }
}

/// GitLab's Code Quality fingerprints: in JSON Lines, where every line's pointers start again,
/// fixing one line does not hand its fingerprint to another line's issue.
@Suite("GitLab fingerprints")
struct GitLabFingerprintTests {
    private func fingerprints(_ lines: [Int]) throws -> [String] {
        let findings = lines.map { line in
            Finding(
                ruleID: "title_length", severity: .warning, message: "too long",
                location: SourceLocation(file: "a.jsonl", line: line, column: 5, pointer: "/userActivity/title"))
        }
        let report = RunReport(
            command: "lint", timestamp: Date(timeIntervalSince1970: 0), strict: false, rules: [], suites: [.init(name: "a.jsonl", findings: findings)]
        )
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormat.gitlab.render(report).utf8)) as? [[String: Any]])
        return issues.compactMap { $0["fingerprint"] as? String }
    }

    @Test func aLineOfJSONLinesKeepsItsFingerprint() throws {
        let both = try fingerprints([1, 2])
        #expect(Set(both).count == 2)
        #expect(try fingerprints([2]) == [both[1]])
    }
}
