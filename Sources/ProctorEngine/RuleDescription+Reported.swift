import ProctorReports

/// What the reports say about each rule: SARIF's rule metadata, with the help text of the rule's
/// page.
extension RuleDescription: ReportedCheck {
    package var tag: String { category.rawValue }
    package var helpText: String { RuleDocumentation.plainHelp(self) }
    package var helpMarkdown: String { RuleDocumentation.markdownHelp(self) }
}
