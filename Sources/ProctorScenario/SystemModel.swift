import Foundation
import ProctorLinks
import ProctorVocabulary

/// The deterministic model of what iOS does with donations: one on-device Spotlight index and
/// one current activity per device, Handoff between devices, and launches back into the app.
/// Every behaviour is documented, with its source or marked as an assumption, in
/// docs/system-model.md; the section names below match that page.
struct SystemModel {
    /// Core Spotlight's default time to live: "By default it's set to 1 month" (CSSearchableItem.h).
    /// NSUserActivity documents no number; the model assumes the same month.
    static let defaultLifetimeMonths = 1

    let app: ScenarioApp
    private(set) var now: Date
    private(set) var devices: [DeviceState]
    /// Every activity a step defined, by handle.
    private(set) var activities: [String: LiveActivity] = [:]
    /// Orders indexing and becoming current; later is higher.
    private var sequence = 0
    /// SiriKit interactions: the contact card, Siri Suggestions events, check-in shortcuts and the
    /// screens the app shows (SiriModel.swift).
    var siri = SiriModel()
    /// Remote notifications: tokens, APNs' answers, Notification Center (NotificationModel.swift).
    var notifications = NotificationModel()
    /// Regions, beacons and where each device is (LocationModel.swift).
    var location = LocationModel()
    /// The devices where the app is in the foreground: after a launch or a `showScreen`, until a
    /// `leaveApp` step. (The model tracks it for beacon ranging, which needs the foreground.)
    var foreground: Set<Int> = []
    /// The events the app adds to the user's calendar (EventStoreModel.swift).
    var eventStore = EventStoreModel()
    /// The Wallet passes on each device (WalletModel.swift).
    var wallet = WalletModel()
    /// Media suggestions on each device's Lock Screen (MediaModel.swift).
    var media = MediaModel()
    /// The places each device's activities promoted, most recent first, one per name
    /// (LocationSuggestions.swift): what Maps suggests.
    private(set) var recentPlaces: [Int: [LocationSuggestions.Place]] = [:]
    /// What QuickType offered in the text field last focused on each device, and its type.
    var quickType: [Int: (type: LocationSuggestions.TextContentType, suggestions: [String])] = [:]

    /// The place the app switcher's directions banner offers on `device`: the current activity's,
    /// when it describes one.
    func appSwitcherPlace(on device: Int) -> LocationSuggestions.Place? {
        guard devices.indices.contains(device), let handle = devices[device].current, let live = activities[handle], !live.invalidated else {
            return nil
        }
        return LocationSuggestions.Place(handle: handle, activity: live.activity)
    }
    /// The scenario's web: its sites' association files, for the app (its app ID and Associated
    /// Domains). Links and handed-off web pages are decided with it.
    let links: UniversalLinkMatcher

    init(app: ScenarioApp, devices: [Device], clock: Date, sites: [UniversalLinkMatcher.Site] = []) {
        self.app = app
        self.now = clock
        self.devices = devices.map { DeviceState(device: $0) }
        // Not stated: the app is assumed to list every domain the scenario serves.
        self.links = UniversalLinkMatcher(sites: sites, appID: app.appID, associatedDomains: app.associatedDomains)
    }

    /// What iOS does with a web URL opened from `origin`. The scenario's sites are its whole web:
    /// a domain it gives no file for serves none, so its links open in Safari.
    func linkVerdict(for url: String, from origin: LinkOrigin = .otherApp, handoff: Bool = false) -> LinkVerdict {
        let verdict = handoff ? links.continuationVerdict(for: url) : links.verdict(for: url, from: origin)
        guard verdict.outcome == .undecided else { return verdict }
        return LinkVerdict(outcome: .safari, reason: "the scenario's sites give no association file for the link's domain, so iOS opens it in Safari")
    }

    /// Whether the app is on `device` now: the scenario's devices say so at the start, and
    /// `removeApp` and `installApp` steps change it.
    func hasApp(_ device: Int) -> Bool {
        devices.indices.contains(device) && devices[device].device.appInstalled
    }

