import Foundation
import ProctorVocabulary

/// Location suggestions (docs/system-model.md, "Location suggestions"): WWDC16 session 240 (seed
/// 000, lines 63-69 and 140-145) shows a place the user looks at in an app, promoted by its
/// current NSUserActivity, offered in the app switcher's directions banner, in Maps, and in the
/// QuickType bar of another app's text field whose text content type asks for a location
/// (lines 175-188).
enum LocationSuggestions {
    /// A place an activity promotes: what its attribute set says (a mapItem fills it).
    struct Place: Equatable {
        var handle: String
        var name: String
        var street: String?
        var city: String?
        var state: String?
        var postalCode: String?
        var country: String?
        var fullAddress: String?
        var phoneNumber: String?

        /// An activity promotes a place when its attribute set names one: `namedLocation`, which
        /// an activity's mapItem fills with its name. Coordinates alone are no place (a photo's
        /// set has them too), and a place without a name is suggested nowhere (the rule
        /// place_name reports it).
        init?(handle: String, activity: UserActivity) {
            guard let set = activity.contentAttributeSet, let name = set.string("namedLocation"), !name.trimmingCharacters(in: .whitespaces).isEmpty
            else { return nil }
            self.handle = handle
            self.name = name
            let number = set.string("subThoroughfare")
            let road = set.string("thoroughfare")
            // A house number without its street is no street address.
            street = road.map { road in number.map { "\($0) \(road)" } ?? road }
            city = set.string("city")
            state = set.string("stateOrProvince")
            postalCode = set.string("postalCode")
            country = set.string("country")
            fullAddress =
                set.string("fullyFormattedAddress")
                ?? Self.compose(street: street, city: city, state: state, postalCode: postalCode, country: country)
            phoneNumber = set.strings("phoneNumbers")?.first
        }

        /// "1 Infinite Loop, Cupertino, CA 95014, United States": the components in the order a
        /// US address is written, when the street and the city are known.
        static func compose(street: String?, city: String?, state: String?, postalCode: String?, country: String?) -> String? {
            guard let street, let city else { return nil }
            let region = [state, postalCode].compactMap { $0 }.joined(separator: " ")
            return ([street, city] + (region.isEmpty ? [] : [region]) + (country.map { [$0] } ?? [])).joined(separator: ", ")
        }
    }

    /// The `UITextContentType`s QuickType offers a place for, and what it inserts for each.
    /// **Assumption**: Apple lists the types but not what each inserts from a place; the model
    /// inserts the component the type names, and for `location` the name and the address
    /// (seed 000, line 142: "both the name of the place and the address get inserted"); a place
    /// without the component a type asks for offers nothing there.
    enum TextContentType: String, Sendable, CaseIterable {
        case location, fullStreetAddress, streetAddressLine1, addressCity, addressState, addressCityAndState, postalCode, countryName, telephoneNumber

        func suggestion(for place: Place) -> String? {
            switch self {
            // The address is "required for all of the text based UIs, such as the keyboard"
            // (seed 000, lines 76-77): a place without one is not offered.
            case .location: place.fullAddress.map { "\(place.name), \($0)" }
            case .fullStreetAddress: place.fullAddress
            case .streetAddressLine1: place.street
            case .addressCity: place.city
            case .addressState: place.state
            case .addressCityAndState: place.city.map { city in place.state.map { "\(city), \($0)" } ?? city }
            case .postalCode: place.postalCode
            case .countryName: place.country
            case .telephoneNumber: place.phoneNumber
            }
        }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
