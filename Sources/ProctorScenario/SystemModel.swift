import Foundation
import ProctorVocabulary

/// The deterministic model of what iOS does with donations: one on-device Spotlight index and
/// one current activity per device, Handoff between devices, and launches back into the app.
/// Every behaviour is documented, with its source or marked as an assumption, in
/// docs/system-model.md; the section names below match that page.
struct SystemModel {
    /// Core Spotlight's default time to live: "By default it's set to 1 month" (CSSearchableItem.h).
    /// NSUserActivity documents no number; the model assumes the same month.
    static let defaultLifetimeMonths = 1
    /// The Handoff payload the model transfers: Apple recommends "3KB or less" and publishes no
    /// hard limit; the model fails larger payloads the way a too-large one fails on a device.
    static let handoffUserInfoLimit = 3072

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

    init(app: ScenarioApp, devices: [Device], clock: Date) {
        self.app = app
        self.now = clock
        self.devices = devices.map { DeviceState(device: $0) }
    }

    struct DeviceState {
        var device: Device
        /// The handle of the device's current activity.
        var current: String?
        var items: [String: IndexedItem] = [:]
        var indexedActivities: [String: IndexedActivity] = [:]
        var generatedIdentifiers = 0
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
        for index in devices.indices {
            let expired = devices[index].items.values.filter { $0.expiresAt <= now }.map(\.identifier)
            removeItems(on: index, identifiers: Set(expired))
            devices[index].indexedActivities = devices[index].indexedActivities.filter { $0.value.expiresAt > now }
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
        return indexIfEligible(live, on: device)
    }

    /// "Activities eligible for search are indexed while current"; public indexing adds to the
    /// on-device index too (App Search Programming Guide).
    private mutating func indexIfEligible(_ live: LiveActivity, on device: Int) -> IndexingNote {
        let activity = live.activity
        // Becoming current with new properties replaces what the index holds of the activity,
        // so a version that may not be indexed leaves no stale entry behind.
        guard activity.isEligibleForSearch || activity.isEligibleForPublicIndexing else {
            devices[device].indexedActivities[live.handle] = nil
            return .notEligible
        }
        guard live.expiresAt > now else {
            devices[device].indexedActivities[live.handle] = nil
            return .expired
        }
        if let related = activity.contentAttributeSet?.string("relatedUniqueIdentifier"), devices[device].items[related] == nil {
            // "If the item doesn't exist in the index, the activity will not get stored."
            devices[device].indexedActivities[live.handle] = nil
            return .relatedItemMissing(related)
        }
        devices[device].indexedActivities[live.handle] = IndexedActivity(
            handle: live.handle, activity: activity, isPublic: activity.isEligibleForPublicIndexing, expiresAt: live.expiresAt, sequence: sequence)
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
            devices[device].indexedActivities = [:]
            return
        }
        devices[device].indexedActivities = devices[device].indexedActivities.filter { entry in
            !(entry.value.activity.persistentIdentifier.map(identifiers.contains) ?? false)
        }
    }

    // MARK: - Core Spotlight

