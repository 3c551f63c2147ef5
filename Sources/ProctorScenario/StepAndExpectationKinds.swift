/// Every kind of scenario step, named by the key that introduces it in a scenario file, in the
/// order the schema and the error messages list them. The decoder switches over it and the schema
/// gives each case a body through a switch too, so the compiler refuses a step that is decoded but
/// has no schema, or the other way round.
enum StepKind: String, CaseIterable, Sendable {
    case becomeCurrent, resignCurrent, invalidate, index, deleteSearchableItems, deleteAllSearchableItems
    case deleteSavedUserActivities, deleteAllSavedUserActivities, advanceClock, searchSpotlight, acceptHandoff, openURL
    case donate, showScreen, deleteInteractions, deleteAllInteractions, tapContactCard, openCalendarEvent, tapCheckIn
    case expect
}

/// Every kind of expectation an `expect` step states, named by its key, in the order messages list
/// them; the decoder and the schema switch over it like ``StepKind``.
enum ExpectationKind: String, CaseIterable, Sendable {
    case spotlight, handoff, launch, findings, index, contactCard, calendar, checkInShortcuts
}
