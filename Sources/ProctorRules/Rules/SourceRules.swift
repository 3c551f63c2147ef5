import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// Rules over an app's Swift sources taken together, judged by proctor scan (docs/scan.md): what
// the code donates against what its launch handlers take. Their examples are Swift files.

private let seedRestore = "WWDC16 session 240 (seed 000): the launch handler restores from userInfo; requiredUserInfoKeys lists what it needs"
private let continuing =
    "Apple, UIKit, application(_:continue:restorationHandler:) and scene(_:continue:); SwiftUI, onContinueUserActivity(_:perform:)"
private let places = #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view"]}"#

/// A Swift example: a view controller that donates `donation` (with `members` beside the method
/// that does) and a scene delegate whose `scene(_:continue:)` body is `handler` (with
/// `delegateMembers` beside it).
private func swift(donation: String, handler: String, members: String = "", delegateMembers: String = "") -> String {
    """
    import UIKit

    enum ActivityType {
        static let viewPlace = "com.example.places.view"
    }

    final class PlaceViewController: UIViewController {
        func show(_ place: Place) {
    \(donation)
        }
    \(members.isEmpty ? "" : "\n" + members + "\n")}

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    \(handler)
        }
    \(delegateMembers.isEmpty ? "" : "\n" + delegateMembers + "\n")}
    """
}

private let donate = """
            let activity = NSUserActivity(activityType: ActivityType.viewPlace)
            activity.title = place.name
            activity.userInfo = ["placeID": place.id, "tab": "menu"]
            activity.requiredUserInfoKeys = ["placeID"]
            activity.isEligibleForSearch = true
            userActivity = activity
    """

private let restore = """
            switch userActivity.activityType {
            case ActivityType.viewPlace:
                guard let id = userActivity.userInfo?["placeID"] as? String else { return }
                router.showPlace(id)
            default:
                break
            }
    """

/// A donated type has a handler.
struct SourceDonatedTypeHandledRule: Rule {
    static let description = RuleDescription(
        id: "source_donated_type_handled",
        name: "Donated Activity Type Is Handled",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "Every activity type the code donates must be taken by a launch handler (a case of the handler's switch on activityType, or onContinueUserActivity).",
        rationale: """
            When the user picks a donated activity in Spotlight, Handoff or a suggestion, iOS \
            launches the app with it; the handler looks at activityType to decide which screen to \
            restore (seed 000: check the type, then restore from userInfo). A type no handler \
            takes opens the app on whatever screen it opens to, and the user's place is lost. \
            Judged when the scan found handlers but none for the type; a handler that takes every \
            type without telling them apart answers for all of them. An activity of type \
            NSUserActivityTypeBrowsingWeb hands its web page to the other device's browser, which \
            opens it unless an app claims the link, so it needs no handler of the app's. An \
            activity made in stateRestorationActivity and never made current is UIKit's state \
            restoration: it comes back in the scene session's stateRestorationActivity when the \
            scene reconnects, not through a continue handler.
            """,
        sources: [
            seedRestore + " [H]", continuing + " [H]",
            "Apple, UISceneDelegate.stateRestorationActivity(for:) and UISceneSession.stateRestorationActivity [H]",
        ],
        passing: [
            RuleExample(swift(donation: donate, handler: restore), named: "App.swift"),
            // The page handed to the other device's browser, beside the app's own activity.
            RuleExample(
                swift(
                    donation: donate + """

                                let page = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
                                page.webpageURL = URL(string: "https://places.example.com/p-1")
                                page.becomeCurrent()
                        """, handler: restore), named: "App.swift"),
            // State restoration: UIKit hands it back with the scene's session, not to a handler.
            RuleExample(
                swift(
                    donation: donate, handler: restore,
                    members: """
                            var stateRestorationActivity: NSUserActivity {
                                let activity = NSUserActivity(activityType: "com.example.places.restoration")
                                activity.persistentIdentifier = "scene-state"
                                return activity
                            }
                        """), named: "App.swift"),
        ],
        failing: [
            RuleExample(
                swift(donation: donate, handler: restore.replacingOccurrences(of: "ActivityType.viewPlace:", with: "\"com.example.places.list\":")),
                named: "App.swift", at: ["/PlaceViewController.show(_:)/donation/com.example.places.view"]),
            // A Core Spotlight item is continued as CSSearchableItemActionType, which no case takes.
            RuleExample(
                swift(
                    donation: donate, handler: restore,
                    members: """
                            func indexHome() {
                                let attributes = CSSearchableItemAttributeSet(contentType: .text)
                                attributes.title = "Places near you"
                                let item = CSSearchableItem(uniqueIdentifier: "home", domainIdentifier: "screens", attributeSet: attributes)
                                CSSearchableIndex.default().indexSearchableItems([item])
                            }
                        """),
                named: "App.swift", at: ["/PlaceViewController.indexHome()/searchableItem/home"]),
            // A SiriKit interaction is continued as its intent's class name, which no case takes.
            RuleExample(
                swift(
                    donation: donate, handler: restore,
                    members: """
                            func call(_ place: Place) {
                                let contact = INPerson(personHandle: INPersonHandle(value: "+1 415 555 0100", type: .phoneNumber), nameComponents: nil, displayName: "Golden Crust", image: nil, contactIdentifier: nil, customIdentifier: "p-1")
                                let interaction = INInteraction(intent: INStartCallIntent(callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown, destinationType: .normal, contacts: [contact], callCapability: .audioCall), response: nil)
                                interaction.direction = .outgoing
                                interaction.donate(completion: nil)
                            }
                        """),
                named: "App.swift", at: ["/PlaceViewController.call(_:)/interaction/INStartCallIntent"]),
        ])