    /// The app is removed from or installed on `device`. Removing it empties its index entries
    /// on the device and its current activity, and invalidates its notification token.
    mutating func setAppInstalled(_ installed: Bool, on device: Int) {
        guard devices.indices.contains(device), devices[device].device.appInstalled != installed else { return }
        devices[device].device.appInstalled = installed
        if !installed {
            devices[device].removeAll()
            devices[device].current = nil
            notifications.appRemoved(device: device, at: now)
            location.appRemoved(device: device)
            recentPlaces[device] = nil
            quickType[device] = nil
            eventStore.appRemoved(device: device)
            media.appRemoved(device: device)
            foreground.remove(device)
        }
    }

    struct DeviceState {
        var device: Device
        /// The handle of the device's current activity.
        var current: String?
        /// What the index holds. Changed only through the methods below, which keep `search`, the
        /// words of every entry, up to date.
        private(set) var items: [String: IndexedItem] = [:]
        private(set) var indexedActivities: [String: IndexedActivity] = [:]
        private(set) var search = SpotlightIndex()
        /// Each item's `domainIdentifier`, for deletions by domain to scan without copying items.
        private(set) var itemDomains: [String: String] = [:]
        /// No entry expires before this (it may be earlier than the earliest left, after
        /// removals): until the clock reaches it, nothing needs to be looked at for expiry.
        private(set) var earliestExpiry = Date.distantFuture
        var generatedIdentifiers = 0

        init(device: Device) {
            self.device = device
        }

        /// Adds an item, or replaces the one with its identifier.
        mutating func setItem(_ indexed: IndexedItem) {
            items[indexed.identifier] = indexed
            itemDomains[indexed.identifier] = indexed.item.domainIdentifier
            earliestExpiry = min(earliestExpiry, indexed.expiresAt)
            let attributes = indexed.item.attributeSet
            search.set(
                .item(indexed.identifier), title: attributes?.title ?? attributes?.string("displayName"),
                keywords: attributes?.strings("keywords") ?? [], description: attributes?.contentDescription,
                rankingHint: attributes?.number("rankingHint") ?? 0, sequence: indexed.sequence)
        }

        mutating func removeItem(_ identifier: String) {
            guard items.removeValue(forKey: identifier) != nil else { return }
            itemDomains[identifier] = nil
            search.remove(.item(identifier))
        }

        /// Adds an activity, or replaces the one with its handle.
        mutating func setActivity(_ indexed: IndexedActivity) {
            indexedActivities[indexed.handle] = indexed
            earliestExpiry = min(earliestExpiry, indexed.expiresAt)
            let activity = indexed.activity
            let attributes = activity.contentAttributeSet
            search.set(
                .activity(indexed.handle), title: activity.title ?? attributes?.title,
                keywords: (activity.keywords ?? []) + (attributes?.strings("keywords") ?? []), description: attributes?.contentDescription,
                rankingHint: attributes?.number("rankingHint") ?? 0, sequence: indexed.sequence)
        }

        mutating func removeActivity(_ handle: String) {
            guard indexedActivities.removeValue(forKey: handle) != nil else { return }
            search.remove(.activity(handle))
        }

        mutating func removeActivities(where doomed: (IndexedActivity) -> Bool) {
            // Collected first: removing while iterating would copy the dictionary.
            let handles = indexedActivities.values.filter(doomed).map(\.handle)
            for handle in handles { removeActivity(handle) }
        }

        /// Empties the index: items and activities.
        mutating func removeAll() {
            items = [:]
            indexedActivities = [:]
            itemDomains = [:]
            search.removeAll()
        }

        /// The earliest expiration of what is left, once expired entries are gone.
        mutating func recomputeEarliestExpiry() {
            earliestExpiry = min(
                items.values.lazy.map(\.expiresAt).min() ?? .distantFuture, indexedActivities.values.lazy.map(\.expiresAt).min() ?? .distantFuture)
        }
    }

    struct LiveActivity {
        var handle: String
        var device: Int
        var activity: UserActivity
        var invalidated = false
        /// When the activity last became current, for ordering Handoff candidates.
        var currentSequence = 0
        /// When it expires: its expirationDate, or a month after it first became current.
        var expiresAt: Date
    }

