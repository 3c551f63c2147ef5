import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `expect`: expectations about what the system shows at this point (``ScenarioExpectations``), each
/// a test case.
struct ExpectStep: ScenarioStep {
    static let name = "expect"
    static var keys: [String] { ScenarioExpectations.names }
    var expectations: [Expectation]

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object(
            Dictionary(uniqueKeysWithValues: ScenarioExpectations.names.map { ($0, ScenarioSchema.ref("expect." + $0)) }))
        schema["minProperties"] = 1
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.expectations(body, pointer, context: context).map { ExpectStep(expectations: $0) }
    }

    var summary: String { "expect" }

    /// Each expectation is an event of the timeline; the step itself is none.
    static var isOnTimeline: Bool { false }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        for (index, expectation) in expectations.enumerated() { player.evaluate(expectation, at: step, order: index) }
    }
}
