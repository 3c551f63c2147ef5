import Dispatch
import Foundation
import ProctorJSON
import ProctorLint

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Clock and memory

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Peak resident set size of this process so far, in MB (ru_maxrss is KiB on Linux).
func peakRSSMegabytes() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576  // bytes on Darwin
    #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    #endif
}

/// A field of /proc/self/status in MB (`VmHWM`: peak resident set of this address space;
/// `VmRSS`: current), Linux only.
///
/// In a child process, ru_maxrss is not the child's own peak: Linux carries the parent's
/// high-water mark into the child at exec (the exec'ing task's old address space is the
/// parent's, shared by vfork-style posix_spawn), so a child started by a 30 MB parent reports
/// at least 30 MB. VmHWM belongs to the new address space only.
func procStatusMegabytes(_ field: String) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let number = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Double($0) }
        return number.map { $0 / 1024 }  // kB
    }
    return nil
}

// MARK: - Repetitions

/// The times of N timed runs, after one untimed warm-up.
struct Timing {
    var seconds: [Double]

    var best: Double { seconds.min() ?? .nan }
    var median: Double { Self.median(seconds) }

    /// The middle value (the mean of the two middle ones for an even count); NaN when empty.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Runs each body once to warm up, then `rounds` rounds of each body in turn, so every
    /// measurement of a round sees the same state of the machine. On a shared machine the speed
    /// drifts by tens of percent within minutes; measured one after the other, a reference and the
    /// code compared with it can land on different sides of such a drift, and their ratio with it.
    ///
    /// Each body returns what it produced; it is kept until the body's next run and released
    /// after the clock has stopped, so no measurement includes freeing the previous one's result.
    /// Returns the timings and each body's last result.
    static func interleaved(rounds: Int, _ bodies: [() -> Any]) -> (timings: [Timing], results: [Any]) {
        var results = bodies.map { $0() }
        var timings = [Timing](repeating: Timing(seconds: []), count: bodies.count)
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() {
                let start = monotonicSeconds()
                let result = body()
                timings[index].seconds.append(monotonicSeconds() - start)
                results[index] = result
            }
        }
        return (timings, results)
    }

    /// The median over rounds of `reference / self`: the throughput ratio of each round, where both
    /// ran under the same conditions. Needs timings from ``interleaved(rounds:_:)``.
    func medianRatio(against reference: Timing) -> Double {
        Self.median(zip(reference.seconds, seconds).map { $0 / $1 })
    }

    /// Runs `body` once to warm up (caches, lazy statics, page cache), then `repetitions` times.
    static func measure(repetitions: Int, warmUp: Bool = true, _ body: () -> Void) -> Timing {
        if warmUp { body() }
        var seconds: [Double] = []
        for _ in 0..<repetitions {
            let start = monotonicSeconds()
            body()
            seconds.append(monotonicSeconds() - start)
        }
        return Timing(seconds: seconds)
    }
}

// MARK: - Inputs in memory

/// The corpus read into memory once, for the raw json-c reference.
struct LoadedCorpus: Sendable {
    var paths: [String]
    var buffers: [[UInt8]]
    var totalBytes: Int { buffers.reduce(0) { $0 + $1.count } }

    /// Every `.json` file under `directory`, sorted by path, as the linter orders them.
    static func load(_ directory: String) -> LoadedCorpus {
        var paths: [String] = []
        let manager = FileManager.default
        if let enumerator = manager.enumerator(atPath: directory) {
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix(".json") { paths.append(directory + "/" + relative) }
            }
        }
        paths.sort()
        return LoadedCorpus(paths: paths, buffers: paths.map(readFile))
    }
}

func readFile(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    return [UInt8](data)
}

/// Slots written once each from concurrent iterations at distinct indices.
final class Flags: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Bool>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: false)
    }
    deinit { slots.deallocate() }
    func set(_ index: Int, _ value: Bool) { slots[index] = value }
    var trueCount: Int { slots.reduce(0) { $0 + ($1 ? 1 : 0) } }
}

// MARK: - Raw json-c reference

enum RawReference {
    /// Parses every buffer on this thread; returns how many parsed.
    static func parseAll(_ buffers: [[UInt8]], validatingUTF8: Bool = true) -> Int {
        var parsed = 0
        for buffer in buffers where buffer.withUnsafeBytes({ JSONCReferenceParser.parse($0, validatingUTF8: validatingUTF8) }) {
            parsed += 1
        }
        return parsed
    }

