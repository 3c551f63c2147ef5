import Foundation
import Testing

@testable import ProctorCore
@testable import ProctorReports

/// The pieces that let JSON and JUnit reports stream: the chunked output and the JSON writer
/// that must give `JSONEncoder`'s bytes (the golden files pin whole reports; these pin the parts
/// on inputs the fixtures do not reach).
@Suite("Reports: streamed output")
struct ReportStreamingTests {
    /// A sink that keeps every piece it is handed.
    final class Pieces: @unchecked Sendable {
        var pieces: [[UInt8]] = []
        var bytes: [UInt8] { pieces.flatMap { $0 } }
    }

    @Test("Pieces of every size reach the sink whole and in order")
    func chunking() {
        let pieces = Pieces()
        var output = ReportOutput { buffer in
            pieces.pieces.append(Array(buffer))
            return nil
        }
        var expected: [UInt8] = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            // Mostly short pieces, with some around and beyond the chunk size.
            let length =
                round % 50 == 0
                ? Int.random(in: ReportOutput.chunkSize - 2...3 * ReportOutput.chunkSize, using: &generator)
                : Int.random(in: 0...300, using: &generator)
            let text = String(repeating: String(UnicodeScalar(UInt8(97 + round % 26))), count: length)
            output.write(string: text)
            expected += Array(text.utf8)
            if round % 7 == 0 {
                output.write(byte: 0x0A)
                expected.append(0x0A)
            }
        }
        #expect(output.flush() == nil)
        #expect(pieces.bytes == expected)
        #expect(pieces.pieces.count > 1)
    }

    @Test("After a failed write nothing more reaches the sink, and flush returns the first errno")
    func failureStops() {
        let pieces = Pieces()
        var calls = 0
        var output = ReportOutput { buffer in
            calls += 1
            if calls == 2 { return ENOSPC }
            pieces.pieces.append(Array(buffer))
            return nil
        }
        for _ in 0..<5 { output.write(string: String(repeating: "x", count: ReportOutput.chunkSize)) }
        #expect(output.flush() == ENOSPC)
        #expect(calls == 2)
        #expect(pieces.bytes.count == ReportOutput.chunkSize)
    }

    @Test("An in-memory output keeps everything, across chunks")
    func inMemory() {
        var output = ReportOutput()
        let text = String(repeating: "é😀 report ", count: 20_000)
        output.write(string: text)
        output.write("end")
        #expect(output.text == text + "end")
    }

    @Test("Strings are escaped as JSONEncoder escapes them")
    func stringEscapes() throws {
        var every = ""
        for value in 0..<0x80 { every.unicodeScalars.append(Unicode.Scalar(value)!) }
        let samples = [every, "", "/path/with/slashes", "é😀\u{2028}\u{FEFF}\u{FFFE}", "quote \" and backslash \\ at the end\\"]
        #expect(
            try written { json in
                json.beginArray()
                for sample in samples {
                    json.element()
                    json.value(sample)
                }
                json.endArray()
            } == encoded(samples))
    }

    @Test("Problems and locations are written as JSONEncoder writes them, optional keys left out")
    func records() throws {
        let full = SourceLocation(file: "a/b.json", line: 3, column: 7, pointer: "/items/0")
        let bare = SourceLocation(file: "c.json")
        let finding = Finding(ruleID: "rule_id", severity: .warning, message: "a \"quoted\"\nmessage", location: full, suppression: "expected")
        let unsuppressed = Finding(ruleID: "other", severity: .error, message: "m", location: bare)
        let diagnostic = Diagnostic(code: .fileUnreadable, severity: .note, message: "n", location: full)
        let error = InputError(code: .fileTooLarge, message: "too large", location: bare)

        #expect(try written { JSONReporter.write(full, to: &$0) } == encoded(full))
        #expect(try written { JSONReporter.write(bare, to: &$0) } == encoded(bare))
        #expect(try written { JSONReporter.write(finding, to: &$0) } == encoded(finding))
        #expect(try written { JSONReporter.write(unsuppressed, to: &$0) } == encoded(unsuppressed))
        #expect(try written { JSONReporter.write(diagnostic, to: &$0) } == encoded(diagnostic))
        #expect(try written { JSONReporter.write(error, to: &$0) } == encoded(error))
        // Nested in containers: the indentation follows the depth.
        #expect(
            try written { json in
                json.beginObject()
                json.key("empty")
                json.beginArray()
                json.endArray()
                json.key("findings")
                json.beginArray()
                for value in [finding, unsuppressed] {
                    json.element()
                    JSONReporter.write(value, to: &json)
                }
                json.endArray()
                json.endObject()
            } == encoded(Nested(empty: [], findings: [finding, unsuppressed])))
    }

    private struct Nested: Encodable {
        var empty: [Int]
        var findings: [Finding]
    }

    private func written(_ body: (inout PrettyJSONWriter) -> Void) throws -> String {
        var json = PrettyJSONWriter(output: ReportOutput())
        body(&json)
        return json.output.text
    }

    private func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
