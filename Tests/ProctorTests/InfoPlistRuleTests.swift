import Foundation
import ProctorCore
import ProctorReports
import Testing

@testable import ProctorConformance
@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// Rules that judge the Info.plist itself (rules over `AppInfo`) through the real pipeline: a real XML
/// file read with `--info-plist`, located by line, and listed in the reports under the Info.plist.
/// Their rule examples cover the verdicts; these cover what examples cannot: files, lines, reports.
@Suite("Info.plist rules")
struct InfoPlistRuleTests {
    static let rule = "intents_restricted_while_locked_supported"
    /// The test cases of an Info.plist's suite: reading it, then every rule over the Info.plist.
    static let plistCases = [
        "input", rule, "quick_action_count", "quick_action_icon_type", "quick_action_required_keys", "routing_app_document_type", "routing_app_modes",
    ]

    static let donation =
        #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}]}}, "direction": "outgoing"}}"#

    /// An XML Info.plist with the given keys and values, one per line, as Xcode writes them.
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    static let app = plist(
        """
        	<key>INIntentsRestrictedWhileLocked</key>
        	<array>
        		<string>INStartCallIntent</string>
        		<string>INSearchCallHistoryIntent</string>
        	</array>
        	<key>INIntentsSupported</key>
        	<array>
        		<string>INSendMessageIntent</string>
        		<string>INStartCallIntent</string>
        	</array>
        	<key>NSUserActivityTypes</key>
        	<array>
        		<string>INSendMessageIntent</string>
        	</array>
        """)

    func lint(plist: String, in directory: TemporaryDirectory) throws -> (LintResult, plist: String, donation: String) {
        let plistPath = try directory.write("Info.plist", plist)
        let donationPath = try directory.write("payloads/message.json", Self.donation)
        let result = Linter.lint(
            paths: [directory.path("payloads")], options: LintOptions(infoPlistPath: plistPath, now: fixedNow, parallel: false))
        return (result, plistPath, donationPath)
    }

    @Test func aFindingIsReportedInTheInfoPlistWithTheLineOfTheEntry() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let (result, plistPath, donationPath) = try lint(plist: Self.app, in: directory)
        let plistResult = try #require(result.files.first { $0.path == plistPath })
        let finding = try #require(plistResult.findings.first)
        #expect(plistResult.findings.count == 1)
        #expect(finding.ruleID == Self.rule && finding.severity == .error)
        #expect(finding.location == SourceLocation(file: plistPath, line: 8, pointer: "/INIntentsRestrictedWhileLocked/1"))
        #expect(finding.message.contains("'INSearchCallHistoryIntent'"))
        // The donation file is clean and carries no finding of the Info.plist rule.
        let donationResult = try #require(result.files.first { $0.path == donationPath })
        #expect(donationResult.findings.isEmpty, "\(donationResult.findings.map(\.message))")

        let report = result.report()
        #expect(report.exitCode == .problemsFound)
        // The Info.plist's suite lists the Info.plist rules and only them; payload suites the others.
        let plistSuite = try #require(report.suites.first { $0.name == plistPath })
        #expect(plistSuite.cases.map(\.name) == Self.plistCases)
        #expect(plistSuite.cases.first { $0.name == Self.rule }?.outcome.isFailure == true)
        let donationSuite = try #require(report.suites.first { $0.name == donationPath })
        #expect(!donationSuite.cases.contains { $0.name == Self.rule })
        #expect(donationSuite.cases.contains { $0.name == "interaction_direction" })

