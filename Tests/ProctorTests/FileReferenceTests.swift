import Foundation
import Testing

@testable import ProctorFiles
@testable import ProctorReports
@testable import ProctorScenario

#if canImport(Glibc)
    import Glibc
#endif

@Suite("File references")
struct FileReferenceTests {
    /// The path was resolved by name and then opened again by name, so a link swapped in between
    /// made 60 of 300 runs read a file outside the project. Now what was opened is checked: a
    /// link flipping between a file inside and one outside, as fast as a thread can flip it,
    /// never yields the outside file's bytes (without the check on the descriptor, 30,000 reads
    /// here gave it 25 times).
    @Test func aLinkSwappedDuringTheReadNeverLeadsOutside() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-references-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project").path
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base.appendingPathComponent("outside").path, withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: project + "/inside.txt"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("outside/secret.txt"))
        let link = project + "/link"
        #expect(symlink("inside.txt", link) == 0)

        let policy = FileReferencePolicy(allowsOutside: false, projectDirectory: project)
        let stop = ManagedAtomicFlag()
        let swapper = Thread {
            var outside = true
            while !stop.isSet {
                let next = project + "/link.next"
                unlink(next)
                symlink(outside ? "../outside/secret.txt" : "inside.txt", next)
                rename(next, link)
                outside.toggle()
            }
        }
        swapper.start()
        var inside = 0
        var leaked = 0
        for _ in 0..<30000 {
            if case .success(let bytes) = policy.load("link", resolved: link, limit: 1 << 20, naming: "the file") {
                if bytes == Array("secret".utf8) { leaked += 1 } else { inside += 1 }
            }
        }
        stop.set()
        while !swapper.isFinished { usleep(1000) }
        #expect(leaked == 0, "the file outside the project was read \(leaked) times")
        #expect(inside > 0, "the file inside was read: the test exercised the allowed path too")
    }

    /// The HTML report shows lines of the files a scenario names: read through the policy, so a
    /// link that leads out of the project (swapped in after the run read the file) shows nothing
    /// of the file outside, while the scenario files themselves are read as they were.
    @Test func theHTMLReportReadsReferencesThroughThePolicy() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project").path
        try FileManager.default.createDirectory(atPath: project + "/Scenarios", withIntermediateDirectories: true)
        try Data("secret line".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: project + "/Scenarios/app.scenario.json"))
        #expect(symlink("../secret.txt", project + "/routes.json") == 0)
        let report = RunReport(
            command: "run", timestamp: Date(), strict: false, rules: [], checks: [],
            suites: [RunReport.Suite(name: project + "/Scenarios/app.scenario.json")])
        let sources = ScenarioRunner.sources(of: report, policy: FileReferencePolicy(allowsOutside: false, projectDirectory: project))
        guard case .failure(let unavailable) = sources.read(project + "/routes.json") else {
            Issue.record("the file outside the project was shown")
            return
        }
        #expect(unavailable.reason.contains("absolute path") || unavailable.reason.contains("outside the project"), "\(unavailable.reason)")
        #expect((try? sources.read(project + "/Scenarios/app.scenario.json").get()) != nil, "the scenario file itself is read")
    }

    @Test func aNulInAReferenceIsRefused() {
        let policy = FileReferencePolicy.anywhere
        #expect(
            policy.load("Info.plist\0.txt", resolved: "Info.plist\0.txt", limit: 100, naming: "the file")
                == .failure(.invalid("the path holds a NUL character, which no file name can")))
    }
}

/// A flag one thread sets and another reads.
private final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
