import ArgumentParser
import Foundation
import ProctorCore
import ProctorReports

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

    /// Writes a message, a line that ends with its line break, to standard error, ignoring a
    /// failure. Messages quote paths and values from the input, and GitHub Actions reads workflow
    /// commands from standard error as from standard output: every control character but the
    /// final line break is shown as ``VisibleText`` shows it, so the message stays one line.
    static func standardError(_ message: String) {
        let line = message.hasSuffix("\n") ? VisibleText.escaped(String(message.dropLast())) + "\n" : VisibleText.escaped(message)
        write(toStandardError: line)
    }

    /// Writes Proctor's own terminal control (the progress line's carriage return and erase),
    /// as it is: nothing from the input is in it.
    static func terminalControl(_ text: String) {
        write(toStandardError: text)
    }

    private static func write(toStandardError text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
