import Foundation
import ProctorCore
import ProctorJSON
import Testing

@testable import ProctorFiles
@testable import ProctorReports
@testable import ProctorScenario

private typealias Location = ProctorCore.SourceLocation

/// The HTML report (`--report html:PATH`): what it escapes, how it groups and orders problems,
/// the lines it shows, and how it draws a scenario's timeline (recorded in `TimelineTests`). Its golden files are among
/// the report snapshots (`ReportSnapshotTests`); real browsers read it in scripts/check_reports.py.
@Suite("HTML report")
struct HTMLReportTests {
    private func page(_ report: RunReport, sources: [String: String] = [:]) -> String {
        ReportFormat.html.render(report, sources: .inMemory(sources))
    }

    private func lint(_ suites: [RunReport.Suite], strict: Bool = false) -> RunReport {
        RunReport(command: "lint", timestamp: fixedNow, strict: strict, rules: ReportFixture.rules, suites: suites)
    }

    /// The text between `start` and the next `end` after it, once per occurrence.
    private func pieces(of text: String, from start: String, to end: String) -> [String] {
        var result: [String] = []
        var rest = text[...]
        while let open = rest.range(of: start), let close = rest[open.upperBound...].range(of: end) {
            result.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return result
    }

    // MARK: - Escaping

    @Test func inputNeverBecomesMarkup() {
        let file = "payloads/<img src=x onerror=alert(1)>.json"
        let message = "title '<script>alert(\"x\")</script>' & \u{1B}[31mred\r"
        let report = lint([
            .init(
                name: file,
                findings: [
                    Finding(
                        ruleID: "fixture_error", severity: .error, message: message,
                        location: Location(file: file, line: 1, column: 2, pointer: "/<b>\"'"),
                        suppression: "ignored: <i>why</i>")
                ])
        ])
        let html = page(report, sources: [file: "{\"<script>\": \"</pre></code><script>alert(2)</script>\"}\n"])
        #expect(!html.lowercased().contains("<script"), "a <script> in input stays text")
        #expect(!html.contains("<img") && !html.contains("<b>") && !html.contains("<i>"))
        #expect(html.contains("title '&lt;script&gt;alert(\"x\")&lt;/script&gt;' &amp; \\u{1B}[31mred\\u{D}"))
        #expect(html.contains("&lt;/pre&gt;&lt;/code&gt;&lt;script&gt;alert(2)&lt;/script&gt;"))
        #expect(html.contains("Accepted, not counted: ignored: &lt;i&gt;why&lt;/i&gt;"))
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control characters are shown, not written")
        // Markup that opens closes: as many <pre>, <code>, <p> and <li> as their ends.
        for tag in ["pre", "code", "p", "li", "section", "span", "mark"] {
            #expect(
                html.components(separatedBy: "<\(tag)>").count + html.components(separatedBy: "<\(tag) ").count - 2
                    == html.components(separatedBy: "</\(tag)>").count - 1, "unbalanced <\(tag)>")
        }
    }

    @Test func attributeValuesAreQuotedSafely() {
        // A line break or a tab from the input is shown, as every report shows it (issue 37).
        #expect(HTMLWriter.escape("a\"b'c<d>&e\n\t", attribute: true) == "a&quot;b&#39;c&lt;d&gt;&amp;e\\u{A}\\u{9}")
        #expect(HTMLWriter.escape("a\"b'c\n\t", attribute: false) == "a\"b'c\\u{A}\\u{9}")
        #expect(HTMLWriter.escape("\u{0}\u{7F}\u{FFFE}\u{FFFF}ok 🍕", attribute: false) == "\\u{0}\\u{7F}\\u{FFFE}\\u{FFFF}ok 🍕")
        #expect(HTMLWriter.escape("plain text", attribute: true) == "plain text")
    }

    /// Only Proctor's own line breaks (between the lines of a check's details) and a source
    /// line's tabs (its layout) are written as they are.
    @Test func detailsKeepTheirLineBreaksAndSourceLinesTheirTabs() {
        var lines = HTMLWriter(output: ReportOutput())
        lines.lines("expected: a\\u{A}b <\n  actual: \u{1B}[31m")
        #expect(lines.output.text == "expected: a\\u{A}b &lt;\n  actual: \\u{1B}[31m")
        var source = HTMLWriter(output: ReportOutput())
        source.sourceLine("\t\"a\": \"\u{1B}\r\"")
        #expect(source.output.text == "\t\"a\": \"\\u{1B}\\u{D}\"")
    }

    @Test func thePageLoadsNothing() {
        let html = page(ReportFixture.scenario.report, sources: [:])
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"))
        for reference in ["<script", "<link", "<img", "src=", "@import", "url(", "http://", "https://"] {
            #expect(!html.contains(reference), "the page refers to '\(reference)'")
        }
    }

