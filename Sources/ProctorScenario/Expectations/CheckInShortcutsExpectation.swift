import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// The check-in shortcuts a device shows now (lock screen and search), by title, order aside.
package struct CheckInShortcutsExpectation: Sendable {
    package var device: Int
    package var titles: [String]
}

extension CheckInShortcutsExpectation: ScenarioExpectation, ExpectationOnOneDevice {
    static let name = "checkInShortcuts"

    static var fields: [ScenarioField] {
        [
            .optional("device", ScenarioSchema.device),
            .required("titles", ScenarioSchema.titles),
        ]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.checkInShortcutsExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateCheckInShortcuts(self)
    }

    func summary(on player: ScenarioPlayer) -> String {
        "the check-in shortcuts on '\(player.deviceName(device))' are \(player.quoted(titles))"
    }
}

extension ScenarioDecoder {
    mutating func checkInShortcutsExpectation(_ node: JSONNode, _ at: JSONPointer, context: StepContext) -> CheckInShortcutsExpectation? {
        guard let fields = reader.object(node, at, what: "a check-in shortcuts expectation") else { return nil }
        reader.checkKeys(fields, at, allowed: CheckInShortcutsExpectation.keys, in: "a check-in shortcuts expectation")
        let device = deviceReference(fields, at, context: context)
        let titles = reader.required(fields, "titles", node, at).flatMap { reader.strings($0, at.appending("titles")) }
        return device.flatMap { device in titles.map { CheckInShortcutsExpectation(device: device, titles: $0) } }
    }
}

extension ScenarioPlayer {
    mutating func evaluateCheckInShortcuts(_ expected: CheckInShortcutsExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        let visible = model.siri.visibleCheckInShortcuts(at: model.now).map(\.title)
        if expected.titles.sorted() != visible.sorted() {
            let all = model.siri.checkInShortcuts()
            let hidden = all.filter { !$0.isOpen(at: model.now) }.map { "'\($0.title)' (open \($0.window))" }
            problem = ExpectationMismatch(
                "the check-in shortcuts on '\(deviceName(expected.device))' at \(DateFormat.format(model.now)) differ",
                expected: quoted(expected.titles.sorted()),
                actual: quoted(visible.sorted()) + (hidden.isEmpty ? "" : "; not shown now: " + hidden.joined(separator: ", ")))
        }
        return problem
    }
}
