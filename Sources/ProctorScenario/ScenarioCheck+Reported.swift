import ProctorCore
import ProctorReports

/// A scenario's own checks, listed in SARIF beside the rules when one of them fails at a step.
/// The rules check is not among them: its findings are results already.
extension ScenarioCheck: ReportedCheck {
    /// The checks a report lists: every one but the rules check.
    package static var reported: [any ReportedCheck] { allCases.filter { $0 != .rules } }

    public var id: String { rawValue }
    public var rationale: String {
        summary + " The scenario format and the model are described in docs/scenario-format.md and docs/system-model.md."
    }
    public var defaultSeverity: Severity { .error }
    public var tag: String { "scenario" }
    public var helpText: String { summary + " See docs/system-model.md." }
    public var helpMarkdown: String { summary + " See [the system model](docs/system-model.md)." }
}