    struct IndexedItem {
        var identifier: String
        var item: SearchableItem
        var expiresAt: Date
        var sequence: Int
    }

    struct IndexedActivity {
        var handle: String
        /// The activity as the app donated it; a restore delivers only part of its userInfo.
        var activity: UserActivity
        var isPublic: Bool
        var expiresAt: Date
        var sequence: Int

        /// What the index stores of `userInfo`: the `requiredUserInfoKeys` entries, nothing when
        /// there are none ("the userInfo dictionary will be empty when the activity is restored").
        var storedUserInfo: [PropertyListEntry] {
            guard let required = activity.requiredUserInfoKeys else { return [] }
            return (activity.userInfo ?? []).filter { required.contains($0.key) }
        }
    }

    /// What happened to a donation, for messages ("not indexed: ...").
    enum IndexingNote: Equatable {
        case indexed
        case notEligible
        case expired
        case relatedItemMissing(String)
    }

    // MARK: - Clock

    mutating func advance(_ advance: ClockAdvance) {
        now = advance.apply(to: now)
        removeExpired()
    }

    /// Entries whose expiration date has come leave the index; an item takes the activities tied
    /// to it by `relatedUniqueIdentifier` with it.
    private mutating func removeExpired() {
        // Looked at only once the clock reaches the earliest expiration: indexing calls this
        // after every batch, and scanning the whole index each time made indexing quadratic.
        for index in devices.indices where devices[index].earliestExpiry <= now {
            let expired = devices[index].items.values.filter { $0.expiresAt <= now }.map(\.identifier)
            removeItems(on: index, identifiers: Set(expired))
            devices[index].removeActivities { $0.expiresAt <= now }
            devices[index].recomputeEarliestExpiry()
        }
    }

    // MARK: - Activities

    @discardableResult
    mutating func becomeCurrent(handle: String, device: Int, activity: UserActivity?) -> IndexingNote {
        sequence += 1
        var live: LiveActivity
        if let activity {
            live = LiveActivity(handle: handle, device: device, activity: activity, expiresAt: activity.expirationDate ?? monthsLater(now))
        } else {
            live = activities[handle]!
        }
        live.currentSequence = sequence
        activities[handle] = live
        devices[device].current = handle
        if let place = LocationSuggestions.Place(handle: handle, activity: live.activity) {
            var places = recentPlaces[device] ?? []
            places.removeAll { $0.name == place.name || $0.handle == handle }
            places.insert(place, at: 0)
            recentPlaces[device] = places
        }
        return indexIfEligible(live, on: device)
    }

    /// "Activities eligible for search are indexed while current"; public indexing adds to the
    /// on-device index too (App Search Programming Guide).
    private mutating func indexIfEligible(_ live: LiveActivity, on device: Int) -> IndexingNote {
        let activity = live.activity
        // Becoming current with new properties replaces what the index holds of the activity,
        // so a version that may not be indexed leaves no stale entry behind.
        guard activity.isEligibleForSearch || activity.isEligibleForPublicIndexing else {
            devices[device].removeActivity(live.handle)
            return .notEligible
        }
        guard live.expiresAt > now else {
            devices[device].removeActivity(live.handle)
            return .expired
        }
        if let related = activity.contentAttributeSet?.string("relatedUniqueIdentifier"), devices[device].items[related] == nil {
            // "If the item doesn't exist in the index, the activity will not get stored."
            devices[device].removeActivity(live.handle)
            return .relatedItemMissing(related)
        }
        devices[device].setActivity(
            IndexedActivity(
                handle: live.handle, activity: activity, isPublic: activity.isEligibleForPublicIndexing, expiresAt: live.expiresAt, sequence: sequence
            ))
        return .indexed
    }

    mutating func resignCurrent(handle: String) {
        guard let live = activities[handle], devices[live.device].current == handle else { return }
        devices[live.device].current = nil
    }

    mutating func invalidate(handle: String) {
        resignCurrent(handle: handle)
        activities[handle]?.invalidated = true
    }

