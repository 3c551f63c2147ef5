import Foundation
import ProctorCore
import ProctorFiles
import ProctorJSON
import ProctorReports
import ProctorRules

/// How a `proctor run` is set up.
package struct RunOptions: Sendable {
    /// Only scenarios whose name contains one of these (case-insensitively); all when empty.
    package var names: [String]
    /// Only scenarios with at least one of these tags; all when empty.
    package var tags: [String]
    /// Warnings fail the run too.
    package var strict: Bool
    /// The report's timestamp; scenarios keep their own clocks.
    package var now: Date
    package var limits: JSONLimits
    package var parallel: Bool
    /// Which files a scenario's `infoPlist` may name: by default only inside the current directory.
    package var fileReferences: FileReferencePolicy
    /// Plays only this shard of the scenario files (`--shard K/N`), for a CI matrix.
    package var shard: Shard?
    /// Which walked scenario files are played (`--include`, `--exclude`, `run.include` and
    /// `run.exclude`).
    package var filter = PathFilter()
    /// Counts the scenario files played, for a progress line; nil when nobody shows one.
    package var progress: ProgressCounter?
    /// Records each scenario's ``Timeline`` in its suite, for a report that draws it (HTML). Off
    /// by default: the other reports do not need it, and a run of 100,000 scenarios would keep
    /// an event per step in memory for nothing.
    package var recordsTimeline: Bool

    /// Shard `index` (1-based) of `count`: the scenario files in path order, dealt round-robin,
    /// so every file is in exactly one shard and shards differ by one file at most. Problems of
    /// the paths themselves (a path that does not exist) are shard 1's, so that the shards'
    /// reports add up to one run's.
    package struct Shard: Sendable, Equatable {
        package var index: Int
        package var count: Int

        package init?(index: Int, count: Int) {
            guard count >= 1, (1...count).contains(index) else { return nil }
            self.index = index
            self.count = count
        }

        /// `K/N`, as `--shard` takes it.
        package init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                let index = Int(parts[0]), let count = Int(parts[1])
            else { return nil }
            self.init(index: index, count: count)
        }

        func holds(position: Int) -> Bool { position % count == index - 1 }
    }

    package init(
        names: [String] = [], tags: [String] = [], strict: Bool = false, now: Date = Date(), limits: JSONLimits = .standard, parallel: Bool = true,
        fileReferences: FileReferencePolicy = .projectDirectory, shard: Shard? = nil, recordsTimeline: Bool = false
    ) {
        self.recordsTimeline = recordsTimeline
        self.fileReferences = fileReferences
        self.shard = shard
        self.names = names
        self.tags = tags
        self.strict = strict
        self.now = now
        self.limits = limits
        self.parallel = parallel
    }
}

