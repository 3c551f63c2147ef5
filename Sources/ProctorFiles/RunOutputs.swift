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
///
/// What the command line names is checked before any work (``clash(with:)``). What the run only
/// meets on its way, a file in a walked folder or a file a scenario names, is checked when it is
/// met: a report Proctor wrote there before is left out of the walk, anything else is a clash,
/// recorded here (``recordClash(_:)``), and the command then writes no report and ends with a
/// usage error (``recordedClashes``).
package struct RunOutputs: Sendable, Equatable {
    /// What each output is, by the file it would replace: "the junit report 'out.xml'".
    private var outputs: [FileIdentity: String] = [:]
    /// The clashes met during the run, shared by every copy of these outputs.
    private let log = ClashLog()

    package static func == (left: RunOutputs, right: RunOutputs) -> Bool { left.outputs == right.outputs }

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

    /// Records that the run met an input one of its outputs would replace (the words say which
    /// and where), from any thread.
    package func recordClash(_ message: String) { log.append(message) }

    /// The clashes recorded during the run, sorted: when there is one, no report may be written.
    package var recordedClashes: [String] { log.messages }

    /// Whether the file `path` leads to is a report or a baseline Proctor wrote: a previous run's
    /// output at the same path, which a walk leaves out rather than judges. Told by how each
    /// format Proctor writes begins (the JSON report, SARIF, the GitLab report, HTML, JUnit, a
    /// baseline); anything else at an output's path is somebody's input.
    package static func isProctorOutput(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 2048)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return false }
        let text = String(decoding: head[..<count], as: UTF8.self)
        let markers = [
            "{\n  \"command\" : \"",  // the JSON report
            "\"id\" : \"proctor/",  // SARIF's automationDetails
            "<meta name=\"generator\" content=\"proctor ",  // HTML
            "package=\"proctor.",  // JUnit
            "{\n  \"format\": 1,\n  \"findings\": [",  // a baseline
        ]
        if markers.contains(where: { text.contains($0) }) { return true }
        // The GitLab report: an array of Code Quality issues, each with Proctor's check names.
        return text == "[]\n" || (text.hasPrefix("[\n") && text.contains("\"check_name\"") && text.contains("\"fingerprint\""))
    }

    /// The first of `inputs` (a path and what it is, "the Info.plist") that an output would
    /// replace, in words for a usage error; nil when none would.
    package func clash(with inputs: [(path: String, what: String)]) -> String? {
        guard !outputs.isEmpty else { return nil }
        for (path, what) in inputs where path != "-" {
            if let output = output(at: path) {
                return "\(output) would be written over \(what) '\(VisibleText.escaped(path))', which this run reads; give the report another path"
            }
        }
        return nil
    }
}

/// The clashes a run met, appended from any thread.
private final class ClashLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func append(_ message: String) { lock.withLock { entries.append(message) } }

    var messages: [String] { lock.withLock { entries.sorted() } }
}