    mutating func deleteSavedUserActivities(device: Int, persistentIdentifiers: [String]?) {
        guard let identifiers = persistentIdentifiers else {
            devices[device].removeActivities { _ in true }
            return
        }
        devices[device].removeActivities { $0.activity.persistentIdentifier.map(identifiers.contains) ?? false }
    }

    // MARK: - Core Spotlight

    mutating func index(_ items: [SearchableItem], device: Int) {
        // Once per step, not per item: calendar arithmetic costs more than indexing an item.
        let defaultExpiry = monthsLater(now)
        for item in items {
            sequence += 1
            let identifier: String
            if let given = item.uniqueIdentifier {
                identifier = given
            } else {
                // "If uniqueIdentifier is nil, one is generated."
                devices[device].generatedIdentifiers += 1
                identifier = "(generated \(devices[device].generatedIdentifiers))"
            }
            let expiresAt = item.expirationDate ?? defaultExpiry
            // Re-indexing a uniqueIdentifier replaces the item: indexSearchableItems adds and updates.
            devices[device].setItem(IndexedItem(identifier: identifier, item: item, expiresAt: expiresAt, sequence: sequence))
        }
        removeExpired()
    }

    mutating func delete(_ deletion: SearchableItemDeletion, device: Int) {
        switch deletion {
        case .identifiers(let identifiers):
            removeItems(on: device, identifiers: Set(identifiers))
        case .domainIdentifiers(let domains):
            // "The delete is recursive": deleting `a` removes `a` and `a.b`.
            let parents = domains.map { $0 + "." }
            func within(_ domain: String?) -> Bool {
                guard let domain else { return false }
                return domains.contains(domain) || parents.contains { domain.hasPrefix($0) }
            }
            let doomed = devices[device].itemDomains.filter { within($0.value) }.map(\.key)
            removeItems(on: device, identifiers: Set(doomed))
            // An activity can be deleted through its attribute set's domainIdentifier.
            devices[device].removeActivities { within($0.activity.contentAttributeSet?.string("domainIdentifier")) }
        case .all:
            // Assumption: "all" is everything the app put in the index, activities included.
            devices[device].removeAll()
        }
    }

    /// Removes items and, as CSSearchableItemAttributeSet_General.h says, "When the item is
    /// deleted, the activity will also be deleted".
    private mutating func removeItems(on device: Int, identifiers: Set<String>) {
        guard !identifiers.isEmpty else { return }
        for identifier in identifiers { devices[device].removeItem(identifier) }
        devices[device].removeActivities { $0.activity.contentAttributeSet?.string("relatedUniqueIdentifier").map(identifiers.contains) ?? false }
    }

    // MARK: - Spotlight queries

    struct SearchResult {
        enum Entry {
            case item(IndexedItem)
            case activity(IndexedActivity)
        }

        /// The item or activity, looked up with ``SystemModel/entry(of:device:)`` when a result
        /// is tapped: most results are only shown.
        var key: SpotlightIndex.Key
        var title: String
        var field: SpotlightQuery.Field
        var rankingHint: Double
        var sequence: Int

        var identity: String {
            switch key {
            case .item(let identifier): "item '\(identifier)'"
            case .activity(let handle): "activity '\(handle)'"
            }
        }
    }

    /// The results of `query` on a device, best first: matched in the title before keywords
    /// before the description, then higher `rankingHint`, then the most recently indexed, then
    /// by title and identity so that the order is total. The cost is in proportion to the
    /// entries that may match (``SpotlightIndex``), not to the whole index.
    func search(_ query: String, device: Int) -> [SearchResult] {
        let needles = SpotlightQuery.words(of: query)
        let queryIsASCII = needles.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        var results: [SearchResult] = []
        for entry in devices[device].search.candidates(for: needles) {
            guard let field = SpotlightQuery.match(needles, in: entry.words, queryIsASCII: queryIsASCII) else { continue }
            results.append(SearchResult(key: entry.key, title: entry.title, field: field, rankingHint: entry.rankingHint, sequence: entry.sequence))
        }
        // Sorted by index on the numbers first: moving results while sorting retains and releases
        // their strings at every step, which cost more than the search itself.
        let ranks = results.map { (field: $0.field.rawValue, hint: $0.rankingHint, sequence: $0.sequence) }
        let order = results.indices.sorted { left, right in
            let a = ranks[left]
            let b = ranks[right]
            if a.field != b.field { return a.field < b.field }
            if a.hint != b.hint { return a.hint > b.hint }
            if a.sequence != b.sequence { return a.sequence > b.sequence }
            if results[left].title != results[right].title { return results[left].title < results[right].title }
            return results[left].identity < results[right].identity
        }
        return order.map { results[$0] }
    }