    // MARK: - Grouping and order

    @Test func problemsAreGroupedByFileAndSorted() {
        // Suites in no order, and one whose finding is in another file (a scenario's Info.plist).
        let report = lint([
            .init(
                name: "b.json",
                findings: [
                    Finding(
                        ruleID: "fixture_warning", severity: .warning, message: "late",
                        location: Location(file: "b.json", line: 9, column: 1, pointer: "/z")),
                    Finding(
                        ruleID: "fixture_error", severity: .error, message: "early",
                        location: Location(file: "b.json", line: 2, column: 1, pointer: "/a")),
                ]),
            .init(
                name: "a.json",
                diagnostics: [
                    Diagnostic(
                        code: .unknownKey, severity: .warning, message: "unknown key",
                        location: Location(file: "a.json", line: 5, column: 3, pointer: "/k"))
                ],
                findings: [
                    Finding(
                        ruleID: "fixture_note", severity: .note, message: "same place",
                        location: Location(file: "a.json", line: 5, column: 3, pointer: "/k")),
                    Finding(
                        ruleID: "fixture_error", severity: .error, message: "accepted", location: Location(file: "Info.plist", line: 1),
                        suppression: "in the baseline proctor-baseline.json"),
                ]),
        ])
        let html = page(report)
        let headings = pieces(of: html, from: "<section class=\"file\" id=\"", to: "</code>")
        #expect(headings == ["file-1\">\n<h3><code>Info.plist", "file-2\">\n<h3><code>a.json", "file-3\">\n<h3><code>b.json"])
        let messages = pieces(of: html, from: "<p class=\"message\">", to: "</p>")
        #expect(
            messages == ["accepted", "unknown key", "same place", "early", "late"], "by file, then line, then input errors, diagnostics and findings")
        #expect(html.contains("<li class=\"problem error accepted\" id=\"file-1-1\">"))
        #expect(html.contains("Accepted, not counted: in the baseline proctor-baseline.json"))
        #expect(html.contains("<span class=\"tally-line\">1 accepted</span>"))
        #expect(html.contains("<span class=\"tally-line\">1 warning, 1 note</span>"))
        #expect(html.contains("<span class=\"tally-line\">1 error, 1 warning</span>"))
    }

    @Test func theSummaryCountsWhatTheRunCounts() {
        let html = page(ReportFixture.allSeverities.report, sources: [:])
        func tile(_ label: String) -> String? {
            pieces(of: html, from: "<dt>\(label)</dt><dd>", to: "</dd>").first
        }
        #expect(tile("passed") == "6" && tile("failed") == "1" && tile("errored") == "0" && tile("skipped") == "1")
        #expect(tile("errors") == "1" && tile("warnings") == "2" && tile("notes") == "1" && tile("input errors") == "0")
        #expect(html.contains("<h1>proctor lint <span class=\"verdict failed\">failed</span></h1>"))
        #expect(html.contains("Run at <time datetime=\"2026-06-01T12:00:00Z\">2026-06-01T12:00:00Z</time>"))
        #expect(html.contains(TextReporter.summary(ReportFixture.allSeverities.report)))
    }

    // MARK: - Source lines

    private func line(_ text: String, line: Int?, column: Int?, file: String = "f.json", present: Bool = true) -> String {
        let report = lint([
            .init(
                name: file,
                findings: [
                    Finding(ruleID: "fixture_error", severity: .error, message: "m", location: Location(file: file, line: line, column: column))
                ])
        ])
        let html = page(report, sources: present ? [file: text] : [:])
        return pieces(of: html, from: "<p class=\"message\">m</p>\n", to: "\n</li>").first ?? ""
    }

    @Test func theLineIsShownWithItsColumnMarked() {
        #expect(
            line("{\n  \"title\": \"\",\n}\n", line: 2, column: 12)
                == "<pre class=\"source\"><span class=\"line-number\">2</span><code>  \"title\": <mark>\"</mark>\",</code></pre>")
        // Columns count Unicode scalars, after a byte-order mark; a CRLF line loses its CR.
        #expect(
            line("\u{FEFF}{\"é🍕\": 1}\r\n", line: 1, column: 8)
                == "<pre class=\"source\"><span class=\"line-number\">1</span><code>{\"é🍕\": <mark>1</mark>}</code></pre>")
        // A column just past the end of the line marks a space there.
        #expect(line("{\"a\":\n", line: 1, column: 6).contains("{\"a\":<mark> </mark></code>"))
        #expect(line("{}\n", line: 1, column: nil).contains("<code>{}</code>"))
    }

    @Test func aLongLineIsCutAroundTheColumn() {
        let text = String(repeating: "a", count: 5000) + "X" + String(repeating: "b", count: 5000)
        let shown = line(text, line: 1, column: 5001)
        #expect(shown.contains("<mark>X</mark>"))
        #expect(shown.contains("<span class=\"cut\">…</span>"))
        #expect(shown.count < 400)
    }

    @Test func whyALineIsNotShown() {
        #expect(
            line("", line: 3, column: 1, file: "gone.json", present: false)
                == "<p class=\"source none\">Line 3 of gone.json is not shown: no such file or directory.</p>")
        #expect(line("{}\n", line: 7, column: 1) == "<p class=\"source none\">Line 7 is not shown: f.json has 1 line now.</p>")
        #expect(line("{}\n", line: nil, column: nil) == "<p class=\"source none\">No line is known for this problem.</p>")
    }

    @Test func onlyRegularFilesAreReadAgain() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let file = try directory.write("p.json", "{\n  \"a\": 1\n}\n")
        #expect(try SourceFiles.currentDirectory.read(file).get().line(2) == "  \"a\": 1")
        // A pipe named on the command line was consumed by the run; opening it again must not wait.
        let pipe = directory.path + "/pipe.json"
        #expect(mkfifo(pipe, 0o644) == 0)
        func why(_ path: String) -> String? {
            if case .failure(let unavailable) = SourceFiles.currentDirectory.read(path) { unavailable.reason } else { nil }
        }
        #expect(why(pipe) == "it is not a regular file, so it is not read again")
        #expect(why(directory.path) == "it is not a regular file, so it is not read again")
        #expect(why(directory.path + "/missing.json") == "cannot read it: No such file or directory")
        #expect(SourceFiles.standardInputName == InputFiles.standardInputName)
        #expect(why(InputFiles.standardInputName) == "standard input is not kept after the run")
    }

    // MARK: - Timelines

    @Test func theTimelineMarksTheFailingExpectation() throws {
        let suite = try TimelineTests.play(TimelineTests.handoffScenario)
        let report = RunReport(command: "run", timestamp: fixedNow, strict: false, rules: [], checks: ScenarioCheck.reported, suites: [suite])
        let html = page(report, sources: ["handoff.scenario.json": TimelineTests.handoffScenario])
        // Lanes: the system (the clock), then the devices in the scenario's order.
        #expect(
            html.contains(
                "<th scope=\"col\" class=\"lane system\">System</th><th scope=\"col\" class=\"lane\">iPhone</th><th scope=\"col\" class=\"lane\">Mac</th>"
            ))
        let rows = pieces(of: html, from: "<tr class=\"", to: "</tr>")
        #expect(rows.map { $0.prefix { $0 != "\"" } } == ["ok", "ok", "ok", "ok", "ok", "failed"])
        let failing = try #require(rows.last)
        #expect(failing.hasPrefix("failed\" id=\"scenario-1-event-6\">"))
        // In the iPhone's column (the second lane), with expected and actual side by side.
        #expect(
            failing.contains(
                "</td><td></td><td class=\"event expectation failed\"><p class=\"what\"><span class=\"kind\">expect spotlight</span> <span class=\"outcome failed\">✗ failed</span>"
            ))
        #expect(failing.hasSuffix("<td></td>"))
        #expect(
            failing.contains(
                "<div class=\"expected\"><p class=\"label\">Expected</p><p class=\"value\">results ['Beach']</p></div><div class=\"actual\"><p class=\"label\">Actual</p><p class=\"value\">results ['Shakshuka' (activity 'a')]</p></div>"
            ))
        #expect(html.contains("<details class=\"scenario failed\" id=\"scenario-1\" open=\"\">"))
        #expect(html.contains("<span class=\"scenario-name\">Hand a recipe to the Mac &lt;b&gt;</span>"))
        // The failed check links to its entry on the timeline, and shows the step's line.
        #expect(html.contains("<a href=\"#scenario-1-event-6\">on the timeline</a>"))
        #expect(
            html.contains(
                "<span class=\"line-number\">17</span><code>    {\"expect\": {\"launch\": {\"route\": \"detail\"}, \"spotlight\": <mark>{</mark>\"device\""
            ))
    }

    // MARK: - Determinism

    @Test func twoRunsWriteTheSameBytes() throws {
        let first = page(
            RunReport(command: "run", timestamp: fixedNow, strict: false, rules: [], suites: [try TimelineTests.play(TimelineTests.handoffScenario)]))
        let second = page(
            RunReport(command: "run", timestamp: fixedNow, strict: false, rules: [], suites: [try TimelineTests.play(TimelineTests.handoffScenario)]))
        #expect(first == second)
        let lint = ReportFixture.allSeverities.report
        #expect(ReportFormat.html.render(lint, sources: ReportFixture.sources) == ReportFormat.html.render(lint, sources: ReportFixture.sources))
    }
}
