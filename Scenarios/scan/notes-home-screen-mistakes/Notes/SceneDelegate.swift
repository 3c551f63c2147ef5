import UIKit

/// The types of the Home Screen quick actions: the five the Info.plist declares, and the recent
/// note the app sets in `shortcutItems`.
enum QuickAction: String {
    case newNote = "com.example.notes.new"
    case search = "com.example.notes.search"
    case favorites = "com.example.notes.favorites"
    case shared = "com.example.notes.shared"
    case scan = "com.example.notes.scan"
    case openNote = "com.example.notes.open"
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        // Added with the shared links; the quick action and the widget's URL that start the app
        // are here too, and are not read.
        if let activity = connectionOptions.userActivities.first {
            self.scene(scene, continue: activity)
        }
    }

    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        completionHandler(perform(shortcutItem))
    }

    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        if let url = contexts.first?.url { router.open(url) }
    }

    /// Shared links: a note, and a folder (new in this release).
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return }
        if url.pathComponents.count > 2, url.pathComponents[1] == "note" {
            router.openNote(url.lastPathComponent)
        } else if url.pathComponents.count > 2, url.pathComponents[1] == "folder" {
            router.openFolder(url.lastPathComponent)
        }
    }

    func perform(_ item: UIApplicationShortcutItem) -> Bool {
        switch QuickAction(rawValue: item.type) {
        case .newNote:
            router.compose()
        case .search:
            router.search()
        case .favorites:
            router.openFavorites()
        case .shared:
            router.openShared()
        case .scan:
            router.scanDocument()
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
                type: "com.example.notes.recent", localizedTitle: recent.title, localizedSubtitle: nil,
                icon: UIApplicationShortcutIcon(systemImageName: "note.text"), userInfo: ["noteID": recent.id as NSString])
        ]
    }
}
