import ProctorAppFacts
import ProctorCore
import ProctorJSON
import ProctorVocabulary

// The subjects a donation payload holds. Rules judge each kind on its own; `DonationSubjects`
// walks a donation and hands every subject in it to the rules judging its kind.

extension UserActivity: RuleSubject { public static var scope: RuleScope { .payload } }
extension SearchableItem: RuleSubject { public static var scope: RuleScope { .payload } }
extension AttributeSet: RuleSubject { public static var scope: RuleScope { .payload } }
extension Interaction: RuleSubject { public static var scope: RuleScope { .payload } }
extension Reservation: RuleSubject { public static var scope: RuleScope { .payload } }

/// The app's Info.plist, for the rules that judge the property list itself.
extension AppInfo: RuleSubject { public static var scope: RuleScope { .infoPlist } }

/// An activity or a searchable item: what Spotlight can show, search and expire. For the rules
/// that judge both alike (title length, domain identifiers, expiration dates).
public enum IndexableContent: RuleSubject, Sendable {
    case activity(UserActivity)
    case item(SearchableItem)

    public static var scope: RuleScope { .payload }
}

/// Every subject of a donation, handed to the rules judging its kind: an activity (and its
/// attribute set), a searchable item (and its attribute set), an interaction and each of its
/// reservations, and the activity of each reservation action. `proctor lint` and the scenario
/// player judge donations through this one walk.
package struct DonationSubjects: Sendable {
    private let activities: SubjectRules<UserActivity>
    private let items: SubjectRules<SearchableItem>
    private let indexable: SubjectRules<IndexableContent>
    private let attributeSets: SubjectRules<AttributeSet>
    private let interactions: SubjectRules<Interaction>
    private let reservations: SubjectRules<Reservation>

    package init(_ engine: RuleEngine) {
        activities = engine.rules()
        items = engine.rules()
        indexable = engine.rules()
        attributeSets = engine.rules()
        interactions = engine.rules()
        reservations = engine.rules()
    }

    package func judge(
        _ donation: Donation, in context: RuleContext, locate: (JSONPointer) -> SourceLocation, into findings: inout [Finding]
    ) {
        switch donation {
        case .userActivity(let activity):
            judge(activity, in: context, locate: locate, into: &findings)
        case .searchableItem(let item):
            items.judge(item, in: context, locate: locate, into: &findings)
            if !indexable.isEmpty { indexable.judge(.item(item), in: context, locate: locate, into: &findings) }
            if let attributes = item.attributeSet { attributeSets.judge(attributes, in: context, locate: locate, into: &findings) }
        case .interaction(let interaction):
            interactions.judge(interaction, in: context, locate: locate, into: &findings)
            for reservation in interaction.reservations {
                reservations.judge(reservation, in: context, locate: locate, into: &findings)
            }
            // A reservation action's activity is an NSUserActivity like any other: the system
            // launches the app with it, so every activity rule applies to it.
            for reservation in interaction.reservations {
                for action in reservation.actions ?? [] {
                    if let activity = action.userActivity { judge(activity, in: context, locate: locate, into: &findings) }
                }
            }
        }
    }

    private func judge(
        _ activity: UserActivity, in context: RuleContext, locate: (JSONPointer) -> SourceLocation, into findings: inout [Finding]
    ) {
        activities.judge(activity, in: context, locate: locate, into: &findings)
        if !indexable.isEmpty { indexable.judge(.activity(activity), in: context, locate: locate, into: &findings) }
        if let attributes = activity.contentAttributeSet { attributeSets.judge(attributes, in: context, locate: locate, into: &findings) }
    }
}
