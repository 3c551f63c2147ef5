import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// What a device shows of the app's notifications. A field that is absent is not compared.
package struct NotificationsExpectation: Sendable {
    package var device: Int
    /// The headlines Notification Center lists, oldest first.
    package var listed: [String]?
    /// The headlines among them delivered without a banner (Do Not Disturb).
    package var quiet: [String]?
    package var backgroundWakes: Int?
}

extension NotificationsExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "notifications"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .optional(
                "listed",
                [
                    "type": "array", "items": ["type": "string"],
                    "description": "The headlines (title, else body) Notification Center lists, oldest first, exactly.",
                ]),
            .optional(
                "quiet",
                [
                    "type": "array", "items": ["type": "string"],
                    "description": "The headlines among them delivered without a banner or sound (Do Not Disturb), exactly.",
                ]),
            .optional("backgroundWakes", ["type": "integer", "minimum": 0, "description": "How many background notifications woke the app."]),
        ]
    }

    static var constraints: [String: Any] { ["anyOf": [["required": ["listed"]], ["required": ["quiet"]], ["required": ["backgroundWakes"]]]] }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.notificationsExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateNotifications(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the notifications on '\(player.deviceName(device))'"
    }
}

extension ScenarioDecoder {
    mutating func notificationsExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> NotificationsExpectation? {
        guard let fields = reader.object(node, pointer, what: "a notifications expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: NotificationsExpectation.keys, in: "a notifications expectation")
        let errorsBefore = reader.errorCount
        let device = deviceReference(fields, pointer, context: context)
        let listed = fields["listed"].flatMap { reader.strings($0.value, pointer.appending("listed")) }
        let quiet = fields["quiet"].flatMap { reader.strings($0.value, pointer.appending("quiet")) }
        var wakes: Int?
        if let member = fields["backgroundWakes"], let number = reader.number(member.value, pointer.appending("backgroundWakes"), expected: "a count")
        {
            if let whole = Int(exactly: number), whole >= 0 {
                wakes = whole
            } else {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "backgroundWakes counts wakes: a whole number, 0 or more", member.value,
                    pointer.appending("backgroundWakes"))
            }
        }
        if listed == nil && quiet == nil && wakes == nil && reader.errorCount == errorsBefore {
            reader.missing("'listed', 'quiet' or 'backgroundWakes'", node, pointer)
        }
        guard let device, reader.errorCount == errorsBefore else { return nil }
        return NotificationsExpectation(device: device, listed: listed, quiet: quiet, backgroundWakes: wakes)
    }
}

extension ScenarioPlayer {
    func evaluateNotifications(_ expected: NotificationsExpectation) -> ExpectationMismatch? {
        let listed = model.notifications.listed(on: expected.device)
        let headlines = listed.map { $0.headline ?? "" }
        let quiet = listed.filter { if case .quiet = $0.presentation { return true } else { return false } }.map { $0.headline ?? "" }
        let wakes = model.notifications.backgroundWakes(on: expected.device)
        var expectedParts: [String] = []
        var actualParts: [String] = []
        if let wanted = expected.listed, wanted != headlines {
            expectedParts.append("listed \(quoted(wanted))")
            actualParts.append("listed \(quoted(headlines))")
        }
        if let wanted = expected.quiet, wanted != quiet {
            expectedParts.append("quiet \(quoted(wanted))")
            actualParts.append("quiet \(quoted(quiet))")
        }
        if let wanted = expected.backgroundWakes, wanted != wakes {
            expectedParts.append("\(wanted) background wakes")
            actualParts.append("\(wakes) background wakes")
        }
        guard !expectedParts.isEmpty else { return nil }
        let hidden = model.notifications.delivered.filter { $0.device == expected.device }.compactMap { delivered -> String? in
            if case .hidden(let why) = delivered.presentation { return "'\(delivered.headline ?? "")' not shown: \(why)" }
            return nil
        }
        return ExpectationMismatch(
            "the notifications on '\(deviceName(expected.device))' differ", expected: expectedParts.joined(separator: "; "),
            actual: (actualParts + hidden).joined(separator: "; "))
    }
}
