import Dispatch
import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorFiles
import ProctorJSON
import ProctorRules
import ProctorVocabulary

/// How a lint run is set up.
public struct LintOptions: Sendable {
    /// The app's Info.plist, XML or binary; rules that need it are skipped without it.
    public var infoPlistPath: String?
    /// Overrides CFBundleIdentifier and expands $(PRODUCT_BUNDLE_IDENTIFIER) in NSUserActivityTypes.
    public var bundleIdentifier: String?
    /// The clock expiration dates are judged against.
    public var now: Date
    /// Warnings fail the run too.
    public var strict: Bool
    public var limits: JSONLimits
    /// Check files on all cores (the default) or one at a time.
    public var parallel: Bool
    /// Facts about the app besides its Info.plist (deployment target, service names).
    public var configuration: AppConfiguration

    public init(
        infoPlistPath: String? = nil, bundleIdentifier: String? = nil, now: Date = Date(), strict: Bool = false,
        limits: JSONLimits = .standard, parallel: Bool = true, configuration: AppConfiguration = AppConfiguration()
    ) {
        self.configuration = configuration
        self.infoPlistPath = infoPlistPath
        self.bundleIdentifier = bundleIdentifier
        self.now = now
        self.strict = strict
        self.limits = limits
        self.parallel = parallel
    }
}

/// What one input file produced.
public struct FileResult: Sendable {
    public var path: String
    public var inputErrors: [InputError] = []
    public var diagnostics: [Diagnostic] = []
    public var findings: [Finding] = []
    /// How many donations were decoded and checked.
    public var donationCount = 0
    /// How many donations were left out of the checks for their decoding errors (a document that
    /// is not a donation at all counts as one).
    public var leftOutDonationCount = 0
    /// Whether the rules ran on this file (false when it could not be read or parsed).
    public var wasChecked = false

    public init(path: String) {
        self.path = path
    }
}

/// The outcome of `proctor lint`: per-file results, sorted by path.
public struct LintResult: Sendable {
    public var files: [FileResult]
    public var appInfo: AppInfo?
    public var options: LintOptions
}

/// The lint pipeline: load → decode → check, for each file in parallel, then the checks that span
/// the whole run. It never prints; callers render the result with a ``Reporter``.
public enum Linter {
    public static func lint(paths: [String], options: LintOptions) -> LintResult {
        var files: [FileResult] = []

        // Load the app's facts first: every donation is checked against them.
        var appInfo: AppInfo?
        if let plistPath = options.infoPlistPath {
            let read = InfoPlistReader.read(
                contentsOf: URL(fileURLWithPath: plistPath), displayPath: plistPath, bundleIdentifier: options.bundleIdentifier,
                deploymentTarget: options.configuration.deploymentTarget)
            appInfo = read.appInfo
            if !read.inputErrors.isEmpty || !read.diagnostics.isEmpty {
                var plistResult = FileResult(path: plistPath)
                plistResult.inputErrors = read.inputErrors
                plistResult.diagnostics = read.diagnostics
                files.append(plistResult)
            }
        } else if let bundle = options.bundleIdentifier {
            appInfo = AppInfo(source: "--bundle-identifier", bundleIdentifier: bundle, isFromInfoPlist: false)
        }
        appInfo = options.configuration.apply(to: appInfo)

        // Scenario files found in a directory are `proctor run`'s; a file named explicitly is linted.
        let collected = InputFiles.collect(paths, selecting: .donations)
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
        if paths.isEmpty == false && collected.inputs.isEmpty && collected.errors.isEmpty {
            var empty = FileResult(path: paths.joined(separator: " "))
            empty.inputErrors = [InputError(code: ProblemCode.noInputs, message: "no .json or .jsonl donation files found (*.scenario.json files are played by proctor run)", location: SourceLocation(file: paths[0]))]
            files.append(empty)
        }

        let context = RuleContext(appInfo: appInfo, now: options.now)
        let batches = Parallel.mapBatches(collected.inputs, parallel: options.parallel) { batch in
            let parser = JSONDocumentParser(limits: options.limits)
            var checked = CheckedBatch()
            checked.files.reserveCapacity(batch.count)
            for input in batch {
                checked.files.append(check(input, context: context, parser: parser, parallel: options.parallel, facts: &checked.facts))
            }
            return checked
        }
        return finish(batches, besides: files, appInfo: appInfo, options: options)
    }

