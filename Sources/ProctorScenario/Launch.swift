import Foundation
import ProctorCore
import ProctorVocabulary

/// What the system hands the app when it launches it back (docs/system-model.md, "Restore
/// semantics"), and why some `userInfo` keys may be missing.
struct Delivery {
    enum Origin {
        /// A Spotlight result for an indexed activity: only `requiredUserInfoKeys` survive.
        case spotlightActivity(UserActivity)
        /// A Spotlight result for a Core Spotlight item.
        case spotlightItem
        /// Handoff carries the whole `userInfo`.
        case handoff(UserActivity)
        case url
        /// An offer on a contact card, or a calendar event's app link: an interaction, no userInfo.
        case interaction(String)
        /// A check-in shortcut: like a Spotlight restore, only `requiredUserInfoKeys` survive.
        case checkInShortcut(UserActivity)
        /// A place suggested in Maps: like a Spotlight restore, only `requiredUserInfoKeys` survive.
        case locationSuggestion(UserActivity)
        /// A directions request from Maps: two map items, no userInfo.
        case directionsRequest(source: DirectionsModel.Place?, destination: DirectionsModel.Place)
        /// A universal link: `NSUserActivityTypeBrowsingWeb` with the link as `webpageURL` and an
        /// empty `userInfo` (App Search Programming Guide, "Support Universal Links").
        case universalLink
        /// A tapped notification: the app's notification response handler gets the payload, its
        /// own keys as `userInfo` and `aps.category` as the category.
        case notification(category: String?)
        /// A tapped widget: its URL (`widgetURL` or a `Link`) goes straight to the containing
        /// app, with no scheme or association check (docs/system-model.md, "Widgets").
        case widget(kind: String?)
        /// A Home Screen quick action: a `UIApplicationShortcutItem` of this type, with its
        /// `userInfo` (docs/system-model.md, "Home Screen quick actions"). `isStatic`: from the
        /// Info.plist, whose `userInfo` values the model does not read, only its keys.
        case quickAction(type: String, isStatic: Bool)
    }

    var origin: Origin
    var activityType: String?
    var userInfo: [PropertyListEntry]
    var webpageURL: String?
    var url: String?
    /// `NSUserActivity.interaction`, for launches from the contact card and calendar events.
    var interaction: DeliveredInteraction? = nil

    /// Whether the app is offered continuation streams back to the sending device
    /// (`NSUserActivity.getContinuationStreams`): a Handoff of an activity that supports them.
    var continuationStreams: Bool {
        if case .handoff(let activity) = origin { return activity.supportsContinuationStreams }
        return false
    }

    var identifier: String? {
        guard case .spotlightItem = origin else { return nil }
        if case .string(let identifier)? = userInfo.first(where: { $0.key == SystemActivityType.spotlightIdentifierKey })?.value { return identifier }
        return nil
    }

    /// Why `key` is not in the delivered `userInfo`, in the words a failure message needs.
    func whyMissing(_ key: String) -> String {
        switch origin {
        case .spotlightActivity(let activity):
            guard activity.userInfo?.contains(where: { $0.key == key }) == true else {
                return "the donated userInfo has no '\(key)'"
            }
            guard let required = activity.requiredUserInfoKeys else {
                return "the activity sets no requiredUserInfoKeys, so Spotlight restores it with an empty userInfo"
            }
            return
                "'\(key)' is not in requiredUserInfoKeys [\(required.sorted().joined(separator: ", "))], so Spotlight restores the activity without it"
        case .spotlightItem:
            return "a Core Spotlight result delivers only \(SystemActivityType.spotlightIdentifierKey) in userInfo"
        case .handoff:
            return "the donated userInfo has no '\(key)'"
        case .url, .widget:
            return "a URL launch delivers no userInfo"
        case .universalLink:
            return "a universal link delivers its URL as webpageURL and an empty userInfo: read what the screen needs from the URL"
        case .notification:
            return "the notification's payload has no '\(key)' beside aps: the server must send what the screen needs"
        case .directionsRequest:
            return "a directions request delivers two map items and no userInfo"
        case .quickAction(let type, let isStatic):
            return isStatic
                ? "the static quick action '\(type)' has no '\(key)' in its UIApplicationShortcutItemUserInfo"
                : "the quick action '\(type)' the app set in shortcutItems has no '\(key)' in its userInfo"
        case .interaction(let source):
            return "a launch from \(source) delivers an interaction and no userInfo"
        case .locationSuggestion(let activity):
            guard activity.userInfo?.contains(where: { $0.key == key }) == true else {
                return "the place activity's userInfo has no '\(key)'"
            }
            guard let required = activity.requiredUserInfoKeys else {
                return "the place activity sets no requiredUserInfoKeys, so Maps restores it with an empty userInfo"
            }
            return "'\(key)' is not in the place activity's requiredUserInfoKeys [\(required.sorted().joined(separator: ", "))]"
        case .checkInShortcut(let activity):
            guard activity.userInfo?.contains(where: { $0.key == key }) == true else {
                return "the check-in activity's userInfo has no '\(key)'"
            }
            guard let required = activity.requiredUserInfoKeys else {
                return "the check-in activity sets no requiredUserInfoKeys, so the shortcut restores it with an empty userInfo"
            }
            return "'\(key)' is not in the check-in activity's requiredUserInfoKeys [\(required.sorted().joined(separator: ", "))]"
        }
    }

