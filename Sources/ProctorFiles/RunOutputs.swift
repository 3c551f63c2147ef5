import Foundation
import ProctorCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as the kernel knows it: two paths with the same identity are one file, whatever links,
/// `..` or spellings lead to it.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of the file `path` leads to, links followed; nil when nothing is there.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}

/// The files a run is about to write over: its reports and the baseline it records, each an
/// existing regular file. No input of the same run may be one of them, or the run would destroy
/// what it reads (`--report junit:Info.plist` replaced the Info.plist being judged).
///
/// A path that does not exist yet replaces nothing, and a device, a pipe or standard output is
/// written through, not replaced, so only regular files are recorded; they are compared by device
/// and inode, as two reports to one file are (``ReportWriter``).
package struct RunOutputs: Sendable, Equatable {
    /// What each output is, by the file it would replace: "the junit report 'out.xml'".
    private var outputs: [FileIdentity: String] = [:]

    /// No outputs: nothing is left out of any walk.
    package init() {}

    /// `outputs` are the paths the run writes, each with what it is ("the junit report").
    package init(_ outputs: [(path: String, what: String)]) {
        for (path, what) in outputs where path != "-" {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let identity = FileIdentity(status)
            if self.outputs[identity] == nil { self.outputs[identity] = "\(what) '\(VisibleText.escaped(path))'" }
        }
    }

    package var isEmpty: Bool { outputs.isEmpty }

    /// The output that is the file `path` leads to ("the junit report 'out.xml'"), or nil.
    package func output(at path: String) -> String? {
        guard !outputs.isEmpty, let identity = FileIdentity(path: path) else { return nil }
        return outputs[identity]
    }

    /// The output that is the file with `identity`, or nil.
    package func output(with identity: FileIdentity) -> String? {
        outputs.isEmpty ? nil : outputs[identity]
    }

    /// The first of `inputs` (a path and what it is, "the Info.plist") that an output would
    /// replace, in words for a usage error; nil when none would.
    package func clash(with inputs: [(path: String, what: String)]) -> String? {
        guard !outputs.isEmpty else { return nil }
        for (path, what) in inputs where path != "-" {
            if let output = output(at: path) {
                return "\(output) would be written over \(what) '\(VisibleText.escaped(path))', which this run reads; give it another path"
            }
        }
        return nil
    }
}
