import Foundation
import ProctorCore

/// What happened while a scenario was played, in order: its steps, the launches they caused and
/// the expectations judged, each at the model's clock and on the device it happened on. The HTML
/// report draws it with a lane per device; the other formats leave it out (their schemas have no
/// place for it, and their cases already say what failed).
package struct Timeline: Sendable, Equatable {
    /// The scenario's `name`.
    package var scenario: String
    /// The scenario's devices, in the order it lists them: the lanes.
    package var devices: [String]
    package var events: [TimelineEvent]

    package init(scenario: String, devices: [String], events: [TimelineEvent]) {
        self.scenario = scenario
        self.devices = devices
        self.events = events
    }
}

/// One entry of a ``Timeline``.
package struct TimelineEvent: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A step of the scenario, by the key that names it in the file (`donate`, `becomeCurrent`).
        case step(String)
        /// The app opened by the step (or Safari, instead of it).
        case launch
        /// One expectation of an `expect` step, by its key (`spotlight`, `launch`).
        case expectation(String)

        /// How a report names it: the step's key, `launch`, `expect spotlight`.
        package var label: String {
            switch self {
            case .step(let name): name
            case .launch: "launch"
            case .expectation(let key): "expect \(key)"
            }
        }
    }

    /// What a failed check of the event expected, and what the model showed instead.
    package struct Mismatch: Sendable, Equatable {
        package var message: String
        package var expected: String
        package var actual: String

        package init(message: String, expected: String, actual: String) {
            self.message = message
            self.expected = expected
            self.actual = actual
        }
    }

    package enum Outcome: Sendable, Equatable {
        case ok
        /// One mismatch per check of the event that failed (a step's rules and its action can
        /// both fail).
        case failed([Mismatch])
    }

    /// The step's 1-based number; a launch and an expectation carry their step's.
    package var step: Int
    /// The model's clock when it happened (the scenario's `clock`, moved by `advanceClock`).
    package var time: Date
    /// The device it happened on, one of ``Timeline/devices``; nil for what belongs to no device
    /// (the clock, a check of the whole run).
    package var device: String?
    package var kind: Kind
    /// One line: what the step did, where the launch led, what the expectation examined.
    package var summary: String
    /// Where the step or expectation is written.
    package var location: SourceLocation?
    package var outcome: Outcome

    package init(step: Int, time: Date, device: String?, kind: Kind, summary: String, location: SourceLocation?, outcome: Outcome = .ok) {
        self.step = step
        self.time = time
        self.device = device
        self.kind = kind
        self.summary = summary
        self.location = location
        self.outcome = outcome
    }
}
