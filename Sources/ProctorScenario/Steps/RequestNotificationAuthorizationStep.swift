import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `requestNotificationAuthorization`: the app asks the user to allow notifications
/// (`UNUserNotificationCenter.requestAuthorization`) without registering for remote ones: what an
/// app that only posts local notifications (a geofenced welcome) does.
struct RequestNotificationAuthorizationStep: ScenarioStep, StepOnOneDevice {
    static let name = "requestNotificationAuthorization"
    static let keys = ["device", "authorization"]
    var device: Int
    var authorization: NotificationModel.Authorization

    static var schema: [String: Any] {
        ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "authorization": [
                "enum": NotificationModel.Authorization.allCases.map(\.rawValue), "default": "granted", "description": "What the user answers.",
            ],
        ])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.userAnswer(
            body, pointer, context: context, step: name, keys: keys, key: "authorization", default: NotificationModel.Authorization.granted
        )
        .map { RequestNotificationAuthorizationStep(device: $0.device, authorization: $0.answer) }
    }

    var summary: String { "ask to show notifications (\(authorization.rawValue))" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.notifications.authorize(device: device, authorization)
    }
}