    func check(_ donation: SourceDonation, in context: RuleContext) -> [Violation] {
        guard donation.handlerCount > 0, donation.handlers.isEmpty, !donation.anyTypeHandled, donation.activityType != UserActivity.browsingWebType,
            !donation.returnedForStateRestoration
        else { return [] }
        if donation.isInteraction {
            return [
                Violation(
                    "this \(donation.activityType) interaction is donated here, but no launch handler the scan found takes '\(donation.activityType)', so tapping its suggestion or the contact card's button opens the app without carrying on",
                    at: donation.pointer)
            ]
        }
        if donation.isSearchableItem {
            return [
                Violation(
                    "this Core Spotlight item is indexed here, but no launch handler the scan found takes CSSearchableItemActionType, so tapping it in Spotlight opens the app without showing it",
                    at: donation.pointer)
            ]
        }
        return [
            Violation(
                "activity type '\(donation.activityType)' is donated here, but no launch handler the scan found takes it, so continuing it opens the app without restoring the screen",
                at: donation.pointer)
        ]
    }
}

/// What a handler reads on restore is what the donation keeps.
struct SourceRestoredKeysRequiredRule: Rule {
    static let description = RuleDescription(
        id: "source_restored_keys_required",
        name: "Keys A Handler Reads Are Required",
        category: .activity,
        defaultSeverity: .error,
        summary: "The userInfo keys a launch handler reads for an activity type must be in the requiredUserInfoKeys of the donations of that type.",
        rationale: """
            When an activity comes back from the on-device index (a Spotlight result, a \
            suggestion), iOS restores only the userInfo keys listed in requiredUserInfoKeys: the \
            seed's restore bug is a handler that reads a key the donation set but did not require, \
            which is there in Handoff and missing after a search. Judged when the donation sets \
            requiredUserInfoKeys to constants; a donation that sets none is \
            required_user_info_keys_unset's.
            """,
        sources: [seedRestore + " [H]", "Apple, Foundation, NSUserActivity.requiredUserInfoKeys [H]"],
        passing: [RuleExample(swift(donation: donate, handler: restore), named: "App.swift")],
        failing: [
            RuleExample(
                swift(
                    donation: donate,
                    handler: restore.replacingOccurrences(
                        of: "router.showPlace(id)", with: "router.showPlace(id, tab: userActivity.userInfo?[\"tab\"] as? String)")),
                named: "App.swift", at: ["/SceneDelegate.scene(_:continue:)/handler/com.example.places.view/userInfo/tab"])
        ])

    func check(_ donation: SourceDonation, in context: RuleContext) -> [Violation] {
        guard let required = donation.requiredUserInfoKeys else { return [] }
        var seen: Set<String> = []
        return donation.keysRead.filter { !required.contains($0.key) && seen.insert($0.pointer.description).inserted }.map { read in
            Violation(
                "\(read.handler) reads userInfo '\(read.key)' for '\(donation.activityType)', but the donation in \(donation.symbol) does not list it in requiredUserInfoKeys (\(required.sorted().joined(separator: ", "))), so it is missing when the activity comes back from search",
                at: read.pointer)
        }
    }
}

