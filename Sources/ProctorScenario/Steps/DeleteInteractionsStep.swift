import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `deleteInteractions`: the app deletes donated interactions by identifier or group
/// (`INInteraction.delete(with:)`).
struct DeleteInteractionsStep: ScenarioStep, StepOnOneDevice {
    static let name = "deleteInteractions"
    static let keys = ["device", "identifiers", "groupIdentifier"]
    var device: Int
    var deletion: InteractionDeletion

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "identifiers": ["$ref": "#/$defs/strings", "description": "INInteraction.delete(with identifiers:)"],
            "groupIdentifier": ScenarioSchema.nonEmpty("INInteraction.delete(with groupIdentifier:)"),
        ])
        schema["oneOf"] = [["required": ["identifiers"]], ["required": ["groupIdentifier"]]]
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.deleteInteractions(body, pointer, context: context)
    }

    var summary: String { deletion.summary }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.siri.delete(deletion, device: device) }
}

/// `deleteAllInteractions`: every interaction the app donated on the device
/// (`INInteraction.deleteAll()`).
struct DeleteAllInteractionsStep: ScenarioStep, StepOnOneDevice {
    static let name = "deleteAllInteractions"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.onlyDevice }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.deviceOnly(body, pointer, context: context).map { DeleteAllInteractionsStep(device: $0) }
    }

    var summary: String { InteractionDeletion.all.summary }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.siri.delete(.all, device: device) }
}

extension ScenarioDecoder {
    fileprivate mutating func deleteInteractions(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> DeleteInteractionsStep? {
        guard let fields = reader.object(node, pointer, what: "deleteInteractions") else { return nil }
        reader.checkKeys(fields, pointer, allowed: DeleteInteractionsStep.keys, in: "deleteInteractions")
        guard let device = appDevice(fields, node, pointer, context: context) else { return nil }
        switch (fields["identifiers"], fields["groupIdentifier"]) {
        case (let identifiers?, nil):
            return reader.strings(identifiers.value, pointer.appending("identifiers")).map {
                DeleteInteractionsStep(device: device, deletion: .identifiers($0))
            }
        case (nil, let group?):
            return reader.nonEmptyString(group.value, pointer.appending("groupIdentifier")).map {
                DeleteInteractionsStep(device: device, deletion: .groupIdentifier($0))
            }
        default:
            reader.report(
                ProblemCode.scenarioInvalidValue,
                "deleteInteractions takes either 'identifiers' or 'groupIdentifier' (use deleteAllInteractions to delete everything)", node, pointer)
            return nil
        }
    }
}
