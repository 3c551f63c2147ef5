// proctor-bench: lint and scenario throughput against raw json-c parsing of the same bytes.
//
//   swift build -c release --scratch-path .build-bench --product proctor-bench
//   .build-bench/release/proctor-bench [--dir .bench] [--files 10000] [--repetitions 3] [--jsonl-mb 10] [--scale]
//
// Builds a deterministic corpus (SplitMix64, fixed seed; reused when its manifest matches),
// then measures, in one run: raw json-c parsing of the bytes already in memory (one thread and
// concurrentPerform), `Linter.lint(paths:)` on the directory (parallel: false and the default),
// their ratios, peak memory of the lint in a fresh child process, and the same for one JSON
// Lines file. The report on stdout is a plain-text table; progress goes to stderr.

import Dispatch
import Foundation
import ProctorJSON
import ProctorLint

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Arguments

struct Arguments {
    var directory = ".bench"
    var files = 10_000
    var repetitions = 3
    var jsonlMegabytes = 10
    var scale = false
    var scenarios = 10_000
    var swiftFiles = 2_000
    var swiftFile: String?
    var swiftDirectory: String?
    var budgetMegabytes = 60
    var budgetOnly = false
    var reportsOnly = false

    static let usage = """
        usage: proctor-bench [--dir PATH] [--files N] [--repetitions N] [--jsonl-mb N] [--scenarios N] [--scale]

          --dir PATH         where the corpus is generated and reused (default .bench)
          --files N          payload files in the corpus (default 10000)
          --repetitions N    timed runs of each measurement after one warm-up; best and median
                             are reported (default 3)
          --jsonl-mb N       size of the JSON Lines file in MB of 10^6 bytes (default 10; 0 skips it)
          --scenarios N      scenario files of 10 steps played by `proctor run` (default 10000; 0 skips)
          --swift-files N    generated Swift files (about 10 KB each) read by `proctor scan` (default 2000; 0 skips)
          --swift-file PATH  also scan one real Swift file, e.g. the largest of a public repository
          --swift-dir PATH   also run `proctor scan` on a real tree of Swift sources, e.g. a public
                             repository's (in a generated app every file donates; in a real one few do)
          --budget-mb N      size of the large hostile inputs of the budget section in MiB (default 60;
                             0 runs only the small ones)
          --reports-only     run only the reports section on the corpus: each report's cost, and
                             JUnit's against the CI servers' limits
          --budget-only      run only the budget section: hostile inputs against the time and
                             memory budget (docs/development.md)
          --scale            also lint a 100,000-file corpus and play 100,000 scenarios, and print
                             the time ratios 100k/10k

        internal (used by the benchmark itself, handy for profiling):
          --child-lint PATH [--serial] [--loops N]
                             lint PATH N times in this process and print its peak memory
          --child-lint-memory PATH [--loops N]
                             read the .json files under PATH once, then lint them from memory
                             on one thread N times: the pipeline without I/O, for `perf record`
        """

    static func parse(_ arguments: [String]) -> Arguments {
        var result = Arguments()
        var index = 0
        func value(_ name: String) -> String {
            index += 1
            guard index < arguments.count else { fail("\(name) needs a value") }
            return arguments[index]
        }
        func positive(_ name: String, allowZero: Bool = false) -> Int {
            let text = value(name)
            guard let number = Int(text), number > 0 || (allowZero && number == 0) else { fail("\(name): '\(text)' is not a positive integer") }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--dir": result.directory = value(argument)
            case "--files": result.files = positive(argument)
            case "--repetitions": result.repetitions = positive(argument)
            case "--jsonl-mb": result.jsonlMegabytes = positive(argument, allowZero: true)
            case "--scale": result.scale = true
            case "--scenarios": result.scenarios = positive(argument, allowZero: true)
            case "--swift-files": result.swiftFiles = positive(argument, allowZero: true)
            case "--swift-file": result.swiftFile = value(argument)
            case "--swift-dir": result.swiftDirectory = value(argument)
            case "--budget-mb": result.budgetMegabytes = positive(argument, allowZero: true)
            case "--budget-only": result.budgetOnly = true
            case "--reports-only": result.reportsOnly = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument '\(argument)'")
            }
            index += 1
        }
        while result.directory.count > 1 && result.directory.hasSuffix("/") { result.directory.removeLast() }
        return result
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("proctor-bench: \(message)\n\n\(usage)\n".utf8))
        exit(2)
    }
}

