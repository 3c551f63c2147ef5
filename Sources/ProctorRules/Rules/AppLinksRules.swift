import Foundation
import ProctorCore
import ProctorEngine
import ProctorPayloads
import ProctorWeb

// Rules on App Links tags (al:ios:*, al:iphone:*, al:ipad:*), the deep-link markup WWDC15
// session 709 calls "Facebook app links" (docs/links.md, "Web pages").

private let page = examplePageName

/// App Links tags for iOS give the deep link the standard requires, and read as App Links.
struct AppLinksIOSRule: Rule {
    /// The App Links device types that are iOS: one app for both, or one each.
    static let devices = ["ios", "iphone", "ipad"]
    static let fields = ["url", "app_store_id", "app_name"]

    static let description = RuleDescription(
        id: "app_links_ios",
        name: "App Links Tags Give The iOS Deep Link",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "App Links tags for iOS (al:ios:*, al:iphone:*, al:ipad:*) include the required url, a URL whose scheme has no underscore, a numeric app_store_id, and no tag the standard does not define.",
        rationale: """
            Apple reads App Links ("Facebook app links") as deep-link markup besides Smart App \
            Banners (WWDC15 session 709). The App Links metadata reference defines, for each iOS \
            device type (ios, iphone, ipad), url: a custom-scheme URL that opens the app, required, \
            whose scheme may not contain an underscore; app_store_id: the app's App Store ID; and \
            app_name: the app's name for display. Tags for a device without its url give no deep \
            link at all; an App Store ID that is not a number names no app; and a tag the \
            reference does not define (al:ios:app_id) is read as no tag. A warning: the \
            reference marks url required within its tags, but the markup itself is optional, and \
            a mistake costs the deep link, not the page, as with Open Graph's required tags.
            """,
        sources: [
            "App Links metadata reference (applinks.org; Meta for Developers, App Links): iOS, iPhone and iPad tags [H]",
            "WWDC15 session 709: Facebook app links as deep-link markup (seed 002) [M]",
        ],
        passing: [
            RuleExample(
                examplePage(
                    head: """
                        <meta property="al:ios:url" content="slicefinder://places/sf-0412">
                        <meta property="al:ios:app_store_id" content="1234567890">
                        <meta property="al:ios:app_name" content="Slice Finder">
                        """), named: page)
        ],
        failing: [
            RuleExample(
                examplePage(
                    head: """
                        <meta property="al:ios:app_store_id" content="1234567890">
                        <meta property="al:ios:app_name" content="Slice Finder">
                        """), named: page, at: ["/html/head/meta[@property='al:ios:app_store_id']"]),
            RuleExample(
                examplePage(
                    head: """
                        <meta property="al:iphone:url" content="slice_finder://places/sf-0412">
                        <meta property="al:iphone:app_id" content="1234567890">
                        """), named: page, at: ["/html/head/meta[@property='al:iphone:url']", "/html/head/meta[@property='al:iphone:app_id']"]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        func report(_ message: String, _ tag: WebPage.Meta) {
            violations.append(Violation(message, at: file.location(of: tag.element)))
        }
        for device in Self.devices {
            let prefix = "al:\(device):"
            let tags = file.page.metas.filter { $0.key.hasPrefix(prefix) }
            guard let first = tags.first else { continue }
            let known = Self.fields.map { prefix + $0 }
            if !tags.contains(where: { $0.key == prefix + "url" && !($0.content ?? "").trimmingCharacters(in: .whitespaces).isEmpty }) {
                report(
                    "the page has \(prefix)* tags but no \(prefix)url, the deep link App Links requires, so no app can open the page's content from them",
                    first)
            }
            for tag in tags {
                let content = (tag.content ?? "").trimmingCharacters(in: .whitespaces)
                switch String(tag.key.dropFirst(prefix.count)) {
                case "url":
                    if let scheme = MarkupURL.scheme(of: content) {
                        if scheme.contains("_") {
                            report(
                                "\(tag.key) is '\(content)', whose scheme '\(scheme)' has an underscore, which App Links does not allow in a scheme",
                                tag)
                        }
                    } else if !content.isEmpty {
                        report("\(tag.key) is '\(content)', which is not a URL with a scheme, so nothing can open it", tag)
                    }
                case "app_store_id":
                    if !MarkupURL.isAppStoreID(content) {
                        report("\(tag.key) is '\(content)', which is not the app's numeric App Store ID", tag)
                    }
                case "app_name":
                    break
                default:
                    report("'\(tag.key)' is not an App Links tag, so it is read as no tag\(Suggestion.phrase(for: tag.key, among: known))", tag)
                }
            }
        }
        return violations
    }
}
