import Foundation
import ProctorJSON
import Testing

@testable import ProctorInputs
@testable import ProctorPayloads
@testable import ProctorRules
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
        #expect(
            page.metas.map { "\($0.key) \($0.line) \($0.path)" } == [
                "apple-itunes-app 3 /html/head/meta[@name='apple-itunes-app']", "og:title 4 /html/head/meta[@property='og:title']",
            ])
        #expect(page.links.map { "\($0.rel) \($0.href ?? "") \($0.line)" } == ["canonical https://example.com/a 5"])
        #expect(page.structuredData.map(\.text) == [#"{"@type": "Thing"}"#])
    }

    @Test func jsonLDValuesHaveTheirLineColumnAndPointerInThePage() throws {
        let html = """
            <!DOCTYPE html>
            <html><head><script type="text/javascript">var a = "<script>";</script>
            <script
              type="application/ld+json">{"@context": "https://schema.org", "@graph": [
              {"@type": "schema:Restaurant", "name": "Golden Crust",
               "aggregateRating": {"ratingValue": 4.6, "reviewCount": "12"}},
              {"@type": ["Organization"], "telephone": ["+1-415-555-0142", {"@value": "+1-415-555-0143"}]}]}</script>
            </head><body></body></html>
            """
        let page = try WebPageReader.read(Array(html.utf8), path: "p.html").get()
        // libxml2 gives the line where the start tag ends, on which the text starts.
        #expect(page.structuredData.map(\.line) == [4])
        #expect(page.structuredData.map(\.offset) == [Array(html.utf8).firstIndex(of: UInt8(ascii: "{"))])
        #expect(page.schemaItems.map(\.types) == [["Restaurant"], ["Organization"]])
        let rating = try #require(page.schemaItems.first?.value("aggregateRating")?.item)
        #expect(rating.property == "aggregateRating" && rating.isA(["AggregateRating"], orValueOf: ["aggregateRating"]))
        let value = try #require(rating.value("ratingValue"))
        #expect(value.text == "4.6")
        #expect(value.place.line == 6 && value.place.column == 39)
        #expect(value.place.path == "/html/head/script[@type='application/ld+json'][1]/@graph/0/aggregateRating/ratingValue")
        let phones = page.schemaItems[1].values("telephone")
        #expect(phones.compactMap(\.text) == ["+1-415-555-0142", "+1-415-555-0143"])
        #expect(phones.map(\.place.path).last == "/html/head/script[@type='application/ld+json'][1]/@graph/1/telephone/1/@value")
        #expect(page.schemaItems[0].withNestedItems.count == 2)
    }

    @Test func microdataItemsHaveTheirPropertiesValuesAndPlaces() throws {
        let html = """
            <!DOCTYPE html>
            <html><body>
            <div itemscope itemtype="https://schema.org/Restaurant" itemid="#sf-0412">
              <h1 itemprop="name">Golden <b>Crust</b></h1>
              <a itemprop="url" href="https://slicefinder.example.com/places/sf-0412">page</a>
              <div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress">
                <span itemprop="streetAddress">2450 Mission St</span>
              </div>
              <span itemprop="priceRange telephone" content="+1-415-555-0142">(415) 555-0142</span>
              <meta itemprop="servesCuisine" content="Pizza"><time itemprop="openingHours" datetime="Mo-Su 11:00-23:00">daily</time>
            </div>
            <p itemprop="name">no item around it</p>
            <div itemscope><span itemprop="https://schema.org/name">untyped</span></div>
            </body></html>
            """
        let page = try WebPageReader.read(Array(html.utf8), path: "p.html").get()
        #expect(page.schemaItems.map(\.types) == [["Restaurant"], []])
        let restaurant = try #require(page.schemaItems.first)
        #expect(restaurant.syntax == .microdata && restaurant.id == "#sf-0412" && restaurant.place.line == 3)
        #expect(restaurant.properties.map(\.name) == ["name", "url", "address", "priceRange", "telephone", "servesCuisine", "openingHours"])
        #expect(
            restaurant.properties.compactMap(\.value.text) == [
                "Golden Crust", "https://slicefinder.example.com/places/sf-0412", "+1-415-555-0142", "+1-415-555-0142", "Pizza", "Mo-Su 11:00-23:00",
            ])
        let address = try #require(restaurant.value("address")?.item)
        #expect(address.types == ["PostalAddress"] && address.property == "address" && address.value("streetAddress")?.text == "2450 Mission St")
        let street = try #require(address.value("streetAddress"))
        #expect(
            street.place.line == 7 && street.place.element?.tagName == "span"
                && street.place.path == "/html/body/div/div/span[@itemprop='streetAddress']")
        #expect(page.schemaItems[1].place.path == "/html/body/div[@itemscope]" && page.schemaItems[1].value("name")?.text == "untyped")
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
        let deep =
            "<html><head><meta name=before content=1></head><body>\n\n" + String(repeating: "<div>", count: 300)
            + "\n<meta name=after content=2></body></html>"
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

    /// Elements are located at their own `<tag`: the rank among their tag on the line for a
    /// minified head, the start of a start tag written over several lines, never a longer tag
    /// that begins with the same letters.
    @Test func elementsAreLocatedAtTheirOwnStartTag() throws {
        let html =
            "<!DOCTYPE html>\n<html><head><abbr></abbr><meta name=a content=1><meta name=b content=2>\n<meta\n  name=c\n  content=3>\n</head></html>\n"
        let bytes = Array(html.utf8)
        let page = try WebPageReader.read(bytes, path: "p.html").get()
        let file = WebPageFile(page: page, path: "p.html", source: SourceText(bytes: bytes))
        let columns = page.metas.map { meta in
            "\(meta.key) \(file.location(of: meta.element).line ?? 0):\(file.location(of: meta.element).column ?? 0)"
        }
        let second = html.split(separator: "\n")[1]
        let a = second.range(of: "<meta name=a")!.lowerBound.utf16Offset(in: second) + 1
        let b = second.range(of: "<meta name=b")!.lowerBound.utf16Offset(in: second) + 1
        #expect(columns == ["a 2:\(a)", "b 2:\(b)", "c 3:1"], "\(columns)")
    }

    /// A JSON-LD node reference is another node's, not an empty item; an item that is the value
    /// of two microdata properties is judged once.
    @Test func referencesAreNotItemsAndSharedItemsAreKeptOnce() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@graph": [{"@type": "Restaurant", "address": {"@id": "https://e.com/#a"}}]}</script></head>
            <body><div itemscope itemtype="https://schema.org/Book"><div itemprop="author creator" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Kim</span></div></div></body></html>
            """
        let page = try WebPageReader.read(Array(html.utf8), path: "p.html").get()
        let restaurant = try #require(page.schemaItems.first { $0.types == ["Restaurant"] })
        #expect(restaurant.value("address")?.reference == "https://e.com/#a" && restaurant.value("address")?.item == nil)
        let book = try #require(page.schemaItems.first { $0.types == ["Book"] })
        #expect(book.withNestedItems.count == 2 && book.properties.map(\.name) == ["author"])
    }

}

/// How the schema.org rules read values: numbers, counts and durations as schema.org writes them.
@Suite("schema.org values")
struct SchemaOrgValueTests {
    private func text(_ text: String) -> SchemaValue { SchemaValue(.text(text), place: MarkupPlace(line: 1, path: "")) }

    @Test func numbersAreDigitsWithAFullStop() {
        #expect(SchemaOrgValue.number(text("4.6")) == 4.6 && SchemaOrgValue.number(text(" -12 ")) == -12)
        for written in ["4,6", "$12", "1,299.00", "4.", ".5", "", "1e3", "٤"] {
            #expect(SchemaOrgValue.number(text(written)) == nil, "\(written)")
        }
        #expect(
            SchemaOrgValue.isCount(text("1204")) && !SchemaOrgValue.isCount(text("1.2k"))
                && !SchemaOrgValue.isCount(SchemaValue(.number(-1), place: MarkupPlace(line: 1, path: ""))))
    }

    @Test func durationsAreISO8601() {
        for valid in ["PT20M", "PT1H30M", "P1DT2H", "P2W", "PT1.5H", "PT0.5S", "P1Y2M3DT4H5M6S"] {
            #expect(SchemaOrgValue.isDuration(valid), "\(valid)")
        }
        for invalid in ["20 minutes", "1:30", "P", "PT", "T20M", "PT20", "PT1.5H30M", "PM1H", "P1H", "PT1M1H"] {
            #expect(!SchemaOrgValue.isDuration(invalid), "\(invalid)")
        }
    }
}
