import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorLinks
import ProctorPayloads

// Rules on the Associated Domains entitlement and on what it, the sites' association files and
// the web pages say together (docs/links.md). Examples whose run spans files name each file: an
// association file's folder is the domain that serves it.

private let entitlementsDoc = "Apple, Bundle Resources, Associated Domains Entitlement"
private let supportingDoc = "Apple, Supporting associated domains"
private let entitlementsFile = "App.entitlements"
private let siteFile = "example.com/.well-known/apple-app-site-association"
private let associationFile = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/places/*"}]}]}}"#

private func entitlements(_ entries: [String]) -> String {
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

/// Every Associated Domains entry is `<service>:<fully qualified domain>[?mode=…]`.
struct AssociatedDomainEntryRule: Rule {
    static let description = RuleDescription(
        id: "associated_domain_entry",
        name: "Associated Domain Entry Is Well Formed",
        category: .links,
        defaultSeverity: .error,
        summary: "Each com.apple.developer.associated-domains entry must be <service>:<fully qualified domain>, optionally with *. and ?mode=.",
        rationale: """
            Each entry of the Associated Domains entitlement is "<service>:<fully qualified \
            domain>", the service applinks, webcredentials, activitycontinuation or appclips; a \
            wildcard "*." before the domain covers its subdomains (not for App Clips), and \
            "?mode=developer", "managed" or "developer+managed" selects an alternate mode. iOS \
            reads no association file for an entry written otherwise (a URL with its scheme, a \
            path, a port, white space, a non-ASCII domain not in Punycode, a misspelt service), so \
            the domain's universal links, shared credentials and App Clips silently do not work.
            """,
        sources: [entitlementsDoc + " [H]", supportingDoc + " [H]", "Apple, TN3155: Debugging universal links [H]"],
        passing: [
            RuleExample(
                entitlements([
                    "applinks:example.com", "applinks:*.example.com", "webcredentials:example.com?mode=developer", "appclips:clip.example.com",
                ]),
                named: entitlementsFile)
        ],
        failing: [
            RuleExample(
                entitlements(["applinks:https://example.com", "applinks:example.com/places", "applink:example.com", "appclips:*.example.com"]),
                named: entitlementsFile,
                at: [
                    "/com.apple.developer.associated-domains/0", "/com.apple.developer.associated-domains/1",
                    "/com.apple.developer.associated-domains/2", "/com.apple.developer.associated-domains/3",
                ])
        ])

    func check(_ file: EntitlementsFile, in context: RuleContext) -> [Violation] {
        file.invalidEntries.map { entry in
            Violation("\(entry.reason), so iOS reads no association file for it", at: JSONPointer(parsing: entry.location.pointer ?? "") ?? .root)
        }
    }
}

/// Each entitled domain has its association file among the inputs.
struct AssociatedDomainSiteFileRule: Rule {
    static let description = RuleDescription(
        id: "associated_domain_site_file",
        name: "Entitled Domain Has Its Association File",
        category: .links,
        defaultSeverity: .warning,
        summary: "When association files are given, each domain the entitlements list must have one, with a section for the entry's service.",
        rationale: """
            iOS opens a domain's links in the app, shares its credentials or continues its \
            activities only after it has read the domain's apple-app-site-association file and \
            found the app there, in the section of the entry's service (applinks, webcredentials, \
            activitycontinuation, appclips). A wildcard entry, *.example.com, is matched with the \
            file of example.com (TN3155). Proctor can only see the files it is given: when the run \
            has association files but none for an entitled domain, the domain's file may be \
            missing from the site or from the inputs, so this is a warning; a file that is given \
            but has no section for the service is certain to fail, and is reported the same way.
            """,
        sources: [supportingDoc + " [H]", entitlementsDoc + " [H]", "Apple, TN3155: Debugging universal links [H]"],
        passing: [
            RuleExample(
                entitlements(["applinks:example.com", "applinks:*.example.com"]), named: entitlementsFile, besides: [.init(siteFile, associationFile)]
            )
        ],
        failing: [
            RuleExample(
                entitlements(["applinks:example.com", "applinks:shop.example.net", "webcredentials:example.com"]), named: entitlementsFile,
                besides: [.init(siteFile, associationFile)],
                at: ["/com.apple.developer.associated-domains/1", "/com.apple.developer.associated-domains/2"])
        ])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        let sites = facts.sites.filter { $0.domain != nil }
        guard !sites.isEmpty else { return [] }
        var violations: [Violation] = []
        for file in facts.entitlements {
            for entry in file.domains {
                let shown = (entry.isWildcard ? "*." : "") + entry.domain
                guard let site = sites.first(where: { $0.domain == entry.domain }) else {
                    violations.append(
                        Violation(
                            "no association file for '\(entry.domain)' is among the inputs, so nothing shows that the domain lets the app use \(entry.service.rawValue):\(shown); give it with --aasa \(entry.domain)=PATH, or put it in a folder named \(entry.domain)",
                            at: .location(entry.location)))
                    continue
                }
                if !Self.has(entry.service, in: site.association) {
                    violations.append(
                        Violation(
                            "the association file for '\(entry.domain)' (\(site.path)) has no '\(entry.service.rawValue)' section, so iOS ignores \(entry.service.rawValue):\(shown) for the app",
                            at: .location(entry.location)))
                }
            }
        }
        return violations
    }

    private static func has(_ service: AssociatedDomain.Service, in association: SiteAssociation) -> Bool {
        switch service {
        case .applinks: association.applinks != nil
        case .webcredentials: association.webcredentials != nil
        case .activitycontinuation: association.activitycontinuation != nil
        case .appclips: association.appclips != nil
        }
    }
}

/// A site that lets the app open its links is in the app's entitlements.
struct SiteAssociationDomainEntitledRule: Rule {
    static let description = RuleDescription(
        id: "aasa_domain_entitled",
        name: "Association File's Domain Is Entitled",
        category: .links,
        defaultSeverity: .error,
        summary: "When the app's entitlements are given, the domain of each association file that names the app must be among its applinks entries.",
        rationale: """
            An association file is only half of a universal link: "the apps in the \
            apple-app-site-association file on your website must have a matching Associated \
            Domains Entitlement". iOS downloads the file only for the domains the app's \
            entitlement lists (applinks:<domain>, or a wildcard covering it), so a domain whose \
            file names the app but that the entitlement leaves out opens every link in Safari. \
            Proctor judges the files that name the app under test (all files when the app is \
            unknown) and whose domain it knows (--aasa, or the folder the file is in).
            """,
        sources: [supportingDoc + " [H]", entitlementsDoc + " [H]"],
        passing: [
            RuleExample(
                associationFile, named: siteFile,
                besides: [.init(entitlementsFile, entitlements(["applinks:*.example.com", "applinks:example.com"]))])
        ],
        failing: [
            RuleExample(
                associationFile, named: siteFile,
                besides: [
                    .init(entitlementsFile, entitlements(["applinks:www.example.com"])),
                    .init("www.example.com/.well-known/apple-app-site-association", associationFile),
                ],
                at: [""])
        ])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        guard !facts.entitlements.isEmpty else { return [] }
        let applinks = facts.entitlements.flatMap(\.domains).filter { $0.service == .applinks }
        let paths = facts.entitlements.map(\.path).joined(separator: ", ")
        return facts.sites.compactMap { site in
            guard let domain = site.domain, let details = site.association.applinks?.details, !details.isEmpty,
                Self.namesApp(details, context.appInfo?.applicationIdentifier, context.appInfo?.bundleIdentifier),
                !applinks.contains(where: { $0.covers(domain) })
            else { return nil }
            return Violation(
                "the file lets the app open links of '\(domain)', but the entitlements (\(paths)) have no applinks:\(domain) and no wildcard that covers it, so iOS never reads the file for the app and its links open in Safari",
                at: .location(site.location))
        }
    }

    /// Whether some entry names the app: by app ID, else by bundle identifier, else any app.
    private static func namesApp(_ details: [Details], _ appID: String?, _ bundle: String?) -> Bool {
        let named = details.flatMap(\.appIDs)
        if let appID { return named.contains(appID) }
        if let bundle { return named.contains { $0.split(separator: ".", maxSplits: 1).last.map(String.init) == bundle } }
        return true
    }
}

/// A page the app opens by universal link also says so in its markup.
struct WebPageDeepLinkRule: Rule {
    /// The markup that gives a page's deep link: the Smart App Banner's app-argument, App Links'
    /// al:ios:url and Twitter's app card URLs.
    static let deepLinkKeys = ["al:ios:url", "twitter:app:url:iphone", "twitter:app:url:ipad"]

    static let description = RuleDescription(
        id: "web_page_deep_link",
        name: "Claimed Page Gives Its Deep Link",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A page whose URL the run's association files let the app open should give its deep link in markup: a Smart App Banner app-argument, al:ios:url or twitter:app:url:iphone.",
        rationale: """
            "If using Universal Links we'll still need to know about your deep links via your web \
            markup, so you want to use Smart App Banners or an alternative supported standard. \
            This also ensures that if a user doesn't have the app installed they're still able to \
            go discover your app" (WWDC15 session 709). Applebot learns which app content a page \
            stands for from that markup, not from the association file. Proctor judges pages that \
            state their URL (<link rel="canonical">, else og:url) when that URL opens the app by \
            the run's association files and entitlements, as proctor links check would say.
            """,
        sources: [
            "WWDC15 session 709: universal links still need deep-link markup (seed 002) [M]", "Apple, Promoting Apps with Smart App Banners [H]",
        ],
        passing: [
            RuleExample(
                page(#"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=https://example.com/places/sf-0412">"#),
                named: "places/sf-0412.html",
                besides: [.init(siteFile, associationFile)]),
            RuleExample(
                page(#"<meta property="al:ios:url" content="https://example.com/places/sf-0412">"#), named: "places/sf-0412.html",
                besides: [.init(siteFile, associationFile)]),
        ],
        failing: [
            RuleExample(
                page(#"<meta name="apple-itunes-app" content="app-id=1234567890">"#), named: "places/sf-0412.html",
                besides: [.init(siteFile, associationFile)], at: ["/html/head/link[@rel='canonical']"])
        ])

    private static func page(_ markup: String) -> String {
        "<!DOCTYPE html>\n<html>\n<head>\n<title>Golden Crust Pizzeria</title>\n<link rel=\"canonical\" href=\"https://example.com/places/sf-0412\">\n\(markup)\n</head>\n<body><h1>Golden Crust Pizzeria</h1></body>\n</html>\n"
    }

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        guard !facts.pages.isEmpty else { return [] }
        let sites = facts.sites.compactMap { site in
            site.domain.map { UniversalLinkMatcher.Site(domain: $0, association: site.association, file: site.path, byteCount: site.byteCount) }
        }
        guard !sites.isEmpty else { return [] }
        let domains = facts.entitlements.isEmpty ? nil : facts.entitlements.flatMap(\.domains)
        let matcher = UniversalLinkMatcher(sites: sites, appID: context.appInfo?.applicationIdentifier, associatedDomains: domains)
        return facts.pages.compactMap { page in
            let verdict = matcher.verdict(for: page.url)
            guard verdict.outcome == .app, !page.appMarkup.contains(where: Self.givesDeepLink) else { return nil }
            return Violation(
                "the page's URL '\(page.url)' opens the app (\(verdict.reason)), but its markup gives no deep link, so Applebot cannot tie it to the app's content and users without the app are not offered it; add app-argument to the apple-itunes-app tag, or al:ios:url",
                at: .location(page.urlLocation))
        }
    }

    private static func givesDeepLink(_ markup: (key: String, content: String)) -> Bool {
        if markup.key == "apple-itunes-app" {
            return markup.content.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("app-argument=") }
        }
        return deepLinkKeys.contains(markup.key) && !markup.content.trimmingCharacters(in: .whitespaces).isEmpty
    }
}
