import UIKit

/// The types of the Home Screen quick actions: the two the Info.plist declares, and the recent note
/// the app sets in `shortcutItems`.
enum QuickAction: String {
    case newNote = "com.example.notes.new"
    case search = "com.example.notes.search"
    case openNote = "com.example.notes.open"
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        // A launch from scratch brings the quick action, the widget's URL or a shared link here,
        // not to the methods below.
        if let item = connectionOptions.shortcutItem {
            _ = perform(item)
        } else if let url = connectionOptions.urlContexts.first?.url {
            router.open(url)
        } else if let activity = connectionOptions.userActivities.first {
            self.scene(scene, continue: activity)
        }
    }

    /// A shared note's link, https://notes.example.com/note/<id>, which the site's association
    /// file sends to the app (a universal link).
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return }
        if url.pathComponents.count > 2, url.pathComponents[1] == "note" {
            router.openNote(url.lastPathComponent)
        }
    }

    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        completionHandler(perform(shortcutItem))
    }

    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        if let url = contexts.first?.url { router.open(url) }
    }

    func perform(_ item: UIApplicationShortcutItem) -> Bool {
        switch QuickAction(rawValue: item.type) {
        case .newNote:
            router.compose(in: "inbox")
        case .search:
            router.search("")
        case .openNote:
            guard let noteID = item.userInfo?["noteID"] as? String else { return false }
            router.openNote(noteID)
        case nil:
            return false
        }
        return true
    }
}

final class RecentNotes {
    /// The last note opened, as a dynamic quick action after the static ones.
    func update(_ application: UIApplication, recent: Note) {
        application.shortcutItems = [
            UIApplicationShortcutItem(
                type: QuickAction.openNote.rawValue, localizedTitle: recent.title, localizedSubtitle: nil,
                icon: UIApplicationShortcutIcon(systemImageName: "note.text"), userInfo: ["noteID": recent.id as NSString])
        ]
    }
}
