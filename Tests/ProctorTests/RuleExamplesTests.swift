import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import Testing

@testable import ProctorLinks
@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScan
@testable import ProctorScenario

/// One passing or failing example of a rule, as a test argument.
struct RuleExampleCase: Sendable, CustomTestStringConvertible {
    var rule: RuleDescription
    var passes: Bool
    var index: Int
    var example: RuleExample

    var testDescription: String { "\(rule.id) \(passes ? "passing" : "failing") example \(index + 1)" }

    /// Where the example is written, so failures point at the rule's source.
    var sourceLocation: Testing.SourceLocation {
        let path = example.file.description
        let name = URL(fileURLWithPath: path).lastPathComponent
        return Testing.SourceLocation(fileID: "ProctorTests/\(name)", filePath: path, line: max(1, Int(example.line)), column: 1)
    }

    static let all: [RuleExampleCase] = BuiltInRules.descriptions.flatMap { rule in
        rule.passing.enumerated().map { RuleExampleCase(rule: rule, passes: true, index: $0.offset, example: $0.element) }
            + rule.failing.enumerated().map { RuleExampleCase(rule: rule, passes: false, index: $0.offset, example: $0.element) }
    }
}

/// Every rule's examples are its tests: passing examples produce no finding of the rule, failing
/// examples produce findings exactly at the listed pointers, with the rule's default severity
/// (or the lower one an example states, for a finding that rests on an assumption).
@Suite("Rule examples")
struct RuleExamplesTests {
    @Test(arguments: RuleExampleCase.all)
    func example(_ testCase: RuleExampleCase) throws {
        let example = testCase.example
        let location = testCase.sourceLocation
        // A scenario example is played by proctor run (SiriModelTests.swift).
        if example.isScenario { return try playScenarioExample(testCase) }
        let now = try #require(DateFormat.parse(example.now), "now '\(example.now)' is not RFC 3339", sourceLocation: location)

        var app: AppInfo?
        if let plist = example.infoPlist {
            let extracted = try appInfo(fromJSON: plist)
            #expect(
                extracted.inputErrors.isEmpty && extracted.diagnostics.isEmpty,
                "the example's Info.plist facts have problems: \(extracted.inputErrors) \(extracted.diagnostics)", sourceLocation: location)
            app = extracted.appInfo
            #expect(app != nil, sourceLocation: location)
        }

