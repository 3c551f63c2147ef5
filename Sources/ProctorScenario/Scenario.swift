import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorFiles
import ProctorInputs
import ProctorJSON
import ProctorLinks
import ProctorPayloads
import ProctorVocabulary

/// A scenario file, decoded: what an app donates, what the user does, how the system launches the
/// app back, and what the author expects. The format is documented in docs/scenario-format.md and
/// published as a JSON Schema by `proctor schema`.
package struct Scenario: Sendable {
    /// The version of the format this build reads (`"format": 1`).
    package static let formatVersion = 1
    /// The suffix that marks a scenario file when `proctor run` walks a directory.
    package static let fileSuffix = InputFiles.scenarioSuffix

    package var path: String
    package var name: String
    package var description: String?
    package var tags: [String]
    package var app: ScenarioApp
    package var devices: [Device]
    /// The clock when the first step runs.
    package var clock: Date
    /// What the scenario states about the system where Apple publishes no figure the model could use.
    package var system: SystemAssumptions
    /// The web: each domain's apple-app-site-association file (`sites`). A domain not listed
    /// serves none, so its links open in Safari.
    package var sites: [UniversalLinkMatcher.Site] = []
    package var steps: [Step]
}

/// Limits a scenario may state (`"system"`) where Apple documents only a recommendation: the
/// model applies none of them unless the scenario does, so it never fails what a device would
/// accept (docs/system-model.md, "Assumptions a scenario states").
package struct SystemAssumptions: Sendable {
    package static let keys = ["handoffUserInfoLimit", "maximumRegionMonitoringDistance", "regionCushion"]

    /// Fail a Handoff whose `userInfo` encodes to more bytes than this (as a binary property
    /// list) with `userInfoTooLarge`. Apple recommends "3KB or less" and publishes no hard limit,
    /// so by default nothing fails; a team holding itself to the recommendation states 3072.
    package var handoffUserInfoLimit: Int?
    /// Fail a circular region whose radius is larger, in meters, with regionMonitoringFailure:
    /// `CLLocationManager.maximumRegionMonitoringDistance` is the device's and undocumented, so
    /// by default no radius fails.
    package var maximumRegionMonitoringDistance: Double?
    /// How far past a circular region's edge, in meters, a device must go before its exit is
    /// reported: Apple documents "a system-defined cushion distance" without a number, so 0
    /// unless stated.
    package var regionCushion: Double = 0

    package init(handoffUserInfoLimit: Int? = nil) {
        self.handoffUserInfoLimit = handoffUserInfoLimit
    }
}

/// The app under test: its identity, its Info.plist facts and its launch handlers.
package struct ScenarioApp: Sendable {
    package var bundleIdentifier: String?
    /// The Apple Developer Team ID (ten characters). Only apps of one team continue each other's
    /// activities; recorded for the universal-link checks on the roadmap.
    package var teamIdentifier: String?
    package var info: AppInfo
    package var routes: [Route]
    /// The Associated Domains entitlement (`associatedDomains`); nil when the scenario does not
    /// state it, and then assumed to list every domain of `sites`.
    package var associatedDomains: [AssociatedDomain]? = nil
    /// What the app does when Core Location wakes it for a region event (`regionHandlers`).
    package var regionHandlers: [RegionHandler] = []
    /// A routing app's coverage regions, from its `.geojson` coverage file (`coverageFile`); nil
    /// when the scenario gives none, and then every place is covered.
    package var coverage: CoverageMultiPolygon? = nil
    /// What the app does when the system suggests it as a media app (`media`); nil when the
    /// scenario does not say.
    package var media: MediaApp? = nil
    /// The findings of the quick-action rules on the Info.plist's `UIApplicationShortcutItems`,
    /// built by the engine when the scenario is read and located as the Info.plist's other
    /// problems are; a step that touches an entry shows those about it (``QuickActionFinding``).
    package var quickActionFindings: [QuickActionFinding] = []

    /// `TEAMID.bundle.id`, when both are known: association files must name it.
    package var appID: String? {
        guard let team = teamIdentifier, let bundle = bundleIdentifier ?? info.bundleIdentifier else { return nil }
        return "\(team).\(bundle)"
    }
}

