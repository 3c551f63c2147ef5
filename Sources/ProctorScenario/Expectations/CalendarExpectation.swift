import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// The Siri Suggestions calendar events (every device shows the same).
package struct CalendarExpectation: Sendable {
    package var device: Int
    /// The exact list, in the calendar's order (by start).
    package var events: [ExpectedCalendarEvent]?
    package var contains: [ExpectedCalendarEvent]?
    /// Titles that must not be there.
    package var excludes: [String]?
}

/// A calendar event as expected: the title, and every other field given.
package struct ExpectedCalendarEvent: Sendable {
    package var title: String
    package var start: Date?
    package var end: Date?
    /// `.some(nil)`: no location.
    package var location: String??
    /// `.some(nil)`: no notes.
    package var notes: String??
    package var appLink: ExpectedAppLink?
}

/// Where an event's link back to the app leads.
package struct ExpectedAppLink: Sendable {
    package var reservationContainerReference: String??
    package var itemReference: String?
}

extension CalendarExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "calendar"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .optional("events", ["type": "array", "items": eventSchema, "description": "Exactly these events, in the calendar's order."]),
            .optional("contains", ["type": "array", "items": eventSchema]),
            .optional("excludes", ScenarioSchema.titles),
        ]
    }

    static var constraints: [String: Any] { ["anyOf": [["required": ["events"]], ["required": ["contains"]], ["required": ["excludes"]]]] }

    /// An expected event (`ExpectedCalendarEvent`).
    static var eventSchema: [String: Any] {
        ScenarioSchema.object(
            [
                "title": ["type": "string"], "start": ScenarioSchema.ref("date"), "end": ScenarioSchema.ref("date"),
                "location": ScenarioSchema.ref("nullableString"), "notes": ScenarioSchema.ref("nullableString"),
                "appLink": {
                    var link = ScenarioSchema.object([
                        "reservationContainerReference": ScenarioSchema.ref("nullableString"), "itemReference": ["type": "string"],
                    ])
                    link["minProperties"] = 1
                    return link
                }(),
            ], required: ["title"])
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.calendarExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateCalendar(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the Siri Suggestions calendar on '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func calendarExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> CalendarExpectation? {
        guard let fields = reader.object(node, pointer, what: "a calendar expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: CalendarExpectation.keys, in: "a calendar expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context)
        var expectation = CalendarExpectation(device: device ?? 0)
        for key in ["events", "contains"] {
            guard let member = fields[key], let elements = reader.array(member.value, pointer.appending(key)) else { continue }
            let events = elements.enumerated().compactMap { index, element in expectedEvent(element, pointer.appending(key).appending(index)) }
            if key == "events" { expectation.events = events } else { expectation.contains = events }
        }
        expectation.excludes = fields["excludes"].flatMap { reader.strings($0.value, pointer.appending("excludes")) }
        if fields["events"] == nil && fields["contains"] == nil && fields["excludes"] == nil {
            reader.missing("'events', 'contains' or 'excludes'", node, pointer)
        }
        return reader.errorCount == errorsBefore && device != nil ? expectation : nil
    }

    mutating func expectedEvent(_ node: JSONNode, _ pointer: JSONPointer) -> ExpectedCalendarEvent? {
        guard let fields = reader.object(node, pointer, what: "an expected calendar event") else { return nil }
        reader.checkKeys(fields, pointer, allowed: Self.calendarEventKeys, in: "an expected calendar event")
        guard let title = reader.required(fields, "title", node, pointer).flatMap({ reader.string($0, pointer.appending("title")) }) else {
            return nil
        }
        var event = ExpectedCalendarEvent(title: title)
        event.start = fields["start"].flatMap { reader.date($0.value, pointer.appending("start")) }
        event.end = fields["end"].flatMap { reader.date($0.value, pointer.appending("end")) }
        event.location = fields["location"].flatMap { reader.nullableString($0.value, pointer.appending("location")) }
        event.notes = fields["notes"].flatMap { reader.nullableString($0.value, pointer.appending("notes")) }
        if let member = fields["appLink"], let link = reader.object(member.value, pointer.appending("appLink"), what: "an app link") {
            let at = pointer.appending("appLink")
            reader.checkKeys(link, at, allowed: Self.appLinkKeys, in: "an app link")
            var expected = ExpectedAppLink()
            expected.reservationContainerReference = link["reservationContainerReference"].flatMap {
                reader.nullableString($0.value, at.appending("reservationContainerReference"))
            }
            expected.itemReference = link["itemReference"].flatMap { reader.string($0.value, at.appending("itemReference")) }
            if link.count == 0 { reader.missing("'reservationContainerReference' or 'itemReference'", member.value, at) }
            event.appLink = expected
        }
        return event
    }
}

