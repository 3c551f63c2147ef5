import Foundation
import ProctorJSON

/// An `MKMapItem` set as `NSUserActivity.mapItem`, with the property names of the Swift API: the
/// place an activity is about, for location suggestions (WWDC16 session 240).
package struct MapItem: Sendable {
    /// An `MKPlacemark`: where the place is, by coordinate and by address (`CLPlacemark`'s
    /// address properties).
    package struct Placemark: Sendable {
        package var pointer: JSONPointer
        package var latitude: Double?
        package var longitude: Double?
        package var name: String?
        package var thoroughfare: String?
        package var subThoroughfare: String?
        package var locality: String?
        package var subLocality: String?
        package var administrativeArea: String?
        package var subAdministrativeArea: String?
        package var postalCode: String?
        package var country: String?
        package var isoCountryCode: String?
        /// `postalAddress`, the `CNPostalAddress` of `MKPlacemark(coordinate:postalAddress:)` and
        /// `CLPlacemark.postalAddress`, by its property names (``MapItem/postalAddressKeys``).
        package var postalAddress: [String: String]?

        package init(pointer: JSONPointer) { self.pointer = pointer }

        /// The pointer of the coordinate's `latitude` or `longitude`.
        package func coordinatePointer(_ key: String) -> JSONPointer { pointer.appending("coordinate").appending(key) }
    }

    package var pointer: JSONPointer
    package var name: String?
    package var phoneNumber: String?
    package var url: String?
    /// An IANA time zone name, as `TimeZone(identifier:)` takes it.
    package var timeZone: String?
    /// An `MKPointOfInterestCategory` raw value, such as `MKPOICategoryRestaurant`.
    package var pointOfInterestCategory: String?
    package var placemark: Placemark?

    package init(pointer: JSONPointer) { self.pointer = pointer }

    /// The keys a map item takes in input files.
    package static let keys = ["name", "phoneNumber", "placemark", "pointOfInterestCategory", "timeZone", "url"]
    package static let placemarkKeys = [
        "administrativeArea", "coordinate", "country", "isoCountryCode", "locality", "name", "postalAddress", "postalCode",
        "subAdministrativeArea", "subLocality", "subThoroughfare", "thoroughfare",
    ]
    /// The `CNPostalAddress` properties a placemark's `postalAddress` takes.
    package static let postalAddressKeys = [
        "street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country", "isoCountryCode",
    ]

    /// What setting `mapItem` puts in the activity's `contentAttributeSet`: "this has the side
    /// effect of populating the content attribute sets for you automatically" (WWDC16 session 240).
    /// Apple does not list the properties it fills, so the mapping is an assumption, the
    /// attribute-set property that names the same thing (docs/input-format.md, "mapItem"):
    /// `namedLocation` from `name`, `latitude` and `longitude` from the placemark's coordinate,
    /// `phoneNumbers` from `phoneNumber`, and the address components (`thoroughfare`,
    /// `subThoroughfare`, `city` from `locality`, `stateOrProvince` from `administrativeArea`,
    /// `postalCode`, `country`). A property the activity's own `contentAttributeSet` sets is kept,
    /// as when the app sets the map item first and then completes the set, as the session's demo
    /// does with `supportsNavigation` and `supportsPhoneCall`. Each filled property points at the
    /// map item's value it came from, so findings on it are located there.
    package func populate(_ set: AttributeSet?) -> AttributeSet {
        var result = set ?? AttributeSet(pointer: pointer)
        // An empty value fills nothing: it names no place and dials no number.
        func given(_ text: String?) -> String? { text.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } }
        if let name = given(name) { result.fill("namedLocation", .string(name), from: pointer.appending("name")) }
        if let phoneNumber = given(phoneNumber) { result.fill("phoneNumbers", .strings([phoneNumber]), from: pointer.appending("phoneNumber")) }
        guard let placemark else { return result }
        if let latitude = placemark.latitude { result.fill("latitude", .number(latitude), from: placemark.coordinatePointer("latitude")) }
        if let longitude = placemark.longitude { result.fill("longitude", .number(longitude), from: placemark.coordinatePointer("longitude")) }
        let address: [(key: String, value: String?, from: String)] = [
            ("thoroughfare", placemark.thoroughfare, "thoroughfare"), ("subThoroughfare", placemark.subThoroughfare, "subThoroughfare"),
            ("city", placemark.locality, "locality"), ("stateOrProvince", placemark.administrativeArea, "administrativeArea"),
            ("postalCode", placemark.postalCode, "postalCode"), ("country", placemark.country, "country"),
        ]
        for (key, value, from) in address {
            if let value = given(value) { result.fill(key, .string(value), from: placemark.pointer.appending(from)) }
        }
        // A placemark made from a postal address has the address's parts as its own; the street
        // line (number and street) is the attribute set's thoroughfare. Components the placemark
        // writes itself come first.
        if let postalAddress = placemark.postalAddress {
            let parts = [
                ("thoroughfare", "street"), ("city", "city"), ("stateOrProvince", "state"), ("postalCode", "postalCode"), ("country", "country"),
            ]
            for (key, from) in parts {
                if let value = given(postalAddress[from]) {
                    result.fill(key, .string(value), from: placemark.pointer.appending("postalAddress").appending(from))
                }
            }
        }
        return result
    }
}
