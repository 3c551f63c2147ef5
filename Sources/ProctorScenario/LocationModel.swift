import Foundation
import ProctorVocabulary

/// Region monitoring and iBeacons in the model (docs/system-model.md, "Regions and beacons"):
/// where each device is, the beacons it hears, the regions the app monitors on it, the entry and
/// exit events the moves produce, and beacon ranging while the app is in the foreground. Seed 003
/// is the flow (lines 87-111, 146-178, 188-240); Core Location's documentation the limits.
struct LocationModel {
    /// "An app can register up to 20 regions at a time" (circular and beacon together).
    static let regionLimit = 20

    /// A beacon the device hears, with its estimated distance in meters.
    struct HeardBeacon: Sendable {
        var uuid: String
        var major: Int64
        var minor: Int64
        var distance: Double
    }

    /// A region crossing that reached the app.
    struct Event: Equatable {
        enum Kind: String, Sendable, CaseIterable {
            case entry, exit
        }
        var kind: Kind
        var region: String
        var step: Int
        var at: Date

        var summary: String { "\(kind.rawValue) \(region)" }
    }

    /// CLProximity, from the estimated distance (seed 003: immediate "10 centimeters away or
    /// so", near "about two to three meters", far beyond). **Assumption**: the model draws the
    /// lines at 0.5 m and 3 m; Apple publishes no thresholds.
    enum Proximity: String, Sendable, CaseIterable {
        case immediate, near, far, unknown

        init(distance: Double) {
            if distance < 0 {
                self = .unknown
            } else if distance < 0.5 {
                self = .immediate
            } else if distance <= 3 {
                self = .near
            } else {
                self = .far
            }
        }
    }

    struct DeviceLocation {
        var latitude: Double?
        var longitude: Double?
        var beacons: [HeardBeacon] = []
        /// The regions monitored on the device, in the order they were registered.
        var monitored: [MonitoredRegion] = []
        /// The identifiers of the monitored regions the device is inside.
        var inside: Set<String> = []
        var events: [Event] = []
        /// Regions Core Location refused (over the limit, too large), by identifier.
        var failed: [String] = []
        /// The beacon constraints the app ranges for (a beacon region's uuid, major, minor).
        var ranging: [BeaconRegion] = []
        /// When the app last handled each region's entry, and each region's exit (its own safety
        /// check), keyed "entry <identifier>".
        var lastHandled: [String: Date] = [:]
    }

    private(set) var devices: [Int: DeviceLocation] = [:]

    func state(of device: Int) -> DeviceLocation { devices[device] ?? DeviceLocation() }

    /// Why Core Location refuses to monitor `region` on `device`, or nil when it starts.
    /// Registering an identifier again replaces the region, so it takes no new slot.
    mutating func monitor(_ region: MonitoredRegion, on device: Int, maximumDistance: Double?) -> String? {
        var state = self.state(of: device)
        let identifier = region.identifier ?? ""
        let replacing = state.monitored.contains { $0.identifier == identifier }
        if !replacing && state.monitored.count >= Self.regionLimit {
            state.failed.append(identifier)
            devices[device] = state
            return
                "the app already monitors \(Self.regionLimit) regions (\(state.monitored.compactMap(\.identifier).joined(separator: ", "))), the most Core Location allows, so it fails region '\(identifier)' with regionMonitoringFailure"
        }
        if case .circular(let circle) = region, let maximum = maximumDistance, let radius = circle.radius, radius > maximum {
            state.failed.append(identifier)
            devices[device] = state
            return
                "region '\(identifier)' has a radius of \(radius) m, over the \(maximum) m the scenario states for maximumRegionMonitoringDistance, so Core Location fails it with regionMonitoringFailure"
        }
        state.monitored.removeAll { $0.identifier == identifier }
        state.monitored.append(region)
        // Monitoring starts with the region's current state and reports only later crossings.
        if Self.contains(region, state) { state.inside.insert(identifier) } else { state.inside.remove(identifier) }
        devices[device] = state
        return nil
    }

    mutating func stopMonitoring(_ identifier: String, on device: Int) {
        var state = self.state(of: device)
        state.monitored.removeAll { $0.identifier == identifier }
        state.inside.remove(identifier)
        devices[device] = state
    }