/// What a handler reads is what the donations of its type set.
struct SourceHandlerKeyDonatedRule: Rule {
    static let description = RuleDescription(
        id: "source_handler_key_donated",
        name: "Keys A Handler Reads Are Donated",
        category: .activity,
        defaultSeverity: .warning,
        summary: "The userInfo keys a launch handler reads for an activity type should be set by the donations of that type.",
        rationale: """
            Apple documents userInfo as the app's own state, "needed to continue an activity", \
            which the code that continues it reads back (seed 000: check the type, then restore \
            from userInfo). A key a handler reads that no donation of its type sets is never \
            there: the handler finds nil, on every device and whichever way the activity comes \
            back, and the screen is not restored. Usually a key renamed on one side, or the \
            constant of another key. Judged when the scan found donations of the type and reads \
            every one's userInfo key by key: a userInfo computed at run time, written through a \
            subscript, added by code the activity is handed to, or a donation whose type is \
            computed (which may be this type), leaves the type out, with no guess. A warning: \
            Apple documents no failure of the system here, only the app's logic, and the activity \
            may come from code the scan did not read (the app's Mac version, over Handoff).
            """,
        sources: [
            "Apple, Foundation, NSUserActivity.userInfo: \"app-specific state information needed to continue an activity\" [H]",
            "Apple, UIKit, UIUserActivityRestoring.restoreUserActivityState(_:): restore \"using the state data contained in the specified user activity's userInfo dictionary\" [H]",
            seedRestore + " [H]",
        ],
        passing: [RuleExample(swift(donation: donate, handler: restore), named: "App.swift")],
        failing: [
            RuleExample(
                swift(donation: donate, handler: restore.replacingOccurrences(of: "userInfo?[\"placeID\"]", with: "userInfo?[\"placeId\"]")),
                named: "App.swift", at: ["/SceneDelegate.scene(_:continue:)/handler/com.example.places.view/userInfo/placeId"]),
            // A donation that sets no userInfo at all.
            RuleExample(
                swift(
                    donation: donate.replacingOccurrences(of: "activity.userInfo = [\"placeID\": place.id, \"tab\": \"menu\"]\n", with: ""),
                    handler: restore),
                named: "App.swift", at: ["/SceneDelegate.scene(_:continue:)/handler/com.example.places.view/userInfo/placeID"]),
        ])

    func check(_ handler: SourceHandler, in context: RuleContext) -> [Violation] {
        guard !handler.isSystemType, let donated = handler.donatedKeys else { return [] }
        var seen: Set<String> = []
        return handler.keysRead.filter { !donated.contains($0.key) && seen.insert($0.key).inserted }.map { read in
            let set = donated.isEmpty ? "set no userInfo" : "set only \(donated.sorted().map { "'\($0)'" }.joined(separator: ", "))"
            let donors = Array(Set(handler.donors)).sorted().joined(separator: ", ")
            return Violation(
                "\(handler.symbol) reads userInfo '\(read.key)' for '\(handler.activityType)', but the donations of that type (in \(donors)) \(set), so the handler finds nothing there\(Suggestion.phrase(for: read.key, among: Array(donated)))",
                at: read.pointer)
        }
    }
}

/// A donation reaches the system.
struct SourceDonationMadeCurrentRule: Rule {
    static let description = RuleDescription(
        id: "source_donation_made_current",
        name: "Donated Activity Becomes Current",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An NSUserActivity the code configures should be made current: becomeCurrent(), or assigned to a responder's or scene's userActivity.",
        rationale: """
            An activity reaches Handoff, the index and suggestions only when it becomes current \
            (seed 000: becomeCurrent, or UIKit managing it through UIResponder.userActivity). One \
            the code creates, configures and then neither makes current nor hands to other code \
            donates nothing. A warning: the code may make it current in a way the scan cannot \
            see.
            """,
        sources: [
            "WWDC16 session 240 (seed 000): becomeCurrent, and UIResponder.userActivity [H]", "Apple, Foundation, NSUserActivity.becomeCurrent() [H]",
        ],
        passing: [RuleExample(swift(donation: donate, handler: restore), named: "App.swift")],
        failing: [
            RuleExample(
                swift(donation: donate.replacingOccurrences(of: "userActivity = activity", with: "print(\"donated\")"), handler: restore),
                named: "App.swift", at: ["/PlaceViewController.show(_:)/donation/com.example.places.view"])
        ])

