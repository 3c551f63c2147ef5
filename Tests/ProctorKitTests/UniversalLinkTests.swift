import Foundation
import Testing

@testable import ProctorLinks

/// The pieces behind `proctor links check` that the link vectors do not reach: URL splitting,
/// pattern cost, and the reader's located problems.
@Suite("Universal links")
struct UniversalLinkTests {
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

    @Test func theReaderLocatesWhatIsWrong() {
        let text = #"""
            {"applinks": {"details": {"ABCDE12345.com.example.app": {"paths": ["*"]}}},
             "webcredentials": {"apps": "ABCDE12345.com.example.app"},
             "appclip": {"apps": []}}
            """#
        let read = SiteAssociationReader.read(Array(text.utf8), path: "aasa")
        let found = read.diagnostics.map { "\($0.code) \($0.location.pointer ?? "")" }.sorted()
        #expect(found == ["aasa_invalid_value /applinks/details", "aasa_type_mismatch /webcredentials/apps", "aasa_unknown_key /appclip"], "\(found)")
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
