/// Where a report's bytes go while it is rendered: a fixed 64 KiB chunk handed on whenever it
/// fills, so a report of any size is written as a stream and never held whole in memory (a lint
/// of 10,000 files has a 90 MB JSON report).
///
/// Why it looks the way it does (each measured on that report with callgrind): a value type,
/// owned by one renderer at a time and passed `inout`, because appends to a class's buffer paid
/// Swift's dynamic exclusivity checks, a fifth of the report's cost; and a chunk of fixed size
/// filled with `memcpy`, because `Array.append(contentsOf:)` for the many short pieces of a
/// report cost more than the copying itself.
///
/// Renderers only append. A failing destination (a full disk, a closed pipe) is remembered
/// with its `errno`, everything after it is dropped, and ``ReportWriter`` turns it into the
/// report's error once rendering ends, so a renderer never has to handle a failure midway.
package struct ReportOutput {
    /// Takes bytes; returns nil when they were written, or the `errno` of the failure.
    package typealias Sink = (UnsafeRawBufferPointer) -> Int32?

    /// How much is gathered before it goes to the sink: large enough that a `write(2)` costs
    /// little per byte, small enough to stay in the cache.
    static let chunkSize = 1 << 16

    private var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    private var used = 0
    private let sink: Sink?
    /// What an in-memory output has gathered so far (chunks move here as they fill).
    private var kept: [UInt8] = []
    /// The `errno` of the first failed write; nothing more is written after it.
    package private(set) var failure: Int32?

    /// An output that hands its bytes to `sink` as they come.
    package init(sink: @escaping Sink) {
        self.sink = sink
    }

    /// An output that keeps everything in memory, for ``text``.
    package init() {
        sink = nil
    }

    /// Everything written to an in-memory output, as text.
    package var text: String {
        String(decoding: kept + chunk[0..<used], as: UTF8.self)
    }

    /// Writes text that is not a literal (the string overload has a label so that every
    /// literal takes the cheaper ``write(_:)``).
    package mutating func write(string text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            var copy = text
            copy.withUTF8 { write(bytes: $0) }
        }
    }

    /// Writes a literal: its bytes are in the binary, with nothing to retain or copy.
    package mutating func write(_ literal: StaticString) {
        literal.withUTF8Buffer { write(bytes: $0) }
    }

    @inline(__always)
    mutating func write(byte: UInt8) {
        if used == Self.chunkSize { drain() }
        chunk[used] = byte
        used += 1
    }

    /// Writes `count` spaces.
    mutating func write(spaces count: Int) {
        var remaining = count
        while remaining > 0 {
            let piece = min(remaining, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { write(bytes: UnsafeBufferPointer(rebasing: $0[0..<piece])) }
            remaining -= piece
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    @inline(__always)
    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > Self.chunkSize - used {
            drain()
            if bytes.count >= Self.chunkSize {
                // Larger than a chunk: straight to the destination, in order.
                pass(UnsafeRawBufferPointer(bytes))
                return
            }
        }
        let offset = used
        chunk.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: offset).update(from: source, count: bytes.count) }
        used += bytes.count
    }

    /// Hands what is gathered to the sink; returns the first failure's `errno`, if any.
    @discardableResult
    package mutating func flush() -> Int32? {
        drain()
        return failure
    }

    private mutating func drain() {
        guard used > 0 else { return }
        let count = used
        used = 0
        guard let sink else {
            kept.append(contentsOf: chunk[0..<count])
            return
        }
        if failure == nil {
            failure = chunk.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    private mutating func pass(_ bytes: UnsafeRawBufferPointer) {
        guard let sink else {
            kept.append(contentsOf: bytes)
            return
        }
        if failure == nil { failure = sink(bytes) }
    }
}