/// The scenario pipeline: load → decode → simulate → check, for each file in parallel, then one
/// report. It never prints; callers render the report with a ``Reporter``.
package enum ScenarioRunner {
    /// What `proctor run` produced: the report, and how many scenarios the filters left out.
    package struct Result: Sendable {
        package var report: RunReport
        package var filteredOut: Int
    }

    /// Runs the scenario files under `paths`: directories are searched recursively for
    /// `*.scenario.json`; files named explicitly are read whatever their name.
    package static func run(paths: [String], options: RunOptions) -> Result {
        let collected = InputFiles.collect(paths, selecting: .scenarios, filter: options.filter, leavingOut: options.fileReferences.outputs)
        var inputs = collected.inputs
        let first = options.shard.map { $0.index == 1 } ?? true
        var suites = first ? collected.errors.map { RunReport.Suite(name: $0.location.file, inputErrors: [$0]) } : []
        if first { suites += collected.notes.map(skippedSuite) }
        if let shard = options.shard {
            inputs = inputs.enumerated().filter { shard.holds(position: $0.offset) }.map(\.element)
        }
        if first && !paths.isEmpty && collected.inputs.isEmpty && collected.errors.isEmpty {
            suites.append(
                RunReport.Suite(
                    name: paths.joined(separator: " "),
                    inputErrors: [
                        InputError(
                            code: ProblemCode.noInputs, message: "no *\(Scenario.fileSuffix) files found", location: SourceLocation(file: paths[0]))
                    ]))
        }
        options.progress?.expect(inputs.count)
        let played = Parallel.map(inputs, parallel: options.parallel) { input in
            defer { options.progress?.advance() }
            return runFile(input, options: options)
        }
        suites += played.compactMap { $0 }
        suites.sort { $0.name < $1.name }
        return Result(report: report(suites, options: options), filteredOut: played.count - played.compactMap { $0 }.count)
    }

    /// Reads and plays one scenario file; nil when it is filtered out by name or tag.
    package static func runFile(at path: String, options: RunOptions) -> RunReport.Suite? {
        runFile(InputFiles.Input(path: path), options: options)
    }

    package static func runFile(_ input: InputFiles.Input, options: RunOptions) -> RunReport.Suite? {
        switch InputFiles.load(input, limit: options.limits.maximumFileSize) {
        case .failure(let error): RunReport.Suite(name: input.path, inputErrors: [error], cases: [inputCase(input.path, [error])])
        // A scenario on standard input resolves its `infoPlist` from the current directory.
        case .success(let bytes): runFile(bytes: bytes, path: input.path, directory: input.isStandardInput ? "" : nil, options: options)
        }
    }

    /// The suite of an entry the directory walk left out, with the note saying why.
    package static func skippedSuite(_ note: Diagnostic) -> RunReport.Suite {
        let path = note.location.file
        return RunReport.Suite(
            name: path, diagnostics: [note], cases: [.init(classname: path, name: "scenario file", outcome: .skipped(reason: note.message))])
    }

    /// Plays a scenario held in memory. `directory` resolves `infoPlist` (default: the folder of
    /// `path`).
    /// Returns nil when the scenario is filtered out by name or tag.
    package static func runFile(bytes: [UInt8], path: String, directory: String? = nil, options: RunOptions) -> RunReport.Suite? {
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source, limits: options.limits) {
        case .failure(let error):
            let inputError = InputError(error, in: source, file: path)
            return RunReport.Suite(name: path, inputErrors: [inputError], cases: [inputCase(path, [inputError])])
        case .success(let node): root = node
        }
        let folder = directory ?? (path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "")
        var decoder = ScenarioDecoder(path: path, source: source, directory: folder, references: options.fileReferences)
        let decoded = decoder.decode(root)
        var suite = RunReport.Suite(name: path, inputErrors: decoder.errors, diagnostics: decoder.diagnostics)
        guard let scenario = decoded else {
            let decodeErrors = decoder.diagnostics.filter { $0.severity == .error }.map {
                InputError(code: $0.code, message: $0.message, location: $0.location)
            }
            suite.cases = [inputCase(path, decoder.errors + decodeErrors)]
            sortProblems(&suite)
            return suite
        }
        guard selected(scenario, options) else { return nil }
        var player = ScenarioPlayer(scenario: scenario, strict: options.strict) { pointer in
            SourceLocation(file: path, offset: root.offset(of: pointer), pointer: pointer, in: source)
        }
        if options.recordsTimeline { player.timeline = TimelineRecorder(scenario: scenario.name, devices: scenario.devices.map(\.name)) }
        let outcome = player.play()
        suite.timeline = outcome.timeline
        suite.findings = outcome.findings
        suite.inputErrors += outcome.inputErrors
        suite.cases = outcome.cases
        if let warning = decoder.diagnostics.first(where: { $0.severity == .warning && $0.severity.failsRun(strict: options.strict) }) {
            // Under --strict an unknown key in a donation fails the run, so it fails a case too.
            let details = decoder.diagnostics.map { $0.compilerLine() }.joined(separator: "\n")
            suite.cases.insert(
                .init(
                    classname: scenario.name, name: "scenario file",
                    outcome: .failed(type: warning.code.rawValue, message: warning.message, details: details), location: warning.location), at: 0)
        }
        sortProblems(&suite)
        return suite
    }

    package static func report(_ suites: [RunReport.Suite], options: RunOptions) -> RunReport {
        RunReport(
            command: "run", timestamp: options.now, strict: options.strict, rules: BuiltInRules.descriptions, checks: ScenarioCheck.reported,
            suites: suites)
    }

    private static func selected(_ scenario: Scenario, _ options: RunOptions) -> Bool {
        if !options.names.isEmpty && !options.names.contains(where: { scenario.name.range(of: $0, options: .caseInsensitive) != nil }) {
            return false
        }
        if !options.tags.isEmpty && !options.tags.contains(where: scenario.tags.contains) { return false }
        return true
    }

    /// The one test case of a scenario that could not be played.
    private static func inputCase(_ path: String, _ errors: [InputError]) -> RunReport.TestCase {
        let first = errors[0]
        let details = errors.map { $0.compilerLine() }.joined(separator: "\n")
        return .init(
            classname: path, name: "scenario file", outcome: .errored(type: first.code.rawValue, message: first.message, details: details),
            location: first.location)
    }

    private static func sortProblems(_ suite: inout RunReport.Suite) {
        ProctorCore.sortProblems(&suite.inputErrors, &suite.diagnostics, &suite.findings)
    }
}
