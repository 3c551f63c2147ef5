import CoreSpotlight
import UIKit

/// Continues what the system hands back: an activity from Handoff, Spotlight or a suggestion.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var router: Router!

    /// A launch from scratch brings the activity or the link here, not to the methods below.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        if let userActivity = connectionOptions.userActivities.first {
            self.scene(scene, continue: userActivity)
        } else if !connectionOptions.urlContexts.isEmpty {
            self.scene(scene, openURLContexts: connectionOptions.urlContexts)
        }
    }

    /// slicefinder://places/<id>, from a shared link or a notification.
    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        guard let url = contexts.first?.url, url.host == "places" else { return }
        router.showPlace(id: url.lastPathComponent)
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        switch userActivity.activityType {
        case ActivityType.viewPlace:
            guard let id = userActivity.userInfo?[ActivityKey.placeID] as? String else { return }
            router.showPlace(id: id)
        case ActivityType.browseNeighborhood:
            guard let slug = userActivity.userInfo?[ActivityKey.neighborhood] as? String else { return }
            router.showNeighborhood(slug: slug)
        case CSSearchableItemActionType:
            guard let id = userActivity.userInfo?[CSSearchableItemActivityIdentifier] as? String else { return }
            router.showPlace(id: id)
        default:
            break
        }
    }
}