    /// Parses every buffer with `concurrentPerform`, one iteration per file, as `Linter` does.
    static func parseAllConcurrently(_ buffers: [[UInt8]]) -> Int {
        let flags = Flags(count: buffers.count)
        DispatchQueue.concurrentPerform(iterations: buffers.count) { index in
            flags.set(index, buffers[index].withUnsafeBytes({ JSONCReferenceParser.parse($0) }))
        }
        return flags.trueCount
    }

    /// Reads each file (open/read/close) then parses it, one thread: the reference with the
    /// same I/O the linter does, to show how much of the gap is I/O.
    static func readAndParseAll(_ paths: [String]) -> Int {
        var parsed = 0
        for path in paths where readFile(path).withUnsafeBytes({ JSONCReferenceParser.parse($0) }) { parsed += 1 }
        return parsed
    }

    /// Splits a JSON Lines buffer at newlines and parses each non-empty line; returns (lines, parsed).
    static func parseLines(_ bytes: [UInt8]) -> (lines: Int, parsed: Int) {
        var lines = 0
        var parsed = 0
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let rest = buffer.count - start
                let end: Int
                if let hit = memchr(base + start, 0x0A, rest) {
                    end = UnsafeRawPointer(hit) - base
                } else {
                    end = buffer.count
                }
                if end > start {
                    lines += 1
                    if JSONCReferenceParser.parse(UnsafeRawBufferPointer(rebasing: buffer[start..<end])) { parsed += 1 }
                }
                start = end + 1
            }
        }
        return (lines, parsed)
    }
}

// MARK: - Lint summaries

struct LintSummary {
    var files = 0
    var checked = 0
    var donations = 0
    var findings = 0
    var diagnostics = 0
    var inputErrors = 0
    var filesWithProblems = 0
    var byRule: [String: Int] = [:]

    init(_ result: LintResult) {
        files = result.files.count
        for file in result.files {
            if file.wasChecked { checked += 1 }
            donations += file.payloadCount
            findings += file.findings.count
            diagnostics += file.diagnostics.count
            inputErrors += file.inputErrors.count
            if !file.findings.isEmpty || !file.diagnostics.isEmpty || !file.inputErrors.isEmpty { filesWithProblems += 1 }
            for finding in file.findings { byRule[finding.ruleID, default: 0] += 1 }
            for diagnostic in file.diagnostics { byRule["(decoder) " + diagnostic.code.rawValue, default: 0] += 1 }
        }
    }
}

// MARK: - Child process

/// Peak memory of one lint in a fresh process: this executable run with `--child-lint`.
struct ChildMeasurement {
    /// VmHWM before and after the lint (ru_maxrss where /proc is missing).
    var baselineMB: Double
    var peakMB: Double
    /// The child's ru_maxrss, which includes the parent's peak at spawn time (see above).
    var maxrssMB: Double
    var seconds: Double
    var files: Int
}

enum Child {
    static let flag = "--child-lint"

    /// In the child: lints `path` once and prints the figures on one line.
    /// `loops` > 1 repeats the lint, for profiling (`perf record ... proctor-bench --child-lint DIR --serial --loops 10`).
    static func run(path: String, parallel: Bool, loops: Int = 1) -> Never {
        let baseline = procStatusMegabytes("VmHWM") ?? peakRSSMegabytes()
        let start = monotonicSeconds()
        var result = Linter.lint(paths: [path], options: LintOptions(parallel: parallel))
        for _ in 1..<max(1, loops) { result = Linter.lint(paths: [path], options: LintOptions(parallel: parallel)) }
        let seconds = monotonicSeconds() - start
        let peak = procStatusMegabytes("VmHWM") ?? peakRSSMegabytes()
        print("baseline_mb=\(baseline) peak_mb=\(peak) maxrss_mb=\(peakRSSMegabytes()) seconds=\(seconds) files=\(result.files.count)")
        exit(0)
    }

    static let memoryFlag = "--child-lint-memory"

    /// Lints the corpus from memory `loops` times on one thread and prints the time per run, so a
    /// profiler sees the pipeline without the directory walk and the reads.
    static func runInMemory(path: String, loops: Int) -> Never {
        let loaded = LoadedCorpus.load(path)
        let files = zip(loaded.paths, loaded.buffers).map { Linter.InMemoryFile(path: $0, bytes: $1) }
        let start = monotonicSeconds()
        for _ in 0..<max(1, loops) { _ = Linter.lint(files: files, appInfo: nil, options: LintOptions(parallel: false)) }
        print("seconds_per_run=\((monotonicSeconds() - start) / Double(max(1, loops))) files=\(files.count)")
        exit(0)
    }

