import Foundation
import ProctorCore
import ProctorInputs
import ProctorPayloads

/// Wallet passes on the lock screen (docs/system-model.md, "Wallet passes"): a pass with
/// `locations` or `beacons` becomes relevant when the device is near one, and the lock screen shows
/// it with the location's or beacon's `relevantText`. Seed 003 (line 256) names the Apple Store
/// gift card pass; Apple's "Showing a pass on the lock screen" is the behaviour.
struct WalletModel {
    /// A pass on a device, with the step that added it.
    struct AddedPass {
        var pass: WalletPass
        var step: Int
    }

    /// What the lock screen shows for a relevant pass.
    struct Shown: Equatable {
        var description: String
        var text: String?
        /// Why it is relevant: "within 60 m of location 2", "hears beacon 1".
        var reason: String
    }

    /// **Assumption**: Apple documents a "small" relevance radius for coupons, store cards and
    /// generic passes and a "large" one for boarding passes and event tickets, without numbers;
    /// the model uses 100 m and 1,000 m. A pass's `maxDistance` can only make it smaller.
    static func defaultDistance(style: String?) -> Double {
        style == "boardingPass" || style == "eventTicket" ? 1000 : 100
    }

    private(set) var passes: [Int: [AddedPass]] = [:]

    /// Adds a pass to the device's Wallet; a pass with the same type identifier and serial number
    /// replaces it (an update).
    mutating func add(_ pass: WalletPass, on device: Int, step: Int) {
        var list = passes[device] ?? []
        list.removeAll { $0.pass.passTypeIdentifier == pass.passTypeIdentifier && $0.pass.serialNumber == pass.serialNumber }
        list.append(AddedPass(pass: pass, step: step))
        passes[device] = list
    }

    /// The passes the lock screen shows now on `device`, by description.
    func lockScreen(on device: Int, location: LocationModel.DeviceLocation, now: Date) -> [Shown] {
        var shown: [Shown] = []
        for added in passes[device] ?? [] {
            let pass = added.pass
            if pass.voided == true { continue }
            if let text = pass.expirationDate, let expiry = DateFormat.parse(text), expiry <= now { continue }
            if let match = Self.relevance(of: pass, at: location) {
                shown.append(Shown(description: pass.description ?? pass.serialNumber ?? "", text: match.text, reason: match.reason))
            }
        }
        return shown.sorted { ($0.description, $0.reason) < ($1.description, $1.reason) }
    }

    private static func relevance(of pass: WalletPass, at location: LocationModel.DeviceLocation) -> (text: String?, reason: String)? {
        for (index, beacon) in (pass.beacons ?? []).enumerated() {
            guard let uuid = beacon.proximityUUID else { continue }
            let heard = location.beacons.contains { heard in
                heard.uuid.lowercased() == uuid.lowercased() && beacon.major.map { Int64(exactly: $0) == heard.major } ?? true
                    && beacon.minor.map { Int64(exactly: $0) == heard.minor } ?? true
            }
            if heard { return (beacon.relevantText, "hears beacon \(index + 1)") }
        }
        guard let latitude = location.latitude, let longitude = location.longitude else { return nil }
        let radius = min(pass.maxDistance ?? .infinity, defaultDistance(style: pass.style?.key))
        for (index, place) in (pass.locations ?? []).enumerated() {
            guard let placeLatitude = place.latitude, let placeLongitude = place.longitude else { continue }
            let distance = LocationModel.distance(latitude, longitude, placeLatitude, placeLongitude)
            if distance <= radius { return (place.relevantText, "within \(Int(distance.rounded())) m of location \(index + 1)") }
        }
        return nil
    }
}
