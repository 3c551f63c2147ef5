import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `donate`: the app donates an interaction (`INInteraction.donate`), from the screen shown last or
/// from the background. Its payload is judged by the payload rules, and what the model saw by the
/// rules about it (a ``ReservationDonatedOnScreen``, ``ItemReferenceChange``s).
struct DonateStep: ScenarioStep, StepOnOneDevice {
    static let name = "donate"
    static let keys = ["device", "interaction", "screen", "background"]
    var device: Int
    var interaction: Interaction
    var background: Bool

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "interaction": ScenarioSchema.ref("interaction", "The INInteraction the app donates."),
                "screen": ScenarioSchema.nonEmpty("The screen the donation comes from: the screen shown last on the device."),
                "background": ["type": "boolean", "description": "Donated from the background, not from a screen."],
            ], required: ["interaction"])
        schema["not"] = ["required": ["screen", "background"], "properties": ["background": ["const": true]]]
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.donateStep(body, pointer, context: context)
    }

    var summary: String { "donate \(interaction.intent.className)\(background ? " from the background" : "")" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let trace = player.model.siri.donate(
            interaction, device: device, step: step.number, background: background, deviceName: player.deviceName(device))
        player.checkRules([.interaction(interaction)], at: step, trace: trace)
    }
}

extension ScenarioDecoder {
    fileprivate mutating func donateStep(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> DonateStep? {
        guard let fields = reader.object(node, pointer, what: "donate") else { return nil }
        reader.checkKeys(fields, pointer, allowed: DonateStep.keys, in: "donate")
        let device = appDevice(fields, node, pointer, context: context)
        let background = fields["background"].flatMap { reader.bool($0.value, pointer.appending("background")) } ?? false
        if let member = fields["screen"], let screen = reader.nonEmptyString(member.value, pointer.appending("screen")) {
            if background {
                reader.report(
                    ProblemCode.scenarioInvalidValue,
                    "a donation from the background comes from no screen: give 'screen' or \"background\": true, not both", member.value,
                    pointer.appending("screen"))
            } else if let device, let deviceName = context.device(device)?.name {
                if let shown = context.screens[device] {
                    if shown.name != screen {
                        reader.report(
                            ProblemCode.scenarioInvalidSequence,
                            "the donation names screen '\(screen)', but the screen shown last on '\(deviceName)' is '\(shown.name)' (step \(shown.step))",
                            member.value, pointer.appending("screen"))
                    }
                } else {
                    reader.report(
                        ProblemCode.scenarioInvalidSequence,
                        "the donation names screen '\(screen)', but no earlier showScreen step shows a screen on '\(deviceName)'", member.value,
                        pointer.appending("screen"))
                }
            }
        }
        guard let payload = reader.required(fields, "interaction", node, pointer) else { return nil }
        guard case .interaction(let interaction)? = decodeDonation(.interaction, payload, pointer.appending("interaction")), let device else {
            return nil
        }
        return DonateStep(device: device, interaction: interaction, background: background)
    }
}
