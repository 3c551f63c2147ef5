import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `tapNotification`: the user taps one of the app's notifications in Notification Center (or its
/// banner): the one with this headline, else the latest. The app is launched with the payload
/// (`didReceive response`): its own keys as `userInfo` and `aps.category`, routed through the
/// app's routes (`notificationCategories`, `notificationKeys`, `userInfoKeys`).
struct TapNotificationStep: ScenarioStep, StepOnOneDevice {
    static let name = "tapNotification"
    static let keys = ["device", "headline"]
    var device: Int
    var headline: String?

    static var schema: [String: Any] {
        ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "headline": ScenarioSchema.nonEmpty("The notification's title (else body) as shown; the latest notification when absent."),
        ])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let headline = fields["headline"].flatMap { decoder.reader.nonEmptyString($0.value, pointer.appending("headline")) }
        guard let device = decoder.appDevice(fields, body, pointer, context: context) else { return nil }
        return TapNotificationStep(device: device, headline: headline)
    }

    var summary: String { "tap the notification\(headline.map { " '\($0)'" } ?? "")" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let listed = player.model.notifications.listed(on: device).map { $0.headline ?? "" }
        guard let tapped = player.model.notifications.tap(device: device, headline: headline) else {
            player.fail(
                .actionFailed, step, order: 1, name: summary,
                message:
                    "Notification Center on '\(player.deviceName(device))' lists \(headline.map { "no notification '\($0)'" } ?? "no notification of the app")",
                expected: headline.map { "a notification '\($0)'" } ?? "a notification", actual: listed.isEmpty ? "none" : player.quoted(listed))
            return
        }
        let payload = tapped.notification.payload
        let delivery = Delivery(origin: .notification(category: payload.aps?.category), activityType: nil, userInfo: payload.custom, url: nil)
        let cause = "tapping the notification '\(tapped.headline ?? "")' on '\(player.deviceName(device))'"
        player.launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: player.scenario.app))
    }
}
