import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

/// Donation files: `.json` files holding one donation or an array of them, and `.jsonl` files with
/// one per line, each donation an `NSUserActivity`, a `CSSearchableItem` or an `INInteraction`
/// named by the key that wraps it (docs/input-format.md). Scenario files (`*.scenario.json`) are
/// `proctor run`'s and are left out of walks.
package struct DonationInput: PayloadInput {
    package init() {}

    package var name: String { "donation" }

    package func claims(path: String) -> Bool {
        path.hasSuffix(".jsonl") || (path.hasSuffix(".json") && !path.hasSuffix(InputFiles.scenarioSuffix))
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        DonationChecker(run: run)
    }
}

/// Checks donation files on one thread, reusing one parser; a large JSON Lines file may still be
/// split across cores (``JSONLinesSplit``).
package final class DonationChecker: PayloadChecker {
    let subjects: DonationSubjects
    let context: RuleContext
    let parser: JSONDocumentParser
    let parallel: Bool
    let split: JSONLinesSplit

    package init(run: PayloadRun, split: JSONLinesSplit = JSONLinesSplit()) {
        self.subjects = DonationSubjects(run.engine)
        self.context = run.context
        self.parser = JSONDocumentParser(limits: run.limits)
        self.parallel = run.parallel
        self.split = split
    }

    /// A `.jsonl` file holds one donation per line; any other file, one JSON document.
    package func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        check(bytes: bytes, path: path, isJSONLines: path.hasSuffix(".jsonl"), facts: &facts)
    }

    /// Checks one file's bytes, adding its facts to `facts`. A large JSON Lines file is split
    /// across cores when the run is parallel; its lines are still reported and collected in order.
    func check(bytes: [UInt8], path: String, isJSONLines: Bool, facts: inout RunFacts) -> FileResult {
        let source = SourceText(bytes: bytes)
        var checker = DocumentChecker(path: path, source: source, context: context, subjects: subjects, isJSONLines: isJSONLines)
        // The checker appends to the caller's facts, swapped in and out so they are never copied.
        swap(&checker.facts, &facts)
        defer { swap(&checker.facts, &facts) }
        if !isJSONLines {
            checker.check(parser.parse(source))
        } else if parallel && bytes.count >= split.threshold {
            let chunks = Self.lineChunks(of: source, bytesPerChunk: split.chunkBytes)
            let limits = parser.limits
            let (context, subjects) = (self.context, self.subjects)
            let checked = Parallel.map(chunks, parallel: true) { lines in
                var chunkChecker = DocumentChecker(path: path, source: source, context: context, subjects: subjects, isJSONLines: true)
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
    package static func lineChunks(of source: SourceText, bytesPerChunk: Int) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var first = 0
        for index in source.lineStarts.indices.dropFirst() where source.lineStarts[index] - source.lineStarts[first] >= bytesPerChunk {
            chunks.append(first..<index)
            first = index
        }
        chunks.append(first..<source.lineStarts.count)
        return chunks
    }
}

/// When a JSON Lines file is split across cores: a single large export would otherwise run on
/// one core however many there are.
package struct JSONLinesSplit: Sendable {
    /// Files at least this large are split...
    package var threshold = 1 << 20
    /// ...into runs of whole lines of about this many bytes, checked on all cores.
    package var chunkBytes = 256 << 10

    package init(threshold: Int = 1 << 20, chunkBytes: Int = 256 << 10) {
        self.threshold = threshold
        self.chunkBytes = chunkBytes
    }
}

/// Decodes and checks the documents of one file (the whole file, or each line of a JSON
/// Lines file), gathering what they produce.
struct DocumentChecker: Sendable {
    let path: String
    let source: SourceText
    let context: RuleContext
    let subjects: DonationSubjects
    private(set) var result: FileResult
    var facts = RunFacts()
    private(set) var checkedDocuments = 0

    /// Each line is a document of its own, whose pointers start again: a suppression there
    /// covers its own line only.
    let isJSONLines: Bool

    init(path: String, source: SourceText, context: RuleContext, subjects: DonationSubjects, isJSONLines: Bool = false) {
        self.path = path
        self.source = source
        self.context = context
        self.subjects = subjects
        self.isJSONLines = isJSONLines
        self.result = FileResult(path: path)
    }

    mutating func check(_ parsed: Result<JSONNode, JSONInputError>) {
        let root: JSONNode
        switch parsed {
        case .failure(let error):
            result.inputErrors.append(InputError(error, in: source, file: path))
            // A broken payload still names its kind somewhere; a file that names none (a test
            // fixture of a feed parser, truncated on purpose) is no payload a walk should judge.
            if !isJSONLines && !Self.mentionsPayloadKind(source.bytes, otherKinds: subjects.others.keys) { result.holdsNoPayload = true }
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
        decoder.otherKinds = subjects.others.keys
        if !isJSONLines && !DonationDecoder.isPayloadShaped(root, otherKinds: decoder.otherKinds) { result.holdsNoPayload = true }
        let donations = decoder.decodeDocument(root)
        result.diagnostics += decoder.diagnostics
        result.payloadCount += donations.count
        result.leftOutPayloadCount += decoder.donationsMet - donations.count
        if !decoder.otherPayloads.isEmpty {
            let document = OtherPayloadDocument(context: context, locate: locate, locatePointer: locatePointer)
            for payload in decoder.otherPayloads {
                accept(payload.ignores, under: payload.pointer)
                let checked = subjects.others.judges[payload.kind]!.check(payload, in: document, into: &result, facts: &facts)
                if checked { result.payloadCount += 1 } else { result.leftOutPayloadCount += 1 }
            }
        }
        for decoded in donations {
            accept(decoded.ignores, under: decoded.pointer)
            subjects.judge(decoded.donation, computed: decoded.computed, in: context, locate: locatePointer, into: &result.findings)
            Self.collectFacts(decoded.donation, computed: decoded.computed, into: &facts, in: root, source: source, file: path, locate: locatePointer)
        }
    }

    /// Whether the text holds a kind's name as a JSON string (`"userActivity"`), for a document
    /// that did not parse.
    static func mentionsPayloadKind(_ bytes: [UInt8], otherKinds: [String]) -> Bool {
        (DonationDecoder.kindNames + otherKinds).contains { kind in
            let quoted = Array(("\"" + kind + "\"").utf8)
            // Only a file that failed to parse is searched, once per kind.
            var start = bytes.startIndex
            while let quote = bytes[start...].firstIndex(of: quoted[0]) {
                if bytes[quote...].starts(with: quoted) { return true }
                start = quote + 1
            }
            return false
        }
    }

    /// Records the rules a payload accepts breaking, for the findings under `pointer`.
    private mutating func accept(_ ignores: [DecodedDonation.Ignore], under pointer: JSONPointer) {
        for ignore in ignores {
            result.suppressions.append(
                PayloadSuppression(
                    rule: ignore.rule, reason: ignore.reason, scope: pointer.description,
                    line: isJSONLines ? ignore.location.line : nil, location: ignore.location))
        }
    }

    /// Adds what a checker of the lines that follow this one's found.
    mutating func append(_ next: DocumentChecker) {
        result.inputErrors += next.result.inputErrors
        result.diagnostics += next.result.diagnostics
        result.findings += next.result.findings
        result.suppressions += next.result.suppressions
        result.payloadCount += next.result.payloadCount
        result.leftOutPayloadCount += next.result.leftOutPayloadCount
        facts.append(next.facts)
        checkedDocuments += next.checkedDocuments
    }

    /// What the rules across files need from one donation: identifiers and reservation items with
    /// their locations.
    /// A value the payload marks computed at run time (`proctor.computed`), or one inside it, is
    /// not a fact: two of them are two unknowns, not one identifier.
    private static func collectFacts(
        _ donation: Donation, computed: [JSONPointer], into facts: inout RunFacts, in root: JSONNode, source: SourceText, file: String,
        locate: (JSONPointer) -> SourceLocation
    ) {
        func isKnown(_ values: [JSONPointer]) -> Bool {
            computed.isEmpty || !values.contains { value in computed.contains { value.isWithin($0) || $0.isWithin(value) } }
        }
        func mention(_ identifier: String, _ container: JSONPointer, _ key: String) -> RunFacts.Mention {
            let offset = root.offset(ofMember: key, in: container)
            return RunFacts.Mention(
                identifier: identifier, file: file, position: source.position(ofOffset: offset), container: container, key: key)
        }
        switch donation {
        case .searchableItem(let item):
            if let identifier = item.uniqueIdentifier {
                if isKnown([item.pointer("uniqueIdentifier")]) {
                    facts.add(mention(identifier, item.pointer, "uniqueIdentifier"), as: RunFacts.ItemIdentifiers.self)
                } else {
                    facts.add(file, as: RunFacts.ComputedItemIdentifiers.self)
                }
            }
        case .userActivity(let activity):
            if let set = activity.contentAttributeSet, let related = set.string("relatedUniqueIdentifier"),
                isKnown([set.pointer("relatedUniqueIdentifier")])
            {
                facts.add(mention(related, set.pointer, "relatedUniqueIdentifier"), as: RunFacts.RelatedIdentifiers.self)
            }
        case .interaction(let interaction):
            let items = interaction.reservations.compactMap { reservation -> RunFacts.ReservationItemMention? in
                guard let identity = reservation.itemIdentity, isKnown(reservation.itemIdentitySources) else { return nil }
                return .init(
                    itemIdentity: identity, itemReference: reservation.itemReference.identity, location: locate(reservation.pointer("itemReference")))
            }
            if !items.isEmpty { facts.add(items, as: RunFacts.ReservationDonations.self) }
        }
    }
}
