import Foundation
import ProctorCore
import ProctorInputs
import ProctorLint
import ProctorReports
import Testing

@testable import ProctorScan

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
        let shared = Finding(
            ruleID: "activity_type_declared", severity: .error, message: "not declared", location: SourceLocation(file: "Shared/A.swift", line: 3))
        let onlySecond = Finding(
            ruleID: "activity_type_bundle_prefix", severity: .warning, message: "not under", location: SourceLocation(file: "Shared/A.swift", line: 3)
        )
        let first = scan([file("App/B.swift", findings: []), file("Shared/A.swift", findings: [shared])], judged: 2)
        let second = scan(
            [file("Shared/A.swift", findings: [shared, onlySecond]), file("Kitchen/C.swift", findings: [], checked: false)], judged: 1)
        let merged = SourceScan.merging([first, second], options: LintOptions())
        #expect(merged.result.files.map(\.path) == ["App/B.swift", "Shared/A.swift", "Kitchen/C.swift"])
        // Sorted as one scan sorts them: by place, then rule.
        #expect(merged.result.files[1].findings.map(\.ruleID) == ["activity_type_bundle_prefix", "activity_type_declared"])
        #expect(merged.result.judged?.first?.count == 3, "counted per app")
    }

    /// Two apps' donations whose names each scan made alike both reach --emit-payloads; one
    /// donation both apps judged is emitted once; a route is one per activity type.
    @Test func payloadsAndRoutesOfTwoAppsAreOnePerDonationAndType() {
        var first = scan([], judged: 0)
        first.payloads = [
            ExtractedPayload(fileName: "Scene.active-com.example.view.json", text: "A"), ExtractedPayload(fileName: "Shared.json", text: "S"),
        ]
        first.routes = [ExtractedRoute(name: "com.example.view", activityTypes: ["com.example.view"], userInfoKeys: ["id"], handledIn: ["A.swift:3"])]
        var second = scan([], judged: 0)
        second.payloads = [
            ExtractedPayload(fileName: "Scene.active-com.example.view.json", text: "B"), ExtractedPayload(fileName: "Shared-2.json", text: "S"),
        ]
        second.routes = [
            ExtractedRoute(name: "com.example.view", activityTypes: ["com.example.view"], userInfoKeys: ["tab"], handledIn: ["B.swift:9"])
        ]
        let merged = SourceScan.merging([first, second], options: LintOptions())
        #expect(merged.payloads.map(\.fileName) == ["Scene.active-com.example.view.json", "Shared.json", "Scene.active-com.example.view-2.json"])
        #expect(
            merged.routes.count == 1 && merged.routes[0].userInfoKeys == ["id", "tab"] && merged.routes[0].handledIn == ["A.swift:3", "B.swift:9"])
    }

    @Test func stateRestorationIsKnownByItsSymbol() {
        #expect(SourceScanner.isStateRestoration("SceneDelegate.stateRestorationActivity(for:)"))
        #expect(SourceScanner.isStateRestoration("ActivityManager.stateRestorationActivity"))
        #expect(!SourceScanner.isStateRestoration("ActivityManager.makeStateRestorationActivity()"))
        #expect(!SourceScanner.isStateRestoration("PlaceViewController.show(_:)"))
    }
}