    mutating func startRanging(_ constraint: BeaconRegion, on device: Int) {
        var state = self.state(of: device)
        state.ranging.removeAll {
            $0.uuid?.lowercased() == constraint.uuid?.lowercased() && $0.major == constraint.major && $0.minor == constraint.minor
        }
        state.ranging.append(constraint)
        devices[device] = state
    }

    /// The device moves to a place (and hears these beacons there): the crossings of monitored
    /// regions it makes, in registration order. `cushion` is the distance past a circle's edge
    /// the device must go before an exit is reported.
    mutating func move(device: Int, latitude: Double?, longitude: Double?, beacons: [HeardBeacon], cushion: Double, step: Int, at now: Date)
        -> [Event]
    {
        var state = self.state(of: device)
        if let latitude, let longitude {
            state.latitude = latitude
            state.longitude = longitude
        }
        state.beacons = beacons
        var events: [Event] = []
        for region in state.monitored {
            guard let identifier = region.identifier else { continue }
            let wasInside = state.inside.contains(identifier)
            let isInside: Bool
            if case .circular(let circle) = region, wasInside, let distance = Self.distance(circle, state), let radius = circle.radius {
                isInside = distance <= radius + cushion
            } else {
                isInside = Self.contains(region, state)
            }
            guard isInside != wasInside else { continue }
            if isInside { state.inside.insert(identifier) } else { state.inside.remove(identifier) }
            if isInside ? region.notifyOnEntry : region.notifyOnExit {
                events.append(Event(kind: isInside ? .entry : .exit, region: identifier, step: step, at: now))
            }
        }
        state.events += events
        devices[device] = state
        return events
    }

    /// Records that the app handled `event` now; false when its own safety check
    /// (`minimumInterval`) says it handled the same event of the region too recently, and it goes
    /// back to sleep.
    mutating func handle(_ event: Event, on device: Int, at now: Date, minimumInterval: TimeInterval?) -> Bool {
        var state = self.state(of: device)
        if let interval = minimumInterval, let last = state.lastHandled[event.summary], now.timeIntervalSince(last) < interval { return false }
        state.lastHandled[event.summary] = now
        devices[device] = state
        return true
    }

    /// The beacons the app's ranging reports now, closest first; empty unless the app is in the
    /// foreground (seed 003: "for ranging, your app needs to be in the foreground").
    func ranged(on device: Int, foreground: Bool) -> [(beacon: HeardBeacon, proximity: Proximity)] {
        let state = self.state(of: device)
        guard foreground, !state.ranging.isEmpty else { return [] }
        return state.beacons
            .filter { beacon in state.ranging.contains { $0.matches(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor) } }
            .sorted { ($0.distance, $0.uuid.lowercased(), $0.major, $0.minor) < ($1.distance, $1.uuid.lowercased(), $1.major, $1.minor) }
            .map { ($0, Proximity(distance: $0.distance)) }
    }

    /// The app is removed: Core Location forgets its regions and ranging on the device.
    mutating func appRemoved(device: Int) {
        guard var state = devices[device] else { return }
        // A reinstall starts again: no regions, events or refusals of the old install.
        state.monitored = []
        state.inside = []
        state.events = []
        state.failed = []
        state.ranging = []
        state.lastHandled = [:]
        devices[device] = state
    }

    private static func contains(_ region: MonitoredRegion, _ state: DeviceLocation) -> Bool {
        switch region {
        case .circular(let circle):
            guard let distance = distance(circle, state), let radius = circle.radius else { return false }
            return distance <= radius
        case .beacon(let beacon):
            return state.beacons.contains { beacon.matches(uuid: $0.uuid, major: $0.major, minor: $0.minor) }
        }
    }

    /// Great-circle distance in meters (haversine, mean Earth radius 6,371,008.8 m): within a
    /// fraction of a percent of Core Location's at the sizes regions have.
    static func distance(_ circle: CircularRegion, _ state: DeviceLocation) -> Double? {
        guard let latitude = state.latitude, let longitude = state.longitude, let centerLatitude = circle.latitude,
            let centerLongitude = circle.longitude
        else { return nil }
        return distance(latitude, longitude, centerLatitude, centerLongitude)
    }

    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
