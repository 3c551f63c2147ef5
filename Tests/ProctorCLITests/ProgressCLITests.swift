import Foundation
import Testing

/// The progress line: on a terminal only (a pseudo-terminal made with util-linux's `script`),
/// erased before the report, absent with --quiet and when standard error is a file.
@Suite("CLI: the progress line")
struct ProgressCLITests {
    /// `script` runs a command on a pseudo-terminal; Debian has it in bsdutils, which every system has.
    private static let script = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    private func payloads() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("p"), withIntermediateDirectories: true)
        for index in 1...40 {
            try Data(#"{"userActivity": {"activityType": "com.example.app.view", "title": "T\#(index)"}}"#.utf8).write(
                to: root.appendingPathComponent("p/f\(index).json"))
        }
        return root
    }

    /// The command's output on a terminal, standard error and standard output together.
    private func onTerminal(_ arguments: [String], in directory: URL, delayMilliseconds: Int) throws -> String {
        let script = try #require(Self.script, "util-linux's script is needed to give the command a terminal")
        let binary = try #require(proctorBinary, "cannot find the proctor binary")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        let command = ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PROCTOR_PROGRESS_DELAY_MS"] = String(delayMilliseconds)
        environment["TERM"] = "xterm"
        process.environment = environment
        // A file, not a pipe: script copies the terminal's output to it as the command writes.
        let outputFile = directory.appendingPathComponent("terminal-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
        #expect(process.terminationStatus == 0, "script ended with \(process.terminationStatus): \(text.debugDescription)")
        return text
    }

    @Test(.enabled(if: script != nil, "util-linux's script is not installed: no pseudo-terminal to test the progress line on"))
    func aLongRunShowsItsProgressThenErasesIt() throws {
        let root = try payloads()
        defer { try? FileManager.default.removeItem(at: root) }
        let text = try onTerminal(["lint", "--no-config", "--sequential", "p", "--report", "json:out.json"], in: root, delayMilliseconds: 0)
        #expect(text.contains("lint: ") && text.contains(" of 40 files ("), "\(text.debugDescription)")
        #expect(text.hasSuffix("\r\u{1B}[K"), "the line is erased before the command ends: \(text.debugDescription)")
        let quiet = try onTerminal(["lint", "--no-config", "p", "--quiet", "--report", "json:out.json"], in: root, delayMilliseconds: 0)
        #expect(!quiet.contains(" of 40 files"), "\(quiet.debugDescription)")
    }

    @Test(.enabled(if: script != nil, "util-linux's script is not installed: no pseudo-terminal to test the progress line on"))
    func aQuickRunShowsNothing() throws {
        let root = try payloads()
        defer { try? FileManager.default.removeItem(at: root) }
        let text = try onTerminal(["lint", "--no-config", "p", "--report", "json:out.json"], in: root, delayMilliseconds: 60_000)
        #expect(!text.contains(" of 40 files"), "\(text.debugDescription)")
    }

    @Test func aFileOrPipeGetsNoProgressLine() throws {
        let root = try payloads()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try proctor(["lint", "--no-config", "p"], in: root)
        #expect(!run.stderr.contains(" of 40 files"), "\(run.stderr)")
    }
}
