import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `acceptHandoff`: the user accepts the Handoff offer on a device; the launch that follows is
/// checked.
struct AcceptHandoffStep: ScenarioStep, StepOnOneDevice {
    static let name = "acceptHandoff"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.object(["device": ScenarioSchema.device], required: ["device"]) }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        guard decoder.reader.required(fields, "device", body, pointer) != nil else { return nil }
        return decoder.deviceReference(fields, pointer, context: context).map { AcceptHandoffStep(device: $0) }
    }

    var summary: String { "accept the Handoff offer" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.acceptHandoff(step, device: device) }
}

extension ScenarioPlayer {
    fileprivate mutating func acceptHandoff(_ step: Step, device: Int) {
        let offer = model.handoffOffer(on: device)
        guard offer.kind != .none, let live = offer.activity else {
            fail(
                .actionFailed, step, order: 1, name: "accept Handoff on '\(deviceName(device))'",
                message: "'\(deviceName(device))' has no Handoff offer to accept: \(offer.reason)",
                expected: "a Handoff offer", actual: "none: \(offer.reason)")
            return
        }
        pass(step, order: 1, name: "accept Handoff on '\(deviceName(device))'")
        let cause = "accepting Handoff of '\(live.handle)' on '\(deviceName(device))'"
        if let webpage = offer.webpage, let url = live.activity.webpageURL {
            features[UniversalLinks.self].last = (url, webpage)
            guard webpage.outcome == .app else {
                launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(url))
                return
            }
            // The app gets the page, not the activity: Safari's browsing activity, or one whose
            // type it cannot continue, arrives as NSUserActivityTypeBrowsingWeb with an empty
            // userInfo (Handoff Programming Guide; NSUserActivityTypeBrowsingWeb).
            let delivery = Delivery(origin: .universalLink, activityType: SystemActivityType.browsingWeb, userInfo: [], webpageURL: url)
            launch(
                step, device: device, cause: cause + " (\(webpage.reason))", delivery: delivery,
                outcome: LaunchRouter.route(delivery, app: scenario.app))
            return
        }
        if offer.kind == .safari {
            launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(live.activity.webpageURL ?? ""))
            return
        }
        let userInfo = live.activity.userInfo ?? []
        let delivery = Delivery(
            origin: .handoff(live.activity), activityType: live.activity.activityType, userInfo: userInfo, webpageURL: live.activity.webpageURL)
        // Apple publishes no hard limit, so only a limit the scenario states fails the transfer.
        if let limit = scenario.system.handoffUserInfoLimit, let size = PropertyListEncoding.binarySize(of: userInfo, ifOver: limit) {
            let message =
                "userInfo encodes to \(size) bytes, over the \(limit)-byte Handoff limit the scenario states (system.handoffUserInfoLimit); the transfer fails with NSUserActivityHandoffUserInfoTooLargeError (4611). Send an identifier and fetch the rest, or use continuation streams"
            launch(step, device: device, cause: cause, delivery: delivery, outcome: .failed(.userInfoTooLarge, route: nil, message: message))
            return
        }
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }
}
