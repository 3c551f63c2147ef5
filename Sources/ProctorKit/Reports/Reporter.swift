import Foundation

/// The report formats, by the name `--report` takes.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json
    case junit
    case sarif

    /// Renders `report` in this format.
    public func render(_ report: RunReport) -> String {
        switch self {
        case .text: TextReporter.render(report)
        case .json: JSONReporter.render(report)
        case .junit: JUnitReporter.render(report)
        case .sarif: SARIFReporter.render(report)
        }
    }
}

/// Why a report could not be written.
public struct ReportWriteError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "cannot write report '\(path)': \(reason)" }
}

public enum ReportWriter {
    /// Writes `text` to `path` atomically: a temporary file beside it, then a rename, so a reader
    /// never sees half a report.
    public static func write(_ text: String, to path: String) throws(ReportWriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try Data(text.utf8).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw ReportWriteError(path: path, reason: reason)
            }
        } catch let error as ReportWriteError {
            throw error
        } catch {
            throw ReportWriteError(path: path, reason: describe(error))
        }
    }
}

/// Stable 64-bit FNV-1a, for SARIF fingerprints: the same input gives the same hash on every
/// machine and run (Swift's `Hasher` is seeded per process).
func stableHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
