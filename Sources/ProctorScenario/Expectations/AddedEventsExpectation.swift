import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// The events the app added to the user's calendar, and the saves EventKit refused.
package struct AddedEventsExpectation: Sendable {
    /// Exactly these events, in the calendar's order (by start).
    package var events: [ExpectedAddedEvent]?
    /// The titles of the events whose save was refused, in order.
    package var refused: [String]?
}

/// An added event as expected: the title, and every other field given.
package struct ExpectedAddedEvent: Sendable {
    package var title: String
    package var start: Date?
    package var end: Date?
    /// `.some(nil)`: no url.
    package var url: String??
}

extension AddedEventsExpectation: ScenarioExpectation {
    static let name = "addedEvents"

    static var fields: [ScenarioField] {
        [
            .optional(
                "events",
                [
                    "type": "array",
                    "items": ScenarioSchema.object(
                        [
                            "title": ["type": "string"], "start": ScenarioSchema.ref("date"), "end": ScenarioSchema.ref("date"),
                            "url": ScenarioSchema.ref("nullableString"),
                        ], required: ["title"]),
                    "description": "Exactly these events the app added, in the calendar's order (by start).",
                ]),
            .optional(
                "refused",
                ["type": "array", "items": ["type": "string"], "description": "The titles of the events EventKit refused to save, in order."]),
        ]
    }

    static var constraints: [String: Any] { ["minProperties": 1] }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.addedEventsExpectation(body, pointer)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateAddedEventsExpectation(self)
    }

    func device(on player: ScenarioPlayer) -> Int? { nil }

    func summary(on player: ScenarioPlayer) -> String {
        "the events the app added to the calendar"
    }
}

extension ScenarioDecoder {
    mutating func addedEventsExpectation(_ node: JSONNode, _ pointer: JSONPointer) -> AddedEventsExpectation? {
        guard let fields = reader.object(node, pointer, what: "an addedEvents expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: AddedEventsExpectation.keys, in: "an addedEvents expectation")
        let errorsBefore = reader.errorCount
        var expectation = AddedEventsExpectation()
        expectation.refused = fields["refused"].flatMap { reader.strings($0.value, pointer.appending("refused")) }
        if let member = fields["events"], let elements = reader.array(member.value, pointer.appending("events")) {
            var events: [ExpectedAddedEvent] = []
            for (index, element) in elements.enumerated() {
                let at = pointer.appending("events").appending(index)
                guard let event = reader.object(element, at, what: "an added event") else { continue }
                reader.checkKeys(event, at, allowed: ["title", "start", "end", "url"], in: "an added event")
                guard let title = reader.required(event, "title", element, at).flatMap({ reader.string($0, at.appending("title")) }) else { continue }
                var expected = ExpectedAddedEvent(title: title)
                expected.start = event["start"].flatMap { reader.date($0.value, at.appending("start")) }
                expected.end = event["end"].flatMap { reader.date($0.value, at.appending("end")) }
                if let url = event["url"] { expected.url = reader.nullableString(url.value, at.appending("url")) }
                events.append(expected)
            }
            expectation.events = events
        }
        if fields.count == 0 { reader.missing("'events' or 'refused'", node, pointer) }
        guard reader.errorCount == errorsBefore else { return nil }
        return expectation
    }
}

extension ScenarioPlayer {
    mutating func evaluateAddedEventsExpectation(_ expected: AddedEventsExpectation) -> ExpectationMismatch? {
        let problem = evaluateAddedEvents(expected)
        if let refused = expected.refused {
            examineRefusals { refusal in refused.contains { refusal.subject == AnyHashable(CalendarSaveRefusal(title: $0)) } }
        }
        return problem
    }
}

extension ScenarioPlayer {
    func evaluateAddedEvents(_ expected: AddedEventsExpectation) -> ExpectationMismatch? {
        let saved = model.eventStore.events.map(\.event)
        func describe(_ event: CalendarEvent) -> String {
            "'\(event.title ?? "")' \(event.startDate.map(DateFormat.format) ?? "?") to \(event.endDate.map(DateFormat.format) ?? "?")\(event.url.map { ", url \($0)" } ?? "")"
        }
        func describe(_ event: ExpectedAddedEvent) -> String {
            var parts = ["'\(event.title)'"]
            if let start = event.start { parts.append("start \(DateFormat.format(start))") }
            if let end = event.end { parts.append("end \(DateFormat.format(end))") }
            if let url = event.url { parts.append("url \(url ?? "none")") }
            return parts.joined(separator: ", ")
        }
        if let wanted = expected.events {
            let matches =
                wanted.count == saved.count
                && zip(wanted, saved).allSatisfy { want, have in
                    want.title == (have.title ?? "") && (want.start == nil || want.start == have.startDate)
                        && (want.end == nil || want.end == have.endDate)
                        && (want.url == nil || want.url! == have.url)
                }
            if !matches {
                return ExpectationMismatch(
                    "the events the app added to the calendar differ", expected: "[" + wanted.map(describe).joined(separator: "; ") + "]",
                    actual: saved.isEmpty ? "no events" : "[" + saved.map(describe).joined(separator: "; ") + "]")
            }
        }
        if let wanted = expected.refused {
            let refused = model.eventStore.refusals.map(\.title)
            if wanted != refused {
                return ExpectationMismatch(
                    "the calendar saves EventKit refused differ", expected: "refused \(quoted(wanted))",
                    actual: "refused \(quoted(refused))" + model.eventStore.refusals.map { "; '\($0.title)': \($0.reason)" }.joined())
            }
        }
        return nil
    }
}