        var configuration = AppConfiguration()
        if let config = example.config {
            let node = try #require(
                try? JSONReader.parse(SourceText(bytes: Array(config.utf8))).get(), "config is not JSON", sourceLocation: location)
            switch AppConfiguration.decode(node) {
            case .success(let decoded): configuration = decoded
            case .failure(let problem): Issue.record("config: \(problem.message) at \(problem.pointer)", sourceLocation: location)
            }
        }
        // A Swift example is an app's source, read by proctor scan.
        let options = LintOptions(now: now, parallel: false, configuration: configuration)
        // A pass bundle example is a recipe, built into the archive as the conformance runner builds it.
        let bytes = example.isPassBundle ? try PassBundleRecipe.build(example.input) : Array(example.input.utf8)
        // An intent definition example with Swift beside it is an app's sources too, scanned
        // together (the rules over custom intents and their handlers).
        // A Swift example's entitlements files are the app's, which the scan reads too.
        let scanned =
            example.fileName.hasSuffix(".swift")
            ? [SourceScanner.SourceFile(path: example.fileName, text: example.input)]
                + example.besides.filter { $0.name.hasSuffix(".entitlements") }.map { SourceScanner.SourceFile(path: $0.name, text: $0.content) }
            : example.besides.contains(where: { $0.name.hasSuffix(".swift") })
                ? [SourceScanner.SourceFile(path: example.fileName, text: example.input)]
                    + example.besides.map { SourceScanner.SourceFile(path: $0.name, text: $0.content) } : []
        var result =
            !scanned.isEmpty
            ? SourceScanner.scan(
                scanned, appInfo: configuration.apply(to: app), options: options,
                sites: example.besides.compactMap { file in
                    SiteAssociation.domain(servedAt: file.name).map {
                        SourceScanner.SiteFile(path: file.name, domain: $0, bytes: Array(file.content.utf8))
                    }
                }
            ).result
            : Linter.lint(
                files: [Linter.InMemoryFile(path: example.fileName, bytes: bytes)]
                    + example.besides.map { Linter.InMemoryFile(path: $0.name, bytes: Array($0.content.utf8)) },
                appInfo: app, options: options)
        // A Swift example's other files (the association files of the app's domains) are linted
        // too, and must be clean.
        if example.fileName.hasSuffix(".swift") && !example.besides.isEmpty && !example.besides.contains(where: { $0.name.hasSuffix(".swift") }) {
            result.files +=
                Linter.lint(
                    files: example.besides.map { Linter.InMemoryFile(path: $0.name, bytes: Array($0.content.utf8)) }, appInfo: app, options: options
                ).files
        }
        // A rule about the Info.plist itself (judgesInfoPlist) reports in the Info.plist, which
        // then has a result of its own; the donation file is still there and must be clean. Files
        // besides the example's are read and must be clean too.
        let file = try #require(result.files.first { $0.path == example.fileName }, sourceLocation: location)
        let besides = Set(example.besides.map(\.name))
        let others = result.files.filter { $0.path != example.fileName && !besides.contains($0.path) }
        #expect(
            others.allSatisfy { testCase.rule.judgesInfoPlist && $0.path == "Info.plist" }, "unexpected results: \(others.map(\.path))",
            sourceLocation: location)
        for other in result.files where besides.contains(other.path) {
            #expect(
                !other.hasProblems && other.wasChecked,
                "\(other.path) is not clean: \(other.inputErrors) \(other.diagnostics) \(other.findings.map(\.message))", sourceLocation: location)
        }

        // Every example is clean input: it parses and decodes with no diagnostic at all.
        #expect(
            file.inputErrors.isEmpty, "input errors: \(file.inputErrors.map { "\($0.code) \(locationText($0.location))" })", sourceLocation: location)
        #expect(
            file.diagnostics.isEmpty, "diagnostics: \(file.diagnostics.map { "\($0.code) \($0.message) \(locationText($0.location))" })",
            sourceLocation: location)
        #expect(file.wasChecked, sourceLocation: location)
        #expect(file.payloadCount > 0, "the example holds no donation", sourceLocation: location)

        let findings = result.files.flatMap(\.findings).filter { $0.ruleID == testCase.rule.id }
        // Where findings are, as `FILE POINTER`: a pass bundle's are in files inside it.
        let reportedIn = testCase.rule.judgesInfoPlist ? "Info.plist" : example.fileName
        let found = findings.map { "\($0.location.file) \($0.location.pointer ?? "<no pointer>")" }.sorted()
        let expected = example.places.map { "\(testCase.rule.judgesInfoPlist ? reportedIn : $0.file) \($0.pointer)" }.sorted()
        if testCase.passes {
            #expect(example.pointers.isEmpty, "a passing example lists pointers", sourceLocation: location)
            #expect(findings.isEmpty, "passing example reported at \(found): \(findings.map(\.message))", sourceLocation: location)
        } else {
            #expect(!example.pointers.isEmpty, "a failing example must list where it fails", sourceLocation: location)
            #expect(found == expected, "findings: \(findings.map { "\(locationText($0.location)): \($0.message)" })", sourceLocation: location)
            for finding in findings {
                #expect(finding.severity == example.severity ?? testCase.rule.defaultSeverity, "\(finding.message)", sourceLocation: location)
                // Inline Info.plist facts have no text, so a finding in them has no position; nor
                // has one about a whole file of a pass bundle (an image) or the bundle itself.
                if !testCase.rule.judgesInfoPlist && !example.isPassBundle {
                    #expect(finding.location.line != nil && finding.location.column != nil, "finding without a position", sourceLocation: location)
                }
                #expect(!finding.message.isEmpty, sourceLocation: location)
            }
        }
    }

    @Test(arguments: RuleExampleCase.all)
    func pointersAreValidJSONPointers(_ testCase: RuleExampleCase) {
        for pointer in testCase.example.places.map(\.pointer) {
            #expect(JSONPointer(parsing: pointer) != nil, "'\(pointer)' is not a JSON Pointer", sourceLocation: testCase.sourceLocation)
        }
    }

    /// Failures are reported where the example is written, in the rule's source file.
    @Test func examplesKnowWhereTheyAreWritten() throws {
        var files: [String: [String]] = [:]
        for testCase in RuleExampleCase.all {
            let location = testCase.sourceLocation
            #expect(location.fileName.hasSuffix("Rules.swift"), "\(testCase.testDescription): \(location)")
            if files[location.filePath] == nil {
                files[location.filePath] = try String(contentsOfFile: location.filePath, encoding: .utf8).components(separatedBy: "\n")
            }
            let lines = files[location.filePath] ?? []
            let text = location.line <= lines.count ? lines[location.line - 1] : "<past the end>"
            #expect(text.contains("RuleExample("), "\(testCase.testDescription) points at \(location): \(text)")
        }
    }

    @Test func everyRuleHasExamples() {
        #expect(RuleExampleCase.all.count >= 2 * BuiltInRules.descriptions.count)
    }
}
