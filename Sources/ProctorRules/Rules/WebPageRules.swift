import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorWeb

// Rules on web pages (docs/links.md, "Web pages"). Their examples are files named example.html.

private let page = examplePageName
private func html(head: String) -> String { examplePage(head: head) }

/// The name of every web page example: its extension says which input reads it.
let examplePageName = "example.html"

/// An example page: a title, the markup under test in its head, and a body.
func examplePage(head: String, body: String = "<h1>Golden Crust Pizzeria</h1>") -> String {
    "<!DOCTYPE html>\n<html>\n<head>\n<title>Golden Crust Pizzeria</title>\n\(head)\n</head>\n<body>\(body)</body>\n</html>\n"
}

/// What the markup rules ask of a URL written in a tag.
enum MarkupURL {
    /// An absolute http or https URL with a host: what a crawler that reads the tag alone (a link
    /// preview, Applebot) can fetch without the page's address to resolve it against.
    static func isAbsoluteWeb(_ text: String) -> Bool {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && !(url.host ?? "").isEmpty
    }

    /// The URL's scheme, lower-cased, when the text starts with one: a letter, then letters,
    /// digits, "+", "-" or "." (RFC 3986), and "_", which Foundation refuses but App Links
    /// reports by name, up to the first ":".
    static func scheme(of text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let scheme = trimmed[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-._".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// An App Store ID: the digits in the app's App Store URL.
    static func isAppStoreID(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// The Smart App Banner tag says which app, in the form Safari reads.
struct SmartAppBannerRule: Rule {
    static let parameters = ["app-id", "app-argument", "affiliate-data", "app-clip-bundle-id", "app-clip-display"]

    static let description = RuleDescription(
        id: "smart_app_banner",
        name: "Smart App Banner Names The App",
        category: .links,
        defaultSeverity: .error,
        summary: "A <meta name=\"apple-itunes-app\"> tag must give a numeric app-id, and an app-argument, when given, must be an absolute URL.",
        rationale: """
            Safari shows a Smart App Banner for the app whose App Store ID the page's \
            apple-itunes-app meta tag gives: "content" holds comma-separated parameters, of which \
            app-id is required (the number in the app's App Store URL) and app-argument is the URL \
            the app receives when the banner opens it (in application(_:open:options:)), so that \
            the app shows what the page shows. A missing or non-numeric app-id shows no banner; an \
            app-argument that is not an absolute URL gives the app nothing it can route. Proctor \
            also reports a parameter Apple does not document (a typo such as app_id).
            """,
        sources: [
            "Apple, Promoting Apps with Smart App Banners (Safari web content guide; WebKit documentation) [H]",
            "WWDC15 session 709: Smart App Banners for App Search (seed 002) [M]",
        ],
        passing: [
            RuleExample(
                html(
                    head: #"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=https://slicefinder.example.com/places/sf-0412">"#),
                named: page)
        ],
        failing: [
            RuleExample(
                html(head: #"<meta name="apple-itunes-app" content="app-id=slicefinder, app-argument=places/sf-0412">"#), named: page,
                at: ["/html/head/meta[@name='apple-itunes-app']"]),
            RuleExample(
                html(head: #"<meta name="apple-itunes-app" content="app_id=1234567890">"#), named: page,
                at: ["/html/head/meta[@name='apple-itunes-app']"]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        file.page.metas.filter { $0.key == "apple-itunes-app" }.compactMap { meta in
            let problems = Self.problems(in: meta.content ?? "")
            guard !problems.isEmpty else { return nil }
            return Violation(
                "the Smart App Banner tag \(problems.joined(separator: "; ")); write content=\"app-id=<App Store ID>, app-argument=<URL the app opens>\"",
                at: file.location(of: meta.element))
        }
    }

    static func problems(in content: String) -> [String] {
        var problems: [String] = []
        var appID: String?
        for parameter in content.split(separator: ",") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let key = pair.first, !key.isEmpty else { continue }
            let value = pair.count > 1 ? pair[1] : ""
            switch key {
            case "app-id": appID = value
            case "app-argument":
                if let url = URL(string: value), url.scheme != nil, url.host != nil {
                } else {
                    problems.append("has app-argument '\(value)', which is not an absolute URL")
                }
            default:
                if !parameters.contains(key) {
                    problems.append("has '\(key)', which is not a Smart App Banner parameter\(Suggestion.phrase(for: key, among: parameters))")
                }
            }
        }
        if let appID {
            if appID.isEmpty || !appID.allSatisfy(\.isASCII) || !appID.allSatisfy(\.isNumber) {
                problems.insert("has app-id '\(appID)', which is not the app's numeric App Store ID", at: 0)
            }
        } else {
            problems.insert("has no app-id", at: 0)
        }
        return problems
    }
}

/// Structured data is JSON that parses.
struct StructuredDataJSONRule: Rule {
    static let description = RuleDescription(
        id: "structured_data_json",
        name: "Structured Data Is Valid JSON",
        category: .links,
        defaultSeverity: .error,
        summary: "The text of every <script type=\"application/ld+json\"> must be one valid JSON document.",
        rationale: """
            Applebot reads a page's schema.org structured data to show ratings, prices, recipes and \
            actions in search results (WWDC15 session 709). JSON-LD is JSON: a trailing comma, a \
            comment or an unquoted key makes the whole block unreadable, and the page loses its rich \
            result without any visible sign. Proctor parses each block with the same strict JSON \
            layer as every input and reports the first error at its line in the page.
            """,
        sources: [
            "W3C, JSON-LD 1.1: a JSON-LD document is a JSON document [H]", "WWDC15 session 709: structured data for rich results (seed 002) [M]",
        ],
        passing: [
            RuleExample(
                html(
                    head:
                        #"<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Restaurant", "name": "Golden Crust Pizzeria", "telephone": "+1-415-555-0142"}</script>"#
                ),
                named: page)
        ],
        failing: [
            RuleExample(
                html(
                    head:
                        "<script type=\"application/ld+json\">\n{\"@context\": \"https://schema.org\", \"@type\": \"Restaurant\", \"name\": \"Golden Crust Pizzeria\",}\n</script>"
                ),
                named: page, at: ["/html/head/script[@type='application/ld+json'][1]"])
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        file.page.structuredData.compactMap { block in
            guard let error = block.jsonError else { return nil }
            let message = "the structured data is not valid JSON: \(error.message)"
            // Where the reader found the block's text in the page, the error has its own place.
            if let start = block.offset { return Violation(message, at: file.location(ofOffset: start + error.offset, path: block.path)) }
            // Otherwise the error is placed at its script element.
            return Violation(message, at: file.location(of: block.element))
        }
    }
}

/// A deep link a page gives with a custom scheme is one of the app's URL schemes.
struct WebPageDeepLinkSchemeRule: Rule {
    /// The tags whose content is a URL that opens the app: App Links' and Twitter's app card's.
    static let openedByURL = ["al:ios:url", "al:iphone:url", "al:ipad:url", "twitter:app:url:iphone", "twitter:app:url:ipad"]

    static let description = RuleDescription(
        id: "web_page_deep_link_scheme",
        name: "Page Deep Links Use The App's Schemes",
        category: .links,
        defaultSeverity: .error,
        summary:
            "A deep link a page gives (al:ios:url, twitter:app:url:iphone, a Smart App Banner's app-argument) with a custom URL scheme uses a scheme the app declares in CFBundleURLTypes.",
        rationale: """
            iOS opens a custom-scheme URL in the app that declares the scheme (CFBundleURLTypes); \
            a scheme no app declares opens nothing. App Links and Twitter app cards give the page's \
            deep link as such a URL (al:ios:url, twitter:app:url:iphone), and Applebot uses the \
            same markup to open search results in the app (WWDC15 session 709). http and https \
            links are universal links and are not judged. A Smart App Banner opens its app by App \
            Store ID; Proctor assumes a result opens its app-argument by its scheme, and reports \
            an undeclared one as a warning. When one of the page's App Links or app-card links uses \
            the app's scheme, the others are taken as other apps' (App Links lists apps in turn). \
            Judged with --info-plist only.
            """,
        sources: [
            "Apple, Defining a custom URL scheme for your app (CFBundleURLTypes) [H]",
            "App Links metadata reference: al:ios:url, a custom scheme for the iOS app [H]",
            "WWDC15 session 709: deep links in web markup open results in the app (seed 002) [M]",
            "Assumption: a search result opens a Smart App Banner's app-argument by its scheme [L]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(
                html(
                    head:
                        #"<meta property="al:ios:url" content="slicefinderpro://places/sf-0412"><meta property="al:ios:app_name" content="Slice Finder Pro">"#
                        + "\n"
                        + #"<meta property="al:ios:url" content="slicefinder://places/sf-0412"><meta property="al:ios:app_name" content="Slice Finder">"#
                ),
                named: page, infoPlist: #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["slicefinder"]}]}"#),
            RuleExample(
                html(head: #"<meta property="al:ios:url" content="slicefinder://places/sf-0412">"#), named: page,
                infoPlist: #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["slicefinder"]}]}"#),
            RuleExample(
                html(
                    head: #"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=https://slicefinder.example.com/places/sf-0412">"#),
                named: page, infoPlist: #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["slicefinder"]}]}"#),
        ],
        failing: [
            RuleExample(
                html(head: #"<meta property="al:ios:url" content="slice-finder://places/sf-0412">"#), named: page,
                infoPlist: #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["slicefinder"]}]}"#, at: ["/html/head/meta[@property='al:ios:url']"]),
            RuleExample(
                html(head: #"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=goldencrust://places/sf-0412">"#), named: page,
                infoPlist: #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["slicefinder"]}]}"#, at: ["/html/head/meta[@name='apple-itunes-app']"],
                severity: .warning),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        let declared = Set((context.appInfo?.urlSchemes ?? []).map { $0.lowercased() })
        let list = declared.isEmpty ? "declares none" : "declares \(Suggestion.list(declared.sorted()))"
        var violations: [Violation] = []
        let givesTheAppsLink = file.page.metas.contains { meta in
            Self.openedByURL.contains(meta.key)
                && MarkupURL.scheme(of: (meta.content ?? "").trimmingCharacters(in: .whitespaces)).map(declared.contains) == true
        }
        for meta in file.page.metas {
            let link: String
            let isBanner = meta.key == "apple-itunes-app"
            if isBanner {
                guard let argument = Self.appArgument(in: meta.content ?? "") else { continue }
                link = argument
            } else if Self.openedByURL.contains(meta.key) {
                link = (meta.content ?? "").trimmingCharacters(in: .whitespaces)
            } else {
                continue
            }
            guard let scheme = MarkupURL.scheme(of: link), scheme != "http", scheme != "https", !declared.contains(scheme) else { continue }
            // App Links and app cards may list several apps in turn (a free and a paid one):
            // when one of the page's deep links is the app's, the others are other apps' links.
            if !isBanner && givesTheAppsLink { continue }
            let location = file.location(of: meta.element)
            if isBanner {
                var violation = Violation(
                    "the Smart App Banner's app-argument '\(link)' has the scheme '\(scheme)', but the app's CFBundleURLTypes \(list); the banner opens the app by its App Store ID, but a search result that opens it by its scheme opens nothing (an assumption: Apple does not say how results open it)",
                    at: location)
                violation.assumedSeverity = .warning
                violations.append(violation)
            } else {
                violations.append(
                    Violation(
                        "\(meta.key) is '\(link)', whose scheme '\(scheme)' the app does not declare (its CFBundleURLTypes \(list)), so iOS opens nothing when another app or a search result follows it",
                        at: location))
            }
        }
        return violations
    }

    /// The app-argument parameter of a Smart App Banner's content, when it has one.
    static func appArgument(in content: String) -> String? {
        for parameter in content.split(separator: ",") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 && pair[0] == "app-argument" { return pair[1] }
        }
        return nil
    }
}
