import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// Whether Maps offered the app for the last `requestDirections`.
package struct DirectionsExpectation: Sendable {
    package var offered: Bool
}

extension DirectionsExpectation: ScenarioExpectation {
    static let name = "directions"

    static var fields: [ScenarioField] {
        [
            .required("offered", ["type": "boolean", "description": "Whether Maps offered the app for the last requestDirections."])
        ]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.directionsExpectation(body, pointer)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateDirections(self)
    }

    func device(on player: ScenarioPlayer) -> Int? { player.device(ofStep: player.features[DirectionsRequests.self].last?.step) }

    func summary(on player: ScenarioPlayer) -> String {
        "Maps \(offered ? "offers" : "does not offer") the app for the last directions request"
    }
}

extension ScenarioDecoder {
    mutating func directionsExpectation(_ node: JSONNode, _ at: JSONPointer) -> DirectionsExpectation? {
        guard let fields = reader.object(node, at, what: "a directions expectation") else { return nil }
        reader.checkKeys(fields, at, allowed: DirectionsExpectation.keys, in: "a directions expectation")
        return reader.required(fields, "offered", node, at).flatMap { reader.bool($0, at.appending("offered")) }.map {
            DirectionsExpectation(offered: $0)
        }
    }
}

extension ScenarioPlayer {
    mutating func evaluateDirections(_ expected: DirectionsExpectation) -> ExpectationMismatch? {
        let wanted = expected.offered ? "offered" : "not offered"
        guard let last = features[DirectionsRequests.self].last else {
            return ExpectationMismatch("no requestDirections step came before this one", expected: wanted, actual: "no request")
        }
        // The refusal of that step is examined here, so the step does not fail on its own.
        examineRefusals { $0.subject == AnyHashable(DirectionsRefusal()) && $0.step.number == last.step }
        let offered = last.refusal == nil
        guard offered != expected.offered else { return nil }
        return ExpectationMismatch(
            "Maps \(offered ? "offers" : "does not offer") the app for the directions of step \(last.step)",
            expected: wanted, actual: last.refusal.map { "not offered: \($0)" } ?? "offered")
    }
}
