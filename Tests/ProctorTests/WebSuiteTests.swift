import Foundation
import ProctorAppFacts
import ProctorLint
import Testing

/// The website suites of Scenarios/lint: Slice Finder's site lints clean with its app facts, and
/// the mistakes suite trips exactly the web rules it is written for, each in its own file.
@Suite("Scenarios: the website suites")
struct WebSuiteTests {
    static let plist = Repository.url("Scenarios/lint/local-places/Info.plist").path
    static let team = AppConfiguration(teamIdentifier: "A1B2C3D4E5")

    @Test func sliceFindersSiteIsCleanUnderStrict() {
        let suite = Repository.url("Scenarios/lint/local-places")
        let result = Linter.lint(
            paths: [suite.path], options: LintOptions(infoPlistPath: Self.plist, now: fixedNow, strict: true, configuration: Self.team))
        // The association file, the entitlements and the pages are all read, and none has a finding.
        let names = Set(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        #expect(
            names.isSuperset(of: [
                "apple-app-site-association", "SliceFinder.entitlements", "sf-0412.html", "sf-0877.html", "north-beach.html", "index.html",
            ]))
        #expect(
            result.files.allSatisfy { $0.inputErrors.isEmpty && $0.diagnostics.isEmpty && $0.findings.isEmpty },
            "\(result.files.flatMap(\.findings).map(\.message))")
        #expect(result.report().exitCode == .success)
    }

    @Test func theWebMistakesTripTheirRules() {
        let suite = Repository.url("Scenarios/lint/web-mistakes")
        let result = Linter.lint(paths: [suite.path], options: LintOptions(infoPlistPath: Self.plist, now: fixedNow, configuration: Self.team))
        let prefix = suite.path + "/"
        let found = result.files.flatMap(\.findings).map {
            "\($0.location.file.replacingOccurrences(of: prefix, with: "")) \($0.ruleID) \($0.severity.rawValue)"
        }.sorted()
        #expect(
            found == [
                "SliceFinder.entitlements associated_domain_entry error",
                "SliceFinder.entitlements associated_domain_site_file warning",
                "site/slicefinder.example.com/.well-known/apple-app-site-association aasa_unreachable_component warning",
                "site/slicefinder.example.com/neighborhoods/mission.html web_page_deep_link warning",
                "site/www.slicefinder.example.com/.well-known/apple-app-site-association aasa_names_app error",
            ], "\(found)")
        #expect(result.report().exitCode == .problemsFound)
    }
}
