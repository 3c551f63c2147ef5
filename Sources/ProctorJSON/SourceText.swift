#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 1-based line and column. Columns count Unicode scalars, not bytes, so a line with an
/// accented name points at the same column an editor shows.
package struct SourcePosition: Hashable, Sendable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// The bytes of one input file and the table of its line starts.
package struct SourceText: Sendable {
    package let bytes: [UInt8]
    /// Byte offsets at which each line starts; `lineStarts[0]` is 0.
    package let lineStarts: [Int]
    /// 3 when the file starts with a UTF-8 byte-order mark, which Proctor skips; otherwise 0.
    package let byteOrderMarkLength: Int
    /// For a file with a line longer than ``longLine`` bytes (minified JSON): how many Unicode
    /// scalars start before each ``checkpointStride``-byte boundary. A column is then counted from
    /// the checkpoint before it rather than from the start of its line, which for a file on one
    /// line made every location cost the whole file up to it. Empty for other files.
    private let checkpoints: [Int]
    static let longLine = 1 << 16
    static let checkpointStride = 1 << 12

    /// The column of the first character on `line` that is not a space or a tab: where a
    /// property list entry's element starts (Foundation and the plist line table give no column).
    package func firstNonBlankColumn(onLine line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return 1 }
        var index = lineStarts[line - 1]
        var column = 1
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            index += 1
            column += 1
        }
        return column
    }

    package init(bytes: [UInt8]) {
        self.bytes = bytes
        self.byteOrderMarkLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.lineStarts = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return [0] }
            let end = base + buffer.count
            // memchr is vectorised; counting the lines first sizes the table in one allocation
            // instead of regrowing it for every few lines.
            var newlines = 0
            var cursor = base
            while cursor < end, let hit = memchr(cursor, 0x0A, end - cursor) {
                newlines += 1
                cursor = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return [Int](unsafeUninitializedCapacity: newlines + 1) { starts, count in
                starts[0] = 0
                count = 1
                var cursor = base
                while cursor < end, let hit = memchr(cursor, 0x0A, end - cursor) {
                    let newline = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                    starts[count] = newline - base + 1
                    count += 1
                    cursor = newline + 1
                }
            }
        }
        // Only a file longer than a long line can hold one: most files skip the look.
        var longest = 0
        if bytes.count > Self.longLine {
            longest = bytes.count - (lineStarts.last ?? 0)
            for index in lineStarts.indices.dropFirst() { longest = max(longest, lineStarts[index] - lineStarts[index - 1]) }
        }
        self.checkpoints = longest > Self.longLine ? Self.checkpoints(of: bytes) : []
    }

    private static func checkpoints(of bytes: [UInt8]) -> [Int] {
        var result = [0]
        result.reserveCapacity(bytes.count / checkpointStride + 1)
        var scalars = 0
        var start = 0
        while start + checkpointStride <= bytes.count {
            scalars += scalarStarts(in: bytes, start..<(start + checkpointStride))
            result.append(scalars)
            start += checkpointStride
        }
        return result
    }

    /// How many Unicode scalars start in `range`: the bytes that are not UTF-8 continuation
    /// bytes (10xxxxxx), eight at a time.
    private static func scalarStarts(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            var index = range.lowerBound
            while index + 8 <= range.upperBound {
                let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                // A continuation byte has bit 7 set and bit 6 clear; shifting left moves each
                // byte's bit 6 to its bit 7.
                let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
                count += 8 - continuations.nonzeroBitCount
                index += 8
            }
            while index < range.upperBound {
                if buffer[index] & 0xC0 != 0x80 { count += 1 }
                index += 1
            }
            return count
        }
    }

    /// How many Unicode scalars start before byte `offset`, from the checkpoint before it.
    private func scalarStarts(before offset: Int) -> Int {
        let checkpoint = offset / Self.checkpointStride
        return checkpoints[checkpoint] + Self.scalarStarts(in: bytes, (checkpoint * Self.checkpointStride)..<offset)
    }

    /// The line and column of a byte offset. Offsets past the end map to the end of the text.
    package func position(ofOffset offset: Int) -> SourcePosition {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var start = lineStarts[low]
        if low == 0 { start = min(byteOrderMarkLength, offset) }
        if !checkpoints.isEmpty && offset - start > Self.checkpointStride {
            return SourcePosition(line: low + 1, column: scalarStarts(before: offset) - scalarStarts(before: start) + 1)
        }
        var column = 1
        var index = start
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }
}
