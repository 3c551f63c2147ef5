import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// The regions the app monitors on a device, by identifier; each field given is compared exactly.
package struct RegionsExpectation: Sendable {
    package var device: Int
    /// In the order they were registered.
    package var monitored: [String]?
    /// The monitored regions the device is inside, sorted.
    package var inside: [String]?
    /// Every event reported so far, in order: "entry upper-west-side".
    package var events: [String]?
    /// The regions Core Location refused, in order.
    package var failed: [String]?
}

extension RegionsExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "regions"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .optional("monitored", ScenarioSchema.titles),
            .optional("inside", ScenarioSchema.titles),
            .optional(
                "events",
                [
                    "type": "array", "items": ["type": "string", "pattern": "^(entry|exit) .+$"],
                    "description": "Every event so far, in order: \"entry <identifier>\".",
                ]),
            .optional("failed", ScenarioSchema.titles),
        ]
    }

    static var constraints: [String: Any] {
        ["anyOf": [["required": ["monitored"]], ["required": ["inside"]], ["required": ["events"]], ["required": ["failed"]]]]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.regionsExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateRegionsExpectation(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the regions on '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func regionsExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> RegionsExpectation? {
        guard let fields = reader.object(node, pointer, what: "a regions expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: RegionsExpectation.keys, in: "a regions expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context)
        func list(_ key: String) -> [String]? { fields[key].flatMap { reader.strings($0.value, pointer.appending(key)) } }
        let expectation = RegionsExpectation(
            device: device ?? 0, monitored: list("monitored"), inside: list("inside"), events: list("events"), failed: list("failed"))
        if let events = expectation.events, let member = fields["events"] {
            for (index, event) in events.enumerated() where !(event.hasPrefix("entry ") || event.hasPrefix("exit ")) {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "'\(event)' is not an event such as \"entry upper-west-side\" or \"exit upper-west-side\"",
                    member.value, pointer.appending("events").appending(index))
            }
        }
        if fields.count == (fields["device"] == nil ? 0 : 1) && reader.errorCount == errorsBefore {
            reader.missing("'monitored', 'inside', 'events' or 'failed'", node, pointer)
        }
        guard device != nil, reader.errorCount == errorsBefore else { return nil }
        return expectation
    }
}

extension ScenarioPlayer {
    mutating func evaluateRegionsExpectation(_ expected: RegionsExpectation) -> ExpectationMismatch? {
        let problem = evaluateRegions(expected)
        // A refusal is examined by an expectation that names it, once its own step has run.
        if let failed = expected.failed {
            examineRefusals { refusal in
                failed.contains { refusal.subject == AnyHashable(RegionMonitoringRefusal(device: expected.device, identifier: $0)) }
            }
        }
        return problem
    }
}

extension ScenarioPlayer {
    func evaluateRegions(_ expected: RegionsExpectation) -> ExpectationMismatch? {
        let state = model.location.state(of: expected.device)
        var expectedParts: [String] = []
        var actualParts: [String] = []
        func compare(_ label: String, _ wanted: [String]?, _ actual: [String]) {
            guard let wanted, wanted != actual else { return }
            expectedParts.append("\(label) \(quoted(wanted))")
            actualParts.append("\(label) \(quoted(actual))")
        }
        compare("monitored", expected.monitored, state.monitored.compactMap(\.identifier))
        compare("inside", expected.inside.map { $0.sorted() }, state.inside.sorted())
        compare("events", expected.events, state.events.map(\.summary))
        compare("failed", expected.failed, state.failed)
        guard !expectedParts.isEmpty else { return nil }
        return ExpectationMismatch(
            "the regions on '\(deviceName(expected.device))' differ", expected: expectedParts.joined(separator: "; "),
            actual: actualParts.joined(separator: "; "))
    }
}
