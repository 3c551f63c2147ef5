import Foundation
import ProctorCore
import ProctorJSON

/// One self-contained HTML page for a person reading a red build: the summary, every problem
/// grouped by file with the line it is on, the checks that failed, and for `proctor run` each
/// scenario's timeline, a lane per device, with the failing entries marked and what was
/// expected beside what the model showed.
///
/// The page loads nothing: its style is inline, it has no script, font or image, and its
/// Content-Security-Policy forbids every fetch, so it reads the same offline, from a CI
/// artifact, with scripting off. Every piece of input is escaped by ``HTMLWriter``. The output is
/// deterministic: files and problems are sorted, ids are numbered in that order, and the only
/// time on the page is the report's own `timestamp` (`--now`) and the scenarios' model clocks.
enum HTMLReporter {
    static func write(_ report: RunReport, to output: inout ReportOutput, sources: SourceFiles) {
        var page = Page(html: HTMLWriter(output: output), report: report, sources: sources)
        page.write()
        output = page.html.output
    }

    /// The page being written, with the file read last, so that the lines of one file are read
    /// once however many problems it has.
    private struct Page {
        var html: HTMLWriter
        let report: RunReport
        let sources: SourceFiles
        private var lastRead: (path: String, text: Result<SourceText, SourceFiles.Unavailable>)?

        init(html: HTMLWriter, report: RunReport, sources: SourceFiles) {
            self.html = html
            self.report = report
            self.sources = sources
        }

        mutating func write() {
            let cases = report.suites.map { $0.failingCases() }
            let groups = problemsByFile()
            // In lint the failed cases repeat the findings; errored cases repeat input errors, which
            // are among the problems (as in the text report). Failures are news.
            let checks =
                !report.listsChecks
                ? []
                : report.suites.indices.filter { cases[$0].cases.contains { $0.outcome.isFailure } }
                    .map { (index: $0, list: cases[$0]) }
            let scenarios = report.suites.filter { $0.timeline != nil }
            let verdict = report.exitCode == .success ? "passed" : "failed"

            html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
            // Nothing may be fetched, whatever a message holds; inline style only.
            html.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
            html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
            html.start("meta", [("name", "generator"), ("content", "proctor \(ProctorVersion.current)")])
            html.raw("\n")
            html.element("title", [], "proctor \(report.command): \(verdict)")
            html.raw("\n<style>\n")
            html.raw(HTMLReportStyle.css)
            html.raw("</style>\n</head>\n<body>\n")

            writeHeader(verdict: verdict, cases: cases)
            writeContents(groups: groups, checks: checks, scenarios: scenarios)
            html.raw("<main>\n")
            if !groups.isEmpty { writeProblems(groups) }
            if !checks.isEmpty { writeChecks(checks) }
            if !scenarios.isEmpty { writeScenarios(scenarios) }
            html.raw("</main>\n<footer>")
            html.text(
                "Written by proctor \(ProctorVersion.current). The page loads nothing and runs no script: it reads the same offline and with scripting off."
            )
            html.raw("</footer>\n</body>\n</html>\n")
        }

        // MARK: - Summary

        private mutating func writeHeader(verdict: String, cases: [RunReport.CaseList]) {
            html.raw("<header>\n<h1>")
            html.text("proctor \(report.command) ")
            html.element("span", [("class", "verdict \(verdict)")], verdict)
            html.raw("</h1>\n<p class=\"meta\">Run at ")
            let time = DateFormat.format(report.timestamp)
            html.element("time", [("datetime", time)], time)
            html.text(" · proctor \(ProctorVersion.current) · exit code \(report.exitCode.rawValue)")
            if report.strict { html.text(" · strict: warnings fail") }
            html.raw("</p>\n")

            let findings = report.allFindings
            let problems = findings.filter { $0.suppression == nil }.map(\.severity) + report.allDiagnostics.map(\.severity)
            func count(_ severity: Severity) -> Int { problems.filter { $0 == severity }.count }
            let accepted = findings.filter { $0.suppression != nil }.count
            html.raw("<div class=\"counts\">\n")
            html.raw("<div class=\"group\"><p class=\"group-label\">Checks</p><dl class=\"tally cases\">")
            tile("passed", cases.reduce(0) { $0 + $1.passed }, alarming: false)
            tile("failed", cases.reduce(0) { $0 + $1.failed }, alarming: true)
            tile("errored", cases.reduce(0) { $0 + $1.errored }, alarming: true)
            tile("skipped", cases.reduce(0) { $0 + $1.skipped }, alarming: false)
            html.raw("</dl></div>\n<div class=\"group\"><p class=\"group-label\">Findings</p><dl class=\"tally problems\">")
            tile("errors", count(.error), alarming: true, severity: .error)
            tile("warnings", count(.warning), alarming: report.strict, severity: .warning)
            tile("notes", count(.note), alarming: false, severity: .note)
            tile("accepted", accepted, alarming: false)
            tile("input errors", report.allInputErrors.count, alarming: true)
            html.raw("</dl></div>\n</div>\n")
            html.element("p", [("class", "summary-line")], TextReporter.summary(report))
            html.raw("\n</header>\n")
        }

