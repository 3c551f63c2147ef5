import ProctorCore
import ProctorJSON

/// The rules of a run, grouped by the kind of subject they judge, and the one place their
/// violations become findings.
///
/// Whoever holds subjects (an input kind's decoder, the lint run, the scenario model) asks the
/// engine once for the rules judging each kind (``rules(judging:)``) and hands each subject to
/// them: an input kind with a new subject type needs no change here. The engine skips a rule whose
/// requirements the app facts do not meet or whose availability leaves the app out, and builds every finding with the rule's own id and
/// severity: no caller chooses either.
package struct RuleEngine: Sendable {
    /// Every rule's description, with its scope, in registration order.
    package let descriptions: [RuleDescription]
    /// One ``SubjectRules`` per subject type, by the type's identity.
    private let groups: [ObjectIdentifier: any Sendable]

    /// The engine of `rules` as a project configures them: a rule turned off is not registered
    /// (its subjects never reach it), and a rule given a severity reports at that severity, in
    /// findings and in the rule metadata of reports alike.
    package init(_ rules: [any Rule], settings: RuleSettings = RuleSettings()) {
        var groups: [ObjectIdentifier: any Sendable] = [:]
        var descriptions: [RuleDescription] = []
        for rule in rules {
            let id = type(of: rule).description.id
            if settings.isOff(id) { continue }
            descriptions.append(Self.register(rule, severity: settings.severity(of: id), in: &groups))
        }
        self.groups = groups
        self.descriptions = descriptions
    }

    private static func register<R: Rule>(_ rule: R, severity: Severity?, in groups: inout [ObjectIdentifier: any Sendable]) -> RuleDescription {
        var description = R.description
        if let severity { description.defaultSeverity = severity }
        description.scope = R.Subject.scope
        let key = ObjectIdentifier(R.Subject.self)
        var group = groups[key] as? SubjectRules<R.Subject> ?? SubjectRules()
        group.append(rule, description)
        groups[key] = group
        return description
    }

    /// The rules that judge subjects of this type, in registration order; none when no rule does.
    package func rules<Subject: RuleSubject>(judging subject: Subject.Type = Subject.self) -> SubjectRules<Subject> {
        groups[ObjectIdentifier(Subject.self)] as? SubjectRules<Subject> ?? SubjectRules()
    }
}

/// The rules judging one type of subject.
///
/// The rules are empty values and their identities sit in a separate array: running a rule touches
/// no reference count, and an identity (a shared string) is read only for a rule that reports.
/// Retaining shared strings for every rule and subject would make the cores contend for the same
/// cache lines.
///
/// `judge` is inlinable so that the modules handing subjects to it (an input kind, the scenario
/// player) get a copy specialised for their subject type: called across modules unspecialised, it
/// looked up the existential's metadata and copied the subject through value witnesses for every
/// call (+6% instructions on the lint benchmark).
package struct SubjectRules<Subject: RuleSubject>: Sendable {
    @usableFromInline var rules: [any Rule<Subject>] = []
    @usableFromInline var identities: [RuleIdentity] = []
    @usableFromInline var requirements: [RuleRequirements] = []
    @usableFromInline var availabilities: [RuleAvailability] = []

    init() {}

    mutating func append(_ rule: some Rule<Subject>, _ description: RuleDescription) {
        rules.append(rule)
        identities.append(description.identity)
        requirements.append(description.requirements)
        availabilities.append(description.availability)
    }

    @inlinable package var isEmpty: Bool { rules.isEmpty }

    /// Judges `subject` with every rule whose requirements `context` meets and whose availability
    /// admits the app's platform and oldest release, appending a finding for each violation.
    /// `locate` says where a pointer into the subject's document is.
    @inlinable package func judge(
        _ subject: Subject, in context: RuleContext, locate: (JSONPointer) -> SourceLocation, into findings: inout [Finding]
    ) {
        for index in rules.indices
        where requirements[index].isSubset(of: context.met) && availabilities[index].admits(context.platform, context.minimumVersion) {
            let violations = rules[index].check(subject, in: context)
            for violation in violations where violation.restsOn.isEmpty || context.knows(violation.restsOn) {
                findings.append(identities[index].finding(violation, locate: locate))
            }
        }
    }
}

extension RuleIdentity {
    /// The finding a violation of this rule makes: the one place findings are built, so a finding
    /// always carries its rule's own id and severity (lowered only for a violation that rests on
    /// an assumption, ``Violation/assumedSeverity``).
    @inlinable func finding(_ violation: Violation, locate: (JSONPointer) -> SourceLocation) -> Finding {
        let location =
            switch violation.place {
            case .pointer(let pointer): locate(pointer)
            case .location(let location): location
            }
        let severity = violation.assumedSeverity.map { Swift.min($0, self.severity) } ?? self.severity
        return Finding(ruleID: id, severity: severity, message: violation.message, location: location)
    }
}

/// What a project says about its rules (`.proctor.json`'s `rules`): each rule off, or at a
/// severity of the project's choosing. Rules it does not name keep their own severity.
package struct RuleSettings: Sendable, Equatable {
    package enum Setting: Sendable, Equatable {
        case off
        case severity(Severity)
    }

    package var settings: [String: Setting]

    package init(_ settings: [String: Setting] = [:]) { self.settings = settings }

    package var isEmpty: Bool { settings.isEmpty }

    package func isOff(_ id: String) -> Bool { settings[id] == .off }

    package func severity(of id: String) -> Severity? {
        if case .severity(let severity)? = settings[id] { return severity }
        return nil
    }
}
