// A zip archive read from bytes already in memory (PKWARE's APPNOTE.TXT, 4.3): the central
// directory is the list of entries, each entry's local header says where its data starts. Only
// what a Wallet pass bundle needs is read: stored and DEFLATE entries, no encryption, no Zip64, one
// disk. The archive is untrusted: every offset and size is checked against the bytes before it is
// used, every size against the limits before anything is inflated, and inflating stops at the
// size the entry declares, so a zip bomb costs no more than its declaration allows. Nothing is
// ever written to disk; names are only compared, never used as paths.

/// What an archive may hold before it is refused.
package struct ZipLimits: Sendable {
    /// Entries in the central directory. A pass bundle has a few dozen (images at three scales,
    /// a folder per language).
    package var maximumEntryCount: Int
    /// The size one entry declares once inflated.
    package var maximumEntrySize: Int
    /// The sizes of all entries together, once inflated.
    package var maximumTotalSize: Int

    package init(maximumEntryCount: Int = 1000, maximumEntrySize: Int = 16 * 1024 * 1024, maximumTotalSize: Int = 64 * 1024 * 1024) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumEntrySize = maximumEntrySize
        self.maximumTotalSize = maximumTotalSize
    }

    package static let standard = ZipLimits()
}

/// Why an archive, or one of its entries, cannot be read.
package struct ZipArchiveError: Error, Equatable, Sendable {
    package enum Kind: String, Sendable {
        /// No end of central directory record, or one whose directory lies outside the file.
        case notAnArchive
        /// A record that is cut short or disagrees with itself: a signature, an offset or a size.
        case damaged
        /// A feature the reader leaves out: encryption, Zip64, several disks, a compression
        /// method other than stored or DEFLATE.
        case unsupported
        /// A name that would leave the folder it is extracted to (`..`, an absolute path), or that
        /// is empty, not UTF-8 or holds a NUL.
        case unsafeName
        /// A name the archive holds twice.
        case duplicateEntry
        /// Over the limits: too many entries, an entry or all of them too large once inflated.
        case tooLarge
    }

    package var kind: Kind
    /// What is wrong, for a message ("the entry claims 4 GB").
    package var message: String
    /// The entry it concerns, when it is one entry's problem.
    package var entry: String?

    package init(_ kind: Kind, _ message: String, entry: String? = nil) {
        self.kind = kind
        self.message = message
        self.entry = entry
    }
}

/// One file of an archive, as its central directory describes it.
package struct ZipEntry: Sendable, Equatable {
    /// Its path inside the archive, `/`-separated (`en.lproj/pass.strings`).
    package var name: String
    /// 0 stored, 8 DEFLATE.
    package var method: UInt16
    package var crc32: UInt32
    package var compressedSize: Int
    package var uncompressedSize: Int
    /// Where its data begins, past its local header.
    package var dataOffset: Int

    /// Whether it is a folder rather than a file (its name ends in `/`).
    package var isDirectory: Bool { name.hasSuffix("/") }
}

