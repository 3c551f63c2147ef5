import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a report could not be written.
package struct ReportWriteError: Error, CustomStringConvertible, Sendable {
    package var path: String
    package var reason: String
    package var description: String {
        path == ReportWriter.standardOutput ? "cannot write to standard output: \(reason)" : "cannot write report '\(path)': \(reason)"
    }
}

/// Writes reports without ever destroying what a path names.
///
/// CI runs Proctor as root, where nothing stops a rename from replacing `/dev/null`, and with
/// report paths such as `/dev/stdout`. So only a regular file (or a path that does not exist yet)
/// is replaced, and atomically: a temporary file in the same directory, flushed to disk, then
/// renamed over it, keeping the old file's permissions, so a reader never sees half a report.
/// Anything else — a symbolic link, a device, a pipe, `-` — is opened and written through, as
/// `cat > PATH` would: a link's target receives the report and the link stays a link.
package enum ReportWriter {
    /// The path that names standard output.
    package static let standardOutput = "-"

    /// Writes `text` to `path` (`-` for standard output).
    package static func write(_ text: String, to path: String) throws(ReportWriteError) {
        try write(to: path) { $0.write(string: text) }
    }

    /// Writes what `render` produces to `path` (`-` for standard output) as it is produced. The
    /// destination is opened first; a write that fails midway is the error thrown once `render`
    /// returns, and a file being replaced is then left as it was.
    package static func write(to path: String, _ render: (inout ReportOutput) -> Void) throws(ReportWriteError) {
        if path == standardOutput {
            try stream(render, to: STDOUT_FILENO, path: path)
            return
        }
        var status = stat()
        if lstat(path, &status) != 0 {
            guard errno == ENOENT else { throw failure(path) }
            try createParentDirectories(of: path)
            try replaceAtomically(path, with: render, mode: nil)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw ReportWriteError(path: path, reason: "it is a directory; give the path of a file, in it or elsewhere")
        case S_IFREG where status.st_nlink <= 1:
            try replaceAtomically(path, with: render, mode: status.st_mode & 0o7777, owner: (status.st_uid, status.st_gid))
        default:
            // A link, a device, a pipe, or a file with other hard links that must keep seeing it.
            try writeThrough(path, render)
        }
    }

    /// Two reports that would land in one place: the second would replace the first, or their
    /// text would interleave. Returns the first pair of paths (as given) that clash.
    /// `-` is standard output; `/dev/null` may take any number of reports.
    package static func clash(among paths: [String]) -> (String, String)? {
        var seen: [Destination: String] = [:]
        for path in paths {
            let destination = Destination(path)
            if destination == Destination("/dev/null") { continue }
            if let earlier = seen[destination] { return (earlier, path) }
            seen[destination] = path
        }
        return nil
    }

    /// Where a path leads: the file it names (device and inode) when it exists, standard output
    /// for `-`, and otherwise the absolute path it would be created at.
    private enum Destination: Hashable {
        case file(device: UInt64, inode: UInt64)
        case newFile(String)

        init(_ path: String) {
            var status = stat()
            let found = path == ReportWriter.standardOutput ? fstat(STDOUT_FILENO, &status) == 0 : stat(path, &status) == 0
            if found {
                self = .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            } else {
                self = .newFile(Self.absolute(path))
            }
        }

        /// The path made absolute with `.` and `..` resolved, its existing directory part through
        /// `realpath` so that two spellings of one directory compare equal.
        private static func absolute(_ path: String) -> String {
            let url = URL(fileURLWithPath: path)
            let directory = url.deletingLastPathComponent().path
            if let resolved = realpath(directory, nil) {
                defer { free(resolved) }
                return String(cString: resolved) + "/" + url.lastPathComponent
            }
            return url.standardizedFileURL.path
        }
    }

    /// Writes to a temporary file beside `path`, flushes it, and renames it over `path`. `mode`
    /// and `owner` are those of the file replaced; a new file gets 0666 less the umask, as any
    /// file the user creates. When no file can be created beside an existing one (a directory the
    /// user may not write to), the existing file is written through instead.
    private static func replaceAtomically(
        _ path: String, with render: (inout ReportOutput) -> Void, mode: mode_t?, owner: (uid_t, gid_t)? = nil
    ) throws(ReportWriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 {
            temporary = directory + "/." + url.lastPathComponent + ".\(getpid()).\(attempt).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            if mode != nil && (errno == EACCES || errno == EPERM) && access(path, W_OK) == 0 {
                try writeThrough(path, render)
                return
            }
            throw failure(path)
        }
        do throws(ReportWriteError) {
            if let mode, fchmod(descriptor, mode) != 0 { throw failure(path) }
            if let owner, fchown(descriptor, owner.0, owner.1) != 0, errno != EPERM { throw failure(path) }
            try stream(render, to: descriptor, path: path)
            if fsync(descriptor) != 0 { throw failure(path) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if close(descriptor) != 0 || rename(temporary, path) != 0 {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Opens `path` (following a link) and writes into it, as `cat > PATH` does.
    private static func writeThrough(_ path: String, _ render: (inout ReportOutput) -> Void) throws(ReportWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path) }
        do throws(ReportWriteError) {
            try stream(render, to: descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        if close(descriptor) != 0 { throw failure(path) }
    }

    /// Runs `render` into `descriptor`, retrying interrupted and partial writes.
    private static func stream(_ render: (inout ReportOutput) -> Void, to descriptor: Int32, path: String) throws(ReportWriteError) {
        var output = ReportOutput { bytes in
            var written = 0
            while written < bytes.count {
                let count = writeBytes(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        render(&output)
        if let code = output.flush() {
            throw ReportWriteError(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Creates the directories above `path` that are missing, as `mkdir -p` does.
    private static func createParentDirectories(of path: String) throws(ReportWriteError) {
        // The path as given, not made absolute: a message names only what the user wrote.
        let directory = (path as NSString).deletingLastPathComponent
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw ReportWriteError(path: path, reason: "cannot create its directory '\(prefix)': \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func failure(_ path: String) -> ReportWriteError {
        ReportWriteError(path: path, reason: String(cString: strerror(errno)))
    }
}

/// `write(2)`, which the enum's own `write` hides inside it.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
