import Foundation
import ProctorCore
import Testing

@testable import ProctorLint
@testable import ProctorReports
@testable import ProctorRules
@testable import ProctorScenario

/// Golden files live in Tests/ProctorTests/Snapshots/ (excluded from the target).
enum Snapshots {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static let recordVariable = "PROCTOR_RECORD_SNAPSHOTS"

    static var recording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }
}

/// Compares `actual` byte for byte with the golden file `name`.
///
/// The golden is written only when `PROCTOR_RECORD_SNAPSHOTS=1` is set or the file does not
/// exist, and the test then fails so that a recording is never mistaken for a pass. A mismatch
/// never overwrites the golden: it fails with a line diff.
func assertSnapshot(
    _ actual: String, named name: String, in directory: URL = Snapshots.directory,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let url = directory.appendingPathComponent(name)
    let existing = FileManager.default.contents(atPath: url.path)
    if Snapshots.recording || existing == nil {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record(
                "recorded snapshot \(name) (\(existing == nil ? "it was missing" : "\(Snapshots.recordVariable)=1")); review it, then run the tests again without \(Snapshots.recordVariable)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record snapshot \(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    let expectedBytes = [UInt8](existing!)
    let actualBytes = Array(actual.utf8)
    guard expectedBytes != actualBytes else { return }
    let expected = String(decoding: expectedBytes, as: UTF8.self)
    let message =
        "snapshot \(name) differs (- golden, + actual); if the change is intended, run with \(Snapshots.recordVariable)=1 and review the diff:\n"
        + lineDiff(expected, actual)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// A unified-style line diff (longest common subsequence), with context, control characters made
/// visible, and a note when only the final newline differs.
func lineDiff(_ old: String, _ new: String, context: Int = 2, limit: Int = 80) -> String {
    let a = old.components(separatedBy: "\n")
    let b = new.components(separatedBy: "\n")
    // LCS table, suffix form.
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
    }
    enum Line {
        case same(Int, String)
        case removed(Int, String)
        case added(Int, String)
    }
    var lines: [Line] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            lines.append(.same(i + 1, a[i]))
            i += 1
            j += 1
        } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
            lines.append(.removed(i + 1, a[i]))
            i += 1
        } else {
            lines.append(.added(j + 1, b[j]))
            j += 1
        }
    }
    let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
    guard !changed.isEmpty else {
        return "  (the lines are equal; the files differ in line endings or bytes that do not show)"
    }
    var shown = Set<Int>()
    for index in changed { for k in max(0, index - context)...min(lines.count - 1, index + context) { shown.insert(k) } }
    var output: [String] = []
    var previous = -1
    for index in shown.sorted() {
        if output.count >= limit {
            output.append("  ... (\(changed.count) changed lines in all)")
            break
        }
        if previous >= 0 && index != previous + 1 { output.append("  ...") }
        previous = index
        switch lines[index] {
        case .same(let number, let text): output.append("   \(number): \(visible(text))")
        case .removed(let number, let text): output.append("-  \(number): \(visible(text))")
        case .added(let number, let text): output.append("+  \(number): \(visible(text))")
        }
    }
    return output.joined(separator: "\n")
}

/// Shows control characters and trailing spaces, which a diff would otherwise hide.
private func visible(_ text: String) -> String {
    let result = VisibleText.escaped(text)
    return result.hasSuffix(" ") ? result + "⏎" : result
}
