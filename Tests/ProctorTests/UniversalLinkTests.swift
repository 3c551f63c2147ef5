import Foundation
import ProctorCore
import ProctorReports
import ProctorScenario
import Testing

@testable import ProctorConformance
@testable import ProctorLinks

/// The pieces behind `proctor links check` that the link vectors do not reach: URL splitting,
/// pattern cost, and the reader's located problems.
@Suite("Universal links")
struct UniversalLinkTests {
    /// The link vector schema and the reader accept the same keys: neither can drift alone.
    @Test func linkVectorSchemaListsTheReadersKeys() throws {
        let data = try Data(contentsOf: Repository.url("Conformance/link-vector-schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(LinkVectors.fileKeys))
        let cases = try #require((properties["cases"] as? [String: Any])?["items"] as? [String: Any])
        #expect(Set(try #require(cases["properties"] as? [String: Any]).keys) == Set(LinkVectors.caseKeys))
    }

    /// Where a link is opened from decides before any file (Conformance/links/origins-and-handoff.links.json
    /// pins the same with the entitlement): a page of the same host in Safari keeps it, another
    /// host's page does not, and the address bar always does.
    @Test func theOriginOfATapDecidesFirst() throws {
        let association = try #require(
            SiteAssociationReader.read(
                Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/places/*"}]}]}}"#.utf8), path: "f"
            ).association)
        let matcher = UniversalLinkMatcher(sites: [.init(domain: "example.com", association: association, file: "f")])
        let url = "https://example.com/places/1"
        #expect(matcher.verdict(for: url).outcome == .app)
        #expect(matcher.verdict(for: url, from: .safariPage("https://EXAMPLE.com/")).outcome == .safari)
        #expect(matcher.verdict(for: url, from: .safariPage("https://www.example.com/")).outcome == .app)
        #expect(matcher.verdict(for: url, from: .safariAddressBar).outcome == .safari)
        // A custom scheme is never a universal link, wherever it is opened.
        #expect(matcher.verdict(for: "slicefinder://places/1", from: .safariPage("https://example.com/")).outcome == .safari)
    }

    @Test func urlsSplitAsWritten() throws {
        let url = try #require(LinkURL("HTTPS://User@Example.COM:8443/a%20b/C?x=1&y#Frag"))
        #expect(url.scheme == "https" && url.host == "example.com" && url.port == "8443")
        #expect(url.path == "/a%20b/C" && url.query == "x=1&y" && url.fragment == "Frag")
        #expect(url.queryItems.map(\.name) == ["x", "y"] && url.queryItems.map(\.value) == ["1", ""])
        #expect(LinkURL("https://example.com")?.path == "/")
        #expect(LinkURL("not a url") == nil)
        #expect(LinkURL("https:///path") == nil)
    }

    @Test func patternsMatchWholeTexts() {
        #expect(LinkPattern("/buy/*").matches("/buy/", caseSensitive: true))
        #expect(!LinkPattern("/buy/*").matches("/buyer", caseSensitive: true))
        #expect(LinkPattern("/a?c").matches("/abc", caseSensitive: true))
        #expect(!LinkPattern("/a?c").matches("/ac", caseSensitive: true))
        #expect(LinkPattern("/Recipes/*").matches("/recipes/1", caseSensitive: false))
        #expect(!LinkPattern("/$(missing)/*").matches("/x/1", caseSensitive: true))
        #expect(LinkPattern("/$(missing)/*").undefinedVariables == ["missing"])
        #expect(LinkPattern("/$(digit)$(digit)", variables: [:]).matches("/42", caseSensitive: true))
        #expect(LinkPattern("/$(food)", variables: ["food": ["pi*a"]]).matches("/pizza", caseSensitive: true))
    }

    @Test("A pattern of many stars against a long text that cannot match ends at once")
    func patternCostIsBounded() {
        let pattern = LinkPattern(String(repeating: "*a", count: 40) + "b")
        let text = String(repeating: "a", count: 4000)
        let start = Date()
        #expect(!pattern.matches(text, caseSensitive: true))
        // Memoised: pattern × text steps (160,000), not 4000^40.
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test("Stars in a variable's values, and long patterns, cost pattern × text steps (review findings)")
    func hostilePatternsEndQuickly() {
        let start = Date()
        let variable = LinkPattern("/$(v)", variables: ["v": [String(repeating: "*a", count: 13) + "c"]])
        #expect(!variable.matches("/" + String(repeating: "a", count: 4000), caseSensitive: true))
        let long = LinkPattern("/" + String(repeating: "*a", count: 2400) + "b")
        #expect(!long.matches("/" + String(repeating: "a", count: 5000), caseSensitive: true))
        let questions = LinkPattern("/" + String(repeating: "?", count: 4990))
        #expect(questions.matches("/" + String(repeating: "x", count: 4990), caseSensitive: true))
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func aPatternOrTextTooLongToMatchSafelyDoesNotMatch() {
        let long = String(repeating: "a", count: 200_000)
        #expect(!LinkPattern("*").matches(long, caseSensitive: true))
        #expect(!LinkPattern(long).matches("a", caseSensitive: true))
        #expect(LinkPattern("*").matches(String(repeating: "a", count: 9_000), caseSensitive: true))
    }

    @Test func theReaderLocatesWhatIsWrong() {
        let text = #"""
            {"applinks": {"details": {"ABCDE12345.com.example.app": {"paths": ["*"]}}},
             "webcredentials": {"apps": "ABCDE12345.com.example.app"},
             "appclip": {"apps": []}}
            """#
        let read = SiteAssociationReader.read(Array(text.utf8), path: "aasa")
        let found = read.diagnostics.map { "\($0.code) \($0.location.pointer ?? "")" }.sorted()
        #expect(
            found == ["aasa_invalid_value /applinks/details", "aasa_type_mismatch /webcredentials/apps", "aasa_unknown_key /appclip"], "\(found)")
        #expect(read.diagnostics.allSatisfy { $0.location.line != nil })
    }

    @Test func aComponentWithAMisspeltKeyIsAWarningAndStillMatches() {
        let text = #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/x/*", "exclued": true}]}]}}"#
        let read = SiteAssociationReader.read(Array(text.utf8), path: "aasa")
        #expect(read.diagnostics.map(\.code.rawValue) == ["aasa_unknown_key"])
        #expect(read.diagnostics.first?.severity == .warning)
        let matcher = UniversalLinkMatcher(sites: [.init(domain: "example.com", association: read.association!, file: "aasa")])
        #expect(matcher.verdict(for: "https://example.com/x/1").outcome == .app)
    }

    @Test func invalidJSONIsALocatedInputErrorAndAByteOrderMarkAWarning() {
        let broken = SiteAssociationReader.read(Array("{\"applinks\": {},}".utf8), path: "aasa")
        #expect(broken.association == nil)
        #expect(broken.inputErrors.count == 1 && broken.inputErrors.first?.location.line == 1)
        let marked = SiteAssociationReader.read(Array("\u{FEFF}{\"applinks\": {\"details\": []}}".utf8), path: "aasa")
        #expect(marked.association != nil)
        #expect(marked.diagnostics.map { "\($0.code) \($0.severity)" } == ["aasa_byte_order_mark warning"])
    }
}

@Suite("Associated Domains entitlement")
struct AssociatedDomainsTests {
    private let at = ProctorCore.SourceLocation(file: "App.entitlements")

    @Test(arguments: [
        ("applinks:example.com", "applinks example.com false nil"),
        ("applinks:*.Example.com", "applinks example.com true nil"),
        ("webcredentials:example.com?mode=developer", "webcredentials example.com false developer"),
        ("appclips:clip.example.com?mode=developer+managed", "appclips clip.example.com false developer+managed"),
    ])
    func validEntries(_ entry: String, _ expected: String) throws {
        let domain = try AssociatedDomain.parse(entry, at: at).get()
        #expect("\(domain.service.rawValue) \(domain.domain) \(domain.isWildcard) \(domain.mode ?? "nil")" == expected)
    }

    @Test(arguments: [
        ("example.com", "no service"), ("links:example.com", "not an associated-domains service"),
        ("applinks:https://example.com", "URL scheme"), ("applinks:example.com/path", "has a path"),
        ("applinks:example.com:8443", "has a port"), ("applinks:", "names no domain"), ("applinks:exa mple.com", "white space"),
        ("appclips:*.example.com", "wildcard"), ("applinks:bücher.de", "Punycode"), ("applinks:localhost", "fully qualified"),
        ("applinks:example.com?mode=debug", "alternate mode"),
    ])
    func invalidEntries(_ entry: String, _ reason: String) {
        guard case .failure(let invalid) = AssociatedDomain.parse(entry, at: at) else {
            Issue.record("'\(entry)' was accepted")
            return
        }
        #expect(invalid.reason.contains(reason), "\(invalid.reason)")
    }

    @Test func wildcardsCoverSubdomainsOnly() throws {
        let wildcard = try AssociatedDomain.parse("applinks:*.example.com", at: at).get()
        #expect(wildcard.covers("www.example.com") && wildcard.covers("a.b.example.com"))
        #expect(!wildcard.covers("example.com") && !wildcard.covers("badexample.com"))
    }

    @Test func anEntitlementsFileReportsEachBadEntryOnItsLine() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>applinks:example.com</string>
            \t\t<string>applinks:https://shop.example.com</string>
            \t\t<string>webcredentials:example.com</string>
            \t</array>
            </dict>
            </plist>
            """
        let read = EntitlementsReader.read(bytes: Array(plist.utf8), path: "App.entitlements")
        #expect(read.inputErrors.isEmpty)
        #expect(read.domains?.map(\.domain) == ["example.com", "example.com"])
        #expect(read.diagnostics.isEmpty)
        #expect(
            read.allDiagnostics.map { "\($0.code) \($0.location.line ?? 0) \($0.location.pointer ?? "")" } == [
                "entitlement_invalid_domain 8 /com.apple.developer.associated-domains/1"
            ])
    }

    /// `app.entitlements` reads the app's real file: its Associated Domains decide, and a
    /// malformed entry stops the scenario with an error on its line in that file.
    @Test func aScenarioReadsTheAppsEntitlementsFile() throws {
        let directory = TemporaryDirectory()
        func entitlements(_ entries: [String]) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \(entries.map { "\t\t<string>\($0)</string>" }.joined(separator: "\n"))
            \t</array>
            </dict>
            </plist>
            """
        }
        let scenario = """
            {"format": 1, "name": "entitlements file", "clock": "2026-06-01T12:00:00Z",
             "app": {"info": {"CFBundleIdentifier": "com.example.atlas"}, "entitlements": "Atlas.entitlements",
                     "routes": [{"name": "place", "urls": ["https://atlas.example.com/places/*"]}]},
             "sites": {"atlas.example.com": {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.atlas"], "components": [{"/": "/places/*"}]}]}}},
             "steps": [{"openUniversalLink": {"url": "https://atlas.example.com/places/p-1"}}, {"expect": {"link": {"verdict": "VERDICT"}}}]}
            """
        let options = RunOptions(now: fixedNow, fileReferences: .anywhere)
        func play(_ entries: [String], verdict: String) throws -> RunReport.Suite? {
            try directory.write("Atlas.entitlements", entitlements(entries))
            let path = try directory.write("links.scenario.json", scenario.replacingOccurrences(of: "VERDICT", with: verdict))
            return ScenarioRunner.runFile(at: path, options: options)
        }
        // Listed: the link opens the app. Not listed (only another domain): Safari.
        let listed = try #require(try play(["applinks:atlas.example.com"], verdict: "app"))
        #expect(listed.inputErrors.isEmpty && listed.cases.allSatisfy { $0.outcome == .passed }, "\(listed.cases.map(\.outcome))")
        let unlisted = try #require(try play(["applinks:other.example.com"], verdict: "safari"))
        #expect(unlisted.inputErrors.isEmpty && unlisted.cases.allSatisfy { $0.outcome == .passed }, "\(unlisted.cases.map(\.outcome))")
        // A malformed entry: an error on its line in the entitlements file; nothing is played.
        let malformed = try #require(try play(["applinks:atlas.example.com", "applinks:https://atlas.example.com"], verdict: "app"))
        let errors = malformed.diagnostics.map {
            "\($0.code) \($0.severity) \(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line ?? 0)"
        }
        #expect(errors == ["entitlement_invalid_domain error Atlas.entitlements:8"], "\(errors)")
        #expect(malformed.cases.map(\.name) == ["scenario file"] && malformed.cases.allSatisfy { $0.outcome != .passed })
        // A file that is not there is an error at the scenario's value.
        try FileManager.default.removeItem(atPath: directory.path + "/Atlas.entitlements")
        let path = try directory.write("links.scenario.json", scenario.replacingOccurrences(of: "VERDICT", with: "app"))
        let missing = try #require(ScenarioRunner.runFile(at: path, options: options))
        #expect(
            missing.inputErrors.map { "\($0.code) \($0.location.pointer ?? "")" } == ["file_unreadable /app/entitlements"], "\(missing.inputErrors)")
    }
}
