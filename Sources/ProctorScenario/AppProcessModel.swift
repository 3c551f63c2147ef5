import Foundation
import ProctorAppFacts
import ProctorVocabulary

/// Whether the app runs on each device, and the Home Screen quick actions it set: what tells a
/// launch from scratch (cold) from one into the running app (warm), and what a touch and hold
/// on its icon shows (docs/system-model.md, "Cold and warm launches", "Home Screen quick
/// actions").
///
/// "Runs" means the app has its scene connected: a scenario starts with the app not running; it
/// runs after any launch that opens it and after any step the app itself performs (it donates,
/// indexes, shows a screen, sets its quick actions: it must be open to do so), and stops with
/// `terminateApp` or `removeApp`. Assumption: a wake-up in the background (a region event, a push)
/// connects no scene, so it does not count; Apple documents that a scene-based app gets a launch's
/// URL, shortcut item or activity in `scene(_:willConnectTo:options:)` when the scene connects,
/// and in `scene(_:openURLContexts:)`, `windowScene(_:performActionFor:completionHandler:)` or
/// `scene(_:continue:)` while it is connected.
struct AppProcesses: FeatureState {
    var running: Set<Int> = []
    /// `UIApplication.shared.shortcutItems` on each device, as the app last set them.
    var dynamicShortcutItems: [Int: [DynamicShortcutItem]] = [:]
}

/// A `UIApplicationShortcutItem` the app sets at run time (`setShortcutItems`).
struct DynamicShortcutItem: Sendable {
    var type: String
    var title: String
    var subtitle: String?
    /// The icon, as the Info.plist names `UIApplicationShortcutIcon.IconType`'s cases
    /// (`UIApplicationShortcutIconTypeCompose`), for the rules that judge it.
    var iconType: String? = nil
    var userInfo: [PropertyListEntry]
}

extension ScenarioPlayer {
    /// The steps the app itself performs, which it can do only while it runs.
    static let stepsTheAppPerforms: Set<String> = [
        BecomeCurrentStep.name, ResignCurrentStep.name, InvalidateStep.name, IndexStep.name, DeleteSearchableItemsStep.name,
        DeleteAllSearchableItemsStep.name, DeleteSavedUserActivitiesStep.name, DeleteAllSavedUserActivitiesStep.name, DonateStep.name,
        ShowScreenStep.name, DeleteInteractionsStep.name, DeleteAllInteractionsStep.name, RegisterForRemoteNotificationsStep.name,
        RequestNotificationAuthorizationStep.name, MonitorRegionStep.name, StopMonitoringRegionStep.name, StartRangingBeaconsStep.name,
        RequestCalendarAccessStep.name, AddCalendarEventStep.name, FocusTextFieldStep.name, SetShortcutItemsStep.name,
    ]

    func appRuns(on device: Int) -> Bool { features[AppProcesses.self].running.contains(device) }

    mutating func appStarted(on device: Int) { features[AppProcesses.self].running.insert(device) }

    mutating func appTerminated(on device: Int) { features[AppProcesses.self].running.remove(device) }

    /// What a step did to the app's process: the app runs after a step it performs; removing it
    /// ends it and drops the quick actions it set, which a new install does not have.
    mutating func noteAppProcess(after step: Step) {
        guard let device = step.action.device(on: self) else { return }
        let name = type(of: step.action).name
        if name == RemoveAppStep.name {
            appTerminated(on: device)
            features[AppProcesses.self].dynamicShortcutItems[device] = nil
        } else if Self.stepsTheAppPerforms.contains(name), hasApp(device) {
            // A donation from the background (an extension, a background task) connects no scene.
            if let donation = step.action as? DonateStep, donation.background { return }
            appStarted(on: device)
        }
    }

    /// The outcome of a launch that came while the app was not running: a route whose handler
    /// takes its launches only while the app runs (`coldLaunch: false`) is never called.
    static func fromScratch(_ outcome: Launch.Outcome, delivery: Delivery?) -> Launch.Outcome {
        let route: Route
        switch outcome {
        case .routed(let reached): route = reached
        case .failed(.missingUserInfo, let reached?, _), .failed(.missingQueryItem, let reached?, _), .failed(.missingCoordinates, let reached?, _):
            route = reached
        default: return outcome
        }
        guard !route.coldLaunch, let delivery else { return outcome }
        return .failed(
            .coldLaunchUnhandled, route: route,
            message:
                "the app was not running, and the handler of route '\(route.name)' takes \(delivery.subject) only while the app runs (\"coldLaunch\": false), so starting the app with it shows nothing: \(delivery.coldLaunchRemedy)"
        )
    }
}

extension Delivery {
    /// What the launch hands the app, in a few words.
    var subject: String {
        switch origin {
        case .widget: "the widget's URL \(url ?? "")"
        case .url: "the URL \(url ?? "")"
        case .quickAction(let type, _): "the quick action '\(type)'"
        case .universalLink: "the universal link \(webpageURL ?? "")"
        case .notification: "a tapped notification"
        case .directionsRequest: "a directions request"
        case .spotlightActivity, .spotlightItem, .handoff, .interaction, .checkInShortcut, .locationSuggestion:
            "the activity '\(activityType ?? "")'"
        }
    }

    /// Whether the delivered `userInfo` values are the app's: a static quick action's are not
    /// read, only its keys.
    var userInfoValuesKnown: Bool {
        if case .quickAction(_, isStatic: true) = origin { return false }
        return true
    }

    /// What the app must add to take this launch when it starts the app.
    var coldLaunchRemedy: String {
        switch origin {
        case .url, .widget, .directionsRequest:
            "read connectionOptions.urlContexts in scene(_:willConnectTo:options:) as scene(_:openURLContexts:) reads its URLContexts (SwiftUI's onOpenURL gets both)"
        case .quickAction:
            "read connectionOptions.shortcutItem in scene(_:willConnectTo:options:) as windowScene(_:performActionFor:completionHandler:) reads its item (without scenes: launchOptions[.shortcutItem] in application(_:didFinishLaunchingWithOptions:))"
        case .notification:
            "set UNUserNotificationCenter.current().delegate before application(_:didFinishLaunchingWithOptions:) returns, so that userNotificationCenter(_:didReceive:withCompletionHandler:) gets the tap that launched the app"
        case .spotlightActivity, .spotlightItem, .handoff, .interaction, .checkInShortcut, .locationSuggestion, .universalLink:
            "read connectionOptions.userActivities in scene(_:willConnectTo:options:) as scene(_:continue:) reads its activity"
        }
    }
}
