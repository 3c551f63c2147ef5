import ProctorArchive

/// The files of a pass bundle, read out of its zip archive: every entry that is a file, by its
/// path inside the bundle. Folders (`en.lproj/`) are not files; their files are.
package struct WalletPassBundle: Sendable {
    /// The files' paths in the archive's order.
    package var names: [String]
    /// Each file's bytes, by path.
    package var files: [String: [UInt8]]

    /// Reads every file of the archive in `bytes`, within `limits`.
    package init(bytes: [UInt8], limits: ZipLimits = .standard) throws(ZipArchiveError) {
        let archive = try ZipArchive(bytes: bytes, limits: limits)
        names = []
        files = [:]
        for entry in archive.entries where !entry.isDirectory {
            files[entry.name] = try archive.contents(of: entry)
            names.append(entry.name)
        }
    }

    package init(files: [(name: String, bytes: [UInt8])]) {
        names = files.map(\.name)
        self.files = Dictionary(files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    /// How findings and problems inside the bundle at `path` name the entry `name`: the bundle,
    /// `!`, and the entry's path from the bundle's root, as Java names a file inside a jar.
    package static func path(of name: String, inBundle path: String) -> String {
        "\(path)!/\(name)"
    }
}
