import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `focusTextField`: the user edits a text field of another app (a ride-sharing app's
/// destination, a message) whose `textContentType` asks for a location: QuickType offers the
/// most recent place the user's apps promoted, in the form the type asks for (seed 000,
/// lines 175-188). `expect.locationSuggestions.quickType` reads what it offered.
struct FocusTextFieldStep: ScenarioStep, StepOnOneDevice {
    static let name = "focusTextField"
    static let keys = ["device", "textContentType"]
    var device: Int
    var type: LocationSuggestions.TextContentType

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device,
                "textContentType": [
                    "enum": LocationSuggestions.TextContentType.allCases.map(\.rawValue), "description": "The UITextContentType of the field.",
                ],
            ], required: ["textContentType"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let type = decoder.reader.required(fields, "textContentType", body, pointer).flatMap {
            decoder.reader.choice($0, pointer.appending("textContentType"), LocationSuggestions.TextContentType.self)
        }
        guard let device, let type else { return nil }
        return FocusTextFieldStep(device: device, type: type)
    }

    var summary: String { "focus a \(type.rawValue) text field" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let place = player.model.recentPlaces[device]?.first
        let suggestion = place.flatMap { type.suggestion(for: $0) }
        player.model.quickType[device] = (type, suggestion.map { [$0] } ?? [])
    }
}

/// `tapLocationSuggestion`: the user taps a place Maps suggests, promoted by the app: the app is
/// launched with the place's activity, restored like a Spotlight result (only
/// `requiredUserInfoKeys` survive).
struct TapLocationSuggestionStep: ScenarioStep, StepOnOneDevice {
    static let name = "tapLocationSuggestion"
    static let keys = ["device", "name"]
    var device: Int
    var place: String

    static var schema: [String: Any] {
        ScenarioSchema.object(
            ["device": ScenarioSchema.device, "name": ScenarioSchema.nonEmpty("The place's name as Maps shows it.")], required: ["name"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let place = decoder.reader.required(fields, "name", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("name")) }
        guard let device, let place else { return nil }
        return TapLocationSuggestionStep(device: device, place: place)
    }

    var summary: String { "tap '\(place)' in Maps" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let places = player.model.recentPlaces[device] ?? []
        guard let suggested = places.first(where: { $0.name == place }), let live = player.model.activities[suggested.handle] else {
            player.fail(
                .actionFailed, step, order: 1, name: summary, message: "Maps on '\(player.deviceName(device))' suggests no place '\(place)'",
                expected: "'\(place)'", actual: places.isEmpty ? "no places" : player.quoted(places.map(\.name)))
            return
        }
        let activity = live.activity
        let cause = "tapping '\(place)' in Maps on '\(player.deviceName(device))'"
        guard player.hasApp(device) else {
            player.launch(
                step, device: device, cause: cause, delivery: nil,
                outcome: .failed(.appNotInstalled, route: nil, message: "'\(player.deviceName(device))' does not have the app"))
            return
        }
        let required = activity.requiredUserInfoKeys ?? []
        let userInfo = (activity.userInfo ?? []).filter { required.contains($0.key) }
        let delivery = Delivery(
            origin: .locationSuggestion(activity), activityType: activity.activityType, userInfo: userInfo, webpageURL: activity.webpageURL)
        player.launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: player.scenario.app))
    }
}
