import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `setShortcutItems`: the app sets its dynamic Home Screen quick actions,
/// `UIApplication.shared.shortcutItems = [...]`, replacing those it set before (UIKit,
/// "shortcutItems": "Set this property to register an array of dynamic quick actions"). They
/// show after the Info.plist's static ones (docs/system-model.md, "Home Screen quick actions").
/// Each item is judged by the quick-action rules that judge one item (an empty type or title, an
/// icon type that names no system icon), at the step, as a donation is.
struct SetShortcutItemsStep: ScenarioStep, StepOnOneDevice {
    static let name = "setShortcutItems"
    static let keys = ["device", "items"]
    static let itemKeys = ["type", "title", "subtitle", "iconType", "userInfo"]
    var device: Int
    var items: [DynamicShortcutItem]
    /// Where the items are in the scenario, for their findings.
    var pointer: JSONPointer

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device,
                "items": [
                    "type": "array",
                    "description": "The UIApplicationShortcutItems the app sets, in order; an empty array removes them.",
                    "items": ScenarioSchema.object(
                        [
                            "type": [
                                "type": "string",
                                "description":
                                    "UIApplicationShortcutItem.type: what the app's handler tells actions apart by (empty is quick_action_required_keys).",
                            ],
                            "title": [
                                "type": "string", "description": "localizedTitle, shown on the Home Screen (empty is quick_action_required_keys).",
                            ],
                            "subtitle": ["type": "string"],
                            "iconType": [
                                "type": "string",
                                "description":
                                    "The icon's UIApplicationShortcutIcon.IconType, spelt as the Info.plist spells it (UIApplicationShortcutIconTypeCompose); judged by quick_action_icon_type.",
                            ],
                            "userInfo": ScenarioSchema.ref("userInfo", "The item's userInfo, in the donation encoding."),
                        ], required: ["type", "title"]),
                ],
            ], required: ["items"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.appOnDevice(fields, body, pointer, context: context, for: "set quick actions")
        let at = pointer.appending("items")
        guard let elements = decoder.reader.required(fields, "items", body, pointer).flatMap({ decoder.reader.array($0, at) }) else { return nil }
        var items: [DynamicShortcutItem] = []
        for (index, element) in elements.enumerated() {
            let itemAt = at.appending(index)
            guard let item = decoder.reader.object(element, itemAt, what: "a quick action") else { continue }
            decoder.reader.checkKeys(item, itemAt, allowed: itemKeys, in: "a quick action")
            // UIKit takes any string for the type and the title: an empty one is the rules' to judge.
            let type = decoder.reader.required(item, "type", element, itemAt).flatMap { decoder.reader.string($0, itemAt.appending("type")) }
            let title = decoder.reader.required(item, "title", element, itemAt).flatMap { decoder.reader.string($0, itemAt.appending("title")) }
            let subtitle = item["subtitle"].flatMap { decoder.reader.string($0.value, itemAt.appending("subtitle")) }
            let iconType = item["iconType"].flatMap { decoder.reader.string($0.value, itemAt.appending("iconType")) }
            var userInfo: [PropertyListEntry] = []
            if let member = item["userInfo"] {
                var donations = decoder.donationDecoder()
                userInfo = donations.decodeUserInfo(member.value, at: itemAt.appending("userInfo")) ?? []
                for diagnostic in donations.diagnostics { decoder.record(diagnostic) }
            }
            if let type, let title {
                items.append(DynamicShortcutItem(type: type, title: title, subtitle: subtitle, iconType: iconType, userInfo: userInfo))
            }
        }
        guard let device, items.count == elements.count else { return nil }
        return SetShortcutItemsStep(device: device, items: items, pointer: at)
    }

    var summary: String {
        items.isEmpty ? "remove the dynamic quick actions" : "set the quick actions \(items.map { "'\($0.type)'" }.joined(separator: ", "))"
    }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.features[AppProcesses.self].dynamicShortcutItems[device] = items
        // The Info.plist's count finding says that dynamic items past a full menu never show.
        let statics = player.scenario.app.info.shortcutItems?.count ?? 0
        player.showQuickActionFindings(
            at: step, entries: [], pastTheLimit: !items.isEmpty && statics >= TapQuickActionStep.shownLimit,
            adding: player.quickActionItemFindings(items, items: pointer))
    }
}
