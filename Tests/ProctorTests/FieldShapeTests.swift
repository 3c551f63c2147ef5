import Foundation
import Testing

@testable import ProctorScan
@testable import ProctorToolSupport

/// The shapes of real apps' code that field tests found misjudged (issue 31, item 5), each
/// written anew here and pinned as a conformance vector in `Conformance/scan/real-code.json`
/// (docs/field-tests.md, "2026-11-29: scan false findings of issue 31").
@Suite("Field shapes")
struct FieldShapeTests {
    private func scan(_ files: [String: String], plist: String) throws -> LintResult {
        let app = try appInfo(fromJSON: plist).appInfo
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false)).result
    }

    private func findings(_ result: LintResult) -> [String] {
        result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    // MARK: 1. A type equal to the bundle identifier

    @Test func aTypeEqualToTheBundleIdentifierIsUnderIt() throws {
        let result = try scan([
            "Reader.swift": """
                final class ReaderViewController: UIViewController {
                    func show() {
                        let activity = NSUserActivity(activityType: Bundle.main.bundleIdentifier!)
                        activity.title = "Reading"
                        activity.isEligibleForHandoff = true
                        userActivity = activity
                    }
                }
                """
        ], plist: #"{"CFBundleIdentifier": "com.example.reader", "NSUserActivityTypes": ["com.example.reader"]}"#)
        #expect(findings(result).isEmpty, "\(findings(result))")
    }

    @Test(arguments: [
        ("com.other.view-place", "com.example.places.view-place"),
        ("com.Example.Places.view-place", "com.example.places.view-place"),
        ("com.example", "com.example.places"),
        ("ViewPlace", "com.example.places.ViewPlace"),
    ])
    func theSuggestionIsANameUnderTheIdentifier(type: String, suggested: String) throws {
        let app = try appInfo(fromJSON: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["\#(type)"]}"#).appInfo
        let result = lint(#"{"userActivity": {"activityType": "\#(type)"}}"#, appInfo: app)
        let messages = result.files.flatMap(\.findings).filter { $0.ruleID == "activity_type_bundle_prefix" }.map(\.message)
        #expect(messages.count == 1 && messages[0].hasSuffix("prefer '\(suggested)'"), "\(messages)")
    }
}
