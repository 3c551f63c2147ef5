import Foundation
import ProctorVocabulary

/// The user's calendar as apps write to it with EventKit (docs/system-model.md, "Calendar events
/// the app adds"). Seed 003 (lines 35-36 and 41-43): the app asks for access, creates an event and
/// saves it; the event is static, so a date that changes later is not reflected unless the app
/// saves the event again.
struct EventStoreModel {
    /// What the user answered `requestFullAccessToEvents` or `requestWriteOnlyAccessToEvents`.
    enum Access: String, Sendable, CaseIterable {
        case fullAccess, writeOnly, denied
    }

    struct SavedEvent {
        /// The app's own name for the event (`identifier` on the step), to save it again.
        var identifier: String?
        var event: CalendarEvent
        var step: Int
    }

    /// A save EventKit refused, for `expect.addedEvents`.
    struct Refusal {
        var step: Int
        var title: String
        var reason: String
    }

    private(set) var access: [Int: Access] = [:]
    /// The events the app saved, in the calendar's order (by start). **Assumption**: saved to
    /// the account's default calendar, so every device of the account shows them.
    private(set) var events: [SavedEvent] = []
    private(set) var refusals: [Refusal] = []

    /// The user's answer. iOS asks once per install: a later request keeps the first answer,
    /// except that an app with write-only access may ask for full access.
    mutating func setAccess(_ answer: Access, on device: Int) {
        switch access[device] {
        case nil: access[device] = answer
        case .writeOnly? where answer == .fullAccess: access[device] = answer
        default: break
        }
    }

    /// The app is removed: its access goes with it; the events it saved stay in the calendar.
    mutating func appRemoved(device: Int) {
        access[device] = nil
    }

    /// Saves `event` (or replaces the event saved under `identifier`); the reason it is refused
    /// otherwise.
    mutating func save(_ event: CalendarEvent, identifier: String?, on device: Int, step: Int) -> String? {
        let title = event.title ?? ""
        func refuse(_ reason: String) -> String {
            refusals.append(Refusal(step: step, title: title, reason: reason))
            return reason
        }
        switch access[device] {
        case nil: return refuse("the app never asked for calendar access, so EventKit refuses to save event '\(title)'")
        case .denied?:
            return refuse(
                "the user denied calendar access, so event '\(title)' is not saved: the app must handle the refusal and offer another way to be reminded"
            )
        case .fullAccess?, .writeOnly?: break
        }
        guard let start = event.startDate else { return refuse("event '\(title)' has no startDate (EKError.noStartDate)") }
        guard let end = event.endDate else { return refuse("event '\(title)' has no endDate (EKError.noEndDate)") }
        guard end >= start else { return refuse("event '\(title)' ends before it starts (EKError.datesInverted)") }
        let saved = SavedEvent(identifier: identifier, event: event, step: step)
        if let identifier, let index = events.firstIndex(where: { $0.identifier == identifier }) {
            events[index] = saved
        } else {
            events.append(saved)
        }
        events.sort { ($0.event.startDate ?? .distantPast, $0.step) < ($1.event.startDate ?? .distantPast, $1.step) }
        return nil
    }

    func event(titled title: String) -> SavedEvent? {
        events.first { $0.event.title == title }
    }
}
