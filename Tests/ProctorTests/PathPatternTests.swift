import Foundation
import ProctorFiles
import Testing

/// Path patterns as docs/configuration.md ("Include and exclude") reads them.
@Suite("Path patterns")
struct PathPatternTests {
    private func matches(_ pattern: String, _ path: String, folder: Bool = false) throws -> Bool {
        try PathPattern(pattern).matches(path, isFolder: folder)
    }

    @Test func aNameWithoutASlashMatchesAtAnyDepth() throws {
        #expect(try matches("*.jsonl", "big.jsonl"))
        #expect(try matches("*.jsonl", "payloads/2026/big.jsonl"))
        #expect(try !matches("*.jsonl", "payloads/big.json"))
        #expect(try matches("Pods", "Pods/x/y.json"), "a matching folder matches what it holds")
        #expect(try matches("fixtures", "a/fixtures/b.json"))
        #expect(try !matches("fixture", "a/fixtures/b.json"), "names match whole, not as prefixes")
    }

    @Test func aPathIsAnchoredAtTheBase() throws {
        #expect(try matches("payloads/legacy", "payloads/legacy/old.json"))
        #expect(try !matches("legacy/old.json", "payloads/legacy/old.json"))
        #expect(try matches("/payloads/*.json", "payloads/a.json"), "a leading slash anchors too")
        #expect(try !matches("payloads/*.json", "payloads/sub/a.json"), "* stays within one name")
        #expect(try matches("./payloads/*.json", "payloads/a.json"))
    }

    @Test func doubleStarIsAnyNumberOfFolders() throws {
        #expect(try matches("site/**/*.json", "site/a.json"), "none")
        #expect(try matches("site/**/*.json", "site/a/b/c.json"))
        #expect(try matches("**/fixtures", "x/y/fixtures/z.json"))
        #expect(try matches("legacy/**", "legacy/a/b.json"))
        #expect(try !matches("legacy/**", "other/legacy/b.json"))
    }

    @Test func classesQuestionMarksAndHiddenNames() throws {
        #expect(try matches("v[0-9].json", "v7.json"))
        #expect(try !matches("v[0-9].json", "vx.json"))
        #expect(try matches("a?c.json", "abc.json"))
        #expect(try !matches("*.json", ".hidden.json"), "* does not match a leading dot, as in a shell")
    }

    @Test func aTrailingSlashMatchesFoldersOnly() throws {
        #expect(try matches("build/", "build/out.json"))
        #expect(try !matches("build/", "build"), "a file named build")
        #expect(try matches("build/", "build", folder: true))
    }

    @Test func patternsThatMatchNothingAreRefused() {
        for text in ["", "/", "a//b", "../x", "a/./b"] {
            #expect(throws: PathPattern.Invalid.self, "\(text)") { try PathPattern(text) }
        }
    }

    /// Patterns relative to a base folder: a file outside it is matched by no anchored pattern,
    /// and the filter keeps what include takes and exclude does not.
    @Test func aFilterJudgesPathsRelativeToItsBase() throws {
        let filter = PathFilter([
            PathFilter.Patterns(base: "project", include: [try PathPattern("payloads/**")], exclude: [try PathPattern("legacy")])
        ])
        #expect(filter.accepts(file: "project/payloads/a.json"))
        #expect(!filter.accepts(file: "project/payloads/legacy/a.json"))
        #expect(!filter.accepts(file: "project/site/a.json"))
        #expect(!filter.accepts(file: "elsewhere/payloads/a.json"), "outside the base, an include matches nothing")
        #expect(!filter.enters(folder: "project/payloads/legacy"))
        #expect(filter.enters(folder: "project/payloads"))
    }
}

@Suite("Path patterns: review cases")
struct PathPatternReviewTests {
    @Test func manyDoubleStarsDoNotBacktrack() throws {
        let pattern = try PathPattern(Array(repeating: "**", count: 11).joined(separator: "/") + "/nomatch")
        let deep = (1...40).map { "d\($0)" }.joined(separator: "/") + "/f.json"
        let started = Date()
        #expect(!pattern.matches(deep))
        #expect(try PathPattern("**/**/d40/*.json").matches(deep))
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func aPathThroughALinkIsJudgedLikeItsTarget() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("real/legacy"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: root.appendingPathComponent("real"))
        let filter = PathFilter([PathFilter.Patterns(base: root.appendingPathComponent("real").path, exclude: [try PathPattern("legacy")])])
        #expect(!filter.accepts(file: root.appendingPathComponent("link/legacy/a.json").path))
        #expect(filter.accepts(file: root.appendingPathComponent("link/a.json").path))
    }
}
