import Foundation
import Testing

/// `proctor run --shard K/N`: every scenario in exactly one shard, and the shards' JUnit reports
/// add up to one run's.
@Suite("CLI: sharding scenarios")
struct ShardCLITests {
    /// The totals of a JUnit report: its suites' tests, failures, errors and skipped cases.
    private func totals(_ xml: String) -> [String: Int] {
        var totals: [String: Int] = [:]
        for element in xml.components(separatedBy: "<testsuite ").dropFirst() {
            let tag = element.prefix { $0 != ">" }
            for attribute in ["tests", "failures", "errors", "skipped"] {
                if let range = tag.range(of: " \(attribute)=\"") {
                    totals[attribute, default: 0] += Int(tag[range.upperBound...].prefix { $0.isNumber }) ?? 0
                }
            }
        }
        return totals
    }

    @Test func theShardsAddUpToOneRun() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let now = "--now=2026-06-01T12:00:00Z"
        let whole = try proctor(
            ["run", "Scenarios/run", "--no-config", now, "--report", "junit:\(output.path)/all.xml", "--report", "json:\(output.path)/all.json"],
            in: repository)
        #expect(whole.status == 0, "\(whole.stderr)")
        var sum: [String: Int] = [:]
        var files: [String] = []
        for index in 1...3 {
            let run = try proctor(
                [
                    "run", "Scenarios/run", "--no-config", now, "--shard", "\(index)/3", "--report", "junit:\(output.path)/\(index).xml", "--report",
                    "json:\(output.path)/\(index).json",
                ],
                in: repository)
            #expect(run.status == 0, "\(run.stderr)")
            for (key, value) in totals(try String(contentsOf: output.appendingPathComponent("\(index).xml"), encoding: .utf8)) {
                sum[key, default: 0] += value
            }
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("\(index).json"))) as? [String: Any]
            files += (json?["suites"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        let wholeTotals = totals(try String(contentsOf: output.appendingPathComponent("all.xml"), encoding: .utf8))
        #expect((wholeTotals["tests"] ?? 0) > 100 && sum == wholeTotals, "\(sum) vs \(wholeTotals)")
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("all.json"))) as? [String: Any]
        #expect(files.sorted() == (all?["suites"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted())
        #expect(try proctor(["run", "Scenarios/run", "--no-config", "--shard", "4/3"], in: repository).status == 64)
    }
}
