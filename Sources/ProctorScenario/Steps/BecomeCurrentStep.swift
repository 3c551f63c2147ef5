import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `becomeCurrent`: the activity named `handle` becomes the device's current activity
/// (`becomeCurrent()`); `activity` is nil when an activity already defined becomes current again.
struct BecomeCurrentStep: ScenarioStep, StepOnOneDevice {
    static let name = "becomeCurrent"
    static let keys = ["activity", "device", "userActivity"]
    var handle: String
    var device: Int
    var activity: UserActivity?

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "activity": ScenarioSchema.activityHandle, "device": ScenarioSchema.device,
                "userActivity": ScenarioSchema.ref("userActivity", "The activity's properties; required the first time the handle becomes current."),
            ], required: ["activity"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.becomeCurrent(body, pointer, number: number, context: &context)
    }

    var summary: String { "becomeCurrent '\(handle)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        if let activity { player.checkRules([.userActivity(activity)], at: step) }
        player.model.becomeCurrent(handle: handle, device: device, activity: activity)
    }
}

extension ScenarioDecoder {
    fileprivate mutating func becomeCurrent(_ node: JSONNode, _ pointer: JSONPointer, number: Int, context: inout StepContext) -> BecomeCurrentStep? {
        guard let fields = reader.object(node, pointer, what: "becomeCurrent") else { return nil }
        reader.checkKeys(fields, pointer, allowed: BecomeCurrentStep.keys, in: "becomeCurrent")
        guard let handle = reader.required(fields, "activity", node, pointer).flatMap({ reader.nonEmptyString($0, pointer.appending("activity")) })
        else { return nil }
        let device = deviceReference(fields, pointer, context: context) ?? 0
        if let existing = context.activities[handle] {
            if let invalidated = existing.invalidatedAt {
                reader.report(
                    ProblemCode.scenarioInvalidSequence,
                    "activity '\(handle)' was invalidated at step \(invalidated); an invalidated activity cannot become current again, create a new one",
                    fields["activity"]!.value, pointer.appending("activity"))
                return nil
            }
            if existing.device != device {
                reader.report(
                    ProblemCode.scenarioInvalidSequence,
                    "activity '\(handle)' belongs to device '\(context.device(existing.device)?.name ?? "?")'; an activity object lives in one app on one device",
                    fields["device"]?.value ?? node, pointer.appending("device"))
                return nil
            }
        }
        // No such device: the devices list did not decode, and that is already reported.
        guard let target = context.device(device) else { return nil }
        guard target.appInstalled else {
            reader.report(
                ProblemCode.scenarioInvalidSequence, "the app is not installed on '\(target.name)', so it cannot donate there",
                fields["device"]?.value ?? node, pointer.appending("device"))
            return nil
        }
        var activity: UserActivity?
        if let payload = fields["userActivity"] {
            activity = decodeDonation(.userActivity, payload.value, pointer.appending("userActivity")).flatMap {
                if case .userActivity(let activity) = $0 { activity } else { nil }
            }
            guard activity != nil else { return nil }
        } else if context.activities[handle] == nil {
            reader.report(
                ProblemCode.scenarioInvalidSequence,
                "missing 'userActivity': activity '\(handle)' becomes current for the first time, so its properties are needed", node, pointer)
            return nil
        }
        context.activities[handle] = (device, nil)
        return BecomeCurrentStep(handle: handle, device: device, activity: activity)
    }
}
