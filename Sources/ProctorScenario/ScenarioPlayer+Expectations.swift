import Foundation
import ProctorCore
import ProctorJSON
import ProctorLinks
import ProctorReports
import ProctorVocabulary

/// Why an expectation does not hold: the message of its failed test case, and what was expected
/// and what the model shows, for the case's details.
struct ExpectationMismatch {
    var message: String
    var expected: String
    var actual: String

    init(_ message: String, expected: String, actual: String) {
        self.message = message
        self.expected = expected
        self.actual = actual
    }
}

/// Evaluating `expect` steps against the model.
extension ScenarioPlayer {
    /// Judges one expectation of an `expect` step (its kind does: ``ScenarioExpectation``) and
    /// records its test case, on the timeline too.
    mutating func evaluate(_ expectation: Expectation, at step: Step, order: Int) {
        let name = "expect \(expectation.key)"
        let problem = expectation.body.evaluate(at: step, on: &self)
        let key = [step.number, 3 + order]
        let caseName = testCaseName(step, name)
        noteOnTimeline(expectation, of: step, key: key)
        if let problem {
            record(
                key, caseName, failing: ScenarioCheck.expectationFailed.rawValue, message: problem.message, expected: problem.expected,
                actual: problem.actual, at: expectation.location)
        } else {
            record(key, caseName, .passed, expectation.location)
        }
    }
}
