import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// The group a rule belongs to; it orders the rule catalogue and the docs.
public enum RuleCategory: String, Codable, CaseIterable, Sendable {
    case activity
    case handoff
    case search
    case location
    case spotlight
    case communication
    case reservation
    case links
    case notifications
    case calendar
    case wallet
    case routing
    case media
}

/// An input shown in a rule's documentation and checked by its tests: a donation file, optional
/// Info.plist facts, and for a failing example the pointers where the rule must report.
public struct RuleExample: Sendable {
    /// The content of the example's file: a donation file (JSON) unless ``fileName`` says
    /// otherwise.
    public var input: String
    /// The name of the example's file, which says which input kind reads it:
    /// `apple-app-site-association` for a site's association file.
    public var fileName = RuleExample.defaultFileName
    /// Info.plist facts as a JSON object, when the rule needs them.
    public var infoPlist: String?
    /// The `--now` clock, RFC 3339; examples default to ``RuleExample/defaultNow``.
    public var now: String
    /// An ``AppConfiguration`` as a JSON object (`{"deploymentTarget": "15.0"}`), when the rule
    /// depends on it.
    public var config: String?
    /// Where a failing example must report, as JSON Pointers; empty for a passing example.
    public var pointers: [String]
    /// The severity a failing example's findings have when it is not the rule's own: a
    /// violation that rests on an assumption (``Violation/assumedSeverity``).
    public var severity: Severity?
    /// `input` is a scenario file (`*.scenario.json`) played by `proctor run`, not a donation
    /// file: for rules only the model can judge (Rules/ScenarioRules.swift). Its pointers point
    /// into the scenario.
    public var isScenario = false
    /// Other files of the run, for a rule across files (an association file beside the page it
    /// claims): each must be clean, and the rule reports in the example's own file.
    public var besides: [File] = []
    public var file: StaticString
    public var line: UInt

    /// A file of an example's run besides its own.
    public struct File: Sendable {
        /// Its path, which says which input kind reads it and, for an association file, which
        /// domain serves it (`example.com/.well-known/apple-app-site-association`).
        public var name: String
        public var content: String

        public init(_ name: String, _ content: String) {
            self.name = name
            self.content = content
        }
    }

    public static let defaultNow = "2026-06-01T12:00:00Z"
    public static let defaultFileName = "example.json"

    public init(
        _ input: String, named fileName: String = RuleExample.defaultFileName, infoPlist: String? = nil, config: String? = nil,
        now: String = RuleExample.defaultNow, besides: [File] = [], at pointers: [String] = [], severity: Severity? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        self.input = input
        self.besides = besides
        self.fileName = fileName
        self.infoPlist = infoPlist
        self.config = config
        self.now = now
        self.pointers = pointers
        self.severity = severity
        self.file = file
        self.line = line
    }

    /// An example that is a whole scenario, with its own app, clock and steps.
    public init(scenario: String, at pointers: [String] = [], file: StaticString = #filePath, line: UInt = #line) {
        self.init(scenario, at: pointers, file: file, line: line)
        self.isScenario = true
    }
}

/// Everything about a rule that is not code: it drives `proctor rules`, `proctor explain`, the
/// pages in docs/rules/, the SARIF rule metadata, the rule tests and the conformance vectors.
public struct RuleDescription: Sendable {
    /// Stable forever, lower_snake_case.
    public var id: String
    /// Short, Title Case.
    public var name: String
    public var category: RuleCategory
    /// Error where Apple documents a requirement, warning for a recommendation or guideline,
    /// note for information.
    public var defaultSeverity: Severity
    /// One sentence, ending with a period.
    public var summary: String
    /// Why the rule exists, with its source.
    public var rationale: String
    /// Where the rule comes from: Apple documentation, headers or talks, and the model's
    /// assumptions where Apple is silent.
    public var sources: [String]
    /// The rule can only be evaluated when an Info.plist is given.
    public var needsInfoPlist: Bool
    /// The rule can only be evaluated when the bundle identifier is known (from the Info.plist or
    /// `--bundle-identifier`).
    public var needsBundleIdentifier: Bool
    /// The rule judges the donation against the app's iOS deployment target and is skipped while
    /// it is unknown (`MinimumOSVersion` in the Info.plist, or `--deployment-target`).
    public var needsDeploymentTarget: Bool
    /// Where the rule's subject comes from, set when the rule is registered (``RuleEngine``) from
    /// the type of subject it judges, so it can never disagree with what the rule checks.
    public package(set) var scope: RuleScope = .payload
    public var passing: [RuleExample]
    public var failing: [RuleExample]

    public init(
        id: String, name: String, category: RuleCategory, defaultSeverity: Severity, summary: String,
        rationale: String, sources: [String], needsInfoPlist: Bool = false, needsBundleIdentifier: Bool = false,
        needsDeploymentTarget: Bool = false,
        passing: [RuleExample],
        failing: [RuleExample]
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.sources = sources
        self.needsInfoPlist = needsInfoPlist
        self.needsBundleIdentifier = needsBundleIdentifier
        self.needsDeploymentTarget = needsDeploymentTarget
        self.passing = passing
        self.failing = failing
    }

    /// The app facts the rule needs, from its `needs…` flags.
    public var requirements: RuleRequirements {
        var requirements: RuleRequirements = []
        if needsInfoPlist { requirements.insert(.infoPlist) }
        if needsBundleIdentifier { requirements.insert(.bundleIdentifier) }
        if needsDeploymentTarget { requirements.insert(.deploymentTarget) }
        return requirements
    }

    /// Why a lint run with these app facts cannot evaluate the rule, or nil when it can: the reason
    /// a report gives for the rule's skipped test cases. The engine skips the rule for the same
    /// reasons (``RuleRequirements/unmet(by:)``).
    public func unmetRequirement(_ appInfo: AppInfo?, scanningSources: Bool = false) -> String? {
        if judgedInScenariosOnly { return "judged only in scenarios, by proctor run" }
        if judgedInSourcesOnly && !scanningSources { return "judged only in Swift sources, by proctor scan" }
        return requirements.unmet(by: RuleRequirements(metBy: appInfo))
    }

    /// Where the rule's page lives, relative to the repository root.
    public var documentationPath: String { "docs/rules/\(id).md" }

    /// The rule judges the Info.plist itself: it runs once per lint run and its findings are
    /// located in the Info.plist, whatever the donations.
    public var judgesInfoPlist: Bool { scope == .infoPlist }

    /// The rule judges what the system model saw while a scenario played (what the app shows
    /// while it donates), which no payload says: its examples are scenarios, and `proctor lint`
    /// never reports it.
    public var judgedInScenariosOnly: Bool { scope == .scenario }

    /// The rule judges an app's Swift sources as a whole (what is donated against what is
    /// handled): its examples are Swift files, and only `proctor scan` reports it.
    public var judgedInSourcesOnly: Bool { scope == .source }
}

/// What a finding says of the rule that made it: its id and severity. Every finding is built by
/// the engine from a violation (``RuleEngine``), so a finding always carries its rule's own
/// severity, or a lower one its violation states an assumption for; the severity is never chosen
/// where a violation is turned into a finding.
public struct RuleIdentity: Sendable {
    public let id: String
    public let severity: Severity
}

extension RuleDescription {
    public var identity: RuleIdentity { RuleIdentity(id: id, severity: defaultSeverity) }
}