        /// One count: `<div><dt>failed</dt><dd>4</dd></div>`, marked when it is not zero.
        private mutating func tile(_ label: StaticString, _ value: Int, alarming: Bool, severity: Severity? = nil) {
            var classes = "tile"
            if let severity { classes += " \(severity.rawValue)" }
            if value > 0 && alarming { classes += " alarm" }
            html.start("div", [("class", classes)])
            html.start("dt")
            html.raw(label)
            html.end("dt")
            html.element("dd", [], String(value))
            html.end("div")
        }

        private mutating func writeContents(groups: [FileGroup], checks: [(index: Int, list: RunReport.CaseList)], scenarios: [RunReport.Suite]) {
            guard !groups.isEmpty || !checks.isEmpty || !scenarios.isEmpty else {
                html.raw("<p class=\"nothing\">Nothing to show: no problems, no failed checks.</p>\n")
                return
            }
            html.raw("<nav aria-label=\"Contents\">\n<ul>\n")
            if !groups.isEmpty {
                html.raw("<li><a href=\"#problems\">Problems by file</a>")
                html.text(" (\(plural(groups.count, "file")))")
                html.raw("</li>\n")
            }
            if !checks.isEmpty {
                let count = checks.reduce(0) { $0 + $1.list.failed }
                html.raw("<li><a href=\"#checks\">Failed checks</a>")
                html.text(" (\(count))")
                html.raw("</li>\n")
            }
            if !scenarios.isEmpty {
                let failed = scenarios.filter(\.hasFailedCase).count
                html.raw("<li><a href=\"#scenarios\">Scenario timelines</a>")
                html.text(" (\(plural(scenarios.count, "scenario")), \(failed) failed)")
                html.raw("</li>\n")
            }
            html.raw("</ul>\n</nav>\n")
        }

        // MARK: - Problems by file

        /// An input error, a decoding diagnostic or a finding, as the page lists it.
        private struct Problem {
            var location: SourceLocation
            /// Input errors first, then diagnostics, then findings, at one place (as the text
            /// report orders them).
            var order: Int
            var code: String
            var severity: Severity
            var message: String
            /// Why a finding does not count (a scenario expects it, a baseline or an ignore).
            var suppression: String?
            var kind: StaticString
        }

        private struct FileGroup {
            var file: String
            var problems: [Problem]
        }

        private func problemsByFile() -> [FileGroup] {
            var byFile: [String: [Problem]] = [:]
            for suite in report.suites {
                for error in suite.inputErrors {
                    byFile[error.location.file, default: []].append(
                        Problem(
                            location: error.location, order: 0, code: error.code.rawValue, severity: .error, message: error.message,
                            kind: "input error"))
                }
                for diagnostic in suite.diagnostics {
                    byFile[diagnostic.location.file, default: []].append(
                        Problem(
                            location: diagnostic.location, order: 1, code: diagnostic.code.rawValue, severity: diagnostic.severity,
                            message: diagnostic.message,
                            kind: "decoding"))
                }
                for finding in suite.findings {
                    byFile[finding.location.file, default: []].append(
                        Problem(
                            location: finding.location, order: 2, code: finding.ruleID, severity: finding.severity, message: finding.message,
                            suppression: finding.suppression, kind: "rule"))
                }
            }
            return byFile.keys.sorted().map { file in
                FileGroup(
                    file: file,
                    problems: byFile[file]!.sorted { ($0.location, $0.order, $0.code, $0.message) < ($1.location, $1.order, $1.code, $1.message) })
            }
        }

