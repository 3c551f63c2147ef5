import Foundation
import ProctorConfiguration
import ProctorConformance
import ProctorEngine
import ProctorJSON
import ProctorRules
import ProctorScenario

/// The files generated from the code: the rule pages, the rule conformance vectors and the
/// scenario schema. `proctor-docgen` writes them; a test regenerates them in memory and fails when a file
/// on disk differs, so they never drift from the code.
package enum GeneratedFiles {
    /// Relative path → content, for every generated file.
    package static func all() -> [(path: String, content: String)] {
        let rules = BuiltInRules.descriptions
        var files: [(String, String)] = [
            ("docs/rules/README.md", RuleDocumentation.index(rules)),
            // The scenario schema, committed for editors that cannot run `proctor schema`.
            ("docs/scenario.schema.json", ScenarioSchema.text),
            // The configuration schema, for `"$schema"` in a project's .proctor.json.
            ("docs/config.schema.json", ConfigurationSchema.text(ruleIDs: rules.map(\.id))),
        ]
        for rule in rules {
            files.append((rule.documentationPath, RuleDocumentation.page(rule, shownInScenarios: LaunchDoorRulesInScenarios.all.contains(rule.id))))
            files.append(("Conformance/rules/\(rule.id).json", conformanceVectors(for: rule)))
        }
        return files
    }

    /// A case file with one case per example: passing examples expect no finding of the rule,
    /// failing ones a finding at each listed pointer, with the rule's default severity.
    package static func conformanceVectors(for rule: RuleDescription) -> String {
        let examples =
            rule.passing.enumerated().map { ("passing example \($0.offset + 1)", $0.element) }
            + rule.failing.enumerated().map { ("failing example \($0.offset + 1)", $0.element) }
        let cases = examples.map { label, example -> JSONValue in
            var fields: [(String, JSONValue)] = [
                ("description", .string("\(rule.id): \(label)")),
                ("now", .string(example.now)),
            ]
            if let plist = example.infoPlist { fields.append(("infoPlist", parsed(plist))) }
            if let config = example.config { fields.append(("config", parsed(config))) }
            // A scenario example is a scenario file, which the conformance runner plays.
            let path = example.isScenario ? "example\(Scenario.fileSuffix)" : example.fileName
            // A JSON example is written as JSON, any other (a web page) as its text.
            let files = [(path, example.input)] + example.besides.map { ($0.name, $0.content) }
            // A pass bundle example is its recipe, which the runner builds into the archive.
            fields.append(
                (
                    "files",
                    .array(
                        files.map { name, text in
                            let content: (String, JSONValue) =
                                example.isPassBundle && name == example.fileName
                                ? ("pkpass", parsed(text)) : isJSON(text) ? ("json", parsed(text)) : ("text", .string(text))
                            return node(object([("path", .string(name)), content]))
                        })
                ))
            fields.append(("rules", .array([node(.string(rule.id))])))
            // A rule about the Info.plist itself reports in the Info.plist, whose inline facts the
            // runner names "Info.plist"; the donation file is there because every case lints one.
            // A pass bundle's findings are in files inside it, which the runner names as reports do.
            let findings = example.places.map { place in
                let file: String? = rule.judgesInfoPlist ? ConformanceRunner.infoPlistFile : example.isPassBundle ? place.file : nil
                return node(
                    object(
                        [
                            ("ruleId", .string(rule.id)), ("pointer", .string(place.pointer)),
                            ("severity", .string((example.severity ?? rule.defaultSeverity).rawValue)),
                        ] + (file.map { [("file", .string($0))] } ?? [])))
            }
            fields.append(("expect", object([("findings", .array(findings))])))
            return object(fields)
        }
        let file = object([
            ("$schema", .string("../case-schema.json")),
            ("description", .string("Rule \(rule.id): generated from the rule's examples by `make docs`. Do not edit.")),
            ("cases", .array(cases.map(node))),
        ])
        return JSONWriter.write(node(file), indent: 2) + "\n"
    }

    private static func node(_ value: JSONValue) -> JSONNode { JSONNode(value, offset: 0) }

    private static func object(_ fields: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members: fields.map { JSONObject.Member(key: $0.0, keyOffset: 0, value: node($0.1)) }))
    }

    private static func isJSON(_ text: String) -> Bool {
        if case .success = JSONReader.parse(SourceText(bytes: Array(text.utf8))) { return true }
        return false
    }

    /// Examples are valid JSON by construction; a test checks that every one parses.
    private static func parsed(_ json: String) -> JSONValue {
        guard case .success(let node) = JSONReader.parse(SourceText(bytes: Array(json.utf8))) else { return .string(json) }
        return node.value
    }

    private static func quoted(_ text: String) -> String {
        var output = ""
        JSONWriter.writeString(text, into: &output)
        return output
    }
}