/// An archive's entries, over the bytes that hold them.
package struct ZipArchive: Sendable {
    package static let storedMethod: UInt16 = 0
    package static let deflateMethod: UInt16 = 8

    /// The entries in the central directory's order.
    package let entries: [ZipEntry]
    private let bytes: [UInt8]

    /// Reads the central directory of `bytes`, checking every entry's name and sizes against
    /// `limits`; the entries' data is read only by ``contents(of:)``.
    package init(bytes: [UInt8], limits: ZipLimits = .standard) throws(ZipArchiveError) {
        self.bytes = bytes
        let end = try Self.endOfCentralDirectory(bytes)
        let count = Int(bytes.uint16(at: end + 10))
        if bytes.uint16(at: end + 4) != 0 || bytes.uint16(at: end + 6) != 0 || bytes.uint16(at: end + 8) != count {
            throw ZipArchiveError(.unsupported, "the archive spans several disks")
        }
        let directorySize = Int(bytes.uint32(at: end + 12))
        let directoryOffset = Int(bytes.uint32(at: end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ZipArchiveError(.unsupported, "the archive is in the Zip64 format, which a pass bundle never needs")
        }
        guard directoryOffset <= end, directorySize <= end - directoryOffset else {
            throw ZipArchiveError(.notAnArchive, "its central directory lies outside the file")
        }
        guard count <= limits.maximumEntryCount else {
            throw ZipArchiveError(.tooLarge, "it has \(count) entries, over the limit of \(limits.maximumEntryCount)")
        }
        var entries: [ZipEntry] = []
        var names = Set<String>()
        var totalSize = 0
        var offset = directoryOffset
        let directoryEnd = directoryOffset + directorySize
        for index in 0..<count {
            let (entry, next) = try Self.centralEntry(bytes, at: offset, end: directoryEnd, index: index)
            offset = next
            guard names.insert(entry.name).inserted else {
                throw ZipArchiveError(.duplicateEntry, "the archive holds '\(entry.name)' twice", entry: entry.name)
            }
            if entry.uncompressedSize > limits.maximumEntrySize {
                throw ZipArchiveError(
                    .tooLarge, "the entry declares \(entry.uncompressedSize) bytes, over the limit of \(limits.maximumEntrySize)", entry: entry.name)
            }
            totalSize += entry.uncompressedSize
            if totalSize > limits.maximumTotalSize {
                throw ZipArchiveError(.tooLarge, "its entries declare more than \(limits.maximumTotalSize) bytes together", entry: entry.name)
            }
            // The data must lie before the central directory, which follows the last entry.
            if entry.compressedSize > directoryOffset - entry.dataOffset || entry.dataOffset > directoryOffset {
                throw ZipArchiveError(.damaged, "the entry's data runs past the start of the central directory", entry: entry.name)
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// The entry named `name`, if the archive holds one.
    package func entry(named name: String) -> ZipEntry? {
        entries.first { $0.name == name }
    }

    /// The bytes of `entry`, inflated when it is compressed and checked against its CRC-32. A
    /// DEFLATE stream that yields more than the entry declares is stopped there.
    package func contents(of entry: ZipEntry) throws(ZipArchiveError) -> [UInt8] {
        let data = bytes[entry.dataOffset..<(entry.dataOffset + entry.compressedSize)]
        let contents: [UInt8]
        switch entry.method {
        case Self.storedMethod:
            contents = Array(data)
        case Self.deflateMethod:
            guard let inflated = Zlib.inflateRaw(data, expectedSize: entry.uncompressedSize) else {
                throw ZipArchiveError(
                    .damaged, "the entry's DEFLATE data is damaged or does not inflate to the \(entry.uncompressedSize) bytes it declares",
                    entry: entry.name)
            }
            contents = inflated
        default:
            throw ZipArchiveError(.unsupported, "the entry uses compression method \(entry.method)", entry: entry.name)
        }
        guard Zlib.crc32(contents) == entry.crc32 else {
            throw ZipArchiveError(.damaged, "the entry's contents do not match its CRC-32", entry: entry.name)
        }
        return contents
    }

    // MARK: - Records

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let centralSignature: UInt32 = 0x0201_4B50
    private static let localSignature: UInt32 = 0x0403_4B50
    private static let endRecordSize = 22
    private static let centralRecordSize = 46
    private static let localRecordSize = 30

    /// The offset of the end of central directory record: the last one, searched backwards over
    /// the largest comment the format allows.
    private static func endOfCentralDirectory(_ bytes: [UInt8]) throws(ZipArchiveError) -> Int {
        guard bytes.count >= endRecordSize else {
            throw ZipArchiveError(.notAnArchive, "it is \(bytes.count) bytes long, shorter than any zip archive")
        }
        let lowest = max(0, bytes.count - endRecordSize - 0xFFFF)
        var offset = bytes.count - endRecordSize
        while offset >= lowest {
            if bytes.uint32(at: offset) == endSignature, offset + endRecordSize + Int(bytes.uint16(at: offset + 20)) == bytes.count {
                return offset
            }
            offset -= 1
        }
        throw ZipArchiveError(.notAnArchive, "it has no end of central directory record, so it is not a zip archive")
    }

    /// The central directory entry at `offset`, and the offset of the next.
    private static func centralEntry(_ bytes: [UInt8], at offset: Int, end: Int, index: Int) throws(ZipArchiveError) -> (ZipEntry, Int) {
        let which = "central directory entry \(index + 1)"
        guard end - offset >= centralRecordSize, bytes.uint32(at: offset) == centralSignature else {
            throw ZipArchiveError(.damaged, "\(which) is cut short or has no signature")
        }
        let flags = bytes.uint16(at: offset + 8)
        let method = bytes.uint16(at: offset + 10)
        let crc = bytes.uint32(at: offset + 16)
        let compressedSize = Int(bytes.uint32(at: offset + 20))
        let uncompressedSize = Int(bytes.uint32(at: offset + 24))
        let nameLength = Int(bytes.uint16(at: offset + 28))
        let extraLength = Int(bytes.uint16(at: offset + 30))
        let commentLength = Int(bytes.uint16(at: offset + 32))
        let localOffset = Int(bytes.uint32(at: offset + 42))
        let next = offset + centralRecordSize + nameLength + extraLength + commentLength
        guard next <= end else { throw ZipArchiveError(.damaged, "\(which) runs past the end of the central directory") }
        let nameBytes = bytes[(offset + centralRecordSize)..<(offset + centralRecordSize + nameLength)]
        let name = try checkedName(nameBytes, which: which)
        if flags & 0x1 != 0 { throw ZipArchiveError(.unsupported, "the entry is encrypted", entry: name) }
        if method != storedMethod && method != deflateMethod {
            throw ZipArchiveError(
                .unsupported, "the entry uses compression method \(method); a pass bundle's entries are stored or DEFLATE", entry: name)
        }
        if compressedSize == 0xFFFF_FFFF || uncompressedSize == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
            throw ZipArchiveError(.unsupported, "the entry is in the Zip64 format, which a pass bundle never needs", entry: name)
        }
        if method == storedMethod && compressedSize != uncompressedSize {
            throw ZipArchiveError(
                .damaged, "the entry is stored but declares \(compressedSize) bytes stored and \(uncompressedSize) read", entry: name)
        }
        guard bytes.count - localRecordSize >= localOffset, bytes.uint32(at: localOffset) == localSignature else {
            throw ZipArchiveError(.damaged, "the entry's local header is missing", entry: name)
        }
        let dataOffset = localOffset + localRecordSize + Int(bytes.uint16(at: localOffset + 26)) + Int(bytes.uint16(at: localOffset + 28))
        let entry = ZipEntry(
            name: name, method: method, crc32: crc, compressedSize: compressedSize, uncompressedSize: uncompressedSize, dataOffset: dataOffset)
        return (entry, next)
    }

    /// The entry's name, when it is one a folder could hold: UTF-8, relative, without `..`.
    private static func checkedName(_ bytes: ArraySlice<UInt8>, which: String) throws(ZipArchiveError) -> String {
        guard !bytes.isEmpty, !bytes.contains(0), let name = String(validating: bytes, as: UTF8.self) else {
            throw ZipArchiveError(.unsafeName, "\(which) has a name that is empty, holds a NUL or is not UTF-8")
        }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.hasPrefix("/") || name.contains("\\") || components.contains("..") || name.first == "~"
            || (components.first?.count == 2 && components.first?.last == ":")
        {
            throw ZipArchiveError(.unsafeName, "the entry's name would reach outside the bundle's folder", entry: name)
        }
        return name
    }
}

extension [UInt8] {
    /// The little-endian 16-bit integer at `offset`; the caller has checked the bounds.
    fileprivate func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    /// The little-endian 32-bit integer at `offset`; the caller has checked the bounds.
    fileprivate func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16 | UInt32(self[offset + 3]) << 24
    }
}
