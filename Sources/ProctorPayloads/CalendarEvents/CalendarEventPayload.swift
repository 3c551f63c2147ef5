import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// Events the app adds to the user's calendar (docs/calendar-events.md), written in donation files
// beside donations: {"calendarEvent": {...}}. Its model and decoder are in ProctorVocabulary, as
// the scenario model reads them too.

extension CalendarEvent: EmbeddedPayload {
    package static var scope: RuleScope { .payload }
    package static var payloadKey: String { CalendarEventDecoder.key }

    package static func decode(
        _ node: JSONNode, at pointer: JSONPointer, locate: @escaping (Int, JSONPointer) -> SourceLocation
    ) -> (payload: CalendarEvent?, diagnostics: [Diagnostic]) {
        var decoder = CalendarEventDecoder(locate: locate)
        return (decoder.decode(node, at: pointer), decoder.diagnostics)
    }
}
