import Foundation

/// What iOS does with a tapped URL, given the association files of its domains: open the app
/// (and which `details` entry and component let it), open it in Safari (and why), or a
/// question Proctor cannot answer from what it was given (and why). docs/links.md describes
/// each step with its source; Conformance/links/ pins each with Apple's own examples.
package struct LinkVerdict: Sendable, Equatable {
    package enum Outcome: String, Sendable, CaseIterable {
        case app
        case safari
        case undecided
    }

    package var outcome: Outcome
    /// Why, in a sentence.
    package var reason: String
    /// The app IDs the matching entry names (for `app`, and for an excluding entry).
    package var appIDs: [String] = []
    /// The JSON Pointer of the component or path that decided, in the domain's file.
    package var pointer: String?
    /// The domain's file.
    package var file: String?

    package init(outcome: Outcome, reason: String, appIDs: [String] = [], pointer: String? = nil, file: String? = nil) {
        self.outcome = outcome
        self.reason = reason
        self.appIDs = appIDs
        self.pointer = pointer
        self.file = file
    }
}

/// Where the user opens a URL from, which decides before any file does.
package enum LinkOrigin: Sendable, Equatable {
    /// Tapped in another app: Messages, Mail, Notes, a search result.
    case otherApp
    /// Tapped on a page Safari shows, at this URL.
    case safariPage(String)
    /// Typed (or pasted) into Safari's address bar.
    case safariAddressBar
}

/// The parts of a URL universal links compare, as written: no normalisation beyond the case of
/// the scheme and the host, which RFC 3986 makes case-insensitive.
package struct LinkURL: Sendable, Equatable {
    package var scheme: String
    package var host: String
    package var port: String?
    /// Percent-encoded, as written; `/` when the URL has no path.
    package var path: String
    /// Without the `?`; empty when absent.
    package var query: String
    /// Without the `#`; empty when absent.
    package var fragment: String

    /// Nil when `text` is not an absolute URL with a host.
    package init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        var rest = text[schemeEnd.upperBound...]
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query = ""
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            port = String(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        } else {
            port = nil
        }
        host = authority.lowercased()
        guard !host.isEmpty else { return nil }
        let path = String(rest[slash...])
        self.path = path.isEmpty ? "/" : path
        self.query = query
        self.fragment = fragment
    }

    /// The query's items, names and values as written (`a=1&b` gives a → 1, b → "").
    var queryItems: [(name: String, value: String)] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }
}

