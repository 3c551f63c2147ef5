import Dispatch
import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorInputs
import ProctorJSON
import ProctorPayloads
import ProctorReports
import ProctorRules
import ProctorVocabulary

/// How a lint run is set up.
package struct LintOptions: Sendable {
    /// The app's Info.plist, XML or binary; rules that need it are skipped without it.
    package var infoPlistPath: String?
    /// Overrides CFBundleIdentifier and expands $(PRODUCT_BUNDLE_IDENTIFIER) in NSUserActivityTypes.
    package var bundleIdentifier: String?
    /// The clock expiration dates are judged against.
    package var now: Date
    /// Warnings fail the run too.
    package var strict: Bool
    package var limits: JSONLimits
    /// Check files on all cores (the default) or one at a time.
    package var parallel: Bool
    /// Facts about the app besides its Info.plist (deployment target, service names, team).
    package var configuration: AppConfiguration
    /// Files named for what they are (`--entitlements`, `--aasa DOMAIN=PATH`), read besides the paths.
    package var declaredFiles: DeclaredFiles
    /// Which walked files are read (`--include`, `--exclude`, `lint.include` and `lint.exclude`).
    package var filter = PathFilter()
    /// The files the run writes over (its reports, the baseline it records): never read as inputs.
    package var outputs = RunOutputs()
    /// Rule settings for some paths only (`.proctor.json`'s `overrides`).
    package var pathRules = PathRules()
    /// Counts the files checked, for a progress line; nil when nobody shows one.
    package var progress: ProgressCounter?
    /// Whether the Info.plist's own rules judge it in this run. ProctorKit judges an app's
    /// Info.plist once, when it reads it, and not again in every lint of a payload.
    package var judgesAppInfo = true
    /// Rules the project turns off or gives another severity (`.proctor.json`'s `rules`).
    package var rules: RuleSettings {
        didSet { engine = Self.engine(for: rules) }
    }

    /// The rules this run judges with: the built-in engine, or one built once for the settings.
    package private(set) var engine: RuleEngine

    private static func engine(for rules: RuleSettings) -> RuleEngine {
        rules.isEmpty ? BuiltInRules.engine : RuleEngine(BuiltInRules.all, settings: rules)
    }

    package init(
        infoPlistPath: String? = nil, bundleIdentifier: String? = nil, now: Date = Date(), strict: Bool = false,
        limits: JSONLimits = .standard, parallel: Bool = true, configuration: AppConfiguration = AppConfiguration(),
        declaredFiles: DeclaredFiles = DeclaredFiles(), rules: RuleSettings = RuleSettings()
    ) {
        self.configuration = configuration
        self.declaredFiles = declaredFiles
        self.rules = rules
        self.engine = Self.engine(for: rules)
        self.infoPlistPath = infoPlistPath
        self.bundleIdentifier = bundleIdentifier
        self.now = now
        self.strict = strict
        self.limits = limits
        self.parallel = parallel
    }
}

/// The outcome of `proctor lint`: per-file results, sorted by path.
package struct LintResult: Sendable {
    package var files: [FileResult]
    package var appInfo: AppInfo?
    package var options: LintOptions
    /// The files are an app's Swift sources (`proctor scan`): the rules over sources are judged,
    /// and the report says `scan`.
    package var scansSources = false
    /// `.json` files met in a walk that hold no payload of any kind (asset catalogs, package
    /// manifests, animations): left out and counted, never judged.
    package var noPayloadFiles = 0
    /// How many Info.plists the run read: the run's own and those among its paths.
    package var infoPlistCount = 0
    /// What the run judged, by kind, when its caller counts it itself (`proctor scan`: donations,
    /// items, interactions, handlers); nil to count payload files by kind (``LintResult/tallies``).
    package var judged: [RunReport.Tally]?

    package init(files: [FileResult], appInfo: AppInfo?, options: LintOptions, scansSources: Bool = false) {
        self.files = files
        self.appInfo = appInfo
        self.options = options
        self.scansSources = scansSources
    }
}

