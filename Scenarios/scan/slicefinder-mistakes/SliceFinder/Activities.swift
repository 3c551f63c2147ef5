import Foundation

/// The activity types Slice Finder donates, as its Info.plist declares them.
enum ActivityType {
    static let viewPlace = "com.example.slicefinder.view-place"
    static let browseNeighborhood = "com.example.slicefinder.browse-neighborhood"
}

/// The userInfo keys the app writes and reads back.
enum ActivityKey {
    static let placeID = "placeID"
    static let neighborhood = "neighborhood"
}
