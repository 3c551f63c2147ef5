import SwiftUI

/// The place card on the map screen, written in SwiftUI inside the UIKit app: while it shows a
/// place, SwiftUI advertises the same activity as the place screen, which the scene delegate
/// continues.
struct PlaceCard: View {
    let place: Place

    var body: some View {
        VStack(alignment: .leading) {
            Text(place.name).font(.headline)
            Text(place.neighborhood.name).font(.subheadline)
        }
        .userActivity(ActivityType.viewPlace, element: place) { place, activity in
            activity.title = place.name
            activity.keywords = ["pizza", "slice", "map"]
            activity.userInfo = [ActivityKey.placeID: place.id]
            activity.requiredUserInfoKeys = [ActivityKey.placeID]
            activity.isEligibleForSearch = true
        }
    }
}
