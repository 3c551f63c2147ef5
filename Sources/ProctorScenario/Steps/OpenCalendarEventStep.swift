import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `openCalendarEvent`: the user opens the app link of a Siri Suggestions calendar event, for the
/// whole reservation or its item; the launch that follows is checked.
struct OpenCalendarEventStep: ScenarioStep, StepOnOneDevice {
    static let name = "openCalendarEvent"
    static let keys = ["device", "event", "show"]
    var device: Int
    var event: String
    var show: CalendarLinkTarget

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "event": ScenarioSchema.nonEmpty("The event's title, or its reservation item's itemReference."),
                "show": ["enum": CalendarLinkTarget.allCases.map(\.rawValue), "description": "The whole reservation, or only the event's item."],
            ], required: ["event", "show"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let event = decoder.reader.required(fields, "event", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("event")) }
        let show = decoder.reader.required(fields, "show", body, pointer).flatMap {
            decoder.reader.choice($0, pointer.appending("show"), CalendarLinkTarget.self)
        }
        guard let device, let event, let show else { return nil }
        return OpenCalendarEventStep(device: device, event: event, show: show)
    }

    var summary: String { "open the app link of calendar event '\(event)' (\(show.rawValue))" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.openCalendarEvent(step, device: device, name: event, show: show) }
}

extension ScenarioPlayer {
    fileprivate mutating func openCalendarEvent(_ step: Step, device: Int, name: String, show: CalendarLinkTarget) {
        let caseName = "open the app link of calendar event '\(name)'"
        guard let event = model.siri.events(named: name).first else {
            fail(
                .actionFailed, step, order: 1, name: caseName,
                message: "the Siri Suggestions calendar on '\(deviceName(device))' has no event '\(name)'",
                expected: "an event titled '\(name)' or with that itemReference", actual: describe(model.siri.calendar()))
            return
        }
        pass(step, order: 1, name: caseName)
        var interaction = DeliveredInteraction(intentClass: IntentClass.getReservationDetails.rawValue)
        interaction.reservationContainerReference = event.container
        interaction.reservationItemReferences = show == .item ? [event.itemReference] : nil
        let delivery = Delivery(
            origin: .interaction("a calendar event"), activityType: interaction.intentClass, userInfo: [], interaction: interaction)
        let cause =
            "opening the app link of '\(event.title)' in Calendar on '\(deviceName(device))' (\(show == .item ? "the item" : "the whole reservation"))"
        guard hasApp(device) else {
            launch(
                step, device: device, cause: cause, delivery: delivery,
                outcome: .failed(
                    .appNotInstalled, route: nil, message: "'\(deviceName(device))' does not have the app, so the event's link cannot open it"))
            return
        }
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }
}
