import CoreSpotlight
import UIKit

/// Continues what the system hands back: an activity from Handoff, Spotlight or a suggestion.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var router: Router!

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        switch userActivity.activityType {
        case ActivityType.viewPlace:
            guard let id = userActivity.userInfo?[ActivityKey.placeID] as? String else { return }
            let tab = userActivity.userInfo?["tab"] as? String
            router.showPlace(id: id, tab: tab)
        case "com.example.slicefinder.browse-neighbourhood":
            router.showNeighborhoods()
        case CSSearchableItemActionType:
            guard let id = userActivity.userInfo?[CSSearchableItemActivityIdentifier] as? String else { return }
            router.showPlace(id: id)
        default:
            break
        }
    }
}
