import Foundation
import ProctorCore

/// What happened while a scenario was played, in order: its steps, the launches they caused and
/// the expectations judged, each at the model's clock and on the device it happened on. The HTML
/// report draws it with a lane per device; the other formats leave it out (their schemas have no
/// place for it, and their cases already say what failed).
public struct Timeline: Sendable, Equatable {
    /// The scenario's `name`.
    public var scenario: String
    /// The scenario's devices, in the order it lists them: the lanes.
    public var devices: [String]
    public var events: [TimelineEvent]

    public init(scenario: String, devices: [String], events: [TimelineEvent]) {
        self.scenario = scenario
        self.devices = devices
        self.events = events
    }
}

/// One entry of a ``Timeline``.
public struct TimelineEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A step of the scenario, by the key that names it in the file (`donate`, `becomeCurrent`).
        case step(String)
        /// The app opened by the step (or Safari, instead of it).
        case launch
        /// One expectation of an `expect` step, by its key (`spotlight`, `launch`).
        case expectation(String)

        /// How a report names it: the step's key, `launch`, `expect spotlight`.
        public var label: String {
            switch self {
            case .step(let name): name
            case .launch: "launch"
            case .expectation(let key): "expect \(key)"
            }
        }
    }

    /// What a failed check of the event expected, and what the model showed instead.
    public struct Mismatch: Sendable, Equatable {
        public var message: String
        public var expected: String
        public var actual: String

        public init(message: String, expected: String, actual: String) {
            self.message = message
            self.expected = expected
            self.actual = actual
        }
    }

    public enum Outcome: Sendable, Equatable {
        case ok
        /// One mismatch per check of the event that failed (a step's rules and its action can
        /// both fail).
        case failed([Mismatch])
    }

    /// The step's 1-based number; a launch and an expectation carry their step's.
    public var step: Int
    /// The model's clock when it happened (the scenario's `clock`, moved by `advanceClock`).
    public var time: Date
    /// The device it happened on, one of ``Timeline/devices``; nil for what belongs to no device
    /// (the clock, a check of the whole run).
    public var device: String?
    public var kind: Kind
    /// One line: what the step did, where the launch led, what the expectation examined.
    public var summary: String
    /// Where the step or expectation is written.
    public var location: SourceLocation?
    public var outcome: Outcome

    public init(step: Int, time: Date, device: String?, kind: Kind, summary: String, location: SourceLocation?, outcome: Outcome = .ok) {
        self.step = step
        self.time = time
        self.device = device
        self.kind = kind
        self.summary = summary
        self.location = location
        self.outcome = outcome
    }
}
