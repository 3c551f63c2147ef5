import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// `DonationSubjects` walks a donation and hands every subject in it to the rules judging its kind
// (the subjects themselves are in ProctorPayloads' Donations/, where the rules see them).

/// The judges of the payloads of ``InputKinds/others``, by the key that names each kind.
package struct OtherPayloadJudges: Sendable {
    package let keys: [String]
    package let judges: [String: any OtherPayloadJudge]

    init(_ engine: RuleEngine) {
        keys = InputKinds.others.flatMap(\.keys)
        judges = Dictionary(
            uniqueKeysWithValues: InputKinds.others.flatMap { kind in
                let judge = kind.makeJudge(for: engine)
                return kind.keys.map { ($0, judge) }
            })
    }
}

/// Every subject of a donation, handed to the rules judging its kind: an activity (and its
/// attribute set), a searchable item (and its attribute set), an interaction and each of its
/// reservations, the activity of each reservation action, and the titles, search result texts,
/// domain identifiers and expiration dates they hold. `proctor lint` and the scenario
/// player judge donations through this one walk.
package struct DonationSubjects: Sendable {
    private let activities: SubjectRules<UserActivity>
    private let items: SubjectRules<SearchableItem>
    private let titles: SubjectRules<DisplayedTitle>
    private let domains: SubjectRules<DomainIdentifier>
    private let expirations: SubjectRules<ExpirationDate>
    private let attributeSets: SubjectRules<AttributeSet>
    private let results: SubjectRules<SearchResultText>
    private let interactions: SubjectRules<Interaction>
    private let reservations: SubjectRules<Reservation>
    /// The judges of the other payloads a donation file may hold (``InputKinds/others``).
    package let others: OtherPayloadJudges
    package init(_ engine: RuleEngine) {
        others = OtherPayloadJudges(engine)
        activities = engine.rules()
        items = engine.rules()
        titles = engine.rules()
        domains = engine.rules()
        expirations = engine.rules()
        attributeSets = engine.rules()
        results = engine.rules()
        interactions = engine.rules()
        reservations = engine.rules()
    }

    /// Judges `donation`, whose values at `computed` the app computes at run time: a violation
    /// resting on one of them is not reported (``Violation/restsOn``).
    package func judge(
        _ donation: Donation, computed: [JSONPointer] = [], in context: RuleContext, locate: (JSONPointer) -> SourceLocation,
        into findings: inout [Finding]
    ) {
        var context = context
        context.computed = computed
        judgeEach(donation, in: context, locate: locate, into: &findings)
    }

    private func judgeEach(
        _ donation: Donation, in context: RuleContext, locate: (JSONPointer) -> SourceLocation, into findings: inout [Finding]
    ) {
        // Hands a subject to the rules of its type. A property subject is made only when some
        // rule judges its type and the donation has the property; a whole activity or item is
        // handed as it is (borrowed: copying it out of an optional would retain all it holds).
        func hand<Subject>(_ rules: SubjectRules<Subject>, _ subject: Subject) {
            rules.judge(subject, in: context, locate: locate, into: &findings)
        }
        func hand<Subject>(_ rules: SubjectRules<Subject>, ifAny subject: @autoclosure () -> Subject?) {
            guard !rules.isEmpty, let subject = subject() else { return }
            rules.judge(subject, in: context, locate: locate, into: &findings)
        }
        func walk(_ attributes: AttributeSet) {
            hand(attributeSets, attributes)
            hand(titles, ifAny: attributes.title.map { DisplayedTitle(text: $0, owner: attributes.pointer) })
            hand(domains, ifAny: attributes.string("domainIdentifier").map { DomainIdentifier(value: $0, owner: attributes.pointer) })
        }
        func walk(_ activity: UserActivity) {
            hand(activities, activity)
            // Only what Spotlight indexes is searched by its title, keywords and description.
            hand(results, ifAny: activity.isIndexed ? SearchResultText(activity: activity) : nil)
            hand(titles, ifAny: activity.title.map { DisplayedTitle(text: $0, owner: activity.pointer) })
            hand(expirations, ifAny: activity.expirationDate.map { ExpirationDate(date: $0, owner: activity.pointer) })
            if let attributes = activity.contentAttributeSet { walk(attributes) }
        }

        switch donation {
        case .userActivity(let activity):
            walk(activity)
        case .searchableItem(let item):
            hand(items, item)
            hand(expirations, ifAny: item.expirationDate.map { ExpirationDate(date: $0, owner: item.pointer) })
            hand(domains, ifAny: item.domainIdentifier.map { DomainIdentifier(value: $0, owner: item.pointer) })
            if let attributes = item.attributeSet {
                hand(results, ifAny: SearchResultText(attributes: attributes))
                walk(attributes)
            }
        case .interaction(let interaction):
            hand(interactions, interaction)
            for reservation in interaction.reservations { hand(reservations, reservation) }
            // A reservation action's activity is an NSUserActivity like any other: the system
            // launches the app with it, so every activity rule applies to it.
            for reservation in interaction.reservations {
                for action in reservation.actions ?? [] {
                    if let activity = action.userActivity { walk(activity) }
                }
            }
        }
    }
}
