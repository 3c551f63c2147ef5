import UIKit

enu.userInfo = ["placeID": place.id, "tab": "menu"]
        activity.requiredUserInfoKeys = ["placeID"]
        activity.isEligibleForSearch =[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ true
        userActivity = activity
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    fu[c scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        swi.activityType {
        case ActivityType.viewPlace:
            guard let id = userActivity.userInfo?["placeID"] as? String else { return }
            router.showPlace(id)
        case "com.example.places.veiw":
            break
  `     def
}