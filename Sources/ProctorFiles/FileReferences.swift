import Foundation
import ProctorCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files an input may make Proctor read: a scenario's `infoPlist`, `entitlements`, routes,
/// association, coverage and pass files.
///
/// A scenario can come from a pull request, and what Proctor reads can end up in a report that
/// the pull request's author sees; so by default a reference must stay inside the project
/// directory, the current directory `proctor` runs in. An absolute path, a `..` that climbs out,
/// or a link inside the project that points out of it are refused unless the user allows them.
///
/// The check is made on the file actually opened, not on its name: the path is opened first, and
/// where the open descriptor leads is then asked of the kernel. Resolving the name and opening it
/// again could be raced (a link swapped in between made 60 of 300 runs read a file outside the
/// project); the descriptor cannot be redirected once open.
package struct FileReferencePolicy: Sendable, Equatable {
    /// References must resolve inside the current directory.
    package static let projectDirectory = FileReferencePolicy(allowsOutside: false)
    /// Any readable path may be referenced (`--allow-paths-outside-project`).
    package static let anywhere = FileReferencePolicy(allowsOutside: true)

    package var allowsOutside: Bool
    /// The files the run writes over (its reports): a reference to one is refused, whatever the
    /// policy, so a report never replaces a file a scenario reads.
    package var outputs = RunOutputs()
    /// The project directory references must stay in; nil for the current directory.
    package var projectDirectory: String?

    package init(allowsOutside: Bool, outputs: RunOutputs = RunOutputs(), projectDirectory: String? = nil) {
        self.allowsOutside = allowsOutside
        self.outputs = outputs
        self.projectDirectory = projectDirectory
    }

    /// Why a reference was not read.
    package enum Refusal: Error, Sendable, Equatable {
        /// It leads outside the project and the policy forbids that: the words say why.
        case outside(String)
        /// It cannot name a file (a NUL), or names one the run writes over: the words say why.
        case invalid(String)
        /// It could not be opened or read.
        case unreadable(InputError)
    }

    /// The bytes of the file `reference` (as written in the input) names; `resolved` is that path
    /// relative to the current directory. At most `limit` bytes; `noun` names the file in
    /// messages ("the app's Info.plist").
    package func load(_ reference: String, resolved: String, limit: Int, naming noun: String) -> Result<[UInt8], Refusal> {
        if reference.utf8.contains(0) {
            // Every system call would stop at it and read another file than the one written.
            return .failure(.invalid("the path holds a NUL character, which no file name can"))
        }
        var root = ""
        if !allowsOutside {
            if reference.hasPrefix("/") {
                return .failure(
                    .outside(
                        "'\(reference)' is an absolute path; references must stay inside the project directory (the current directory) unless --allow-paths-outside-project is given"
                    ))
            }
            guard let current = Self.realPath(projectDirectory ?? ".") else {
                return .failure(.outside("'\(reference)' is not read: the current directory cannot be resolved to tell whether it is inside it"))
            }
            root = current
            // First by name, before anything is opened: opening a device outside the project can
            // itself do something. A file that exists is judged where it really is, links
            // followed; one that does not, by its path, and then fails to be read anyway.
            let target =
                Self.realPath(resolved)
                ?? URL(fileURLWithPath: resolved, relativeTo: URL(fileURLWithPath: root, isDirectory: true)).standardizedFileURL.path
            if !Self.isInside(target, root) { return .failure(.outside(Self.outside(reference))) }
        }
        // Not blocking: a named pipe with no writer would wait forever.
        let descriptor = open(resolved, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable(InputFiles.unreadable(resolved, noun, errno))) }
        defer { close(descriptor) }
        if !allowsOutside {
            // Then by what was opened: a link swapped since the look-up by name is caught here.
            guard let opened = Self.path(of: descriptor) else {
                return .failure(
                    .outside(
                        "'\(reference)' is not read: where the opened file lies cannot be told, so whether it is inside the project cannot be either")
                )
            }
            if !Self.isInside(opened, root) { return .failure(.outside(Self.outside(reference))) }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(InputFiles.unreadable(resolved, noun, errno))) }
        if status.st_mode & S_IFMT == S_IFDIR {
            return .failure(
                .unreadable(InputError(code: ProblemCode.fileUnreadable, message: "\(noun) is a directory", location: SourceLocation(file: resolved)))
            )
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            // A pipe or a device could wait forever or never end; a scenario names files.
            return .failure(.invalid("'\(reference)' is not a regular file"))
        }
        if let output = outputs.output(with: FileIdentity(status)) {
            outputs.recordClash(
                "\(output) would be written over '\(VisibleText.escaped(resolved))', which a scenario names; give the report another path")
            return .failure(.invalid("'\(reference)' is \(output), which this run writes; give the report another path"))
        }
        return InputFiles.load(descriptor: descriptor, path: resolved, limit: limit, naming: noun).mapError { .unreadable($0) }
    }

    private static func outside(_ reference: String) -> String {
        "'\(reference)' leads outside the project directory (the current directory); run proctor from the project's root, or give --allow-paths-outside-project to read it"
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The absolute path of the file open at `descriptor`, as the kernel knows it.
    private static func path(of descriptor: Int32) -> String? {
        #if canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
            guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
            return String(cString: buffer)
        #else
            // /proc/self/fd/N is a link to the open file's path as the kernel resolved it, read as it
            // is (resolving it again by name could be raced); a file deleted since it was opened
            // reads " (deleted)" after it, and a path that does not start with `/` (a pipe) is
            // nowhere inside the project.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard count > 0, count < buffer.count - 1 else { return nil }
            let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return path.hasPrefix("/") && !path.hasSuffix(" (deleted)") ? path : nil
        #endif
    }
}
