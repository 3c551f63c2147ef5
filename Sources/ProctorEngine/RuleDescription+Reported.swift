import ProctorReports

/// What the reports say about each rule: SARIF's rule metadata, with the help text of the rule's
/// page.
extension RuleDescription: ReportedCheck {
    public var tag: String { category.rawValue }
    public var helpText: String { RuleDocumentation.plainHelp(self) }
    public var helpMarkdown: String { RuleDocumentation.markdownHelp(self) }
}
