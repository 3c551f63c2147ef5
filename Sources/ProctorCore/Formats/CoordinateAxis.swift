/// A latitude or a longitude, and the degrees it can take on Earth: the one range check of every
/// rule that reads coordinates (Spotlight attributes, reservations' places, circular regions,
/// routing coverage files, Wallet passes, schema.org GeoCoordinates). Each rule words a value out
/// of range in its own message, and decides itself whether the pair looks swapped.
package enum CoordinateAxis: String, CaseIterable, Sendable {
    case latitude
    case longitude

    /// The largest magnitude: 90 degrees north or south, 180 degrees east or west.
    package var limit: Double {
        switch self {
        case .latitude: 90
        case .longitude: 180
        }
    }

    /// Whether `degrees` names a place on this axis: within -limit...limit, bounds included.
    package func contains(_ degrees: Double) -> Bool { (-limit...limit).contains(degrees) }
}
