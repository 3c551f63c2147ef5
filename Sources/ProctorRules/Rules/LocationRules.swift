import ProctorEngine
import ProctorInputs
import Foundation
import ProctorVocabulary

private let placesHeader = "Apple, Core Spotlight headers, CSSearchableItemAttributeSet (CSActionExtras and Places categories)"
private let wwdc16 = "WWDC 2016 session 240, \"Increase Usage of Your App With Proactive Suggestions\""

/// `supportsNavigation` has coordinates to navigate to.
struct NavigationRequiresCoordinatesRule: Rule {
    static let description = RuleDescription(
        id: "navigation_requires_coordinates",
        name: "Navigation Needs Coordinates",
        category: .location,
        defaultSeverity: .error,
        summary: "An attribute set with supportsNavigation must set latitude and longitude.",
        rationale: """
            The header documents that an item may be used for navigation only when supportsNavigation \
            is 1 and latitude and longitude are set; without both, no directions are offered.
            """,
        sources: [placesHeader, wwdc16],
        passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "latitude": 37.33, "longitude": -122.03, "supportsNavigation": true}}}"#)],
        failing: [RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "latitude": 37.33, "supportsNavigation": 1}}}"#, at: ["/userActivity/contentAttributeSet/supportsNavigation"])])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        guard attributes.flag("supportsNavigation") else { return [] }
        let missing = ["latitude", "longitude"].filter { attributes.number($0) == nil }
        guard !missing.isEmpty else { return [] }
        return [Violation("supportsNavigation is set but \(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") missing, so no directions are offered", at: attributes.pointer("supportsNavigation"))]
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
            supportsPhoneCall is 1 and phoneNumbers is set; without numbers, "Call" is never offered.
            """,
        sources: [placesHeader, wwdc16],
        passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "phoneNumbers": ["+1 555 0100"], "supportsPhoneCall": true}}}"#)],
        failing: [
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "supportsPhoneCall": true}}}"#, at: ["/userActivity/contentAttributeSet/supportsPhoneCall"]),
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St, Springfield", "phoneNumbers": [], "supportsPhoneCall": 1}}}"#, at: ["/userActivity/contentAttributeSet/supportsPhoneCall"]),
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        guard attributes.flag("supportsPhoneCall"), (attributes.strings("phoneNumbers") ?? []).isEmpty else { return [] }
        return [Violation("supportsPhoneCall is set but phoneNumbers is empty or missing, so no call is offered", at: attributes.pointer("supportsPhoneCall"))]
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
        passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St", "latitude": -33.86, "longitude": 151.21}}}"#)],
        failing: [RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "fullyFormattedAddress": "1 Main St", "latitude": 151.21, "longitude": -193.5}}}"#, at: ["/userActivity/contentAttributeSet/latitude", "/userActivity/contentAttributeSet/longitude"])])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if let latitude = attributes.latitude, !(-90...90).contains(latitude) {
            violations.append(Violation("latitude \(format(latitude)) is outside -90...90\(attributes.longitude.map { (-90...90).contains($0) ? "; are latitude and longitude swapped?" : "" } ?? "")", at: attributes.pointer("latitude")))
        }
        if let longitude = attributes.longitude, !(-180...180).contains(longitude) {
            violations.append(Violation("longitude \(format(longitude)) is outside -180...180", at: attributes.pointer("longitude")))
        }
        return violations
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A place carries the name and address text-based suggestions need.
struct PlaceTextAddressRule: Rule {
    static let addressKeys = ["fullyFormattedAddress", "thoroughfare", "subThoroughfare", "city", "postalCode", "stateOrProvince", "country"]

    static let description = RuleDescription(
        id: "place_text_address",
        name: "Place Has A Name And A Text Address",
        category: .location,
        defaultSeverity: .warning,
        summary: "An attribute set describing a place should set namedLocation and a text address.",
        rationale: """
            Location suggestions in text-based interfaces (the QuickType keyboard among them) need the \
            place's name and a text address: Apple calls the address "required for all of the text \
            based UIs". Coordinates alone route Maps but are not offered as text. A place is an \
            attribute set with latitude, longitude or supportsNavigation; the address is \
            fullyFormattedAddress or its components.
            """,
        sources: [wwdc16, placesHeader],
        passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "thoroughfare": "Main St", "subThoroughfare": "1", "city": "Springfield", "latitude": 37.33, "longitude": -122.03}}}"#)],
        failing: [
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"latitude": 37.33, "longitude": -122.03}}}"#, at: ["/userActivity/contentAttributeSet"]),
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "contentAttributeSet": {"namedLocation": "Tony's Pizza", "latitude": 37.33, "longitude": -122.03}}}"#, at: ["/userActivity/contentAttributeSet"]),
        ])

    func check(_ attributes: AttributeSet, in context: RuleContext) -> [Violation] {
        let isPlace = attributes.latitude != nil || attributes.longitude != nil || attributes.flag("supportsNavigation")
        guard isPlace else { return [] }
        var missing: [String] = []
        if (attributes.string("namedLocation") ?? "").isEmpty { missing.append("namedLocation") }
        if !Self.addressKeys.contains(where: { !(attributes.string($0) ?? "").isEmpty }) { missing.append("text address (fullyFormattedAddress or its components)") }
        guard !missing.isEmpty else { return [] }
        return [Violation("place has no \(missing.joined(separator: " and no ")), so text-based location suggestions do not offer it", at: attributes.pointer)]
    }
}