    var summary: String {
        if case .widget = origin, let url { return "the widget's URL \(url)" }
        if let url { return "URL \(url)" }
        if case .quickAction(let type, _) = origin {
            return "the quick action '\(type)', userInfo keys [\(userInfo.map(\.key).sorted().joined(separator: ", "))]"
        }
        if case .directionsRequest(let source, let destination) = origin {
            return "a directions request from \(source?.summary ?? "the current location") to \(destination.summary)"
        }
        if case .notification(let category) = origin {
            let keys = userInfo.map(\.key).sorted()
            return "a notification\(category.map { " of category '\($0)'" } ?? " without a category"), payload keys [\(keys.joined(separator: ", "))]"
        }
        var text = "activity type '\(activityType ?? "")'"
        if let identifier { text += ", identifier '\(identifier)'" }
        let keys = userInfo.map(\.key).sorted()
        text += ", userInfo keys [\(keys.joined(separator: ", "))]"
        if let interaction { text += ", interaction \(interaction.summary)" }
        if continuationStreams { text += ", continuation streams" }
        return text
    }
}

/// The interaction a launch carries, reduced to what apps read from it.
struct DeliveredInteraction {
    var intentClass: String
    /// The handle values of a message's recipients or a call's contacts.
    var recipients: [String] = []
    var serviceName: String?
    var reservationContainerReference: SpeakableString?
    /// nil: the whole reservation.
    var reservationItemReferences: [SpeakableString]?

    var isReservation: Bool { intentClass == IntentClass.getReservationDetails.rawValue }

    var summary: String {
        var parts = [intentClass]
        if isReservation {
            parts.append("container \(reservationContainerReference.map { "'\($0.identity)'" } ?? "nil")")
            parts.append("items \(reservationItemReferences.map { "[" + $0.map { "'\($0.identity)'" }.joined(separator: ", ") + "]" } ?? "nil")")
        } else {
            parts.append("recipients [\(recipients.map { "'\($0)'" }.joined(separator: ", "))]")
            if let serviceName { parts.append("service '\(serviceName)'") }
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }
}

/// A launch the scenario caused, and how the app handled it.
struct Launch {
    enum Outcome {
        case routed(Route)
        case failed(LaunchFailure, route: Route?, message: String)
        /// The system opened the URL in Safari instead of the app.
        case safari(String)
        /// Two routes accept the launch: the scenario is wrong, not the app.
        case ambiguous([Route])
    }

    var step: Step
    var device: Int
    /// How the user got here: "tapped 'Tony's Pizza' in Spotlight".
    var cause: String
    var delivery: Delivery?
    var outcome: Outcome
    /// Whether the app was not running when the launch came (docs/system-model.md, "Cold and
    /// warm launches").
    var coldLaunch = false

    var succeeded: Bool {
        switch outcome {
        case .routed, .safari: true
        case .failed, .ambiguous: false
        }
    }

