import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `index`: the app indexes searchable items (`CSSearchableIndex.indexSearchableItems`).
struct IndexStep: ScenarioStep, StepOnOneDevice {
    static let name = "index"
    static let keys = ["device", "items"]
    var device: Int
    var items: [SearchableItem]

    static var schema: [String: Any] {
        ScenarioSchema.object(
            ["device": ScenarioSchema.device, "items": ["type": "array", "items": ScenarioSchema.ref("searchableItem")]], required: ["items"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.indexStep(body, pointer, context: context)
    }

    var summary: String { "index \(items.count) item\(items.count == 1 ? "" : "s")" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.checkRules(items.map { .searchableItem($0) }, at: step)
        player.model.index(items, device: device)
    }
}

extension ScenarioDecoder {
    fileprivate mutating func indexStep(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> IndexStep? {
        guard let fields = reader.object(node, pointer, what: "index") else { return nil }
        reader.checkKeys(fields, pointer, allowed: IndexStep.keys, in: "index")
        let device = deviceReference(fields, pointer, context: context) ?? 0
        if let target = context.device(device), !target.appInstalled {
            reader.report(
                ProblemCode.scenarioInvalidSequence, "the app is not installed on '\(target.name)', so it cannot index there",
                fields["device"]?.value ?? node, pointer.appending("device"))
        }
        guard let member = reader.required(fields, "items", node, pointer), let elements = reader.array(member, pointer.appending("items")) else {
            return nil
        }
        var items: [SearchableItem] = []
        for (index, element) in elements.enumerated() {
            if case .searchableItem(let item)? = decodeDonation(.searchableItem, element, pointer.appending("items").appending(index)) {
                items.append(item)
            }
        }
        return items.count == elements.count ? IndexStep(device: device, items: items) : nil
    }
}
