import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

package enum HandoffOfferKind: String, Sendable, CaseIterable {
    /// The app's icon: accepting launches the app with the activity.
    case app
    /// The app is missing (or cannot continue the type): accepting opens `webpageURL` in Safari.
    case safari
    case none
}

package struct HandoffExpectation: Sendable {
    package var device: Int
    package var offer: HandoffOfferKind
    /// The handle of the activity expected to be offered.
    package var activity: String?
}

extension HandoffExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "handoff"

    static var fields: [ScenarioField] {
        [
            .required("device", ScenarioSchema.device),
            .required("offer", ["enum": HandoffOfferKind.allCases.map(\.rawValue)]),
            .optional("activity", ScenarioSchema.nonEmpty("The handle of the offered activity.")),
        ]
    }

    static var constraints: [String: Any] {
        ["not": ["required": ["offer", "activity"], "properties": ["offer": ["const": HandoffOfferKind.none.rawValue]]]]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.handoffExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateHandoff(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the Handoff offer on '\(player.deviceName(device))' is \(offer.rawValue)\(activity.map { " ('\($0)')" } ?? "")"
    }
}

extension ScenarioDecoder {
    mutating func handoffExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> HandoffExpectation? {
        guard let fields = reader.object(node, pointer, what: "a Handoff expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: HandoffExpectation.keys, in: "a Handoff expectation")
        guard reader.required(fields, "device", node, pointer) != nil, let device = deviceReference(fields, pointer, context: context) else {
            return nil
        }
        let offer = reader.required(fields, "offer", node, pointer).flatMap { reader.choice($0, pointer.appending("offer"), HandoffOfferKind.self) }
        var activity: String?
        if let member = fields["activity"] {
            activity = activityReference(member.value, pointer.appending("activity"), context: context, bare: true)
            if activity == nil { return nil }
        }
        guard let offer else { return nil }
        if offer == .none, activity != nil {
            reader.report(
                ProblemCode.scenarioInvalidValue, "no offer has no activity: leave out 'activity', or expect 'app' or 'safari'",
                fields["activity"]!.value, pointer.appending("activity"))
            return nil
        }
        return HandoffExpectation(device: device, offer: offer, activity: activity)
    }
}

extension ScenarioPlayer {
    mutating func evaluateHandoff(_ handoff: HandoffExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        let offer = model.handoffOffer(on: handoff.device)
        let actual = "\(offer.kind.rawValue)\(offer.activity.map { " (activity '\($0.handle)')" } ?? ""): \(offer.reason)"
        let expected = "\(handoff.offer.rawValue)\(handoff.activity.map { " (activity '\($0)')" } ?? "")"
        if offer.kind != handoff.offer {
            problem = ExpectationMismatch(
                "the Handoff offer on '\(deviceName(handoff.device))' is \(offer.kind.rawValue), not \(handoff.offer.rawValue)", expected: expected,
                actual: actual)
        } else if let wanted = handoff.activity, wanted != offer.activity?.handle {
            problem = ExpectationMismatch(
                "the Handoff offer on '\(deviceName(handoff.device))' is activity '\(offer.activity?.handle ?? "")', not '\(wanted)'",
                expected: expected, actual: actual)
        }
        return problem
    }
}
