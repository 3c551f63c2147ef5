import Foundation
import ProctorJSON
import Testing

@testable import ProctorConformance
@testable import ProctorDocumentation
@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// docs/rules/ and Conformance/rules/ are generated from the rule descriptions by `make docs`;
/// they must never drift from the code.
@Suite("Generated files")
struct GeneratedFilesTests {
    static let generated = GeneratedFiles.all()

    @Test(arguments: generated.map(\.path))
    func fileOnDiskIsUpToDate(_ path: String) throws {
        let expected = try #require(Self.generated.first { $0.path == path }?.content)
        let url = Repository.url(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("\(path) is missing; run `make docs`")
            return
        }
        let actual = String(decoding: data, as: UTF8.self)
        guard Array(actual.utf8) != Array(expected.utf8) else { return }
        let actualLines = actual.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        let first =
            zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let onDisk = first < actualLines.count ? actualLines[first] : "<end of file>"
        let generated = first < expectedLines.count ? expectedLines[first] : "<end of file>"
        Issue.record("\(path) is stale; run `make docs`. First difference at line \(first + 1):\n  on disk:   \(onDisk)\n  generated: \(generated)")
    }

    @Test(arguments: [("docs/rules", "md"), ("Conformance/rules", "json")])
    func noExtraFiles(directory: String, ext: String) throws {
        let known = Set(Self.generated.map(\.path))
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.url(directory).path)
        let extra = names.filter { !$0.hasPrefix(".") }.map { "\(directory)/\($0)" }.filter { !known.contains($0) }.sorted()
        #expect(extra.isEmpty, "files no rule generates (a renamed or removed rule?); delete them and run `make docs`: \(extra)")
        #expect(names.contains { $0.hasSuffix(".\(ext)") })
    }

    @Test func everyRuleHasAPageAndVectors() {
        let paths = Set(Self.generated.map(\.path))
        #expect(paths.contains("docs/rules/README.md"))
        for rule in BuiltInRules.descriptions {
            #expect(paths.contains(rule.documentationPath))
            #expect(paths.contains("Conformance/rules/\(rule.id).json"))
        }
        #expect(paths.contains("docs/scenario.schema.json") && paths.contains("docs/config.schema.json"))
        #expect(Self.generated.count == 3 + 2 * BuiltInRules.descriptions.count)
        #expect(Set(Self.generated.map(\.path)).count == Self.generated.count, "two generated files share a path")
    }

    /// The generated vectors are valid case files that the conformance runner reads.
    @Test(arguments: BuiltInRules.descriptions.map(\.id))
    func generatedVectorsPass(_ id: String) throws {
        let rule = try #require(BuiltInRules.description(for: id))
        let text = GeneratedFiles.conformanceVectors(for: rule)
        let cases = try ConformanceRunner.decodeCaseFile(SourceText(bytes: Array(text.utf8)), path: "\(id).json")
        #expect(cases.count == rule.passing.count + rule.failing.count)
        for testCase in cases {
            #expect(ConformanceRunner.evaluate(testCase) == .passed, "\(testCase.description)")
        }
    }
}
