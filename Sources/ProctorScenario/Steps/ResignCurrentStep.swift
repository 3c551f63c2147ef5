import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `resignCurrent`: the activity stops being current (`resignCurrent()`); it stays indexed.
struct ResignCurrentStep: ScenarioStep {
    static let name = "resignCurrent"
    static let keys = ["activity"]
    var handle: String

    static var schema: [String: Any] { ScenarioSchema.object(["activity": ScenarioSchema.activityHandle], required: ["activity"]) }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.activityReference(body, pointer, context: context).map { ResignCurrentStep(handle: $0) }
    }

    var summary: String { "resignCurrent '\(handle)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.resignCurrent(handle: handle) }
}

extension ResignCurrentStep {
    /// An activity's device is the one it became current on.
    func device(on player: ScenarioPlayer) -> Int? { player.model.activities[handle]?.device }
}
