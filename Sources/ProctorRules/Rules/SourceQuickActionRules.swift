import ProctorAppFacts
import ProctorEngine
import ProctorJSON

// Rules over an app's Home Screen quick actions as its Swift sources handle them, judged by
// proctor scan (docs/scan.md): every action the Info.plist declares or the code sets is taken by
// a handler, and a scene delegate takes the action that launches the app. Their examples are
// Swift files.

private let performAction =
    "Apple, UIKit, UIWindowSceneDelegate.windowScene(_:performActionFor:completionHandler:) and UIApplicationDelegate.application(_:performActionFor:completionHandler:)"
private let connectionShortcut =
    "Apple, UIKit, UIScene.ConnectionOptions.shortcutItem (\"If the user selected one of your app's quick actions, this property contains the selected action\")"
private let sample = "Apple, UIKit sample: Add Home Screen quick actions"

private let notes =
    #"{"CFBundleIdentifier": "com.example.notes", "NSUserActivityTypes": ["com.example.notes.edit"], "UIApplicationShortcutItems": [{"UIApplicationShortcutItemType": "com.example.notes.new", "UIApplicationShortcutItemTitle": "New Note"}]}"#

/// A Swift example: a view controller that donates an activity (every example holds a
/// donation), a scene delegate whose `windowScene(_:performActionFor:completionHandler:)`
/// body is `perform`, with `members` beside it, and an app delegate that sets `dynamic` as
/// `shortcutItems`.
private func swift(perform: String, members: String = "", dynamic: String = "") -> String {
    """
    import UIKit

    enum QuickAction {
        static let newNote = "com.example.notes.new"
        static let openRecent = "com.example.notes.recent"
    }

    final class NoteViewController: UIViewController {
        func show() {
            let activity = NSUserActivity(activityType: "com.example.notes.edit")
            activity.title = "Edit note"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }
    }

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
    \(perform)
        }
    \(members.isEmpty ? "" : "\n" + members + "\n")}
    \(dynamic.isEmpty ? "" : """

        final class RecentNotes {
            func update(_ application: UIApplication, note: Note) {
                application.shortcutItems = [
        \(dynamic)
                ]
            }
        }
        """)
    """
}

private let performNewNote = """
            switch shortcutItem.type {
            case QuickAction.newNote:
                router.composeNote()
                completionHandler(true)
            default:
                completionHandler(false)
            }
    """

private let coldLaunch = """
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            if let shortcutItem = connectionOptions.shortcutItem {
                windowScene(scene as! UIWindowScene, performActionFor: shortcutItem) { _ in }
            }
        }
    """

/// Every quick action declared or set is handled.
struct SourceQuickActionHandledRule: Rule {
    static let description = RuleDescription(
        id: "source_quick_action_handled",
        name: "Quick Action Type Is Handled",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "Every quick action type the Info.plist declares (UIApplicationShortcutItems) or the code sets (shortcutItems) must be taken by a quick-action handler: a case of a switch on shortcutItem.type in windowScene(_:performActionFor:completionHandler:), application(_:performActionFor:completionHandler:) or the launch.",
        rationale: """
            When the user picks a quick action on the Home Screen, UIKit hands its \
            UIApplicationShortcutItem to the scene delegate's \
            windowScene(_:performActionFor:completionHandler:) (the app delegate's \
            application(_:performActionFor:completionHandler:) without scenes), or, when it \
            launches the app, to connectionOptions.shortcutItem; the code tells the actions apart \
            by their type, as Apple's sample does. A type no handler takes opens the app on its \
            first screen and the action the user chose does nothing. The handlers are read as \
            activity handlers are (a switch, if or guard on shortcutItem.type, the app's \
            enumeration of types, a function of the app's the item is handed to), and a handler \
            that takes every type answers for all of them. An Info.plist action is reported at \
            the first quick-action handler, an action set in code where it is made; with no \
            quick-action handler at all, an Info.plist action is reported at the app's first \
            launch handler when the scan found one.
            """,
        sources: [performAction + " [H]", connectionShortcut + " [H]", sample + " [H]"],
        needsInfoPlist: true,
        passing: [
            RuleExample(swift(perform: performNewNote, members: coldLaunch), named: "App.swift", infoPlist: notes),
            RuleExample(
                swift(
                    perform: """
                                guard let action = Shortcut(rawValue: shortcutItem.type) else { return completionHandler(false) }
                                switch action {
                                case .newNote: router.composeNote()
                                case .openRecent: router.open(shortcutItem.userInfo?["noteID"] as? String)
                                }
                                completionHandler(true)
                        """,
                    members: coldLaunch,
                    dynamic: """
                                    UIApplicationShortcutItem(type: QuickAction.openRecent, localizedTitle: note.title, localizedSubtitle: nil, icon: nil, userInfo: ["noteID": note.id as NSString]),
                        """
                ) + """

                    enum Shortcut: String {
                        case newNote = "com.example.notes.new"
                        case openRecent = "com.example.notes.recent"
                    }
                    """, named: "App.swift", infoPlist: notes),
        ],
        failing: [
            RuleExample(
                swift(
                    perform: performNewNote, members: coldLaunch,
                    dynamic: """
                                    UIApplicationShortcutItem(type: QuickAction.openRecent, localizedTitle: note.title),
                        """),
                named: "App.swift", infoPlist: notes, at: ["/RecentNotes.update(_:note:)/quickAction/com.example.notes.recent"]),
            RuleExample(
                swift(
                    perform: """
                                if shortcutItem.type == QuickAction.openRecent {
                                    router.openRecent()
                                }
                        """, members: coldLaunch),
                named: "App.swift", infoPlist: notes, at: ["/(app)/quickActions/com.example.notes.new"]),
        ])