// MARK: - Formatting

func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    return String(format: "%.\(decimals)f", value)
}

/// 12345 -> "12,345".
func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var result = ""
    for (offset, character) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
        result.append(character)
    }
    return (value < 0 ? "-" : "") + result
}

func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_000_000 }

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("[proctor-bench] \(message)\n".utf8))
}

/// A measured row of the throughput tables.
struct Row {
    var label: String
    var timing: Timing
    var bytes: Int
    var files: Int
    var note = ""

    var megabytesPerSecond: Double { megabytes(bytes) / timing.best }
    var filesPerSecond: Double { Double(files) / timing.best }
}

func table(_ rows: [Row], unit: String = "files/s") -> [String] {
    let labelWidth = max(36, (rows.map(\.label.count).max() ?? 0) + 2)
    var lines = [
        pad("", labelWidth) + pad("best s", 10, right: true) + pad("median s", 10, right: true)
            + pad("MB/s", 9, right: true) + pad(unit, 11, right: true) + "  note"
    ]
    for row in rows {
        lines.append(
            pad(row.label, labelWidth) + pad(fixed(row.timing.best, 4), 10, right: true)
                + pad(fixed(row.timing.median, 4), 10, right: true) + pad(fixed(row.megabytesPerSecond, 1), 9, right: true)
                + pad(grouped(Int(row.filesPerSecond.rounded())), 11, right: true) + (row.note.isEmpty ? "" : "  " + row.note))
    }
    return lines
}

/// lint throughput / raw throughput = raw time / lint time (best of each).
func ratio(_ lint: Row, _ raw: Row) -> Double { raw.timing.best / lint.timing.best }

// MARK: - Child mode (peak memory of one lint in a fresh process)

let commandLine = Array(CommandLine.arguments.dropFirst())
if commandLine.first == Child.flag, commandLine.count >= 2 {
    let loops = commandLine.firstIndex(of: "--loops").flatMap { $0 + 1 < commandLine.count ? Int(commandLine[$0 + 1]) : nil } ?? 1
    Child.run(path: commandLine[1], parallel: !commandLine.contains("--serial"), loops: loops)
}
if commandLine.first == CommandRun.peakFlag {
    CommandRun.runMeasuringPeak(Array(commandLine.dropFirst()))
}
if commandLine.first == Child.memoryFlag, commandLine.count >= 2 {
    let loops = commandLine.firstIndex(of: "--loops").flatMap { $0 + 1 < commandLine.count ? Int(commandLine[$0 + 1]) : nil } ?? 1
    Child.runInMemory(path: commandLine[1], loops: loops)
}

// MARK: - Run

let arguments = Arguments.parse(commandLine)
let repetitions = arguments.repetitions
var report: [String] = []
@MainActor func emit(_ line: String = "") { report.append(line) }

let cpuCount = ProcessInfo.processInfo.activeProcessorCount
var loadAverage = [Double](repeating: 0, count: 3)
_ = getloadavg(&loadAverage, 3)
#if DEBUG
    let buildKind = "DEBUG build: numbers are not meaningful"
#else
    let buildKind = "release build"
#endif

if arguments.budgetOnly {
    let lines = BudgetBenchmark.run(root: arguments.directory, largeMegabytes: arguments.budgetMegabytes)
    print(
        (["proctor-bench — \(buildKind), \(cpuCount) CPUs, load average at start \(fixed(loadAverage[0], 2))", ""] + lines).joined(separator: "\n"))
    exit(0)
}

