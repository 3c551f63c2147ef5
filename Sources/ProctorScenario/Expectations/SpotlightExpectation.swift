import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// Spotlight results for a query, by title.
package struct SpotlightExpectation: Sendable {
    package var device: Int
    package var query: String
    package var contains: [String]?
    package var excludes: [String]?
    /// The exact list, in order.
    package var results: [String]?
    /// The quick actions each result shows, by result title (`call`, `directions`), sorted by title.
    package var actions: [(title: String, actions: [String])]? = nil
}

extension SpotlightExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "spotlight"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .required("query", ScenarioSchema.query),
            .optional("contains", ScenarioSchema.titles),
            .optional("excludes", ScenarioSchema.titles),
            .optional("results", ScenarioSchema.titles),
            .optional(
                "actions",
                [
                    "type": "object", "description": "The quick action icons each result shows, by result title: exactly these, in this order.",
                    "additionalProperties": ["type": "array", "items": ["enum": SpotlightAction.allCases.map(\.rawValue)], "uniqueItems": true],
                ]),
        ]
    }

    static var constraints: [String: Any] {
        ["anyOf": [["required": ["contains"]], ["required": ["excludes"]], ["required": ["results"]], ["required": ["actions"]]]]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.spotlightExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateSpotlight(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "Spotlight on '\(player.deviceName(device))' for '\(query)'"
    }
}

extension ScenarioDecoder {
    mutating func spotlightExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> SpotlightExpectation? {
        guard let fields = reader.object(node, pointer, what: "a Spotlight expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: SpotlightExpectation.keys, in: "a Spotlight expectation")
        let device = deviceReference(fields, pointer, context: context) ?? 0
        let query = reader.required(fields, "query", node, pointer).flatMap { self.query($0, pointer.appending("query")) }
        let contains = fields["contains"].flatMap { reader.strings($0.value, pointer.appending("contains")) }
        let excludes = fields["excludes"].flatMap { reader.strings($0.value, pointer.appending("excludes")) }
        let results = fields["results"].flatMap { reader.strings($0.value, pointer.appending("results")) }
        var actions: [(title: String, actions: [String])]?
        if let member = fields["actions"], let byTitle = reader.object(member.value, pointer.appending("actions"), what: "the actions of results") {
            actions = []
            let names = SpotlightAction.allCases.map(\.rawValue)
            for entry in byTitle.members {
                let at = pointer.appending("actions").appending(entry.key)
                guard let listed = reader.strings(entry.value, at) else { continue }
                for (index, name) in listed.enumerated() where !names.contains(name) {
                    reader.report(
                        ProblemCode.scenarioInvalidValue,
                        "'\(name)' is not a Spotlight quick action; the actions are \(names.joined(separator: " and "))", entry.value,
                        at.appending(index))
                }
                // A result shows each action once, in this order: a list that cannot be shown is a mistake of the file.
                let known = listed.filter(names.contains)
                if known.count == listed.count, known != names.filter(known.contains) {
                    reader.report(
                        ProblemCode.scenarioInvalidValue,
                        "a result shows each quick action once, in the order \(names.joined(separator: ", ")); write \(names.filter(known.contains))",
                        entry.value, at)
                }
                actions?.append((entry.key, listed))
            }
            actions?.sort { $0.title < $1.title }
        }
        if fields["contains"] == nil && fields["excludes"] == nil && fields["results"] == nil && fields["actions"] == nil {
            reader.missing("'contains', 'excludes', 'results' (result titles) or 'actions'", node, pointer)
            return nil
        }
        guard let query else { return nil }
        return SpotlightExpectation(device: device, query: query, contains: contains, excludes: excludes, results: results, actions: actions)
    }
}

extension ScenarioPlayer {
    mutating func evaluateSpotlight(_ spotlight: SpotlightExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        let results = model.search(spotlight.query, device: spotlight.device)
        let titles = results.map(\.title)
        let place = "Spotlight on '\(deviceName(spotlight.device))' for '\(spotlight.query)'"
        if let exact = spotlight.results, exact != titles {
            problem = ExpectationMismatch(
                "\(place) does not show exactly the expected results", expected: "results \(quoted(exact))", actual: describe(results))
        } else if let missing = spotlight.contains?.filter({ !titles.contains($0) }), !missing.isEmpty {
            problem = ExpectationMismatch(
                "\(place) does not show \(quoted(missing))", expected: "contains \(quoted(spotlight.contains ?? []))", actual: describe(results))
        } else if let present = spotlight.excludes?.filter(titles.contains), !present.isEmpty {
            problem = ExpectationMismatch(
                "\(place) shows \(quoted(present))", expected: "excludes \(quoted(spotlight.excludes ?? []))", actual: describe(results))
        } else if let wanted = spotlight.actions {
            // A title that is not among the results shows no actions: `results` says which are there.
            var expectedParts: [String] = []
            var actualParts: [String] = []
            for (title, actions) in wanted {
                let shown = results.first { $0.title == title }.map { model.actions(of: $0, device: spotlight.device).map(\.rawValue) }
                guard shown != actions else { continue }
                expectedParts.append("'\(title)' \(quoted(actions))")
                actualParts.append("'\(title)' " + (shown.map { quoted($0) } ?? "is not a result"))
            }
            if !expectedParts.isEmpty {
                problem = ExpectationMismatch(
                    "\(place) shows other quick actions", expected: expectedParts.joined(separator: "; "),
                    actual: actualParts.joined(separator: "; "))
            }
        }
        return problem
    }
}
