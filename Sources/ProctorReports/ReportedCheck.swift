import ProctorCore

/// What a report says about a kind of check: a rule, or one of a scenario's own checks (an
/// expectation, a launch). SARIF lists these as its rules (`reportingDescriptor`s); the other
/// formats name them by id. The reports know nothing else of rules or scenarios.
package protocol ReportedCheck: Sendable {
    /// Stable, lower_snake_case: a finding's `ruleID`, or a failed test case's type.
    var id: String { get }
    /// One sentence.
    var summary: String { get }
    /// Why the check exists, with its source.
    var rationale: String { get }
    var defaultSeverity: Severity { get }
    /// The tag code scanning groups it under (a rule's category, `scenario`).
    var tag: String { get }
    /// Its documentation as plain text and as Markdown. Computed only when a report asks: SARIF
    /// does, the other formats do not.
    var helpText: String { get }
    var helpMarkdown: String { get }
}
