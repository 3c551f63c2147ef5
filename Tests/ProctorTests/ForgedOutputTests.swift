import Foundation
import ProctorCore
import Testing

@testable import ProctorLinks
@testable import ProctorReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Nothing from the input can forge a CI command or reach the terminal (issue 37): a file name
/// or a value that holds a line break and `::error file=…::`, or an escape sequence, is printed
/// by every report as `\u{A}` and `\u{1B}`, never raw.
@Suite("Forged output")
struct ForgedOutputTests {
    /// A line break then a workflow command, the legacy `##[` form, and colour sequences: ESC's
    /// (CSI and OSC) and C1's one-byte CSI.
    static let forged = "\n::error file=x::forged ##[warning]legacy\u{1B}[31m red \u{9B}32m green \u{1B}]0;title\u{7}\r::notice::also"
    static let path = "payloads/\(forged).json"

    /// A strict lint of a payload at `path` whose activity type, and an unknown key, quote the
    /// forged text: input errors aside, every kind of problem and a failed case with details.
    static var report: RunReport { report(listingChecks: false) }

    /// With `listingChecks`, the same problems as a report that lists its failed checks (as
    /// `proctor run` does), with one more at a place in the file, whose details quote the input
    /// as a scenario's do.
    static func report(listingChecks: Bool) -> RunReport {
        let payload = #"{"userActivity": {"activityType": "\n::error file=x::forged\u001b[31m\u009b32m", "\r::warning::key\u001b[0m": 1}}"#
        var report = lint(payload, path: path, strict: true).report()
        guard listingChecks else { return report }
        report.command = "run"
        let details = "expected: \(VisibleText.escaped(forged))\n  actual: \(VisibleText.escaped(forged))"
        report.suites[0].cases.append(
            .init(
                classname: forged, name: "step 1: \(forged)",
                outcome: .failed(type: "expectation_failed", message: "title \(forged)", details: details),
                location: ProctorCore.SourceLocation(file: path, line: 1, column: 2)))
        return report
    }

    /// Problems and failed checks, each a line or row of a report that lists them.
    static func listed(_ report: RunReport) -> Int {
        report.allFindings.count + report.allDiagnostics.count
            + (report.listsChecks ? report.suites.flatMap(\.cases).filter(\.outcome.isFailure).count : 0)
    }

