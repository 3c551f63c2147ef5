import ProctorEngine

/// The rules of other scopes that a scenario also judges, on what its Home Screen and URL steps
/// touch (issue 33, item 5), as it judges the payload rules on a donation: the engine builds the
/// findings, each step only says which of them it shows.
package enum LaunchDoorRulesInScenarios {
    /// The rules on the Info.plist's `UIApplicationShortcutItems`: a scenario shows their findings
    /// at the first step that touches the entry (a `tapQuickAction` of it, or, for the count, a
    /// tap on an action the menu does not show and a `setShortcutItems` past a full menu).
    package static let quickActions: Set<String> = [
        QuickActionCountRule.description.id, QuickActionIconTypeRule.description.id, QuickActionRequiredKeysRule.description.id,
    ]
    /// Those that judge one entry alone, and so also judge an item the app sets in `shortcutItems`
    /// (`setShortcutItems`): its type, title and icon. The count is the Info.plist's.
    package static let quickActionItem: Set<String> = [QuickActionIconTypeRule.description.id, QuickActionRequiredKeysRule.description.id]
    package static let quickActionCount = QuickActionCountRule.description.id
    /// Judges a route the scenario's `openURL` reaches with a scheme the Info.plist does not declare,
    /// as it judges a URL route of the app's code.
    package static let urlSchemeDeclared = SourceURLSchemeDeclaredRule.description.id

    package static var all: Set<String> { quickActions.union([urlSchemeDeclared]) }
}
