import CZlib

// The one file of ProctorArchive that calls zlib.

/// Raw DEFLATE (RFC 1951, as zip entries hold it), zlib streams (RFC 1950, as PNG images hold
/// them) and CRC-32.
enum Zlib {
    /// The bytes `data` inflates to, when it is a complete DEFLATE stream of exactly
    /// `expectedSize` bytes; nil otherwise. Output goes into a buffer of that size (plus one byte,
    /// to notice a stream that goes on), so a stream that inflates to more stops there and never
    /// costs more memory than the entry declared.
    static func inflateRaw(_ data: ArraySlice<UInt8>, expectedSize: Int) -> [UInt8]? {
        guard data.count <= Int(UInt32.max), expectedSize < Int(UInt32.max) else { return nil }
        // zlib keeps the stream's address in its state and checks it on every call, so the stream
        // lives at one address of its own rather than in a Swift variable that may move.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        // Negative window bits: a raw stream, without zlib's header and trailer.
        guard inflateInit2_(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(stream) }
        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        var input = Array(data)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.pointee.next_in = inputBuffer.baseAddress
                stream.pointee.avail_in = UInt32(inputBuffer.count)
                stream.pointee.next_out = outputBuffer.baseAddress
                stream.pointee.avail_out = UInt32(outputBuffer.count)
                return inflate(stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.pointee.total_out) == expectedSize else { return nil }
        output.removeLast()
        return output
    }

    /// The CRC-32 of `bytes`, as zip records it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt = CZlib.crc32(0, nil, 0)
        var start = 0
        // zlib takes a 32-bit length; an entry is far smaller, but a loop costs nothing.
        while start < bytes.count {
            let length = min(bytes.count - start, 1 << 30)
            crc = bytes[start..<(start + length)].withUnsafeBufferPointer { buffer in
                CZlib.crc32(crc, buffer.baseAddress, UInt32(length))
            }
            start += length
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// `bytes` as a zlib stream (RFC 1950), compressed as well as zlib can.
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var length = CZlib.compressBound(UInt(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                CZlib.compress2(destination.baseAddress, &length, source.baseAddress, UInt(bytes.count), Z_BEST_COMPRESSION)
            }
        }
        // compress2 fails only when it cannot allocate, the bound being large enough by definition.
        precondition(status == Z_OK, "zlib could not compress")
        return Array(output[0..<Int(length)])
    }
}
