import ProctorCore
import ProctorVocabulary

/// The donation rules grouped by what they look at, each with its id and severity read once.
///
/// Calling every rule through `DonationRule.check(_:in:)` copies the activity or item out of the
/// `Donation` once per rule, retaining every string and array it holds; grouping the rules lets
/// the linter unwrap a donation (and its attribute set) once and hand the same value to every
/// rule of its kind. Findings are sorted afterwards, so the order rules run in does not matter.
package struct RuleChecks: Sendable {
    /// Rules of one kind, with their identities in a separate array: the rules are empty values,
    /// so running them touches no reference count, and an identity (a shared string) is read only
    /// for a rule that reports. Retaining shared strings for every rule and donation would make
    /// the cores contend for the same cache lines.
    struct Group<Rule: Sendable>: Sendable {
        var rules: [Rule] = []
        var identities: [RuleIdentity] = []

        mutating func append(_ rule: Rule, _ description: RuleDescription) {
            rules.append(rule)
            identities.append(description.identity)
        }
    }

    private var activityRules = Group<any UserActivityRule>()
    private var itemRules = Group<any SearchableItemRule>()
    private var attributeSetRules = Group<any AttributeSetRule>()
    private var interactionRules = Group<any InteractionRule>()
    /// Rules that look at the donation as a whole (both kinds).
    private var donationRules = Group<any DonationRule>()

    package init(_ rules: [any DonationRule]) {
        for rule in rules {
            // A description holds examples and is too large to copy for every donation.
            let description = type(of: rule).description
            // A rule of both kinds (expiration dates, titles) joins both groups.
            let activityRule = rule as? any UserActivityRule
            let itemRule = rule as? any SearchableItemRule
            if let rule = rule as? any AttributeSetRule {
                attributeSetRules.append(rule, description)
            } else if let rule = rule as? any InteractionRule {
                interactionRules.append(rule, description)
            } else if activityRule != nil || itemRule != nil {
                if let activityRule { activityRules.append(activityRule, description) }
                if let itemRule { itemRules.append(itemRule, description) }
            } else {
                donationRules.append(rule, description)
            }
        }
    }

    /// Runs every rule on `donation` and hands the violations of each rule that found any to
    /// `report`, with the rule's identity to make them findings.
    package func run(
        on donation: Donation, in context: RuleContext, report: (RuleIdentity, [Violation]) -> Void
    ) {
        switch donation {
        case .userActivity(let activity):
            run(on: activity, in: context, report: report)
        case .searchableItem(let item):
            for index in itemRules.rules.indices {
                let violations = itemRules.rules[index].check(item, in: context)
                if !violations.isEmpty { report(itemRules.identities[index], violations) }
            }
            if let attributes = item.attributeSet { run(on: attributes, report: report) }
        case .interaction(let interaction):
            for index in interactionRules.rules.indices {
                let violations = interactionRules.rules[index].check(interaction, in: context)
                if !violations.isEmpty { report(interactionRules.identities[index], violations) }
            }
            // A reservation action's activity is an NSUserActivity like any other: the system
            // launches the app with it, so every activity rule applies to it.
            for reservation in interaction.reservations {
                for action in reservation.actions ?? [] {
                    if let activity = action.userActivity { run(on: activity, in: context, report: report) }
                }
            }
        }
        for index in donationRules.rules.indices {
            let violations = donationRules.rules[index].check(donation, in: context)
            if !violations.isEmpty { report(donationRules.identities[index], violations) }
        }
    }

    private func run(on activity: UserActivity, in context: RuleContext, report: (RuleIdentity, [Violation]) -> Void) {
        for index in activityRules.rules.indices {
            let violations = activityRules.rules[index].check(activity, in: context)
            if !violations.isEmpty { report(activityRules.identities[index], violations) }
        }
        if let attributes = activity.contentAttributeSet { run(on: attributes, report: report) }
    }

    private func run(on attributes: AttributeSet, report: (RuleIdentity, [Violation]) -> Void) {
        for index in attributeSetRules.rules.indices {
            let violations = attributeSetRules.rules[index].check(attributes)
            if !violations.isEmpty { report(attributeSetRules.identities[index], violations) }
        }
    }
}
