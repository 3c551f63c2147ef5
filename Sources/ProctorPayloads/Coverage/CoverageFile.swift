import ProctorEngine
import ProctorJSON

/// A routing app's geographic coverage file (docs/routing.md): the GeoJSON an app uploads to App
/// Store Connect to say where it gives directions. Apple's listing is the bare geometry,
/// `{"type": "MultiPolygon", "coordinates": [...]}`; a `Feature` or `FeatureCollection` around it
/// is read too, its geometries collected, and the rules say what Apple would make of it.
///
/// Pointers are kept per geometry only: a polygon's, a ring's or a position's is built from its
/// indices when a rule reports it (``CoverageMultiPolygon/pointer(polygon:ring:position:)``), so
/// a file of many positions costs no string per position.
package struct CoverageFile: Sendable {
    /// The GeoJSON object around the geometry, when the file is not a bare geometry.
    package enum Wrapper: String, Sendable {
        case feature = "Feature"
        case featureCollection = "FeatureCollection"
    }

    /// A geometry the file holds, as written: its `type` and where it is.
    package struct Geometry: Sendable {
        package var type: String
        package var pointer: JSONPointer
    }

    package var wrapper: Wrapper?
    /// Every geometry, in document order: the root, a feature's `geometry`, each feature's of a
    /// collection.
    package var geometries: [Geometry] = []
    /// Where a geometry should be and none is: a feature whose `geometry` is null, a collection
    /// without features.
    package var missingGeometries: [JSONPointer] = []
    /// The MultiPolygons among ``geometries``, decoded.
    package var multiPolygons: [CoverageMultiPolygon] = []

    /// The one MultiPolygon the geometry rules judge: there is exactly one.
    package var judgedMultiPolygon: CoverageMultiPolygon? { multiPolygons.count == 1 ? multiPolygons[0] : nil }

    package static let multiPolygonType = "MultiPolygon"
}

/// A MultiPolygon's coordinates: polygons, each of rings (the first the exterior, any other a
/// hole), each of positions.
package struct CoverageMultiPolygon: Sendable {
    package struct Polygon: Sendable {
        package var rings: [[Position]]
    }

    /// A position as written: its first three numbers, longitude, latitude and altitude (nil when
    /// the array is shorter), and how many numbers it has. RFC 7946 asks for no more than three,
    /// so a fourth and later are counted but not kept.
    package struct Position: Sendable, Equatable {
        package var longitude: Double?
        package var latitude: Double?
        package var altitude: Double?
        package var count: Int

        package init(longitude: Double? = nil, latitude: Double? = nil, altitude: Double? = nil, count: Int) {
            self.longitude = longitude
            self.latitude = latitude
            self.altitude = altitude
            self.count = count
        }

        /// Whether both positions have a longitude and a latitude and they are the same (an
        /// altitude is not compared): the place a ring's closing position returns to.
        package func isSamePlace(as other: Position) -> Bool {
            guard let longitude, let latitude else { return false }
            return longitude == other.longitude && latitude == other.latitude
        }

        /// Whether both positions have a longitude and a latitude and the same numbers: how a
        /// ring's closing position is recognised. RFC 7946 (3.1.6): "The first and last positions
        /// are equivalent, and they MUST contain identical values", so an altitude on one end
        /// and not the other, or a different one, leaves the ring open.
        package func isSamePosition(as other: Position) -> Bool {
            guard let longitude, let latitude else { return false }
            return longitude == other.longitude && latitude == other.latitude && altitude == other.altitude && count == other.count
        }
    }

    /// The geometry object's pointer (`""` for a bare geometry, `/geometry` in a feature).
    package var pointer: JSONPointer
    package var polygons: [Polygon]

    /// `coordinates`, or a polygon, ring or position under it.
    package func pointer(polygon: Int? = nil, ring: Int? = nil, position: Int? = nil) -> JSONPointer {
        var result = pointer.appending("coordinates")
        for index in [polygon, ring, position] {
            guard let index else { break }
            result = result.appending(index)
        }
        return result
    }
}

/// The whole file, for the rules on what it holds: one MultiPolygon, bare.
extension CoverageFile: RuleSubject {
    package static var scope: RuleScope { .payload }
}

/// The file's MultiPolygon, for the rules on its polygons, rings and positions: judged when the
/// file holds exactly one, bare or in a wrapper.
extension CoverageMultiPolygon: RuleSubject {
    package static var scope: RuleScope { .payload }
}