    /// The lines of `text` as the GitHub Actions runner reads them: a line ends at LF, CR or
    /// CRLF, and a command may follow leading whitespace (ActionCommand.TryParseV2).
    static func runnerLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.map { $0.drop(while: \.isWhitespace) }
    }

    /// Whether `text` holds a control character other than the line breaks (and tabs) Proctor
    /// writes itself.
    static func rawControl(in text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> Unicode.Scalar? {
        text.unicodeScalars.first { VisibleText.isControl($0) && !allowed.contains($0) }
    }

    @Test func theReportHasWhatTheTestsNeed() {
        let report = Self.report
        #expect(report.suites.first?.name == Self.path)
        #expect(!report.allFindings.isEmpty && !report.allDiagnostics.isEmpty)
        #expect(report.suites.flatMap(\.cases).contains { $0.outcome.isFailure })
    }

    @Test(arguments: [ReportFormat.text, .markdown], [false, true])
    func noLineOfALineFormatIsACommand(format: ReportFormat, listingChecks: Bool) {
        let text = format.render(Self.report(listingChecks: listingChecks))
        for line in Self.runnerLines(text) {
            #expect(!line.hasPrefix("::"), "\(format) line reads as a workflow command: \(line.debugDescription)")
            #expect(!line.contains("##["), "\(format) line reads as a legacy command: \(line.debugDescription)")
        }
        #expect(Self.rawControl(in: text) == nil, "\(format): \(text.debugDescription)")
        if format == .text {
            #expect(
                text.contains(
                    "payloads/\\u{A}::error file=x::forged #\\u{23}[warning]legacy\\u{1B}[31m red \\u{9B}32m green \\u{1B}]0;title\\u{7}\\u{D}::notice::also.json:1:"
                ),
                "the path is shown, escaped: \(text)")
        }
    }

    @Test(arguments: [false, true])
    func theTextReportsOwnColoursAreItsOnlyEscapes(listingChecks: Bool) {
        var output = ReportOutput()
        ReportFormat.text.write(Self.report(listingChecks: listingChecks), to: &output, style: TextStyle(color: true))
        var text = output.text
        for own in ["\u{1B}[1m", "\u{1B}[0m", "\u{1B}[1;31m", "\u{1B}[1;33m", "\u{1B}[1;36m"] { text = text.replacingOccurrences(of: own, with: "") }
        #expect(output.text.contains("\u{1B}[1;33m"), "the colours are there")
        #expect(Self.rawControl(in: text) == nil, "\(text.debugDescription)")
        for line in Self.runnerLines(text) { #expect(!line.hasPrefix("::") && !line.contains("##["), "\(line.debugDescription)") }
    }

    @Test(arguments: [false, true])
    func everyGitHubCommandIsProctorsAndNamesTheFileShownEscaped(listingChecks: Bool) throws {
        let report = Self.report(listingChecks: listingChecks)
        let text = ReportFormat.github.render(report)
        #expect(Self.rawControl(in: text) == nil, "\(text.debugDescription)")
        let commands = Self.runnerLines(text).filter { $0.hasPrefix("::") }
        #expect(commands.count == Self.listed(report), "\(text)")
        for command in commands {
            // As the runner reads it: `::name properties::data`, split at the first `::` after it.
            let body = command.dropFirst(2)
            let end = try #require(body.range(of: "::"))
            let head = body[..<end.lowerBound]
            let name = head.prefix { $0 != " " }
            #expect(["error", "warning", "notice"].contains(name), "\(command)")
            var properties: [String: String] = [:]
            for pair in head.dropFirst(name.count).split(separator: ",") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { properties[parts[0]] = Self.runnerUnescape(parts[1], property: true) }
            }
            // Every file named is the payload's (a check without a place names none).
            #expect(properties["file"] == VisibleText.escaped(Self.path) || properties["file"] == nil && listingChecks, "\(command)")
            let data = Self.runnerUnescape(String(body[end.upperBound...]), property: false)
            #expect(Self.rawControl(in: data) == nil, "\(data.debugDescription)")
            // The data's line breaks are Proctor's: between a failed check's message and details.
            for line in Self.runnerLines(data) { #expect(!line.hasPrefix("::") && !line.contains("##["), "\(line.debugDescription)") }
        }
    }

    /// The runner's unescaping (ActionCommand.cs), for reading the report as it does.
    static func runnerUnescape(_ text: String, property: Bool) -> String {
        var pairs = [("%0D", "\r"), ("%0A", "\n")]
        if property { pairs += [("%3A", ":"), ("%2C", ",")] }
        pairs.append(("%25", "%"))
        return pairs.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    @Test(arguments: [false, true])
    func aMarkdownRowIsOneLine(listingChecks: Bool) {
        let report = Self.report(listingChecks: listingChecks)
        let text = ReportFormat.markdown.render(report)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("|") }
        // Two header lines, then a row per problem and failed check.
        #expect(rows.count == 2 + Self.listed(report), "\(text)")
        for row in rows { #expect(row.hasSuffix("|") && !row.hasSuffix("\\|"), "\(row)") }
    }

    @Test(arguments: [false, true])
    func theHTMLReportShowsEveryControlCharacterEscaped(listingChecks: Bool) {
        let text = ReportFormat.html.render(Self.report(listingChecks: listingChecks), sources: .inMemory([:]))
        #expect(Self.rawControl(in: text) == nil, "\(text.debugDescription)")
        #expect(text.contains("payloads/\\u{A}::error file=x::forged #\\u{23}[warning]legacy\\u{1B}[31m red \\u{9B}32m"))
    }

    @Test(arguments: [false, true], JUnitCases.allCases)
    func theJUnitReportHoldsOnlyWhatXMLAllows(listingChecks: Bool, form: JUnitCases) throws {
        let text = ReportFormat.junit.render(Self.report(listingChecks: listingChecks), junitCases: form)
        #expect(Self.rawControl(in: text, allowing: ["\n", "\u{7F}", "\u{85}", "\u{9B}"]) == nil)
        #if canImport(FoundationXML) || canImport(Darwin)
            _ = try XMLDocument(data: Data(text.utf8), options: [])
        #endif
    }

    @Test func linksCheckShowsURLsAndPathsEscaped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-forged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("aasa\(Self.forged)").path
        let broken = directory.appendingPathComponent("broken\(Self.forged)").path
        try Data(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#.utf8).write(
            to: URL(fileURLWithPath: good))
        try Data(#"{"applinks": {"details": [}}"#.utf8).write(to: URL(fileURLWithPath: broken))
        let result = LinkCheck.run(
            urls: ["https://example.com/\(Self.forged)", "https://bad.example/\(Self.forged)"],
            sites: [("example.com", good), ("bad.example", broken)], appID: "ABCDE12345.com.example.app")
        #expect(!result.inputErrors.isEmpty || !result.diagnostics.isEmpty, "the broken file is reported, with its path")
        let text = LinkCheck.text(result)
        #expect(Self.rawControl(in: text) == nil, "\(text.debugDescription)")
        for line in Self.runnerLines(text) { #expect(!line.hasPrefix("::") && !line.contains("##["), "\(line.debugDescription)") }
        #expect(text.contains("https://example.com/\\u{A}::error file=x::forged"))
    }

    // MARK: - The escaping itself

    @Test func ordinaryTextIsPrintedAsItIs() {
        for text in ["", "payloads/a.json", "café 🍕 «»£©\u{A0}é", "C# [x] #1 ## [", "a:b::c", "\u{2028}"] {
            #expect(!VisibleText.needsEscaping(text), "\(text.debugDescription)")
            #expect(VisibleText.escaped(text) == text)
            #expect(VisibleText.path(text) == text)
        }
    }

    @Test func everyControlCharacterIsShownAsSwiftWritesIt() {
        #expect(
            VisibleText.escaped("a\nb\rc\td\u{0}e\u{1B}[0mf\u{7F}g\u{80}h\u{85}i\u{9F}j")
                == #"a\u{A}b\u{D}c\u{9}d\u{0}e\u{1B}[0mf\u{7F}g\u{80}h\u{85}i\u{9F}j"#)
        #expect(VisibleText.escaped("x ##[error]y ###[z") == #"x #\u{23}[error]y ##\u{23}[z"#)
        // Escaping twice changes nothing more: a message that quotes a printed path stays as it is.
        let once = VisibleText.escaped(ForgedOutputTests.forged)
        #expect(VisibleText.escaped(once) == once && !VisibleText.needsEscaping(once))
    }

    @Test func aPathThatWouldStartACommandLineIsWrittenFromTheCurrentDirectory() {
        #expect(VisibleText.path("::error file=x::forged.json") == "./::error file=x::forged.json")
        #expect(VisibleText.path(" \u{A0}::warning::x") == "./ \u{A0}::warning::x")
        #expect(VisibleText.path("a::b") == "a::b")
        #expect(ProctorCore.SourceLocation(file: "::error::x", line: 1, column: 2).compilerStyle == "./::error::x:1:2")
    }
}
