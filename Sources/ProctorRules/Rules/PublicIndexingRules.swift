import Foundation
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

/// Public indexing names what to index.
struct PublicIndexingRequiresIdentityRule: Rule {
    static let description = RuleDescription(
        id: "public_indexing_requires_url_or_keys",
        name: "Public Indexing Names What To Index",
        category: .search,
        defaultSeverity: .error,
        summary: "An activity eligible for public indexing must set webpageURL or requiredUserInfoKeys.",
        rationale: """
            Apple: when isEligibleForPublicIndexing is true the system indexes the values of webpageURL \
            and requiredUserInfoKeys, and "you must provide a value for one of those properties".
            """,
        sources: ["Apple, NSUserActivity.isEligibleForPublicIndexing"],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true, "webpageURL": "https://example.com/places/42"}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true}}"#,
                at: ["/userActivity/isEligibleForPublicIndexing"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard activity.isEligibleForPublicIndexing, activity.webpageURL == nil,
            (activity.requiredUserInfoKeys ?? []).isEmpty
        else { return [] }
        return [
            Violation(
                "activity is eligible for public indexing but sets neither webpageURL nor requiredUserInfoKeys",
                at: activity.pointer("isEligibleForPublicIndexing"),
                restingOn: [activity.pointer("webpageURL"), activity.pointer("requiredUserInfoKeys")])
        ]
    }
}

/// Public indexing goes with search eligibility.
struct PublicIndexingWithoutSearchRule: Rule {
    static let description = RuleDescription(
        id: "public_indexing_without_search",
        name: "Public Indexing Without Search",
        category: .search,
        defaultSeverity: .warning,
        summary: "An activity eligible for public indexing should also be eligible for search.",
        rationale: """
            Public indexing only makes sense for content that is in the on-device index; Apple's App \
            Search guide pairs the two, and an activity marked public but not searchable is usually a \
            forgotten isEligibleForSearch.
            """,
        sources: ["Apple, NSUserActivity.isEligibleForPublicIndexing", appSearchActivities],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true, "webpageURL": "https://example.com/places/42"}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForPublicIndexing": true, "webpageURL": "https://example.com/places/42"}}"#,
                at: ["/userActivity/isEligibleForPublicIndexing"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard activity.isEligibleForPublicIndexing, !activity.isEligibleForSearch else { return [] }
        return [
            Violation(
                "activity is eligible for public indexing but not for search; set isEligibleForSearch too",
                at: activity.pointer("isEligibleForPublicIndexing"),
                restingOn: [activity.pointer("isEligibleForSearch")])
        ]
    }
}

/// A publicly indexed activity carries nothing that looks like the user's own data.
struct PublicActivityUserDataRule: Rule {
    /// What a key or a URL query name is called when it holds the user's own data. Matched as a
    /// part of the lowercased name, so `userID`, `user_email` and `sessionToken` match.
    static let userDataStems = ["user", "account", "email", "token", "session", "password"]

