import CoreSpotlight

/// Indexes the places the user saved, so Spotlight finds them by name and neighbourhood; a tap
/// on one comes back to the scene delegate as CSSearchableItemActionType.
final class SpotlightIndexer {
    static let placesDomain = "places.saved"

    func index(_ places: [Place]) {
        let items = places.map { place -> CSSearchableItem in
            let attributes = CSSearchableItemAttributeSet(contentType: .text)
            attributes.title = place.name
            attributes.contentDescription = "Pizza by the slice in \(place.neighborhood.name)"
            attributes.keywords = ["pizza", "slice", place.neighborhood.name]
            return CSSearchableItem(uniqueIdentifier: place.id, domainIdentifier: Self.placesDomain, attributeSet: attributes)
        }
        CSSearchableIndex.default().indexSearchableItems(items)
    }

    func forget(_ place: Place) {
        CSSearchableIndex.default().deleteSearchableItems(withIdentifiers: [place.id])
    }
}
