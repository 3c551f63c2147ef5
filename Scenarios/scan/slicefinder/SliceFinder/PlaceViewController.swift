import CoreSpotlight
import UIKit

/// A pizza place's page: it becomes the current activity, for Handoff, Spotlight and location
/// suggestions, while the user looks at it.
final class PlaceViewController: UIViewController {
    var place: Place!

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let activity = NSUserActivity(activityType: ActivityType.viewPlace)
        activity.title = place.name
        activity.keywords = ["pizza", "slice"]
        activity.requiredUserInfoKeys = [ActivityKey.placeID]
        activity.isEligibleForSearch = true
        activity.isEligibleForHandoff = true
        activity.webpageURL = URL(string: "https://www.slicefinder.example.com/places/\(place.id)")
        // Lazy, as the seed advises: UIKit asks for the state below when it saves the activity.
        activity.needsSave = true
        userActivity = activity
    }

    /// UIKit empties the userInfo of the activity it manages before asking for it here.
    override func updateUserActivityState(_ activity: NSUserActivity) {
        activity.addUserInfoEntries(from: [ActivityKey.placeID: place.id])
    }
}

/// A neighbourhood's list of places.
final class NeighborhoodViewController: UIViewController {
    var neighborhood: Neighborhood!

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let activity = NSUserActivity(activityType: ActivityType.browseNeighborhood)
        activity.title = "Pizza in \(neighborhood.name)"
        activity.userInfo = [ActivityKey.neighborhood: neighborhood.slug]
        activity.requiredUserInfoKeys = [ActivityKey.neighborhood]
        activity.isEligibleForSearch = true
        activity.becomeCurrent()
    }
}
