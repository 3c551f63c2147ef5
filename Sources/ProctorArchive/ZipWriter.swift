/// Writes a zip archive (APPNOTE 6.3.10) of stored, uncompressed entries: what a pass bundle's
/// recipe (``PassBundleRecipe``) turns into, so that rule examples and conformance vectors can
/// describe a bundle as text. No compression, no extra fields, no timestamps (all zero), so the
/// same entries always make the same bytes.
package enum ZipWriter {
    package static func archive(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var output: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = Zlib.crc32(entry.bytes)
            let offset = output.count
            // Local file header.
            append32(0x0403_4B50, to: &output)
            append16(20, to: &output)  // version needed: 2.0
            append16(0x0800, to: &output)  // flags: names are UTF-8
            append16(0, to: &output)  // method: stored
            append32(0, to: &output)  // time and date
            append32(crc, to: &output)
            append32(UInt32(entry.bytes.count), to: &output)
            append32(UInt32(entry.bytes.count), to: &output)
            append16(UInt16(name.count), to: &output)
            append16(0, to: &output)  // extra field length
            output += name
            output += entry.bytes
            // Its central directory header.
            append32(0x0201_4B50, to: &central)
            append16(20, to: &central)  // version made by
            append16(20, to: &central)
            append16(0x0800, to: &central)
            append16(0, to: &central)
            append32(0, to: &central)
            append32(crc, to: &central)
            append32(UInt32(entry.bytes.count), to: &central)
            append32(UInt32(entry.bytes.count), to: &central)
            append16(UInt16(name.count), to: &central)
            append16(0, to: &central)  // extra field length
            append16(0, to: &central)  // comment length
            append16(0, to: &central)  // disk number
            append16(0, to: &central)  // internal attributes
            append32(0, to: &central)  // external attributes
            append32(UInt32(offset), to: &central)
            central += name
        }
        let centralOffset = output.count
        output += central
        // End of central directory record.
        append32(0x0605_4B50, to: &output)
        append16(0, to: &output)
        append16(0, to: &output)
        append16(UInt16(entries.count), to: &output)
        append16(UInt16(entries.count), to: &output)
        append32(UInt32(central.count), to: &output)
        append32(UInt32(centralOffset), to: &output)
        append16(0, to: &output)  // comment length
        return output
    }

    private static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

/// A white PNG image of a given pixel size (PNG, W3C: 8-bit greyscale, one IDAT chunk), for
/// a pass bundle recipe's images: only their size matters to the rules, but they are real images.
package enum BlankPNG {
    package static func image(width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0, "an image has at least one pixel a side")
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        for value in [width, height] { header += (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        header += [8, 0, 0, 0, 0]  // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, into: &bytes)
        // Each row: filter type 0, then one byte a pixel.
        let row = [UInt8(0)] + [UInt8](repeating: 0xFF, count: width)
        let pixels = Array([[UInt8]](repeating: row, count: height).joined())
        chunk("IDAT", Zlib.compress(pixels), into: &bytes)
        chunk("IEND", [], into: &bytes)
        return bytes
    }

    private static func chunk(_ type: String, _ data: [UInt8], into bytes: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: data.count >> (8 * $0)) }
        bytes += typed
        let crc = Zlib.crc32(typed)
        bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    }
}