/// A finding of a quick-action rule on the app's static quick actions, with the entry of
/// `UIApplicationShortcutItems` it is about (``LaunchDoorRulesInScenarios``).
package struct QuickActionFinding: Sendable {
    /// The entry's index in the Info.plist's array; nil for a finding about the array as a whole.
    package var entry: Int?
    package var finding: Finding
}

/// A media app's answers to the system (docs/media.md): today, how it prepares playback when the
/// system suggests it after a trigger (`prepare`).
package struct MediaApp: Sendable {
    package static let keys = ["prepare"]
    package var prepare: PlaybackPreparation?
}

/// What the app's `MPPlayableContentDelegate` does when the system, having suggested the app after
/// a trigger such as headphones plugged in, launches it in the background and asks it to prepare
/// a playback queue (`playableContentManager(_:initializePlaybackQueueWithContentItems:
/// completionHandler:)`; seed 000, lines 214-223).
package struct PlaybackPreparation: Sendable {
    package static let keys = ["nowPlayingInfo", "setsNowPlayingInfo", "completion", "streamsContent", "errorsWhenOffline", "startsPlayback"]

    /// When the handler sets `MPNowPlayingInfoCenter.nowPlayingInfo`.
    package enum Timing: String, CaseIterable, Sendable {
        /// Before it calls the completion handler, as the seed says to.
        case beforeCompletion
        /// After: when the system looks, there is nothing to show.
        case afterCompletion
    }

    /// What the handler passes the completion handler.
    package enum Completion: String, CaseIterable, Sendable {
        /// nil: the queue is ready.
        case success
        /// An error: the app cannot play the content, and the system does not promote it.
        case error
    }

    /// The Now Playing information it sets; nil when it sets none.
    package var nowPlayingInfo: NowPlayingInfo?
    package var setsNowPlayingInfo: Timing = .beforeCompletion
    package var completion: Completion = .success
    /// The content is fetched over the network ("if you're fetching remote assets").
    package var streamsContent = false
    /// The handler passes an error when the device has no network ("if the phone's on Airplane
    /// Mode ... error out early").
    package var errorsWhenOffline = false
    /// The handler starts playback itself ("you don't actually want to start playback").
    package var startsPlayback = false
    /// Where the facts are written in the scenario.
    package var pointer: JSONPointer
}

/// What the app's location manager delegate does when a region event wakes it: post a local
/// notification (seed 003: "you then post the local notification"), unless it handled an event of
/// the region less than `minimumInterval` ago (seed 003's "safety check").
package struct RegionHandler: Sendable {
    package var region: String
    /// `entry` or `exit`.
    package var event: String
    package var notification: LocalNotification?
    package var minimumInterval: TimeInterval?
    package var location: SourceLocation
    /// Where the handler is written in the scenario.
    package var pointer: JSONPointer
    /// Where its `region` value is, for a message about it.
    var regionOffset: Int
}

/// `UNMutableNotificationContent`, as a region handler posts it.
package struct LocalNotification: Sendable {
    package static let keys = ["title", "subtitle", "body", "categoryIdentifier", "threadIdentifier", "userInfo", "interruptionLevel"]
    /// `UNNotificationInterruptionLevel`'s cases, and the aps value each stands for.
    package static let interruptionLevels = ["passive": "passive", "active": "active", "timeSensitive": "time-sensitive", "critical": "critical"]

    package var title: String?
    package var subtitle: String?
    package var body: String?
    package var categoryIdentifier: String?
    package var threadIdentifier: String?
    package var userInfo: [PropertyListEntry] = []
    package var interruptionLevel: String?
}

