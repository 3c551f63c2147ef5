import ArgumentParser
import Foundation
import ProctorEngine
import ProctorRules

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain one rule: why it exists, its sources and examples.")

    @Argument(help: "A rule id, as printed in brackets after each finding.")
    var rule: String

    func validate() throws {
        guard BuiltInRules.description(for: rule) != nil else {
            let suggestion = BuiltInRules.suggestion(for: rule).map { "; did you mean '\($0)'?" } ?? ""
            throw ValidationError("unknown rule '\(rule)'\(suggestion) ('proctor rules' lists them)")
        }
    }

    func run() throws {
        let text = RuleDocumentation.plainHelp(BuiltInRules.description(for: rule)!)
        try Output.standardOutput(text)
    }
}
