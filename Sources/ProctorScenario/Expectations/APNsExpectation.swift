import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// What APNs answered the last `sendPush`: its HTTP status and, when given, its reason.
package struct APNsExpectation: Sendable {
    package var status: Int
    package var reason: String?
}

extension APNsExpectation: ScenarioExpectation {
    static let name = "apns"

    static var fields: [ScenarioField] {
        [
            .required(
                "status", ["type": "integer", "minimum": 100, "maximum": 599, "description": "The HTTP status APNs answered the last sendPush."]),
            .optional("reason", ScenarioSchema.nonEmpty("The reason APNs gave, such as Unregistered or BadDeviceToken.")),
        ]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.apnsExpectation(body, pointer)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateAPNs(self)
    }

    func device(on player: ScenarioPlayer) -> Int? { player.device(ofStep: player.features[PushAnswers.self].lastStep) }

    func summary(on player: ScenarioPlayer) -> String {
        "APNs answers the last push with \(status)\(reason.map { " \($0)" } ?? "")"
    }
}

extension ScenarioDecoder {
    mutating func apnsExpectation(_ node: JSONNode, _ pointer: JSONPointer) -> APNsExpectation? {
        guard let fields = reader.object(node, pointer, what: "an APNs expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: APNsExpectation.keys, in: "an APNs expectation")
        let errorsBefore = reader.errorCount
        var status: Int?
        if let member = reader.required(fields, "status", node, pointer),
            let number = reader.number(member, pointer.appending("status"), expected: "an HTTP status")
        {
            if let whole = Int(exactly: number), (100..<600).contains(whole) {
                status = whole
            } else {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "\(number) is not an HTTP status such as 200 or 410", member, pointer.appending("status"))
            }
        }
        let reason = fields["reason"].flatMap { reader.nonEmptyString($0.value, pointer.appending("reason")) }
        guard let status, reader.errorCount == errorsBefore else { return nil }
        return APNsExpectation(status: status, reason: reason)
    }
}

extension ScenarioPlayer {
    /// The last `sendPush`'s answer; examining it spares it the default check (a refusal fails).
    mutating func evaluateAPNs(_ expected: APNsExpectation) -> ExpectationMismatch? {
        let wanted = expected.reason.map { "\(expected.status) \($0)" } ?? "\(expected.status)"
        guard let index = model.notifications.answers.indices.last else {
            return ExpectationMismatch("no sendPush step sent a notification before this step", expected: wanted, actual: "no request")
        }
        if let last = features[PushAnswers.self].lastStep, model.notifications.answers[index].step != last {
            return ExpectationMismatch(
                "the last sendPush (step \(last)) sent no request: the server had no token", expected: wanted, actual: "no request")
        }
        features[PushAnswers.self].examined.insert(index)
        let answer = model.notifications.answers[index]
        guard answer.status != expected.status || (expected.reason != nil && expected.reason != answer.reason) else { return nil }
        return ExpectationMismatch(
            "APNs answered the push of step \(answer.step) with \(answer.summary), not \(wanted)", expected: wanted,
            actual: "\(answer.summary): \(answer.why)")
    }
}