// Corpus.
try? FileManager.default.createDirectory(atPath: arguments.directory, withIntermediateDirectories: true)
var start = monotonicSeconds()
progress("corpus: \(arguments.files) files in \(arguments.directory)/files-\(arguments.files) ...")
let corpus = Corpus.files(count: arguments.files, root: arguments.directory)
progress("corpus \(corpus.generated ? "generated" : "reused (manifest matches)") in \(fixed(monotonicSeconds() - start, 1)) s")

if arguments.reportsOnly {
    let lines = ReportBenchmark.run(corpus: corpus.directory, root: arguments.directory, repetitions: repetitions).lines
    print(
        ([
            "proctor-bench — \(buildKind), \(cpuCount) CPUs, load average at start \(fixed(loadAverage[0], 2)); \(repetitions) interleaved round(s)",
            "",
        ] + lines).joined(separator: "\n"))
    exit(0)
}

// Peak memory of the lint alone, in fresh processes, before this process loads anything.
progress("peak memory: linting the corpus in child processes ...")
let childParallel = Child.measure(path: corpus.directory, parallel: true)
let childSerial = Child.measure(path: corpus.directory, parallel: false)

// Raw json-c on the bytes already in memory.
progress("loading the corpus into memory ...")
let loaded = LoadedCorpus.load(corpus.directory)
let totalBytes = loaded.totalBytes
let fileCount = loaded.buffers.count
guard fileCount == arguments.files else {
    Arguments.fail("expected \(arguments.files) files in \(corpus.directory), found \(fileCount); delete the folder to regenerate")
}

// Every measurement of the main table runs once per round, in turn, so the reference and the lint
// it is compared with see the same machine (see Timing.interleaved).
progress("raw json-c and lint, \(repetitions) interleaved rounds ...")
let inMemoryFiles = zip(loaded.paths, loaded.buffers).map { Linter.InMemoryFile(path: $0, bytes: $1) }
let (timings, lastResults) = Timing.interleaved(
    rounds: repetitions,
    [
        { RawReference.parseAll(loaded.buffers) },
        { RawReference.parseAll(loaded.buffers, validatingUTF8: false) },
        { RawReference.parseAllConcurrently(loaded.buffers) },
        { RawReference.readAndParseAll(loaded.paths) },
        { Linter.lint(files: inMemoryFiles, appInfo: nil, options: LintOptions(parallel: false)) },
        { Linter.lint(paths: [corpus.directory], options: LintOptions(parallel: false)) },
        { Linter.lint(paths: [corpus.directory], options: LintOptions()) },
        // The command a user runs, as a whole process: start, walk, read, lint, text report, exit.
        { CommandRun.run(["lint", "--now", "2026-06-01T12:00:00Z", corpus.directory]) },
    ])
let rawParsed = lastResults[0] as! Int
let rawParallelParsed = lastResults[2] as! Int
let raw1 = Row(label: "raw json-c, 1 thread", timing: timings[0], bytes: totalBytes, files: fileCount, note: "bytes in memory; the reference")
let rawUnchecked = Row(
    label: "raw json-c, no UTF-8 check, 1 thread", timing: timings[1], bytes: totalBytes, files: fileCount,
    note: "without JSON_TOKENER_VALIDATE_UTF8, as lint calls json-c")
let rawParallel = Row(
    label: "raw json-c, concurrentPerform", timing: timings[2], bytes: totalBytes, files: fileCount, note: "bytes in memory, \(cpuCount) CPUs")
let rawRead = Row(
    label: "raw json-c + open/read, 1 thread", timing: timings[3], bytes: totalBytes, files: fileCount, note: "reference for the I/O share")
let lintMemory = Row(
    label: "lint in memory, 1 thread", timing: timings[4], bytes: totalBytes, files: fileCount,
    note: "Linter.lint(files:): no directory walk, no reads")
let lintSerial = Row(label: "lint(paths:), parallel: false", timing: timings[5], bytes: totalBytes, files: fileCount)
let lintParallel = Row(label: "lint(paths:), parallel (default)", timing: timings[6], bytes: totalBytes, files: fileCount, note: "\(cpuCount) CPUs")
let command = Row(
    label: "proctor lint DIR (process, text)", timing: timings[7], bytes: totalBytes, files: fileCount,
    note: CommandRun.proctor == nil ? "proctor not built: swift build -c release --product proctor" : "whole process, wall")