/// One launch handler of the app: a screen `continue userActivity` or `open url` can lead to, what
/// it accepts, and what it needs to restore that screen.
package struct Route: Sendable {
    package var name: String
    /// Activity types the handler switches on, including the system's
    /// `com.apple.corespotlightitem` for Core Spotlight results.
    package var activityTypes: [String]
    /// For `com.apple.corespotlightitem`: only identifiers with this prefix (apps tell their item
    /// kinds apart by identifier).
    package var identifierPrefix: String?
    /// URL patterns the handler opens: `*` stands for any text without `/`, `**` for any text.
    package var urls: [String]
    /// The `userInfo` keys the handler reads; a launch without one of them shows nothing useful.
    package var userInfoKeys: [String]
    /// For a URL route: the query items the handler reads by name (`?id=…`); a URL without one
    /// of them reaches the route and shows nothing useful.
    package var queryItems: [String] = []
    /// For `INGetReservationDetailsIntent` launches: only the whole reservation (`none`) or only
    /// one item (`one`); nil accepts both.
    package var reservationItems: ReservationItemsKind? = nil
    /// Notification categories (`aps.category`) the app's notification response handler routes here.
    package var notificationCategories: [String] = []
    /// The app's own payload keys that bring a tapped notification here, whatever its category.
    package var notificationKeys: [String] = []
    /// Directions requests from Maps (`application(_:open:)` with an `MKDirectionsRequest`).
    package var directionsRequests = false
    /// For directions requests: the handler reads the map items' coordinates and does not
    /// geocode an item that comes with an address only.
    package var needsCoordinates = false
    /// Home Screen quick-action types (`UIApplicationShortcutItem.type`) the app's handler
    /// routes here; `userInfoKeys` are then the keys of the item's `userInfo` the screen needs.
    package var shortcutItemTypes: [String] = []
    /// False: the app's handler takes what this route accepts only while the app runs
    /// (`scene(_:openURLContexts:)`, `windowScene(_:performActionFor:)`, `scene(_:continue:)`
    /// without reading `connectionOptions` in `scene(_:willConnectTo:options:)`), so a launch
    /// from scratch reaches no screen (docs/system-model.md, "Cold and warm launches").
    package var coldLaunch = true
    package var location: SourceLocation
}

/// What a reservation launch asks the app to show: the whole reservation
/// (`reservationItemReferences` nil) or one item of it (one item reference).
package enum ReservationItemsKind: String, Sendable, CaseIterable {
    case none
    case one
}

/// A device signed in to the same account as the others.
package struct Device: Sendable {
    package var name: String
    package var appInstalled: Bool
    /// The user's time zone, in which ``quietHours`` are read (UTC unless stated).
    package var timeZone = TimeZone(identifier: "UTC")!
    /// The hours the user does not want to be disturbed, in their time zone: the window seed 003
    /// asks servers to keep pushes out of.
    package var quietHours: QuietHours?
    /// Whether the device itself silences ``quietHours`` (Do Not Disturb): seed 003 warns that
    /// users "might not use that", so it is off unless stated.
    package var doNotDisturb = false

    package init(name: String, appInstalled: Bool) {
        self.name = name
        self.appInstalled = appInstalled
    }
}