    func check(_ actions: SourceQuickActions, in context: RuleContext) -> [Violation] {
        guard !actions.anyTypeHandled else { return [] }
        let found =
            actions.handlerCount == 0
            ? "no code the scan found handles quick actions (windowScene(_:performActionFor:completionHandler:), application(_:performActionFor:completionHandler:), connectionOptions.shortcutItem)"
            : "no quick-action handler the scan found tells it apart (\(actions.handledTypes.isEmpty ? "they tell no type apart" : "they take " + actions.handledTypes.sorted().map { "'\($0)'" }.joined(separator: ", ")))"
        var violations: [Violation] = []
        if let app = context.appInfo, app.isFromInfoPlist, let place = actions.staticPlace {
            var reported: Set<String> = []
            for type in (app.shortcutItems ?? []).compactMap(\.type) where !type.isEmpty && !actions.handledTypes.contains(type) {
                guard reported.insert(type).inserted else { continue }
                violations.append(
                    Violation(
                        "\(app.source) declares the quick action '\(type)' in UIApplicationShortcutItems, but \(found), so choosing it on the Home Screen opens the app on its first screen",
                        at: place.appending(type)))
            }
        }
        for action in actions.dynamicActions where !actions.handledTypes.contains(action.type) {
            violations.append(
                Violation(
                    "\(action.symbol) sets the quick action '\(action.type)', but \(found), so choosing it on the Home Screen opens the app on its first screen",
                    at: action.pointer))
        }
        return violations
    }
}

/// A scene delegate that performs quick actions takes the one that launches the app too.
struct SourceColdLaunchQuickActionHandledRule: Rule {
    static let description = RuleDescription(
        id: "source_cold_launch_quick_action_handled",
        name: "Cold Launch Brings The Quick Action To The Scene",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "A scene delegate that performs quick actions in windowScene(_:performActionFor:completionHandler:) must also read connectionOptions.shortcutItem in scene(_:willConnectTo:options:).",
        rationale: """
            With scenes, UIKit calls windowScene(_:performActionFor:completionHandler:) for a \
            scene that is already connected. When the quick action launches the app, it arrives \
            in scene(_:willConnectTo:options:), in connectionOptions.shortcutItem ("If the user \
            selected one of your app's quick actions, this property contains the selected \
            action"), and Apple's sample handles it there (it keeps the item and performs it when \
            the scene becomes active). A delegate that reads only the former performs the action \
            when the app was running and opens on its first screen after a launch from scratch, \
            the case a test on a running device never sees: the twin of \
            source_cold_launch_activity_handled. Reading the item there, or handing the options \
            whole to other code, satisfies the rule.
            """,
        sources: [connectionShortcut + " [H]", performAction + " [H]", sample + " [H]"],
        passing: [RuleExample(swift(perform: performNewNote, members: coldLaunch), named: "App.swift")],
        failing: [
            RuleExample(
                swift(perform: performNewNote), named: "App.swift",
                at: ["/SceneDelegate.windowScene(_:performActionFor:completionHandler:)/willConnectTo"]),
            RuleExample(
                swift(
                    perform: performNewNote,
                    members: """
                            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                                window?.makeKeyAndVisible()
                            }
                        """), named: "App.swift",
                at: ["/SceneDelegate.windowScene(_:performActionFor:completionHandler:)/willConnectTo"]),
        ])