    func check(_ donation: SourceDonation, in context: RuleContext) -> [Violation] {
        guard donation.currentness == .never else { return [] }
        return [
            Violation(
                "the activity of type '\(donation.activityType)' is configured but never made current (no becomeCurrent(), no assignment to a userActivity), so it donates nothing",
                at: donation.pointer)
        ]
    }
}

/// A handled type is declared.
struct SourceHandledTypeDeclaredRule: Rule {
    static let description = RuleDescription(
        id: "source_handled_type_declared",
        name: "Handled Activity Type Is Declared",
        category: .activity,
        defaultSeverity: .error,
        summary: "Every activity type a launch handler takes must be listed in NSUserActivityTypes (the system's own types excepted).",
        rationale: """
            iOS hands an app only the activity types its Info.plist declares in \
            NSUserActivityTypes. A handler for a type that is not declared never runs: usually \
            a typo in the handler or in the Info.plist, found here rather than on a device. The \
            system's types (a Spotlight item, CSSearchableItemActionType; a web page, \
            NSUserActivityTypeBrowsingWeb) need no declaration.
            """,
        sources: ["Apple, Information Property List, NSUserActivityTypes [H]", continuing + " [H]"],
        needsInfoPlist: true,
        passing: [RuleExample(swift(donation: donate, handler: restore), named: "App.swift", infoPlist: places)],
        failing: [
            RuleExample(
                swift(
                    donation: donate,
                    handler: restore.replacingOccurrences(
                        of: "default:", with: "case \"com.example.places.veiw\":\n            break\n        default:")),
                named: "App.swift", infoPlist: places, at: ["/SceneDelegate.scene(_:continue:)/handler/com.example.places.veiw"])
        ])

    func check(_ handler: SourceHandler, in context: RuleContext) -> [Violation] {
        guard !handler.isSystemType, let app = context.appInfo, app.isFromInfoPlist, !app.declares(activityType: handler.activityType) else {
            return []
        }
        let hint = Suggestion.phrase(for: handler.activityType, among: app.userActivityTypes ?? [])
        return [
            Violation(
                "\(handler.symbol) handles activity type '\(handler.activityType)', which NSUserActivityTypes of \(app.source) does not list, so iOS never hands it to the app\(hint)",
                at: handler.pointer)
        ]
    }
}

private let lazyState =
    "WWDC16 session 240 (seed 000, lines 103-108 and 135-137): be lazy, set needsSave and update userInfo in updateUserActivityState"
private let managedByUIKit = """
    Apple, UIKit, UIResponder.userActivity and updateUserActivityState(_:): UIKit manages the activity, and the userInfo \
    it is given before the update callbacks is empty (AppKit's NSResponder states it outright)
    """

/// A donation UIKit manages gets its userInfo back from the responder.
private let managedDonation = """
            let activity = NSUserActivity(activityType: ActivityType.viewPlace)
            activity.title = place.name
            activity.requiredUserInfoKeys = ["placeID"]
            activity.isEligibleForSearch = true
            shown = place
            userActivity = activity
    """

private let stateUpdate = """
        var shown: Place?

        override func updateUserActivityState(_ activity: NSUserActivity) {
            guard let shown else { return }
            activity.addUserInfoEntries(from: ["placeID": shown.id])
        }
    """

