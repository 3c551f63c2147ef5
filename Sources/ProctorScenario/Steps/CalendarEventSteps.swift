import Foundation
import ProctorCore
import ProctorJSON
import ProctorRules
import ProctorVocabulary

/// `requestCalendarAccess`: the app asks for access to the user's calendar
/// (`requestFullAccessToEvents` or `requestWriteOnlyAccessToEvents`); seed 003: "Your app has to
/// ask user permission to use the calendar".
struct RequestCalendarAccessStep: ScenarioStep, StepOnOneDevice {
    static let name = "requestCalendarAccess"
    static let keys = ["device", "access"]
    var device: Int
    var access: EventStoreModel.Access

    static var schema: [String: Any] {
        ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "access": [
                "enum": EventStoreModel.Access.allCases.map(\.rawValue), "default": "fullAccess",
                "description": "What the user answers: full access, write-only access (enough to add events), or denied.",
            ],
        ])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.userAnswer(body, pointer, context: context, step: name, keys: keys, key: "access", default: EventStoreModel.Access.fullAccess)
            .map { RequestCalendarAccessStep(device: $0.device, access: $0.answer) }
    }

    var summary: String { "ask for calendar access (\(access.rawValue))" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.eventStore.setAccess(access, on: device)
    }
}

/// `addCalendarEvent`: the app saves an event to the user's calendar (`EKEventStore.save`),
/// written as in a payload file. With `identifier`, a later step with the same identifier saves
/// the event again (an update). The event is judged by the calendar event rules; a save EventKit
/// refuses (no access, inverted dates) fails the step unless an `expect.addedEvents` lists it in
/// `refused`.
struct AddCalendarEventStep: ScenarioStep, StepOnOneDevice {
    static let name = "addCalendarEvent"
    static let keys = ["device", "identifier", CalendarEventDecoder.key]
    var device: Int
    var identifier: String?
    var event: CalendarEvent

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device,
                "identifier": ScenarioSchema.nonEmpty("The app's own name for the event: a later addCalendarEvent with it saves the event again."),
                CalendarEventDecoder.key: ScenarioSchema.ref(
                    "calendarEvent", "An EKEvent: title, startDate, endDate, timeZone, isAllDay, location, url, notes, alarms."),
            ], required: [CalendarEventDecoder.key])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.appDevice(fields, body, pointer, context: context)
        let identifier = fields["identifier"].flatMap { decoder.reader.nonEmptyString($0.value, pointer.appending("identifier")) }
        guard let node = decoder.reader.required(fields, CalendarEventDecoder.key, body, pointer),
            let event = decoder.decodeCalendarEvent(node, pointer.appending(CalendarEventDecoder.key)), let device
        else { return nil }
        return AddCalendarEventStep(device: device, identifier: identifier, event: event)
    }

    var summary: String { "add calendar event '\(event.title ?? "")'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.checkRules(event, at: step)
        if let reason = player.model.eventStore.save(event, identifier: identifier, on: device, step: step.number) {
            player.refusals.append(
                .init(
                    subject: CalendarSaveRefusal(title: event.title ?? ""), step: step, name: summary, message: reason,
                    expected: "EventKit saves the event", actual: "not saved"))
        }
    }
}

/// `openEventURL`: the user taps the link of an event the app added, in Calendar: the system
/// opens its `url` (a custom scheme launches the app, a web URL is a universal link).
struct OpenEventURLStep: ScenarioStep, StepOnOneDevice {
    static let name = "openEventURL"
    static let keys = ["device", "title"]
    var device: Int
    var title: String

    static var schema: [String: Any] {
        ScenarioSchema.object(["device": ScenarioSchema.device, "title": ScenarioSchema.nonEmpty("The event's title.")], required: ["title"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let title = decoder.reader.required(fields, "title", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("title")) }
        guard let device, let title else { return nil }
        return OpenEventURLStep(device: device, title: title)
    }

    var summary: String { "open the link of calendar event '\(title)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let titles = player.model.eventStore.events.map { $0.event.title ?? "" }
        guard let saved = player.model.eventStore.event(titled: title) else {
            player.fail(
                .actionFailed, step, order: 1, name: summary, message: "the calendar has no event '\(title)' the app added",
                expected: "event '\(title)'", actual: titles.isEmpty ? "no events" : player.quoted(titles))
            return
        }
        guard let url = saved.event.url else {
            player.fail(
                .actionFailed, step, order: 1, name: summary, message: "event '\(title)' has no url, so Calendar shows no link back into the app",
                expected: "a url", actual: "none")
            return
        }
        player.openURL(step, device: device, url: url, cause: "tapping the link of calendar event '\(title)' on '\(player.deviceName(device))'")
    }
}

extension ScenarioDecoder {
    /// An event written as in a payload file, read as lint reads one.
    mutating func decodeCalendarEvent(_ node: JSONNode, _ pointer: JSONPointer) -> CalendarEvent? {
        var decoder = CalendarEventDecoder(locate: { [path, source] offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        })
        let event = decoder.decode(node, at: pointer)
        for diagnostic in decoder.diagnostics { recordDiagnostic(diagnostic) }
        return event
    }
}

/// A calendar save EventKit refused: examined by an `expect.addedEvents` whose `refused` lists the
/// title.
struct CalendarSaveRefusal: Hashable {
    var title: String
}