    mutating func index(_ items: [SearchableItem], device: Int) {
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
            let expiresAt = item.expirationDate ?? monthsLater(now)
            // Re-indexing a uniqueIdentifier replaces the item: indexSearchableItems adds and updates.
            devices[device].items[identifier] = IndexedItem(identifier: identifier, item: item, expiresAt: expiresAt, sequence: sequence)
        }
        removeExpired()
    }

    mutating func delete(_ deletion: SearchableItemDeletion, device: Int) {
        switch deletion {
        case .identifiers(let identifiers):
            removeItems(on: device, identifiers: Set(identifiers))
        case .domainIdentifiers(let domains):
            // "The delete is recursive": deleting `a` removes `a` and `a.b`.
            func within(_ domain: String?) -> Bool {
                guard let domain else { return false }
                return domains.contains { domain == $0 || domain.hasPrefix($0 + ".") }
            }
            let doomed = devices[device].items.values.filter { within($0.item.domainIdentifier) }.map(\.identifier)
            removeItems(on: device, identifiers: Set(doomed))
            // An activity can be deleted through its attribute set's domainIdentifier.
            devices[device].indexedActivities = devices[device].indexedActivities.filter { !within($0.value.activity.contentAttributeSet?.string("domainIdentifier")) }
        case .all:
            // Assumption: "all" is everything the app put in the index, activities included.
            devices[device].items = [:]
            devices[device].indexedActivities = [:]
        }
    }

    /// Removes items and, as CSSearchableItemAttributeSet_General.h says, "When the item is
    /// deleted, the activity will also be deleted".
    private mutating func removeItems(on device: Int, identifiers: Set<String>) {
        guard !identifiers.isEmpty else { return }
        for identifier in identifiers { devices[device].items[identifier] = nil }
        devices[device].indexedActivities = devices[device].indexedActivities.filter { entry in
            !(entry.value.activity.contentAttributeSet?.string("relatedUniqueIdentifier").map(identifiers.contains) ?? false)
        }
    }

    // MARK: - Spotlight queries

    struct SearchResult {
        enum Entry {
            case item(IndexedItem)
            case activity(IndexedActivity)
        }

        var entry: Entry
        var title: String
        var field: SpotlightQuery.Field
        var rankingHint: Double
        var sequence: Int

        var identity: String {
            switch entry {
            case .item(let item): "item '\(item.identifier)'"
            case .activity(let activity): "activity '\(activity.handle)'"
            }
        }
    }

    /// The results of `query` on a device, best first: matched in the title before keywords
    /// before the description, then higher `rankingHint`, then the most recently indexed, then
    /// by title and identity so that the order is total.
    func search(_ query: String, device: Int) -> [SearchResult] {
        let needles = SpotlightQuery.words(of: query)
        var results: [SearchResult] = []
        let state = devices[device]
        for item in state.items.values {
            let attributes = item.item.attributeSet
            guard let title = attributes?.title ?? attributes?.string("displayName") else { continue }
            let keywords = (attributes?.strings("keywords") ?? []).flatMap(SpotlightQuery.words)
            guard let field = SpotlightQuery.match(needles, title: SpotlightQuery.words(of: title), keywords: keywords, description: SpotlightQuery.words(of: attributes?.contentDescription ?? "")) else { continue }
            results.append(SearchResult(entry: .item(item), title: title, field: field, rankingHint: attributes?.number("rankingHint") ?? 0, sequence: item.sequence))
        }
        for indexed in state.indexedActivities.values {
            let activity = indexed.activity
            let attributes = activity.contentAttributeSet
            guard let title = activity.title ?? attributes?.title else { continue }
            let keywords = ((activity.keywords ?? []) + (attributes?.strings("keywords") ?? [])).flatMap(SpotlightQuery.words)
            guard let field = SpotlightQuery.match(needles, title: SpotlightQuery.words(of: title), keywords: keywords, description: SpotlightQuery.words(of: attributes?.contentDescription ?? "")) else { continue }
            results.append(SearchResult(entry: .activity(indexed), title: title, field: field, rankingHint: attributes?.number("rankingHint") ?? 0, sequence: indexed.sequence))
        }
        return results.sorted { a, b in
            if a.field != b.field { return a.field < b.field }
            if a.rankingHint != b.rankingHint { return a.rankingHint > b.rankingHint }
            if a.sequence != b.sequence { return a.sequence > b.sequence }
            if a.title != b.title { return a.title < b.title }
            return a.identity < b.identity
        }
    }

    // MARK: - Handoff

    struct HandoffOffer {
        var kind: HandoffOfferKind
        var activity: LiveActivity?
        /// Why the offer is what it is, for messages.
        var reason: String
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
                return HandoffOffer(kind: .none, activity: nil, reason: "activity '\(current.handle)' is current on '\(devices[current.device].device.name)' but \(why)")
            }
            return HandoffOffer(kind: .none, activity: nil, reason: "no other device has a current activity")
        }
        let from = "activity '\(live.handle)' is current on '\(devices[live.device].device.name)'"
        let hasApp = devices[device].device.appInstalled
        let canContinue = live.activity.activityType.map { app.info.declares(activityType: $0) } ?? false
        if hasApp && canContinue {
            return HandoffOffer(kind: .app, activity: live, reason: "\(from) and '\(deviceName)' has the app")
        }
        let missing = hasApp ? "the app on '\(deviceName)' does not declare '\(live.activity.activityType ?? "")' in NSUserActivityTypes" : "'\(deviceName)' does not have the app"
        if let url = live.activity.webpageURL, url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") {
            return HandoffOffer(kind: .safari, activity: live, reason: "\(from), \(missing), and the activity has a webpageURL")
        }
        return HandoffOffer(kind: .none, activity: nil, reason: "\(from), but \(missing) and the activity has no webpageURL")
    }

    // MARK: - Helpers

    private func monthsLater(_ date: Date) -> Date {
        ClockAdvance(months: Self.defaultLifetimeMonths).apply(to: date)
    }
}
