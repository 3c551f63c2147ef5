import Foundation
import ProctorReports
import ProctorScan

/// Writes what `proctor scan --emit-payloads` and `--emit-routes` extract (docs/scan.md,
/// "Reusing what it extracts"). The payload folder is Proctor's to keep in step with the code:
/// a payload file it wrote before is replaced, or removed when its donation is gone; any other
/// file there is left alone, and a payload that would replace one is not written.
enum ScanOutputWriter {
    /// Writes each payload into `directory`, creating it; false when one could not be written
    /// (the reason on standard error).
    static func writePayloads(_ payloads: [ExtractedPayload], to directory: String, removingStale: Bool) -> Bool {
        var succeeded = true
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            Output.standardError("error: cannot write payloads to '\(directory)': it is not a directory\n")
            return false
        }
        let names = Set(payloads.map(\.fileName))
        for payload in payloads {
            let path = (directory as NSString).appendingPathComponent(payload.fileName)
            // Whatever is there, a dangling link included, unless it is a payload written before.
            var status = stat()
            if lstat(path, &status) == 0, !isEmittedPayload(path) {
                Output.standardError(
                    "error: not writing '\(path)': a file proctor scan did not write is there; move it, or emit into another folder\n")
                succeeded = false
                continue
            }
            do {
                try ReportWriter.write(payload.text, to: path)
            } catch {
                Output.standardError("error: \(error)\n")
                succeeded = false
            }
        }
        // Payloads of donations no longer in the code, so that linting the folder lints the code;
        // not when some input could not be read, whose donations would look gone.
        guard removingStale else { return succeeded }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries.sorted() where entry.hasSuffix(".json") && !names.contains(entry) {
            let path = (directory as NSString).appendingPathComponent(entry)
            guard isEmittedPayload(path) else { continue }
            if unlink(path) != 0 {
                Output.standardError(
                    "error: cannot remove '\(path)', the payload of a donation no longer in the code: \(String(cString: strerror(errno)))\n")
                succeeded = false
            }
        }
        return succeeded
    }

    /// Writes the routes file; false when it could not be written. An existing file is replaced
    /// only when it is a routes file this option wrote: a scenario or a configuration given by
    /// mistake is left alone. Standard output and devices (`-`, /dev/stdout) are written to.
    static func writeRoutes(_ text: String, to path: String) -> Bool {
        writeListing(text, to: path, flag: "--emit-routes", isOurs: isEmittedRoutes)
    }

    /// Writes the App Intents listing to `path` (`--emit-intents`), replacing only a file it wrote.
    static func writeIntents(_ text: String, to path: String) -> Bool {
        writeListing(text, to: path, flag: "--emit-intents") { path in
            guard let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20 else { return false }
            return ExtractedAppIntents.isEmitted(Array(data))
        }
    }

    /// Writes one file the scan extracts (routes, intents), refusing to replace a file `flag` did
    /// not write, or to write through a dangling link.
    private static func writeListing(_ text: String, to path: String, flag: String, isOurs: (String) -> Bool) -> Bool {
        var link = stat()
        var target = stat()
        if path != ReportWriter.standardOutput, lstat(path, &link) == 0 {
            let followed = stat(path, &target) == 0
            if !followed || (target.st_mode & S_IFMT == S_IFREG && !isOurs(path)) {
                Output.standardError(
                    "error: not writing '\(path)': a file proctor scan \(flag) did not write is there; move it, or give another path\n")
                return false
            }
        }
        do {
            try ReportWriter.write(text, to: path)
            return true
        } catch {
            Output.standardError("error: \(error)\n")
            return false
        }
    }

    /// A routes file `--emit-routes` wrote.
    static func isEmittedRoutes(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20 else { return false }
        return SourceScan.isEmittedRoutes(Array(data))
    }

    /// A regular file (not a link) that `--emit-payloads` wrote, and nothing a person writes by hand.
    static func isEmittedPayload(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= 4 << 20,
            let data = FileManager.default.contents(atPath: path)
        else { return false }
        return ExtractedPayload.isEmitted(Array(data))
    }
}
