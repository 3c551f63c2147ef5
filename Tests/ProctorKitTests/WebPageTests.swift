import Foundation
import Testing

@testable import ProctorWeb

/// The web page reader: what it extracts, and that hostile pages end quickly.
@Suite("Web pages")
struct WebPageTests {
    @Test func metaLinksAndStructuredDataWithTheirLines() throws {
        let html = """
            <!DOCTYPE html>
            <html><head>
            <meta name="apple-itunes-app" content="app-id=1">
            <meta property="og:title" content="T">
            <link rel="canonical" href="https://example.com/a">
            <script type="application/ld+json">{"@type": "Thing"}</script>
            </head><body></body></html>
            """
        let page = try WebPageReader.read(Array(html.utf8), path: "p.html").get()
        #expect(page.metas.map { "\($0.key) \($0.line) \($0.path)" } == [
            "apple-itunes-app 3 /html/head/meta[@name='apple-itunes-app']", "og:title 4 /html/head/meta[@property='og:title']",
        ])
        #expect(page.links.map { "\($0.rel) \($0.href ?? "") \($0.line)" } == ["canonical https://example.com/a 5"])
        #expect(page.structuredData.map(\.text) == [#"{"@type": "Thing"}"#])
    }

    @Test func brokenMarkupIsRecoveredAndAnEmptyPageIsAnInputError() throws {
        let broken = try WebPageReader.read(Array("<html><head><meta name=x content='y'><title>unclosed".utf8), path: "b.html").get()
        #expect(broken.meta("x")?.content == "y")
        guard case .failure(let error) = WebPageReader.read([], path: "e.html") else {
            Issue.record("an empty page was read")
            return
        }
        #expect(error.code == WebPageReader.notHTML && error.location.line == 1)
    }

    @Test func nestingPastTheParsersLimitIsReportedWhereItStopped() throws {
        let shallow = "<html><body>\n" + String(repeating: "<div>", count: 200) + "\n<meta name=x content=y></body></html>"
        #expect(try WebPageReader.read(Array(shallow.utf8), path: "s.html").get().unreadFromLine == nil)
        let deep = "<html><head><meta name=before content=1></head><body>\n\n" + String(repeating: "<div>", count: 300) + "\n<meta name=after content=2></body></html>"
        let page = try WebPageReader.read(Array(deep.utf8), path: "d.html").get()
        #expect(page.unreadFromLine == 3)
        // What came before the limit is still read; what came after is not.
        #expect(page.meta("before") != nil && page.meta("after") == nil)
    }

    @Test("A million nested elements, and 16 MB of tags, parse in bounded time")
    func hostilePagesEndQuickly() throws {
        let start = Date()
        let nested = Array(String(repeating: "<div>", count: 1_000_000).utf8)
        _ = WebPageReader.read(nested, path: "nested.html")
        let many = Array(String(repeating: "<meta name=a content=b>", count: 700_000).utf8)
        let page = try WebPageReader.read(many, path: "many.html").get()
        #expect(page.metas.count == 700_000)
        // libxml2 stops nesting at 256 levels: 0.01 s measured for the first; gumbo took 104 s
        // for a tenth of it (Package.swift says why libxml2).
        #expect(Date().timeIntervalSince(start) < 30)
    }
}
