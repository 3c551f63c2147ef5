import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// The repository root, found from this file's path (Tests/ProctorTests/TestSupport.swift).
enum Repository {
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}

/// The clock every test runs with.
let fixedNow = DateFormat.parse("2026-06-01T12:00:00Z")!

/// Converts parsed JSON to the Foundation types a property list holds, as Info.plist facts.
func foundationValue(_ node: JSONNode) -> Any {
    InfoPlistReader.foundationValue(node)
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Parses JSON text or throws a readable error.
func parseJSON(_ text: String) throws -> JSONNode {
    switch JSONReader.parse(SourceText(bytes: Array(text.utf8))) {
    case .success(let node): return node
    case .failure(let error): throw TestFailure("invalid JSON (\(error)) in \(text)")
    }
}

/// App facts from Info.plist facts written as JSON, as the rule examples give them.
func appInfo(fromJSON json: String, bundleIdentifier: String? = nil) throws -> InfoPlistReader.Result {
    InfoPlistReader.extract(from: foundationValue(try parseJSON(json)), source: "Info.plist", bundleIdentifier: bundleIdentifier)
}

/// Lints one document held in memory.
func lint(
    _ json: String, path: String = "payload.json", appInfo: AppInfo? = nil, now: Date = fixedNow, strict: Bool = false
) -> LintResult {
    Linter.lint(
        files: [Linter.InMemoryFile(path: path, bytes: Array(json.utf8))],
        appInfo: appInfo, options: LintOptions(now: now, strict: strict, parallel: false))
}

/// A fresh directory under the system's temporary directory, removed when released. Tests keep
/// it alive to the end of their scope with `defer { withExtendedLifetime(directory) {} }`, since
/// Swift may release an object right after its last use.
final class TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init(_ name: String = #function) {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-tests-\(safe)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` at `relative`, creating folders; returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Data(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: Data) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
        return file.path
    }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }
}

/// `file:line:col pointer` for messages.
func locationText(_ location: ProctorCore.SourceLocation) -> String {
    "\(location.compilerStyle) \(location.pointer ?? "-")"
}
