import ProctorJSON

// Regions an app asks Core Location to monitor (docs/regions.md): a geographic circle
// (`CLCircularRegion`) or the presence of iBeacons (`CLBeaconRegion`), as the app creates them,
// with Apple's Swift property names. Seed 003 builds its welcome and in-store features on both.

/// A region, either kind, with what monitoring needs of it.
package enum MonitoredRegion: Sendable {
    case circular(CircularRegion)
    case beacon(BeaconRegion)

    package var identifier: String? {
        switch self {
        case .circular(let region): region.identifier
        case .beacon(let region): region.identifier
        }
    }

    package var notifyOnEntry: Bool {
        switch self {
        case .circular(let region): region.notifyOnEntry
        case .beacon(let region): region.notifyOnEntry
        }
    }

    package var notifyOnExit: Bool {
        switch self {
        case .circular(let region): region.notifyOnExit
        case .beacon(let region): region.notifyOnExit
        }
    }

    /// Where the region's object is written.
    package var pointer: JSONPointer {
        switch self {
        case .circular(let region): region.pointer
        case .beacon(let region): region.pointer
        }
    }
}

/// `CLCircularRegion(center:radius:identifier:)`.
package struct CircularRegion: Sendable {
    package static let keys = ["identifier", "center", "radius", "notifyOnEntry", "notifyOnExit"]

    package var identifier: String?
    package var latitude: Double?
    package var longitude: Double?
    /// Meters.
    package var radius: Double?
    /// Both default to true, as in Core Location.
    package var notifyOnEntry = true
    package var notifyOnExit = true
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}

/// `CLBeaconRegion(uuid:major:minor:identifier:)`: beacons of one UUID, optionally narrowed to a
/// major value and then a minor value.
package struct BeaconRegion: Sendable {
    package static let keys = ["identifier", "uuid", "proximityUUID", "major", "minor", "notifyOnEntry", "notifyOnExit", "notifyEntryStateOnDisplay"]

    package var identifier: String?
    package var uuid: String?
    /// `uuid` (iOS 13) or `proximityUUID` (before), as written.
    package var uuidKey = "uuid"
    /// As written: the range is the rules' to judge (`CLBeaconMajorValue` is a `uint16_t`).
    package var major: Int64?
    package var minor: Int64?
    package var notifyOnEntry = true
    package var notifyOnExit = true
    package var notifyEntryStateOnDisplay = false
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// Whether a beacon with these values belongs to the region (UUIDs compare case-insensitively).
    package func matches(uuid: String, major: Int64, minor: Int64) -> Bool {
        guard let own = self.uuid, own.lowercased() == uuid.lowercased() else { return false }
        if let wanted = self.major, wanted != major { return false }
        if let wanted = self.minor, wanted != minor { return false }
        return true
    }
}

/// Whether `text` is a UUID in its textual form: 8-4-4-4-12 ASCII hexadecimal digits, of either
/// case unless `lowercaseOnly` (the canonical form). What `UUID(uuidString:)` reads; the
/// fullwidth digits `Character.isHexDigit` also accepts are not.
package func isUUID(_ text: String, lowercaseOnly: Bool = false) -> Bool {
    let groups = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return groups.allSatisfy { group in
        group.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (!lowercaseOnly && (0x41...0x46).contains(byte))
        }
    }
}
