/// Strict RFC 8259 parsing of whole files and of JSON Lines, on top of json-c (large documents:
/// ``TextTreeBuilder``).
///
/// A leading UTF-8 byte-order mark is skipped (RFC 8259 §8.1 lets parsers ignore it); offsets
/// still count it, and columns on the first line do not.
package enum JSONReader {
    /// One line of a JSON Lines file that held a value.
    package struct Line: Sendable {
        /// The 1-based line number in the file.
        package var number: Int
        package var result: Result<JSONNode, JSONInputError>
    }

    /// Parses the whole text as one JSON value.
    package static func parse(_ source: SourceText, limits: JSONLimits = .standard) -> Result<JSONNode, JSONInputError> {
        JSONDocumentParser(limits: limits).parse(source)
    }

    /// Parses each non-blank line as its own JSON value (JSON Lines). A line may end in CRLF.
    package static func parseLines(_ source: SourceText, limits: JSONLimits = .standard) -> [Line] {
        var lines: [Line] = []
        forEachLine(source, limits: limits) { lines.append($0) }
        return lines
    }

    /// Parses the lines one at a time and hands each to `body`, so a large file never holds more
    /// than one line's tree in memory.
    package static func forEachLine(_ source: SourceText, limits: JSONLimits = .standard, _ body: (Line) -> Void) {
        JSONDocumentParser(limits: limits).forEachLine(source, body)
    }
}

/// Parses documents one after another, as ``JSONReader`` does, but keeps json-c's tokener and the
/// strict scanner's buffers from one document to the next: over thousands of small files, creating
/// and freeing them for each file costs a noticeable share of the run.
///
/// It holds mutable state, so each thread needs its own; create one per batch of files.
package final class JSONDocumentParser {
    package let limits: JSONLimits
    /// Documents (or JSON Lines lines) of at least this many bytes are built from the text by
    /// ``TextTreeBuilder`` rather than converted from json-c's tree, whose size on a large file is
    /// many times the file's (docs/development.md, "Time and memory budget"). Both give the same
    /// tree; tests and the `json` fuzz target set it to compare them.
    package let largeDocumentBytes: Int
    private let tokener: JSONCParser.Tokener
    private var buffers = ScannerBuffers()
    private let keys = KeyCache()

    /// A json-c tree costs some 50 times the text of small values, so from 256 KiB on it alone
    /// would pass the 32 MB any input may use; below, the time json-c takes is no concern.
    package static let defaultLargeDocumentBytes = 256 << 10

    package init(limits: JSONLimits = .standard, largeDocumentBytes: Int = JSONDocumentParser.defaultLargeDocumentBytes) {
        self.limits = limits
        self.largeDocumentBytes = largeDocumentBytes
        self.tokener = JSONCParser.Tokener(maximumDepth: limits.maximumDepth)
    }

    /// Parses the whole text as one JSON value.
    package func parse(_ source: SourceText) -> Result<JSONNode, JSONInputError> {
        source.bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONInputError) -> JSONNode in
                try parse(buffer, start: source.byteOrderMarkLength, end: buffer.count)
            }
        }
    }

    /// Parses each non-blank line as its own JSON value and hands it to `body` (JSON Lines).
    package func forEachLine(_ source: SourceText, _ body: (JSONReader.Line) -> Void) {
        forEachLine(source, lines: source.lineStarts.indices, body)
    }

    /// The same for some of the lines: `lines` are 0-based indices into `source.lineStarts`, so
    /// parsers on several threads can each take a share of one large file.
    package func forEachLine(_ source: SourceText, lines: Range<Int>, _ body: (JSONReader.Line) -> Void) {
        source.bytes.withUnsafeBufferPointer { buffer in
            for index in lines {
                let lineStart = source.lineStarts[index]
                let start = index == 0 ? source.byteOrderMarkLength : lineStart
                var end = index + 1 < source.lineStarts.count ? source.lineStarts[index + 1] - 1 : buffer.count
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                if Self.isBlank(buffer, start, end) { continue }
                let result = Result { () throws(JSONInputError) -> JSONNode in
                    try parse(buffer, start: start, end: end)
                }
                body(JSONReader.Line(number: index + 1, result: result))
            }
        }
    }

    private func parse(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int) throws(JSONInputError) -> JSONNode {
        if end - start >= largeDocumentBytes {
            return try TextTreeBuilder.parse(buffer, start: start, end: end, limits: limits, keys: keys)
        }
        return try JSONCParser.parse(buffer, start: start, end: end, limits: limits, tokener: tokener, buffers: &buffers, keys: keys)
    }

    private static func isBlank(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            switch buffer[index] {
            case 0x20, 0x09, 0x0D: index += 1
            default: return false
            }
        }
        return true
    }
}
