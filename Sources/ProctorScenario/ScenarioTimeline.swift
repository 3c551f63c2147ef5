import Foundation
import ProctorCore
import ProctorReports

/// Records a scenario's ``Timeline`` as the player plays it: an event when a step begins, when a
/// launch happens and when an expectation is judged, and the failures of the test cases the
/// player records, attached to the event they belong to. The player calls it from those places
/// alone (``ScenarioPlayer``'s `perform`, `launch`, `evaluate` and `record`), so a step of its own
/// needs nothing to appear on it.
struct TimelineRecorder {
    private let scenario: String
    private let devices: [String]
    private var events: [TimelineEvent] = []
    /// The key of each event, in the player's scheme for test cases: `[step]` for a step,
    /// `[step, order]` for a launch or an expectation, so a case recorded under `[step, order]`
    /// finds its event, and any other case of the step the step's own.
    private var keys: [[Int]] = []

    init(scenario: String, devices: [String]) {
        self.scenario = scenario
        self.devices = devices
    }

    var timeline: Timeline { Timeline(scenario: scenario, devices: devices, events: events) }

    /// A step begins. An `expect` step has no event of its own: each of its expectations does.
    mutating func stepBegins(_ step: Step, at time: Date, on device: Int?) {
        guard type(of: step.action).isOnTimeline else { return }
        add(
            [step.number],
            TimelineEvent(
                step: step.number, time: time, device: device.map(name), kind: .step(type(of: step.action).name), summary: step.summary,
                location: step.location))
    }

    /// The app was launched (or Safari opened); `key` is the one its check is recorded under.
    mutating func launched(_ launch: Launch, key: [Int], at time: Date) {
        add(
            key,
            TimelineEvent(
                step: launch.step.number, time: time, device: name(launch.device), kind: .launch,
                summary: "\(launch.cause): \(launch.outcomeSummary)",
                location: launch.step.location))
    }

    /// An expectation is about to be judged; `key` is the one its case is recorded under.
    mutating func judging(_ expectation: Expectation, of step: Step, key: [Int], at time: Date, on device: Int?, summary: String) {
        add(
            key,
            TimelineEvent(
                step: step.number, time: time, device: device.map(name), kind: .expectation(expectation.key), summary: summary,
                location: expectation.location))
    }

    /// A test case was recorded under `key`: when it failed, its event is marked so, with what
    /// was expected and what the model showed (`compared`; the case's details when not given).
    mutating func settle(_ key: [Int], _ outcome: RunReport.TestCase.Outcome, compared: (expected: String, actual: String)?) {
        let mismatch: TimelineEvent.Mismatch
        switch outcome {
        case .passed, .skipped: return
        case .failed(_, let message, let details), .errored(_, let message, let details):
            mismatch = TimelineEvent.Mismatch(message: message, expected: compared?.expected ?? "", actual: compared?.actual ?? details)
        }
        guard let step = key.first,
            let index = keys.lastIndex(of: key) ?? keys.lastIndex(of: [step]) ?? keys.lastIndex(where: { $0.first == step })
        else { return }
        switch events[index].outcome {
        case .ok: events[index].outcome = .failed([mismatch])
        case .failed(let earlier): events[index].outcome = .failed(earlier + [mismatch])
        }
    }

    private mutating func add(_ key: [Int], _ event: TimelineEvent) {
        keys.append(key)
        events.append(event)
    }

    // Devices are indices the decoder checked; this never traps all the same.
    private func name(_ device: Int) -> String {
        devices.indices.contains(device) ? devices[device] : "device \(device + 1)"
    }
}

/// A step that acts on one device, named by its `device` (or, for a contact card, its tap's):
/// each such step declares it beside `ScenarioStep` in its own file. The timeline puts the step in
/// that device's lane; a step without it goes to the lane of the system as a whole, and
/// `TimelineTests` fails for every bundled scenario whose step has a `device` but does not declare it.
protocol StepOnOneDevice {
    var device: Int { get }
}

/// What the timeline shows of a step or an expectation: the lane it belongs in, and its line.
extension ScenarioPlayer {
    /// A step begins: its entry, on the device it acts on.
    mutating func noteOnTimeline(_ step: Step) {
        guard timeline != nil else { return }
        let device = step.action.device(on: self)
        timeline?.stepBegins(step, at: model.now, on: device)
    }

    /// An expectation is judged (its case is recorded under `key` next).
    mutating func noteOnTimeline(_ expectation: Expectation, of step: Step, key: [Int]) {
        guard timeline != nil else { return }
        let device = expectation.body.device(on: self)
        let summary = expectation.body.summary(on: self)
        timeline?.judging(expectation, of: step, key: key, at: model.now, on: device, summary: summary)
    }

    /// The device of the step numbered `number`, for an expectation about what that step did
    /// (the last push, the last directions request); nil when there is none.
    func device(ofStep number: Int?) -> Int? {
        number.flatMap { number in scenario.steps.first { $0.number == number } }.flatMap { $0.action.device(on: self) }
    }
}