extension ScenarioPlayer {
    func evaluateCalendar(_ expected: CalendarExpectation) -> ExpectationMismatch? {
        let events = model.siri.calendar()
        let titles = events.map(\.title)
        let place = "the Siri Suggestions calendar on '\(deviceName(expected.device))'"
        if let exact = expected.events {
            if exact.map(\.title) != titles {
                return ExpectationMismatch(
                    "\(place) does not hold exactly the expected events: \(titleDifferences(exact, events))",
                    expected: "events \(quoted(exact.map(\.title)))", actual: "events \(quoted(titles))")
            }
            for (wanted, event) in zip(exact, events) {
                let differences = eventDifferences(wanted, event)
                if !differences.isEmpty {
                    return ExpectationMismatch(
                        "event '\(event.title)' differs: \(differences.joined(separator: "; "))", expected: describe(wanted),
                        actual: describe([event]))
                }
            }
        }
        for wanted in expected.contains ?? [] {
            let candidates = events.filter { $0.title == wanted.title }
            guard !candidates.contains(where: { eventDifferences(wanted, $0).isEmpty }) else { continue }
            guard let first = candidates.first else {
                return ExpectationMismatch(
                    "\(place) has \(noEvent(wanted, among: events))", expected: "contains \(describe(wanted))", actual: describe(events))
            }
            return ExpectationMismatch(
                "event '\(wanted.title)' differs: \(eventDifferences(wanted, first).joined(separator: "; "))", expected: describe(wanted),
                actual: describe(candidates))
        }
        if let present = expected.excludes?.filter(titles.contains), !present.isEmpty {
            return ExpectationMismatch(
                "\(place) has \(quoted(present))", expected: "excludes \(quoted(expected.excludes ?? []))", actual: describe(events))
        }
        return nil
    }

    /// Which expected titles the calendar lacks and which of its events no expected title
    /// matches (titles compared as a multiset), or, when both hold the same titles, the order.
    func titleDifferences(_ exact: [ExpectedCalendarEvent], _ events: [SiriModel.CalendarEvent]) -> String {
        var unexpected = events
        var parts: [String] = []
        var missing: [ExpectedCalendarEvent] = []
        for wanted in exact {
            if let index = unexpected.firstIndex(where: { $0.title == wanted.title }) { unexpected.remove(at: index) } else { missing.append(wanted) }
        }
        for wanted in missing { parts.append(noEvent(wanted, among: unexpected)) }
        if !unexpected.isEmpty {
            parts.append("\(unexpected.count == 1 ? "an unexpected event" : "unexpected events") \(describe(unexpected).dropFirst("events ".count))")
        }
        if parts.isEmpty {
            parts.append("the same events in another order, by start: \(quoted(events.map(\.title)))")
        }
        return parts.joined(separator: "; ")
    }

    /// "no event 'title'", and when the item the expected event links to has an event under
    /// another title, which.
    func noEvent(_ wanted: ExpectedCalendarEvent, among events: [SiriModel.CalendarEvent]) -> String {
        var text = "no event '\(wanted.title)'"
        if let item = wanted.appLink?.itemReference, let other = events.first(where: { $0.itemReference.isNamed(by: item) }) {
            text += " (the event of item '\(item)' is titled '\(other.title)')"
        }
        return text
    }

    /// What differs between an expected event and the calendar's event of the same title: each
    /// field given, with the event's value and the expected one.
    func eventDifferences(_ wanted: ExpectedCalendarEvent, _ event: SiriModel.CalendarEvent) -> [String] {
        func text(_ value: String?) -> String { value.map { "'\($0.replacingOccurrences(of: "\n", with: "\\n"))'" } ?? "none" }
        var differences: [String] = []
        if let start = wanted.start, start != event.start {
            differences.append("it starts at \(DateFormat.format(event.start)), not \(DateFormat.format(start))")
        }
        if let end = wanted.end, end != event.end { differences.append("it ends at \(DateFormat.format(event.end)), not \(DateFormat.format(end))") }
        if let location = wanted.location, location != event.location {
            differences.append("its location is \(text(event.location)), not \(text(location))")
        }
        if let notes = wanted.notes, notes != event.notes { differences.append("its notes are \(text(event.notes)), not \(text(notes))") }
        if let link = wanted.appLink {
            if let container = link.reservationContainerReference {
                if !SiriModel.names(nullable: container, event.container) {
                    differences.append(
                        "its app link's reservationContainerReference is \(event.container.map { "'\($0.identity)'" } ?? "nil"), not \(container.map { "'\($0)'" } ?? "nil")"
                    )
                }
            }
            if let item = link.itemReference, !event.itemReference.isNamed(by: item) {
                differences.append("its app link's itemReference is '\(event.itemReference.identity)', not '\(item)'")
            }
        }
        return differences
    }
}
