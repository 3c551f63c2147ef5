import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `searchSpotlight`: the user searches Spotlight and taps a result, by title or position; the
/// launch that follows is checked.
struct SearchSpotlightStep: ScenarioStep, StepOnOneDevice {
    static let name = "searchSpotlight"
    static let keys = ["device", "query", "tap"]
    var device: Int
    var query: String
    var tap: SpotlightTap

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "query": ScenarioSchema.query,
                "tap": [
                    "oneOf": [["type": "string", "minLength": 1], ["type": "integer", "minimum": 1, "maximum": 1000]],
                    "description": "The result's title, or its 1-based position.",
                ],
            ], required: ["query", "tap"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.searchSpotlight(body, pointer, context: context)
    }

    var summary: String { "search Spotlight for '\(query)' and tap \(tap.summary)" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.searchAndTap(step, device: device, query: query, tap: tap) }
}

extension ScenarioDecoder {
    fileprivate mutating func searchSpotlight(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> SearchSpotlightStep? {
        guard let fields = reader.object(node, pointer, what: "searchSpotlight") else { return nil }
        reader.checkKeys(fields, pointer, allowed: SearchSpotlightStep.keys, in: "searchSpotlight")
        let device = deviceReference(fields, pointer, context: context) ?? 0
        let query = reader.required(fields, "query", node, pointer).flatMap { self.query($0, pointer.appending("query")) }
        var tap: SpotlightTap?
        if let member = reader.required(fields, "tap", node, pointer) {
            switch member.value {
            case .string(let title) where !title.isEmpty: tap = .title(title)
            case .integer(let position) where position >= 1 && position <= 1000: tap = .position(Int(position))
            default: reader.mismatch("a result's title or its 1-based position", member, pointer.appending("tap"))
            }
        }
        guard let query, let tap else { return nil }
        return SearchSpotlightStep(device: device, query: query, tap: tap)
    }
}

extension ScenarioPlayer {
    fileprivate mutating func searchAndTap(_ step: Step, device: Int, query: String, tap: SpotlightTap) {
        let results = model.search(query, device: device)
        let chosen: SystemModel.SearchResult?
        switch tap {
        case .title(let title): chosen = results.first { $0.title == title }
        case .position(let position): chosen = results.indices.contains(position - 1) ? results[position - 1] : nil
        }
        // The entry of a result just returned is always there; nil would be a model error, and
        // reads as no result rather than a crash.
        guard let chosen, let entry = model.entry(of: chosen, device: device) else {
            fail(
                .actionFailed, step, order: 1, name: "tap \(tap.summary) in Spotlight",
                message: "Spotlight on '\(deviceName(device))' shows no result \(tap.summary) for '\(query)'",
                expected: "a result \(tap.summary)", actual: describe(results))
            return
        }
        pass(step, order: 1, name: "tap \(tap.summary) in Spotlight")
        let delivery: Delivery
        switch entry {
        case .activity(let indexed):
            delivery = Delivery(
                origin: .spotlightActivity(indexed.activity), activityType: indexed.activity.activityType, userInfo: indexed.storedUserInfo,
                webpageURL: indexed.activity.webpageURL)
        case .item(let item):
            delivery = Delivery(
                origin: .spotlightItem, activityType: SystemActivityType.spotlightItem,
                userInfo: [PropertyListEntry(key: SystemActivityType.spotlightIdentifierKey, value: .string(item.identifier), parent: .root)])
        }
        launch(
            step, device: device, cause: "tapping '\(chosen.title)' in Spotlight", delivery: delivery,
            outcome: LaunchRouter.route(delivery, app: scenario.app))
    }
}
