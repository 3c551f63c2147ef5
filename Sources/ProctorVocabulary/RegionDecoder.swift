import ProctorCore
import ProctorJSON

/// Maps parsed JSON onto ``MonitoredRegion``s through the payload ``JSONFieldReader``: unknown keys
/// are warnings with a suggestion, wrong types errors at the value, and a region with an error is
/// left out of the rules. Ranges (a minor of 70000, a latitude of 91) are the rules' to judge.
package struct RegionDecoder {
    var reader: JSONFieldReader
    package var diagnostics: [Diagnostic] { reader.problems }

    package init(locate: @escaping (Int, JSONPointer) -> SourceLocation) {
        self.reader = JSONFieldReader(codes: .payload, locate: locate)
    }

    /// The keys that name a region in a payload file.
    package static let circularKey = "circularRegion"
    package static let beaconKey = "beaconRegion"

    package mutating func decode(_ kind: String, _ node: JSONNode, at pointer: JSONPointer) -> MonitoredRegion? {
        let errorsBefore = reader.errorCount
        let region: MonitoredRegion?
        if kind == Self.beaconKey {
            region = decodeBeacon(node, at: pointer).map { .beacon($0) }
        } else {
            region = decodeCircular(node, at: pointer).map { .circular($0) }
        }
        return reader.errorCount == errorsBefore ? region : nil
    }

    private mutating func decodeCircular(_ node: JSONNode, at pointer: JSONPointer) -> CircularRegion? {
        guard let object = reader.object(node, pointer, what: Self.circularKey) else { return nil }
        var region = CircularRegion(pointer: pointer)
        for member in object.members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "identifier": region.identifier = reader.string(member.value, at)
            case "radius": region.radius = reader.number(member.value, at)
            case "notifyOnEntry": region.notifyOnEntry = reader.bool(member.value, at) ?? true
            case "notifyOnExit": region.notifyOnExit = reader.bool(member.value, at) ?? true
            case "center":
                guard let center = reader.object(member.value, at, what: "center") else { continue }
                reader.checkKeys(center, at, allowed: ["latitude", "longitude"], in: "center")
                region.latitude = reader.required(center, "latitude", member.value, at).flatMap { reader.number($0, at.appending("latitude")) }
                region.longitude = reader.required(center, "longitude", member.value, at).flatMap { reader.number($0, at.appending("longitude")) }
            default: reader.unknownKey(member, in: Self.circularKey, at: at, known: CircularRegion.keys)
            }
        }
        if object["center"] == nil { reader.missing("'center'", node, pointer) }
        if object["radius"] == nil { reader.missing("'radius'", node, pointer) }
        if object["identifier"] == nil { reader.missing("'identifier'", node, pointer) }
        return region
    }

    private mutating func decodeBeacon(_ node: JSONNode, at pointer: JSONPointer) -> BeaconRegion? {
        guard let object = reader.object(node, pointer, what: Self.beaconKey) else { return nil }
        var region = BeaconRegion(pointer: pointer)
        for member in object.members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "identifier": region.identifier = reader.string(member.value, at)
            case "uuid", "proximityUUID":
                if region.uuid != nil {
                    reader.invalid("give 'uuid' (iOS 13) or 'proximityUUID', not both", member.value, at)
                    continue
                }
                region.uuid = reader.string(member.value, at)
                region.uuidKey = member.key
            case "major": region.major = integer(member.value, at)
            case "minor": region.minor = integer(member.value, at)
            case "notifyOnEntry": region.notifyOnEntry = reader.bool(member.value, at) ?? true
            case "notifyOnExit": region.notifyOnExit = reader.bool(member.value, at) ?? true
            case "notifyEntryStateOnDisplay": region.notifyEntryStateOnDisplay = reader.bool(member.value, at) ?? false
            default: reader.unknownKey(member, in: Self.beaconKey, at: at, known: BeaconRegion.keys)
            }
        }
        if object["uuid"] == nil && object["proximityUUID"] == nil { reader.missing("'uuid'", node, pointer) }
        if object["identifier"] == nil { reader.missing("'identifier'", node, pointer) }
        return region
    }

    private mutating func integer(_ node: JSONNode, _ pointer: JSONPointer) -> Int64? {
        reader.wholeNumber(node, pointer)
    }
}