/// The userInfo of an activity UIKit manages is written in the responder's update.
struct SourceResponderStateUpdatedRule: Rule {
    static let description = RuleDescription(
        id: "source_responder_state_updated",
        name: "UIKit-Managed Activity Writes Its userInfo In updateUserActivityState",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "An activity assigned to a responder's own userActivity gets its userInfo from that responder's updateUserActivityState(_:); keys set only where it is created are lost.",
        rationale: """
            Assigned to a view controller's userActivity, an activity is managed by UIKit, which \
            saves it at the times it chooses. Before it asks the responder's \
            updateUserActivityState(_:) for the state, it empties userInfo; Apple's App Search \
            guide says metadata set elsewhere on such an activity is not persisted. So a key set \
            only where the activity is created is missing from what Handoff, search and \
            suggestions later hand back, and a handler that needs it shows nothing. Write the \
            userInfo in updateUserActivityState(_:) with addUserInfoEntries(from:) (seed 000 \
            does). Judged when the scan finds the responder's own type; keys added from a value \
            computed at run time are not checked one by one.
            """,
        sources: [
            managedByUIKit + " [H]",
            "Apple, App Search Programming Guide, Activities: with UIResponder.userActivity, set metadata in updateUserActivityState [H]",
            lazyState + " [H]",
        ],
        passing: [RuleExample(swift(donation: managedDonation, handler: restore, members: stateUpdate), named: "App.swift")],
        failing: [
            RuleExample(
                swift(donation: donate, handler: restore), named: "App.swift",
                at: ["/PlaceViewController.show(_:)/donation/com.example.places.view/userInfo"]),
            RuleExample(
                swift(donation: donate, handler: restore, members: stateUpdate),
                named: "App.swift", at: ["/PlaceViewController.show(_:)/donation/com.example.places.view/userInfo/tab"]),
        ])

    func check(_ donation: SourceDonation, in context: RuleContext) -> [Violation] {
        guard let responder = donation.responder, !donation.userInfoKeysSet.isEmpty else { return [] }
        guard let update = donation.stateUpdate else {
            let keys = donation.userInfoKeysSet.map { "'\($0)'" }.joined(separator: ", ")
            return [
                Violation(
                    "the activity is assigned to \(responder)'s userActivity, so UIKit manages it and empties its userInfo before saving it; \(responder) has no updateUserActivityState(_:) to add \(keys) back, so the activity is saved without \(donation.userInfoKeysSet.count == 1 ? "it: add it" : "them: add them") there with addUserInfoEntries(from:)",
                    at: donation.pointer("userInfo"))
            ]
        }
        guard let added = update.keysAdded else { return [] }
        return donation.userInfoKeysSet.filter { !added.contains($0) }.map { key in
            Violation(
                "userInfo '\(key)' is set where the activity is created, but \(update.symbol) does not add it back after UIKit empties userInfo, so the saved activity lacks it",
                at: donation.pointer("userInfo").appending(key))
        }
    }
}

/// needsSave is answered.
struct SourceNeedsSaveAnsweredRule: Rule {
    static let description = RuleDescription(
        id: "source_needs_save_answered",
        name: "needsSave Has Something To Call",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An activity marked needsSave should have what the system calls for its state: the responder's updateUserActivityState(_:), or a delegate's userActivityWillSave(_:).",
        rationale: """
            The seed's advice is to be lazy: rather than rebuilding userInfo on every change, set \
            needsSave and let the system ask for the state when it needs it, in \
            updateUserActivityState(_:) for an activity a responder manages (or in the \
            activity delegate's userActivityWillSave(_:)). Marked dirty with nothing to answer, \
            the activity keeps the state it had: Handoff and search get a stale copy. A warning: \
            the delegate or the update may be in code the scan did not read.
            """,
        sources: [lazyState + " [H]", "Apple, Foundation, NSUserActivity.needsSave and NSUserActivityDelegate.userActivityWillSave(_:) [H]"],
        passing: [
            RuleExample(
                swift(
                    donation: managedDonation.replacingOccurrences(
                        of: "userActivity = activity", with: "activity.needsSave = true\n        userActivity = activity"), handler: restore,
                    members: stateUpdate),
                named: "App.swift")
        ],
        failing: [
            RuleExample(
                swift(
                    donation: managedDonation.replacingOccurrences(
                        of: "userActivity = activity", with: "activity.needsSave = true\n        userActivity = activity"), handler: restore),
                named: "App.swift", at: ["/PlaceViewController.show(_:)/donation/com.example.places.view/needsSave"])
        ])

    func check(_ donation: SourceDonation, in context: RuleContext) -> [Violation] {
        // SwiftUI calls the .userActivity closure itself when the activity needs its state.
        guard donation.needsSave, !donation.hasDelegate, donation.stateUpdate == nil, donation.currentness != .advertisedBySwiftUI else { return [] }
        let what =
            donation.responder.map { "\($0) has no updateUserActivityState(_:)" }
            ?? "it has no delegate whose userActivityWillSave(_:) the system could call"
        return [
            Violation(
                "needsSave asks the system to fetch this activity's state before it is saved, but \(what), so nothing updates it and Handoff and search get the state it had",
                at: donation.pointer("needsSave"))
        ]
    }
}

