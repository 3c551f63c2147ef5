import ProctorJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files a report's problems name, read again so the HTML report can show each problem's
/// line. A path is read as the problem gives it, that is relative to the current directory, as
/// the run itself read it. Only a regular file is read: a pipe or a device named on the command
/// line was consumed by the run (and reading it again could wait forever), and standard input is
/// gone.
package struct SourceFiles: Sendable {
    /// A file's text, or why it cannot be shown (lowercase, as messages are).
    package typealias Reader = @Sendable (String) -> Result<SourceText, Unavailable>

    package struct Unavailable: Error, Equatable, Sendable {
        package var reason: String

        package init(_ reason: String) {
            self.reason = reason
        }
    }

    private let reader: Reader

    /// Files read through `reader`.
    package init(reader: @escaping Reader) {
        self.reader = reader
    }

    /// The text of `path`, or why it cannot be shown.
    package func read(_ path: String) -> Result<SourceText, Unavailable> {
        reader(path)
    }

    /// The name problems read from standard input carry (`InputFiles.standardInputName`, which a
    /// test holds this to).
    static let standardInputName = "<stdin>"

    /// Files larger than this are not read again: a report is no place for a line of a 64 MiB
    /// file, and reading it twice would double the run's memory.
    static let sizeLimit = 64 << 20

    /// The files on disk, relative to the current directory.
    package static let currentDirectory = SourceFiles { path in
        if path == standardInputName { return .failure(Unavailable("standard input is not kept after the run")) }
        return readRegularFile(path, limit: sizeLimit).map { SourceText(bytes: $0) }
    }

    /// Files held in memory, by path; any other path is missing. For tests and for callers that
    /// still hold what they linted.
    package static func inMemory(_ files: [String: String]) -> SourceFiles {
        SourceFiles { path in
            guard let text = files[path] else { return .failure(Unavailable("no such file or directory")) }
            return .success(SourceText(bytes: Array(text.utf8)))
        }
    }

    /// The bytes of `path` when it is a regular file of at most `limit` bytes. Opened without
    /// blocking and checked after opening, so a path that names a pipe never waits for a writer.
    private static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], Unavailable> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Unavailable("cannot read it: \(String(cString: strerror(errno)))")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Unavailable("cannot read it: \(String(cString: strerror(errno)))")) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(Unavailable("it is not a regular file, so it is not read again")) }
        guard Int(status.st_size) <= limit else { return .failure(Unavailable("it is over \(limit >> 20) MiB, so it is not read again")) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Unavailable("cannot read it: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }  // shorter than it was: what is there
            filled += count
        }
        return .success(Array(bytes[0..<filled]))
    }
}

/// `read(2)`, which ``SourceFiles/read(_:)`` hides inside the type.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension SourceText {
    /// Line `number` (1-based) without its line break and, on the first line, without a byte-order
    /// mark, so its columns are those of ``position(ofOffset:)``; nil when there is no such line.
    /// Bytes that are not UTF-8 become U+FFFD.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        var start = lineStarts[number - 1]
        if number == 1 { start = byteOrderMarkLength }
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        // The last "line" after a final line break is empty and is not a line of the file.
        if number == lineStarts.count && number > 1 && start == bytes.count { return nil }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
