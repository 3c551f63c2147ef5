import Foundation
import ProctorCore
import ProctorJSON

// An event the app adds to the user's calendar with EventKit (`EKEvent`), with Apple's Swift
// property names (docs/calendar-events.md). Seed 003 (lines 35-36 and 41-43): the store app's first
// "Notify Me" put an event on the user's calendar, after asking for access; it is static, so a
// date that changes later is not reflected.

/// `EKEvent`, as the app saves it.
package struct CalendarEvent: Sendable {
    package static let keys = ["title", "startDate", "endDate", "timeZone", "isAllDay", "location", "url", "notes", "alarms"]

    package var title: String?
    package var startDate: Date?
    package var endDate: Date?
    /// An IANA identifier as written; nil when absent. `null` makes a floating event.
    package var timeZone: String?
    package var isFloating = false
    package var isAllDay = false
    package var location: String?
    /// The link back into the app that Calendar shows on the event.
    package var url: String?
    package var notes: String?
    package var alarms: [Alarm] = []
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// `EKAlarm`: an offset from the start in seconds (negative: before), or an absolute date.
    package struct Alarm: Sendable {
        package var relativeOffset: Double?
        package var absoluteDate: Date?
        package var pointer: JSONPointer
    }
}

/// Maps a `calendarEvent` payload onto ``CalendarEvent`` through the payload ``JSONFieldReader``.
/// Order and time zone names are the rules' to judge.
package struct CalendarEventDecoder {
    var reader: JSONFieldReader
    package var diagnostics: [Diagnostic] { reader.problems }

    package static let key = "calendarEvent"

    package init(locate: @escaping (Int, JSONPointer) -> SourceLocation) {
        self.reader = JSONFieldReader(codes: .payload, locate: locate)
    }

    package mutating func decode(_ node: JSONNode, at pointer: JSONPointer) -> CalendarEvent? {
        guard let object = reader.object(node, pointer, what: Self.key) else { return nil }
        let errorsBefore = reader.errorCount
        var event = CalendarEvent(pointer: pointer)
        for member in object.members {
            let at = pointer.appending(member.key)
            let value = member.value
            switch member.key {
            case "title": event.title = reader.string(value, at)
            case "startDate": event.startDate = reader.date(value, at)
            case "endDate": event.endDate = reader.date(value, at)
            case "timeZone":
                if case .null = value.value { event.isFloating = true } else { event.timeZone = reader.string(value, at) }
            case "isAllDay": event.isAllDay = reader.bool(value, at) ?? false
            case "location": event.location = reader.string(value, at)
            case "url": event.url = reader.string(value, at)
            case "notes": event.notes = reader.string(value, at)
            case "alarms":
                guard let elements = reader.array(value, at) else { continue }
                for (index, element) in elements.enumerated() {
                    let alarmAt = at.appending(index)
                    guard let alarm = reader.object(element, alarmAt, what: "an alarm") else { continue }
                    reader.checkKeys(alarm, alarmAt, allowed: ["relativeOffset", "absoluteDate"], in: "an alarm")
                    var decoded = CalendarEvent.Alarm(pointer: alarmAt)
                    decoded.relativeOffset = alarm["relativeOffset"].flatMap { reader.number($0.value, alarmAt.appending("relativeOffset")) }
                    decoded.absoluteDate = alarm["absoluteDate"].flatMap { reader.date($0.value, alarmAt.appending("absoluteDate")) }
                    if (alarm["relativeOffset"] == nil) == (alarm["absoluteDate"] == nil) {
                        reader.invalid("an alarm has a relativeOffset (seconds from the start) or an absoluteDate, one of them", element, alarmAt)
                    }
                    event.alarms.append(decoded)
                }
            default: reader.unknownKey(member, in: Self.key, at: at, known: CalendarEvent.keys)
            }
        }
        return reader.errorCount == errorsBefore ? event : nil
    }
}