        private mutating func writeProblems(_ groups: [FileGroup]) {
            html.raw("<section id=\"problems\">\n<h2>Problems by file</h2>\n")
            for (number, group) in groups.enumerated() {
                let id = "file-\(number + 1)"
                html.start("section", [("class", "file"), ("id", id)])
                html.raw("\n<h3>")
                html.element("code", [], group.file.isEmpty ? "(no file)" : group.file)
                html.raw(" ")
                html.element("span", [("class", "tally-line")], tally(group.problems))
                html.raw("</h3>\n<ol class=\"problems\">\n")
                for (index, problem) in group.problems.enumerated() {
                    let accepted = problem.suppression != nil
                    html.start("li", [("class", "problem \(problem.severity.rawValue)\(accepted ? " accepted" : "")"), ("id", "\(id)-\(index + 1)")])
                    html.raw("\n<p class=\"head\">")
                    html.element("span", [("class", "severity \(problem.severity.rawValue)")], problem.severity.rawValue)
                    html.raw(" ")
                    html.element("code", [("class", "code")], problem.code)
                    html.raw(" ")
                    html.start("span", [("class", "kind")])
                    html.raw(problem.kind)
                    html.end("span")
                    html.raw(" ")
                    writePlace(problem.location)
                    html.raw("</p>\n")
                    html.element("p", [("class", "message")], problem.message)
                    html.raw("\n")
                    if let suppression = problem.suppression {
                        html.element("p", [("class", "suppression")], "Accepted, not counted: \(suppression)")
                        html.raw("\n")
                    }
                    writeSourceLine(problem.location)
                    html.raw("</li>\n")
                }
                html.raw("</ol>\n</section>\n")
            }
            html.raw("</section>\n")
        }

        /// "2 errors, 1 warning, 1 accepted".
        private func tally(_ problems: [Problem]) -> String {
            var parts: [String] = []
            for severity in Severity.allCases.reversed() {
                let count = problems.filter { $0.suppression == nil && $0.severity == severity }.count
                if count > 0 { parts.append(plural(count, severity.rawValue)) }
            }
            let accepted = problems.filter { $0.suppression != nil }.count
            if accepted > 0 { parts.append("\(accepted) accepted") }
            return parts.joined(separator: ", ")
        }

        /// `3:21 · /userActivity/activityType`: line and column as compilers write them (`line 7`
        /// without a column), and the JSON Pointer, the parts that are known.
        private mutating func writePlace(_ location: SourceLocation) {
            html.raw("<span class=\"place\">")
            var known = false
            if let line = location.line, line > 0 {
                // Without a column, a bare number would say nothing: "line 7".
                if let column = location.column, column > 0 {
                    html.element("code", [("class", "position"), ("title", "line:column")], "\(line):\(column)")
                } else {
                    html.element("span", [("class", "position")], "line \(line)")
                }
                known = true
            }
            if let pointer = location.pointer {
                if known { html.raw(" · ") }
                html.element("code", [("class", "pointer"), ("title", "JSON Pointer")], pointer.isEmpty ? "(the root)" : pointer)
            }
            html.raw("</span>")
        }

        // MARK: - Source lines

        /// The line a location names, read from its file, with the character at its column
        /// marked; or why it is not shown.
        private mutating func writeSourceLine(_ location: SourceLocation) {
            guard !location.file.isEmpty else { return }
            guard let number = location.line, number > 0 else {
                html.element("p", [("class", "source none")], "No line is known for this problem.")
                html.raw("\n")
                return
            }
            switch text(of: location.file) {
            case .failure(let unavailable):
                html.element("p", [("class", "source none")], "Line \(number) of \(location.file) is not shown: \(unavailable.reason).")
            case .success(let text):
                guard let line = text.line(number) else {
                    html.element(
                        "p", [("class", "source none")], "Line \(number) is not shown: \(location.file) has \(plural(text.lineCount, "line")) now.")
                    break
                }
                html.start("pre", [("class", "source")])
                html.element("span", [("class", "line-number")], String(number))
                writeMarked(line, column: location.column)
                html.end("pre")
            }
            html.raw("\n")
        }

