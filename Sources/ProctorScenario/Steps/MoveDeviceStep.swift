import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `moveDevice`: the user carries a device to a place (`to`) where it hears these beacons. Core
/// Location reports each monitored region the move crosses: the app is woken in the background
/// and its `regionHandlers` run, posting their local notifications (seed 003's Storefront Pickup).
struct MoveDeviceStep: ScenarioStep, StepOnOneDevice {
    static let name = "moveDevice"
    static let keys = ["device", "to", "beacons"]
    static let beaconKeys = ["uuid", "major", "minor", "distance"]
    var device: Int
    var latitude: Double?
    var longitude: Double?
    var beacons: [LocationModel.HeardBeacon]

    static var schema: [String: Any] {
        let coordinate = ScenarioSchema.object(
            ["latitude": ["type": "number", "minimum": -90, "maximum": 90], "longitude": ["type": "number", "minimum": -180, "maximum": 180]],
            required: ["latitude", "longitude"])
        let beacon = ScenarioSchema.object(
            [
                "uuid": ["type": "string", "pattern": "^[0-9A-Fa-f]{8}-([0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$"],
                "major": ["type": "integer", "minimum": 0, "maximum": 65535], "minor": ["type": "integer", "minimum": 0, "maximum": 65535],
                "distance": ["type": "number", "minimum": 0, "description": "Meters from the device."],
            ], required: ["uuid", "major", "minor", "distance"])
        var schema = ScenarioSchema.object([
            "device": ScenarioSchema.device, "to": coordinate,
            "beacons": ["type": "array", "items": beacon, "description": "The beacons the device hears there; none when absent."],
        ])
        schema["anyOf"] = [["required": ["to"]], ["required": ["beacons"]]]
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let errorsBefore = decoder.reader.errorCount
        let device = decoder.deviceReference(fields, pointer, context: context)
        var step = MoveDeviceStep(device: device ?? 0, beacons: [])
        if let member = fields["to"], let to = decoder.reader.object(member.value, pointer.appending("to"), what: "to") {
            let at = pointer.appending("to")
            decoder.reader.checkKeys(to, at, allowed: ["latitude", "longitude"], in: "to")
            step.latitude = decoder.coordinate(to, "latitude", limit: 90, member.value, at)
            step.longitude = decoder.coordinate(to, "longitude", limit: 180, member.value, at)
        }
        if let member = fields["beacons"], let elements = decoder.reader.array(member.value, pointer.appending("beacons")) {
            for (index, element) in elements.enumerated() {
                let at = pointer.appending("beacons").appending(index)
                guard let beacon = decoder.reader.object(element, at, what: "a beacon") else { continue }
                decoder.reader.checkKeys(beacon, at, allowed: beaconKeys, in: "a beacon")
                let uuid = decoder.reader.required(beacon, "uuid", element, at).flatMap { decoder.beaconUUID($0, at.appending("uuid")) }
                let major = decoder.reader.required(beacon, "major", element, at).flatMap { decoder.beaconValue($0, at.appending("major")) }
                let minor = decoder.reader.required(beacon, "minor", element, at).flatMap { decoder.beaconValue($0, at.appending("minor")) }
                var distance: Double?
                if let node = decoder.reader.required(beacon, "distance", element, at),
                    let meters = decoder.reader.number(node, at.appending("distance"), expected: "meters")
                {
                    if meters >= 0 {
                        distance = meters
                    } else {
                        decoder.reader.report(ProblemCode.scenarioInvalidValue, "a distance is 0 meters or more", node, at.appending("distance"))
                    }
                }
                if let uuid, let major, let minor, let distance {
                    step.beacons.append(LocationModel.HeardBeacon(uuid: uuid, major: major, minor: minor, distance: distance))
                }
            }
        }
        if fields["to"] == nil && fields["beacons"] == nil {
            decoder.reader.missing("'to' (a place) or 'beacons' (what the device hears)", body, pointer)
        }
        guard device != nil, decoder.reader.errorCount == errorsBefore else { return nil }
        return step
    }

    var summary: String {
        var parts: [String] = []
        if let latitude, let longitude { parts.append("to \(latitude), \(longitude)") }
        if !beacons.isEmpty { parts.append("near \(beacons.count) beacon\(beacons.count == 1 ? "" : "s")") }
        return "move \(parts.joined(separator: ", "))"
    }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let events = player.model.location.move(
            device: device, latitude: latitude, longitude: longitude, beacons: beacons, cushion: player.scenario.system.regionCushion,
            step: step.number, at: player.model.now)
        guard player.hasApp(device) else { return }
        for event in events {
            for handler in player.scenario.app.regionHandlers where handler.region == event.region && handler.event == event.kind.rawValue {
                guard player.model.location.handle(event, on: device, at: player.model.now, minimumInterval: handler.minimumInterval) else {
                    continue
                }
                if let content = handler.notification {
                    _ = player.model.notifications.postLocal(
                        content, on: device, step: step.number, now: player.model.now, devices: player.scenario.devices,
                        pointer: handler.pointer.appending("postNotification"))
                }
            }
        }
    }
}

extension ScenarioDecoder {
    /// A latitude or longitude, in range.
    mutating func coordinate(_ object: JSONObject, _ key: String, limit: Double, _ node: JSONNode, _ pointer: JSONPointer) -> Double? {
        guard let value = reader.required(object, key, node, pointer), let number = reader.number(value, pointer.appending(key)) else { return nil }
        guard (-limit...limit).contains(number) else {
            reader.report(
                ProblemCode.scenarioInvalidValue, "\(key) \(number) is outside -\(Int(limit)) to \(Int(limit))", value, pointer.appending(key))
            return nil
        }
        return number
    }

    mutating func beaconUUID(_ node: JSONNode, _ pointer: JSONPointer) -> String? {
        guard let text = reader.string(node, pointer) else { return nil }
        guard isUUID(text) else {
            reader.report(ProblemCode.scenarioInvalidValue, "'\(text)' is not a UUID such as E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", node, pointer)
            return nil
        }
        return text
    }

    /// A beacon's major or minor: what a beacon advertises is 16 bits.
    mutating func beaconValue(_ node: JSONNode, _ pointer: JSONPointer) -> Int64? {
        guard let number = reader.number(node, pointer, expected: "a whole number from 0 to 65535") else { return nil }
        guard let value = Int64(exactly: number), (0...65535).contains(value) else {
            reader.report(ProblemCode.scenarioInvalidValue, "\(number) is not a 16-bit value: a whole number from 0 to 65535", node, pointer)
            return nil
        }
        return value
    }

    /// A region written as in a payload file, read as lint reads one.
    mutating func decodeRegion(_ kind: String, _ node: JSONNode, _ pointer: JSONPointer) -> MonitoredRegion? {
        var decoder = RegionDecoder(locate: { [path, source] offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        })
        let region = decoder.decode(kind, node, at: pointer)
        for diagnostic in decoder.diagnostics { recordDiagnostic(diagnostic) }
        return region
    }
}
