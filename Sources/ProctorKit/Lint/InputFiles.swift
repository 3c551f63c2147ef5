import Foundation
import ProctorJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the input files behind the paths a user names, and reads them.
enum InputFiles {
    /// One file to read: the path as it will be printed, and whether it is JSON Lines.
    struct Input: Sendable, Hashable {
        var path: String
        var isJSONLines: Bool
    }

    /// Which files a directory walk picks; files named explicitly are always read.
    enum Selection: Sendable {
        /// `.json` and `.jsonl`, except scenarios (`proctor lint`).
        case donations
        /// `.json`, scenario vectors included (`proctor conformance`).
        case caseFiles
        /// `*.scenario.json` (`proctor run`).
        case scenarios

        func accepts(_ name: String) -> Bool {
            switch self {
            case .donations:
                guard let fileExtension = InputFiles.fileExtension(of: name) else { return false }
                return fileExtension == "jsonl" || (fileExtension == "json" && !name.hasSuffix(Scenario.fileSuffix))
            case .caseFiles: return InputFiles.fileExtension(of: name) == "json"
            case .scenarios: return name.hasSuffix(Scenario.fileSuffix)
            }
        }
    }

    /// Expands directories recursively into the files `selection` picks (hidden entries and
    /// `.build` skipped), keeps named files whatever their name, and sorts the result by path so
    /// every run sees the same order. Paths that do not exist become input errors.
    static func collect(_ paths: [String], selecting selection: Selection = .donations) -> (inputs: [Input], errors: [InputError]) {
        var inputs: [Input] = []
        var errors: [InputError] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                errors.append(InputError(code: ProblemCode.fileUnreadable, message: "no such file or directory", location: SourceLocation(file: path)))
                continue
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                walk(normalize(path), selecting: selection, into: &inputs)
            } else {
                inputs.append(Input(path: normalize(path), isJSONLines: path.hasSuffix(".jsonl")))
            }
        }
        inputs.sort { $0.path < $1.path }
        // The same file named twice (or inside a named directory) is checked once.
        var unique: [Input] = []
        unique.reserveCapacity(inputs.count)
        for input in inputs where unique.last?.path != input.path { unique.append(input) }
        return (unique, errors)
    }

    /// A recursive `readdir` walk: Foundation's enumerator costs more than parsing the files.
    /// `directory` is "" for the current directory, whose files print without a `./`.
    private static func walk(_ directory: String, selecting selection: Selection, into inputs: inout [Input]) {
        guard let handle = opendir(directory.isEmpty ? "." : directory) else { return }
        defer { closedir(handle) }
        let prefix = directory.isEmpty || directory.hasSuffix("/") ? directory : directory + "/"
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }  // ., .., hidden files and folders such as .build
            let full = prefix + name
            var isDirectory = entry.pointee.d_type == DT_DIR
            var isFile = entry.pointee.d_type == DT_REG
            if entry.pointee.d_type == DT_UNKNOWN || entry.pointee.d_type == DT_LNK {
                var status = stat()
                guard stat(full, &status) == 0 else { continue }
                isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
                isFile = (status.st_mode & S_IFMT) == S_IFREG
            }
            if isDirectory {
                walk(full, selecting: selection, into: &inputs)
            } else if isFile, selection.accepts(name) {
                inputs.append(Input(path: full, isJSONLines: name.hasSuffix(".jsonl")))
            }
        }
    }

    /// What follows the last `.` of a file name, or nil without one. Most names are ASCII, where
    /// every byte is a character and no grapheme breaking is needed.
    private static func fileExtension(of name: String) -> String? {
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
            return String(name[utf8.index(after: dot)...])
        }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// Drops a leading `./` so `./payloads/a.json` and `payloads/a.json` print alike; `.` and
    /// `./` become "", the current directory, whose files print as `a.json`.
    private static func normalize(_ path: String) -> String {
        var result = Substring(path)
        while result.hasPrefix("./") {
            // `.//a.json` is `./a.json`: the slashes after a `.` are one separator, not the root.
            result = result.dropFirst(2).drop { $0 == "/" }
        }
        return result == "." ? "" : String(result)
    }

    /// Reads a whole file, refusing files over `limit` bytes before reading them.
    static func load(_ path: String, limit: Int) -> Result<[UInt8], InputError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(unreadable(path, errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(unreadable(path, errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            return .failure(InputError(code: ProblemCode.fileUnreadable, message: "is a directory", location: SourceLocation(file: path)))
        }
        let size = Int(status.st_size)
        guard size <= limit else {
            return .failure(InputError(
                code: ProblemCode.fileTooLarge,
                message: "file is \(size) bytes, over the limit of \(limit) bytes (\(limit / 1_048_576) MiB)",
                location: SourceLocation(file: path)))
        }
        // One read into a buffer sized by fstat, asking for one byte more: a regular file that
        // gives exactly the size fstat reported to a read that asked for more has ended, so most
        // files need a single read and no second one returning 0. A file that grew meanwhile fills
        // the extra byte and is read on below. The read goes straight into the array's storage:
        // zero-filling it would be wasted.
        var firstError: Int32 = 0
        var endReached = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            while initialized <= size {
                let count = read(descriptor, buffer.baseAddress! + initialized, size + 1 - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    firstError = errno
                    return
                }
                if count == 0 {
                    endReached = true
                    return
                }
                initialized += count
                if initialized == size {
                    endReached = true
                    return
                }
            }
        }
        if firstError != 0 { return .failure(unreadable(path, firstError)) }
        if endReached { return .success(bytes) }
        var filled = bytes.count
        while true {
            if filled == bytes.count {
                // Full: one more byte tells the end of the file from a file that grew.
                var probe: UInt8 = 0
                let extra = read(descriptor, &probe, 1)
                if extra < 0 {
                    if errno == EINTR { continue }
                    return .failure(unreadable(path, errno))
                }
                if extra == 0 { break }
                guard bytes.count < limit else {
                    return .failure(grewPastLimit(path, limit))
                }
                bytes.append(probe)
                filled += 1
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
                continue
            }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(unreadable(path, errno))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else {
            return .failure(grewPastLimit(path, limit))
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    /// The file was within the limit when checked but grew past it while being read.
    private static func grewPastLimit(_ path: String, _ limit: Int) -> InputError {
        InputError(code: ProblemCode.fileTooLarge, message: "file is over the limit of \(limit) bytes", location: SourceLocation(file: path))
    }

    private static func unreadable(_ path: String, _ code: Int32) -> InputError {
        InputError(code: ProblemCode.fileUnreadable, message: "cannot read the file: \(String(cString: strerror(code)))", location: SourceLocation(file: path))
    }
}