private let coldLaunch = """
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            if let userActivity = connectionOptions.userActivities.first {
                self.scene(scene, continue: userActivity)
            }
        }
    """

/// A scene delegate takes the activity of a cold launch.
struct SourceColdLaunchActivityHandledRule: Rule {
    static let description = RuleDescription(
        id: "source_cold_launch_activity_handled",
        name: "Cold Launch Brings The Activity To The Scene",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "A scene delegate that continues activities in scene(_:continue:) must also read connectionOptions.userActivities in scene(_:willConnectTo:options:).",
        rationale: """
            With scenes, UIKit calls scene(_:continue:) only for a scene that is already \
            connected. When a Spotlight result, a suggestion or Handoff launches the app from \
            scratch, the activity arrives in scene(_:willConnectTo:options:), in \
            connectionOptions.userActivities, and scene(_:continue:) is not called: a delegate \
            that reads only the latter restores the screen when the app was running and shows \
            nothing after a cold launch, the case a test on a device left running never sees. \
            Pass the activity on (self.scene(scene, continue: activity)) or handle it there.
            """,
        sources: [
            "Apple, UIKit, UISceneDelegate.scene(_:willConnectTo:options:) and UIScene.ConnectionOptions.userActivities [H]",
            continuing + " [H]",
        ],
        passing: [RuleExample(swift(donation: donate, handler: restore, delegateMembers: coldLaunch), named: "App.swift")],
        failing: [
            RuleExample(swift(donation: donate, handler: restore), named: "App.swift", at: ["/SceneDelegate.scene(_:continue:)/willConnectTo"]),
            RuleExample(
                swift(
                    donation: donate, handler: restore,
                    delegateMembers: coldLaunch.replacingOccurrences(
                        of: """
                                    if let userActivity = connectionOptions.userActivities.first {
                                        self.scene(scene, continue: userActivity)
                                    }
                            """,
                        with: """
                                    window?.makeKeyAndVisible()
                            """)),
                named: "App.swift", at: ["/SceneDelegate.scene(_:continue:)/willConnectTo"]),
        ])

    func check(_ entryPoints: SourceEntryPoints, in context: RuleContext) -> [Violation] {
        entryPoints.sceneDelegates.filter { $0.connectionReadsActivities != true }.map { delegate in
            let missing =
                delegate.connectionReadsActivities == nil
                ? "\(delegate.type) has no scene(_:willConnectTo:options:)"
                : "\(delegate.type)'s scene(_:willConnectTo:options:) does not read connectionOptions.userActivities"
            return Violation(
                "\(delegate.continueSymbol) takes activities only while the app runs: a launch from Spotlight, a suggestion or Handoff brings the activity to scene(_:willConnectTo:options:) instead, and \(missing), so a cold launch shows nothing",
                at: delegate.pointer)
        }
    }
}

private let schemes =
    #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view"], "CFBundleURLTypes": [{"CFBundleURLSchemes": ["places"]}]}"#

/// A declared URL scheme has a handler.
struct SourceURLSchemeHandledRule: Rule {
    static let description = RuleDescription(
        id: "source_url_scheme_handled",
        name: "Declared URL Scheme Has A Handler",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An app whose Info.plist declares URL schemes must have code that opens URLs: application(_:open:options:), scene(_:openURLContexts:), connectionOptions.urlContexts, or SwiftUI's onOpenURL.",
        rationale: """
            CFBundleURLTypes makes iOS launch the app for its schemes (a link in a message, a \
            notification, another app). The URL reaches the app delegate's \
            application(_:open:options:), or with scenes scene(_:openURLContexts:) and, on a cold \
            launch, connectionOptions.urlContexts, or SwiftUI's onOpenURL. Without any of them the \
            app opens on its first screen and the link is lost. Judged when the scan found launch \
            handlers, so that the app's delegate code was among the files scanned. A warning: a \
            scheme may serve only a sign-in callback (ASWebAuthenticationSession), or a library \
            that takes the delegate's URLs itself.
            """,
        sources: [
            "Apple, UIKit, application(_:open:options:), scene(_:openURLContexts:), UIScene.ConnectionOptions.urlContexts; SwiftUI, onOpenURL(perform:) [H]"
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(
                swift(
                    donation: donate, handler: restore,
                    delegateMembers: """
                            func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
                                if let url = contexts.first?.url { router.open(url) }
                            }
                        """),
                named: "App.swift", infoPlist: schemes)
        ],
        failing: [
            RuleExample(swift(donation: donate, handler: restore), named: "App.swift", infoPlist: schemes, at: ["/(app)/openURL"]),
            RuleExample(
                swift(
                    donation: donate, handler: restore,
                    delegateMembers: """
                            func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
                                guard let url = contexts.first?.url, url.scheme == "places" else { return }
                                router.open(url)
                            }
                        """),
                named: "App.swift",
                infoPlist:
                    #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view"], "CFBundleURLTypes": [{"CFBundleURLSchemes": ["places", "places-beta"]}]}"#,
                at: ["/(app)/openURLScheme/places-beta"]),
        ])

