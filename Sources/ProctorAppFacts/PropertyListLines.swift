import Foundation

/// Where keys and array entries are in an XML property list, for locating problems in it.
///
/// Foundation's parser keeps no positions, so the text is scanned: once per key asked for, in a
/// single forward pass that counts lines as it goes (a plist with thousands of entries costs one
/// pass, not one pass per entry). Comments are blanked first, keeping their line breaks, so a
/// commented-out key or entry is never taken for the real one. Binary plists have no lines; any
/// other text is scanned, whatever it starts with (a byte-order mark, blank lines, a comment).
struct PropertyListLines {
    /// The text with its comments blanked.
    let bytes: [UInt8]

    init?(_ data: Data) {
        guard !data.starts(with: Data("bplist".utf8)) else { return nil }
        var bytes = [UInt8](data)
        Self.blankComments(&bytes)
        self.bytes = bytes
    }

    /// The line of the first `<key>NAME</key>`; for the empty key, the line of the top-level
    /// value, the first element inside `<plist>` (where a top level that is not a dictionary is
    /// reported).
    func line(ofKey key: String) -> Int? {
        if key.isEmpty { return lineOfTopLevelValue() }
        guard let start = find(Array("<key>\(key)</key>".utf8), from: 0) else { return nil }
        return line(at: start)
    }

    private func lineOfTopLevelValue() -> Int {
        // A text property list in the old format (Foundation reads `( a, b )` too) has no
        // `<plist>`: its value starts at its first character.
        guard let plist = find(Array("<plist".utf8), from: 0), let close = bytes[plist...].firstIndex(of: UInt8(ascii: ">")) else {
            return line(at: bytes.firstIndex { !Self.isWhitespace($0) } ?? 0)
        }
        var position = close + 1
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return line(at: position < bytes.count && bytes[position] == UInt8(ascii: "<") ? position : plist)
    }

    /// The lines of the `<string>` entries of the `<array>` that follows the first
    /// `<key>NAME</key>`; empty when the key is missing or not followed by an array.
    func linesOfEntries(ofArray key: String) -> [Int] {
        let keyTag = Array("<key>\(key)</key>".utf8)
        guard let keyStart = find(keyTag, from: 0) else { return [] }
        var position = keyStart + keyTag.count
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        let open = Array("<array>".utf8)
        guard bytes[position...].starts(with: open) else { return [] }
        position += open.count
        let end = find(Array("</array>".utf8), from: position) ?? bytes.count
        let entry = Array("<string>".utf8)
        var cursor = line(at: position, counting: (offset: 0, line: 1))
        var lines: [Int] = []
        while let found = find(entry, from: position), found < end {
            cursor = line(at: found, counting: cursor)
            lines.append(cursor.line)
            position = found + entry.count
        }
        return lines
    }

    /// The 1-based line of byte `offset`.
    func line(at offset: Int) -> Int { line(at: offset, counting: (offset: 0, line: 1)).line }

    /// The line at `offset`, counting on from an earlier offset whose line is known.
    private func line(at offset: Int, counting from: (offset: Int, line: Int)) -> (offset: Int, line: Int) {
        var line = from.line
        for index in from.offset..<offset where bytes[index] == UInt8(ascii: "\n") { line += 1 }
        return (offset, line)
    }

    /// The offset of the first `needle` at or after `start`.
    func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Replaces every `<!-- ... -->` with spaces, keeping line breaks (and so every line number).
    private static func blankComments(_ bytes: inout [UInt8]) {
        let open = Array("<!--".utf8)
        let close = Array("-->".utf8)
        var index = 0
        while index + open.count <= bytes.count {
            guard bytes[index..<(index + open.count)].elementsEqual(open) else {
                index += 1
                continue
            }
            var end = index + open.count
            while end + close.count <= bytes.count, !bytes[end..<(end + close.count)].elementsEqual(close) { end += 1 }
            end = min(end + close.count, bytes.count)
            for position in index..<end where bytes[position] != UInt8(ascii: "\n") { bytes[position] = 0x20 }
            index = end
        }
    }
}