    /// The item or activity a search result stands for, while it is indexed.
    func entry(of result: SearchResult, device: Int) -> SearchResult.Entry? {
        switch result.key {
        case .item(let identifier): devices[device].items[identifier].map { .item($0) }
        case .activity(let handle): devices[device].indexedActivities[handle].map { .activity($0) }
        }
    }

    // MARK: - Handoff

    struct HandoffOffer {
        var kind: HandoffOfferKind
        var activity: LiveActivity?
        /// Why the offer is what it is, for messages.
        var reason: String
        /// Set when the app is offered the activity's web page rather than the activity itself:
        /// accepting launches it with `NSUserActivityTypeBrowsingWeb` (Universal links).
        var webpage: LinkVerdict? = nil
    }

    /// What `device` offers: the most recently current activity of another device that is eligible
    /// for Handoff and not expired.
    func handoffOffer(on device: Int) -> HandoffOffer {
        let candidates = devices.indices.filter { $0 != device }.compactMap { other -> LiveActivity? in
            guard let handle = devices[other].current, let live = activities[handle] else { return nil }
            return live
        }
        let eligible = candidates.filter { $0.activity.isEligibleForHandoff && $0.expiresAt > now }
        let deviceName = devices[device].device.name
        guard let live = eligible.max(by: { $0.currentSequence < $1.currentSequence }) else {
            if let current = candidates.max(by: { $0.currentSequence < $1.currentSequence }) {
                let why = current.activity.isEligibleForHandoff ? "it expired" : "it is not eligible for Handoff"
                return HandoffOffer(
                    kind: .none, activity: nil,
                    reason: "activity '\(current.handle)' is current on '\(devices[current.device].device.name)' but \(why)")
            }
            return HandoffOffer(kind: .none, activity: nil, reason: "no other device has a current activity")
        }
        let from = "activity '\(live.handle)' is current on '\(devices[live.device].device.name)'"
        let hasApp = devices[device].device.appInstalled
        let canContinue = live.activity.activityType.map { app.info.declares(activityType: $0) } ?? false
        if hasApp && canContinue {
            return HandoffOffer(kind: .app, activity: live, reason: "\(from) and '\(deviceName)' has the app")
        }
        let missing =
            hasApp
            ? "the app on '\(deviceName)' does not declare '\(live.activity.activityType ?? "")' in NSUserActivityTypes"
            : "'\(deviceName)' does not have the app"
        if let url = live.activity.webpageURL, url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") {
            // A device with the app that cannot continue the activity itself (Safari's page, a
            // type it does not declare) is offered the page as the app's when the app claims the
            // URL: as a universal link, or through activitycontinuation (docs/system-model.md).
            if hasApp {
                let verdict = linkVerdict(for: url, handoff: true)
                if verdict.outcome == .app {
                    return HandoffOffer(
                        kind: .app, activity: live, reason: "\(from), \(missing), and its webpageURL opens the app (\(verdict.reason))",
                        webpage: verdict)
                }
                return HandoffOffer(
                    kind: .safari, activity: live, reason: "\(from), \(missing), and its webpageURL does not open the app (\(verdict.reason))",
                    webpage: verdict)
            }
            return HandoffOffer(kind: .safari, activity: live, reason: "\(from), \(missing), and the activity has a webpageURL")
        }
        return HandoffOffer(kind: .none, activity: nil, reason: "\(from), but \(missing) and the activity has no webpageURL")
    }

    // MARK: - Helpers

    private func monthsLater(_ date: Date) -> Date {
        ClockAdvance(months: Self.defaultLifetimeMonths).apply(to: date)
    }
}
