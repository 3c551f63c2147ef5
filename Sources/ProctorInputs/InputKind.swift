import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// The two shapes an input kind takes. A lint run reads the files that describe the app first (its
// Info.plist), since every rule is judged against their facts, then the payloads the app hands the
// system, in parallel. A kind is one folder of this module and one line in `InputKinds`; the
// linter knows no kind by name.

/// What one input file produced.
package struct FileResult: Sendable {
    package var path: String
    package var inputErrors: [InputError] = []
    package var diagnostics: [Diagnostic] = []
    package var findings: [Finding] = []
    /// How many payloads of the file's kind were decoded and judged: a donation file's donations
    /// and the payloads beside them (``OtherPayloadKind``), one for a file that is one payload (a
    /// Wallet pass, a coverage file, a web page), the donations `proctor scan` found in a Swift
    /// file. Reports tally them by the kind that read the file (`judged 3 donations, 1 web page`).
    package var payloadCount = 0
    /// How many payloads were left out of the checks for their decoding errors (a document that
    /// is not a payload at all counts as one).
    package var leftOutPayloadCount = 0
    /// Whether the rules ran on this file (false when it could not be read or parsed).
    package var wasChecked = false
    /// Whether the file held nothing any rule judges: a Swift file `proctor scan` read that
    /// donates, handles and launches nothing. Its report lists no rule cases (an app's thousand
    /// other files made a JUnit report of a hundred thousand passed cases), only that it was read.
    package var heldNothingToJudge = false
    /// Whether the file is no payload of its kind at all (a `.json` file holding an asset
    /// catalog's `Contents.json` or a package manifest): a walk leaves it out and counts it,
    /// while a file named on the command line keeps its errors.
    package var holdsNoPayload = false
    /// The rules the file's payloads accept breaking (`"proctor": {"ignore": ...}`), applied to
    /// its findings once every rule, those across files included, has judged them.
    package var suppressions: [PayloadSuppression] = []

    package init(path: String) {
        self.path = path
    }

    /// Whether the file has anything to report.
    package var hasProblems: Bool { !inputErrors.isEmpty || !diagnostics.isEmpty || !findings.isEmpty }
}

/// A kind of file that carries what the app hands the system: donations today; push payloads,
/// site association files and web pages as they arrive. Its files are found in directory walks by
/// name, read in parallel, and each is decoded and judged on its own (against the app's facts),
/// so that no parsed document outlives its file.
package protocol PayloadInput: Sendable {
    /// What one of its files holds, for messages ("donation").
    var name: String { get }
    /// Whether a file is one of this kind's, by its name: the last component of `path` (a kind
    /// that claims a whole name checks that `path` ends in `/` and the name, or is the name). A
    /// directory walk reads the files some kind claims; a file named on the command line that no
    /// kind claims is read as a donation file (``InputKinds/payloadKind(forPath:declared:)``).
    func claims(path: String) -> Bool
    /// Whether the user named the file at `path` as one of this kind's (`--aasa`, `--entitlements`),
    /// which wins over any claim by name. False unless the kind has such an option.
    func claims(declared path: String, in files: DeclaredFiles) -> Bool
    /// A checker for one thread's share of a run's files: it may keep parsers and buffers from
    /// one file to the next.
    func makeChecker(for run: PayloadRun) -> any PayloadChecker
}

extension PayloadInput {
    package func claims(declared path: String, in files: DeclaredFiles) -> Bool { false }
}

/// Decodes and judges the files of one payload kind, one at a time, on one thread. A class: the
/// run keeps one per kind and thread and calls it for each file, and a value would be copied out
/// of its slot and back for every call.
package protocol PayloadChecker: AnyObject {
    /// Checks one file's bytes, adding what the rules across files need to `facts`. `path` is the
    /// file as reports print it.
    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult
}

/// A kind of payload a donation file may hold beside donations, under a key of its own
/// (`{"notification": {...}}`), so that one file can hold everything a feature hands the system.
/// Registered in ``InputKinds/others``: a payload that is one subject of its rules is an
/// ``EmbeddedPayload`` there, `EmbeddedPayloads<Payload>()`; a kind that needs more (several
/// subjects, facts for the run) conforms itself (`RegionPayloads`).
package protocol OtherPayloadKind: Sendable {
    /// The keys that name its payloads in a donation file (`notification`; `circularRegion` and
    /// `beaconRegion`).
    var keys: [String] { get }
    /// What judges its payloads with the run's rules.
    func makeJudge(for engine: RuleEngine) -> any OtherPayloadJudge
}

/// Decodes and judges the payloads of one ``OtherPayloadKind``.
package protocol OtherPayloadJudge: Sendable {
    /// Decodes `payload` and judges it, adding its diagnostics and findings to `result`; false
    /// when a decoding error left it out of the checks.
    func check(_ payload: OtherPayload, in document: OtherPayloadDocument, into result: inout FileResult, facts: inout RunFacts) -> Bool
}

