import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// What the app's beacon ranging reports now, closest first: an empty list when nothing is in
/// range or the app is in the background.
package struct RangingExpectation: Sendable {
    package var device: Int
    package var beacons: [RangedBeacon]
}

package struct RangedBeacon: Sendable, Equatable {
    package var major: Int64
    package var minor: Int64
    /// immediate, near, far or unknown.
    package var proximity: String
}

extension RangingExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "ranging"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .required(
                "beacons",
                [
                    "type": "array", "description": "What ranging reports now, closest first.",
                    "items": ScenarioSchema.object(
                        [
                            "major": ["type": "integer", "minimum": 0, "maximum": 65535],
                            "minor": ["type": "integer", "minimum": 0, "maximum": 65535],
                            "proximity": ["enum": LocationModel.Proximity.allCases.map(\.rawValue)],
                        ], required: ["major", "minor", "proximity"]),
                ]),
        ]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.rangingExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateRanging(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the beacons ranged on '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func rangingExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> RangingExpectation? {
        guard let fields = reader.object(node, pointer, what: "a ranging expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: RangingExpectation.keys, in: "a ranging expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context)
        var beacons: [RangedBeacon] = []
        if let member = reader.required(fields, "beacons", node, pointer), let elements = reader.array(member, pointer.appending("beacons")) {
            for (index, element) in elements.enumerated() {
                let at = pointer.appending("beacons").appending(index)
                guard let beacon = reader.object(element, at, what: "a ranged beacon") else { continue }
                reader.checkKeys(beacon, at, allowed: ["major", "minor", "proximity"], in: "a ranged beacon")
                let major = reader.required(beacon, "major", element, at).flatMap { beaconValue($0, at.appending("major")) }
                let minor = reader.required(beacon, "minor", element, at).flatMap { beaconValue($0, at.appending("minor")) }
                let proximity = reader.required(beacon, "proximity", element, at).flatMap {
                    reader.choice($0, at.appending("proximity"), LocationModel.Proximity.self)
                }
                if let major, let minor, let proximity { beacons.append(RangedBeacon(major: major, minor: minor, proximity: proximity.rawValue)) }
            }
        }
        guard let device, reader.errorCount == errorsBefore else { return nil }
        return RangingExpectation(device: device, beacons: beacons)
    }
}

extension ScenarioPlayer {
    mutating func evaluateRanging(_ expected: RangingExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        let ranged = model.location.ranged(on: expected.device, foreground: model.foreground.contains(expected.device))
        let actual = ranged.map { RangedBeacon(major: $0.beacon.major, minor: $0.beacon.minor, proximity: $0.proximity.rawValue) }
        if actual != expected.beacons {
            func text(_ beacons: [RangedBeacon]) -> String {
                "[" + beacons.map { "\($0.major)/\($0.minor) \($0.proximity)" }.joined(separator: ", ") + "]"
            }
            var why = ""
            if !model.foreground.contains(expected.device) {
                why = "; the app is in the background, and ranging reports only in the foreground"
            } else if model.location.state(of: expected.device).ranging.isEmpty {
                why = "; the app ranges no beacons (no startRangingBeacons step)"
            }
            problem = ExpectationMismatch(
                "ranging on '\(deviceName(expected.device))' reports other beacons", expected: text(expected.beacons), actual: text(actual) + why)
        }
        return problem
    }
}
