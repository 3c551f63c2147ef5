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
}

/// An input shown in a rule's documentation and checked by its tests: a donation file, optional
/// Info.plist facts, and for a failing example the pointers where the rule must report.
public struct RuleExample: Sendable {
    /// The content of a donation file (JSON).
    public var input: String
    /// Info.plist facts as a JSON object, when the rule needs them.
    public var infoPlist: String?
    /// The `--now` clock, RFC 3339; examples default to ``RuleExample/defaultNow``.
    public var now: String
    /// An ``AppConfiguration`` as a JSON object (`{"deploymentTarget": "15.0"}`), when the rule
    /// depends on it.
    public var config: String?
    /// Where a failing example must report, as JSON Pointers; empty for a passing example.
    public var pointers: [String]
    /// `input` is a scenario file (`*.scenario.json`) played by `proctor run`, not a donation
    /// file: for rules only the model can judge (Rules/ScenarioRules.swift). Its pointers point
    /// into the scenario.
    public var isScenario = false
    public var file: StaticString
    public var line: UInt

    public static let defaultNow = "2026-06-01T12:00:00Z"

    public init(
        _ input: String, infoPlist: String? = nil, config: String? = nil, now: String = RuleExample.defaultNow,
        at pointers: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) {
        self.input = input
        self.infoPlist = infoPlist
        self.config = config
        self.now = now
        self.pointers = pointers
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
    /// The rule judges the Info.plist itself (an ``InfoPlistRule``): it runs once per run and its
    /// findings are located in the Info.plist, whatever the donations.
    public var judgesInfoPlist: Bool
    public var passing: [RuleExample]
    public var failing: [RuleExample]

    public init(
        id: String, name: String, category: RuleCategory, defaultSeverity: Severity, summary: String,
        rationale: String, sources: [String], needsInfoPlist: Bool = false, needsBundleIdentifier: Bool = false,
        needsDeploymentTarget: Bool = false,
        judgesInfoPlist: Bool = false,
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
        self.judgesInfoPlist = judgesInfoPlist
        self.passing = passing
        self.failing = failing
    }

    /// Why the rule cannot be evaluated with these app facts, or nil when it can.
    public func unmetRequirement(_ appInfo: AppInfo?) -> String? {
        if judgedInScenariosOnly { return "judged only in scenarios, by proctor run" }
        if needsInfoPlist && appInfo?.isFromInfoPlist != true { return "needs --info-plist" }
        if needsBundleIdentifier && appInfo?.bundleIdentifier == nil {
            return "needs the bundle identifier (CFBundleIdentifier in --info-plist, or --bundle-identifier)"
        }
        if needsDeploymentTarget && appInfo?.deploymentTarget == nil {
            return "needs the deployment target (MinimumOSVersion in --info-plist, or --deployment-target)"
        }
        return nil
    }

    /// Where the rule's page lives, relative to the repository root.
    public var documentationPath: String { "docs/rules/\(id).md" }

    /// The rule judges what an app shows while it donates, which only a scenario says: its
    /// examples are scenarios, and `proctor lint` never reports it.
    public var judgedInScenariosOnly: Bool { !failing.isEmpty && (passing + failing).allSatisfy(\.isScenario) }
}

/// What a rule may consult besides the donation.
public struct RuleContext: Sendable {
    public var appInfo: AppInfo?
    /// The clock against which expiration dates are judged.
    public var now: Date

    public init(appInfo: AppInfo?, now: Date) {
        self.appInfo = appInfo
        self.now = now
    }

    /// The app's deployment target, when known; version-dependent rules are skipped without it.
    public var deploymentTarget: OSVersion? { appInfo?.deploymentTarget }
}

/// One place where a rule is not satisfied.
public struct Violation: Sendable {
    public var pointer: JSONPointer
    public var message: String

    public init(_ message: String, at pointer: JSONPointer) {
        self.pointer = pointer
        self.message = message
    }
}

/// A rule that judges one donation at a time.
public protocol DonationRule: Sendable {
    static var description: RuleDescription { get }
    func check(_ donation: Donation, in context: RuleContext) -> [Violation]
}

/// A rule that judges one `NSUserActivity`.
protocol UserActivityRule: DonationRule {
    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation]
}

extension UserActivityRule {
    public func check(_ donation: Donation, in context: RuleContext) -> [Violation] {
        guard case .userActivity(let activity) = donation else { return [] }
        return check(activity, in: context)
    }
}

/// A rule that judges one `CSSearchableItem`.
protocol SearchableItemRule: DonationRule {
    func check(_ item: SearchableItem, in context: RuleContext) -> [Violation]
}

extension SearchableItemRule {
    public func check(_ donation: Donation, in context: RuleContext) -> [Violation] {
        guard case .searchableItem(let item) = donation else { return [] }
        return check(item, in: context)
    }
}