    func check(_ entryPoints: SourceEntryPoints, in context: RuleContext) -> [Violation] {
        guard let app = context.appInfo, app.isFromInfoPlist, !app.urlSchemes.isEmpty else { return [] }
        // Handlers that tell schemes apart, each by a constant: a declared scheme none takes.
        if !entryPoints.urlHandlers.isEmpty, let taken = entryPoints.urlSchemesTaken, let first = entryPoints.firstURLHandler {
            return app.urlSchemes.filter { !taken.contains($0.lowercased()) }.map { scheme in
                Violation(
                    "\(app.source) declares the URL scheme '\(scheme):', but the URL handlers the scan found take only \(taken.isEmpty ? "universal links" : taken.map { "'\($0):'" }.joined(separator: ", ")), so a link of that scheme opens the app on its first screen",
                    at: first.appending(scheme))
            }
        }
        guard entryPoints.urlHandlers.isEmpty, let first = entryPoints.firstHandler else { return [] }
        return [
            Violation(
                "\(app.source) declares the URL scheme\(app.urlSchemes.count == 1 ? "" : "s") \(app.urlSchemes.map { "'\($0):'" }.joined(separator: ", ")), but no code the scan found opens a URL (application(_:open:options:), scene(_:openURLContexts:), connectionOptions.urlContexts, onOpenURL), so a link to the app opens it on its first screen",
                at: first)
        ]
    }
}

/// A domain deleted from the index is one items are indexed under.
struct SourceDeletedDomainIndexedRule: Rule {
    static let description = RuleDescription(
        id: "source_deleted_domain_indexed",
        name: "Deleted Spotlight Domain Is One The App Indexes",
        category: .search,
        defaultSeverity: .warning,
        summary:
            "A domain identifier given to deleteSearchableItems(withDomainIdentifiers:) should be one the app's searchable items are indexed under, or a parent of one.",
        rationale: """
            Seed 002 has the app keep its index current by deleting items, by identifier or by \
            domain; a domain names the item's domainIdentifier or a parent of it (deleting \
            'places' deletes 'places.saved'). A domain no item is indexed under deletes nothing, \
            and the items the code meant to remove stay in Spotlight: usually a typo. Judged when \
            every item the scan found has a constant domainIdentifier; a warning, as items may be \
            indexed in code the scan did not read, and deleting the domain of an older version \
            is cleanup done on purpose (ignore the rule there, with the reason).
            """,
        sources: [
            "WWDC15 session 709 (seed 002): deleting items by identifier and by domain [H]",
            "Apple, Core Spotlight, CSSearchableIndex.deleteSearchableItems(withDomainIdentifiers:completionHandler:) [H]",
        ],
        passing: [RuleExample(spotlightIndexer(deleting: "places"), named: "Index.swift")],
        failing: [RuleExample(spotlightIndexer(deleting: "place"), named: "Index.swift", at: ["/Indexer.forget(_:)/deleteSearchableItems/0"])])

    func check(_ index: SourceSpotlightIndex, in context: RuleContext) -> [Violation] {
        guard let indexed = index.indexedDomains else { return [] }
        return index.deletions.flatMap { deletion in
            deletion.domains.filter { domain in !indexed.contains { $0 == domain || $0.hasPrefix(domain + ".") } }.map { domain in
                Violation(
                    "\(deletion.symbol) deletes the items of domain '\(domain)', but no item the scan found is indexed under it (\(Set(indexed).sorted().map { "'\($0)'" }.joined(separator: ", ")))\(Suggestion.phrase(for: domain, among: Array(Set(indexed)))), so they stay in Spotlight",
                    at: deletion.pointer)
            }
        }
    }
}

