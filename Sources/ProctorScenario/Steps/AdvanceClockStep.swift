import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `advanceClock`: the scenario's clock moves forward.
struct AdvanceClockStep: ScenarioStep {
    static let name = "advanceClock"
    static let keys = ["months", "days", "hours", "minutes", "seconds"]
    var advance: ClockAdvance

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object(
            Dictionary(uniqueKeysWithValues: keys.map { ($0, ["type": "integer", "minimum": 0, "maximum": 1_000_000] as [String: Any]) }))
        schema["minProperties"] = 1
        schema["anyOf"] = keys.map { ["required": [$0], "properties": [$0: ["minimum": 1]]] }
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.advanceClock(body, pointer)
    }

    var summary: String { "advanceClock \(advance.summary)" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.advance(advance) }
}

extension ScenarioDecoder {
    fileprivate mutating func advanceClock(_ node: JSONNode, _ pointer: JSONPointer) -> AdvanceClockStep? {
        guard let fields = reader.object(node, pointer, what: "advanceClock") else { return nil }
        reader.checkKeys(fields, pointer, allowed: AdvanceClockStep.keys, in: "advanceClock")
        var advance = ClockAdvance()
        var total = 0
        for member in fields.members {
            guard case .integer(let value) = member.value.value, value >= 0, value <= 1_000_000 else {
                reader.report(
                    ProblemCode.scenarioTypeMismatch, "'\(member.key)' is a whole number from 0 to 1000000", member.value,
                    pointer.appending(member.key))
                continue
            }
            total += Int(value)
            switch member.key {
            case "months": advance.months = Int(value)
            case "days": advance.days = Int(value)
            case "hours": advance.hours = Int(value)
            case "minutes": advance.minutes = Int(value)
            default: advance.seconds = Int(value)
            }
        }
        if total == 0 && fields.members.allSatisfy({ if case .integer = $0.value.value { true } else { false } }) {
            reader.report(
                ProblemCode.scenarioMissingValue,
                "advanceClock moves the clock forward: give at least one of \(AdvanceClockStep.keys.joined(separator: ", "))", node, pointer)
            return nil
        }
        return AdvanceClockStep(advance: advance)
    }
}
