import ProctorEngine
import ProctorVocabulary

// Events the app adds to the user's calendar (docs/calendar-events.md), judged one by one.

extension CalendarEvent: RuleSubject { package static var scope: RuleScope { .payload } }
