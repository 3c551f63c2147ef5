import Foundation
import ProctorCore
import ProctorJSON

/// `terminateApp`: the app stops running on a device — the user swipes it away in the app
/// switcher, or the system ends it in the background to reclaim memory — so the next launch
/// starts it from scratch (docs/system-model.md, "Cold and warm launches").
struct TerminateAppStep: ScenarioStep, StepOnOneDevice {
    static let name = "terminateApp"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.onlyDevice }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        return decoder.appOnDevice(fields, body, pointer, context: context, for: "terminate it").map { TerminateAppStep(device: $0) }
    }

    var summary: String { "terminate the app" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.appTerminated(on: device)
        player.model.foreground.remove(device)
    }
}

extension ScenarioDecoder {
    /// The device of a step that needs the app installed there (`terminateApp`, `tapWidget`,
    /// `tapQuickAction`, `setShortcutItems`): on a device without it the step cannot happen, an
    /// error in the scenario's sequence, as `installApp` of an installed app is.
    mutating func appOnDevice(_ fields: JSONObject, _ body: JSONNode, _ pointer: JSONPointer, context: StepContext, for what: String) -> Int? {
        guard let device = deviceReference(fields, pointer, context: context), let target = context.device(device) else { return nil }
        guard target.appInstalled else {
            reader.report(
                ProblemCode.scenarioInvalidSequence, "'\(target.name)' does not have the app at this step, so nothing can \(what)",
                fields["device"]?.value ?? body, pointer.appending("device"))
            return nil
        }
        return device
    }
}
