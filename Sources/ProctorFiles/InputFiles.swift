import Foundation
import ProctorCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the input files behind the paths a user names, and reads them.
///
/// The walk follows links to directories, as a user who links a shared folder into a project
/// expects, but never enters a directory twice (by device and inode), so a link to a parent ends
/// instead of nesting until the path is too long; and it reads each file once however many names
/// lead to it. It reads only regular files: a named pipe, socket or device found in a directory is
/// skipped with a note, since reading one could wait forever. A path named on the command line
/// is read whatever it is (`-` is standard input), within the size limit.
package enum InputFiles {
    /// The name under which standard input (`-`) is reported.
    package static let standardInputName = "<stdin>"
    /// How a scenario file's name ends: `proctor run` picks these in a walk, `proctor lint` leaves them.
    package static let scenarioSuffix = ".scenario.json"

    /// One file to read: the path as it will be printed.
    package struct Input: Sendable, Hashable {
        package var path: String
        /// Read from standard input (`-`) rather than from `path`.
        package var isStandardInput = false
        /// Met in a directory walk rather than named: a kind may leave such a file out when it
        /// holds nothing of its (a `.json` file that is no payload), where a named one is an error.
        package var isWalked = false

        package init(path: String, isStandardInput: Bool = false, isWalked: Bool = false) {
            self.path = path
            self.isStandardInput = isStandardInput
            self.isWalked = isWalked
        }
    }

    /// What a set of paths expands to.
    package struct Collection: Sendable {
        /// The files to read, sorted by path.
        package var inputs: [Input] = []
        /// Paths that do not exist, directories that cannot be read.
        package var errors: [InputError] = []
        /// Entries left out of the walk, and why (a pipe, a second name for one file, a link back
        /// to a directory already walked); sorted by path.
        package var notes: [Diagnostic] = []
        /// Walked files and folders the include and exclude patterns left out.
        package var filteredOut = 0
    }

    /// Which files a directory walk picks; files named explicitly are always read.
    package enum Selection: Sendable {
        /// The names the predicate accepts (`proctor lint`: those an input kind claims).
        case claimed(by: @Sendable (String) -> Bool)
        /// `.json`, scenario vectors included (`proctor conformance`).
        case caseFiles
        /// `*.scenario.json` (`proctor run`).
        case scenarios

        func accepts(_ name: String) -> Bool {
            switch self {
            case .claimed(let claims): return claims(name)
            case .caseFiles: return InputFiles.fileExtension(of: name) == "json"
            case .scenarios: return name.hasSuffix(InputFiles.scenarioSuffix)
            }
        }
    }

    private typealias Identity = FileIdentity

    /// The state of one expansion: what has been entered and found so far.
    private struct Walk {
        let selection: Selection
        /// The include and exclude patterns of the run, for walked files and folders.
        let filter: PathFilter
        /// The files the run writes over, never read as its inputs.
        let outputs: RunOutputs
        var collection = Collection()
        /// Directories entered, with the path they were first entered by.
        var directories: [Identity: String] = [:]
        /// Files found, with their identity (nil for standard input) and whether another path
        /// may lead to them: a file named explicitly, reached through a link, or with several
        /// hard links. A file with one name found in a directory walked once can have no other.
        var files: [(input: Input, identity: Identity?, mayHaveOtherNames: Bool)] = []

        mutating func note(_ code: ProblemCode, _ message: String, _ path: String) {
            collection.notes.append(Diagnostic(code: code, severity: .note, message: message, location: SourceLocation(file: path)))
        }
    }

    /// Expands directories recursively into the files `selection` picks (hidden entries and
    /// `.build` skipped) and `filter` accepts (an excluded folder is not entered), keeps named
    /// files whatever their name, and sorts the result by path so every run sees the same order.
    /// Paths that do not exist become input errors. A file the run writes over (`outputs`: its
    /// reports, the baseline it records) is not read: a report Proctor wrote there before is left
    /// out with a note, so a report written into a walked folder is not judged the next time;
    /// anything else is recorded as a clash in `outputs`, and the command writes no report.
    package static func collect(
        _ paths: [String], selecting selection: Selection, filter: PathFilter = PathFilter(), leavingOut outputs: RunOutputs = RunOutputs()
    ) -> Collection {
        var walk = Walk(selection: selection, filter: filter, outputs: outputs)
        for path in paths {
            if path == "-" {
                walk.files.append((Input(path: standardInputName, isStandardInput: true), nil, false))
                continue
            }
            var status = stat()
            guard stat(path, &status) == 0 else {
                walk.collection.errors.append(
                    InputError(code: ProblemCode.fileUnreadable, message: reason(errno), location: SourceLocation(file: path)))
                continue
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                enter(normalize(path), status, &walk)
            } else {
                walk.files.append((Input(path: normalize(path)), Identity(status), true))
            }
        }
        // Sorted by path, the first name of each file is the one read; the same path named twice
        // (or inside a named directory) is read once without a word, another name with a note.
        walk.files.sort { $0.input.path < $1.input.path }
        // Identities are compared only when some file may have another name: the common run,
        // one directory of plain files, hashes nothing.
        let comparesIdentities = walk.files.contains { $0.mayHaveOtherNames }
        var firstPath: [Identity: String] = [:]
        var keptIndex: [Identity: Int] = [:]
        var collection = walk.collection
        collection.inputs.reserveCapacity(walk.files.count)
        for (input, identity, _) in walk.files {
            if let identity, let output = outputs.output(with: identity) {
                if RunOutputs.isProctorOutput(input.path) {
                    // A report of an earlier run, about to be replaced by this run's.
                    collection.notes.append(
                        Diagnostic(
                            code: ProblemCode.fileSkipped, severity: .note, message: "not read: this run writes \(output) there",
                            location: SourceLocation(file: input.path)))
                } else {
                    outputs.recordClash(
                        "\(output) would be written over '\(VisibleText.escaped(input.path))', which this run reads; give the report another path")
                }
                continue
            }
            guard let identity else {
                if !collection.inputs.contains(where: \.isStandardInput) { collection.inputs.append(input) }
                continue
            }
            guard comparesIdentities else {
                if collection.inputs.last?.path != input.path {
                    collection.inputs.append(input)
                } else if !input.isWalked {
                    // Named and met in a walk too: it was named.
                    collection.inputs[collection.inputs.count - 1].isWalked = false
                }
                continue
            }
            if let first = firstPath[identity] {
                // The file is read by its first name; named under any of its names, it was named.
                if !input.isWalked, let index = keptIndex[identity] { collection.inputs[index].isWalked = false }
                if first != input.path {
                    collection.notes.append(
                        Diagnostic(
                            code: ProblemCode.fileSkipped, severity: .note, message: "not read again: the same file as '\(first)'",
                            location: SourceLocation(file: input.path)))
                }
                continue
            }
            firstPath[identity] = input.path
            keptIndex[identity] = collection.inputs.count
            collection.inputs.append(input)
        }
        collection.notes.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        return collection
    }

    /// Walks the directory at `directory` unless it was entered before by another path.
    private static func enter(_ directory: String, _ status: stat, _ walk: inout Walk) {
        let identity = Identity(status)
        if let first = walk.directories[identity] {
            // Named twice, or named inside another named directory: walked once without a word.
            if trimmed(first) != trimmed(directory) {
                let shown = first.isEmpty ? "." : first
                walk.note(ProblemCode.directoryRevisited, "not walked again: the same directory as '\(shown)'", directory.isEmpty ? "." : directory)
            }
            return
        }
        walk.directories[identity] = directory
        walkEntries(of: directory, &walk)
    }

    /// `path` without trailing slashes, so `payloads/` and `payloads` compare equal (`/` stays).
    private static func trimmed(_ path: String) -> Substring {
        let kept = path.reversed().drop { $0 == "/" }.count
        return path.prefix(max(kept, path.hasPrefix("/") ? 1 : 0))
    }

    /// A `readdir` walk (Foundation's enumerator costs more than parsing the files). Files are
    /// taken in the order the directory lists them (the result is sorted once at the end);
    /// subdirectories are entered in name order, so that the first path to a directory reached
    /// twice is the same on every run. `directory` is "" for the current directory, whose files
    /// print without a `./`.
    private static func walkEntries(of directory: String, _ walk: inout Walk) {
        guard let handle = opendir(directory.isEmpty ? "." : directory) else {
            walk.collection.errors.append(
                InputError(
                    code: ProblemCode.fileUnreadable, message: "cannot read the directory: \(reason(errno))",
                    location: SourceLocation(file: directory.isEmpty ? "." : directory)))
            return
        }
        let prefix = directory.isEmpty || directory.hasSuffix("/") ? directory : directory + "/"
        // Each entry is looked up relative to the open directory (fstatat follows links), and the
        // directory is closed before any subdirectory is opened, so a deep tree holds one
        // descriptor at a time.
        var subdirectories: [(name: String, status: stat)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // ., .., hidden files and folders such as .build; but .well-known is where a website
            // serves its apple-app-site-association file (RFC 8615), and is walked.
            if name.hasPrefix(".") && name != ".well-known" { continue }
            let type = entry.pointee.d_type
            // Files the selection leaves out need no look-up, unless they may be directories.
            let accepted = walk.selection.accepts(name)
            if type != DT_DIR && type != DT_LNK && type != DT_UNKNOWN && !accepted { continue }
            var status = stat()
            guard fstatat(dirfd(handle), name, &status, 0) == 0 else {
                // A dangling link, or an entry removed meanwhile.
                if accepted { walk.note(ProblemCode.fileSkipped, "skipped: cannot be read (\(reason(errno)))", prefix + name) }
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                if walk.filter.isEmpty || walk.filter.enters(folder: prefix + name) {
                    subdirectories.append((name, status))
                } else {
                    walk.collection.filteredOut += 1
                }
            case S_IFREG:
                if accepted && !walk.filter.isEmpty && !walk.filter.accepts(file: prefix + name) {
                    walk.collection.filteredOut += 1
                } else if accepted {
                    let mayHaveOtherNames = type != DT_REG || status.st_nlink > 1
                    walk.files.append((Input(path: prefix + name, isWalked: true), Identity(status), mayHaveOtherNames))
                }
            default:
                // A pipe, socket or device: reading one could wait or never end.
                if accepted {
                    walk.note(
                        ProblemCode.fileSkipped,
                        "skipped: \(describe(mode: status.st_mode)), not a regular file; name it on the command line to read it", prefix + name)
                }
            }
        }
        closedir(handle)
        subdirectories.sort { $0.name < $1.name }
        for (name, status) in subdirectories { enter(prefix + name, status, &walk) }
    }

    private static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
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

    /// Reads an input: standard input, or the file at its path.
    package static func load(_ input: Input, limit: Int) -> Result<[UInt8], InputError> {
        guard input.isStandardInput else { return load(input.path, limit: limit) }
        return readToEnd(STDIN_FILENO, path: input.path, expectedSize: 0, limit: limit, noun: "standard input")
    }

    /// Reads a whole file, refusing a regular file over `limit` bytes before reading it, and
    /// stopping a pipe or device (whose size is not known beforehand) once it passes `limit`.
    /// `noun` names the file in messages ("the Info.plist").
    package static func load(_ path: String, limit: Int, naming noun: String = "the file") -> Result<[UInt8], InputError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(unreadable(path, noun, errno)) }
        defer { close(descriptor) }
        return load(descriptor: descriptor, path: path, limit: limit, naming: noun)
    }

    /// ``load(_:limit:naming:)`` of a file already open at `descriptor` (which stays open), named
    /// `path` in messages: for a reference checked through the descriptor it was opened by.
    package static func load(descriptor: Int32, path: String, limit: Int, naming noun: String = "the file") -> Result<[UInt8], InputError> {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(unreadable(path, noun, errno)) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            return .failure(InputError(code: ProblemCode.fileUnreadable, message: "\(noun) is a directory", location: SourceLocation(file: path)))
        }
        // Only a regular file's size is known before reading; a device reports 0 or its capacity.
        let size = kind == S_IFREG ? Int(status.st_size) : 0
        guard size <= limit else {
            return .failure(
                InputError(
                    code: ProblemCode.fileTooLarge,
                    message: "\(noun) is \(size) bytes, over the limit of \(limit) bytes (\(limit / 1_048_576) MiB)",
                    location: SourceLocation(file: path)))
        }
        return readToEnd(descriptor, path: path, expectedSize: size, limit: limit, noun: noun)
    }

    /// Reads `descriptor` to its end, failing once more than `limit` bytes have come.
    private static func readToEnd(_ descriptor: Int32, path: String, expectedSize size: Int, limit: Int, noun: String) -> Result<[UInt8], InputError>
    {
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
        if firstError != 0 { return .failure(unreadable(path, noun, firstError)) }
        if endReached { return .success(bytes) }
        // A pipe, a device, or a file that grew: read on in chunks, never past the limit.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !endReached {
            if bytes.count > limit { return .failure(overLimit(path, noun, limit)) }
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(unreadable(path, noun, errno))
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
        if bytes.count > limit { return .failure(overLimit(path, noun, limit)) }
        return .success(bytes)
    }

    /// The input passed the limit while being read: a pipe or device, or a file that grew.
    private static func overLimit(_ path: String, _ noun: String, _ limit: Int) -> InputError {
        InputError(
            code: ProblemCode.fileTooLarge, message: "\(noun) is over the limit of \(limit) bytes (\(limit / 1_048_576) MiB)",
            location: SourceLocation(file: path))
    }

    /// `noun` at `path` could not be read, for the system's `code`.
    package static func unreadable(_ path: String, _ noun: String, _ code: Int32) -> InputError {
        InputError(code: ProblemCode.fileUnreadable, message: "cannot read \(noun): \(reason(code))", location: SourceLocation(file: path))
    }

    /// The system's reason for `code`, with the missing-file one in the words every message and
    /// vector already use.
    private static func reason(_ code: Int32) -> String {
        code == ENOENT ? "no such file or directory" : String(cString: strerror(code))
    }
}
