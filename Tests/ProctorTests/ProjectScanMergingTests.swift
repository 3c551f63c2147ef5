import Foundation
import Testing

@testable import ProctorScan
@testable import ProctorToolSupport

/// A project's apps are scanned one by one and their scans made one (issue 31): a file two apps
/// compile is judged for each, and must be reported once.
@Suite("Scan: the scans of a project's apps made one")
struct ProjectScanMergingTests {
    private func file(_ path: String, findings: [Finding], checked: Bool = true) -> FileResult {
        var result = FileResult(path: path)
        result.findings = findings
        result.wasChecked = checked
        return result
    }

    private func scan(_ files: [FileResult], judged activities: Int) -> SourceScan {
        var result = LintResult(files: files, appInfo: nil, options: LintOptions(), scansSources: true)
        result.judged = [RunReport.Tally(key: "activities", singular: "activity", plural: "activities", count: activities)]
        return SourceScan(result: result, payloads: [], routes: [], handlersLeftOut: [])
    }

    @Test func aFileTwoAppsJudgeIsReportedOnceWithEveryFindingOnce() {
        let shared = Finding(ruleID: "activity_type_declared", severity: .error, message: "not declared", location: SourceLocation(file: "Shared/A.swift", line: 3))
        let onlySecond = Finding(ruleID: "activity_type_bundle_prefix", severity: .warning, message: "not under", location: SourceLocation(file: "Shared/A.swift", line: 3))
        let first = scan([file("App/B.swift", findings: []), file("Shared/A.swift", findings: [shared])], judged: 2)
        let second = scan([file("Shared/A.swift", findings: [shared, onlySecond]), file("Kitchen/C.swift", findings: [], checked: false)], judged: 1)
        let merged = SourceScan.merging([first, second], options: LintOptions())
        #expect(merged.result.files.map(\.path) == ["App/B.swift", "Shared/A.swift", "Kitchen/C.swift"])
        #expect(merged.result.files[1].findings.map(\.ruleID) == ["activity_type_declared", "activity_type_bundle_prefix"])
        #expect(merged.result.judged?.first?.count == 3, "counted per app")
    }

    @Test func stateRestorationIsKnownByItsSymbol() {
        #expect(SourceScanner.isStateRestoration("SceneDelegate.stateRestorationActivity(for:)"))
        #expect(SourceScanner.isStateRestoration("ActivityManager.stateRestorationActivity"))
        #expect(!SourceScanner.isStateRestoration("ActivityManager.makeStateRestorationActivity()"))
        #expect(!SourceScanner.isStateRestoration("PlaceViewController.show(_:)"))
    }
}
