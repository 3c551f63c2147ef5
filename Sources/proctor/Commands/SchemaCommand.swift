import ArgumentParser
import Foundation
import ProctorConfiguration
import ProctorRules
import ProctorScenario

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of scenario files (format 1), or with 'config' of .proctor.json, for editors and validators.",
        discussion: """
            Copies are committed as docs/scenario.schema.json and docs/config.schema.json; \
            docs/scenario-format.md shows how to associate them in VS Code and JetBrains IDEs.
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case scenario, config
    }

    @Argument(help: "scenario (the default) or config.")
    var kind: Kind = .scenario

    func run() throws {
        switch kind {
        case .scenario: try Output.standardOutput(ScenarioSchema.text)
        case .config: try Output.standardOutput(ConfigurationSchema.text(ruleIDs: BuiltInRules.descriptions.map(\.id)))
        }
    }
}