    /// A file already in memory, for the conformance runner and for embedding Proctor.
    public struct InMemoryFile: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var isJSONLines: Bool

        public init(path: String, bytes: [UInt8], isJSONLines: Bool) {
            self.path = path
            self.bytes = bytes
            self.isJSONLines = isJSONLines
        }
    }

    /// Lints files held in memory against the given app facts.
    public static func lint(files: [InMemoryFile], appInfo: AppInfo?, options: LintOptions) -> LintResult {
        let appInfo = options.configuration.apply(to: appInfo)
        let context = RuleContext(appInfo: appInfo, now: options.now)
        let parser = JSONDocumentParser(limits: options.limits)
        var checked = CheckedBatch()
        checked.files.reserveCapacity(files.count)
        for file in files.sorted(by: { $0.path < $1.path }) {
            checked.files.append(check(
                bytes: file.bytes, path: file.path, isJSONLines: file.isJSONLines, context: context, parser: parser,
                parallel: options.parallel, facts: &checked.facts))
        }
        return finish([checked], besides: [], appInfo: appInfo, options: options)
    }

    /// What one batch of consecutive files produced: a result per file, in order, and the facts
    /// of them all. One `RunFacts` per batch rather than per file spares an allocation per file
    /// and leaves the thread that finishes the run a merge per batch.
    struct CheckedBatch: Sendable {
        var files: [FileResult] = []
        var facts = RunFacts()
    }

    /// The checks that span the run, then sorting: the end of the pipeline for both entry points.
    /// `batches` are in path order (both entry points sort their inputs).
    private static func finish(
        _ batches: consuming [CheckedBatch], besides other: [FileResult], appInfo: AppInfo?, options: LintOptions
    ) -> LintResult {
        var facts = RunFacts()
        facts.itemIdentifiers.reserveCapacity(batches.reduce(0) { $0 + $1.facts.itemIdentifiers.count })
        facts.relatedIdentifiers.reserveCapacity(batches.reduce(0) { $0 + $1.facts.relatedIdentifiers.count })
        var files = other
        files.reserveCapacity(other.count + batches.reduce(0) { $0 + $1.files.count })
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
        BuiltInRules.engine.rules(judging: RunFacts.self).judge(facts, in: context, locate: unlocated, into: &runFindings)
        let changeRules = BuiltInRules.engine.rules(judging: ItemReferenceChange.self)
        for change in facts.itemReferenceChanges() {
            changeRules.judge(change, in: context, locate: unlocated, into: &runFindings)
        }
        for finding in runFindings {
            if let index = firstIndex(ofPath: finding.location.file, in: files, from: firstChecked) {
                files[index].findings.append(finding)
            }
        }
        if let appInfo, appInfo.isFromInfoPlist { checkInfoPlist(appInfo, in: context, into: &files) }
        for index in files.indices where hasProblems(files[index]) { sortProblems(&files[index]) }
        // Inputs arrive sorted, so the sort is usually skipped; when it runs it is the same stable sort.
        if !isSortedByPath(files) { files.sort { $0.path < $1.path } }
        return LintResult(files: files, appInfo: appInfo, options: options)
    }

    /// Checks the donations in one file's bytes, already in memory; the path is only printed.
    /// Used by `lint` after reading each file, by the conformance runner and by the rule tests.
    public static func check(
        bytes: [UInt8], path: String, isJSONLines: Bool, context: RuleContext, limits: JSONLimits = .standard
    ) -> (FileResult, RunFacts) {
        check(bytes: bytes, path: path, isJSONLines: isJSONLines, context: context, parser: JSONDocumentParser(limits: limits))
    }

    /// The same, with a parser reused across the files of one thread.
    static func check(
        bytes: [UInt8], path: String, isJSONLines: Bool, context: RuleContext, parser: JSONDocumentParser, parallel: Bool = false,
        split: JSONLinesSplit = JSONLinesSplit()
    ) -> (FileResult, RunFacts) {
        var facts = RunFacts()
        let result = check(
            bytes: bytes, path: path, isJSONLines: isJSONLines, context: context, parser: parser, parallel: parallel, split: split,
            facts: &facts)
        return (result, facts)
    }

    /// When a JSON Lines file is split across cores: a single large export would otherwise run on
    /// one core however many there are.
    struct JSONLinesSplit: Sendable {
        /// Files at least this large are split...
        var threshold = 1 << 20
        /// ...into runs of whole lines of about this many bytes, checked on all cores.
        var chunkBytes = 256 << 10
    }

    public static var jsonLinesChunkKilobytes: Int { JSONLinesSplit().chunkBytes >> 10 }

    /// The same, adding the file's facts to `facts`. `parallel` lets a large JSON Lines file be
    /// split across cores; its lines are still reported and collected in order.
    static func check(
        bytes: [UInt8], path: String, isJSONLines: Bool, context: RuleContext, parser: JSONDocumentParser, parallel: Bool,
        split: JSONLinesSplit = JSONLinesSplit(), facts: inout RunFacts
    ) -> FileResult {
        let source = SourceText(bytes: bytes)
        var checker = DocumentChecker(path: path, source: source, context: context)
        // The checker appends to the caller's facts, swapped in and out so they are never copied.
        swap(&checker.facts, &facts)
        defer { swap(&checker.facts, &facts) }
        if !isJSONLines {
            checker.check(parser.parse(source))
        } else if parallel && bytes.count >= split.threshold {
            let chunks = lineChunks(of: source, bytesPerChunk: split.chunkBytes)
            let limits = parser.limits
            let checked = Parallel.map(chunks, parallel: true) { lines in
                var chunkChecker = DocumentChecker(path: path, source: source, context: context)
                JSONDocumentParser(limits: limits).forEachLine(source, lines: lines) { chunkChecker.check($0.result) }
                return chunkChecker
            }
            for chunk in checked { checker.append(chunk) }
        } else {
            parser.forEachLine(source) { checker.check($0.result) }
        }
        var result = checker.result
        // A JSON Lines file with some bad lines still had its other lines checked.
        result.wasChecked = result.inputErrors.isEmpty || checker.checkedDocuments > 0
        return result
    }

    /// Consecutive ranges of line indices, each starting a new range once it spans `bytesPerChunk`.
    static func lineChunks(of source: SourceText, bytesPerChunk: Int) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var first = 0
        for index in source.lineStarts.indices.dropFirst() where source.lineStarts[index] - source.lineStarts[first] >= bytesPerChunk {
            chunks.append(first..<index)
            first = index
        }
        chunks.append(first..<source.lineStarts.count)
        return chunks
    }

    /// Decodes and checks the documents of one file (the whole file, or each line of a JSON
    /// Lines file), gathering what they produce.
    struct DocumentChecker: Sendable {
        let path: String
        let source: SourceText
        let context: RuleContext
        private(set) var result: FileResult
        fileprivate(set) var facts = RunFacts()
        private(set) var checkedDocuments = 0

        init(path: String, source: SourceText, context: RuleContext) {
            self.path = path
            self.source = source
            self.context = context
            self.result = FileResult(path: path)
        }

        mutating func check(_ parsed: Result<JSONNode, JSONInputError>) {
            let root: JSONNode
            switch parsed {
            case .failure(let error):
                result.inputErrors.append(InputError(error, in: source, file: path))
                return
            case .success(let node): root = node
            }
            checkedDocuments += 1
            let (path, source) = (self.path, self.source)
            let locate = { (offset: Int, pointer: JSONPointer) -> SourceLocation in
                SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
            }
            let locatePointer = { (pointer: JSONPointer) -> SourceLocation in
                locate(root.offset(of: pointer), pointer)
            }
            var decoder = DonationDecoder(locate: locate)
            let donations = decoder.decodeDocument(root)
            result.diagnostics += decoder.diagnostics
            result.donationCount += donations.count
            result.leftOutDonationCount += decoder.donationsMet - donations.count
            for decoded in donations {
                donationSubjects.judge(decoded.donation, in: context, locate: locatePointer, into: &result.findings)
                collectFacts(decoded.donation, into: &facts, in: root, source: source, file: path, locate: locatePointer)
            }
        }

        /// Adds what a checker of the lines that follow this one's found.
        mutating func append(_ next: DocumentChecker) {
            result.inputErrors += next.result.inputErrors
            result.diagnostics += next.result.diagnostics
            result.findings += next.result.findings
            result.donationCount += next.result.donationCount
            result.leftOutDonationCount += next.result.leftOutDonationCount
            facts.append(next.facts)
            checkedDocuments += next.checkedDocuments
        }
    }

    private static let donationSubjects = DonationSubjects(BuiltInRules.engine)

    /// Runs the rules about the Info.plist itself, once, and files their findings under the
    /// Info.plist's own result. That result exists only when the Info.plist has something to
    /// report (a decoding problem or a finding), so a clean Info.plist adds no file to the counts
    /// and no suite to the reports; when it exists it counts as checked, and reports list the
    /// Info.plist rules for it.
    private static func checkInfoPlist(_ app: AppInfo, in context: RuleContext, into files: inout [FileResult]) {
        var findings: [Finding] = []
        let locate = { (pointer: JSONPointer) in SourceLocation(file: app.source, line: app.line(of: pointer), pointer: pointer.description) }
        BuiltInRules.engine.rules(judging: AppInfo.self).judge(app, in: context, locate: locate, into: &findings)
        if let index = files.firstIndex(where: { $0.path == app.source }) {
            files[index].findings += findings
            files[index].wasChecked = true
        } else if !findings.isEmpty {
            var result = FileResult(path: app.source)
            result.findings = findings
            result.wasChecked = true
            files.append(result)
        }
    }

    private static func check(
        _ input: InputFiles.Input, context: RuleContext, parser: JSONDocumentParser, parallel: Bool, facts: inout RunFacts
    ) -> FileResult {
        switch InputFiles.load(input, limit: parser.limits.maximumFileSize) {
        case .failure(let error):
            var result = FileResult(path: input.path)
            result.inputErrors = [error]
            return result
        case .success(let bytes):
            return check(
                bytes: bytes, path: input.path, isJSONLines: input.isJSONLines, context: context, parser: parser, parallel: parallel,
                facts: &facts)
        }
    }

    private static func collectFacts(
        _ donation: Donation, into facts: inout RunFacts, in root: JSONNode, source: SourceText, file: String,
        locate: (JSONPointer) -> SourceLocation
    ) {
        func mention(_ identifier: String, _ container: JSONPointer, _ key: String) -> RunFacts.Mention {
            let offset = root.offset(ofMember: key, in: container)
            return RunFacts.Mention(
                identifier: identifier, file: file, position: source.position(ofOffset: offset), container: container, key: key)
        }
        switch donation {
        case .searchableItem(let item):
            if let identifier = item.uniqueIdentifier {
                facts.itemIdentifiers.append(mention(identifier, item.pointer, "uniqueIdentifier"))
            }
        case .userActivity(let activity):
            if let set = activity.contentAttributeSet, let related = set.string("relatedUniqueIdentifier") {
                facts.relatedIdentifiers.append(mention(related, set.pointer, "relatedUniqueIdentifier"))
            }
        case .interaction(let interaction):
            let items = interaction.reservations.compactMap { reservation -> RunFacts.ReservationItemMention? in
                guard let identity = reservation.itemIdentity else { return nil }
                return .init(itemIdentity: identity, itemReference: reservation.itemReference.identity, location: locate(reservation.pointer("itemReference")))
            }
            if !items.isEmpty { facts.reservationDonations.append(items) }
        }
    }


    private static func hasProblems(_ result: FileResult) -> Bool {
        !result.inputErrors.isEmpty || !result.diagnostics.isEmpty || !result.findings.isEmpty
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

    static func sortProblems(_ result: inout FileResult) {
        ProctorCore.sortProblems(&result.inputErrors, &result.diagnostics, &result.findings)
    }
}
