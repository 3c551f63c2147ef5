import Foundation
import ProctorCore
import ProctorEngine
import ProctorPayloads
import ProctorVocabulary

private let placesHeader = "Apple, Core Spotlight headers, CSSearchableItemAttributeSet (CSActionExtras and Places categories)"
private let wwdc16 = "WWDC 2016 session 240, \"Increase Usage of Your App With Proactive Suggestions\""

/// `supportsNavigation` has coordinates to navigate to.
struct NavigationRequiresCoordinatesRule: Rule {
    static let description = RuleDescription(
        id: "navigation_requires_coordinates",
        name: "Navigation Has Coordinates",
        category: .location,
        defaultSeverity: .warning,
        summary: "An attribute set with supportsNavigation should set latitude and longitude, or an activity's mapItem should give them.",
        rationale: """
            The header documents that the latitude and longitude of an item with supportsNavigation \
            set may be used for navigation. WWDC16 session 240 calls them optional: the name and the \
            text address are what location suggestions require, and coordinates are "the most \
            precise representation", which "insures that your users are accurately routed". So a \
            place without them is a warning, not an error: the seed does not make them a \
            requirement, but without them the route is less certain. Coordinates may come from the \
            activity's mapItem (its placemark's coordinate), which populates the attribute set.
            """,
        sources: [placesHeader, wwdc16],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "latitude": 37.33, "longitude": -122.03, "supportsNavigation": true}}}"#
            ),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "mapItem": {"name": "Tony's Pizza", "placemark": {"coordinate": {"latitude": 37.33, "longitude": -122.03}, "thoroughfare": "Main St", "locality": "Springfield"}}, "contentAttributeSet": {"supportsNavigation": true}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "latitude": 37.33, "supportsNavigation": 1}}}"#,
                at: ["/userActivity/contentAttributeSet/supportsNavigation"])
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        guard attributes.flag("supportsNavigation") else { return [] }
        let missing = ["latitude", "longitude"].filter { attributes.number($0) == nil }
        guard !missing.isEmpty else { return [] }
        return [
            Violation(
                "supportsNavigation is set but \(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") missing, so directions can only follow the text address; set both, or the mapItem's placemark coordinate, to route users precisely",
                at: attributes.pointer("supportsNavigation"), restingOn: missing.map(attributes.pointer))
        ]
    }
}

/// `supportsPhoneCall` has numbers to call.
struct PhoneCallRequiresNumbersRule: Rule {
    static let description = RuleDescription(
        id: "phone_call_requires_numbers",
        name: "Phone Call Needs Phone Numbers",
        category: .location,
        defaultSeverity: .error,
        summary: "An attribute set with supportsPhoneCall must set a non-empty phoneNumbers.",
        rationale: """
            The header documents that an item's phone number may be used to start a call only when \
            supportsPhoneCall is 1 and phoneNumbers is set; without numbers, "Call" is never offered, \
            so the flag asks for an action the item cannot have (an error, unlike missing \
            coordinates, which only make directions less precise). The number may come from the \
            activity's mapItem (its phoneNumber), which populates the attribute set, as in WWDC16 \
            session 240's demo.
            """,
        sources: [placesHeader, wwdc16],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "phoneNumbers": ["+1 555 0100"], "supportsPhoneCall": true}}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "supportsPhoneCall": true}}}"#,
                at: ["/userActivity/contentAttributeSet/supportsPhoneCall"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "phoneNumbers": [], "supportsPhoneCall": 1}}}"#,
                at: ["/userActivity/contentAttributeSet/supportsPhoneCall"]),
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        // A blank number dials nothing. (Character.isWhitespace, not Foundation's trimming, which
        // cost this rule 6% of the lint benchmark's instructions.)
        guard attributes.flag("supportsPhoneCall"), (attributes.strings("phoneNumbers") ?? []).allSatisfy({ $0.allSatisfy(\.isWhitespace) }) else {
            return []
        }
        return [
            Violation(
                "supportsPhoneCall is set but phoneNumbers is empty or missing, so no call is offered", at: attributes.pointer("supportsPhoneCall"),
                restingOn: [attributes.pointer("phoneNumbers")])
        ]
    }
}