progress("proctor --version ...")
let version = Timing.measure(repetitions: max(5, repetitions)) { CommandRun.run(["--version"]) }
let inProcessPeak = peakRSSMegabytes()
let summary = LintSummary(lastResults[5] as! LintResult)
let parallelSummary = LintSummary(lastResults[6] as! LintResult)

// JSON Lines.
var jsonl: (raw: Row, serial: Row, parallel: Row, lines: Int, parsed: Int, summary: LintSummary, agree: Bool, child: ChildMeasurement?)?
if arguments.jsonlMegabytes > 0 {
    start = monotonicSeconds()
    progress("JSON Lines: \(arguments.jsonlMegabytes) MB ...")
    let (jsonlCorpus, path) = Corpus.jsonLines(megabytes: arguments.jsonlMegabytes, root: arguments.directory)
    progress("JSON Lines \(jsonlCorpus.generated ? "generated" : "reused (manifest matches)") in \(fixed(monotonicSeconds() - start, 1)) s")
    let child = Child.measure(path: path, parallel: true)
    let bytes = readFile(path)
    let (timings, results) = Timing.interleaved(
        rounds: repetitions,
        [
            { RawReference.parseLines(bytes) },
            { Linter.lint(paths: [path], options: LintOptions(parallel: false)) },
            { Linter.lint(paths: [path], options: LintOptions()) },
        ])
    let lines = results[0] as! (lines: Int, parsed: Int)
    let serialSummary = LintSummary(results[1] as! LintResult)
    let parallelSummary = LintSummary(results[2] as! LintResult)
    jsonl = (
        Row(label: "raw json-c, 1 thread, per line", timing: timings[0], bytes: bytes.count, files: lines.lines, note: "bytes in memory"),
        Row(label: "lint(paths:) on the file, parallel: false", timing: timings[1], bytes: bytes.count, files: lines.lines),
        Row(
            label: "lint(paths:) on the file, parallel (default)", timing: timings[2], bytes: bytes.count, files: lines.lines,
            note: "chunks of \(Linter.jsonLinesChunkKilobytes) KB of lines on \(cpuCount) CPUs"),
        lines.lines, lines.parsed, serialSummary,
        serialSummary.findings == parallelSummary.findings && serialSummary.diagnostics == parallelSummary.diagnostics
            && serialSummary.byRule == parallelSummary.byRule,
        child
    )
}

// Scale.
var scale: (serial10k: Row, serial100k: Row, parallel10k: Row, parallel100k: Row, child: ChildMeasurement?, bytes: Int)?
if arguments.scale {
    start = monotonicSeconds()
    progress("scale: 100,000 files ...")
    let big = Corpus.files(count: 100_000, root: arguments.directory)
    progress("100,000-file corpus \(big.generated ? "generated" : "reused (manifest matches)") in \(fixed(monotonicSeconds() - start, 1)) s")
    let bigBytes = LoadedCorpus.load(big.directory).totalBytes
    let child = Child.measure(path: big.directory, parallel: true)
    progress("scale: lint 100,000 files, parallel: false ...")
    let serial = Timing.measure(repetitions: repetitions) { _ = Linter.lint(paths: [big.directory], options: LintOptions(parallel: false)) }
    progress("scale: lint 100,000 files, parallel ...")
    let parallel = Timing.measure(repetitions: repetitions) { _ = Linter.lint(paths: [big.directory], options: LintOptions()) }
    scale = (
        lintSerial, Row(label: "lint(paths:) 100k, parallel: false", timing: serial, bytes: bigBytes, files: 100_000),
        lintParallel, Row(label: "lint(paths:) 100k, parallel (default)", timing: parallel, bytes: bigBytes, files: 100_000),
        child, bigBytes
    )
}

// Reports.
let reportBenchmark = ReportBenchmark.run(corpus: corpus.directory, root: arguments.directory, repetitions: repetitions)

