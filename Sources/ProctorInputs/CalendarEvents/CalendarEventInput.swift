import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// Events the app adds to the user's calendar (docs/calendar-events.md), written in donation files
// beside donations: {"calendarEvent": {...}}.

/// `calendarEvent` payloads.
package struct CalendarEventPayloads: OtherPayloadKind {
    package init() {}

    package var keys: [String] { [CalendarEventDecoder.key] }

    package func makeJudge(for engine: RuleEngine) -> any OtherPayloadJudge {
        SubjectPayloadJudge<CalendarEvent>(engine: engine) { node, pointer, locate in
            var decoder = CalendarEventDecoder(locate: locate)
            return (decoder.decode(node, at: pointer), decoder.diagnostics)
        }
    }
}
