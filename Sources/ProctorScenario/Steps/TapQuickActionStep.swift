import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `tapQuickAction`: the user touches and holds the app's icon on the Home Screen and taps one
/// of its quick actions, which launches the app with that `UIApplicationShortcutItem`, routed by
/// the routes' `shortcutItemTypes` (docs/system-model.md, "Home Screen quick actions").
struct TapQuickActionStep: ScenarioStep, StepOnOneDevice {
    static let name = "tapQuickAction"
    static let keys = ["device", "type"]
    var device: Int
    var type: String

    /// How many quick actions the Home Screen shows: "iOS 9 displays up to four Home screen quick
    /// actions for your app. Within this limit, the system shows your static quick actions first"
    /// (Adopting 3D Touch on iPhone). Assumption: later versions keep the limit and the order.
    static let shownLimit = 4

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device,
                "type": ScenarioSchema.nonEmpty("The quick action's type (UIApplicationShortcutItemType, or a dynamic item's type)."),
            ], required: ["type"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.appOnDevice(fields, body, pointer, context: context, for: "show the app's quick actions")
        let type = decoder.reader.required(fields, "type", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("type")) }
        guard let device, let type else { return nil }
        return TapQuickActionStep(device: device, type: type)
    }

    var summary: String { "tap the quick action '\(type)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.tapQuickAction(step, device: device, type: type) }
}

/// A quick action the Home Screen can show: a static one of the Info.plist or a dynamic one.
struct ShownQuickAction {
    var type: String
    var title: String
    var isStatic: Bool
    var userInfo: [PropertyListEntry]
    /// A static item's index in the Info.plist's `UIApplicationShortcutItems`.
    var entry: Int? = nil

    var summary: String { "'\(type)' (\(isStatic ? "static" : "dynamic"))" }
}

extension ScenarioPlayer {
    /// The app's quick actions in the order the Home Screen lists them: the Info.plist's static
    /// ones, then the dynamic ones the app set on `device`. Assumption: a static entry without a
    /// type or a title (both required, Information Property List, "UIApplicationShortcutItems")
    /// is not shown. Of a static item's `userInfo` the model knows the keys, not the values.
    func quickActions(on device: Int) -> [ShownQuickAction] {
        let statics = (scenario.app.info.shortcutItems ?? []).enumerated().compactMap { index, item -> ShownQuickAction? in
            guard let type = item.type, let title = item.title else { return nil }
            let userInfo = item.userInfoKeys.map { PropertyListEntry(key: $0, value: .null, parent: .root) }
            return ShownQuickAction(type: type, title: title, isStatic: true, userInfo: userInfo, entry: index)
        }
        let dynamics = (features[AppProcesses.self].dynamicShortcutItems[device] ?? []).map {
            ShownQuickAction(type: $0.type, title: $0.title, isStatic: false, userInfo: $0.userInfo)
        }
        return statics + dynamics
    }

    fileprivate mutating func tapQuickAction(_ step: Step, device: Int, type: String) {
        let all = quickActions(on: device)
        let shown = Array(all.prefix(TapQuickActionStep.shownLimit))
        guard let item = shown.first(where: { $0.type == type }) else {
            // An item the menu does not show: its own findings, and the count's.
            let hidden = all.first { $0.type == type }
            // A static entry of that type without a title is not shown at all.
            let untitled = (scenario.app.info.shortcutItems ?? []).firstIndex { $0.type == type && $0.title == nil }
            showQuickActionFindings(at: step, entries: Set([hidden?.entry, untitled].compactMap { $0 }), pastTheLimit: hidden != nil)
            let list = shown.isEmpty ? "none" : shown.map(\.summary).joined(separator: ", ")
            let why: String
            if hidden == nil, let untitled {
                why =
                    "the Info.plist's quick action \(untitled + 1) has the type '\(type)' but no UIApplicationShortcutItemTitle, so the Home Screen does not show it"
            } else if let position = all.firstIndex(where: { $0.type == type }) {
                why =
                    "'\(type)' is quick action \(position + 1) of \(all.count), and the Home Screen shows the first \(TapQuickActionStep.shownLimit), the Info.plist's static ones first"
            } else if !appRuns(on: device) && features[AppProcesses.self].dynamicShortcutItems[device] == nil {
                why = "no static quick action has the type '\(type)', and the app has set no dynamic ones on '\(deviceName(device))'"
            } else {
                why = "neither the Info.plist's UIApplicationShortcutItems nor the app's shortcutItems have the type '\(type)'"
            }
            fail(
                .actionFailed, step, order: 1, name: "tap the quick action '\(type)'",
                message: "the Home Screen of '\(deviceName(device))' shows no quick action '\(type)': \(why)",
                expected: "a quick action '\(type)' among those shown", actual: "shown: \(list)")
            return
        }
        showQuickActionFindings(at: step, entries: Set(item.entry.map { [$0] } ?? []), pastTheLimit: false)
        let delivery = Delivery(origin: .quickAction(type: type, isStatic: item.isStatic), activityType: nil, userInfo: item.userInfo)
        var outcome = LaunchRouter.route(delivery, app: scenario.app)
        if case .failed(.noRoute, nil, _) = outcome {
            outcome = .failed(
                .noRoute, route: nil,
                message:
                    "no route takes the quick action '\(type)', so the app opens and shows nothing: add a route with \"shortcutItemTypes\": [\"\(type)\"] for the screen its handler (windowScene(_:performActionFor:completionHandler:), connectionOptions.shortcutItem) opens"
            )
        }
        launch(
            step, device: device, cause: "tapping the quick action '\(item.title)' on '\(deviceName(device))'", delivery: delivery, outcome: outcome)
    }
}
