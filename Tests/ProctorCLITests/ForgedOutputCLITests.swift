import Foundation
import Testing

/// Nothing from the input forges a CI command (issue 37), end to end: the binary's standard
/// output and standard error, both of which GitHub Actions reads workflow commands from.
@Suite("CLI: nothing forged")
struct ForgedOutputCLITests {
    /// A line break then a workflow command, and an escape sequence.
    private static let forged = "\n::error file=x::forged\u{1B}[31m"

    /// The lines of `text` as the Actions runner reads them: ended by LF, CR or CRLF, a command
    /// allowed after leading whitespace.
    private func commandLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            .map { $0.drop(while: \.isWhitespace) }.filter { $0.hasPrefix("::") }
    }

    @Test func aFileNameIsPrintedOnOneLineInTextAndGitHubReports() throws {
        let root = try temporaryProject(
            [
                "payloads/view\(Self.forged).json": #"{"userActivity": {"activityType": "view\u001b[0m", "titel": "x"}}"#
            ], prefix: "proctor-forged")
        defer { try? FileManager.default.removeItem(at: root) }
        let text = try proctor(["lint", "--no-config", "--strict", "--now", "2026-06-01T12:00:00Z", "payloads"], in: root)
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("payloads/view\\u{A}::error file=x::forged\\u{1B}[31m.json:1:"), "\(text.stdout)")
        for output in [text.stdout, text.stderr] {
            #expect(commandLines(output).isEmpty, "\(output)")
            #expect(!output.unicodeScalars.contains("\u{1B}"), "\(output.debugDescription)")
        }
        let github = try proctor(["lint", "--no-config", "--strict", "--now", "2026-06-01T12:00:00Z", "payloads", "--report", "github"], in: root)
        let commands = commandLines(github.stdout)
        #expect(!commands.isEmpty)
        for command in commands {
            #expect(command.contains("file=payloads/view\\u{A}%3A%3Aerror file=x%3A%3Aforged\\u{1B}[31m.json,"), "\(command)")
        }
        #expect(!github.stdout.unicodeScalars.contains("\u{1B}") && commandLines(github.stderr).isEmpty)
    }

    @Test func aConfigurationErrorOnStandardErrorIsOneLine() throws {
        let root = try temporaryProject(
            [
                ".proctor.json": #"{"format": 1, "rules": {"\n::error file=x::forged\u001b[31m": "off"}}"#, "a.json": "{}",
            ], prefix: "proctor-forged")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "a.json"], in: root)
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(".proctor.json:1:") && run.stderr.contains("\\u{A}::error file=x::forged\\u{1B}[31m"), "\(run.stderr)")
        #expect(commandLines(run.stderr).isEmpty, "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains("\u{1B}"), "\(run.stderr.debugDescription)")
    }

    @Test func linksCheckPrintsURLsOnOneLine() throws {
        let root = try temporaryProject(
            [
                "apple-app-site-association": #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#
            ], prefix: "proctor-forged")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(
            ["links", "check", "--aasa", "example.com=apple-app-site-association", "https://example.com/a\(Self.forged)"], in: root)
        #expect(run.stdout.contains("https://example.com/a\\u{A}::error file=x::forged\\u{1B}[31m"), "\(run.stdout)")
        for output in [run.stdout, run.stderr] {
            #expect(commandLines(output).isEmpty, "\(output)")
            #expect(!output.unicodeScalars.contains("\u{1B}"), "\(output.debugDescription)")
        }
    }
}
