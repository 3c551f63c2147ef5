import Foundation
import ProctorCore
import ProctorJSON
import ProctorRules
import ProctorVocabulary

/// `monitorRegion`: the app asks Core Location to monitor a region (`startMonitoring(for:)`),
/// written as in a payload file: `circularRegion` or `beaconRegion`. The region is judged by the
/// region rules; Core Location refuses the 21st region, or a radius over the scenario's
/// `maximumRegionMonitoringDistance`, with regionMonitoringFailure (an `action_failed` case).
struct MonitorRegionStep: ScenarioStep, StepOnOneDevice {
    static let name = "monitorRegion"
    static let keys = ["device", RegionDecoder.circularKey, RegionDecoder.beaconKey]
    var device: Int
    var region: MonitoredRegion

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object([
            "device": ScenarioSchema.device,
            RegionDecoder.circularKey: ScenarioSchema.ref(
                "circularRegion", "A CLCircularRegion: identifier, center, radius, notifyOnEntry, notifyOnExit."),
            RegionDecoder.beaconKey: ScenarioSchema.ref(
                "beaconRegion", "A CLBeaconRegion: identifier, uuid, major, minor, notifyOnEntry, notifyOnExit."),
        ])
        schema["oneOf"] = [["required": [RegionDecoder.circularKey]], ["required": [RegionDecoder.beaconKey]]]
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.appDevice(fields, body, pointer, context: context)
        let kinds = [RegionDecoder.circularKey, RegionDecoder.beaconKey].filter { fields[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let node = fields[kind]?.value else {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "monitorRegion takes one region: 'circularRegion' or 'beaconRegion'", body, pointer)
            return nil
        }
        guard let region = decoder.decodeRegion(kind, node, pointer.appending(kind)), let device else { return nil }
        return MonitorRegionStep(device: device, region: region)
    }

    var summary: String { "monitor region '\(region.identifier ?? "")'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.checkRules(region, at: step)
        if let refusal = player.model.location.monitor(region, on: device, maximumDistance: player.scenario.system.maximumRegionMonitoringDistance) {
            player.refusals.append(
                .init(
                    subject: RegionMonitoringRefusal(device: device, identifier: region.identifier ?? ""), step: step, name: summary,
                    message: refusal,
                    expected: "Core Location monitors the region", actual: "regionMonitoringFailure"))
        }
    }
}

/// `stopMonitoringRegion`: the app stops monitoring a region by identifier, freeing its slot.
struct StopMonitoringRegionStep: ScenarioStep, StepOnOneDevice {
    static let name = "stopMonitoringRegion"
    static let keys = ["device", "identifier"]
    var device: Int
    var identifier: String
    /// Where the step and its identifier are written, for the check that a region of that name is monitored.
    var pointer: JSONPointer
    var identifierOffset: Int

    static var schema: [String: Any] {
        ScenarioSchema.object(
            ["device": ScenarioSchema.device, "identifier": ScenarioSchema.nonEmpty("The region's identifier.")], required: ["identifier"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let identifier = decoder.reader.required(fields, "identifier", body, pointer).flatMap {
            decoder.reader.nonEmptyString($0, pointer.appending("identifier"))
        }
        guard let device = decoder.appDevice(fields, body, pointer, context: context), let identifier else { return nil }
        return StopMonitoringRegionStep(
            device: device, identifier: identifier, pointer: pointer, identifierOffset: fields["identifier"]?.value.offset ?? body.offset)
    }

    var summary: String { "stop monitoring region '\(identifier)'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.location.stopMonitoring(identifier, on: device)
    }
}

/// `startRangingBeacons`: the app ranges the beacons of a UUID (and major, minor)
/// (`startRangingBeacons(satisfying:)`); results reach it only while it is in the foreground.
struct StartRangingBeaconsStep: ScenarioStep, StepOnOneDevice {
    static let name = "startRangingBeacons"
    static let keys = ["device", "uuid", "major", "minor"]
    var device: Int
    var constraint: BeaconRegion

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "uuid": ["type": "string", "pattern": "^[0-9A-Fa-f]{8}-([0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$"],
                "major": ["type": "integer", "minimum": 0, "maximum": 65535], "minor": ["type": "integer", "minimum": 0, "maximum": 65535],
            ], required: ["uuid"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.appDevice(fields, body, pointer, context: context)
        var constraint = BeaconRegion(pointer: pointer)
        constraint.uuid = decoder.reader.required(fields, "uuid", body, pointer).flatMap { decoder.beaconUUID($0, pointer.appending("uuid")) }
        constraint.major = fields["major"].flatMap { decoder.beaconValue($0.value, pointer.appending("major")) }
        constraint.minor = fields["minor"].flatMap { decoder.beaconValue($0.value, pointer.appending("minor")) }
        if constraint.minor != nil && constraint.major == nil, let member = fields["minor"] {
            decoder.reader.report(ProblemCode.scenarioInvalidValue, "a minor needs a major", member.value, pointer.appending("minor"))
            return nil
        }
        guard let device, constraint.uuid != nil else { return nil }
        return StartRangingBeaconsStep(device: device, constraint: constraint)
    }

    var summary: String { "start ranging beacons \(constraint.uuid ?? "")" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.location.startRanging(constraint, on: device)
    }
}

/// `leaveApp`: the user leaves the app (the Home Screen, another app, the lock button): it is in
/// the background until a launch or a `showScreen` brings it back.
struct LeaveAppStep: ScenarioStep, StepOnOneDevice {
    static let name = "leaveApp"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] { ScenarioSchema.onlyDevice }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        decoder.deviceOnly(body, pointer, context: context).map { LeaveAppStep(device: $0) }
    }

    var summary: String { "leave the app" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.model.foreground.remove(device)
    }
}

extension MonitorRegionStep {
    /// A region handler or a `stopMonitoringRegion` naming a region no `monitorRegion` step
    /// monitors would silently never run: a misspelt identifier is an error, with a suggestion.
    static func checkScenario(_ steps: [Step], app: ScenarioApp, decoder: inout ScenarioDecoder) {
        let monitored = steps.compactMap { ($0.action as? MonitorRegionStep)?.region.identifier }
        func check(_ name: String, offset: Int, pointer: JSONPointer, what: String) {
            guard !monitored.contains(name) else { return }
            let known =
                monitored.isEmpty
                ? "no monitorRegion step monitors a region"
                : "the regions monitored are \(Array(Set(monitored)).sorted().map { "'\($0)'" }.joined(separator: ", "))"
            decoder.reader.report(
                ProblemCode.scenarioUnknownReference, "\(what) names region '\(name)'\(Suggestion.phrase(for: name, among: monitored)), but \(known)",
                offset: offset, pointer: pointer)
        }
        for handler in app.regionHandlers {
            check(handler.region, offset: handler.regionOffset, pointer: handler.pointer.appending("region"), what: "the region handler")
        }
        for step in steps {
            guard let stop = step.action as? StopMonitoringRegionStep else { continue }
            check(stop.identifier, offset: stop.identifierOffset, pointer: stop.pointer.appending("identifier"), what: "stopMonitoringRegion")
        }
    }
}

/// A region Core Location would not monitor: examined by an `expect.regions` of the device whose
/// `failed` lists the identifier.
struct RegionMonitoringRefusal: Hashable {
    var device: Int
    var identifier: String
}
