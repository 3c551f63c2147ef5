import Foundation
import ProctorCore
import ProctorEngine
import ProctorReports
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

private typealias Location = ProctorCore.SourceLocation

/// Run reports built by hand, so the report snapshots depend on the reporters alone: no linter,
/// no built-in rule text, a fixed clock.
enum ReportFixture: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case empty
    case allSeverities
    case missingLocation
    case escaping
    case inputErrors
    case conformance
    /// A `proctor run`: located failed checks of each kind, and a finding a scenario expects.
    case scenario

    var testDescription: String { rawValue }

    static let timestamp = DateFormat.parse("2026-06-01T12:00:00Z")!

    /// Three rules of every severity, sorted by id, with examples so the SARIF help has content.
    static let rules: [RuleDescription] = [
        RuleDescription(
            id: "fixture_error", name: "Fixture Error", category: .activity, defaultSeverity: .error,
            summary: "A rule whose findings are errors.", rationale: "Used by the report snapshots; it stands for a documented requirement.",
            sources: ["Proctor tests, ReportFixtures.swift"],
            passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.app.view"}}"#)],
            failing: [RuleExample(#"{"userActivity": {"activityType": "view"}}"#, at: ["/userActivity/activityType"])]),
        RuleDescription(
            id: "fixture_note", name: "Fixture Note", category: .spotlight, defaultSeverity: .note,
            summary: "A rule whose findings are notes.", rationale: "Used by the report snapshots; it stands for information.",
            sources: ["Proctor tests"],
            passing: [RuleExample(#"{"searchableItem": {"uniqueIdentifier": "a"}}"#)],
            failing: [RuleExample(#"{"searchableItem": {"uniqueIdentifier": ""}}"#, at: ["/searchableItem/uniqueIdentifier"])]),
        RuleDescription(
            id: "fixture_warning", name: "Fixture Warning", category: .search, defaultSeverity: .warning,
            summary: "A rule whose findings are warnings.", rationale: "Used by the report snapshots; it stands for a guideline.",
            sources: ["Proctor tests", "Apple, a guideline"], needsInfoPlist: true,
            passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.app.view", "title": "View"}}"#)],
            failing: [RuleExample(#"{"userActivity": {"activityType": "com.example.app.view", "title": ""}}"#, at: ["/userActivity/title"])]),
    ]

    /// `message`, which needs every kind of escaping: XML and JSON specials, an emoji, a line
    /// break, a tab, a carriage return, an escape character (forbidden in XML 1.0), U+FFFE and a
    /// CDATA terminator.
    static let nastyText = "<b>&amp;</b> \"quoted\" 'single' 🍕 café\nsecond line\tafter tab\r\u{1B}[31mred\u{1B}[0m \u{FFFE} ]]> end"

    /// The timeline of the `scenario` fixture's run, as the player records it: the same steps and
    /// failures as its cases, on two devices and the system's lane, with the clock moving once.
    private static func timeline(file: String, name: String, at: (Int, String) -> Location) -> Timeline {
        let later = timestamp.addingTimeInterval(90 * 60)
        return Timeline(
            scenario: name, devices: ["iPhone", "iPad"],
            events: [
                TimelineEvent(
                    step: 1, time: timestamp, device: "iPhone", kind: .step("becomeCurrent"), summary: "becomeCurrent 'place'",
                    location: at(10, "/steps/0")),
                TimelineEvent(
                    step: 2, time: timestamp, device: "iPhone", kind: .step("searchSpotlight"),
                    summary: "search Spotlight for 'pizza' and tap 'Golden Crust'",
                    location: at(20, "/steps/1"),
                    outcome: .failed([
                        .init(
                            message: "Spotlight on 'iPhone' shows no result 'Golden Crust' for 'pizza'", expected: "a result 'Golden Crust'",
                            actual: "no results")
                    ])),
                TimelineEvent(
                    step: 3, time: later, device: nil, kind: .step("advanceClock"), summary: "advanceClock 1 hour 30 minutes",
                    location: at(21, "/steps/2")),
                TimelineEvent(
                    step: 3, time: later, device: "iPad", kind: .launch, summary: "opening places://x: noRoute: no route accepts URL places://x",
                    location: at(22, "/steps/2"),
                    outcome: .failed([
                        .init(
                            message: "the launch after opening places://x fails (noRoute)", expected: "a route that restores the screen",
                            actual: "noRoute: no route accepts URL places://x, so the app opens and shows nothing")
                    ])),
                TimelineEvent(
                    step: 4, time: later, device: "iPhone", kind: .expectation("spotlight"), summary: "Spotlight on 'iPhone' for 'pizza'",
                    location: at(24, "/steps/3/expect/spotlight"),
                    outcome: .failed([
                        .init(
                            message: "Spotlight on 'iPhone' for 'pizza' does not show ['Golden Crust']", expected: "contains ['Golden Crust'] <&>",
                            actual: "no results")
                    ])),
                TimelineEvent(
                    step: 5, time: later, device: nil, kind: .expectation("findings"),
                    summary: "findings fixture_error at /steps/0/becomeCurrent/userActivity",
                    location: at(26, "/steps/4/expect/findings")),
            ])
    }

    /// The files the fixtures' problems name, for the lines the HTML report shows; the others
    /// (`c.json`, `Info.plist`, ...) are missing, as a file deleted since the run would be.
    static let sources = SourceFiles.inMemory([
        "payloads/a.json": """
        {
          "userActivity": {
            "activityType": "view",
              "relatedUniqueIdentifier": "x",
            "titel": "Pizza"
          }
        }

        """,
        "we ird/<&> \"ü\" 🍕#%?.json":
            "{\"userActivity\": {\"activityType\": \"</code></pre><script>alert('x')</script>\",\r\n\"\u{1B}[31m🍕\": \"&amp;\"}}\n",
        "broken.json": "{\n  \"a\": 1,\n}\n",
        "Scenarios/run/places.scenario.json": (1...26).map { line in
            switch line {
            case 10: "    {\"becomeCurrent\": {\"activity\": \"place\", \"userActivity\": {"
            case 12: "    \"userActivity\": {\"activityType\": \"com.example.places.view\","
            case 14: "    \"title\": \"\","
            case 20: "    {\"searchSpotlight\": {\"query\": \"pizza\", \"tap\": \"Golden Crust\"}},"
            case 21: "    {\"advanceClock\": {\"hours\": 1, \"minutes\": 30}},"
            case 22: "    {\"openURL\": {\"device\": \"iPad\", \"url\": \"places://x\"}},"
            case 24: "    {\"expect\": {\"spotlight\": {\"query\": \"pizza\", \"contains\": [\"Golden Crust\"]}}},"
            case 26: "    {\"expect\": {\"findings\": [{\"ruleId\": \"fixture_error\"}]}}"
            default: "    "
            }
        }.joined(separator: "\n") + "\n",
    ])

    var report: RunReport {
        let t = Self.timestamp
        let rules = Self.rules
        switch self {
        case .empty:
            return RunReport(command: "lint", timestamp: t, strict: false, rules: rules, suites: [])

        case .allSeverities:
            let a = "payloads/a.json"
            let b = "payloads/b.json"
            return RunReport(
                command: "lint", timestamp: t, strict: false, rules: rules,
                suites: [
                    RunReport.Suite(
                        name: a,
                        diagnostics: [
                            Diagnostic(
                                code: .unknownKey, severity: .warning,
                                message: "unknown key 'titel' in userActivity is ignored; did you mean 'title'?",
                                location: Location(file: a, line: 5, column: 5, pointer: "/userActivity/titel"))
                        ],
                        findings: [
                            Finding(
                                ruleID: "fixture_warning", severity: .warning, message: "a warning",
                                location: Location(file: a, line: 2, column: 3, pointer: "/userActivity")),
                            Finding(
                                ruleID: "fixture_error", severity: .error, message: "an error",
                                location: Location(file: a, line: 3, column: 21, pointer: "/userActivity/activityType")),
                            Finding(
                                ruleID: "fixture_note", severity: .note, message: "a note",
                                location: Location(file: a, line: 4, column: 7, pointer: "/userActivity/contentAttributeSet/relatedUniqueIdentifier")),
                        ],
                        cases: [
                            .init(classname: a, name: "input", outcome: .passed),
                            .init(
                                classname: a, name: "fixture_error",
                                outcome: .failed(
                                    type: "fixture_error", message: "\(a):3:21: an error", details: "\(a):3:21: error: an error [fixture_error]")),
                            .init(classname: a, name: "fixture_note", outcome: .passed),
                            .init(classname: a, name: "fixture_warning", outcome: .passed),
                        ]),
                    RunReport.Suite(
                        name: b,
                        cases: [
                            .init(classname: b, name: "input", outcome: .passed),
                            .init(classname: b, name: "fixture_error", outcome: .passed),
                            .init(classname: b, name: "fixture_note", outcome: .passed),
                            .init(classname: b, name: "fixture_warning", outcome: .skipped(reason: "needs --info-plist")),
                        ]),
                ])

        case .missingLocation:
            // Strict, so the warning fails the run; locations with parts missing.
            let c = "c.json"
            return RunReport(
                command: "lint", timestamp: t, strict: true, rules: rules,
                suites: [
                    RunReport.Suite(
                        name: c,
                        findings: [
                            Finding(
                                ruleID: "fixture_warning", severity: .warning, message: "no line, no column, no pointer", location: Location(file: c)),
                            Finding(
                                ruleID: "fixture_error", severity: .error, message: "a line but no column, at the root",
                                location: Location(file: c, line: 7, pointer: "")),
                            Finding(
                                ruleID: "fixture_note", severity: .note, message: "line 0 is not a line",
                                location: Location(file: c, line: 0, column: 0, pointer: "/0")),
                        ],
                        cases: [
                            .init(classname: c, name: "input", outcome: .passed),
                            .init(
                                classname: c, name: "fixture_error",
                                outcome: .failed(
                                    type: "fixture_error", message: "c.json:7: a line but no column, at the root",
                                    details: "c.json:7: error: a line but no column, at the root [fixture_error]")),
                            .init(classname: c, name: "fixture_note", outcome: .passed),
                            .init(
                                classname: c, name: "fixture_warning",
                                outcome: .failed(
                                    type: "fixture_warning", message: "c.json: no line, no column, no pointer",
                                    details: "c.json: warning: no line, no column, no pointer [fixture_warning]")),
                        ])
                ])

        case .escaping:
            let file = "we ird/<&> \"ü\" 🍕#%?.json"
            let text = Self.nastyText
            return RunReport(
                command: "lint", timestamp: t, strict: false, rules: rules,
                suites: [
                    RunReport.Suite(
                        name: file,
                        diagnostics: [
                            Diagnostic(
                                code: .unknownKey, severity: .warning, message: "unknown key '\(text)' is ignored",
                                location: Location(file: file, line: 1, column: 2, pointer: "/userActivity/a~1b~0c"))
                        ],
                        findings: [
                            Finding(
                                ruleID: "fixture_error", severity: .error, message: text,
                                location: Location(file: file, line: 1, column: 40, pointer: "/userActivity/activityType")),
                            Finding(
                                ruleID: "fixture_note", severity: .note, message: "note: \(text)",
                                location: Location(file: file, line: 2, column: 1, pointer: "/userActivity/🍕")),
                        ],
                        cases: [
                            .init(classname: file, name: "input", outcome: .passed),
                            .init(
                                classname: file, name: "fixture_error",
                                outcome: .failed(type: "fixture_error", message: text, details: "\(file):1:40: error: \(text) [fixture_error]")),
                            .init(classname: file, name: "fixture_note", outcome: .passed),
                            .init(classname: file, name: "fixture_warning", outcome: .skipped(reason: "needs --info-plist <&>")),
                        ])
                ])

        case .inputErrors:
            let broken = "broken.json"
            let missing = "missing.json"
            let plist = "Info.plist"
            let typed = "typed.json"
            return RunReport(
                command: "lint", timestamp: t, strict: false, rules: rules,
                suites: [
                    RunReport.Suite(
                        name: plist,
                        inputErrors: [
                            InputError(
                                code: .propertyListInvalid,
                                message:
                                    "the Info.plist is not a valid XML or binary property list: Close tag on line 5 does not match open tag string",
                                location: Location(file: plist, line: 5))
                        ],
                        cases: [
                            .init(
                                classname: plist, name: "input",
                                outcome: .errored(
                                    type: "plist_invalid",
                                    message:
                                        "the Info.plist is not a valid XML or binary property list: Close tag on line 5 does not match open tag string",
                                    details:
                                        "Info.plist:5: error: the Info.plist is not a valid XML or binary property list: Close tag on line 5 does not match open tag string [plist_invalid]"
                                ))
                        ]),
                    RunReport.Suite(
                        name: broken,
                        inputErrors: [
                            InputError(
                                code: .json(.trailingComma), message: "trailing comma before '}'",
                                location: Location(file: broken, line: 2, column: 9, pointer: ""))
                        ],
                        cases: [
                            .init(
                                classname: broken, name: "input",
                                outcome: .errored(
                                    type: "json_trailing_comma", message: "trailing comma before '}'",
                                    details: "broken.json:2:9: error: trailing comma before '}' [json_trailing_comma]"))
                        ]),
                    RunReport.Suite(
                        name: missing,
                        inputErrors: [InputError(code: .fileUnreadable, message: "no such file or directory", location: Location(file: missing))],
                        cases: [
                            .init(
                                classname: missing, name: "input",
                                outcome: .errored(
                                    type: "file_unreadable", message: "no such file or directory",
                                    details: "missing.json: error: no such file or directory [file_unreadable]"))
                        ]),
                    RunReport.Suite(
                        name: typed,
                        diagnostics: [
                            Diagnostic(
                                code: .typeMismatch, severity: .error, message: "expected a string for 'activityType', found integer",
                                location: Location(file: typed, line: 1, column: 35, pointer: "/userActivity/activityType"))
                        ],
                        cases: [
                            .init(
                                classname: typed, name: "input",
                                outcome: .errored(
                                    type: "type_mismatch", message: "expected a string for 'activityType', found integer",
                                    details: "typed.json:1:35: error: expected a string for 'activityType', found integer [type_mismatch]"))
                        ]),
                ])

        case .conformance:
            let file = "Conformance/rules/fixture_error.json"
            return RunReport(
                command: "conformance", timestamp: t, strict: false, rules: rules, checks: ScenarioCheck.reported,
                suites: [
                    RunReport.Suite(
                        name: file,
                        cases: [
                            .init(classname: file, name: "001 fixture_error: passing example 1", outcome: .passed),
                            .init(
                                classname: file, name: "002 fixture_error: failing example 1",
                                outcome: .failed(
                                    type: "conformance",
                                    message: "missing finding: expected fixture_error error at example.json /userActivity/activityType",
                                    details:
                                        "missing finding: expected fixture_error error at example.json /userActivity/activityType\nunexpected finding: fixture_error error at example.json /userActivity"
                                )),
                            .init(classname: file, name: "003 skipped", outcome: .skipped(reason: "not applicable")),
                        ]),
                    RunReport.Suite(
                        name: "Conformance/broken.json",
                        inputErrors: [
                            InputError(
                                code: .conformanceCaseInvalid, message: "unknown key 'file' in a case; did you mean 'files'?",
                                location: Location(file: "Conformance/broken.json", line: 3, column: 13, pointer: "/cases/0/file"))
                        ],
                        cases: [
                            .init(
                                classname: "Conformance/broken.json", name: "case file",
                                outcome: .errored(
                                    type: "conformance_case_invalid", message: "unknown key 'file' in a case; did you mean 'files'?",
                                    details: "Conformance/broken.json:3:13: error: unknown key 'file' in a case; did you mean 'files'?"))
                        ]),
                ])

        case .scenario:
            let file = "Scenarios/run/places.scenario.json"
            let name = "View a place"
            func at(_ line: Int, _ pointer: String) -> Location { Location(file: file, line: line, column: 5, pointer: pointer) }
            return RunReport(
                command: "run", timestamp: t, strict: false, rules: rules, checks: ScenarioCheck.reported,
                suites: [
                    RunReport.Suite(
                        name: file,
                        findings: [
                            Finding(
                                ruleID: "fixture_error", severity: .error, message: "the activity has no title",
                                location: at(12, "/steps/0/becomeCurrent/userActivity"), suppression: "expected by step 5"),
                            Finding(
                                ruleID: "fixture_warning", severity: .warning, message: "a warning that does not fail",
                                location: at(14, "/steps/0/becomeCurrent/userActivity/title")),
                        ],
                        cases: [
                            .init(
                                classname: name, name: "step 1: rules on becomeCurrent 'place' (places.scenario.json:10)", outcome: .passed,
                                location: at(10, "/steps/0")),
                            .init(
                                classname: name, name: "step 2: tap 'Golden Crust' in Spotlight (places.scenario.json:20)",
                                outcome: .failed(
                                    type: "action_failed", message: "Spotlight on 'iPhone' shows no result 'Golden Crust' for 'pizza'",
                                    details: "expected: a result 'Golden Crust'\n  actual: no results"), location: at(20, "/steps/1")),
                            .init(
                                classname: name, name: "step 3: launch after opening places://x (places.scenario.json:22)",
                                outcome: .failed(
                                    type: "launch_failed", message: "the launch after opening places://x fails (noRoute)",
                                    details:
                                        "expected: a route that restores the screen\n  actual: noRoute: no route accepts URL places://x, so the app opens and shows nothing"
                                ), location: at(22, "/steps/2")),
                            .init(
                                classname: name, name: "step 4: expect spotlight (places.scenario.json:24)",
                                outcome: .failed(
                                    type: "expectation_failed", message: "Spotlight on 'iPhone' for 'pizza' does not show ['Golden Crust']",
                                    details: "expected: contains ['Golden Crust']\n  actual: no results"),
                                location: at(24, "/steps/3/expect/spotlight")),
                            .init(
                                classname: name, name: "step 5: expect findings (places.scenario.json:26)", outcome: .passed,
                                location: at(26, "/steps/4/expect/findings")),
                        ],
                        timeline: Self.timeline(file: file, name: name, at: at))
                ])
        }
    }
}
