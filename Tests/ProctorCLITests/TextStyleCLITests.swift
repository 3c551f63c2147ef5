import Foundation
import Testing

/// `--color` and `--quiet` on the text report.
@Suite("CLI: colour and quiet")
struct TextStyleCLITests {
    private func workspace() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let long = String(repeating: "Golden Crust Pizzeria, ", count: 5)
        try Data(#"{"userActivity": {"activityType": "a.b.c", "title": "\#(long)"}}"#.utf8).write(to: url.appendingPathComponent("long.json"))
        try Data(#"{"userActivity": {"activityType": "a.b.c", "title": "Tony's", "contentAttributeSet": {"relatedUniqueIdentifier": "x"}}}"#.utf8)
            .write(to: url.appendingPathComponent("note.json"))
        return url
    }

    @Test func colourIsForStandardOutputWhenAskedOrOnATerminal() throws {
        let url = try workspace()
        defer { try? FileManager.default.removeItem(at: url) }
        let base = ["lint", "--no-config", "--now", "2026-06-01T12:00:00Z", "long.json"]
        let always = try proctor(base + ["--color", "always"], in: url)
        #expect(always.stdout.contains("\u{1B}[1;33mwarning:\u{1B}[0m title is 115 characters"), "\(always.stdout)")
        // Not a terminal here: auto and never are plain, and a report file is never coloured.
        #expect(!(try proctor(base, in: url).stdout.contains("\u{1B}[")))
        #expect(!(try proctor(base + ["--color", "never"], in: url).stdout.contains("\u{1B}[")))
        _ = try proctor(base + ["--color", "always", "--report", "text:out.txt"], in: url)
        #expect(!(try String(contentsOf: url.appendingPathComponent("out.txt"), encoding: .utf8)).contains("\u{1B}["))
    }

    @Test func quietLeavesOutNotesAndSaysNothingWhenNothingFails() throws {
        let url = try workspace()
        defer { try? FileManager.default.removeItem(at: url) }
        let note = try proctor(["lint", "--no-config", "--now", "2026-06-01T12:00:00Z", "note.json", "--quiet"], in: url)
        #expect(note.status == 0 && note.stdout.isEmpty, "\(note.stdout)")
        let both = try proctor(["lint", "--no-config", "--now", "2026-06-01T12:00:00Z", "note.json", "long.json", "--quiet"], in: url)
        #expect(both.stdout.contains("[title_length]") && !both.stdout.contains("related_item_missing"), "\(both.stdout)")
    }
}
