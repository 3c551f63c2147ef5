import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `showScreen`: the app shows a new view of a screen listing these reservation containers.
struct ShowScreenStep: ScenarioStep, StepOnOneDevice {
    static let name = "showScreen"
    static let keys = ["device", "screen", "reservations"]
    var device: Int
    var screen: String
    var reservations: [String]

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "screen": ScenarioSchema.nonEmpty("The screen's name; every showScreen is a new view."),
                "reservations": [
                    "type": "array", "items": ["type": "string", "minLength": 1],
                    "description": "The reservation containers the view lists (vocabularyIdentifier or spokenPhrase).",
                ],
            ], required: ["screen"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.showScreenStep(body, pointer, number: number, context: &context)
    }

    var summary: String { "show screen '\(screen)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.siri.show(screen: screen, reservations: reservations, device: device, step: step.number)
        player.model.foreground.insert(device)
    }
}

extension ScenarioDecoder {
    fileprivate mutating func showScreenStep(_ node: JSONNode, _ pointer: JSONPointer, number: Int, context: inout StepContext) -> ShowScreenStep? {
        guard let fields = reader.object(node, pointer, what: "showScreen") else { return nil }
        reader.checkKeys(fields, pointer, allowed: ShowScreenStep.keys, in: "showScreen")
        let device = appDevice(fields, node, pointer, context: context)
        let screen = reader.required(fields, "screen", node, pointer).flatMap { reader.nonEmptyString($0, pointer.appending("screen")) }
        var reservations: [String] = []
        if let member = fields["reservations"] {
            guard let names = reader.strings(member.value, pointer.appending("reservations")) else { return nil }
            for (index, name) in names.enumerated() where name.isEmpty {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "a reservation reference must not be empty", member.value,
                    pointer.appending("reservations").appending(index))
            }
            reservations = names
        }
        guard let device, let screen else { return nil }
        context.screens[device] = (screen, number)
        return ShowScreenStep(device: device, screen: screen, reservations: reservations)
    }
}