/// The kind of an ``EmbeddedPayload`` (ProctorPayloads): a payload that is one subject of its
/// rules, registered with one line in ``InputKinds/others``.
package struct EmbeddedPayloads<Payload: EmbeddedPayload>: OtherPayloadKind {
    package init() {}

    package var keys: [String] { [Payload.payloadKey] }

    package func makeJudge(for engine: RuleEngine) -> any OtherPayloadJudge {
        EmbeddedPayloadJudge<Payload>(rules: engine.rules())
    }
}

/// Decodes an ``EmbeddedPayload`` at its key and judges it with the rules on its type.
struct EmbeddedPayloadJudge<Payload: EmbeddedPayload>: OtherPayloadJudge {
    let rules: SubjectRules<Payload>

    func check(_ payload: OtherPayload, in document: OtherPayloadDocument, into result: inout FileResult, facts: inout RunFacts) -> Bool {
        let (subject, diagnostics) = Payload.decode(payload.node, at: payload.pointer.appending(payload.kind), locate: document.locate)
        result.diagnostics += diagnostics
        guard let subject else { return false }
        rules.judge(subject, in: document.context, locate: document.locatePointer, into: &result.findings)
        return true
    }
}

/// The document an embedded payload is read from: how to locate its values, and the run's facts.
package struct OtherPayloadDocument {
    package var context: RuleContext
    package var locate: (Int, JSONPointer) -> SourceLocation
    package var locatePointer: (JSONPointer) -> SourceLocation
}

/// What every payload checker of a run shares.
package struct PayloadRun: Sendable {
    /// The rules, by subject.
    package var engine: RuleEngine
    /// The app's facts and the clock.
    package var context: RuleContext
    package var limits: JSONLimits
    /// Whether one large file may be split across cores.
    package var parallel: Bool
    /// The files the user named for what they are.
    package var declared: DeclaredFiles

    package init(engine: RuleEngine, context: RuleContext, limits: JSONLimits, parallel: Bool, declared: DeclaredFiles = DeclaredFiles()) {
        self.engine = engine
        self.context = context
        self.limits = limits
        self.parallel = parallel
        self.declared = declared
    }
}

/// A kind of file that describes the app: read before any payload, it contributes the facts every
/// rule may consult (`RuleContext.appInfo`), and the rules about the file itself judge it once
/// every fact is known.
package protocol AppDescriptionInput: Sendable {
    /// The file it reads, for messages ("Info.plist").
    var name: String { get }
    /// Reads the file at `path`, adding its facts to `app`. A result when the file has problems
    /// (it cannot be read, a key has the wrong type), nil otherwise.
    func read(path: String, options: AppDescriptionOptions, into app: inout AppInfo?) -> FileResult?
    /// Judges what the file says, once the run's facts are complete, filing findings under the
    /// file's own result in `files` (added when it has findings and no result yet).
    func judge(_ app: AppInfo, with engine: RuleEngine, in context: RuleContext, into files: inout [FileResult])
}

/// What the user states besides the files, which a description may defer to.
package struct AppDescriptionOptions: Sendable {
    /// `--bundle-identifier`: overrides the file's and expands `$(PRODUCT_BUNDLE_IDENTIFIER)`.
    package var bundleIdentifier: String?
    /// `--deployment-target`: used when the file states none.
    package var deploymentTarget: OSVersion?

    package init(bundleIdentifier: String? = nil, deploymentTarget: OSVersion? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.deploymentTarget = deploymentTarget
    }
}

/// A rule a payload accepts breaking, with the reason: it covers the findings of that rule inside
/// the payload (under `scope`, on `line` for a JSON Lines document).
package struct PayloadSuppression: Sendable {
    package var rule: String
    package var reason: String
    /// The payload's pointer: findings at or under it are covered.
    package var scope: String
    /// For a JSON Lines file, the document's line: pointers start again on every line.
    package var line: Int?
    /// Where the rule id is written, for an ignore that covers nothing.
    package var location: SourceLocation

    package init(rule: String, reason: String, scope: String, line: Int?, location: SourceLocation) {
        self.rule = rule
        self.reason = reason
        self.scope = scope
        self.line = line
        self.location = location
    }

    /// Whether the finding is one this suppression covers.
    package func covers(_ finding: Finding) -> Bool {
        guard finding.ruleID == rule, finding.location.file == location.file else { return false }
        if let line, finding.location.line != line { return false }
        let pointer = finding.location.pointer ?? ""
        return scope.isEmpty || pointer == scope || pointer.hasPrefix(scope + "/")
    }
}
