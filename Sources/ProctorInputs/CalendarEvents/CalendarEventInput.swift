import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// Events the app adds to the user's calendar (docs/calendar-events.md), written in donation files
// beside donations: {"calendarEvent": {...}}.

extension CalendarEvent: RuleSubject { public static var scope: RuleScope { .payload } }

/// `calendarEvent` payloads.
public struct CalendarEventPayloads: OtherPayloadKind {
    public init() {}

    public var keys: [String] { [CalendarEventDecoder.key] }

    public func makeJudge(for engine: RuleEngine) -> any OtherPayloadJudge {
        CalendarEventJudge(rules: engine.rules())
    }
}

struct CalendarEventJudge: OtherPayloadJudge {
    let rules: SubjectRules<CalendarEvent>

    func check(_ payload: OtherPayload, in document: OtherPayloadDocument, into result: inout FileResult, facts: inout RunFacts) -> Bool {
        var decoder = CalendarEventDecoder(locate: document.locate)
        let event = decoder.decode(payload.node, at: payload.pointer.appending(payload.kind))
        result.diagnostics += decoder.diagnostics
        guard let event else { return false }
        rules.judge(event, in: document.context, locate: document.locatePointer, into: &result.findings)
        return true
    }
}
