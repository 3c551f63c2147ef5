import Foundation
import ProctorJSON
import ProctorReports

/// The JSON Schema (draft 2020-12) of `.proctor.json`, format 1, for editors (`"$schema"`):
/// `proctor schema config` prints it and docs/config.schema.json is the committed copy, which a
/// test keeps current. It checks structure and types; what only the reader can check (a rule id
/// that exists, a report format) is in docs/configuration.md.
package enum ConfigurationSchema {
    package static let identifier = "urn:proctor:schema:config:1"

    package static func text(ruleIDs: [String]) -> String {
        JSONWriter.write(JSONNode(plain: document(ruleIDs: ruleIDs)), indent: 2) + "\n"
    }

    private static func document(ruleIDs: [String]) -> [String: Any] {
        let string: [String: Any] = ["type": "string", "minLength": 1]
        let strings: [String: Any] = ["type": "array", "items": string]
        func object(_ properties: [String: Any], description: String) -> [String: Any] {
            ["type": "object", "additionalProperties": false, "properties": properties, "description": description]
        }
        let setting: [String: Any] = ["enum": ProjectConfiguration.ruleValues]
        let reports: [String: Any] = [
            "type": "array", "items": ["type": "string", "pattern": "^(\(ReportFormat.allCases.map(\.rawValue).joined(separator: "|")))(:.+)?$"],
            "description": "Reports to write when the command gives no --report: FORMAT[:PATH], paths relative to this file.",
        ]
        var rules: [String: Any] = [:]
        for id in ruleIDs { rules[id] = setting }
        let ruleObject: [String: Any] = ["type": "object", "additionalProperties": false, "properties": rules]
        let patterns: [String: Any] = [
            "type": "array", "items": ["type": "string", "minLength": 1, "not": ["pattern": "(^|/)\\.{1,2}(/|$)|//"]],
            "description":
                "Path patterns relative to this file: a name without '/' matches at any depth (*.jsonl, Pods), a path with '/' from this file's folder; ** is any number of folders, * any text in a name, ? one character, [a-z] a class; a matching folder matches everything in it.",
        ]
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": identifier,
            "title": "Proctor configuration (.proctor.json), format 1",
            "type": "object",
            "additionalProperties": false,
            "required": ["format"],
            "properties": [
                "$schema": ["type": "string", "description": "This schema, for editors."],
                "format": ["const": ProjectConfiguration.format, "description": "The configuration format: 1."],
                "projects": strings.merging([
                    "description":
                        "Folders (or files) of other .proctor.json files, relative to this file: each an app with its own facts, linted one after the other into one report by a plain proctor lint here."
                ]) { $1 },
                "app": object(
                    [
                        "infoPlist": string.merging(["description": "The app's Info.plist (XML or binary), relative to this file."]) { $1 },
                        "bundleIdentifier": string,
                        "teamIdentifier": ["type": "string", "pattern": "^[0-9A-Z]{10}$", "description": "The Apple Developer Team ID."],
                        "deploymentTarget": [
                            "type": "string", "pattern": "^[0-9]+(\\.[0-9]+){0,2}$", "description": "The iOS deployment target, such as 15.0.",
                        ],
                        "serviceNames": strings.merging(["description": "The messaging services the app speaks (serviceName values)."]) { $1 },
                        "entitlements": strings.merging(["description": "The app's .entitlements files, relative to this file."]) { $1 },
                        "sites": [
                            "type": "object", "additionalProperties": string,
                            "description": "Domain to the apple-app-site-association file it serves, relative to this file.",
                        ],
                    ], description: "What Proctor is told about the app, as lint's flags tell it."),
                "targets": [
                    "type": "array",
                    "description":
                        "The Xcode project's app targets and the extensions they embed, each with its own facts, as proctor init found them (tests and frameworks left out). app stays the facts lint and scan judge with.",
                    "items": [
                        "type": "object", "additionalProperties": false, "required": ["name", "kind"],
                        "properties": [
                            "name": string.merging(["description": "The target's name in its Xcode project; entries refer to each other by it."]) {
                                $1
                            },
                            "project": string.merging(["description": "The .xcodeproj it is a target of, relative to this file."]) { $1 },
                            "kind": ["enum": ProjectConfiguration.Target.kinds, "description": "What the target builds, from its product type."],
                            "embeddedIn": string.merging(["description": "The name of the target (an entry of targets) whose bundle embeds this one."]
                            ) { $1 },
                            "extensionPoint": string.merging([
                                "description": "An extension's point (NSExtensionPointIdentifier), such as com.apple.widgetkit-extension."
                            ]) { $1 },
                            "infoPlist": string.merging(["description": "The target's Info.plist file (INFOPLIST_FILE), relative to this file."]) {
                                $1
                            },
                            "generatedInfoPlist": [
                                "type": "boolean",
                                "description":
                                    "Xcode generates the Info.plist from build settings (GENERATE_INFOPLIST_FILE), merged with infoPlist when both are given.",
                            ],
                            "bundleIdentifier": string,
                            "teamIdentifier": ["type": "string", "pattern": "^[0-9A-Z]{10}$", "description": "The Apple Developer Team ID."],
                            "deploymentTarget": [
                                "type": "string", "pattern": "^[0-9]+(\\.[0-9]+){0,2}$", "description": "The iOS deployment target, such as 15.0.",
                            ],
                            "entitlements": strings.merging([
                                "description": "The target's .entitlements file (CODE_SIGN_ENTITLEMENTS), relative to this file."
                            ]) { $1 },
                            "sources": strings.merging([
                                "description": "The files and folders of the Swift sources the target compiles, relative to this file."
                            ]) { $1 },
                        ],
                    ],
                ],
                "lint": object(
                    [
                        "paths": strings.merging(["description": "What proctor lint reads when the command names nothing, relative to this file."]) {
                            $1
                        },
                        "include": patterns.merging([
                            "description": "Only the walked files these patterns match are read (files named on the command line always are)."
                        ]) { $1 },
                        "exclude": patterns.merging([
                            "description": "Walked files and folders these patterns match are not read; exclude wins over include."
                        ]) { $1 },
                        "reports": reports,
                        "junitCases": [
                            "enum": JUnitCases.allCases.map(\.rawValue),
                            "description":
                                "How the JUnit report of proctor lint and proctor scan lists its test cases (--junit-cases): file, one per input file (the default), or rule, one per file and rule.",
                        ],
                        "baseline": string.merging([
                            "description": "The baseline file: findings accepted for now, hidden from the run (--baseline), relative to this file."
                        ]) { $1 },
                        "baselineStrict": [
                            "type": "boolean", "description": "A baseline entry that matches no finding fails the run (--baseline-strict).",
                        ],
                    ], description: "proctor lint's inputs and reports."),
                "scan": object(
                    [
                        "paths": strings.merging([
                            "description": "What proctor scan reads when the command names nothing: the app's Swift sources, relative to this file."
                        ]) { $1 }
                    ], description: "proctor scan's inputs."),
                "run": object(
                    [
                        "paths": strings.merging(["description": "What proctor run plays when the command names nothing, relative to this file."]) {
                            $1
                        },
                        "include": patterns.merging(["description": "Only the walked scenario files these patterns match are played."]) { $1 },
                        "exclude": patterns.merging(["description": "Walked scenario files and folders these patterns match are not played."]) { $1 },
                        "reports": reports,
                    ], description: "proctor run's inputs and reports."),
                "rules": ruleObject.merging(["description": "Rules proctor lint turns off, or gives another severity."]) { $1 },
                "overrides": [
                    "type": "array",
                    "description": "Rule settings for the files some patterns match; later entries win over earlier ones and over rules.",
                    "items": [
                        "type": "object", "additionalProperties": false, "required": ["files", "rules"],
                        "properties": [
                            "files": patterns.merging(["minItems": 1, "description": "The files the override applies to."]) { $1 },
                            "exclude": patterns.merging(["description": "Files left out of the override."]) { $1 },
                            "rules": ruleObject,
                        ],
                    ],
                ],
                "strict": ["type": "boolean", "description": "Warnings fail the run, as --strict."],
                "defaultExcludes": [
                    "type": "boolean",
                    "description":
                        "false walks DerivedData, Pods, Carthage, node_modules and asset catalogs (*.xcassets) too, as --no-default-excludes.",
                ],
            ],
        ]
    }
}