/// A rule that judges one `INInteraction`.
protocol InteractionRule: DonationRule {
    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation]
}

extension InteractionRule {
    public func check(_ donation: Donation, in context: RuleContext) -> [Violation] {
        guard case .interaction(let interaction) = donation else { return [] }
        return check(interaction, in: context)
    }
}

/// A rule that judges each `INReservation` of an `INGetReservationDetailsIntentResponse`.
protocol ReservationRule: InteractionRule {
    func check(_ reservation: Reservation, of interaction: Interaction, in context: RuleContext) -> [Violation]
}

extension ReservationRule {
    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        interaction.reservations.flatMap { check($0, of: interaction, in: context) }
    }
}

/// A rule that judges every attribute set: an activity's `contentAttributeSet` and a searchable
/// item's `attributeSet`.
protocol AttributeSetRule: DonationRule {
    func check(_ attributes: AttributeSet) -> [Violation]
}

extension AttributeSetRule {
    public func check(_ donation: Donation, in context: RuleContext) -> [Violation] {
        switch donation {
        case .userActivity(let activity): activity.contentAttributeSet.map(check) ?? []
        case .searchableItem(let item): item.attributeSet.map(check) ?? []
        case .interaction: []
        }
    }
}

/// Facts that can only be judged across all the inputs of a run, gathered while each file is
/// checked so that no parsed document has to be kept.
public struct RunFacts: Sendable {
    public struct Mention: Sendable {
        public var identifier: String
        let file: String
        let position: SourcePosition
        /// The pointer, as the object holding the identifier and its key: a run keeps one mention
        /// per item, and a pointer string made for each (one allocation apiece, alive until the
        /// end of the run) cost more than the rest of gathering them. It is spelt out only for a
        /// mention a rule reports.
        let container: JSONPointer
        let key: String

        package init(identifier: String, file: String, position: SourcePosition, container: JSONPointer, key: String) {
            self.identifier = identifier
            self.file = file
            self.position = position
            self.container = container
            self.key = key
        }

        /// Where the identifier is written.
        public var location: SourceLocation {
            SourceLocation(file: file, line: position.line, column: position.column, pointer: container.appending(key).description)
        }
    }

    /// Every searchable item's `uniqueIdentifier`, in input order.
    public var itemIdentifiers: [Mention] = []
    /// Every activity's `contentAttributeSet.relatedUniqueIdentifier`, in input order.
    public var relatedIdentifiers: [Mention] = []

    /// A reservation item as one donation describes it.
    public struct ReservationItemMention: Sendable {
        /// ``Reservation/itemIdentity``: what makes two donations describe the same item.
        public var itemIdentity: String
        /// The `itemReference`'s ``SpeakableString/identity``.
        public var itemReference: String
        /// Where the `itemReference` is.
        public var location: SourceLocation

        public init(itemIdentity: String, itemReference: String, location: SourceLocation) {
            self.itemIdentity = itemIdentity
            self.itemReference = itemReference
            self.location = location
        }
    }

    /// The items (with an item identity) of each reservation donation, one entry per donation,
    /// in input order.
    public var reservationDonations: [[ReservationItemMention]] = []

    public init() {}

    package mutating func append(_ other: RunFacts) {
        itemIdentifiers += other.itemIdentifiers
        relatedIdentifiers += other.relatedIdentifiers
        reservationDonations += other.reservationDonations
    }
}

/// A rule that judges the app's Info.plist itself rather than a donation: it runs once per run,
/// when facts were read from `--info-plist`, and its violations point into the property list
/// (`/INIntentsRestrictedWhileLocked/0`). The linter reports them in the Info.plist's file.
public protocol InfoPlistRule: Sendable {
    static var description: RuleDescription { get }
    func check(_ app: AppInfo) -> [Violation]
}

/// What a finding says of the rule that made it: its id and severity. Every finding is built by
/// ``finding(_:at:)``, so a finding always carries its rule's own severity; the severity is never
/// chosen where a violation is turned into a finding.
public struct RuleIdentity: Sendable {
    public let id: String
    public let severity: Severity

    public func finding(_ message: String, at location: SourceLocation) -> Finding {
        Finding(ruleID: id, severity: severity, message: message, location: location)
    }
}

extension RuleDescription {
    public var identity: RuleIdentity { RuleIdentity(id: id, severity: defaultSeverity) }
}

/// A rule that judges the run as a whole (identifiers unique across files, references resolved).
public protocol RunRule: Sendable {
    static var description: RuleDescription { get }
    func check(_ facts: RunFacts) -> [Finding]
}

extension RunRule {
    func finding(_ message: String, at location: SourceLocation) -> Finding {
        Self.description.identity.finding(message, at: location)
    }
}
