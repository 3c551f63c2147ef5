import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorLinks
import ProctorPayloads

// Rules on apple-app-site-association files (docs/links.md). Their examples are files named
// apple-app-site-association, which the site association input reads.

private let supporting = "Apple, Supporting associated domains"
private let universalLinks = "Apple, App Search Programming Guide, \"Support Universal Links\" (archived)"
private let aasa = SiteAssociationFile.fileName
private func file(_ components: String, appIDs: String = #"["ABCDE12345.com.example.app"]"#) -> String {
    #"{"applinks": {"details": [{"appIDs": \#(appIDs), "components": \#(components)}]}}"#
}

/// The file is small enough for iOS to read.
struct SiteAssociationSizeRule: Rule {
    static let description = RuleDescription(
        id: "aasa_size_limit",
        name: "Association File Within 128 KB",
        category: .links,
        defaultSeverity: .error,
        summary: "An apple-app-site-association file must be 128 KB or smaller, uncompressed.",
        rationale: """
            "For apps that run in iOS 9.3.1 and later, the uncompressed size of the \
            apple-app-site-association file must be no greater than 128 KB, regardless of whether the \
            file is signed." iOS ignores a larger file, so every universal link of the domain opens \
            in Safari. Apple does not say whether a kilobyte is 1,000 or 1,024 bytes: Proctor reports \
            files over 131,072 bytes, and substitution variables (iOS 13.5) are the documented way to \
            shrink a file of many similar patterns.
            """,
        sources: [universalLinks + " [H]", "WWDC19 session 717: substitution variables to shorten files [M]"],
        passing: [RuleExample(file(#"[{"/": "/buy/*"}]"#), named: aasa)],
        failing: [
            RuleExample(
                file("[" + (0..<2300).map { #"{"/": "/products/item-\#($0)/*", "comment": "catalogue page \#($0)"}"# }.joined(separator: ", ") + "]"),
                named: aasa, at: [""])
        ])

    func check(_ file: SiteAssociationFile, in context: RuleContext) -> [Violation] {
        guard file.byteCount > UniversalLinkMatcher.sizeLimit else { return [] }
        return [
            Violation(
                "the file is \(file.byteCount) bytes, over the 128 KB (131,072 bytes) iOS reads; iOS ignores it, so every URL of the domain opens in Safari. Shorten it with substitution variables or broader patterns",
                at: .root)
        ]
    }
}

/// App identifiers are `<Application Identifier Prefix>.<Bundle Identifier>`.
struct SiteAssociationAppIDFormatRule: Rule {
    static let description = RuleDescription(
        id: "aasa_app_id_format",
        name: "Association File Names Apps By App ID",
        category: .links,
        defaultSeverity: .error,
        summary: "Every app identifier in an apple-app-site-association file must be a ten-character prefix, a period and a bundle identifier.",
        rationale: """
            The apps in an association file are named by application identifier: \
            "<Application Identifier Prefix>.<Bundle Identifier>", the prefix a ten-character \
            alphanumeric string (usually the team identifier). A bare bundle identifier, a prefix of \
            another length or a lower-case one names no app, so iOS never opens the app for the \
            domain's links, shares its credentials or runs its App Clip. Proctor checks the prefix \
            (ten upper-case letters or digits) and the bundle identifier (letters, digits, '-' and \
            '.'), in applinks details (appIDs and appID) and in the apps of webcredentials, appclips \
            and activitycontinuation.
            """,
        sources: [supporting + ": app identifiers [H]"],
        passing: [
            RuleExample(file(#"[{"/": "/buy/*"}]"#, appIDs: #"["ABCDE12345.com.example.app", "ABCDE12345.com.example.app-beta"]"#), named: aasa)
        ],
        failing: [
            RuleExample(
                file(#"[{"/": "/buy/*"}]"#, appIDs: #"["com.example.app", "abcde12345.com.example.app"]"#), named: aasa,
                at: ["/applinks/details/0/appIDs/0", "/applinks/details/0/appIDs/1"]),
            RuleExample(#"{"webcredentials": {"apps": ["ABCDE1234.com.example.app"]}}"#, named: aasa, at: ["/webcredentials/apps/0"]),
        ])

    static func isAppID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let prefix = parts[0]
        let bundle = parts[1]
        return prefix.count == 10 && prefix.allSatisfy { ($0.isUppercase || $0.isNumber) && $0.isASCII }
            && !bundle.isEmpty && bundle.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }

    func check(_ file: SiteAssociationFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        func judge(_ ids: [String], _ pointer: JSONPointer, single: Bool) {
            for (index, id) in ids.enumerated() where !Self.isAppID(id) {
                violations.append(
                    Violation(
                        "'\(id)' is not an app identifier: write the ten-character prefix, a period and the bundle identifier, such as ABCDE12345.com.example.app",
                        at: single ? pointer : pointer.appending(index)))
            }
        }
        for entry in file.association.applinks?.details ?? [] {
            judge(entry.appIDs, entry.pointer.appending(entry.appIDsKey), single: entry.appIDsKey == "appID")
        }
        for (service, apps) in [
            ("webcredentials", file.association.webcredentials), ("appclips", file.association.appclips),
            ("activitycontinuation", file.association.activitycontinuation),
        ] {
            if let apps { judge(apps, JSONPointer([service, "apps"]), single: false) }
        }
        return violations
    }
}

/// The app under test is among the apps the file lets open its links.
struct SiteAssociationNamesAppRule: Rule {
    static let description = RuleDescription(
        id: "aasa_names_app",
        name: "Association File Names The App",
        category: .links,
        defaultSeverity: .error,
        summary:
            "An apple-app-site-association file's applinks must name the app under test: its app ID when the team identifier is known, its bundle identifier otherwise.",
        rationale: """
            iOS opens a universal link in an app only when the domain's file lists the app's \
            identifier in applinks, and "the apps in the apple-app-site-association file on your \
            website must have a matching Associated Domains Entitlement". A file that lists another \
            bundle identifier (a typo, the beta app's, a renamed app's) or another team's prefix (a \
            typo in the Team ID) sends every link to Safari. Proctor compares whole app IDs when the \
            team identifier is known (--team-identifier, a scenario's app.teamIdentifier) and bundle \
            identifiers otherwise, from the Info.plist or --bundle-identifier.
            """,
        sources: [supporting + " [H]", universalLinks + " [H]"],
        needsBundleIdentifier: true,
        passing: [
            RuleExample(file(#"[{"/": "/buy/*"}]"#), named: aasa, infoPlist: #"{"CFBundleIdentifier": "com.example.app"}"#),
            RuleExample(
                file(#"[{"/": "/buy/*"}]"#), named: aasa, infoPlist: #"{"CFBundleIdentifier": "com.example.app"}"#,
                config: #"{"teamIdentifier": "ABCDE12345"}"#),
        ],
        failing: [
            RuleExample(
                file(#"[{"/": "/buy/*"}]"#, appIDs: #"["ABCDE12345.com.example.ap"]"#), named: aasa,
                infoPlist: #"{"CFBundleIdentifier": "com.example.app"}"#,
                at: ["/applinks/details"]),
            RuleExample(
                file(#"[{"/": "/buy/*"}]"#, appIDs: #"["ABCDE12346.com.example.app"]"#), named: aasa,
                infoPlist: #"{"CFBundleIdentifier": "com.example.app"}"#,
                config: #"{"teamIdentifier": "ABCDE12345"}"#, at: ["/applinks/details"]),
        ])

    func check(_ file: SiteAssociationFile, in context: RuleContext) -> [Violation] {
        guard let app = context.appInfo, let bundle = app.bundleIdentifier, let links = file.association.applinks, !links.details.isEmpty else {
            return []
        }
        let named = links.details.flatMap(\.appIDs)
        let list = Self.listed(named)
        if let appID = app.applicationIdentifier {
            guard !named.contains(appID) else { return [] }
            // The closest name is most often a typo in the file (a Team ID off by one character).
            let typo = Suggestion.closest(to: appID, among: named).map { "; '\($0)' is close to it: a typo in the file?" } ?? ""
            return [
                Violation(
                    "no applinks details entry names the app '\(appID)' (it names \(list)), so iOS opens this domain's links in Safari\(typo)",
                    at: JSONPointer(["applinks", "details"]))
            ]
        }
        guard !named.contains(where: { $0.split(separator: ".", maxSplits: 1).last.map(String.init) == bundle }) else { return [] }
        return [
            Violation(
                "no applinks details entry names the app '\(bundle)' (it names \(list)), so iOS opens this domain's links in Safari\(Suggestion.phrase(for: bundle, among: named.compactMap { $0.split(separator: ".", maxSplits: 1).last.map(String.init) }))",
                at: JSONPointer(["applinks", "details"]))
        ]
    }

    /// The names a file gives, each once and at most five of them: a file of thousands of
    /// entries would otherwise put every app ID it holds into one message.
    static func listed(_ names: [String]) -> String {
        var seen: Set<String> = []
        let distinct = names.filter { seen.insert($0).inserted }
        let shown = distinct.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        return distinct.count > 5 ? "\(shown) and \(distinct.count - 5) more" : shown
    }
}

/// A component after one that matches everything it could is never reached.
struct SiteAssociationUnreachableComponentRule: Rule {
    static let description = RuleDescription(
        id: "aasa_unreachable_component",
        name: "Association File Component Is Reachable",
        category: .links,
        defaultSeverity: .warning,
        summary: "No applinks component should come after one that already matches every URL it could match.",
        rationale: """
            iOS tries the components of a details entry in order and stops at the first that \
            matches: an exclude sends the URL to Safari, any other opens the app. A component after \
            one that matches everything (no path, query or fragment pattern, or only '*'), or after \
            one with the same path pattern and no query or fragment, is never reached: whatever it \
            says (an exclude placed after a catch-all, a more specific path after a broader one) has \
            no effect. Proctor reports those two cases; it does not try to prove that one pattern \
            contains another.
            """,
        sources: ["Apple, applinks.Details.Components: the order of components and exclude [H]"],
        passing: [RuleExample(file(#"[{"/": "/help/website/*", "exclude": true}, {"/": "/help/*"}]"#), named: aasa)],
        failing: [
            RuleExample(
                file(#"[{"/": "/help/*"}, {"/": "/help/*", "exclude": true}, {"/": "*"}, {"/": "/admin/*", "exclude": true}]"#), named: aasa,
                at: ["/applinks/details/0/components/1", "/applinks/details/0/components/3"])
        ])

    func check(_ file: SiteAssociationFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for entry in file.association.applinks?.details ?? [] {
            // One pass, judging each component against what the components before it left: the
            // first catch-all, and the first component of each (path, options) that has no query
            // and no fragment but '*'. Both verdicts only ever name the first such earlier
            // component, so that is all there is to keep: a file of n components costs n lookups,
            // not the n²/2 comparisons of reading back over the earlier ones for each.
            var catchAll: Component?
            var firstWithPath: [PathKey: Component] = [:]
            for component in entry.components ?? [] {
                let key = PathKey(component)
                if let blocker = catchAll {
                    violations.append(
                        Violation(
                            "this component is never reached: \(blocker.pointer) before it matches every URL", at: component.pointer))
                } else if let blocker = firstWithPath[key] {
                    violations.append(
                        Violation(
                            "this component is never reached: \(blocker.pointer) has the same path pattern '\(component.path ?? "*")' and no query or fragment, and comes first",
                            at: component.pointer))
                }
                if catchAll == nil && component.matchesEverything { catchAll = component }
                if component.query == nil && component.fragment.isNilOrStar && firstWithPath[key] == nil { firstWithPath[key] = component }
            }
        }
        return violations
    }

    /// What two components must share for the first to match every URL the second does, when the
    /// first has no query or fragment to narrow it: the path pattern as written and the
    /// component's own options. A component without a `/` key (nil) and one written `"*"` have
    /// different keys, as the rule has always compared them.
    private struct PathKey: Hashable {
        var path: String?
        var options: MatchOptions

        init(_ component: Component) {
            path = component.path
            options = component.options
        }
    }
}

extension Component {
    /// No pattern, or only `*`: every URL.
    var matchesEverything: Bool {
        path.isNilOrStar && fragment.isNilOrStar && (query == nil || { if case .pattern("*") = query! { true } else { false } }())
    }
}

extension Optional where Wrapped == String {
    var isNilOrStar: Bool { self == nil || self == "*" }
}
