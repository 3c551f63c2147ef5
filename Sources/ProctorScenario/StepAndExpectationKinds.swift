/// Every kind of scenario step, named by the key that introduces it in a scenario file, in the
/// order the schema and the error messages list them. The decoder switches over it and the schema
/// gives each case a body through a switch too, so the compiler refuses a step that is decoded but
/// has no schema, or the other way round; and each case lists the keys its body takes
/// (``keys``), which the decoder checks bodies against and a test holds the schema to.
enum StepKind: String, CaseIterable, Sendable {
    case becomeCurrent, resignCurrent, invalidate, index, deleteSearchableItems, deleteAllSearchableItems
    case deleteSavedUserActivities, deleteAllSavedUserActivities, advanceClock, searchSpotlight, acceptHandoff, openURL
    case donate, showScreen, deleteInteractions, deleteAllInteractions, tapContactCard, openCalendarEvent, tapCheckIn
    case expect

    /// The keys the step's body takes, in the order messages list them.
    var keys: [String] {
        switch self {
        case .becomeCurrent: ["activity", "device", "userActivity"]
        case .resignCurrent, .invalidate: ["activity"]
        case .index: ["device", "items"]
        case .deleteSearchableItems: ["device", "identifiers", "domainIdentifiers"]
        case .deleteAllSearchableItems, .deleteAllSavedUserActivities, .deleteAllInteractions, .acceptHandoff: ["device"]
        case .deleteSavedUserActivities: ["device", "persistentIdentifiers"]
        case .advanceClock: ["months", "days", "hours", "minutes", "seconds"]
        case .searchSpotlight: ["device", "query", "tap"]
        case .openURL: ["device", "url"]
        case .donate: ["device", "interaction", "screen", "background"]
        case .showScreen: ["device", "screen", "reservations"]
        case .deleteInteractions: ["device", "identifiers", "groupIdentifier"]
        case .tapContactCard: ["device", "person", "offer", "serviceName", "handle"]
        case .openCalendarEvent: ["device", "event", "show"]
        case .tapCheckIn: ["device", "title"]
        case .expect: ExpectationKind.allCases.map(\.rawValue)
        }
    }
}

/// Every kind of expectation an `expect` step states, named by its key, in the order messages list
/// them; the decoder and the schema switch over it like ``StepKind``.
enum ExpectationKind: String, CaseIterable, Sendable {
    case spotlight, handoff, launch, findings, index, contactCard, calendar, checkInShortcuts

    /// The keys the expectation's body takes (for `findings`, each expected finding's), in the
    /// order messages list them.
    var keys: [String] {
        switch self {
        case .spotlight: ["device", "query", "contains", "excludes", "results"]
        case .handoff: ["device", "offer", "activity"]
        case .launch: ["route", "failure", "safari", "activityType", "userInfo", "identifier", "url", "webpageURL", "interaction"]
        case .findings: ["ruleId", "pointer", "severity"]
        case .index: ["device", "items", "activities", "publicActivities"]
        case .contactCard: ["device", "person", "offers"]
        case .calendar: ["device", "events", "contains", "excludes"]
        case .checkInShortcuts: ["device", "titles"]
        }
    }
}
