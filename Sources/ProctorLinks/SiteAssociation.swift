import ProctorJSON

/// An `apple-app-site-association` file: which apps a domain lets open its URLs (`applinks`),
/// and which share its credentials, continue its activities or run as its App Clips.
///
/// Sources: Apple, "Supporting associated domains"; Bundle Resources, `applinks`,
/// `applinks.Details`, `applinks.Details.Components`, `applinks.Defaults`,
/// `applinks.SubstitutionVariables`; App Search Programming Guide, "Support Universal Links"
/// (archived) for the legacy `paths` format. docs/links.md has the whole model.
package struct SiteAssociation: Sendable {
    /// The domain the file is served from, when the user says (`--aasa DOMAIN=PATH`).
    package var domain: String?
    package var applinks: AppLinks?
    /// `webcredentials.apps`, `appclips.apps`, `activitycontinuation.apps`: app identifiers.
    package var webcredentials: [String]?
    package var appclips: [String]?
    package var activitycontinuation: [String]?
}

/// `applinks`: the universal links of the domain.
package struct AppLinks: Sendable {
    /// `applinks.defaults`: the settings of every component of the domain unless overridden.
    package var defaults = MatchOptions()
    /// `applinks.substitutionVariables`: name to the strings `$(name)` stands for.
    package var substitutionVariables: [String: [String]] = [:]
    package var details: [Details] = []
    /// The legacy `apps` key (must be an empty array for iOS 12 and earlier).
    package var apps: [String]?
}

/// How a component compares: `caseSensitive` and `percentEncoded`, each true unless set.
package struct MatchOptions: Sendable, Hashable {
    package var caseSensitive: Bool?
    package var percentEncoded: Bool?

    package init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// These options, with what they leave unset taken from `outer`.
    package func over(_ outer: MatchOptions) -> MatchOptions {
        MatchOptions(caseSensitive: caseSensitive ?? outer.caseSensitive, percentEncoded: percentEncoded ?? outer.percentEncoded)
    }
}

/// One `applinks.details` entry: the apps it names and the URLs they open.
package struct Details: Sendable {
    /// `appIDs`, or the legacy single `appID`: `<Application Identifier Prefix>.<Bundle Identifier>`.
    package var appIDs: [String]
    /// The key they are written under: `appIDs`, or `appID` when only the legacy key is present.
    package var appIDsKey = "appIDs"
    package var components: [Component]?
    /// The legacy `paths` (iOS 12 and earlier); iOS 13 ignores them when `components` is present.
    package var paths: [String]?
    package var defaults = MatchOptions()
    package var pointer: JSONPointer
}

/// One `components` entry: patterns for the path, the query and the fragment.
package struct Component: Sendable {
    package enum Query: Sendable {
        /// A pattern for the whole query string.
        case pattern(String)
        /// Query item names to patterns for their values; an item the URL lacks is the empty string.
        case items([(name: String, pattern: String)])
    }

    /// `/`, `?`, `#`; an absent one is `*`, which matches everything.
    package var path: String?
    package var query: Query?
    package var fragment: String?
    package var exclude = false
    package var comment: String?
    package var options = MatchOptions()
    package var pointer: JSONPointer
}

extension SiteAssociation {
    /// The domain a file serves by where it lies: a folder named after the domain holding the
    /// file, directly or in its `.well-known/` folder (`example.com/.well-known/apple-app-site-association`),
    /// as a site's files are laid out on its server. Nil when no folder is named like a fully
    /// qualified domain; `--aasa DOMAIN=PATH` names the domain of a file anywhere.
    package static func domain(servedAt path: String) -> String? {
        var folders = path.split(separator: "/").dropLast()
        if folders.last == ".well-known" { folders = folders.dropLast() }
        guard let folder = folders.last else { return nil }
        let labels = folder.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2,
            labels.allSatisfy({ label in
                !label.isEmpty && label.utf8.allSatisfy { $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20) }
            }),
            labels.last?.utf8.contains(where: { (0x61...0x7A).contains($0 | 0x20) }) == true
        else { return nil }
        return folder.lowercased()
    }
}