    func check(_ actions: SourceQuickActions, in context: RuleContext) -> [Violation] {
        actions.sceneDelegates.filter { $0.connectionReadsShortcutItem != true }.map { delegate in
            let missing =
                delegate.connectionReadsShortcutItem == nil
                ? "\(delegate.type) has no scene(_:willConnectTo:options:)"
                : "\(delegate.type)'s scene(_:willConnectTo:options:) does not read connectionOptions.shortcutItem"
            return Violation(
                "\(delegate.performSymbol) performs quick actions only while the app runs: a quick action that launches the app arrives in scene(_:willConnectTo:options:) instead, and \(missing), so a cold launch opens on the first screen",
                at: delegate.pointer)
        }
    }
}

/// An app delegate (without scenes) with a donation beside it, whose launch method body is
/// `launch`, and which performs quick actions in `application(_:performActionFor:completionHandler:)`.
private func appDelegate(launch: String) -> String {
    """
    import UIKit

    final class NoteViewController: UIViewController {
        func show() {
            let activity = NSUserActivity(activityType: "com.example.notes.edit")
            activity.title = "Edit note"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }
    }

    @main
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    \(launch)
        }

        func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
            completionHandler(perform(shortcutItem))
        }

        func perform(_ item: UIApplicationShortcutItem) -> Bool {
            guard item.type == "com.example.notes.new" else { return false }
            router.composeNote()
            return true
        }
    }
    """
}

/// An app delegate that performs the launch's quick action says so, so UIKit does not perform it again.
struct SourceLaunchQuickActionReturnsFalseRule: Rule {
    static let description = RuleDescription(
        id: "source_launch_quick_action_returns_false",
        name: "Launch That Performs A Quick Action Returns False",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An app delegate whose application(_:didFinishLaunchingWithOptions:) (or willFinish…) reads launchOptions[.shortcutItem] beside application(_:performActionFor:completionHandler:) should return false when it handles the action, or UIKit performs it again.",
        rationale: """
            Without scenes, a quick action that launches the app is in launchOptions[.shortcutItem], \
            and UIKit then calls application(_:performActionFor:completionHandler:) too, "except \
            when you've intercepted the interaction in a launch method": the launch method returns \
            false "if the app doesn't need to perform the application(_:performActionFor:completionHandler:) \
            method because you're handling the invocation of a Home Screen quick action in this \
            method", as Apple's sample does. A launch method that reads the action and returns \
            true on every path has it performed twice: a screen pushed twice, a note composed \
            twice. Judged when every return of the launch method is the literal true (a computed \
            value, such as !launchedFromShortcut, may be false), and only for an app without \
            scenes: with scenes launchOptions is nil and the scene delegate takes the action. A \
            warning: an action that only selects a screen is harmless done twice.
            """,
        sources: [
            "Apple, UIKit, UIApplicationDelegate.application(_:willFinishLaunchingWithOptions:), Return Value [H]",
            performAction + " (\"except when you've intercepted the interaction in a launch method\") [H]",
            sample + " [H]",
        ],
        passing: [
            RuleExample(
                appDelegate(
                    launch: """
                                if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
                                    _ = perform(item)
                                    return false
                                }
                                return true
                        """), named: "App.swift"),
            RuleExample(appDelegate(launch: "        return true"), named: "App.swift"),
        ],
        failing: [
            RuleExample(
                appDelegate(
                    launch: """
                                if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
                                    _ = perform(item)
                                }
                                return true
                        """), named: "App.swift",
                at: ["/AppDelegate.application(_:didFinishLaunchingWithOptions:)/returnsTrue"])
        ])

    func check(_ actions: SourceQuickActions, in context: RuleContext) -> [Violation] {
        actions.launchesReturningTrue.map { launch in
            Violation(
                "\(launch.symbol) reads the quick action that launched the app and returns true on every path, so UIKit also calls \(launch.performSymbol) with it and the action is performed twice; return false when the launch handles it",
                at: launch.pointer)
        }
    }
}
