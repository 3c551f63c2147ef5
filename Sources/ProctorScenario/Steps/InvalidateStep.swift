import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `invalidate`: the activity is invalidated (`invalidate()`) and can never become current again.
struct InvalidateStep: ScenarioStep {
    static let name = "invalidate"
    static let keys = ["activity"]
    var handle: String

    static var schema: [String: Any] { ScenarioSchema.object(["activity": ScenarioSchema.activityHandle], required: ["activity"]) }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.activityReference(body, pointer, context: context).map { handle in
            context.activities[handle]?.invalidatedAt = number
            return InvalidateStep(handle: handle)
        }
    }

    var summary: String { "invalidate '\(handle)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.model.invalidate(handle: handle) }
}

extension InvalidateStep {
    /// An activity's device is the one it became current on.
    func device(on player: ScenarioPlayer) -> Int? { player.model.activities[handle]?.device }
}
