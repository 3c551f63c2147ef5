import Foundation
import Testing

/// `--report html:PATH` through the built binary: one page per run, the timeline of `proctor run`,
/// the source lines read relative to the current directory, the same bytes every time.
@Suite("CLI: the HTML report")
struct HTMLReportCLITests {
    static let scenario = #"""
        {"format": 1, "name": "Find the place", "clock": "2026-06-01T12:00:00Z",
         "app": {"info": {"NSUserActivityTypes": ["com.example.app.view"]}, "routes": [{"name": "place", "activityTypes": ["com.example.app.view"]}]},
         "devices": [{"name": "iPhone"}, {"name": "iPad"}],
         "steps": [
           {"becomeCurrent": {"activity": "a", "userActivity": {"activityType": "com.example.app.view", "title": "Pizza <script>", "isEligibleForSearch": true}}},
           {"advanceClock": {"hours": 2}},
           {"expect": {"spotlight": {"device": "iPad", "query": "pizza", "contains": ["Pizza <script>"]}}}
         ]}
        """#

    @Test func runWritesOnePageWithTheTimeline() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("scenarios/a.scenario.json", Self.scenario)
        let run = try proctor(["run", "scenarios", now, "--report", "html:out/report.html", "--report", "json:out/report.json"], in: workspace.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
        let page = String(decoding: try Data(contentsOf: workspace.url.appendingPathComponent("out/report.html")), as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(!page.contains("<script"), "the activity's title stays text")
        // The timeline: the iPad's lane holds the failed expectation, 2 hours after the clock.
        #expect(
            page.contains(
                "<th scope=\"col\" class=\"lane system\">System</th><th scope=\"col\" class=\"lane\">iPhone</th><th scope=\"col\" class=\"lane\">iPad</th>"
            ))
        #expect(page.contains("<time datetime=\"2026-06-01T14:00:00Z\">"))
        #expect(
            page.contains("<td></td><td></td><td class=\"event expectation failed\"><p class=\"what\"><span class=\"kind\">expect spotlight</span>"))
        #expect(page.contains("<p class=\"label\">Expected</p><p class=\"value\">contains ['Pizza &lt;script&gt;']</p>"))
        #expect(page.contains("<p class=\"label\">Actual</p><p class=\"value\">no results</p>"), "Spotlight on the iPad shows what the iPad indexed")
        // The step's line, read from the scenario file relative to the current directory.
        #expect(page.contains("<span class=\"line-number\">7</span><code>   {\"expect\": {\"spotlight\": <mark>{</mark>"), "\(page)")
        #expect(!page.contains(workspace.url.path), "no absolute path the user did not give")
        // The JSON report is unchanged by it: its schema has no timeline.
        let json = String(decoding: try Data(contentsOf: workspace.url.appendingPathComponent("out/report.json")), as: UTF8.self)
        #expect(!json.contains("timeline"))

        let again = try proctor(["run", "scenarios", now, "--report", "html:out/again.html"], in: workspace.url)
        #expect(again.status == 1)
        #expect(try Data(contentsOf: workspace.url.appendingPathComponent("out/again.html")) == Data(page.utf8), "two runs, the same bytes")
    }

    @Test func lintWritesThePageToStandardOutput() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/place.json", "{\n  \"userActivity\": {\"activityType\": \"ViewPlace\"}\n}\n")
        let run = try proctor(["lint", "payloads", now, "--report", "html"], in: workspace.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(run.stdout.contains("<h3><code>payloads/place.json</code> <span class=\"tally-line\">1 warning</span></h3>"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "<span class=\"line-number\">2</span><code>  \"userActivity\": {\"activityType\": <mark>\"</mark>ViewPlace\"}</code>"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("Scenario timelines"), "lint has no timeline")
    }
}