    var outcomeSummary: String {
        switch outcome {
        case .routed(let route): "the app shows route '\(route.name)'"
        case .failed(let failure, _, let message): "\(failure.rawValue): \(message)"
        case .safari(let url): "Safari opens \(url)"
        case .ambiguous(let routes): "routes \(routes.map { "'\($0.name)'" }.joined(separator: " and ")) both accept it"
        }
    }
}

/// Resolves a delivery to exactly one route (docs/system-model.md, "Launch routing").
enum LaunchRouter {
    static func route(_ delivery: Delivery, app: ScenarioApp) -> Launch.Outcome {
        let candidates = app.routes.filter { accepts($0, delivery) }
        guard let route = candidates.first else {
            return .failed(.noRoute, route: nil, message: "no route accepts \(delivery.summary), so the app opens and shows nothing")
        }
        if candidates.count > 1 { return .ambiguous(candidates) }
        if let type = delivery.activityType, !isSystemType(type), !app.info.declares(activityType: type) {
            return .failed(
                .undeclaredActivityType, route: route,
                message: "activity type '\(type)' is not in the app's NSUserActivityTypes, so the system does not continue it")
        }
        if case .directionsRequest(let source, let destination) = delivery.origin, route.needsCoordinates {
            for (role, place) in [("destination", Optional(destination)), ("start", source)] {
                guard let place, !place.hasCoordinates else { continue }
                return .failed(
                    .missingCoordinates, route: route,
                    message:
                        "the \(role)\(place.name.map { " '\($0)'" } ?? "")\(place.address.map { " ('\($0)')" } ?? "") comes without coordinates and route '\(route.name)' needs them: since iOS 10 a map item may carry only an address, which the app must geocode"
                )
            }
        }
        let delivered = Set(delivery.userInfo.map(\.key))
        let missing = route.userInfoKeys.filter { !delivered.contains($0) }
        if !missing.isEmpty {
            let reasons = missing.map { "'\($0)', which is missing: \(delivery.whyMissing($0))" }
            return .failed(.missingUserInfo, route: route, message: "route '\(route.name)' needs \(reasons.joined(separator: "; and "))")
        }
        // The query items the route reads, from the URL opened or the universal link's webpage URL.
        if !route.queryItems.isEmpty, let url = delivery.url ?? delivery.webpageURL {
            let given = Set(URLPattern.queryItemNames(of: url))
            let missing = route.queryItems.filter { !given.contains($0) }
            if !missing.isEmpty {
                let items = missing.map { "'\($0)'" }.joined(separator: ", ")
                return .failed(
                    .missingQueryItem, route: route,
                    message:
                        "route '\(route.name)' reads the query item\(missing.count == 1 ? "" : "s") \(items), which \(url) does not carry: add \(missing.map { "\($0)=…" }.joined(separator: "&")) to its query"
                )
            }
        }
        return .routed(route)
    }

    static func isSystemType(_ type: String) -> Bool {
        type == SystemActivityType.spotlightItem || type == SystemActivityType.browsingWeb
    }

    private static func accepts(_ route: Route, _ delivery: Delivery) -> Bool {
        if case .directionsRequest = delivery.origin { return route.directionsRequests }
        if case .notification(let category) = delivery.origin {
            // By category, or by one of the app's own keys in the payload.
            if let category, route.notificationCategories.contains(category) { return true }
            return delivery.userInfo.contains { route.notificationKeys.contains($0.key) }
        }
        if case .quickAction(let type, _) = delivery.origin { return route.shortcutItemTypes.contains(type) }
        if let url = delivery.url { return route.urls.contains { URLPattern.matches($0, url) } }
        if case .universalLink = delivery.origin, let link = delivery.webpageURL {
            // A route opens a universal link by its URL patterns, or, without patterns, takes
            // every browsing-web activity.
            return route.urls.isEmpty
                ? route.activityTypes.contains(SystemActivityType.browsingWeb) : route.urls.contains { URLPattern.matches($0, link) }
        }
        guard let type = delivery.activityType, route.activityTypes.contains(type) else { return false }
        if let prefix = route.identifierPrefix { return delivery.identifier?.hasPrefix(prefix) ?? false }
        if let kind = route.reservationItems, type == IntentClass.getReservationDetails.rawValue {
            // Whole reservation (no item references) or exactly one item.
            let count = delivery.interaction?.reservationItemReferences?.count
            return kind == .none ? count == nil : count == 1
        }
        return true
    }
}