    static let description = RuleDescription(
        id: "public_activity_user_data",
        name: "Public Activity Carries No User Data",
        category: .search,
        defaultSeverity: .warning,
        summary:
            "An activity eligible for public indexing should carry nothing that looks user-specific: no user, account, e-mail, token, session or password keys, no e-mail addresses or bearer tokens.",
        rationale: """
            Public indexing shares what many users look at (a place, a recipe) through Apple's \
            cloud index; Apple designed it "to prevent any user specific data" from reaching that \
            index (WWDC15 session 709), and tells apps to leave isEligibleForPublicIndexing false \
            when the activity "contains private or sensitive information". An activity that is \
            public but carries the user's identity has one of the two wrong. Proctor cannot know \
            what is private, so this is a heuristic, and a warning: it reports, in a public \
            activity, a userInfo key (at any depth) or a webpageURL query name that contains \
            user, account, email, token, session or password; and a string in userInfo, the title \
            or webpageURL that is an e-mail address, a bearer token ("Bearer …") or a JSON Web \
            Token. Keep public activities to content every user sees the same way, and give the \
            user's own activities isEligibleForPublicIndexing false.
            """,
        sources: [
            "WWDC15 session 709, Introducing Search APIs: the engagement threshold exists \"to prevent any user specific data\" from being shared (seed 002) [H]",
            "Apple, NSUserActivity.isEligibleForPublicIndexing: false when the activity \"contains private or sensitive information\" [H]",
        ],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true, "userInfo": {"placeID": "p-42"}, "requiredUserInfoKeys": ["placeID"], "webpageURL": "https://example.com/places/42?ref=app"}}"#
            ),
            // Not public: the user's own activity may carry their data.
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.mail.read", "title": "Inbox", "isEligibleForSearch": true, "userInfo": {"userEmail": "ana@example.com"}, "requiredUserInfoKeys": ["userEmail"]}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true, "userInfo": {"placeID": "p-42", "userEmail": "ana@example.com"}, "requiredUserInfoKeys": ["placeID", "userEmail"]}}"#,
                at: ["/userActivity/userInfo/userEmail"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true, "webpageURL": "https://example.com/places/42?session=9f2c1a"}}"#,
                at: ["/userActivity/webpageURL"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.notes.view", "title": "Notes shared by ana@example.com", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true, "userInfo": {"noteID": "n-7", "auth": {"header": "Bearer 4f9a8c7e2b"}}, "requiredUserInfoKeys": ["noteID"]}}"#,
                at: ["/userActivity/title", "/userActivity/userInfo/auth/header"]),
        ])

    private static let advice =
        "public indexing is for content every user sees the same way; if this is the user's own, set isEligibleForPublicIndexing to false"

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard activity.isEligibleForPublicIndexing else { return [] }
        var violations: [Violation] = []
        if let title = activity.title, let what = Self.userValue(title) {
            violations.append(Violation("the title of a public activity holds \(what); \(Self.advice)", at: activity.pointer("title")))
        }
        if let url = activity.webpageURL, let why = Self.userDataInURL(url) {
            violations.append(Violation("the webpageURL of a public activity \(why); \(Self.advice)", at: activity.pointer("webpageURL")))
        }
        for entry in activity.userInfo ?? [] { check(entry, into: &violations) }
        return violations
    }

    private func check(_ entry: PropertyListEntry, into violations: inout [Violation]) {
        if let stem = Self.userDataStem(in: entry.key) {
            violations.append(
                Violation(
                    "userInfo key '\(entry.key)' of a public activity looks user-specific (its name contains '\(stem)'); \(Self.advice)",
                    at: entry.pointer))
            return  // one finding for the key, not more for what it holds
        }
        check(entry.value, at: entry.pointer, into: &violations)
    }

    private func check(_ value: PropertyListValue, at pointer: JSONPointer, into violations: inout [Violation]) {
        switch value {
        case .string(let text), .url(let text):
            if let what = Self.userValue(text) {
                violations.append(Violation("a userInfo value of a public activity is \(what); \(Self.advice)", at: pointer))
            }
        case .dictionary(let entries):
            for entry in entries { check(entry, into: &violations) }
        case .array(let elements), .set(let elements):
            for element in elements { check(element.value, at: element.pointer, into: &violations) }
        default:
            break
        }
    }

    // MARK: - The heuristic

    /// The stem a name contains, compared without regard to ASCII case, if any.
    static func userDataStem(in name: String) -> String? {
        userDataStems.first { contains(name, $0) }
    }

    /// Whether `text` contains `needle` (lower-case ASCII), ignoring the case of ASCII letters:
    /// a byte scan, since the rule looks at every key and string of every public activity and
    /// lowercasing or splitting each into characters cost a tenth of a lint (perf, 10,000 files).
    static func contains(_ text: String, _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) {
                var index = 0
                while index < needle.count {
                    let byte = bytes[start + index]
                    let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    if lower != needle[index] { break }
                    index += 1
                }
                if index == needle.count { return true }
            }
            return false
        }
    }

    /// What a string is when it looks like the user's own data: an e-mail address, a bearer
    /// token or a JSON Web Token.
    static func userValue(_ text: String) -> String? {
        // Each needs a mark a byte scan finds: '@', "bearer ", or "eyJ" (a JWT's first segment);
        // most strings have none and are let go before any splitting.
        let hasAt = text.utf8.contains(UInt8(ascii: "@"))
        let hasToken = contains(text, "eyj")
        guard hasAt || hasToken || contains(text, "bearer ") else { return nil }
        if text.lowercased().hasPrefix("bearer ") { return "a bearer token" }
        let pieces = text.split { $0.isWhitespace || "<>()[],;:\"'/?&=".contains($0) }
        if pieces.contains(where: { isEmailAddress($0) }) { return "an e-mail address" }
        if pieces.contains(where: { isJSONWebToken($0) }) { return "a JSON Web Token" }
        return nil
    }

    /// `local@domain.tld`, with the characters addresses use in practice.
    static func isEmailAddress(_ text: Substring) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let local = parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._%+-".contains($0)) }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        let domain = labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
        return local && domain && (labels.last?.allSatisfy(\.isLetter) ?? false)
    }

    /// Three base64url segments whose first decodes to a JSON object (`eyJ` is `{"`).
    static func isJSONWebToken(_ text: Substring) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, segments[0].hasPrefix("eyJ") else { return false }
        return segments.allSatisfy { segment in segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } }
    }

    /// Why a URL carries user data: a query name with a user-data stem, or a value that is one.
    static func userDataInURL(_ url: String) -> String? {
        // Most URLs have no query, no '@' and no token: they are let go before URLComponents,
        // which cost more than the rest of the rule.
        let mayHold =
            url.utf8.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "%") }
            || contains(url, "eyj") || contains(url, "bearer")
        guard mayHold else { return nil }
        if let components = URLComponents(string: url) {
            for item in components.queryItems ?? [] {
                if let stem = userDataStem(in: item.name) {
                    return "has the query parameter '\(item.name)', which looks user-specific (its name contains '\(stem)')"
                }
                if let value = item.value, let what = userValue(value) { return "has \(what) in its query parameter '\(item.name)'" }
            }
            if let what = userValue(components.percentEncodedPath.removingPercentEncoding ?? components.percentEncodedPath) {
                return "has \(what) in its path"
            }
            return nil
        }
        return userValue(url).map { "holds \($0)" }
    }
}
