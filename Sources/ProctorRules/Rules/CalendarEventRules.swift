import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Rules on the events an app adds to the user's calendar with EventKit (docs/calendar-events.md).
// Their examples are donation files holding {"calendarEvent": ...}.

private let eventKitErrors = "Apple, EventKit, EKError.Code (noStartDate, noEndDate, datesInverted)"
private let event =
    #""title": "iPhone upgrade: full discount", "startDate": "2026-04-15T09:00:00-04:00", "endDate": "2026-04-15T09:30:00-04:00", "timeZone": "America/New_York""#
private let store = #"{"CFBundleIdentifier": "com.example.store", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["applestore"]}]}"#

/// An event has a start and an end, in order.
struct CalendarEventDatesRule: Rule {
    static let description = RuleDescription(
        id: "calendar_event_dates",
        name: "Calendar Event Starts Before It Ends",
        category: .calendar,
        defaultSeverity: .error,
        summary: "An event the app adds must have a startDate and an endDate, the end not before the start.",
        rationale: """
            EventKit refuses to save an event without a start (EKError.noStartDate), without an end \
            (noEndDate), or whose end is before its start (datesInverted): "The start date must be \
            before the end date." The save throws, and unless the app handles the error the user \
            who tapped Notify Me (seed 003) never gets the reminder. An end equal to the start is \
            accepted.
            """,
        sources: [eventKitErrors + " [H]", "WWDC13, the Apple Store app team's talk (seed 003), lines 35-36 and 41-43 [H]"],
        passing: [RuleExample(#"{"calendarEvent": {\#(event)}}"#)],
        failing: [
            RuleExample(
                #"{"calendarEvent": {"title": "iPhone upgrade", "startDate": "2026-04-15T09:00:00-04:00", "endDate": "2026-04-15T08:30:00-04:00"}}"#,
                at: ["/calendarEvent/endDate"]),
            RuleExample(#"{"calendarEvent": {"title": "iPhone upgrade", "startDate": "2026-04-15T09:00:00-04:00"}}"#, at: ["/calendarEvent"]),
        ])

    func check(_ event: CalendarEvent, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if event.startDate == nil {
            violations.append(Violation("the event has no startDate; EventKit refuses to save it (noStartDate)", at: event.pointer))
        }
        if event.endDate == nil {
            violations.append(Violation("the event has no endDate; EventKit refuses to save it (noEndDate)", at: event.pointer))
        }
        if let start = event.startDate, let end = event.endDate, end < start {
            violations.append(
                Violation(
                    "the event ends (\(DateFormat.format(end))) before it starts (\(DateFormat.format(start))); EventKit refuses to save it (datesInverted)",
                    at: event.pointer("endDate")))
        }
        return violations
    }
}

/// The time zone is one iOS knows.
struct CalendarEventTimeZoneRule: Rule {
    static let description = RuleDescription(
        id: "calendar_event_time_zone",
        name: "Calendar Event Time Zone Is Known",
        category: .calendar,
        defaultSeverity: .error,
        summary: "An event's timeZone must be an IANA time zone identifier, such as America/New_York, or null for a floating event.",
        rationale: """
            EKEvent.timeZone is a TimeZone, made from an identifier of the IANA time zone database. \
            TimeZone(identifier:) returns nil for a name it does not know (a typo), and an event \
            whose timeZone is nil is floating: at the same clock time in whatever zone the user is, \
            so a user who travels sees the wrong hour. An abbreviation such as PST or EST has a \
            fixed offset and no daylight-saving rules, so the event is an hour off for half the \
            year. Write null to mean a floating event on purpose.
            """,
        sources: ["Apple, EventKit, EKCalendarItem.timeZone (nil makes a floating event); Foundation, TimeZone(identifier:) [H]"],
        passing: [
            RuleExample(#"{"calendarEvent": {\#(event)}}"#),
            RuleExample(
                #"{"calendarEvent": {"title": "Pickup", "startDate": "2026-04-15T09:00:00Z", "endDate": "2026-04-15T09:30:00Z", "timeZone": null}}"#),
        ],
        failing: [
            RuleExample(
                #"{"calendarEvent": {"title": "Pickup", "startDate": "2026-04-15T09:00:00Z", "endDate": "2026-04-15T09:30:00Z", "timeZone": "America/NewYork"}}"#,
                at: ["/calendarEvent/timeZone"])
        ])

    func check(_ event: CalendarEvent, in context: RuleContext) -> [Violation] {
        guard let zone = event.timeZone, !Self.isIANA(zone) else { return [] }
        // Whether Foundation reads an abbreviation differs between platforms; either way it is wrong.
        return [
            Violation(
                "'\(zone)' is not an IANA time zone identifier such as America/New_York: where TimeZone(identifier:) does not know it the event is floating, at that clock time wherever the user is, and where it reads an abbreviation the offset is fixed, an hour off for half the year",
                at: event.pointer("timeZone"))
        ]
    }

    /// An identifier of the IANA database: abbreviations (EST), which Foundation also reads, are
    /// not (they name no rules for daylight saving time).
    static func isIANA(_ identifier: String) -> Bool {
        guard TimeZone(identifier: identifier) != nil else { return false }
        return identifier == "UTC" || identifier == "GMT" || identifier.contains("/")
    }
}

/// The event's URL opens the app.
struct CalendarEventURLRule: Rule {
    static let description = RuleDescription(
        id: "calendar_event_url",
        name: "Calendar Event Links Back Into The App",
        category: .calendar,
        defaultSeverity: .error,
        summary: "An event's url must be a URL the app opens: a scheme in CFBundleURLTypes, or an http or https universal link.",
        rationale: """
            Calendar shows the event's URL, and tapping it is how the user gets from the reminder \
            back to the screen that matters (for seed 003's Notify Me, the offer they asked to be \
            reminded of). A URL with a custom scheme the app does not declare in \
            CFBundleURLTypes opens nothing; text that is not a URL is not a link at all. An http or \
            https URL opens the app only as a universal link, which proctor links check judges \
            against the site's association file.
            """,
        sources: ["Apple, EventKit, EKCalendarItem.url [H]", "Apple, Defining a custom URL scheme for your app [H]"],
        needsInfoPlist: true,
        passing: [
            RuleExample(#"{"calendarEvent": {\#(event), "url": "applestore://upgrade/iphone-16"}}"#, infoPlist: store),
            RuleExample(#"{"calendarEvent": {\#(event), "url": "https://www.example.com/shop/upgrade"}}"#, infoPlist: store),
        ],
        failing: [
            RuleExample(#"{"calendarEvent": {\#(event), "url": "store://upgrade/iphone-16"}}"#, infoPlist: store, at: ["/calendarEvent/url"]),
            RuleExample(#"{"calendarEvent": {\#(event), "url": "upgrade/iphone-16"}}"#, infoPlist: store, at: ["/calendarEvent/url"]),
        ])

    func check(_ event: CalendarEvent, in context: RuleContext) -> [Violation] {
        guard let url = event.url, let app = context.appInfo else { return [] }
        guard let scheme = Self.scheme(of: url) else {
            return [Violation("'\(url)' is not a URL with a scheme, so Calendar shows no link back into the app", at: event.pointer("url"))]
        }
        guard scheme != "http", scheme != "https" else { return [] }
        guard !app.urlSchemes.contains(where: { $0.lowercased() == scheme }) else { return [] }
        let declared = app.urlSchemes.isEmpty ? "declares no URL scheme" : "declares \(app.urlSchemes.sorted().joined(separator: ", "))"
        return [
            Violation("the app's CFBundleURLTypes \(declared), not '\(scheme)', so tapping the event's link opens nothing", at: event.pointer("url"))
        ]
    }

    /// RFC 3986's scheme, lower-cased: a letter, then letters, digits, '+', '-' or '.', then ':'.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }
}
