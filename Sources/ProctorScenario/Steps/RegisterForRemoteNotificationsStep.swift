import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `registerForRemoteNotifications`: the app asks the user to allow notifications
/// (`requestAuthorization`, answered by `authorization`) and registers with APNs
/// (`registerForRemoteNotifications`), getting the device token its server pushes to (seed 003,
/// lines 44-47). A token is issued whatever the user answers; the answer decides what is shown.
struct RegisterForRemoteNotificationsStep: ScenarioStep, StepOnOneDevice {
    static let name = "registerForRemoteNotifications"
    static let keys = ["device", "authorization"]
    var device: Int
    var authorization: NotificationModel.Authorization

    static var schema: [String: Any] {
        ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "authorization": [
                "enum": NotificationModel.Authorization.allCases.map(\.rawValue), "default": "granted",
                "description": "What the user answers when the app asks to show notifications.",
            ],
        ])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.userAnswer(
            body, pointer, context: context, step: name, keys: keys, key: "authorization", default: NotificationModel.Authorization.granted
        )
        .map { RegisterForRemoteNotificationsStep(device: $0.device, authorization: $0.answer) }
    }

    var summary: String { "register for remote notifications (\(authorization.rawValue))" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let bundle = player.scenario.app.bundleIdentifier ?? "app"
        player.model.notifications.register(
            device: device, deviceName: player.deviceName(device), bundleIdentifier: bundle, authorization: authorization)
    }
}