// Scenarios.
let scenarioBenchmark =
    arguments.scenarios > 0
    ? ScenarioBenchmark.run(count: arguments.scenarios, root: arguments.directory, repetitions: repetitions, scale: arguments.scale) : nil
let spotlightBenchmark = arguments.scenarios > 0 ? SpotlightBenchmark.run(repetitions: repetitions) : nil
let scanBenchmark =
    arguments.swiftFiles > 0
    ? ScanBenchmark.run(
        files: arguments.swiftFiles, swiftFile: arguments.swiftFile, swiftDirectory: arguments.swiftDirectory, root: arguments.directory,
        repetitions: repetitions) : nil

// MARK: - Report

emit(
    "proctor-bench — \(buildKind), \(cpuCount) CPUs, load average at start \(fixed(loadAverage[0], 2)); \(repetitions) timed run(s) after 1 warm-up; MB = 10^6 bytes; rates from the best run"
)
emit()
emit(
    "Corpus: \(grouped(fileCount)) files in \(corpus.directory), \(fixed(megabytes(totalBytes), 2)) MB (avg \(totalBytes / max(1, fileCount)) B/file)"
)
emit(
    "  lint found \(grouped(summary.donations)) donations; \(grouped(summary.filesWithProblems)) files with problems (\(fixed(100 * Double(summary.filesWithProblems) / Double(max(1, fileCount)), 1))%): \(grouped(summary.findings)) findings, \(grouped(summary.diagnostics)) decoder diagnostics, \(summary.inputErrors) input errors"
)
emit(
    "  raw json-c parsed \(grouped(rawParsed))/\(grouped(fileCount)) files (parallel \(grouped(rawParallelParsed))); serial and parallel lint agree: \(summary.findings == parallelSummary.findings && summary.diagnostics == parallelSummary.diagnostics ? "yes" : "NO")"
)
let topRules = summary.byRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(8).map { "\($0.key) \($0.value)" }
emit("  most reported: " + topRules.joined(separator: ", "))
emit()
for line in table([raw1, rawUnchecked, rawParallel, rawRead, lintMemory, lintSerial, lintParallel] + (CommandRun.proctor == nil ? [] : [command])) {
    emit("  " + line)
}
emit()
emit("Ratios (lint throughput / raw json-c throughput = raw time / lint time): the median over rounds of each round's")
emit("ratio (both ran in the same round, see Timing.interleaved), then best time / best time; the target is judged on the median:")
func pairLine(_ label: String, _ lint: Row, _ raw: Row, target: Double? = 0.5) -> String {
    let median = lint.timing.medianRatio(against: raw.timing)
    var line = pad(label, 52) + pad(fixed(median, 3), 7, right: true) + pad(fixed(ratio(lint, raw), 3), 8, right: true)
    if let target { line += "   " + (median >= target ? "meets" : "below") + " target >= \(fixed(target, 1))" }
    return line
}
emit("  " + pad("", 52) + pad("median", 7, right: true) + pad("best", 8, right: true))
emit("  " + pairLine("lint, parallel default / raw json-c, 1 thread", lintParallel, raw1))
emit("  " + pairLine("lint, parallel: false  / raw json-c, 1 thread", lintSerial, raw1))
emit("  " + pairLine("lint in memory, 1 thread / raw json-c, 1 thread", lintMemory, raw1))
emit("  " + pairLine("lint, parallel default / raw json-c, parallel", lintParallel, rawParallel))
emit(
    "  " + pairLine("lint in memory, 1 thread / raw json-c, no UTF-8 check", lintMemory, rawUnchecked, target: nil)
        + "   (the same json-c work lint asks for)")
