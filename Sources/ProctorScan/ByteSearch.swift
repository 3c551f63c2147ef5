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
            let last = bytes.count - wanted.count
            var index = 0
            while index <= last {
                // memchr finds the first byte at machine speed; memcmp checks the rest.
                guard let found = memchr(start + index, Int32(pattern[0]), last - index + 1) else { return false }
                let offset = start.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(start + offset, pattern, wanted.count) == 0, accept(offset) { return true }
                index = offset + 1
            }
            return false
        }
    }

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