/// Coordinates within WGS 84 ranges.
struct CoordinateRangeRule: Rule {
    static let description = RuleDescription(
        id: "coordinate_range",
        name: "Coordinates In Range",
        category: .location,
        defaultSeverity: .error,
        summary: "latitude must lie within -90...90 and longitude within -180...180.",
        rationale: """
            The header defines latitude and longitude as WGS 84 degrees north of the equator and east \
            of the prime meridian; values outside those ranges name no place on Earth (often latitude \
            and longitude swapped).
            """,
        sources: [placesHeader],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St", "latitude": -33.86, "longitude": 151.21}}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St", "latitude": 151.21, "longitude": -193.5}}}"#,
                at: ["/userActivity/contentAttributeSet/latitude", "/userActivity/contentAttributeSet/longitude"])
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if let latitude = attributes.latitude, !CoordinateAxis.latitude.contains(latitude) {
            violations.append(
                Violation(
                    "latitude \(format(latitude)) is outside -90...90\(attributes.longitude.map { CoordinateAxis.latitude.contains($0) ? "; are latitude and longitude swapped?" : "" } ?? "")",
                    at: attributes.pointer("latitude")))
        }
        if let longitude = attributes.longitude, !CoordinateAxis.longitude.contains(longitude) {
            violations.append(Violation("longitude \(format(longitude)) is outside -180...180", at: attributes.pointer("longitude")))
        }
        return violations
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A place carries the name every location suggestion shows.
struct PlaceNameRule: Rule {
    static let description = RuleDescription(
        id: "place_name",
        name: "Place Has A Name",
        category: .location,
        defaultSeverity: .error,
        summary:
            "An attribute set offered for location suggestions (supportsNavigation, or filled from an activity's mapItem) must set namedLocation, or the mapItem its name.",
        rationale: """
            WWDC16 session 240: "First thing we're doing here is setting the name of the location, \
            which matches what we're looking at. And that's required for all of the UIs we just \
            talked about": the app switcher's banner, QuickType, Maps, CarPlay and Siri show the \
            place by its name. A set that asks for navigation, or that an activity's mapItem \
            fills, is offered for those suggestions; without namedLocation (filled by the mapItem's \
            name) none of them has anything to show. An address or coordinates alone do not make a \
            set a suggestion here: a photo's set has them too.
            """,
        sources: [wwdc16, placesHeader],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "supportsNavigation": true}}}"#
            ),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "mapItem": {"name": "Tony's Pizza", "placemark": {"thoroughfare": "Main St", "locality": "Springfield"}}}}"#
            ),
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-8812", "attributeSet": {"title": "Sunset over Alfama", "city": "Lisbon", "country": "Portugal", "latitude": 38.7118, "longitude": -9.1305}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"fullyFormattedAddress": "1 Main St, Springfield", "supportsNavigation": true}}}"#,
                at: ["/userActivity/contentAttributeSet"])
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        guard attributes.flag("supportsNavigation") || attributes.isFilledFromMapItem, (attributes.string("namedLocation") ?? "").isEmpty else {
            return []
        }
        return [
            Violation(
                "the place has no namedLocation, so no location suggestion can show it; set the place's name (or the mapItem's name)",
                at: attributes.pointer,
                restingOn: [attributes.pointer("namedLocation")])
        ]
    }
}

/// A place carries the text address text-based suggestions need.
struct PlaceTextAddressRule: Rule {
    static let addressKeys = ["fullyFormattedAddress", "thoroughfare", "subThoroughfare", "city", "postalCode", "stateOrProvince", "country"]

