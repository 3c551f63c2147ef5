import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `expect.findings`: the findings a negative scenario expects its donations to have had, each
/// by rule id and optionally where.
package struct FindingsExpectation: Sendable {
    package var expected: [ExpectedFinding]
}

/// A finding a negative scenario expects: a rule id, optionally where.
package struct ExpectedFinding: Sendable {
    package var ruleID: String
    /// The finding's pointer must be this one or lie inside it.
    package var pointer: JSONPointer?
    package var severity: Severity?
}

extension FindingsExpectation: ScenarioExpectation {
    static let name = "findings"

    static var fields: [ScenarioField] {
        [
            .required("ruleId", ["enum": ScenarioDecoder.scenarioRuleIDs]),
            .optional("pointer", ["type": "string", "pattern": "^(/([^~/]|~[01])*)*$"]),
            .optional("severity", ["enum": Severity.allCases.map(\.rawValue)]),
        ]
    }

    /// A list of findings, each an object of the fields.
    static var schema: [String: Any] { ["type": "array", "minItems": 1, "items": fields.objectSchema] }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.findingsExpectation(body, pointer).map(FindingsExpectation.init)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateFindings(expected, before: step)
    }

    func device(on player: ScenarioPlayer) -> Int? { nil }

    func summary(on player: ScenarioPlayer) -> String {
        "findings \(expected.map(player.describe).joined(separator: "; "))"
    }
}

extension ScenarioDecoder {
    mutating func findingsExpectation(_ node: JSONNode, _ pointer: JSONPointer) -> [ExpectedFinding]? {
        guard let elements = reader.array(node, pointer) else { return nil }
        // Only rules that judge one donation run in scenarios; the run-wide ones are the model's.
        let ruleIDs = Self.scenarioRuleIDs
        var expected: [ExpectedFinding] = []
        for (index, element) in elements.enumerated() {
            let at = pointer.appending(index)
            guard let fields = reader.object(element, at, what: "an expected finding") else { continue }
            reader.checkKeys(fields, at, allowed: FindingsExpectation.keys, in: "an expected finding")
            guard let member = reader.required(fields, "ruleId", element, at), let ruleID = reader.string(member, at.appending("ruleId")) else {
                continue
            }
            guard ruleIDs.contains(ruleID) else {
                reader.report(
                    ProblemCode.scenarioUnknownReference,
                    "no rule that scenarios run has the id '\(ruleID)' (run-wide rules such as related_item_missing are replaced by the model)\(Suggestion.phrase(for: ruleID, among: ruleIDs))",
                    member, at.appending("ruleId"))
                continue
            }
            var finding = ExpectedFinding(ruleID: ruleID)
            if let member = fields["pointer"], let text = reader.string(member.value, at.appending("pointer")) {
                if let parsed = JSONPointer(parsing: text) {
                    finding.pointer = parsed
                } else {
                    reader.report(
                        ProblemCode.scenarioInvalidValue,
                        "'\(text)' is not a JSON Pointer; it starts with '/', such as /steps/0/becomeCurrent/userActivity", member.value,
                        at.appending("pointer"))
                }
            }
            finding.severity = fields["severity"].flatMap { reader.choice($0.value, at.appending("severity"), Severity.self) }
            expected.append(finding)
        }
        if elements.isEmpty {
            reader.report(ProblemCode.scenarioMissingValue, "list the findings the scenario expects", node, pointer)
        }
        return expected.count == elements.count ? expected : nil
    }
}

extension ScenarioPlayer {
    mutating func evaluateFindings(_ expected: [ExpectedFinding], before step: Step) -> ExpectationMismatch? {
        var missing: [String] = []
        for wanted in expected {
            var matched = false
            for index in donationFindings.indices where donationFindings[index].step.number < step.number {
                for findingIndex in donationFindings[index].findings.indices {
                    let finding = donationFindings[index].findings[findingIndex]
                    guard finding.ruleID == wanted.ruleID,
                        wanted.severity.map({ $0 == finding.severity }) ?? true,
                        wanted.pointer.map({ $0.contains(written: finding.location.pointer ?? "") }) ?? true
                    else { continue }
                    matched = true
                    if donationFindings[index].findings[findingIndex].suppression == nil {
                        donationFindings[index].findings[findingIndex].suppression = "expected by step \(step.number)"
                    }
                }
            }
            if !matched { missing.append(describe(wanted)) }
        }
        guard !missing.isEmpty else { return nil }
        let actual = donationFindings.filter { $0.step.number < step.number }.flatMap(\.findings)
            .map { "\($0.ruleID) at \($0.location.pointer ?? "")" }
        return ExpectationMismatch(
            "expected findings are missing: \(missing.joined(separator: "; "))", expected: missing.joined(separator: "; "),
            actual: actual.isEmpty ? "no findings" : actual.joined(separator: "; "))
    }
}
