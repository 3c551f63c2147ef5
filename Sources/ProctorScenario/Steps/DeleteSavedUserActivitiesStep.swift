import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `deleteSavedUserActivities`: the app deletes saved activities by `persistentIdentifier`
/// (`NSUserActivity.deleteSavedUserActivities(withPersistentIdentifiers:)`).
struct DeleteSavedUserActivitiesStep: ScenarioStep, StepOnOneDevice {
    static let name = "deleteSavedUserActivities"
    static let keys = ["device", "persistentIdentifiers"]
    var device: Int
    var persistentIdentifiers: [String]

    static var schema: [String: Any] {
        ScenarioSchema.object(
            ["device": ScenarioSchema.device, "persistentIdentifiers": ScenarioSchema.ref("strings")], required: ["persistentIdentifiers"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.appDevice(fields, body, pointer, context: context)
        let identifiers = decoder.reader.required(fields, "persistentIdentifiers", body, pointer).flatMap {
            decoder.reader.strings($0, pointer.appending("persistentIdentifiers"))
        }
        guard let device, let identifiers else { return nil }
        return DeleteSavedUserActivitiesStep(device: device, persistentIdentifiers: identifiers)
    }

    var summary: String { "deleteSavedUserActivities \(persistentIdentifiers.joined(separator: ", "))" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.deleteSavedUserActivities(device: device, persistentIdentifiers: persistentIdentifiers)
    }
}

/// `deleteAllSavedUserActivities`: every saved activity of the app on the device.
struct DeleteAllSavedUserActivitiesStep: ScenarioStep, StepOnOneDevice {
    static let name = "deleteAllSavedUserActivities"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.onlyDevice }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.deviceOnly(body, pointer, context: context).map { DeleteAllSavedUserActivitiesStep(device: $0) }
    }

    var summary: String { "deleteAllSavedUserActivities" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.deleteSavedUserActivities(device: device, persistentIdentifiers: nil) }
}
