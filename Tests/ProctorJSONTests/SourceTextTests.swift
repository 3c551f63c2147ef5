import Testing

@testable import ProctorJSON

/// Lines and columns, on ordinary files and on files with lines too long to count columns from
/// the line start every time (minified JSON), which take the checkpoint path.
struct SourceTextTests {
    /// The column by the definition: Unicode scalars from the line start, plus one.
    private func reference(_ bytes: [UInt8], _ offset: Int) -> SourcePosition {
        var line = 1
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let end = min(offset, bytes.count)
        let column = lineStart < end ? bytes[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count + 1 : 1
        return SourcePosition(line: line, column: column)
    }

    @Test(arguments: [false, true])
    func columnsOnLongLinesCountScalarsLikeShortOnes(byteOrderMark: Bool) {
        // A 200 KB line of ASCII, two-, three- and four-byte scalars, then short lines.
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        let pieces = ["{\"a\": \"", "é", "x", "€", "🍋", "yz", "\", "]
        var index = 0
        while bytes.count < 200_000 {
            bytes += Array(pieces[index % pieces.count].utf8)
            index += 1
        }
        bytes += Array("\n{\"b\": \"ü\"}\n\"last\"".utf8)
        let source = SourceText(bytes: bytes)
        var offsets =
            Array(stride(from: 0, to: bytes.count, by: 3001)) + [
                0, 1, 2, 3, 4095, 4096, 4097, 8192, 8193, bytes.count - 1, bytes.count, bytes.count + 5,
            ]
        offsets += bytes.indices.filter { bytes[$0] == 0x0A }.flatMap { [$0, $0 + 1] }
        for offset in offsets {
            #expect(source.position(ofOffset: offset) == reference(bytes, min(offset, bytes.count)), "offset \(offset)")
        }
    }
}