        /// A line with the character at `column` (1-based, in Unicode scalars) in `<mark>`. A line
        /// longer than ``longLine`` (minified JSON) is cut to a window around the column.
        private mutating func writeMarked(_ line: String, column: Int?) {
            let scalars = Array(line.unicodeScalars)
            let count = scalars.count
            // 0-based; `count` is the place just past the last character.
            let at = column.map { $0 - 1 }.flatMap { (0...count).contains($0) ? $0 : nil }
            var window = 0..<count
            if count > Self.longLine {
                let end = min(count, max(0, (at ?? 0) - Self.longLine / 3) + Self.longLine)
                window = (end - Self.longLine)..<end
            }
            func piece(_ lower: Int, _ upper: Int) -> String {
                let lower = max(lower, window.lowerBound)
                let upper = min(upper, window.upperBound)
                guard lower < upper else { return "" }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[lower..<upper])
                return String(text)
            }
            html.start("code")
            if window.lowerBound > 0 { html.element("span", [("class", "cut")], "…") }
            if let at, at < count ? window.contains(at) : window.upperBound == count {
                html.sourceLine(piece(window.lowerBound, at))
                // A column just past the end (a value missing at the end of the line) marks a space.
                html.start("mark")
                html.sourceLine(at < count ? piece(at, at + 1) : " ")
                html.end("mark")
                html.sourceLine(piece(at + 1, window.upperBound))
            } else {
                html.sourceLine(piece(window.lowerBound, window.upperBound))
            }
            if window.upperBound < count { html.element("span", [("class", "cut")], "…") }
            html.end("code")
        }

        static let longLine = 240

        private mutating func text(of path: String) -> Result<SourceText, SourceFiles.Unavailable> {
            if let lastRead, lastRead.path == path { return lastRead.text }
            let text = sources.read(path)
            lastRead = (path, text)
            return text
        }

        // MARK: - Failed checks

        private mutating func writeChecks(_ checks: [(index: Int, list: RunReport.CaseList)]) {
            html.raw("<section id=\"checks\">\n<h2>Failed checks</h2>\n")
            // The number of each suite's timeline, as writeScenarios numbers them.
            var timelineNumbers: [Int: Int] = [:]
            for index in report.suites.indices where report.suites[index].timeline != nil { timelineNumbers[index] = timelineNumbers.count + 1 }
            for (number, (index, list)) in checks.enumerated() {
                let suite = report.suites[index]
                html.start("section", [("class", "suite"), ("id", "checks-\(number + 1)")])
                html.raw("\n<h3>")
                html.element("code", [], suite.name)
                html.raw("</h3>\n<ol class=\"checks\">\n")
                // A failed check of a played scenario links to its entry on the timeline.
                var entries: [SourceLocation: String] = [:]
                if let timeline = suite.timeline, let scenario = timelineNumbers[index] {
                    for (position, event) in timeline.events.enumerated() {
                        if case .failed = event.outcome, let location = event.location, entries[location] == nil {
                            entries[location] = "scenario-\(scenario)-event-\(position + 1)"
                        }
                    }
                }
                for testCase in list.cases {
                    guard case .failed(let type, let message, let details) = testCase.outcome else { continue }
                    html.raw("<li class=\"check failed\">\n<p class=\"head\"><span class=\"outcome failed\">✗ failed</span>")
                    html.raw(" ")
                    html.element("code", [("class", "code")], type)
                    html.raw(" ")
                    html.element("span", [("class", "case-name")], testCase.name)
                    html.raw("</p>\n")
                    html.element("p", [("class", "message")], message)
                    html.raw("\n")
                    if !details.isEmpty && details != message {
                        html.start("pre", [("class", "details")])
                        html.lines(details)
                        html.end("pre")
                        html.raw("\n")
                    }
                    if let location = testCase.location {
                        html.raw("<p class=\"where\">")
                        html.element("code", [], location.file)
                        html.raw(" ")
                        writePlace(location)
                        if let entry = entries[location] {
                            html.raw(" · ")
                            html.start("a", [("href", "#" + entry)])
                            html.raw("on the timeline")
                            html.end("a")
                        }
                        html.raw("</p>\n")
                        writeSourceLine(location)
                    }
                    html.raw("</li>\n")
                }
                html.raw("</ol>\n</section>\n")
            }
            html.raw("</section>\n")
        }

        // MARK: - Timelines

