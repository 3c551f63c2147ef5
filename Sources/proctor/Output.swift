import ArgumentParser
import Foundation
import ProctorToolSupport

/// The CLI's two streams. Foundation's `FileHandle.write(_:)` traps when a write fails (a full
/// disk, `> /dev/full`, a closed pipe's EPIPE with SIGPIPE ignored), so nothing here uses it:
/// standard output goes through ``ReportWriter``, whose failure is exit 3 like any report's, and
/// a message that cannot reach standard error is dropped, since there is nowhere left to say so.
enum Output {
    /// Writes `text` to standard output; exit 3 with the reason on standard error when it fails.
    static func standardOutput(_ text: String) throws(ExitCode) {
        do {
            try ReportWriter.write(text, to: ReportWriter.standardOutput)
        } catch {
            standardError("error: \(error)\n")
            throw ExitCode(3)
        }
    }

    /// Writes `text` to standard error, ignoring a failure.
    static func standardError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
