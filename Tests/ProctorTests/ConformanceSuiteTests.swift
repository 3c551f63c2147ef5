import Foundation
import ProctorCore
import ProctorJSON
import ProctorScan
import Testing

@testable import ProctorConformance
@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// Runs every vector in Conformance/ through the Swift implementation.
@Suite("Conformance vectors")
struct ConformanceSuiteTests {
    @Test func everyCasePasses() {
        let report = ConformanceRunner.run(paths: [Repository.url("Conformance").path])
        #expect(!report.suites.isEmpty, "no case files found under Conformance/")
        #expect(!report.suites.contains { $0.name.hasSuffix("case-schema.json") }, "case-schema.json is not a case file")
        for suite in report.suites {
            for error in suite.inputErrors {
                Issue.record("\(error.location.compilerStyle): error: \(error.message) [\(error.code)]")
            }
            for testCase in suite.cases {
                switch testCase.outcome {
                case .passed, .skipped: break
                case .failed(_, _, let details), .errored(_, _, let details):
                    Issue.record("\(suite.name) :: \(testCase.name)\n\(details)")
                }
            }
        }
        let cases = report.suites.flatMap(\.cases)
        #expect(cases.count >= BuiltInRules.descriptions.count * 2)
        #expect(report.exitCode == .success)
    }

    /// The runner really compares: a case whose expectation is wrong fails, naming what differs.
    @Test func aWrongExpectationFails() throws {
        let text = #"""
            {"cases": [{
              "description": "expects a finding that is not there",
              "files": [{"path": "a.json", "json": {"userActivity": {"activityType": "com.example.app.view"}}}],
              "expect": {"findings": [{"ruleId": "activity_type_reverse_dns", "pointer": "/userActivity/activityType"}]}
            }, {
              "description": "does not expect the finding that is there",
              "files": [{"path": "a.json", "json": {"userActivity": {"activityType": "ViewPlace"}}}]
            }]}
            """#
        let cases = try ConformanceRunner.decodeCaseFile(SourceText(bytes: Array(text.utf8)), path: "cases.json")
        #expect(cases.count == 2)
        guard cases.count == 2 else { return }
        guard case .failed(_, let missing, _) = ConformanceRunner.evaluate(cases[0]) else {
            Issue.record("a missing finding passed")
            return
        }
        #expect(missing.hasPrefix("missing finding"))
        guard case .failed(_, let unexpected, _) = ConformanceRunner.evaluate(cases[1]) else {
            Issue.record("an unexpected finding passed")
            return
        }
        #expect(unexpected.hasPrefix("unexpected finding"))
        #expect(unexpected.contains("activity_type_reverse_dns"))
    }

    /// What a scan extracts is compared as JSON, member order aside: a payload or routes file
    /// that differs fails the case, one that matches in another order passes.
    @Test func emittedPayloadsAndRoutesAreCompared() throws {
        let swift =
            #"final class A {\n    func show() {\n        let a = NSUserActivity(activityType: \"com.example.app.view\")\n        a.title = \"Menu\"\n        a.becomeCurrent()\n    }\n}\n"#
        func caseFile(title: String, routes: String) -> String {
            #"""
            {"cases": [{"description": "x", "files": [{"path": "A.swift", "text": "\#(swift)"}], "rules": ["title_length"],
              "expect": {
                "payloads": [{"name": "A.show-com.example.app.view.json", "json": {
                  "proctor": {"source": {"symbol": "A.show()", "column": 17, "line": 3, "file": "A.swift"}},
                  "userActivity": {"title": "\#(title)", "activityType": "com.example.app.view"}}}],
                "routes": \#(routes)}}]}
            """#
        }
        let emptyRoutes = #"{"routes": [], "generatedBy": "proctor scan --emit-routes"}"#
        let matching = try ConformanceRunner.decodeCaseFile(
            SourceText(bytes: Array(caseFile(title: "Menu", routes: emptyRoutes).utf8)), path: "c.json")
        #expect(ConformanceRunner.evaluate(matching[0]) == .passed)
        let wrongTitle = try ConformanceRunner.decodeCaseFile(
            SourceText(bytes: Array(caseFile(title: "Menus", routes: emptyRoutes).utf8)), path: "c.json")
        guard case .failed(_, let message, _) = ConformanceRunner.evaluate(wrongTitle[0]) else {
            Issue.record("a wrong payload passed")
            return
        }
        #expect(message.hasPrefix("missing emitted payload"), "\(message)")
        let wrongRoutes = try ConformanceRunner.decodeCaseFile(
            SourceText(bytes: Array(caseFile(title: "Menu", routes: #"{"routes": [], "generatedBy": "me"}"#).utf8)), path: "c.json")
        guard case .failed(_, let routesMessage, _) = ConformanceRunner.evaluate(wrongRoutes[0]) else {
            Issue.record("a wrong routes file passed")
            return
        }
        #expect(routesMessage.hasPrefix("emitted routes differ"), "\(routesMessage)")
    }

    @Test func anUnknownKeyInACaseIsAnError() {
        let text = #"{"cases": [{"description": "x", "file": []}]}"#
        let error = #expect(throws: InputError.self) {
            try ConformanceRunner.decodeCaseFile(SourceText(bytes: Array(text.utf8)), path: "cases.json")
        }
        #expect(error?.code == ProblemCode.conformanceCaseInvalid)
        #expect(error?.message.contains("did you mean 'files'?") == true, "\(String(describing: error?.message))")
        #expect(error?.location.pointer == "/cases/0/file")
    }

    /// A case listing one path twice was a trap (Dictionary(uniqueKeysWithValues:) in the scan,
    /// found by the conformance fuzz target): it is a located error in the case file, and the
    /// scan itself takes a path given twice as one file.
    @Test func aCaseListingOnePathTwiceIsAnError() {
        let file = #"{"path": "SceneDelegate.swift", "text": "let x = 1\n"}"#
        let text = #"{"cases": [{"description": "x", "files": [\#(file), \#(file)], "expect": {}}]}"#
        let error = #expect(throws: InputError.self) {
            try ConformanceRunner.decodeCaseFile(SourceText(bytes: Array(text.utf8)), path: "cases.json")
        }
        #expect(error?.message.contains("a case lists 'SceneDelegate.swift' twice") == true, "\(String(describing: error?.message))")
        #expect(error?.location.pointer == "/cases/0/files/1/path")
        let twice = SourceScanner.scan(
            [.init(path: "A.swift", text: "let x = 1\n"), .init(path: "A.swift", text: "let y = 2\n")], appInfo: nil,
            options: LintOptions(now: Date(timeIntervalSince1970: 0), parallel: false)
        ).result
        #expect(twice.files.filter { $0.path == "A.swift" }.count == 1)
    }
}