/// A daily window of local time, `from` to `to`, which may span midnight (22:00 to 07:00).
package struct QuietHours: Sendable {
    /// Minutes after midnight.
    package var from: Int
    package var to: Int

    /// Reads `HH:MM` (24-hour).
    package static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    /// Whether `date` falls in the window, in `timeZone`.
    package func contains(_ date: Date, in timeZone: TimeZone) -> Bool {
        let minute = Self.minute(of: date, in: timeZone)
        return from <= to ? (from <= minute && minute < to) : (minute >= from || minute < to)
    }

    package var summary: String { "\(Self.clock(from)) to \(Self.clock(to))" }

    /// `HH:MM` for minutes after midnight.
    package static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// Minutes after midnight at `date` in `timeZone`.
    package static func minute(of date: Date, in timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}

/// One step of a scenario, with where it is written.
package struct Step: Sendable {
    /// 1-based, as reports print it.
    package var number: Int
    package var location: SourceLocation
    /// What the step does: one of the step types of `Steps/` (``ScenarioSteps``). Devices are
    /// indices into ``Scenario/devices``.
    var action: any ScenarioStep

    /// A short description for test case names and messages.
    package var summary: String { action.summary }
}

package enum SearchableItemDeletion: Sendable {
    case identifiers([String])
    /// Recursive: `a` also removes `a.b`.
    case domainIdentifiers([String])
    case all

    var summary: String {
        switch self {
        case .identifiers(let identifiers): "with identifiers \(identifiers.joined(separator: ", "))"
        case .domainIdentifiers(let domains): "with domain identifiers \(domains.joined(separator: ", "))"
        case .all: "all"
        }
    }
}

/// What `deleteInteractions` and `deleteAllInteractions` remove: `INInteraction.delete(with:)`
/// by identifiers or by group identifier, or `deleteAll()`.
package enum InteractionDeletion: Sendable {
    case identifiers([String])
    case groupIdentifier(String)
    case all

    var summary: String {
        switch self {
        case .identifiers(let identifiers): "deleteInteractions with identifiers \(identifiers.joined(separator: ", "))"
        case .groupIdentifier(let group): "deleteInteractions with group identifier \(group)"
        case .all: "deleteAllInteractions"
        }
    }
}

/// The two actions a contact card offers an app for.
package enum ContactCardAction: String, Sendable, CaseIterable {
    /// `INSendMessageIntent`.
    case message
    /// `INStartCallIntent` and the deprecated `INStartAudioCallIntent` and `INStartVideoCallIntent`.
    case call
}

/// `tapContactCard`: the user opens a person's contact card and taps the app's offer.
package struct ContactCardTap: Sendable {
    package var device: Int
    /// The person: a contact identifier, a handle value or a name.
    package var person: String
    package var offer: ContactCardAction
    /// Narrows the offers to one service (`serviceName`).
    package var serviceName: String?
    /// Narrows the offers to one handle value.
    package var handle: String?
}

/// What the app link of a Siri Suggestions calendar event asks the app to show.
package enum CalendarLinkTarget: String, Sendable, CaseIterable {
    /// The whole reservation: `reservationItemReferences` is nil.
    case reservation
    /// The event's item only: `reservationItemReferences` holds its `itemReference`.
    case item
}

/// A forward move of the clock, in calendar units (UTC).
package struct ClockAdvance: Sendable {
    package var months = 0
    package var days = 0
    package var hours = 0
    package var minutes = 0
    package var seconds = 0

    var summary: String {
        [(months, "month"), (days, "day"), (hours, "hour"), (minutes, "minute"), (seconds, "second")]
            .filter { $0.0 != 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " ")
    }

    func apply(to date: Date) -> Date {
        var advanced = date
        if months != 0 {
            // Calendar months in UTC: Core Spotlight's default lifetime is "1 month", not 30 days.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            advanced = calendar.date(byAdding: .month, value: months, to: date) ?? date
        }
        return advanced.addingTimeInterval(TimeInterval(((days * 24 + hours) * 60 + minutes) * 60 + seconds))
    }
}

/// Which Spotlight result the user taps: by title, or by 1-based position.
package enum SpotlightTap: Sendable {
    case title(String)
    case position(Int)

    var summary: String {
        switch self {
        case .title(let title): "'\(title)'"
        case .position(let position): "result \(position)"
        }
    }
}

/// What the author expects the system or the app to have done by this step: one of the kinds of
/// ``ScenarioExpectations``, and where the file states it.
package struct Expectation: Sendable {
    package var location: SourceLocation
    var body: any ScenarioExpectation

    /// The key that names the expectation in the file.
    package var key: String { type(of: body).name }
}

/// Why a launch did not reach a screen with the data it needs.
package enum LaunchFailure: String, Sendable, CaseIterable {
    /// No route accepts what was delivered: the app opens and shows nothing.
    case noRoute
    /// The route needs a `userInfo` key that was not delivered.
    case missingUserInfo
    /// The route reads a query item the opened URL does not carry.
    case missingQueryItem
    /// The delivered activity type is not in `NSUserActivityTypes`.
    case undeclaredActivityType
    /// The Handoff payload is over the model's limit (NSUserActivityHandoffUserInfoTooLargeError).
    case userInfoTooLarge
    /// The URL's scheme is not in `CFBundleURLTypes`.
    case schemeNotDeclared
    /// The device does not have the app.
    case appNotInstalled
    /// A directions request's map item came without coordinates (iOS 10 and later may send one
    /// with an address only) and the route does not geocode it.
    case missingCoordinates
    /// The app was not running and the route's handler takes the launch only while it runs
    /// (`coldLaunch: false`): the launch from scratch reaches no screen.
    case coldLaunchUnhandled
}

/// The activity types the system itself delivers; apps do not declare them in NSUserActivityTypes.
package enum SystemActivityType {
    /// `CSSearchableItemActionType`.
    package static let spotlightItem = "com.apple.corespotlightitem"
    /// `NSUserActivityTypeBrowsingWeb`.
    package static let browsingWeb = "NSUserActivityTypeBrowsingWeb"
    /// `CSSearchableItemActivityIdentifier`'s string value.
    package static let spotlightIdentifierKey = "kCSSearchableItemActivityIdentifier"
}
