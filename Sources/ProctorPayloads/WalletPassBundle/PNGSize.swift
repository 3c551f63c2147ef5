/// The pixel size a PNG file declares in its header (PNG, W3C, 11.2.2 IHDR): the eight-byte
/// signature, then the IHDR chunk, whose first eight bytes of data are the width and the height,
/// big-endian. Only those 24 bytes are read; the image is not decoded.
package struct PNGSize: Sendable, Equatable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let headerChunk: [UInt8] = Array("IHDR".utf8)

    /// The size `bytes` declare, or nil when they do not begin as a PNG file does.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= 24, Array(bytes[0..<8]) == Self.signature, Array(bytes[12..<16]) == Self.headerChunk else { return nil }
        func bigEndian(_ offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        width = bigEndian(16)
        height = bigEndian(20)
        // The format allows 1 to 2^31 - 1 pixels a side.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else { return nil }
    }
}
