import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorRules

// The rules of the app's launch doors that a scenario shows where its steps touch what they judge
// (issue 33, item 5), as it shows a donation's payload findings at its step: the quick-action
// rules on the Info.plist's entries and on the items `setShortcutItems` sets, and
// `source_url_scheme_declared` on a route an `openURL` reaches with a scheme the Info.plist does
// not declare. The engine builds every finding (``LaunchDoorRulesInScenarios``); this file says
// which step shows which.

/// The Info.plist's quick-action findings shown so far: each once, at the first step touching it.
struct ShownQuickActionFindings: FeatureState {
    var shown: Set<Int> = []
}

extension ScenarioPlayer {
    /// Shows the quick-action findings of the Info.plist about `entries` (indices into
    /// `UIApplicationShortcutItems`) and, when the step meets the menu's limit (`pastTheLimit`),
    /// the count's, each at the first step that touches it. Nothing is recorded when there is none.
    mutating func showQuickActionFindings(at step: Step, entries: Set<Int>, pastTheLimit: Bool, adding judged: [Finding] = []) {
        var shown = features[ShownQuickActionFindings.self].shown
        var findings = judged
        for (index, found) in scenario.app.quickActionFindings.enumerated() {
            let touched =
                found.finding.ruleID == LaunchDoorRulesInScenarios.quickActionCount ? pastTheLimit : found.entry.map(entries.contains) ?? false
            if touched && shown.insert(index).inserted { findings.append(found.finding) }
        }
        features[ShownQuickActionFindings.self].shown = shown
        guard !findings.isEmpty || step.action is SetShortcutItemsStep else { return }
        recordFindings(of: step) { _, all in all += findings }
    }

    /// The findings of the rules that judge one quick action alone on the items a
    /// `setShortcutItems` step sets, judged as the Info.plist's entries are (an item in code is
    /// the same `UIApplicationShortcutItem`: a type and a title, both required, and an icon) and
    /// located at the step's items. `items` points at the step's `items` array.
    func quickActionItemFindings(_ set: [DynamicShortcutItem], items: JSONPointer) -> [Finding] {
        var app = AppInfo(source: scenario.app.info.source)
        app.shortcutItems = set.map { AppInfo.ShortcutItem(type: $0.type, title: $0.title, subtitle: $0.subtitle, iconType: $0.iconType) }
        let keys = [
            AppInfo.ShortcutItemKey.type: "type", AppInfo.ShortcutItemKey.title: "title", AppInfo.ShortcutItemKey.subtitle: "subtitle",
            AppInfo.ShortcutItemKey.iconType: "iconType",
        ]
        let locate = self.locate
        var findings: [Finding] = []
        Self.appInfoRules.judge(
            app, in: RuleContext(appInfo: app, now: model.now),
            locate: { pointer in
                // /UIApplicationShortcutItems/i/Key, in the step: /steps/n/setShortcutItems/items/i/key.
                var at = items
                for token in pointer.tokens.dropFirst() { at = at.appending(keys[token] ?? token) }
                return locate(at)
            }, into: &findings)
        return findings.filter { LaunchDoorRulesInScenarios.quickActionItem.contains($0.ruleID) }
    }

    static let appInfoRules = BuiltInRules.engine.rules(judging: AppInfo.self)
    static let urlDoorRules = BuiltInRules.engine.rules(judging: SourceURLDoors.self)

    /// `source_url_scheme_declared` on the routes that take `url`, whose scheme the Info.plist does
    /// not declare: each such route stands for a handler of the app's, judged as the scan judges
    /// one in the code, at the step's URL (`at`). Nothing is recorded when no route takes it.
    mutating func showUndeclaredSchemeFindings(at step: Step, url: String, scheme: String, pointer at: JSONPointer) {
        let routes = scenario.app.routes.filter { $0.urls.contains { URLPattern.matches($0, url) } }
        guard !routes.isEmpty else { return }
        let doors = SourceURLDoors(
            routes: routes.map { SourceURLDoors.Route(scheme: scheme.lowercased(), symbol: "route '\($0.name)'", pointer: at) }, warmOnly: [])
        let locate = self.locate
        recordFindings(of: step) { context, findings in Self.urlDoorRules.judge(doors, in: context, locate: locate, into: &findings) }
    }
}