if CommandRun.proctor != nil {
    emit("  " + pairLine("proctor lint (process) / raw json-c + open/read", command, rawRead) + "   (the command a user runs)")
    emit(
        "  " + pad("proctor --version, whole process", 52) + pad(fixed(version.median * 1000, 1), 7, right: true) + " ms median   "
            + (version.median < 0.015 ? "meets" : "OVER") + " target < 15 ms")
}
emit(
    "  " + pad("parallel speed-up: lint / raw json-c", 48) + pad(fixed(lintSerial.timing.best / lintParallel.timing.best, 2), 7, right: true) + "x / "
        + fixed(raw1.timing.best / rawParallel.timing.best, 2) + "x")
emit()
emit("Peak memory, \(grouped(fileCount))-file lint; target < 100 MB. Child: VmHWM, its own peak RSS (its ru_maxrss also counts the")
emit("parent's peak, which Linux carries across exec); this process: getrusage(RUSAGE_SELF).ru_maxrss.")
func childLine(_ label: String, _ child: ChildMeasurement?) -> String {
    guard let child else { return "  " + pad(label, 48) + "   (child process failed)" }
    return "  " + pad(label, 48) + pad(fixed(child.peakMB, 1), 7, right: true) + " MB   " + (child.peakMB < 100 ? "meets" : "OVER")
        + " target (before lint \(fixed(child.baselineMB, 1)) MB; ru_maxrss \(fixed(child.maxrssMB, 1)) MB; one run, \(fixed(child.seconds, 2)) s)"
}
emit(childLine("fresh child process, parallel (default)", childParallel))
emit(childLine("fresh child process, parallel: false", childSerial))
emit(
    "  " + pad("this process, after the runs above, before JSONL", 48) + pad(fixed(inProcessPeak, 1), 7, right: true)
        + " MB   (includes the corpus held in memory for the raw reference)")

emit()
for line in reportBenchmark.lines { emit(line) }

if let jsonl {
    emit()
    emit(
        "JSON Lines: 1 file, \(fixed(megabytes(jsonl.raw.bytes), 2)) MB, \(grouped(jsonl.lines)) lines (raw json-c parsed \(grouped(jsonl.parsed))); lint: \(grouped(jsonl.summary.donations)) donations, \(grouped(jsonl.summary.findings)) findings, \(grouped(jsonl.summary.diagnostics)) diagnostics; serial and parallel lint agree: \(jsonl.agree ? "yes" : "NO")"
    )
    for line in table([jsonl.raw, jsonl.serial, jsonl.parallel], unit: "lines/s") { emit("  " + line) }
    emit("  " + pad("", 52) + pad("median", 7, right: true) + pad("best", 8, right: true))
    emit("  " + pairLine("lint, parallel default / raw json-c, 1 thread", jsonl.parallel, jsonl.raw))
    emit("  " + pairLine("lint, parallel: false  / raw json-c, 1 thread", jsonl.serial, jsonl.raw))
    emit(childLine("peak memory, fresh child process, parallel", jsonl.child))
}

if let scale {
    emit()
    emit("Scale: 100,000 files, \(fixed(megabytes(scale.bytes), 1)) MB (linear scaling: time ratio 100k/10k = 10.0)")
    for line in table([scale.serial10k, scale.serial100k, scale.parallel10k, scale.parallel100k]) { emit("  " + line) }
    emit(
        "  " + pad("time ratio 100k/10k, parallel: false", 48)
            + pad(fixed(scale.serial100k.timing.best / scale.serial10k.timing.best, 2), 7, right: true))
    emit(
        "  " + pad("time ratio 100k/10k, parallel (default)", 48)
            + pad(fixed(scale.parallel100k.timing.best / scale.parallel10k.timing.best, 2), 7, right: true))
    emit(childLine("peak memory, 100k-file lint, fresh child", scale.child))
}

if let scenarioBenchmark {
    emit()
    for line in scenarioBenchmark.lines { emit(line) }
}

if let spotlightBenchmark {
    emit()
    for line in spotlightBenchmark.lines { emit(line) }
}

if let scanBenchmark {
    emit()
    for line in scanBenchmark.lines { emit(line) }
}

emit()
for line in BudgetBenchmark.run(root: arguments.directory, largeMegabytes: arguments.budgetMegabytes) { emit(line) }

print(report.joined(separator: "\n"))
