import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `removeApp`: the user deletes the app from a device. Its device token stops being valid (APNs
/// answers 410 Unregistered from then on), its notifications leave Notification Center, and its
/// entries leave the device's index. Seed 003 (lines 67-70): "they might delete your app ... so
/// then these tokens are no longer valid".
struct RemoveAppStep: ScenarioStep, StepOnOneDevice {
    static let name = "removeApp"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.onlyDevice }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let device = decoder.deviceOnly(body, pointer, context: context) else { return nil }
        context.devices[device].appInstalled = false
        return RemoveAppStep(device: device)
    }

    var summary: String { "remove the app" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.setAppInstalled(false, on: device)
    }
}

/// `installApp`: the user installs the app on a device that does not have it (again). It must
/// register for remote notifications anew, and gets a new token.
struct InstallAppStep: ScenarioStep, StepOnOneDevice {
    static let name = "installApp"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.onlyDevice }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        guard let device = decoder.deviceReference(fields, pointer, context: context), let target = context.device(device) else { return nil }
        guard !target.appInstalled else {
            decoder.reader.report(
                ProblemCode.scenarioInvalidSequence, "the app is already installed on '\(target.name)'", fields["device"]?.value ?? body,
                pointer.appending("device"))
            return nil
        }
        context.devices[device].appInstalled = true
        return InstallAppStep(device: device)
    }

    var summary: String { "install the app" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.setAppInstalled(true, on: device)
    }
}
