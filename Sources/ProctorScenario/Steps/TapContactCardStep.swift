import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `tapContactCard`: the user taps an offer (message, call) on the contact card Siri built from
/// the app's communication donations; the launch that follows is checked.
struct TapContactCardStep: ScenarioStep {
    static let name = "tapContactCard"
    static let keys = ["device", "person", "offer", "serviceName", "handle"]
    var tap: ContactCardTap

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "person": ScenarioSchema.nonEmpty("A contact identifier, a handle value or a name."),
                "offer": ["enum": ContactCardAction.allCases.map(\.rawValue)],
                "serviceName": ScenarioSchema.nonEmpty("Only the offers of this service."),
                "handle": ScenarioSchema.nonEmpty("Only the offers for this handle value."),
            ], required: ["person", "offer"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.tapContactCard(body, pointer, context: context)
    }

    var summary: String { "tap the \(tap.offer.rawValue) offer on the contact card of '\(tap.person)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.tapContactCard(step, tap) }
}

extension ScenarioDecoder {
    fileprivate mutating func tapContactCard(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> TapContactCardStep? {
        guard let fields = reader.object(node, pointer, what: "tapContactCard") else { return nil }
        reader.checkKeys(fields, pointer, allowed: TapContactCardStep.keys, in: "tapContactCard")
        let device = deviceReference(fields, pointer, context: context)
        let person = reader.required(fields, "person", node, pointer).flatMap { reader.nonEmptyString($0, pointer.appending("person")) }
        let offer = reader.required(fields, "offer", node, pointer).flatMap { reader.choice($0, pointer.appending("offer"), ContactCardAction.self) }
        let serviceName = fields["serviceName"].flatMap { reader.nonEmptyString($0.value, pointer.appending("serviceName")) }
        let handle = fields["handle"].flatMap { reader.nonEmptyString($0.value, pointer.appending("handle")) }
        guard let device, let person, let offer else { return nil }
        return TapContactCardStep(tap: ContactCardTap(device: device, person: person, offer: offer, serviceName: serviceName, handle: handle))
    }
}

extension ScenarioPlayer {
    fileprivate mutating func tapContactCard(_ step: Step, _ tap: ContactCardTap) {
        let name = "tap the \(tap.offer.rawValue) offer on the contact card of '\(tap.person)'"
        let contact = model.siri.contact(tap.person, on: tap.device)
        let offers = (contact?.offers ?? []).filter { offer in
            offer.action == tap.offer && tap.serviceName.map { $0 == offer.serviceName } ?? true && tap.handle.map { $0 == offer.handle } ?? true
        }
        guard let contact, let offer = offers.first else {
            var wanted = "a \(tap.offer.rawValue) offer of the app"
            if let service = tap.serviceName { wanted += " for service '\(service)'" }
            if let handle = tap.handle { wanted += " with handle '\(handle)'" }
            let actual =
                contact.map { "the card offers \(describe($0.offers))" }
                ?? "the app taught no contact named '\(tap.person)' on '\(deviceName(tap.device))' (\(describe(model.siri.contacts(on: tap.device))))"
            fail(
                .actionFailed, step, order: 1, name: name,
                message: "the contact card of '\(tap.person)' on '\(deviceName(tap.device))' has no \(wanted.dropFirst(2))", expected: wanted,
                actual: actual)
            return
        }
        pass(step, order: 1, name: name)
        var interaction = DeliveredInteraction(intentClass: offer.intentClass, recipients: [offer.handle])
        interaction.serviceName = offer.serviceName
        let delivery = Delivery(origin: .interaction("the contact card"), activityType: offer.intentClass, userInfo: [], interaction: interaction)
        let cause =
            "tapping the \(tap.offer.rawValue) offer for '\(offer.handle)' on the contact card of '\(contact.name ?? contact.key)' on '\(deviceName(tap.device))'"
        launch(step, device: tap.device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }
}

extension TapContactCardStep: StepOnOneDevice {
    var device: Int { tap.device }
}
