import ProctorLint

@testable import ProctorScan

/// Swift files held in memory, by path, scanned as `proctor scan` scans them (no Info.plist, the
/// fixed clock, one thread), and what tests compare of the result.
enum InMemoryScan {
    static func scan(_ files: [String: String]) -> SourceScan {
        SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: nil,
            options: LintOptions(now: fixedNow, parallel: false))
    }

    /// Each finding as `rule file:line`, sorted.
    static func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    /// Each diagnostic as `file:line message`, sorted.
    static func notes(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.diagnostics).map { "\($0.location.file):\($0.location.line ?? 0) \($0.message)" }.sorted()
    }
}