        private mutating func writeScenarios(_ suites: [RunReport.Suite]) {
            html.raw("<section id=\"scenarios\">\n<h2>Scenario timelines</h2>\n")
            html.raw(
                "<p class=\"hint\">The model's clock runs down the side and each device has a column; each step, launch and expectation is an entry in the column of the device it happened on.</p>\n"
            )
            for (number, suite) in suites.enumerated() {
                guard let timeline = suite.timeline else { continue }
                let failed = suite.hasFailedCase
                let id = "scenario-\(number + 1)"
                // A passed scenario is folded away; the browser opens it without a script.
                var attributes: [(StaticString, String)] = [("class", "scenario \(failed ? "failed" : "passed")"), ("id", id)]
                if failed { attributes.append(("open", "")) }
                html.start("details", attributes)
                html.raw("\n<summary>")
                html.element("span", [("class", "outcome \(failed ? "failed" : "ok")")], failed ? "✗ failed" : "✓ passed")
                html.raw(" ")
                html.element("span", [("class", "scenario-name")], timeline.scenario)
                html.raw(" ")
                html.element("code", [], suite.name)
                html.raw("</summary>\n")
                writeTimeline(timeline, id: id)
                html.raw("</details>\n")
            }
            html.raw("</section>\n")
        }

        private mutating func writeTimeline(_ timeline: Timeline, id: String) {
            // The system's lane only when something happened on no device.
            let lanes: [String?] = (timeline.events.contains { $0.device == nil } ? [nil] : []) + timeline.devices.map(Optional.some)
            html.raw("<div class=\"scroll\">")
            html.start("table", [("class", "timeline")])
            html.raw("\n<thead><tr><th scope=\"col\" class=\"clock\">Clock</th><th scope=\"col\" class=\"step\">Step</th>")
            for lane in lanes {
                if let lane {
                    html.start("th", [("scope", "col"), ("class", "lane")])
                    html.text(lane)
                    html.end("th")
                } else {
                    html.raw("<th scope=\"col\" class=\"lane system\">System</th>")
                }
            }
            html.raw("</tr></thead>\n<tbody>\n")
            var previous: Date?
            for (index, event) in timeline.events.enumerated() {
                let failed: [TimelineEvent.Mismatch]
                if case .failed(let mismatches) = event.outcome { failed = mismatches } else { failed = [] }
                html.start("tr", [("class", failed.isEmpty ? "ok" : "failed"), ("id", "\(id)-event-\(index + 1)")])
                let time = DateFormat.format(event.time)
                html.start("th", [("scope", "row"), ("class", event.time == previous ? "clock same" : "clock")])
                html.element("time", [("datetime", time)], time)
                html.end("th")
                previous = event.time
                html.start("td", [("class", "step")])
                html.text(String(event.step))
                if let line = event.location?.line {
                    html.element("span", [("class", "line")], "line \(line)")
                }
                html.end("td")
                let lane = lanes.firstIndex { $0 == event.device } ?? 0
                for column in lanes.indices {
                    guard column == lane else {
                        html.raw("<td></td>")
                        continue
                    }
                    writeEvent(event, failed: failed)
                }
                html.raw("</tr>\n")
            }
            html.raw("</tbody>\n</table></div>\n")
        }

        private mutating func writeEvent(_ event: TimelineEvent, failed: [TimelineEvent.Mismatch]) {
            let kind =
                switch event.kind {
                case .step: "step"
                case .launch: "launch"
                case .expectation: "expectation"
                }
            html.start("td", [("class", "event \(kind) \(failed.isEmpty ? "ok" : "failed")")])
            html.raw("<p class=\"what\">")
            html.element("span", [("class", "kind")], event.kind.label)
            html.raw(" ")
            html.element("span", [("class", "outcome \(failed.isEmpty ? "ok" : "failed")")], failed.isEmpty ? "✓ ok" : "✗ failed")
            html.raw("</p>")
            html.element("p", [("class", "summary")], event.summary)
            for mismatch in failed {
                html.raw("<div class=\"mismatch\">")
                html.element("p", [("class", "message")], mismatch.message)
                html.raw("<div class=\"sides\"><div class=\"expected\"><p class=\"label\">Expected</p>")
                html.element("p", [("class", "value")], mismatch.expected)
                html.raw("</div><div class=\"actual\"><p class=\"label\">Actual</p>")
                html.element("p", [("class", "value")], mismatch.actual)
                html.raw("</div></div></div>")
            }
            html.end("td")
        }
    }
}

private func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
}

extension SourceText {
    /// How many lines the file has (a final line break ends the last line; it starts none).
    var lineCount: Int {
        lineStarts.count > 1 && lineStarts.last == bytes.count ? lineStarts.count - 1 : lineStarts.count
    }
}