    static let description = RuleDescription(
        id: "place_text_address",
        name: "Place Has A Text Address",
        category: .location,
        defaultSeverity: .warning,
        summary:
            "An attribute set describing a place (a namedLocation, supportsNavigation, or an activity's mapItem) should set a text address, or the mapItem its placemark's address.",
        rationale: """
            WWDC16 session 240: "we're specifying the text representation of the address, and \
            that's required for all of the text based UIs, such as the keyboard". Coordinates alone \
            route Maps but are not offered as text. A warning, not an error: the address is \
            required by the text-based surfaces only (the app switcher and Maps still offer the \
            place). The address is fullyFormattedAddress or its components, which an activity's \
            mapItem fills from its placemark (its address properties or its postalAddress). A \
            place is a set with a namedLocation (a named place with only a phone number is still \
            a place), supportsNavigation, or a mapItem; \
            coordinates alone are not, as a photo's set has them too.
            """,
        sources: [wwdc16, placesHeader],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "thoroughfare": "Main St", "subThoroughfare": "1", "city": "Springfield", "latitude": 37.33, "longitude": -122.03}}}"#
            ),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "mapItem": {"name": "Tony's Pizza", "placemark": {"coordinate": {"latitude": 37.33, "longitude": -122.03}, "subThoroughfare": "1", "thoroughfare": "Main St", "locality": "Springfield"}}}}"#
            ),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "mapItem": {"name": "Tony's Pizza", "placemark": {"coordinate": {"latitude": 37.33, "longitude": -122.03}, "postalAddress": {"street": "1 Main St", "city": "Springfield"}}}}}"#
            ),
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-8812", "attributeSet": {"title": "Sunset over Alfama", "latitude": 38.7118, "longitude": -9.1305}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "latitude": 37.33, "longitude": -122.03}}}"#,
                at: ["/userActivity/contentAttributeSet"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "mapItem": {"name": "Tony's Pizza", "placemark": {"coordinate": {"latitude": 37.33, "longitude": -122.03}}}}}"#,
                at: ["/userActivity/mapItem"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "phoneNumbers": ["+1 555 0100"], "supportsPhoneCall": true}}}"#,
                at: ["/userActivity/contentAttributeSet"]),
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        let isPlace = attributes.flag("supportsNavigation") || attributes.isFilledFromMapItem || !(attributes.string("namedLocation") ?? "").isEmpty
        guard isPlace, !Self.addressKeys.contains(where: { !(attributes.string($0) ?? "").isEmpty }) else { return [] }
        return [
            Violation(
                "the place has no text address (fullyFormattedAddress or its components), so text-based location suggestions such as QuickType do not offer it",
                at: attributes.pointer,
                restingOn: Self.addressKeys.map(attributes.pointer))
        ]
    }
}

/// A place's address components make a street address.
struct PlaceStreetAddressRule: Rule {
    static let description = RuleDescription(
        id: "place_street_address",
        name: "Place Address Makes A Street Address",
        category: .location,
        defaultSeverity: .warning,
        summary:
            "A place's street address should come with its city, and a house number with its street, unless fullyFormattedAddress gives the whole address.",
        rationale: """
            The keyboard's location suggestions insert a text address, "required for all of the text \
            based UIs, such as the keyboard" (WWDC16 session 240), and a navigation or ride-sharing \
            app's destination field asks for the full street address (textContentType \
            fullStreetAddress). A street (thoroughfare) without its city, or a house number \
            (subThoroughfare) without its street, makes no address a user can be taken to. A place \
            that is a city or a region (city, stateOrProvince, country alone) is judged complete. \
            Apple documents the components, not which make an address, so this is a warning; \
            fullyFormattedAddress answers it.
            """,
        sources: [wwdc16, placesHeader],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "subThoroughfare": "1570", "thoroughfare": "Stockton St", "city": "San Francisco"}}}"#
            ),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Dolores Park", "fullyFormattedAddress": "Dolores St & 19th St, San Francisco, CA 94114", "city": "San Francisco"}}}"#
            ),
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "lisbon", "attributeSet": {"namedLocation": "Lisbon", "city": "Lisbon", "country": "Portugal"}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "subThoroughfare": "1570", "city": "San Francisco"}}}"#,
                at: ["/userActivity/contentAttributeSet/subThoroughfare"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "mapItem": {"name": "Tony's Pizza", "placemark": {"thoroughfare": "Stockton St", "postalCode": "94133"}}}}"#,
                at: ["/userActivity/mapItem"]),
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        let isPlace = attributes.flag("supportsNavigation") || attributes.isFilledFromMapItem || !(attributes.string("namedLocation") ?? "").isEmpty
        func has(_ key: String) -> Bool { !(attributes.string(key) ?? "").isEmpty }
        guard isPlace, !has("fullyFormattedAddress") else { return [] }
        if has("subThoroughfare") && !has("thoroughfare") {
            return [
                Violation(
                    "the house number (subThoroughfare) has no street (thoroughfare), so no street address can be made from them",
                    at: attributes.pointer.appending("subThoroughfare"))
            ]
        }
        // A city or a region is a complete place; only a street needs its city.
        guard has("thoroughfare"), !has("city") else { return [] }
        return [
            Violation(
                "the street (thoroughfare '\(attributes.string("thoroughfare") ?? "")') has no city, so no full street address can be made: set city, or fullyFormattedAddress",
                at: attributes.pointer)
        ]
    }
}