    /// In the parent: runs the child and parses its line.
    static func measure(path: String, parallel: Bool) -> ChildMeasurement? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath())
        process.arguments = [flag, path] + (parallel ? [] : ["--serial"])
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var values: [String: Double] = [:]
        for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        guard let baseline = values["baseline_mb"], let peak = values["peak_mb"], let maxrss = values["maxrss_mb"],
            let seconds = values["seconds"], let files = values["files"]
        else { return nil }
        return ChildMeasurement(baselineMB: baseline, peakMB: peak, maxrssMB: maxrss, seconds: seconds, files: Int(files))
    }

    /// This executable's path, for the programs built beside it.
    static func executablePathForSiblings() -> String { executablePath() }

    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 { return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments[0]
    }
}

/// The command a user runs, as a whole process: `proctor` from the same build directory as this
/// benchmark, its standard output thrown away (by the shell's means: a null device, never a
/// report path).
enum CommandRun {
    /// `proctor` beside this executable, when it was built.
    static let proctor: String? = {
        let path = URL(fileURLWithPath: Child.executablePathForSiblings()).deletingLastPathComponent().appendingPathComponent("proctor").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Runs `proctor` with `arguments` and returns its exit status (-1 when it could not start).
    /// Started with posix_spawn: Foundation's Process took some 45 ms to start a child here, which
    /// would be most of what `proctor --version` is timed for.
    @discardableResult
    static func run(_ arguments: [String]) -> Int32 {
        var usage = rusage()
        return run(arguments, usage: &usage)
    }

    /// Runs `proctor` and fills `usage` with what wait4 says the child used. With `killAfter`, a
    /// child still running after that many seconds is killed, and the status is -2.
    static func run(_ arguments: [String], usage: inout rusage, killAfter: Double? = nil) -> Int32 {
        guard let proctor else { return -1 }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([proctor] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, proctor, &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        if let killAfter {
            // Polled, so that a child that never ends is ended: the budget rows run shapes that
            // once took minutes.
            let deadline = monotonicSeconds() + killAfter
            while true {
                let waited = wait4(pid, &status, WNOHANG, &usage)
                if waited == pid { break }
                if waited == -1 && errno != EINTR { return -1 }
                if monotonicSeconds() > deadline {
                    kill(pid, SIGKILL)
                    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
                    return -2
                }
                usleep(2_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }

    static let peakFlag = "--child-command-peak"

    /// In a launcher process (this executable, fresh and small): runs `proctor` once and prints
    /// its peak resident set. The launcher exists because Linux counts the parent's high-water
    /// mark in a spawned child's ru_maxrss (see procStatusMegabytes): started from here, the
    /// figure is the larger of proctor's own peak and this launcher's, which is printed beside it.
    static func runMeasuringPeak(_ arguments: [String]) -> Never {
        let launcher = procStatusMegabytes("VmHWM") ?? peakRSSMegabytes()
        var usage = rusage()
        // `--kill-after SECONDS ARGUMENTS...` ends a command that runs on past it (status -2).
        var arguments = arguments
        var killAfter: Double?
        if arguments.first == "--kill-after", arguments.count >= 2 {
            guard let seconds = Double(arguments[1]), seconds > 0 else {
                Arguments.fail("--kill-after: '\(arguments[1])' is not a number of seconds")
            }
            killAfter = seconds
            arguments.removeFirst(2)
        }
        let status = run(arguments, usage: &usage, killAfter: killAfter)
        print("maxrss_mb=\(Double(usage.ru_maxrss) / 1024) launcher_mb=\(launcher) status=\(status)")
        exit(0)
    }

    /// Peak memory of `proctor arguments`, measured through a launcher; nil when it failed.
    static func peakMegabytes(_ arguments: [String]) -> (proctor: Double, launcher: Double)? {
        guard let values = launch([peakFlag] + arguments), let peak = values["maxrss_mb"], let launcher = values["launcher_mb"],
            (values["status"] ?? -1) >= 0
        else { return nil }
        return (peak, launcher)
    }

    /// ``peakMegabytes(_:)`` of a command that is killed after `seconds`, with its exit status
    /// (-2 when it was killed, -1 when it could not run or was ended by a signal).
    static func peakMegabytes(_ arguments: [String], killAfter seconds: Double) -> (proctor: Double, status: Int32)? {
        guard let values = launch([peakFlag, "--kill-after", String(seconds)] + arguments), let peak = values["maxrss_mb"],
            let status = values["status"]
        else { return nil }
        return (peak, Int32(status))
    }

    /// Runs this executable as the launcher with `arguments` and returns the `name=value` figures
    /// it prints; nil when it could not start.
    private static func launch(_ arguments: [String]) -> [String: Double]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Child.executablePathForSiblings())
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var values: [String: Double] = [:]
        for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }
}