/// An app that indexes Core Spotlight items deletes them somewhere.
struct SourceIndexedItemsDeletedRule: Rule {
    static let description = RuleDescription(
        id: "source_indexed_items_deleted",
        name: "Indexed Spotlight Items Are Deleted Somewhere",
        category: .search,
        defaultSeverity: .warning,
        summary: "An app that indexes Core Spotlight items should delete those no longer relevant: by identifier, by domain or all of them.",
        rationale: """
            Seed 002: "It is good practice to delete any items that are no longer relevant from \
            the index", with deleteSearchableItems(withIdentifiers:), \
            deleteSearchableItems(withDomainIdentifiers:) or deleteAllSearchableItems(). An item \
            nothing deletes stays in Spotlight until it expires (a month by default, or its \
            expirationDate): a place the user removed, a message deleted, still found and tapped, \
            and the app has nothing to show. Judged when the scan found an item and no deletion \
            of any kind in the files it read; a warning, as the seed's is a recommendation and the \
            deleting code may be in files the scan did not read. Items whose identifiers are all \
            constants (one item for the app, a few fixed screens) are a fixed set: indexing one \
            again replaces it (an item with the identifier of an indexed one updates it), and no \
            data the user removes can leave one behind.
            """,
        sources: [
            "WWDC15 session 709 (seed 002): deleting items that are no longer relevant, by identifier, by domain or all [H]",
            "Apple, Core Spotlight, CSSearchableIndex.deleteSearchableItems(withIdentifiers:completionHandler:), deleteAllSearchableItems(completionHandler:) [H]",
            "Apple, CSSearchableItem.h: items expire after 1 month by default [H]",
        ],
        passing: [
            RuleExample(spotlightIndexer(deleting: "places"), named: "Index.swift"),
            RuleExample(
                spotlightIndexer(forgetting: "CSSearchableIndex.default().deleteSearchableItems(withIdentifiers: [place.id])"), named: "Index.swift"),
            RuleExample(spotlightIndexer(forgetting: "CSSearchableIndex.default().deleteAllSearchableItems()"), named: "Index.swift"),
            // One item for the app, indexed again at each launch: it replaces itself.
            RuleExample(
                #"""
                import CoreSpotlight

                final class AppIndexer {
                    func indexApp() {
                        let attributes = CSSearchableItemAttributeSet(contentType: .text)
                        attributes.title = "Places"
                        let item = CSSearchableItem(uniqueIdentifier: "com.example.places", domainIdentifier: "app", attributeSet: attributes)
                        CSSearchableIndex.default().indexSearchableItems([item])
                    }
                }
                """#, named: "Index.swift"),
        ],
        failing: [RuleExample(spotlightIndexer(forgetting: "favorites.remove(place)"), named: "Index.swift", at: ["/(app)/spotlightIndex"])])

    func check(_ index: SourceSpotlightIndex, in context: RuleContext) -> [Violation] {
        guard let first = index.firstItem, !index.deletesItems, !index.itemsHaveConstantIdentifiers else { return [] }
        return [
            Violation(
                "the app indexes Core Spotlight items, but no code the scan found deletes any (deleteSearchableItems(withIdentifiers:), deleteSearchableItems(withDomainIdentifiers:), deleteAllSearchableItems()), so an item no longer relevant stays in Spotlight until it expires",
                at: first)
        ]
    }
}

/// An indexer that indexes items under "places.saved" and deletes `deleting`.
private func spotlightIndexer(deleting domain: String) -> String {
    spotlightIndexer(forgetting: "CSSearchableIndex.default().deleteSearchableItems(withDomainIdentifiers: [\"\(domain)\"])")
}

/// An indexer that indexes items under "places.saved", and whose forget(_:) runs `statement`.
private func spotlightIndexer(forgetting statement: String) -> String {
    """
    import CoreSpotlight

    final class Indexer {
        func index(_ place: Place) {
            let attributes = CSSearchableItemAttributeSet(contentType: .text)
            attributes.title = "Golden Crust"
            let item = CSSearchableItem(uniqueIdentifier: place.id, domainIdentifier: "places.saved", attributeSet: attributes)
            CSSearchableIndex.default().indexSearchableItems([item])
        }

        func forget(_ place: Place) {
            \(statement)
        }
    }
    """
}
