import Foundation
import ProctorCore
import ProctorJSON
import ProctorLinks
import ProctorVocabulary

/// What iOS decided for the last universal link opened (`openUniversalLink`, or `openURL` of an
/// http or https URL): the app or Safari, and when given, the component or path that decided.
package struct LinkExpectation: Sendable {
    package var verdict: LinkVerdict.Outcome
    package var pointer: String?
}

extension LinkExpectation: ScenarioExpectation {
    static let name = "link"

    static var fields: [ScenarioField] {
        [
            .required(
                "verdict",
                [
                    "enum": [LinkVerdict.Outcome.app.rawValue, LinkVerdict.Outcome.safari.rawValue],
                    "description": "app or safari: what iOS did with the last universal link.",
                ]),
            .optional(
                "pointer",
                ["type": "string", "description": "The component or legacy path that decided, as a JSON Pointer into the domain's association file."]),
        ]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.linkExpectation(body, pointer)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateLink(self)
    }

    func device(on player: ScenarioPlayer) -> Int? { nil }

    func summary(on player: ScenarioPlayer) -> String {
        "the last universal link opens in \(verdict == .app ? "the app" : "Safari")"
    }
}

extension ScenarioDecoder {
    mutating func linkExpectation(_ node: JSONNode, _ at: JSONPointer) -> LinkExpectation? {
        guard let fields = reader.object(node, at, what: "a link expectation") else { return nil }
        reader.checkKeys(fields, at, allowed: LinkExpectation.keys, in: "a link expectation")
        // A scenario's links are always decided (a domain without a file opens Safari).
        var verdict = reader.required(fields, "verdict", node, at).flatMap { reader.choice($0, at.appending("verdict"), LinkVerdict.Outcome.self) }
        if verdict == .undecided, let node = fields["verdict"]?.value {
            reader.report(
                ProblemCode.scenarioInvalidValue, "a scenario's links are always decided: expect 'app' or 'safari'", node, at.appending("verdict"))
            verdict = nil
        }
        let pointer = fields["pointer"].flatMap { reader.string($0.value, at.appending("pointer")) }
        return verdict.map { LinkExpectation(verdict: $0, pointer: pointer) }
    }
}

extension ScenarioPlayer {
    mutating func evaluateLink(_ expected: LinkExpectation) -> ExpectationMismatch? {
        var problem: ExpectationMismatch?
        if let last = features[UniversalLinks.self].last {
            let actual = "\(last.verdict.outcome.rawValue) for \(last.url): \(last.verdict.reason)"
            if last.verdict.outcome != expected.verdict {
                problem = ExpectationMismatch(
                    "iOS opened \(last.url) in \(last.verdict.outcome == .app ? "the app" : "Safari"), not \(expected.verdict == .app ? "the app" : "Safari")",
                    expected: expected.verdict.rawValue, actual: actual)
            } else if let pointer = expected.pointer, pointer != last.verdict.pointer {
                problem = ExpectationMismatch(
                    "the link \(last.url) was decided at \(last.verdict.pointer ?? "no component"), not \(pointer)",
                    expected: "\(expected.verdict.rawValue) at \(pointer)", actual: actual)
            }
        } else {
            problem = ExpectationMismatch("no universal link was opened before this step", expected: expected.verdict.rawValue, actual: "no link")
        }
        return problem
    }
}
