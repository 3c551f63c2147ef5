import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// Where a device suggests the places the app promoted; each field given is compared.
package struct LocationSuggestionsExpectation: Sendable {
    package var device: Int
    /// The place of the app switcher's directions banner; `.some(nil)`: no banner.
    package var appSwitcher: String??
    /// The places Maps suggests, most recent first.
    package var maps: [String]?
    /// What QuickType offered in the text field last focused (`focusTextField`).
    package var quickType: [String]?
}

extension LocationSuggestionsExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "locationSuggestions"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .optional("appSwitcher", ScenarioSchema.ref("nullableString")),
            .optional("maps", ["type": "array", "items": ["type": "string"], "description": "The places Maps suggests, most recent first."]),
            .optional(
                "quickType", ["type": "array", "items": ["type": "string"], "description": "What QuickType offered in the text field last focused."]),
        ]
    }

    static var constraints: [String: Any] { ["anyOf": [["required": ["appSwitcher"]], ["required": ["maps"]], ["required": ["quickType"]]]] }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.locationSuggestionsExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateLocationSuggestions(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the location suggestions on '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func locationSuggestionsExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> LocationSuggestionsExpectation? {
        guard let fields = reader.object(node, pointer, what: "a location suggestions expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: LocationSuggestionsExpectation.keys, in: "a location suggestions expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context)
        var expectation = LocationSuggestionsExpectation(device: device ?? 0)
        if let member = fields["appSwitcher"] { expectation.appSwitcher = reader.nullableString(member.value, pointer.appending("appSwitcher")) }
        expectation.maps = fields["maps"].flatMap { reader.strings($0.value, pointer.appending("maps")) }
        expectation.quickType = fields["quickType"].flatMap { reader.strings($0.value, pointer.appending("quickType")) }
        if fields["appSwitcher"] == nil && fields["maps"] == nil && fields["quickType"] == nil && reader.errorCount == errorsBefore {
            reader.missing("'appSwitcher', 'maps' or 'quickType'", node, pointer)
        }
        guard device != nil, reader.errorCount == errorsBefore else { return nil }
        return expectation
    }
}

extension ScenarioPlayer {
    mutating func evaluateLocationSuggestions(_ expected: LocationSuggestionsExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        var expectedParts: [String] = []
        var actualParts: [String] = []
        if let wanted = expected.appSwitcher {
            let banner = model.appSwitcherPlace(on: expected.device)?.name
            if wanted != banner {
                expectedParts.append("app switcher \(wanted.map { "'\($0)'" } ?? "no banner")")
                actualParts.append("app switcher \(banner.map { "'\($0)'" } ?? "no banner")")
            }
        }
        if let wanted = expected.maps {
            let places = (model.recentPlaces[expected.device] ?? []).map(\.name)
            if wanted != places {
                expectedParts.append("Maps \(quoted(wanted))")
                actualParts.append("Maps \(quoted(places))")
            }
        }
        if let wanted = expected.quickType {
            let offered = model.quickType[expected.device]
            if wanted != offered?.suggestions ?? [] {
                expectedParts.append("QuickType \(quoted(wanted))")
                actualParts.append(offered.map { "QuickType \(quoted($0.suggestions)) in a \($0.type.rawValue) field" } ?? "no text field focused")
            }
        }
        if !expectedParts.isEmpty {
            problem = ExpectationMismatch(
                "the location suggestions on '\(deviceName(expected.device))' differ", expected: expectedParts.joined(separator: "; "),
                actual: actualParts.joined(separator: "; "))
        }
        return problem
    }
}
