import Foundation
import Testing

/// `proctor links check` as a user runs it.
@Suite("CLI: proctor links check")
struct LinksCLITests {
    private func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    private let aasa =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/help/*", "exclude": true}, {"/": "*"}]}]}}"#

    @Test func verdictsInTextAndJSON() throws {
        let dir = try directory(["apple-app-site-association": aasa])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try proctor(
            [
                "links", "check", "--aasa", "example.com=apple-app-site-association", "--report", "text", "--report", "json:out.json",
                "https://example.com/buy", "https://example.com/help/1", "https://other.example/x",
            ], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("app       https://example.com/buy"))
        #expect(run.stdout.contains("safari    https://example.com/help/1"))
        #expect(run.stdout.contains("links: 3 URLs: 1 app, 1 safari, 1 undecided"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("out.json"))) as? [String: Any]
        let results = try #require(json?["results"] as? [[String: Any]])
        #expect(results.map { $0["verdict"] as? String } == ["app", "safari", "undecided"])
        #expect(results[1]["pointer"] as? String == "/applinks/details/0/components/0")
    }

    @Test func anUnreadableFileIsExit2WithItsLocationAndTheOtherDomainsStillChecked() throws {
        let dir = try directory(["broken": #"{"applinks": {"details": [}}"#, "good": aasa])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try proctor(
            ["links", "check", "--aasa", "bad.example=broken", "--aasa", "example.com=good", "https://bad.example/a", "https://example.com/a"],
            in: dir)
        #expect(run.status == 2)
        #expect(run.stdout.contains("broken:1:"))
        #expect(run.stdout.contains("undecided https://bad.example/a"))
        #expect(run.stdout.contains("app       https://example.com/a"))
    }

    @Test func anUnreadableEntitlementsFileLeavesEveryURLUndecided() throws {
        let dir = try directory(["apple-app-site-association": aasa, "App.entitlements": "not a property list"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try proctor(
            ["links", "check", "--aasa", "example.com=apple-app-site-association", "--entitlements", "App.entitlements", "https://example.com/buy"],
            in: dir)
        #expect(run.status == 2)
        #expect(run.stdout.contains("undecided https://example.com/buy"))
    }

    @Test func whereTheLinkIsOpenedDecidesFirst() throws {
        let dir = try directory(["apple-app-site-association": aasa])
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = ["links", "check", "--aasa", "example.com=apple-app-site-association"]
        // On a page of the same host in Safari: Safari. On another site's page: the app.
        let same = try proctor(check + ["--safari-page", "https://example.com/", "https://example.com/buy"], in: dir)
        #expect(same.status == 0 && same.stdout.contains("safari    https://example.com/buy"), "\(same.stdout)")
        let other = try proctor(check + ["--safari-page", "https://news.example.org/", "https://example.com/buy"], in: dir)
        #expect(other.status == 0 && other.stdout.contains("app       https://example.com/buy"), "\(other.stdout)")
        let typed = try proctor(check + ["--typed-in-safari", "https://example.com/buy"], in: dir)
        #expect(typed.status == 0 && typed.stdout.contains("address bar"), "\(typed.stdout)")
        // Both at once, or a page that is not a web URL: usage errors.
        #expect(try proctor(check + ["--typed-in-safari", "--safari-page", "https://example.com/", "https://example.com/buy"], in: dir).status == 64)
        #expect(try proctor(check + ["--safari-page", "example.com", "https://example.com/buy"], in: dir).status == 64)
    }

    @Test func aMalformedAasaArgumentIsAUsageError() throws {
        let run = try proctor(["links", "check", "--aasa", "example.com", "https://example.com/"])
        #expect(run.status == 64)
    }
}
