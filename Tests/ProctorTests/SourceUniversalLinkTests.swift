import Foundation
import ProctorCore
import ProctorInputs
import ProctorLint
import Testing

@testable import ProctorLinks
@testable import ProctorScan

/// proctor scan comparing the app's universal-link routes with its domains' association files
/// (docs/scan.md, "Universal links"): the pattern overlap they rest on, and the shapes the rule
/// examples do not show.
@Suite("Source scan: universal links")
struct SourceUniversalLinkTests {
    private let plist = #"{"CFBundleIdentifier": "com.example.places"}"#

    private func findings(_ files: [String: String], sites: [String: String], team: String? = "ABCDE12345") throws -> [String] {
        var app = try #require(try appInfo(fromJSON: plist).appInfo)
        app.teamIdentifier = team
        let scan = SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false),
            sites: sites.sorted { $0.key < $1.key }.map {
                SourceScanner.SiteFile(path: "\($0.key)/aasa", domain: $0.key, bytes: Array($0.value.utf8))
            })
        return scan.result.files.flatMap(\.findings)
            .filter { $0.ruleID.hasPrefix("source_universal_link") || $0.ruleID == "source_association_path_routed" }
            .map { "\($0.ruleID) \($0.location.line ?? 0) \($0.location.pointer ?? "")" }.sorted()
    }

    private func association(_ components: String, appID: String = "ABCDE12345.com.example.places") -> String {
        #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [\#(components)]}]}}"#
    }

    /// A SwiftUI app whose `onOpenURL` tells apart `body` (an if chain on `url`).
    private func app(_ body: String) -> String {
        """
        import SwiftUI

        @main
        struct PlacesApp: App {
            var body: some Scene {
                WindowGroup {
                    ContentView().onOpenURL { url in
        \(body)
                    }
                }
            }
        }
        """
    }

    @Test func aPatternMayMatchTextThatStartsWithAPrefix() {
        #expect(LinkPattern("/place/*").matchesSome(startingWith: "/place", caseSensitive: false))
        #expect(LinkPattern("/place/*").matchesSome(startingWith: "/place/12", caseSensitive: false))
        #expect(LinkPattern("/PLACE/?").matchesSome(startingWith: "/place", caseSensitive: false))
        #expect(!LinkPattern("/PLACE/?").matchesSome(startingWith: "/place", caseSensitive: true))
        #expect(LinkPattern("*").matchesSome(startingWith: "/anything", caseSensitive: true))
        #expect(!LinkPattern("/lists").matchesSome(startingWith: "/place", caseSensitive: false))
        #expect(!LinkPattern("/pl").matchesSome(startingWith: "/place", caseSensitive: false))
        #expect(LinkPattern("/$(lang)/place/*").matchesSome(startingWith: "/en/place", caseSensitive: true))
        #expect(!LinkPattern("/$(nothing)/place").matchesSome(startingWith: "/", caseSensitive: true))
    }

    /// An https route on the file's host that no component sends is reported; one on another
    /// host, with no file given for it, is not judged. The component no route takes is reported
    /// at the handler.
    @Test func routesOnTheHostOfAGivenFile() throws {
        let code = app(
            """
                            if url.scheme == "https", url.host == "places.example.com", url.path == "/lists" { router.showLists() }
                            if url.scheme == "https", url.host == "other.example.org", url.path == "/lists" { router.showLists() }
            """)
        let found = try findings(["App.swift": code], sites: ["places.example.com": association(#"{"/": "/place/*"}"#)])
        #expect(
            found == [
                "source_association_path_routed 7 /PlacesApp.body/applinks/places.example.com/applinks/details/0/components/0",
                "source_universal_link_route_associated 8 /PlacesApp.body/openURL/url:https:~1~1places.example.com~1lists",
            ])
        #expect(try findings(["App.swift": code], sites: ["places.example.com": association(#"{"/": "/lists"}"#)]).isEmpty)
    }

    /// A component for another app's ID sends nothing to this one; without the Team ID every
    /// entry counts for a route.
    @Test func onlyTheEntriesNamingTheAppSendToIt() throws {
        let code = app(#"                if url.scheme == "https", url.host == "places.example.com", url.path == "/lists" { router.showLists() }"#)
        let otherApp = association(#"{"/": "/lists"}"#, appID: "ZZZZZ99999.com.example.other")
        #expect(try findings(["App.swift": code], sites: ["places.example.com": otherApp]).count == 1)
        #expect(try findings(["App.swift": code], sites: ["places.example.com": otherApp], team: nil).isEmpty)
    }

    /// A component no route takes is not judged when a handler takes URLs the scan cannot list.
    @Test func componentsAreNotJudgedWhenTheRoutesAreIncomplete() throws {
        let routed = app(#"                if url.scheme == "https", url.path == "/lists" { router.showLists() }"#)
        let file = association(#"{"/": "/lists"}, {"/": "/reviews/*"}"#)
        #expect(
            try findings(["App.swift": routed], sites: ["places.example.com": file]) == [
                "source_association_path_routed 7 /PlacesApp.body/applinks/places.example.com/applinks/details/0/components/1"
            ])
        let handedOn = app(
            """
                            if url.scheme == "https", url.path == "/lists" { router.showLists() }
                            if url.scheme == "https", url.path == router.currentPath { router.showCurrent() }
            """)
        #expect(try findings(["App.swift": handedOn], sites: ["places.example.com": file]).isEmpty)
    }

    /// Legacy `paths` send what they match, `NOT ` paths nothing; a file that does not decode is
    /// left out.
    @Test func legacyPathsAndBrokenFiles() throws {
        let code = app(#"                if url.scheme == "https", url.path == "/lists" { router.showLists() }"#)
        let legacy = #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.places", "paths": ["NOT /lists", "/place/*"]}]}}"#
        #expect(
            try findings(["App.swift": code], sites: ["places.example.com": legacy]).map { $0.components(separatedBy: " ")[0] } == [
                "source_association_path_routed", "source_universal_link_route_associated",
            ])
        #expect(try findings(["App.swift": code], sites: ["places.example.com": #"{"applinks": "#]).isEmpty)
    }

    /// `--aasa DOMAIN=PATH` reaches the rules from disk; a file that cannot be read is an input
    /// error at its path, as proctor lint reports it.
    @Test func associationFilesAreReadFromDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-aasa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("App.swift").path
        let site = folder.appendingPathComponent("aasa").path
        try app(#"                if url.scheme == "https", url.path == "/lists" { router.showLists() }"#).write(
            toFile: swift, atomically: true, encoding: .utf8)
        try association(#"{"/": "/place/*"}"#).write(toFile: site, atomically: true, encoding: .utf8)
        let missing = folder.appendingPathComponent("missing").path
        var options = LintOptions(now: fixedNow, parallel: false)
        options.bundleIdentifier = "com.example.places"
        options.configuration.teamIdentifier = "ABCDE12345"
        options.declaredFiles = DeclaredFiles(sites: [("places.example.com", site), ("other.example.com", missing)])
        let scan = SourceScanner.scan(paths: [swift], options: options)
        let rules = scan.result.files.flatMap(\.findings).map(\.ruleID).filter { $0.contains("association") || $0.contains("universal_link") }
        #expect(rules.sorted() == ["source_association_path_routed", "source_universal_link_route_associated"])
        let errors = scan.result.files.filter { $0.path == missing }.flatMap(\.inputErrors).map(\.code)
        #expect(errors == [ProblemCode.fileUnreadable])
    }
}
