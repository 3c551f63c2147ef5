import ArgumentParser
import Foundation
import ProctorEngine
import ProctorRules

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every rule with its id, severity and summary.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Option(help: "text, json or markdown.")
    var format: Format = .text

    struct Entry: Encodable {
        var id, name, category, defaultSeverity, summary, rationale, documentation: String
        var sources: [String]
        var needsInfoPlist: Bool
        var needsBundleIdentifier: Bool
        var needsDeploymentTarget: Bool
    }

    func run() throws {
        let rules = BuiltInRules.descriptions
        let text: String
        switch format {
        case .text:
            let width = rules.map(\.id.count).max() ?? 0
            text =
                rules.map { rule in
                    rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + rule.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + rule.summary
                }.joined(separator: "\n") + "\n"
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let entries = rules.map {
                Entry(
                    id: $0.id, name: $0.name, category: $0.category.rawValue, defaultSeverity: $0.defaultSeverity.rawValue,
                    summary: $0.summary, rationale: $0.rationale, documentation: $0.documentationPath, sources: $0.sources,
                    needsInfoPlist: $0.needsInfoPlist, needsBundleIdentifier: $0.needsBundleIdentifier,
                    needsDeploymentTarget: $0.needsDeploymentTarget)
            }
            text = String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
        case .markdown:
            text = RuleDocumentation.index(rules)
        }
        try Output.standardOutput(text)
    }
}