/// The lint pipeline: the files that describe the app first (its Info.plist), then each payload
/// file in parallel, loaded and handed to the input kind that claims it (``InputKinds``), then
/// the checks that span the whole run. It knows no kind of input by name and never prints;
/// callers render the result with a ``Reporter``.
package enum Linter {
    package static func lint(paths: [String], options: LintOptions) -> LintResult {
        // Load the app's facts first: every payload is checked against them.
        lint(paths: paths, options: options, app: app(options: options))
    }

    /// Lints `paths` against app facts already read (``app(options:)``), with the results of
    /// reading them, which the lint result lists first.
    package static func lint(paths: [String], options: LintOptions, app: (info: AppInfo?, files: [FileResult])) -> LintResult {
        let appInfo = app.info
        var files = app.files

        // Scenario files found in a directory are `proctor run`'s; a file named explicitly is linted.
        // A declared file is read once, even when a directory walk finds it again.
        let declared = options.declaredFiles
        let given = Set(paths.map(DeclaredFiles.normalized))
        // A folder given as the app's entitlements gives its `.entitlements` files, nothing else:
        // `--entitlements iOS` read the asset catalogs' Contents.json beside them as donations. A
        // folder given as an association file is an error (declaredFolderErrors), not walked.
        let entitlementFolders = declared.entitlements.filter { !given.contains($0) && Self.isFolder($0) }
        let siteFolders = Set(declared.siteDomains.keys.filter { !given.contains($0) && Self.isFolder($0) })
        var collected = InputFiles.collect(
            paths + declared.paths.filter { !given.contains($0) && !entitlementFolders.contains($0) && !siteFolders.contains($0) },
            selecting: .claimed(by: { InputKinds.claims(path: $0) }), filter: options.filter, leavingOut: options.outputs)
        if !entitlementFolders.isEmpty {
            let entitlements = InputFiles.collect(
                entitlementFolders, selecting: .claimed(by: { $0.hasSuffix(".entitlements") }), filter: options.filter, leavingOut: options.outputs)
            // Two walks: a file both find (by two spellings of one folder) is read once, by the
            // first walk's name.
            let known = Set(collected.inputs.compactMap { FileIdentity(path: $0.path) })
            collected.inputs =
                (collected.inputs + entitlements.inputs.filter { input in FileIdentity(path: input.path).map { !known.contains($0) } ?? true })
                .sorted { $0.path < $1.path }
            collected.errors += entitlements.errors
            collected.notes = (collected.notes + entitlements.notes).sorted { ($0.location, $0.message) < ($1.location, $1.message) }
            collected.filteredOut += entitlements.filteredOut
        }
        // Info.plists among the inputs are app descriptions, each judged on its own; the run's own
        // (--info-plist, app.infoPlist) was read already and is not read again.
        let runPlist = options.infoPlistPath.flatMap { FileIdentity(path: $0) }
        // A property list named for what it is (`--entitlements App/Entitlements.plist`) is read
        // as that kind, not as an Info.plist.
        let isAppDescription = { (input: InputFiles.Input) -> Bool in
            guard !input.isStandardInput, InputKinds.isAppDescription(path: input.path, isWalked: input.isWalked) else { return false }
            let normalized = DeclaredFiles.normalized(input.path)
            return !InputKinds.payloads.contains { $0.claims(declared: normalized, in: declared) }
        }
        let plists = collected.inputs.filter(isAppDescription)
        let readPlists =
            plists.filter { runPlist == nil || FileIdentity(path: $0.path) != runPlist }.count + (appInfo?.isFromInfoPlist == true ? 1 : 0)
        // Their facts join the run's, for the rules across files (the intents an extension supports).
        var plistFacts = RunFacts()
        if !plists.isEmpty {
            collected.inputs.removeAll(where: isAppDescription)
            for plist in plists where runPlist == nil || FileIdentity(path: plist.path) != runPlist {
                var read: AppInfo?
                files.append(InfoPlistInput().readAndJudge(path: plist.path, with: options.engine, now: options.now, keeping: &read))
                if let read { plistFacts.add(read, as: RunFacts.InfoPlists.self) }
            }
        }
        for error in collected.errors {
            var missing = FileResult(path: error.location.file)
            missing.inputErrors = [error]
            files.append(missing)
        }
        for note in collected.notes {
            var skipped = FileResult(path: note.location.file)
            skipped.diagnostics = [note]
            files.append(skipped)
        }
        for error in declaredFolderErrors(declared) {
            var unread = FileResult(path: error.location.file)
            unread.inputErrors = [error]
            files.append(unread)
        }
        if paths.isEmpty == false && collected.inputs.isEmpty && plists.isEmpty && collected.errors.isEmpty {
            var empty = FileResult(path: paths.joined(separator: " "))
            let filtered =
                collected.filteredOut == 0
                ? ""
                : "; the include and exclude patterns left out \(collected.filteredOut) file\(collected.filteredOut == 1 ? "" : "s") or folder\(collected.filteredOut == 1 ? "" : "s")"
            empty.inputErrors = [
                InputError(
                    code: ProblemCode.noInputs,
                    message:
                        "no input files found: donation files (.json, .jsonl), apple-app-site-association files, web pages (.html, .htm), .entitlements files or Info.plist files (*.scenario.json files are played by proctor run)\(filtered)",
                    location: SourceLocation(file: paths[0]))
            ]
            files.append(empty)
        }

        let engine = options.engine
        let run = PayloadRun(
            engine: engine, context: RuleContext(appInfo: appInfo, now: options.now), limits: options.limits,
            parallel: options.parallel, declared: declared)
        let progress = options.progress
        progress?.expect(collected.inputs.count)
        let batches = Parallel.mapBatches(collected.inputs, parallel: options.parallel) { batch in
            var checkers = Checkers(run: run)
            var checked = CheckedBatch()
            checked.files.reserveCapacity(batch.count)
            for input in batch {
                let result = check(input, with: &checkers, limit: options.limits.maximumFileSize, facts: &checked.facts)
                if input.isWalked && result.holdsNoPayload {
                    checked.noPayloadFiles += 1
                } else {
                    checked.files.append(result)
                }
                progress?.advance()
            }
            return checked
        }
        var result = finish(batches, besides: files, appInfo: appInfo, options: options, facts: plistFacts)
        result.infoPlistCount = readPlists
        return result
    }

    /// A folder given for a declared file that yields none: `--entitlements DIR` with no
    /// `.entitlements` file inside read nothing and passed, and `--aasa DOMAIN=DIR` names no file
    /// the domain could serve. Each is an input error at the folder, so the run cannot pass on it.
    static func declaredFolderErrors(_ declared: DeclaredFiles) -> [InputError] {
        var errors: [InputError] = []
        for folder in declared.entitlements where isFolder(folder) {
            // Its own walk, whatever name another walk found its files by.
            let own = InputFiles.collect([folder], selecting: .claimed(by: { $0.hasSuffix(".entitlements") }))
            if own.inputs.isEmpty {
                errors.append(
                    InputError(
                        code: ProblemCode.noInputs,
                        message: "no .entitlements file in this folder, given as the app's entitlements; name the file itself",
                        location: SourceLocation(file: folder)))
            }
        }
        for (path, domain) in declared.siteDomains.sorted(by: { $0.key < $1.key }) where isFolder(path) {
            errors.append(
                InputError(
                    code: ProblemCode.fileUnreadable,
                    message: "the apple-app-site-association file of \(domain) is a folder; give the file it serves",
                    location: SourceLocation(file: path)))
        }
        return errors
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The app's facts the options name: its Info.plist (with the result of reading it, when
    /// there is one), else the bundle identifier alone, with the stated facts applied.
    package static func app(options: LintOptions) -> (AppInfo?, [FileResult]) {
        var files: [FileResult] = []
        var appInfo: AppInfo?
        if let plistPath = options.infoPlistPath {
            let described = AppDescriptionOptions(
                bundleIdentifier: options.bundleIdentifier, deploymentTarget: options.configuration.deploymentTarget)
            if let result = InputKinds.infoPlist.read(path: plistPath, options: described, into: &appInfo) { files.append(result) }
        } else if let bundle = options.bundleIdentifier {
            appInfo = AppInfo(source: "--bundle-identifier", bundleIdentifier: bundle, isFromInfoPlist: false)
        }
        return (options.configuration.apply(to: appInfo), files)
    }

    package static let unusedSuppression = ProblemCode(
        "unused_suppression", severity: .warning, summary: "A donation ignores a rule that finds nothing there; the ignore can be deleted.")
    static let unknownRuleSuppression = ProblemCode(
        "suppression_unknown_rule", severity: .warning, summary: "A donation ignores a rule that does not exist.")

    /// Marks the findings a payload's ignores cover, `ignored: REASON`, counted in every report
    /// but failing nothing; an ignore that covers nothing, or names no rule of the run, is a
    /// warning at its place, as SwiftLint reports a superfluous disable command.
    package static func applySuppressions(_ file: inout FileResult, judged: Set<String>, known: [String]) {
        for suppression in file.suppressions {
            guard known.contains(suppression.rule) else {
                file.diagnostics.append(
                    Diagnostic(
                        code: unknownRuleSuppression, severity: .warning,
                        message:
                            "'\(suppression.rule)' is not a rule\(Suggestion.phrase(for: suppression.rule, among: known)); the ignore covers nothing",
                        location: suppression.location))
                continue
            }
            guard judged.contains(suppression.rule) else { continue }
            var used = false
            for index in file.findings.indices where file.findings[index].suppression == nil && suppression.covers(file.findings[index]) {
                file.findings[index].suppression = Finding.ignoreSuppressionPrefix + suppression.reason
                used = true
            }
            if !used {
                file.diagnostics.append(
                    Diagnostic(
                        code: unusedSuppression, severity: .warning,
                        message:
                            "'\(suppression.rule)' finds nothing \(suppression.line != nil && suppression.scope.isEmpty && file.path.hasSuffix(".swift") ? "on this line" : "in this donation"); delete the ignore",
                        location: suppression.location))
            }
        }
    }

    /// A file already in memory, for the conformance runner and for embedding Proctor. Its path
    /// says which kind reads it (`.jsonl`: donations, one per line) and is printed in reports.
    package struct InMemoryFile: Sendable {
        package var path: String
        package var bytes: [UInt8]

        package init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// Lints files held in memory against the given app facts.
    package static func lint(files: [InMemoryFile], appInfo: AppInfo?, options: LintOptions) -> LintResult {
        let appInfo = options.configuration.apply(to: appInfo)
        let run = PayloadRun(
            engine: options.engine, context: RuleContext(appInfo: appInfo, now: options.now), limits: options.limits,
            parallel: options.parallel, declared: options.declaredFiles)
        var checkers = Checkers(run: run)
        var checked = CheckedBatch()
        checked.files.reserveCapacity(files.count)
        for file in files.sorted(by: { $0.path < $1.path }) {
            checked.files.append(checkers.check(bytes: file.bytes, path: file.path, facts: &checked.facts))
        }
        return finish([checked], besides: [], appInfo: appInfo, options: options)
    }

    /// One checker per payload kind for one thread, made when the thread meets the kind's first
    /// file: checkers keep parsers and buffers from one file to the next.
    struct Checkers {
        let run: PayloadRun
        private var checkers: [(any PayloadChecker)?]

        init(run: PayloadRun) {
            self.run = run
            self.checkers = Array(repeating: nil, count: InputKinds.payloads.count)
        }

        mutating func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
            let kind = InputKinds.payloadKind(forPath: path, declared: run.declared)
            let checker = checkers[kind] ?? InputKinds.payloads[kind].makeChecker(for: run)
            checkers[kind] = checker
            return checker.check(bytes: bytes, path: path, facts: &facts)
        }
    }

    /// What one batch of consecutive files produced: a result per file, in order, and the facts
    /// of them all. One `RunFacts` per batch rather than per file spares an allocation per file
    /// and leaves the thread that finishes the run a merge per batch.
    struct CheckedBatch: Sendable {
        var files: [FileResult] = []
        var facts = RunFacts()
        /// Walked files left out as no payload of their kind.
        var noPayloadFiles = 0
    }

    /// The checks that span the run, then sorting: the end of the pipeline for both entry points.
    /// `batches` are in path order (both entry points sort their inputs).
    private static func finish(
        _ batches: consuming [CheckedBatch], besides other: [FileResult], appInfo: AppInfo?, options: LintOptions,
        facts earlier: RunFacts = RunFacts()
    ) -> LintResult {
        var facts = earlier
        facts.reserveCapacity(toAppend: batches.map(\.facts))
        var files = other
        files.reserveCapacity(other.count + batches.reduce(0) { $0 + $1.files.count })
        let noPayloadFiles = batches.reduce(0) { $0 + $1.noPayloadFiles }
        let firstChecked = files.count
        for index in batches.indices {
            facts.append(batches[index].facts)
            // Moved out rather than copied: a copy retains every string and array of every
            // result, once per file, on the one thread that finishes the run. Reversed in place
            // (a swap of each pair, no retain), then popped from the end, each result moves once.
            batches[index].files.reverse()
            while let result = batches[index].files.popLast() { files.append(result) }
        }
        let context = RuleContext(appInfo: appInfo, now: options.now)
        // Rules over the whole run locate their own violations, across files.
        let unlocated = { (pointer: JSONPointer) in SourceLocation(file: "", pointer: pointer.description) }
        var runFindings: [Finding] = []
        let engine = options.engine
        engine.rules(judging: RunFacts.self).judge(facts, in: context, locate: unlocated, into: &runFindings)
        let changeRules = engine.rules(judging: ItemReferenceChange.self)
        for change in facts.itemReferenceChanges() {
            changeRules.judge(change, in: context, locate: unlocated, into: &runFindings)
        }
        for finding in runFindings {
            if let index = firstIndex(ofPath: finding.location.file, in: files, from: firstChecked) {
                files[index].findings.append(finding)
            }
        }
        if let appInfo, options.judgesAppInfo { InputKinds.infoPlist.judge(appInfo, with: engine, in: context, into: &files) }
        if !options.pathRules.isEmpty {
            for index in files.indices { options.pathRules.apply(to: &files[index]) }
        }
        if files.contains(where: { !$0.suppressions.isEmpty }) {
            // Rules the run did not judge (turned off, or missing the facts they need) cannot
            // find anything; an ignore of one is not unused, only idle.
            let judged = engine.descriptions.filter { $0.unmetRequirement(appInfo) == nil }.map(\.id)
            let known = BuiltInRules.descriptions.map(\.id)
            for index in files.indices where !files[index].suppressions.isEmpty {
                Self.applySuppressions(&files[index], judged: Set(judged), known: known)
            }
        }
        for index in files.indices where files[index].hasProblems { sortProblems(&files[index]) }
        // Inputs arrive sorted, so the sort is usually skipped; when it runs it is the same stable sort.
        if !isSortedByPath(files) { files.sort { $0.path < $1.path } }
        var result = LintResult(files: files, appInfo: appInfo, options: options)
        result.noPayloadFiles = noPayloadFiles
        return result
    }

    package static var jsonLinesChunkKilobytes: Int { JSONLinesSplit().chunkBytes >> 10 }

    private static func check(_ input: InputFiles.Input, with checkers: inout Checkers, limit: Int, facts: inout RunFacts) -> FileResult {
        switch InputFiles.load(input, limit: limit) {
        case .failure(let error):
            var result = FileResult(path: input.path)
            result.inputErrors = [error]
            return result
        case .success(let bytes):
            return checkers.check(bytes: bytes, path: input.path, facts: &facts)
        }
    }

    /// The first of `files[start...]` (sorted by path) with this path, by binary search.
    private static func firstIndex(ofPath path: String, in files: [FileResult], from start: Int) -> Int? {
        var low = start
        var high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low < files.count && files[low].path == path ? low : nil
    }

    private static func isSortedByPath(_ files: [FileResult]) -> Bool {
        var index = 1
        while index < files.count {
            if files[index].path < files[index - 1].path { return false }
            index += 1
        }
        return true
    }

    package static func sortProblems(_ result: inout FileResult) {
        ProctorCore.sortProblems(&result.inputErrors, &result.diagnostics, &result.findings)
    }
}