        let junit = ReportFormat.junit.render(report, junitCases: .rule)
        #expect(junit.contains(#"<testcase name="\#(Self.rule)" classname="\#(plistPath)""#))
        // One case per file by default: the Info.plist's fails with the rule's finding in its text.
        let perFile = ReportFormat.junit.render(report)
        #expect(perFile.contains(#"<testcase name="\#(plistPath)" classname="proctor.lint" time="0">"#))
        #expect(perFile.contains("\(plistPath):8: error: 'INSearchCallHistoryIntent' is in INIntentsRestrictedWhileLocked"))
        let sarif = ReportFormat.sarif.render(report)
        #expect(
            sarif.contains(#""fullyQualifiedName" : "/INIntentsRestrictedWhileLocked/1""#)
                || sarif.contains(#""fullyQualifiedName": "/INIntentsRestrictedWhileLocked/1""#))
        #expect(ReportFormat.text.render(report).contains("\(plistPath):8: error: 'INSearchCallHistoryIntent' is in INIntentsRestrictedWhileLocked"))
    }

    @Test func anExtensionEntryIsLocatedInsideNSExtension() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let extensionPlist = Self.plist(
            """
            	<key>NSExtension</key>
            	<dict>
            		<key>NSExtensionAttributes</key>
            		<dict>
            			<key>IntentsRestrictedWhileLocked</key>
            			<array>
            				<string>INSendMessageIntent</string>
            			</array>
            			<key>IntentsSupported</key>
            			<array>
            				<string>INStartCallIntent</string>
            			</array>
            		</dict>
            		<key>NSExtensionPointIdentifier</key>
            		<string>com.apple.intents-service</string>
            	</dict>
            """)
        let (result, plistPath, _) = try lint(plist: extensionPlist, in: directory)
        let finding = try #require(result.files.first { $0.path == plistPath }?.findings.first { $0.ruleID == Self.rule })
        #expect(
            finding.location
                == SourceLocation(file: plistPath, line: 11, pointer: "/NSExtension/NSExtensionAttributes/IntentsRestrictedWhileLocked/0"))
    }

    @Test func aCleanInfoPlistAddsNoFile() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let clean = Self.app.replacingOccurrences(of: "\t\t<string>INSearchCallHistoryIntent</string>\n", with: "")
        let (result, plistPath, _) = try lint(plist: clean, in: directory)
        #expect(!result.files.contains { $0.path == plistPath })
        #expect(result.files.flatMap(\.findings).isEmpty, "\(result.files.flatMap(\.findings).map(\.message))")
        #expect(result.report().exitCode == .success)
    }

    /// An Info.plist already reported for a decoding problem lists the Info.plist rules too.
    @Test func anInfoPlistWithADiagnosticListsItsRules() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let clean = Self.app.replacingOccurrences(of: "\t\t<string>INSearchCallHistoryIntent</string>\n", with: "")
        let mistyped = clean.replacingOccurrences(of: "<dict>\n", with: "<dict>\n\t<key>CFBundleIdentifier</key>\n\t<integer>7</integer>\n")
        let (result, plistPath, _) = try lint(plist: mistyped, in: directory)
        let suite = try #require(result.report().suites.first { $0.name == plistPath })
        #expect(suite.diagnostics.map(\.code) == [ProblemCode.typeMismatch])
        #expect(suite.cases.map(\.name) == Self.plistCases)
        #expect(suite.cases.last?.outcome == .passed)
    }

    @Test func withoutAnInfoPlistTheRuleDoesNotRun() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write("message.json", Self.donation)
        let result = Linter.lint(paths: [path], options: LintOptions(bundleIdentifier: "com.example.chat", now: fixedNow, parallel: false))
        #expect(result.files.map(\.path) == [path])
        #expect(!result.report().suites.flatMap(\.cases).contains { $0.name == Self.rule })
    }

    /// Inline facts (conformance cases, rule examples) are reported under "Info.plist", without a line.
    @Test func inlineFactsAreReportedAsInfoPlist() throws {
        let facts = try appInfo(
            fromJSON: #"{"INIntentsSupported": ["INStartCallIntent"], "INIntentsRestrictedWhileLocked": ["INSendMessageIntent"]}"#)
        let result = ProctorTests.lint(Self.donation, appInfo: facts.appInfo)
        let finding = try #require(result.files.flatMap(\.findings).first { $0.ruleID == Self.rule })
        #expect(finding.location == SourceLocation(file: ConformanceRunner.infoPlistFile, pointer: "/INIntentsRestrictedWhileLocked/0"))
    }
}
