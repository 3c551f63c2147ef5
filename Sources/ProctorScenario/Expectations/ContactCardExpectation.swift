import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// A person's contact card on a device: the app's offers, as an exact list.
package struct ContactCardExpectation: Sendable {
    package var device: Int
    /// A contact identifier, a handle value or a name.
    package var person: String
    package var offers: [ExpectedContactOffer]
}

package struct ExpectedContactOffer: Sendable, Hashable {
    /// The intent class the offer launches the app with.
    package var intent: String
    package var handle: String
    /// nil: the offer has no service name.
    package var serviceName: String?
    /// When given, the offering app's bundle identifier.
    package var app: String?
}

extension ContactCardExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "contactCard"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .required("person", ScenarioSchema.nonEmpty("A contact identifier, a handle value or a name.")),
            .required(
                "offers",
                [
                    "type": "array",
                    "items": ScenarioSchema.object(
                        [
                            "intent": ["enum": ScenarioDecoder.communicationIntentClasses],
                            "handle": ScenarioSchema.nonEmpty("The handle value the offer uses."),
                            "serviceName": [
                                "type": ["string", "null"], "minLength": 1, "description": "The offer's service; absent or null: none.",
                            ],
                            "app": ScenarioSchema.nonEmpty("The offering app's bundle identifier."),
                        ], required: ["intent", "handle"]),
                    "description": "The app's offers on the card, exactly (order aside).",
                ]),
        ]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.contactCardExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateContactCard(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the contact card of '\(person)' on '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func contactCardExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> ContactCardExpectation? {
        guard let fields = reader.object(node, pointer, what: "a contact card expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: ContactCardExpectation.keys, in: "a contact card expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context)
        let person = reader.required(fields, "person", node, pointer).flatMap { reader.nonEmptyString($0, pointer.appending("person")) }
        var offers: [ExpectedContactOffer] = []
        if let member = reader.required(fields, "offers", node, pointer), let elements = reader.array(member, pointer.appending("offers")) {
            for (index, element) in elements.enumerated() {
                let at = pointer.appending("offers").appending(index)
                guard let offer = reader.object(element, at, what: "an expected offer") else { continue }
                reader.checkKeys(offer, at, allowed: Self.contactOfferKeys, in: "an expected offer")
                var intent: String?
                if let value = reader.required(offer, "intent", element, at), let name = reader.string(value, at.appending("intent")) {
                    if Self.communicationIntentClasses.contains(name) {
                        intent = name
                    } else {
                        reader.report(
                            ProblemCode.scenarioInvalidValue,
                            "'\(name)' is not an intent a contact card offers: \(Self.communicationIntentClasses.joined(separator: ", "))\(Suggestion.phrase(for: name, among: Self.communicationIntentClasses))",
                            value, at.appending("intent"))
                    }
                }
                let handle = reader.required(offer, "handle", element, at).flatMap { reader.nonEmptyString($0, at.appending("handle")) }
                // null says "no service", as leaving the key out does (and as in expect.launch).
                let serviceName = offer["serviceName"].flatMap { member -> String? in
                    if case .null = member.value.value { return nil }
                    return reader.nonEmptyString(member.value, at.appending("serviceName"))
                }
                let app = offer["app"].flatMap { reader.nonEmptyString($0.value, at.appending("app")) }
                if let intent, let handle { offers.append(ExpectedContactOffer(intent: intent, handle: handle, serviceName: serviceName, app: app)) }
            }
        }
        guard reader.errorCount == errorsBefore, let device, let person else { return nil }
        return ContactCardExpectation(device: device, person: person, offers: offers)
    }
}

extension ScenarioPlayer {
    func evaluateContactCard(_ card: ContactCardExpectation) -> ExpectationMismatch? {
        let contact = model.siri.contact(card.person, on: card.device)
        let offers = contact?.offers ?? []
        func key(_ intent: String, _ handle: String, _ service: String?) -> String { "\(intent) \(handle) \(service ?? "-")" }
        let expectedKeys = card.offers.map { key($0.intent, $0.handle, $0.serviceName) }.sorted()
        let actualKeys = offers.map { key($0.intentClass, $0.handle, $0.serviceName) }.sorted()
        let wrongApp = card.offers.compactMap(\.app).filter { $0 != scenario.app.bundleIdentifier }
        guard expectedKeys != actualKeys || !wrongApp.isEmpty else { return nil }
        let expected =
            card.offers.isEmpty
            ? "no offers"
            : "offers "
                + card.offers.map { offer in
                    "\(offer.intent) to '\(offer.handle)'\(offer.serviceName.map { " on '\($0)'" } ?? "")\(offer.app.map { " by \($0)" } ?? "")"
                }.joined(separator: ", ")
        let actual =
            contact.map { "the card offers \(describe($0.offers))" }
            ?? "no contact named '\(card.person)' (\(describe(model.siri.contacts(on: card.device))))"
        let message =
            wrongApp.isEmpty
            ? "the contact card of '\(card.person)' on '\(deviceName(card.device))' differs"
            : "the contact card's offers are the app's, '\(scenario.app.bundleIdentifier ?? "")', not \(quoted(wrongApp))"
        return ExpectationMismatch(message, expected: expected, actual: actual)
    }
}
