import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// Rules over an app's Swift sources taken together, judged by proctor scan (docs/scan.md): what
// the code donates against what its launch handlers take. Their examples are Swift files.

private let seedRestore = "WWDC16 session 240 (seed 000): the launch handler restores from userInfo; requiredUserInfoKeys lists what it needs"
private let continuing = "Apple, UIKit, application(_:continue:restorationHandler:) and scene(_:continue:); SwiftUI, onContinueUserActivity(_:perform:)"
private let places = #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view"]}"#

/// A Swift example: a view controller that donates `donation` and a scene delegate whose
/// `scene(_:continue:)` body is `handler`.
private func swift(donation: String, handler: String) -> String {
    """
    import UIKit

    enum ActivityType {
        static let viewPlace = "com.example.places.view"
    }

    final class PlaceViewController: UIViewController {
        func show(_ place: Place) {
    \(donation)
        }
    }

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    \(handler)
        }
    }
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
        summary: "Every activity type the code donates must be taken by a launch handler (a case of the handler's switch on activityType, or onContinueUserActivity).",
        rationale: """
            When the user picks a donated activity in Spotlight, Handoff or a suggestion, iOS \
            launches the app with it; the handler looks at activityType to decide which screen to \
            restore (seed 000: check the type, then restore from userInfo). A type no handler \
            takes opens the app on whatever screen it opens to, and the user's place is lost. \
            Judged when the scan found handlers but none for the type; a handler that takes every \
            type without telling them apart answers for all of them.
            """,
        sources: [seedRestore + " [H]", continuing + " [H]"],
        passing: [RuleExample(swift(donation: donate, handler: restore), named: "App.swift")],
        failing: [
            RuleExample(
                swift(donation: donate, handler: restore.replacingOccurrences(of: "ActivityType.viewPlace:", with: "\"com.example.places.list\":")),
                named: "App.swift", at: ["/PlaceViewController.show(_:)/donation/com.example.places.view"])
        ])

    func check(_ donation: SourceDonation, in context: RuleContext) -> [Violation] {
        guard donation.handlerCount > 0, donation.handlers.isEmpty, !donation.anyTypeHandled else { return [] }
        return [Violation(
            "activity type '\(donation.activityType)' is donated here, but no launch handler the scan found takes it, so continuing it opens the app without restoring the screen",
            at: donation.pointer)]
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
                swift(donation: donate, handler: restore.replacingOccurrences(of: "router.showPlace(id)", with: "router.showPlace(id, tab: userActivity.userInfo?[\"tab\"] as? String)")),
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

/// A donation reaches the system.
struct SourceDonationMadeCurrentRule: Rule {
    static let description = RuleDescription(
        id: "source_donation_made_current",
        name: "Donated Activity Becomes Current",
        category: .activity,
        defaultSeverity: .warning,
        summary: "An NSUserActivity the code configures should be made current: becomeCurrent(), or assigned to a responder's or scene's userActivity.",
        rationale: """
            An activity reaches Handoff, the index and suggestions only when it becomes current \
            (seed 000: becomeCurrent, or UIKit managing it through UIResponder.userActivity). One \
            the code creates, configures and then neither makes current nor hands to other code \
            donates nothing. A warning: the code may make it current in a way the scan cannot \
            see.
            """,
        sources: ["WWDC16 session 240 (seed 000): becomeCurrent, and UIResponder.userActivity [H]", "Apple, Foundation, NSUserActivity.becomeCurrent() [H]"],
        passing: [RuleExample(swift(donation: donate, handler: restore), named: "App.swift")],
        failing: [
            RuleExample(
                swift(donation: donate.replacingOccurrences(of: "userActivity = activity", with: "print(\"donated\")"), handler: restore),
                named: "App.swift", at: ["/PlaceViewController.show(_:)/donation/com.example.places.view"])
        ])

    func check(_ donation: SourceDonation, in context: RuleContext) -> [Violation] {
        guard donation.currentness == .never else { return [] }
        return [Violation(
            "the activity of type '\(donation.activityType)' is configured but never made current (no becomeCurrent(), no assignment to a userActivity), so it donates nothing",
            at: donation.pointer)]
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
                swift(donation: donate, handler: restore.replacingOccurrences(of: "default:", with: "case \"com.example.places.veiw\":\n            break\n        default:")),
                named: "App.swift", infoPlist: places, at: ["/SceneDelegate.scene(_:continue:)/handler/com.example.places.veiw"])
        ])

    func check(_ handler: SourceHandler, in context: RuleContext) -> [Violation] {
        guard !handler.isSystemType, let app = context.appInfo, app.isFromInfoPlist, !app.declares(activityType: handler.activityType) else { return [] }
        let hint = Suggestion.phrase(for: handler.activityType, among: app.userActivityTypes ?? [])
        return [Violation(
            "\(handler.symbol) handles activity type '\(handler.activityType)', which NSUserActivityTypes of \(app.source) does not list, so iOS never hands it to the app\(hint)",
            at: handler.pointer)]
    }
}
