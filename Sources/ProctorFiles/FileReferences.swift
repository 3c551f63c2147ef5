import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files an input may make Proctor read: a scenario's `infoPlist` (and, as they arrive,
/// its entitlements and site files).
///
/// A scenario can come from a pull request, and what Proctor reads can end up in a report that
/// the pull request's author sees; so by default a reference must stay inside the project
/// directory, the current directory `proctor` runs in. An absolute path, a `..` that climbs out,
/// or a link inside the project that points out of it are refused unless the user allows them.
package struct FileReferencePolicy: Sendable, Equatable {
    /// References must resolve inside the current directory.
    package static let projectDirectory = FileReferencePolicy(allowsOutside: false)
    /// Any readable path may be referenced (`--allow-paths-outside-project`).
    package static let anywhere = FileReferencePolicy(allowsOutside: true)

    package var allowsOutside: Bool

    /// Why `reference`, as written in the input, may not be read from `resolved` (the path it
    /// names, relative to the current directory); nil when it may.
    package func refusal(of reference: String, resolved: String) -> String? {
        guard !allowsOutside else { return nil }
        if reference.hasPrefix("/") {
            return "'\(reference)' is an absolute path; references must stay inside the project directory (the current directory) unless --allow-paths-outside-project is given"
        }
        guard let root = Self.realPath(".") else {
            return "'\(reference)' is not read: the current directory cannot be resolved to tell whether it is inside it"
        }
        // A file that exists is judged where it really is, links followed; one that does not is
        // judged by its path, and then fails to be read anyway.
        let target = Self.realPath(resolved) ?? URL(fileURLWithPath: resolved, relativeTo: URL(fileURLWithPath: root, isDirectory: true)).standardizedFileURL.path
        if target == root || target.hasPrefix(root == "/" ? "/" : root + "/") { return nil }
        return "'\(reference)' leads outside the project directory (the current directory); run proctor from the project's root, or give --allow-paths-outside-project to read it"
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
