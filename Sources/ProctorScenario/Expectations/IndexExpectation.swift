import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// The device's on-device index: exact sets, compared sorted.
package struct IndexExpectation: Sendable {
    package var device: Int
    /// Unique identifiers of searchable items.
    package var items: [String]?
    /// Handles of indexed activities.
    package var activities: [String]?
    /// Handles of activities recorded for public indexing.
    package var publicActivities: [String]?
}

extension IndexExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "index"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .optional("items", ScenarioSchema.ref("strings")),
            .optional("activities", ScenarioSchema.ref("strings")),
            .optional("publicActivities", ScenarioSchema.ref("strings")),
        ]
    }

    static var constraints: [String: Any] { ["anyOf": [["required": ["items"]], ["required": ["activities"]], ["required": ["publicActivities"]]]] }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.indexExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateIndex(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the index on '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func indexExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> IndexExpectation? {
        guard let fields = reader.object(node, pointer, what: "an index expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: IndexExpectation.keys, in: "an index expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context) ?? 0
        let items = fields["items"].flatMap { reader.strings($0.value, pointer.appending("items")) }
        var handles: [String: [String]] = [:]
        for key in ["activities", "publicActivities"] {
            guard let member = fields[key], let names = reader.strings(member.value, pointer.appending(key)) else { continue }
            for (index, name) in names.enumerated() where context.activities[name] == nil {
                reader.report(
                    ProblemCode.scenarioUnknownReference,
                    "no earlier becomeCurrent step defines activity '\(name)'\(Suggestion.phrase(for: name, among: context.activities.keys.sorted()))",
                    member.value, pointer.appending(key).appending(index))
            }
            handles[key] = names
        }
        if fields["items"] == nil && fields["activities"] == nil && fields["publicActivities"] == nil {
            reader.missing("'items', 'activities' or 'publicActivities'", node, pointer)
        }
        guard reader.errorCount == errorsBefore else { return nil }
        return IndexExpectation(device: device, items: items, activities: handles["activities"], publicActivities: handles["publicActivities"])
    }
}

extension ScenarioPlayer {
    mutating func evaluateIndex(_ index: IndexExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        let state = model.devices[index.device]
        var differences: [(String, String)] = []
        func compare(_ label: String, _ expected: [String]?, _ actual: [String]) {
            guard let expected, expected.sorted() != actual.sorted() else { return }
            differences.append(("\(label) \(quoted(expected.sorted()))", "\(label) \(quoted(actual.sorted()))"))
        }
        compare("items", index.items, Array(state.items.keys))
        compare("activities", index.activities, Array(state.indexedActivities.keys))
        compare("publicActivities", index.publicActivities, state.indexedActivities.values.filter(\.isPublic).map(\.handle))
        if !differences.isEmpty {
            problem = ExpectationMismatch(
                "the index on '\(deviceName(index.device))' differs", expected: differences.map(\.0).joined(separator: "; "),
                actual: differences.map(\.1).joined(separator: "; "))
        }
        return problem
    }
}
