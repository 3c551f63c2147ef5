import Foundation
import ProctorCore
import ProctorJSON
import ProctorRules
import ProctorVocabulary

/// `sendPush`: the app's server sends a notification request to APNs for the token a device's
/// app registered (`device`), or for a token written out (`deviceToken`). The request is judged
/// by the rules `proctor lint` judges notifications with; APNs answers (NotificationModel), and a
/// refusal fails the scenario unless an `expect.apns` examines it; an accepted notification is
/// delivered as the device decides (a banner, quietly, not at all, or a background wake).
struct SendPushStep: ScenarioStep, StepOnOneDevice {
    static let name = "sendPush"
    static let keys = ["device", "deviceToken", "notification"]
    var device: Int
    var deviceToken: String?
    var notification: RemoteNotification

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object(
            [
                "device": ScenarioSchema.device,
                "deviceToken": [
                    "type": "string", "minLength": 1, "description": "A token written out, instead of the one the device's app registered.",
                ],
                "notification": ScenarioSchema.ref("notification", "The request: headers and payload, as in a donation file."),
            ], required: ["notification"])
        schema["not"] = ["required": ["device", "deviceToken"]]
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let token = fields["deviceToken"].flatMap { decoder.reader.nonEmptyString($0.value, pointer.appending("deviceToken")) }
        if fields["device"] != nil, let member = fields["deviceToken"] {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "a push goes to the token of 'device' or to 'deviceToken', not both", member.value,
                pointer.appending("deviceToken"))
            return nil
        }
        guard let node = decoder.reader.required(fields, "notification", body, pointer),
            let notification = decoder.decodeNotification(node, pointer.appending("notification")), let device
        else { return nil }
        return SendPushStep(device: device, deviceToken: token, notification: notification)
    }

    var summary: String {
        let headline = notification.payload.aps?.alert?.headline.map { " '\($0)'" } ?? ""
        return "send the push\(headline)"
    }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.features[PushAnswers.self].lastStep = step.number
        let cause = deviceToken == nil ? "the token '\(player.deviceName(device))' registered" : "token \(deviceToken!)"
        guard let token = deviceToken ?? player.model.notifications.lastToken[device] else {
            player.fail(
                .actionFailed, step, order: 1, name: "send the push to \(cause)",
                message:
                    "the server has no token for '\(player.deviceName(device))': no registerForRemoteNotifications step registered the app there",
                expected: "a token the app registered", actual: "none")
            player.checkRules(notification, at: step, quietHours: nil)
            return
        }
        let answer = player.model.notifications.send(
            notification, to: token, step: step.number, now: player.model.now, app: player.scenario.app, devices: player.scenario.devices)
        var quietHours: PushDuringQuietHours?
        if answer.status == 200, let delivered = player.model.notifications.delivered.last, delivered.step == step.number,
            let event = Self.quietHoursEvent(delivered, devices: player.scenario.devices)
        {
            quietHours = event
        }
        player.checkRules(notification, at: step, quietHours: quietHours)
    }

    /// The push reached the user in their quiet hours with an alert that does not break through.
    static func quietHoursEvent(_ delivered: NotificationModel.Delivered, devices: [Device]) -> PushDuringQuietHours? {
        guard devices.indices.contains(delivered.device), let aps = delivered.notification.payload.aps, aps.alert != nil else { return nil }
        let device = devices[delivered.device]
        switch delivered.presentation {
        case .banner, .quiet: break
        case .hidden, .backgroundWake: return nil
        }
        guard let hours = device.quietHours, hours.contains(delivered.at, in: device.timeZone) else { return nil }
        if aps.breaksThroughFocus { return nil }
        let local = QuietHours.clock(QuietHours.minute(of: delivered.at, in: device.timeZone))
        let silenced: Bool
        if case .quiet = delivered.presentation { silenced = true } else { silenced = false }
        return PushDuringQuietHours(
            device: device.name, localTime: local, timeZone: device.timeZone.identifier, window: hours.summary, silenced: silenced,
            pointer: delivered.notification.pointer)
    }
}

/// The answers of APNs to the scenario's pushes that `expect.apns` examines.
struct PushAnswers: FeatureState {
    /// The last `sendPush` step, whose answer `expect.apns` examines (none when it had no token).
    var lastStep: Int?
    /// The answers an `expect.apns` examined (indices in the model's); the others get the
    /// default check.
    var examined: Set<Int> = []
}
