/// Every kind of expectation an `expect` step states, named by its key, in the order messages list
/// them; the decoder and the schema switch over it, so the compiler refuses an expectation that is
/// decoded but has no schema, or the other way round. (Steps are types of their own: `Steps/`.)
enum ExpectationKind: String, CaseIterable, Sendable {
    case spotlight, handoff, launch, link, findings, index, contactCard, calendar, checkInShortcuts, apns, notifications, regions, ranging, addedEvents, lockScreen, locationSuggestions, directions

    /// The keys the expectation's body takes (for `findings`, each expected finding's), in the
    /// order messages list them.
    var keys: [String] {
        switch self {
        case .spotlight: ["device", "query", "contains", "excludes", "results", "actions"]
        case .handoff: ["device", "offer", "activity"]
        case .launch: ["route", "failure", "safari", "activityType", "userInfo", "identifier", "url", "webpageURL", "continuationStreams", "interaction"]
        case .findings: ["ruleId", "pointer", "severity"]
        case .index: ["device", "items", "activities", "publicActivities"]
        case .contactCard: ["device", "person", "offers"]
        case .calendar: ["device", "events", "contains", "excludes"]
        case .checkInShortcuts: ["device", "titles"]
        case .link: ["verdict", "pointer"]
        case .apns: ["status", "reason"]
        case .notifications: ["device", "listed", "quiet", "backgroundWakes"]
        case .regions: ["device", "monitored", "inside", "events", "failed"]
        case .ranging: ["device", "beacons"]
        case .addedEvents: ["events", "refused"]
        case .lockScreen: ["device", "passes", "media"]
        case .locationSuggestions: ["device", "appSwitcher", "maps", "quickType"]
        case .directions: ["offered"]
        }
    }
}
