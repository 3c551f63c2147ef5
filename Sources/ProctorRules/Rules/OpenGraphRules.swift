import Foundation
import ProctorCore
import ProctorEngine
import ProctorPayloads
import ProctorWeb

// Rules on the link-preview markup a page gives besides the Smart App Banner: Open Graph and
// Twitter card tags (docs/links.md, "Web pages"). Applebot reads both (WWDC15 session 709).

private let page = examplePageName
private let openGraph = """
    <meta property="og:title" content="Golden Crust Pizzeria">
    <meta property="og:type" content="restaurant.restaurant">
    <meta property="og:url" content="https://slicefinder.example.com/places/sf-0412">
    """

/// A page that uses Open Graph gives the protocol's required properties, with absolute URLs.
struct OpenGraphBasicsRule: Rule {
    /// The Open Graph protocol's Basic Metadata: "The four required properties for every page".
    static let required = ["og:title", "og:type", "og:image", "og:url"]
    /// Properties whose type is URL in the protocol.
    static let urlProperties = [
        "og:url", "og:image", "og:image:url", "og:image:secure_url", "og:audio", "og:audio:url", "og:audio:secure_url", "og:video",
        "og:video:url", "og:video:secure_url",
    ]

    static let description = RuleDescription(
        id: "open_graph_basics",
        name: "Open Graph Gives Its Required Properties",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A page with Open Graph tags gives og:title, og:type, og:image and og:url, and every Open Graph URL is an absolute http or https URL.",
        rationale: """
            Applebot reads Open Graph to give a search result "an image, an audio, or even a video \
            file", and shows the og:image with the result (WWDC15 session 709); link previews read \
            the same tags. The Open Graph protocol names four required properties for every page: \
            og:title, og:type, og:image and og:url, and types og:url, og:image, og:audio and \
            og:video as URLs. A reader of the tag has no base to resolve a relative path against, \
            so Proctor asks for absolute http or https URLs (the protocol's own examples are \
            absolute; it does not say how a relative one is read), and an https one for each \
            secure_url. A warning: Open Graph is optional markup, and a page without it is not \
            judged.
            """,
        sources: [
            "The Open Graph protocol (ogp.me): Basic Metadata, the four required properties; property types [H]",
            "WWDC15 session 709: Open Graph image, audio or video with a result (seed 002) [M]",
            "Assumption: a relative URL in a tag is not fetched [L]",
        ],
        passing: [
            RuleExample(
                examplePage(head: openGraph + "\n" + #"<meta property="og:image" content="https://slicefinder.example.com/images/sf-0412.jpg">"#),
                named: page),
            RuleExample(examplePage(head: #"<meta name="description" content="No Open Graph here, so nothing to judge.">"#), named: page),
        ],
        failing: [
            RuleExample(examplePage(head: openGraph), named: page, at: ["/html/head/meta[@property='og:title']"]),
            RuleExample(
                examplePage(head: openGraph + "\n" + #"<meta property="og:image" content="/images/sf-0412.jpg">"#), named: page,
                at: ["/html/head/meta[@property='og:image']"]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        let tags = file.page.metas.filter { $0.key.hasPrefix("og:") }
        guard let first = tags.first else { return [] }
        var violations: [Violation] = []
        // og:image:url is og:image by another name (ogp.me, "Structured Properties").
        let given = Set(
            tags.filter { !($0.content ?? "").trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.key == "og:image:url" ? "og:image" : $0.key })
        let missing = Self.required.filter { !given.contains($0) }
        if !missing.isEmpty {
            violations.append(
                Violation(
                    "the page uses Open Graph but gives no \(Suggestion.list(missing)); the protocol requires og:title, og:type, og:image and og:url on every page, and Applebot shows og:image with the search result",
                    at: file.location(of: first.element)))
        }
        for tag in tags where Self.urlProperties.contains(tag.key) {
            let content = (tag.content ?? "").trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty else { continue }
            if !MarkupURL.isAbsoluteWeb(content) {
                violations.append(
                    Violation(
                        "\(tag.key) is '\(content)', which is not an absolute http or https URL; readers of the tag have no page address to resolve it against",
                        at: file.location(of: tag.element)))
            } else if tag.key.hasSuffix(":secure_url"), MarkupURL.scheme(of: content) != "https" {
                violations.append(
                    Violation(
                        "\(tag.key) is '\(content)', which is not an https URL; secure_url is the address to use when the page requires HTTPS",
                        at: file.location(of: tag.element)))
            }
        }
        return violations
    }
}

/// Twitter card tags name a card type the reader knows, absolute image URLs and, for the app
/// card, numeric App Store IDs and deep links with a scheme.
struct TwitterCardRule: Rule {
    static let cardTypes = ["summary", "summary_large_image", "app", "player"]
    static let appTags =
        ["name", "id", "url"].flatMap { field in ["iphone", "ipad", "googleplay"].map { "twitter:app:\(field):\($0)" } } + ["twitter:app:country"]

    static let description = RuleDescription(
        id: "twitter_card",
        name: "Twitter Card Tags Are Well Formed",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "Twitter card tags name a known card type in twitter:card, give absolute image URLs, and give the app card's App Store IDs as numbers and its deep links as URLs.",
        rationale: """
            Apple reads Twitter cards as deep-link markup besides Smart App Banners (WWDC15 session \
            709). The card markup reference says twitter:card, the card type, is used with all \
            cards, and names four: summary, summary_large_image, app and player; twitter:image is \
            the URL of the card's image; the app card gives each store's app name \
            (twitter:app:name:iphone), ID (twitter:app:id:iphone, the App Store ID, a number) and \
            deep link (twitter:app:url:iphone, a URL the app opens). Proctor reports a missing or \
            unknown card type, an image that is not an absolute http or https URL, a non-numeric \
            iPhone or iPad app ID, a deep link without a scheme, and a twitter:app tag the \
            reference does not name (a typo such as twitter:app:link:iphone is read as no tag).
            """,
        sources: [
            "X (Twitter) developer documentation, Cards markup tag reference; App card [H]",
            "WWDC15 session 709: Twitter cards as deep-link markup (seed 002) [M]",
        ],
        passing: [
            RuleExample(
                examplePage(
                    head: """
                        <meta name="twitter:card" content="summary_large_image">
                        <meta name="twitter:image" content="https://slicefinder.example.com/images/sf-0412.jpg">
                        <meta name="twitter:app:id:iphone" content="1234567890">
                        <meta name="twitter:app:url:iphone" content="https://slicefinder.example.com/places/sf-0412">
                        """), named: page)
        ],
        failing: [
            RuleExample(
                examplePage(
                    head: """
                        <meta name="twitter:card" content="summary-large-image">
                        <meta name="twitter:image" content="images/sf-0412.jpg">
                        """), named: page, at: ["/html/head/meta[@name='twitter:card']", "/html/head/meta[@name='twitter:image']"]),
            RuleExample(
                examplePage(
                    head: """
                        <meta name="twitter:card" content="app">
                        <meta name="twitter:app:id:iphone" content="slicefinder">
                        <meta name="twitter:app:link:iphone" content="slicefinder://places/sf-0412">
                        """), named: page, at: ["/html/head/meta[@name='twitter:app:id:iphone']", "/html/head/meta[@name='twitter:app:link:iphone']"]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        let tags = file.page.metas.filter { $0.key.hasPrefix("twitter:") }
        guard let first = tags.first else { return [] }
        var violations: [Violation] = []
        func report(_ message: String, _ tag: WebPage.Meta) {
            violations.append(Violation(message, at: file.location(of: tag.element)))
        }
        if !tags.contains(where: { $0.key == "twitter:card" }) {
            report(
                "the page has Twitter card tags but no twitter:card, the card type every card is read by; write one of \(Suggestion.list(Self.cardTypes))",
                first)
        }
        for tag in tags {
            let content = (tag.content ?? "").trimmingCharacters(in: .whitespaces)
            switch tag.key {
            case "twitter:card":
                if !Self.cardTypes.contains(content) {
                    report(
                        "twitter:card is '\(content)', which is not a card type (\(Suggestion.list(Self.cardTypes)))\(Suggestion.phrase(for: content, among: Self.cardTypes))",
                        tag)
                }
            case "twitter:image", "twitter:image:src":
                if !MarkupURL.isAbsoluteWeb(content) {
                    report(
                        "\(tag.key) is '\(content)', which is not an absolute http or https URL; the card's reader has no page address to resolve it against",
                        tag)
                }
            case "twitter:app:id:iphone", "twitter:app:id:ipad":
                if !MarkupURL.isAppStoreID(content) {
                    report("\(tag.key) is '\(content)', which is not the app's numeric App Store ID", tag)
                }
            case "twitter:app:url:iphone", "twitter:app:url:ipad":
                if MarkupURL.scheme(of: content) == nil {
                    report("\(tag.key) is '\(content)', which is not a URL with a scheme, so nothing can open it", tag)
                }
            case let key where key.hasPrefix("twitter:app:") && !Self.appTags.contains(key):
                report("'\(tag.key)' is not a Twitter app card tag, so it is read as no tag\(Suggestion.phrase(for: key, among: Self.appTags))", tag)
            default:
                break
            }
        }
        return violations
    }
}
