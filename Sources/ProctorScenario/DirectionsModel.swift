import Foundation
import ProctorAppFacts
import ProctorInputs
import ProctorPayloads

/// Directions requests from Maps to a routing app (docs/system-model.md, "Routing apps"): WWDC16
/// session 240 (seed 000, lines 189-201) and Apple's "Providing Directions": Maps offers a routing
/// app for a request when the app declares the request's mode and document type and both ends
/// lie in its coverage file's regions; the app is launched with the two map items, which may come
/// without coordinates since iOS 10.
enum DirectionsModel {
    /// A map item of a request, as the app receives it.
    struct Place: Sendable {
        var name: String?
        var latitude: Double?
        var longitude: Double?
        var address: String?

        var hasCoordinates: Bool { latitude != nil && longitude != nil }

        var summary: String {
            var text = name.map { "'\($0)'" } ?? "a place"
            if let latitude, let longitude { text += " (\(latitude), \(longitude))" } else { text += " without coordinates" }
            return text
        }
    }

    /// Why Maps does not offer the app for a request, or nil when it does.
    static func refusal(from source: Place?, to destination: Place, mode: String?, app: ScenarioApp, hasApp: Bool) -> String? {
        guard hasApp else { return "the device does not have the app" }
        guard let modes = app.info.directionsModes, !modes.isEmpty else {
            return "the app declares no MKDirectionsApplicationSupportedModes, so it is not a routing app"
        }
        let declaresType = (app.info.documentTypes ?? []).contains { $0.contentTypes.contains(AppInfo.directionsRequestContentType) }
        guard declaresType else {
            return "the app declares no document type for \(AppInfo.directionsRequestContentType), so it cannot receive directions requests"
        }
        if let mode, !modes.contains(mode) {
            return "the app gives directions for \(modes.joined(separator: ", ")), not \(mode)"
        }
        guard let coverage = app.coverage else { return nil }
        for (role, place) in [("destination", Optional(destination)), ("start", source)] {
            guard let place, let latitude = place.latitude, let longitude = place.longitude else { continue }
            if !contains(coverage, latitude: latitude, longitude: longitude) {
                return "the \(role), \(place.summary), is outside the regions of the app's coverage file"
            }
        }
        return nil
    }

    /// Whether a point lies inside one of the polygons' outer rings (ray casting on longitude and
    /// latitude: at the sizes coverage regions have, the plane is close enough, and a region
    /// spanning the antimeridian is not modelled).
    static func contains(_ coverage: CoverageMultiPolygon, latitude: Double, longitude: Double) -> Bool {
        coverage.polygons.contains { polygon in
            guard let ring = polygon.rings.first else { return false }
            let points = ring.compactMap { position -> (x: Double, y: Double)? in
                guard let x = position.longitude, let y = position.latitude else { return nil }
                return (x, y)
            }
            guard points.count >= 3 else { return false }
            var inside = false
            var previous = points[points.count - 1]
            for point in points {
                if (point.y > latitude) != (previous.y > latitude) {
                    let crossing = (previous.x - point.x) * (latitude - point.y) / (previous.y - point.y) + point.x
                    if longitude < crossing { inside.toggle() }
                }
                previous = point
            }
            return inside
        }
    }
}
