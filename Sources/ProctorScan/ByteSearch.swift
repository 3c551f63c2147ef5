import Foundation

/// Searches of a Swift file's UTF-8 bytes, for the checks made before or instead of walking its
/// tree. Byte for byte: Foundation's string search compares Unicode characters, and was a
/// twentieth of the scan's time for markers that are plain ASCII.
enum ByteSearch {
    /// Whether `needle` occurs in `bytes` at an offset `accept` takes (any, by default).
    static func contains(_ needle: String, in bytes: UnsafeBufferPointer<UInt8>, where accept: (Int) -> Bool = { _ in true }) -> Bool {
        var needle = needle
        return needle.withUTF8 { wanted in
            guard !wanted.isEmpty else { return true }
            guard let start = bytes.baseAddress, let pattern = wanted.baseAddress, bytes.count >= wanted.count else { return false }
            // memchr looks for the needle's rarest byte, memcmp checks the rest: looking for its
            // first byte stopped at every `s`, `o` or `c` of a file for the words that start so
            // (the markers cost a twentieth of a scan's time).
            let anchor = Self.rarestByte(of: wanted)
            let last = bytes.count - wanted.count
            var index = 0
            while index <= last {
                guard let found = memchr(start + index + anchor, Int32(pattern[anchor]), last - index + 1) else { return false }
                let offset = start.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
                if memcmp(start + offset, pattern, wanted.count) == 0, accept(offset) { return true }
                index = offset + 1
            }
            return false
        }
    }

    /// The offset in `needle` of its byte least common in Swift source: an uppercase letter, a
    /// digit or punctuation before lowercase letters, and those by how rare they are in English.
    static func rarestByte(of needle: UnsafeBufferPointer<UInt8>) -> Int {
        func rank(_ byte: UInt8) -> Int { lowercaseByFrequency.firstIndex(of: byte) ?? lowercaseByFrequency.count }
        return needle.indices.max { rank(needle[$0]) < rank(needle[$1]) } ?? 0
    }

    private static let lowercaseByFrequency = Array("etaoinsrhldcumfpgwybvkxjqz".utf8)

    /// Whether `text` holds `needle`.
    static func contains(_ needle: String, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { contains(needle, in: $0) }
    }

    /// The offset after each `byte` in `bytes`, in order.
    static func offsets(after byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let start = bytes.baseAddress else { return [] }
        var offsets: [Int] = []
        var index = 0
        while index < bytes.count, let found = memchr(start + index, Int32(byte), bytes.count - index) {
            index = start.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            offsets.append(index)
        }
        return offsets
    }
}
