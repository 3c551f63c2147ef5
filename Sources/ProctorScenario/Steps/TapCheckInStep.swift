import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `tapCheckIn`: the user taps a check-in shortcut Siri shows while a reservation's check-in
/// window is open; the launch that follows is checked.
struct TapCheckInStep: ScenarioStep, StepOnOneDevice {
    static let name = "tapCheckIn"
    static let keys = ["device", "title"]
    var device: Int
    var title: String

    static var schema: [String: Any] {
        ScenarioSchema.object(
            ["device": ScenarioSchema.device, "title": ScenarioSchema.nonEmpty("The shortcut's title: its activity's title.")], required: ["title"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let title = decoder.reader.required(fields, "title", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("title")) }
        guard let device, let title else { return nil }
        return TapCheckInStep(device: device, title: title)
    }

    var summary: String { "tap the check-in shortcut '\(title)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.tapCheckIn(step, device: device, title: title) }
}

extension ScenarioPlayer {
    fileprivate mutating func tapCheckIn(_ step: Step, device: Int, title: String) {
        let caseName = "tap the check-in shortcut '\(title)'"
        let visible = model.siri.visibleCheckInShortcuts(at: model.now)
        guard let shortcut = visible.first(where: { $0.title == title }) else {
            let why: String
            if let hidden = model.siri.checkInShortcuts().first(where: { $0.title == title }) {
                why = "its check-in window is \(hidden.window) and the clock is \(DateFormat.format(model.now))"
            } else {
                why = "no live reservation has a check-in action with this title"
            }
            fail(
                .actionFailed, step, order: 1, name: caseName,
                message: "'\(deviceName(device))' shows no check-in shortcut '\(title)': \(why)",
                expected: "a check-in shortcut '\(title)'",
                actual: visible.isEmpty ? "no check-in shortcut" : "shortcuts \(quoted(visible.map(\.title)))")
            return
        }
        pass(step, order: 1, name: caseName)
        let activity = shortcut.activity
        let cause = "tapping the check-in shortcut '\(title)' on '\(deviceName(device))'"
        guard hasApp(device) else {
            // WWDC19-243: where the app is not installed, Safari uses the activity's webpageURL.
            if let url = activity.webpageURL, ["http", "https"].contains(URLPattern.scheme(of: url) ?? "") {
                launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(url))
            } else {
                launch(
                    step, device: device, cause: cause, delivery: nil,
                    outcome: .failed(
                        .appNotInstalled, route: nil,
                        message: "'\(deviceName(device))' does not have the app and the check-in activity has no http(s) webpageURL for Safari"))
            }
            return
        }
        // Like a Spotlight restore: only requiredUserInfoKeys survive.
        let required = activity.requiredUserInfoKeys ?? []
        let userInfo = (activity.userInfo ?? []).filter { required.contains($0.key) }
        let delivery = Delivery(
            origin: .checkInShortcut(activity), activityType: activity.activityType, userInfo: userInfo, webpageURL: activity.webpageURL)
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }
}
