import ProctorCore
import ProctorReports

/// A scenario's own checks, listed in SARIF beside the rules when one of them fails at a step.
/// The rules check is not among them: its findings are results already.
extension ScenarioCheck: ReportedCheck {
    /// The checks a report lists: every one but the rules check.
    package static var reported: [any ReportedCheck] { allCases.filter { $0 != .rules } }

    package var id: String { rawValue }
    package var rationale: String {
        summary + " The scenario format and the model are described in docs/scenario-format.md and docs/system-model.md."
    }
    package var defaultSeverity: Severity { .error }
    package var tag: String { "scenario" }
    package var helpText: String { summary + " See docs/system-model.md." }
    package var helpMarkdown: String { summary + " See [the system model](docs/system-model.md)." }
}