package struct UniversalLinkMatcher: Sendable {
    /// A domain's association file and where it came from.
    package struct Site: Sendable {
        package var domain: String
        package var association: SiteAssociation
        package var file: String
        /// The size of the served file; nil for a file written inline, which is never served.
        package var byteCount: Int?

        package init(domain: String, association: SiteAssociation, file: String, byteCount: Int? = nil) {
            self.domain = domain.lowercased()
            self.association = association
            self.file = file
            self.byteCount = byteCount
        }
    }

    /// iOS 9.3.1 and later ignore a file whose uncompressed size is over 128 KB (App Search
    /// Programming Guide, "Support Universal Links", archived; whether Apple counts 1,000 or
    /// 1,024 bytes to the kilobyte is not documented: Proctor takes the larger). Applied here,
    /// in the matcher, so `links check`, scenarios and vectors all treat such a file alike.
    package static let sizeLimit = 128 * 1024

    package var sites: [Site]
    /// The app under test (`TEAMID.bundle.id`), when known: only entries naming it open it.
    package var appID: String?
    /// The app's Associated Domains entitlement, when known: a host it does not cover opens in
    /// Safari, and a wildcard entry's URLs are matched against its base domain's file.
    package var associatedDomains: [AssociatedDomain]?

    package init(sites: [Site], appID: String? = nil, associatedDomains: [AssociatedDomain]? = nil) {
        self.sites = sites
        self.appID = appID
        self.associatedDomains = associatedDomains
    }

    /// The domain whose file decides for `host`: the host itself, or with the entitlement, the
    /// entry that covers it, an exact one before a wildcard and the longest wildcard first (Apple,
    /// Associated Domains Entitlement; TN3155: a wildcard entry is matched with the file of the
    /// domain after `*.`). Nil, with the reason, when the entitlement covers no entry for it.
    private func fileDomain(for host: String) -> (domain: String?, reason: String?) {
        guard let associatedDomains else { return (host, nil) }
        let applinks = associatedDomains.filter { $0.service == .applinks && $0.covers(host) }
        if let exact = applinks.first(where: { !$0.isWildcard }) { return (exact.domain, nil) }
        if let wildcard = applinks.max(by: { $0.domain.count < $1.domain.count }) { return (wildcard.domain, nil) }
        return (
            nil, "the app's Associated Domains entitlement has no applinks:\(host) and no wildcard that covers it, so iOS opens the link in Safari"
        )
    }

    package func verdict(for text: String, from origin: LinkOrigin = .otherApp) -> LinkVerdict {
        guard let url = LinkURL(text) else {
            return LinkVerdict(outcome: .safari, reason: "'\(text)' is not an absolute URL with a host, so it is not a universal link")
        }
        guard url.scheme == "https" || url.scheme == "http" else {
            return LinkVerdict(
                outcome: .safari,
                reason:
                    "universal links are http and https URLs; '\(url.scheme)' is a custom scheme, which iOS opens through CFBundleURLTypes, not through association files"
            )
        }
        switch origin {
        case .otherApp:
            break
        case .safariAddressBar:
            // TN3155: a universal link opens the app when tapped; one entered in Safari's address
            // bar loads as a web page.
            return LinkVerdict(
                outcome: .safari, reason: "a URL typed into Safari's address bar loads in Safari; universal links open the app when tapped")
        case .safariPage(let page):
            // App Search Programming Guide, "Support Universal Links": a tap on a link to the
            // domain of the page Safari shows stays in Safari, the user's most likely intent.
            // Assumed: "the same domain" is the same host, as Apple's example uses one host.
            if let current = LinkURL(page), current.host == url.host {
                return LinkVerdict(
                    outcome: .safari,
                    reason:
                        "the link is on a page of '\(url.host)' in Safari and goes to the same domain, so iOS keeps it in Safari, the user's most likely intent"
                )
            }
        }
        let (fileDomain, unlisted) = fileDomain(for: url.host)
        guard let fileDomain else { return LinkVerdict(outcome: .safari, reason: unlisted!) }
        guard let site = sites.first(where: { $0.domain == fileDomain }) else {
            let known = sites.map(\.domain).sorted()
            return LinkVerdict(
                outcome: .undecided,
                reason: "no apple-app-site-association file was given for '\(fileDomain)'"
                    + (known.isEmpty ? "" : " (given: \(known.joined(separator: ", ")))")
                    + "; without it iOS opens the link in Safari, if the domain serves none")
        }
        if let size = site.byteCount, size > Self.sizeLimit {
            return LinkVerdict(
                outcome: .safari,
                reason: "the file for '\(site.domain)' is \(size) bytes, over the 128 KB iOS reads; iOS ignores it, so the link opens in Safari",
                file: site.file)
        }
        guard let links = site.association.applinks else {
            return LinkVerdict(outcome: .safari, reason: "the file for '\(site.domain)' has no applinks, so no app opens its URLs", file: site.file)
        }
        for entry in links.details where appID.map(entry.appIDs.contains) ?? true {
            if let verdict = verdict(url, entry, links, site) { return verdict }
        }
        let whose = appID.map { " for \($0)" } ?? ""
        return LinkVerdict(
            outcome: .safari, reason: "no component\(whose) in the file for '\(site.domain)' matches the URL, so it opens in Safari", file: site.file)
    }

    /// What iOS does with a `webpageURL` handed off to a device that has the app but cannot
    /// continue the activity itself (Safari's own browsing activity, or a type the app does not
    /// declare): it launches the app with `NSUserActivityTypeBrowsingWeb` when the app claims the
    /// URL, else opens it in Safari. The app claims it as a universal link (``verdict(for:from:)``)
    /// or through `activitycontinuation`: the entitlement lists the domain (any entry covering it
    /// when the entitlement is unknown) and the domain's file names the app in
    /// `activitycontinuation.apps` (Handoff Programming Guide, "Web Browser–to–Native App Handoff";
    /// Foundation, NSUserActivityTypeBrowsingWeb: "an activity continued from a web
    /// browser-to-native app Handoff or a universal link").
    package func continuationVerdict(for text: String) -> LinkVerdict {
        let link = verdict(for: text)
        guard link.outcome != .app, let url = LinkURL(text), url.scheme == "https" || url.scheme == "http" else { return link }
        let listed = associatedDomains.map { $0.contains { $0.service == .activitycontinuation && $0.covers(url.host) } } ?? true
        if listed, let site = sites.first(where: { $0.domain == url.host }), let apps = site.association.activitycontinuation,
            let app = appID.map({ apps.contains($0) ? $0 : nil }) ?? apps.first
        {
            return LinkVerdict(
                outcome: .app, reason: "the file for '\(url.host)' names the app in activitycontinuation.apps, so iOS continues the page in it",
                appIDs: [app], pointer: "/activitycontinuation/apps", file: site.file)
        }
        return link
    }

    /// The verdict of one `details` entry, or nil when none of its components (or paths) match.
    private func verdict(_ url: LinkURL, _ entry: Details, _ links: AppLinks, _ site: Site) -> LinkVerdict? {
        if let components = entry.components {
            for component in components {
                let options = component.options.over(entry.defaults).over(links.defaults)
                guard matches(component, url, options: options, variables: links.substitutionVariables) else { continue }
                if component.exclude {
                    return LinkVerdict(
                        outcome: .safari, reason: "excluded by \(component.pointer) (\"exclude\": true), so it opens in Safari", appIDs: entry.appIDs,
                        pointer: component.pointer.description, file: site.file)
                }
                return LinkVerdict(
                    outcome: .app, reason: "matched by \(component.pointer)", appIDs: entry.appIDs, pointer: component.pointer.description,
                    file: site.file)
            }
            return nil
        }
        // The legacy format: paths only, "NOT " excludes, first match wins.
        for (index, path) in (entry.paths ?? []).enumerated() {
            let pointer = entry.pointer.appending("paths").appending(index).description
            let excluded = path.hasPrefix("NOT ")
            let pattern = LinkPattern(excluded ? String(path.dropFirst(4)) : path)
            guard pattern.matches(url.path, caseSensitive: true) else { continue }
            if excluded {
                return LinkVerdict(
                    outcome: .safari, reason: "excluded by \(pointer) (\"NOT \"), so it opens in Safari", appIDs: entry.appIDs, pointer: pointer,
                    file: site.file)
            }
            return LinkVerdict(outcome: .app, reason: "matched by \(pointer) (legacy paths)", appIDs: entry.appIDs, pointer: pointer, file: site.file)
        }
        return nil
    }

    private func matches(_ component: Component, _ url: LinkURL, options: MatchOptions, variables: [String: [String]]) -> Bool {
        let caseSensitive = options.caseSensitive ?? true
        let encoded = options.percentEncoded ?? true
        func text(_ raw: String) -> String { encoded ? raw : (raw.removingPercentEncoding ?? raw) }
        func match(_ pattern: String?, _ value: String) -> Bool {
            guard let pattern else { return true }
            return LinkPattern(pattern, variables: variables).matches(text(value), caseSensitive: caseSensitive)
        }
        guard match(component.path, url.path), match(component.fragment, url.fragment) else { return false }
        switch component.query {
        case nil:
            return true
        case .pattern(let pattern):
            return match(pattern, url.query)
        case .items(let items):
            let present = url.queryItems
            func sameName(_ name: String, _ wanted: String) -> Bool { caseSensitive ? name == wanted : name.lowercased() == wanted.lowercased() }
            return items.allSatisfy { item in
                // An item the URL lacks is the empty string (WWDC19 session 717).
                let value = present.first(where: { sameName(text($0.name), item.name) })?.value ?? ""
                return match(item.pattern, value)
            }
        }
    }
}
