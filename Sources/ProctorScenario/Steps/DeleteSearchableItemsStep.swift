import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `deleteSearchableItems`: items deleted by identifier or by domain (recursive over dotted
/// domains).
struct DeleteSearchableItemsStep: ScenarioStep, StepOnOneDevice {
    static let name = "deleteSearchableItems"
    static let keys = ["device", "identifiers", "domainIdentifiers"]
    var device: Int
    var deletion: SearchableItemDeletion

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "identifiers": ["$ref": "#/$defs/strings", "description": "deleteSearchableItems(withIdentifiers:)"],
            "domainIdentifiers": [
                "$ref": "#/$defs/strings", "description": "deleteSearchableItems(withDomainIdentifiers:), recursive over dotted domains.",
            ],
        ])
        schema["oneOf"] = [["required": ["identifiers"]], ["required": ["domainIdentifiers"]]]
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.deleteSearchableItems(body, pointer, context: context)
    }

    var summary: String { "deleteSearchableItems \(deletion.summary)" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.delete(deletion, device: device) }
}

/// `deleteAllSearchableItems`: every item of the app on the device (`deleteAllSearchableItems`).
struct DeleteAllSearchableItemsStep: ScenarioStep, StepOnOneDevice {
    static let name = "deleteAllSearchableItems"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.onlyDevice }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.deviceOnly(body, pointer, context: context).map { DeleteAllSearchableItemsStep(device: $0) }
    }

    var summary: String { "deleteSearchableItems \(SearchableItemDeletion.all.summary)" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.delete(.all, device: device) }
}

extension ScenarioDecoder {
    fileprivate mutating func deleteSearchableItems(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> DeleteSearchableItemsStep? {
        guard let fields = reader.object(node, pointer, what: "deleteSearchableItems") else { return nil }
        reader.checkKeys(fields, pointer, allowed: DeleteSearchableItemsStep.keys, in: "deleteSearchableItems")
        guard let device = appDevice(fields, node, pointer, context: context) else { return nil }
        switch (fields["identifiers"], fields["domainIdentifiers"]) {
        case (let identifiers?, nil):
            return reader.strings(identifiers.value, pointer.appending("identifiers")).map {
                DeleteSearchableItemsStep(device: device, deletion: .identifiers($0))
            }
        case (nil, let domains?):
            return reader.strings(domains.value, pointer.appending("domainIdentifiers")).map {
                DeleteSearchableItemsStep(device: device, deletion: .domainIdentifiers($0))
            }
        default:
            reader.report(
                ProblemCode.scenarioInvalidValue,
                "deleteSearchableItems takes either 'identifiers' or 'domainIdentifiers' (use deleteAllSearchableItems to delete everything)", node,
                pointer)
            return nil
        }
    }
}
