import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

private let handoffGuide = "Apple, Handoff Programming Guide, \"Adopting Handoff\" (archived)"
/// Also cited by the rules in PublicIndexingRules.swift.
let appSearchActivities = "Apple, App Search Programming Guide, \"Index Activities and Navigation Points\" (archived)"
private let intentResponseActivity = """
    Apple, SiriKit, INIntentResponse.userActivity and the responses' init(code:userActivity:): given nil, "the system \
    automatically creates a user activity object for you, sets its type to the class name of the intent being handled" [H]
    """

/// `activityType` uses reverse-DNS notation.
struct ActivityTypeReverseDNSRule: Rule {
    static let description = RuleDescription(
        id: "activity_type_reverse_dns",
        name: "Activity Type Is Reverse-DNS",
        category: .activity,
        defaultSeverity: .warning,
        summary: "An activity type should be a reverse-DNS identifier such as com.example.app.view-place.",
        rationale: """
            Apple recommends reverse-DNS notation (com.<company>.<app>.<activity>) so that types stay \
            unique across the apps on a device and across the apps of one team; the Donating Shortcuts \
            guide repeats it. Proctor accepts two or more dot-separated components of letters, digits, \
            hyphens and underscores (domain labels such as 1password may start with a digit), none empty. \
            The types the system defines, such as NSUserActivityTypeBrowsingWeb, are not the app's to name, \
            and neither is an intent's class name (INSendMessageIntent, or a custom intent's, such as \
            OrderTeaIntent): SiriKit gives that type to the activity it creates for an intent's response \
            when the app gives none, and the app spells it the same way to handle or donate it.
            """,
        sources: [
            handoffGuide + ", \"Best practices\"", "Apple, SiriKit, \"Donating Shortcuts\"",
            intentResponseActivity,
        ],
        passing: [
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place"}}"#),
            // A type the system defines, as a browser donates it to hand a page to another device.
            RuleExample(#"{"userActivity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://example.com/places/1"}}"#),
            // A custom intent's class name, the type SiriKit launches the app with for its response.
            RuleExample(#"{"userActivity": {"activityType": "OrderTeaIntent", "title": "Order tea"}}"#),
        ],
        failing: [
            RuleExample(#"{"userActivity": {"activityType": "ViewPlace"}}"#, at: ["/userActivity/activityType"]),
            RuleExample(#"{"userActivity": {"activityType": "com.example..view place"}}"#, at: ["/userActivity/activityType"]),
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard let type = activity.activityType, !activity.hasSystemType, !activity.hasIntentClassType, !Self.isReverseDNS(type) else { return [] }
        let example = type.contains(".") || type.isEmpty ? "com.example.app.view-item" : "com.example.app.\(type)"
        return [
            Violation(
                "activity type '\(type)' is not a reverse-DNS identifier (dot-separated letters, digits, '-' and '_', such as '\(example)')",
                at: activity.pointer("activityType"))
        ]
    }

    static func isReverseDNS(_ text: String) -> Bool {
        var components = 1
        var componentLength = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                guard componentLength > 0 else { return false }
                components += 1
                componentLength = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                componentLength += 1
            default:
                return false
            }
        }
        return components >= 2 && componentLength > 0
    }
}

/// `activityType` is listed in `NSUserActivityTypes`.
struct ActivityTypeDeclaredRule: Rule {
    static let description = RuleDescription(
        id: "activity_type_declared",
        name: "Activity Type Is Declared",
        category: .activity,
        defaultSeverity: .error,
        summary: "An activity type must be listed in the app's NSUserActivityTypes.",
        rationale: """
            The system hands an activity only to an app whose Info.plist lists its type under \
            NSUserActivityTypes: an undeclared type is never continued by Handoff, and a tap on the \
            search result or suggestion opens nothing. Entries with an unexpanded \
            $(PRODUCT_BUNDLE_IDENTIFIER) match any text in its place; --bundle-identifier expands them. \
            The types the system defines (NSUserActivityTypeBrowsingWeb, which an app donates to hand \
            a web page to a browser, and Core Spotlight's) need no declaration.
            """,
        sources: [handoffGuide, "Apple, \"Implementing Handoff in your app\""],
        needsInfoPlist: true,
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view-place"]}"#),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place"}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).view-place"]}"#),
            // A type the system defines needs no declaration.
            RuleExample(
                #"{"userActivity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://example.com/places/1"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view-place"]}"#),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view-trail"]}"#,
                at: ["/userActivity/activityType"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places"}"#,
                at: ["/userActivity/activityType"]),
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard let app = context.appInfo, let type = activity.activityType, !activity.hasSystemType, !app.declares(activityType: type)
        else { return [] }
        let missingKey = app.userActivityTypes == nil
        return [
            Violation(
                missingKey
                    ? "activity type '\(type)' is not declared: \(app.source) has no NSUserActivityTypes"
                    : "activity type '\(type)' is not listed in NSUserActivityTypes of \(app.source)\(Suggestion.phrase(for: type, among: app.userActivityTypes ?? []))",
                at: activity.pointer("activityType"))
        ]
    }
}

/// `activityType` starts with the bundle identifier.
struct ActivityTypeBundlePrefixRule: Rule {
    static let description = RuleDescription(
        id: "activity_type_bundle_prefix",
        name: "Activity Type Under The Bundle Identifier",
        category: .activity,
        defaultSeverity: .warning,
        summary: "An activity type should start with the app's bundle identifier.",
        rationale: """
            Apple's naming advice is com.<company>.<app>.<activity>; starting the type with the bundle \
            identifier keeps it unique and makes its owner obvious. Types shared by several apps of one \
            team (com.<company>.<activity>) are legitimate, which is why this is a warning. A type equal \
            to the bundle identifier is under it: the guide asks for reverse-DNS notation in the app's \
            own namespace and gives com.<company>.<app>.<activity> as an example, not as a required \
            form, and NSUserActivity's initializer calls reverse-DNS a convention; such a type is \
            unique and names its owner (an app with one activity often uses it). The types \
            the system defines, such as NSUserActivityTypeBrowsingWeb, are not the app's to name, and \
            neither is an intent's class name, the type SiriKit gives the activity of an intent's \
            response when the app gives none.
            """,
        sources: [
            handoffGuide
                + ", \"Best practices\": reverse-DNS notation, such as com.<company>.<app>.<activity type>, or com.<company>.<activity> for types shared across apps",
            "Apple, Foundation, NSUserActivity.init(activityType:): \"a developer-defined string in reverse-DNS format by convention\"",
            intentResponseActivity,
        ],
        needsBundleIdentifier: true,
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view-place"]}"#),
            RuleExample(
                #"{"userActivity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://example.com/places/1"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view-place"]}"#),
            // The bundle identifier itself, as an app with one activity names it.
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places"]}"#),
            // An intent's class name, the type SiriKit launches the app with for its response.
            RuleExample(
                #"{"userActivity": {"activityType": "INSendMessageIntent", "title": "Message Ana"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["INSendMessageIntent"]}"#),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.other.view-place"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.other.view-place"]}"#,
                at: ["/userActivity/activityType"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard let bundle = context.appInfo?.bundleIdentifier, let type = activity.activityType, !activity.hasSystemType, !activity.hasIntentClassType,
            !Self.isUnder(type, bundle)
        else { return [] }
        return [
            Violation(
                "activity type '\(type)' is not under the bundle identifier '\(bundle)'; prefer '\(Self.suggestion(for: type, bundle: bundle))'",
                at: activity.pointer("activityType"))
        ]
    }

    /// Whether `type` is the bundle identifier or a name below it.
    static func isUnder(_ type: String, _ bundle: String) -> Bool {
        type == bundle || type.hasPrefix(bundle + ".")
    }

    /// A name for `type` under the bundle identifier: the same place when only the case differs
    /// (`com.Example.places.view` → `com.example.places.view`), the identifier itself for a type
    /// that is one of its parents (`com.example` for `com.example.places`), and otherwise the
    /// type's last component under it.
    static func suggestion(for type: String, bundle: String) -> String {
        let (folded, foldedBundle) = (type.lowercased(), bundle.lowercased())
        if folded.hasPrefix(foldedBundle + "."), type.utf8.count > bundle.utf8.count, bundle.allSatisfy(\.isASCII) {
            return bundle + String(decoding: type.utf8.dropFirst(bundle.utf8.count), as: UTF8.self)
        }
        if folded == foldedBundle || foldedBundle.hasPrefix(folded + ".") { return bundle }
        let last = type.split(separator: ".").last.map(String.init) ?? ""
        return "\(bundle).\(last.isEmpty ? "view-item" : last)"
    }
}

/// An activity eligible for search or prediction has a title.
struct ActivityTitleRequiredRule: Rule {
    static let description = RuleDescription(
        id: "activity_title_required",
        name: "Indexed Activity Has A Title",
        category: .search,
        defaultSeverity: .error,
        summary: "An activity eligible for search or prediction must have a non-empty title.",
        rationale: """
            Search results and Siri suggestions show the activity's title; Apple lists title among the \
            only properties required for an indexed activity, and the Donating Shortcuts guide asks for \
            it on every donation eligible for prediction.
            """,
        sources: [appSearchActivities, "Apple, SiriKit, \"Donating Shortcuts\""],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForSearch": true}}"#),
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place"}}"#),
        ],
        failing: [
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "isEligibleForSearch": true}}"#, at: ["/userActivity"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": " ", "isEligibleForPrediction": true}}"#,
                at: ["/userActivity/title"]),
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard activity.isIndexed else { return [] }
        let eligibility = activity.isEligibleForSearch ? "search" : "prediction"
        guard let title = activity.title else {
            return [
                Violation(
                    "activity is eligible for \(eligibility) but has no title to show in results", at: activity.pointer,
                    restingOn: [activity.pointer("title")])
            ]
        }
        guard title.allSatisfy(\.isWhitespace) else { return [] }
        return [Violation("activity is eligible for \(eligibility) but its title is blank", at: activity.pointer("title"))]
    }
}

/// An activity made current is offered somewhere.
struct ActivityEligibleSomewhereRule: Rule {
    static let description = RuleDescription(
        id: "activity_eligible_somewhere",
        name: "Activity Is Eligible For Something",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An activity should be eligible for at least one of Handoff, search, public indexing or prediction; with Handoff turned off and none of the others, it is offered nowhere.",
        rationale: """
            Making an activity current offers it to the features its eligibility flags turn on: \
            Handoff (on by default), the on-device index (isEligibleForSearch), Apple's public index \
            (isEligibleForPublicIndexing) and Siri suggestions (isEligibleForPrediction), the \
            flags seed 002 sets one by one. With Handoff turned off and the others left false, \
            the donation reaches none of them: usually a flag lost in a refactoring. A warning: an \
            activity that only carries a scene's state for restoration \
            (stateRestorationActivity) needs none, and may ignore this rule.
            """,
        sources: [
            "Apple, Foundation, NSUserActivity: isEligibleForHandoff (default true), isEligibleForSearch, isEligibleForPublicIndexing, isEligibleForPrediction (default false) [H]",
            "WWDC15 session 709 (seed 002): the eligibility properties [H]",
        ],
        passing: [
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza"}}"#),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForHandoff": false, "isEligibleForSearch": true}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "title": "Tony's Pizza", "isEligibleForHandoff": false}}"#,
                at: ["/userActivity/isEligibleForHandoff"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard !activity.isEligibleForHandoff, !activity.isEligibleForSearch, !activity.isEligibleForPublicIndexing, !activity.isEligibleForPrediction
        else { return [] }
        return [
            Violation(
                "the activity is eligible for nothing: Handoff is turned off and search, public indexing and prediction are not on, so making it current offers it nowhere",
                at: activity.pointer("isEligibleForHandoff"),
                restingOn: ["isEligibleForHandoff", "isEligibleForSearch", "isEligibleForPublicIndexing", "isEligibleForPrediction"].map(
                    activity.pointer))
        ]
    }
}

/// Every key of `requiredUserInfoKeys` is in `userInfo`.
struct RequiredUserInfoKeysExistRule: Rule {
    static let description = RuleDescription(
        id: "required_user_info_keys_exist",
        name: "Required userInfo Keys Exist",
        category: .search,
        defaultSeverity: .error,
        summary: "Every key in requiredUserInfoKeys must be a key of userInfo.",
        rationale: """
            requiredUserInfoKeys names the userInfo keys the system stores for restoring the activity; \
            Apple documents that the keys come from userInfo. A key that is not there is a typo or a \
            value that was never set, and the restored activity will lack it. (Whether the system throws \
            is undocumented; the value is lost either way.)
            """,
        sources: ["Apple, NSUserActivity.requiredUserInfoKeys", appSearchActivities],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "userInfo": {"placeID": "p-42"}, "requiredUserInfoKeys": ["placeID"]}}"#
            ),
            // The userInfo the code computes at run time, as proctor scan writes it: not judged.
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "requiredUserInfoKeys": ["placeID"]}, "proctor": {"computed": {"/userActivity/userInfo": "place.userInfo is computed at run time"}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "userInfo": {"placeID": "p-42"}, "requiredUserInfoKeys": ["placeId"]}}"#,
                at: ["/userActivity/requiredUserInfoKeys/0"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "requiredUserInfoKeys": ["placeID"]}}"#,
                at: ["/userActivity/requiredUserInfoKeys/0"]),
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard let required = activity.requiredUserInfoKeys, !required.isEmpty else { return [] }
        let entries = activity.userInfo ?? []
        // A linear search beats hashing for the handful of keys a payload carries.
        let present: (String) -> Bool
        if entries.count > 16 {
            let keys = Set(entries.lazy.map(\.key))
            present = { keys.contains($0) }
        } else {
            present = { key in entries.contains { $0.key == key } }
        }
        return required.enumerated().compactMap { index, key in
            guard !present(key) else { return nil }
            let keys = entries.map(\.key)
            return Violation(
                "required key '\(key)' is not in userInfo\(Suggestion.phrase(for: key, among: keys))",
                at: activity.pointer("requiredUserInfoKeys").appending(index),
                restingOn: [activity.pointer("userInfo")])
        }
    }
}

/// An indexed activity with `userInfo` names the keys to keep.
struct RequiredUserInfoKeysUnsetRule: Rule {
    static let description = RuleDescription(
        id: "required_user_info_keys_unset",
        name: "Indexed Activity Names The Keys To Restore",
        category: .search,
        defaultSeverity: .warning,
        summary: "An activity eligible for search or prediction that carries userInfo should set requiredUserInfoKeys.",
        rationale: """
            When the user taps a search result or a Siri suggestion, the system restores the activity \
            with only the userInfo keys listed in requiredUserInfoKeys; Apple states that without them \
            "the userInfo dictionary will be empty when the activity is restored". Handoff still carries \
            the whole dictionary, so the bug shows only after a restore from search.
            """,
        sources: [appSearchActivities, "Apple, NSUserActivity.requiredUserInfoKeys"],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.trails.view", "title": "Ridge Trail", "isEligibleForSearch": true, "userInfo": {"trailID": 7}, "requiredUserInfoKeys": ["trailID"]}}"#
            ),
            RuleExample(#"{"userActivity": {"activityType": "com.example.trails.view", "userInfo": {"trailID": 7}}}"#),
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.trails.view", "title": "Ridge Trail", "isEligibleForSearch": true, "userInfo": {"trailID": 7}}}"#,
                at: ["/userActivity/userInfo"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard activity.isIndexed, let userInfo = activity.userInfo, !userInfo.isEmpty,
            (activity.requiredUserInfoKeys ?? []).isEmpty
        else { return [] }
        let keys = userInfo.map { "'\($0.key)'" }.joined(separator: ", ")
        return [
            Violation(
                "userInfo keys \(keys) are dropped when the activity is restored from search or a suggestion, because requiredUserInfoKeys is not set",
                at: activity.pointer("userInfo"),
                restingOn: [activity.pointer("requiredUserInfoKeys")])
        ]
    }
}

/// `userInfo` holds only the types `NSUserActivity` accepts.
struct UserInfoValueTypesRule: Rule {
    static let allowedClasses: Set<String> = [
        "NSArray", "NSData", "NSDate", "NSDictionary", "NSNull", "NSNumber", "NSSet", "NSString", "NSURL",
        "Array", "Data", "Date", "Dictionary", "Int", "Double", "Float", "Bool", "Set", "String", "URL",
    ]

    static let description = RuleDescription(
        id: "user_info_value_types",
        name: "userInfo Holds Property-List Types",
        category: .activity,
        defaultSeverity: .error,
        summary: "Every userInfo value must be an NSArray, NSData, NSDate, NSDictionary, NSNull, NSNumber, NSSet, NSString or NSURL.",
        rationale: """
            Apple documents that each userInfo key and value must be one of these types. Anything else \
            (a UUID, a custom class, an image) fails to encode, so the activity cannot be handed off or \
            restored. In JSON, keys are always strings; values of other classes are written \
            {"$class": "UUID"} so the check can see them.
            """,
        sources: ["Apple, NSUserActivity.userInfo", handoffGuide],
        passing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "userInfo": {"placeID": "p-42", "visited": {"$date": "2026-05-01T09:30:00Z"}, "site": {"$url": "https://example.com/p/42"}, "tags": {"$set": ["pizza"]}}}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "userInfo": {"placeID": {"$class": "UUID"}, "photos": [{"$class": "UIImage"}]}}}"#,
                at: ["/userActivity/userInfo/placeID", "/userActivity/userInfo/photos/0"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        // Pointers are built only for a value that is reported.
        func visit(_ value: PropertyListValue, _ pointer: @autoclosure () -> JSONPointer) {
            switch value {
            case .object(let className) where !Self.allowedClasses.contains(className):
                violations.append(
                    Violation(
                        "userInfo value of class '\(className)' is not a property-list type; store its identifier or encoded data instead",
                        at: pointer()))
            case .array(let elements), .set(let elements):
                for element in elements { visit(element.value, element.pointer) }
            case .dictionary(let entries):
                for entry in entries { visit(entry.value, entry.pointer) }
            default:
                break
            }
        }
        for entry in activity.userInfo ?? [] { visit(entry.value, entry.pointer) }
        return violations
    }
}

/// `webpageURL` is http or https.
struct WebpageURLSchemeRule: Rule {
    static let description = RuleDescription(
        id: "webpage_url_scheme",
        name: "webpageURL Is http Or https",
        category: .activity,
        defaultSeverity: .error,
        summary: "webpageURL must be an absolute http or https URL.",
        rationale: """
            Apple: the scheme of webpageURL must be http or https, and any other scheme throws an \
            exception (NSInvalidArgumentException, "NSUserActivity.webpageURL scheme ... is not \
            allowed"): the app crashes where it sets the property.
            """,
        sources: [handoffGuide],
        passing: [
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "webpageURL": "https://example.com/places/42"}}"#)
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "webpageURL": "example://places/42"}}"#,
                at: ["/userActivity/webpageURL"]),
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "webpageURL": "/places/42"}}"#, at: ["/userActivity/webpageURL"]),
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard let url = activity.webpageURL, let problem = httpProblem(url) else { return [] }
        return [Violation("webpageURL '\(url)' \(problem); setting it throws at runtime", at: activity.pointer("webpageURL"))]
    }
}

/// `referrerURL` is http or https.
struct ReferrerURLSchemeRule: Rule {
    static let description = RuleDescription(
        id: "referrer_url_scheme",
        name: "referrerURL Is http Or https",
        category: .activity,
        defaultSeverity: .warning,
        summary: "referrerURL should be an absolute http or https URL.",
        rationale: """
            referrerURL names the web page that led to the activity's page. Apple documents the http or \
            https requirement for webpageURL only; the model assumes the same for referrerURL, which is \
            why this is a warning rather than an error.
            """,
        sources: ["Apple, NSUserActivity.referrerURL", "Proctor assumption: same scheme rule as webpageURL"],
        passing: [
            RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "referrerURL": "https://example.com/search?q=pizza"}}"#)
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.places.view-place", "referrerURL": "ftp://example.com/list"}}"#,
                at: ["/userActivity/referrerURL"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard let url = activity.referrerURL, let problem = httpProblem(url) else { return [] }
        return [Violation("referrerURL '\(url)' \(problem)", at: activity.pointer("referrerURL"))]
    }
}

/// Why `text` is not an absolute http(s) URL, or nil when it is.
func httpProblem(_ text: String) -> String? {
    if isPlainHTTPURL(text) { return nil }
    guard let components = URLComponents(string: text), let scheme = components.scheme else {
        return "is not an absolute URL with an http or https scheme"
    }
    guard ["http", "https"].contains(scheme.lowercased()) else { return "has scheme '\(scheme)', not http or https" }
    guard let host = components.host, !host.isEmpty else { return "has no host" }
    return nil
}

/// The common case, decided without Foundation's URL parser: `http://` or `https://`, a host,
/// and only characters a URL may hold unescaped.
private func isPlainHTTPURL(_ text: String) -> Bool {
    let bytes = text.utf8
    let schemeLength: Int
    if bytes.starts(with: "https://".utf8) {
        schemeLength = 8
    } else if bytes.starts(with: "http://".utf8) {
        schemeLength = 7
    } else {
        return false
    }
    var index = bytes.index(bytes.startIndex, offsetBy: schemeLength)
    guard index < bytes.endIndex, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
        bytes[index] != UInt8(ascii: "#"), bytes[index] != UInt8(ascii: "@"), bytes[index] != UInt8(ascii: ":")
    else { return false }
    while index < bytes.endIndex {
        switch bytes[index] {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "?"),
            UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"):
            break
        default:
            return false  // '%', ':', '@', '#', '[' and anything else: let URLComponents judge
        }
        index = bytes.index(after: index)
    }
    return true
}

/// The Handoff payload stays within 3 KB.
struct HandoffPayloadSizeRule: Rule {
    static let limit = 3072

    static let description = RuleDescription(
        id: "handoff_payload_size",
        name: "Handoff Payload Size",
        category: .handoff,
        defaultSeverity: .warning,
        summary: "The userInfo of an activity eligible for Handoff should encode to 3 KB (3072 bytes) or less.",
        rationale: """
            Apple's Handoff best practices: transfer as small a payload as possible, 3 KB or less; the \
            more data, the longer the activity takes to resume. Larger data belongs in continuation \
            streams (supportsContinuationStreams). Apple documents no hard limit and does not say how \
            it measures the payload; Proctor measures userInfo encoded as a binary property list by \
            Foundation, counting a URL as its string, a set as an array, and null or a $class object as \
            an empty string (assumptions).
            """,
        sources: [handoffGuide + ", \"Best practices\"", "Apple, NSUserActivityHandoffUserInfoTooLargeError (4611)"],
        passing: [RuleExample(#"{"userActivity": {"activityType": "com.example.places.view-place", "userInfo": {"placeID": "p-42"}}}"#)],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.notes.edit", "userInfo": {"body": "\#(String(repeating: "lorem ipsum ", count: 300))"}}}"#,
                at: ["/userActivity/userInfo"])
        ])

    func check(_ activity: UserActivity, in context: RuleContext) -> [Violation] {
        guard activity.isEligibleForHandoff, let userInfo = activity.userInfo, !userInfo.isEmpty,
            let size = PropertyListEncoding.binarySize(of: userInfo, ifOver: Self.limit)
        else { return [] }
        let remedy =
            activity.supportsContinuationStreams
            ? "send the bulk over the continuation streams it already supports and keep userInfo small"
            : "move the bulk to continuation streams (supportsContinuationStreams) and keep only identifiers in userInfo"
        return [
            Violation(
                "Handoff payload is \(size) bytes as a binary property list, over the 3 KB Apple recommends (\(Self.limit) bytes; Apple documents no hard limit); \(remedy)",
                at: activity.pointer("userInfo"))
        ]
    }
}

/// An expiration date in the past.
struct ExpirationDatePastRule: Rule {
    static let description = RuleDescription(
        id: "expiration_date_past",
        name: "Expiration Date In The Past",
        category: .search,
        defaultSeverity: .warning,
        summary: "An expirationDate should lie after the time of the donation (--now).",
        rationale: """
            After its expirationDate an activity is no longer eligible for Handoff or indexing, and a \
            searchable item leaves the index; a donation that has already expired never reaches the \
            user. Proctor judges dates against --now, the wall clock unless pinned.
            """,
        sources: ["Apple, NSUserActivity.expirationDate", "Apple, CSSearchableItem.expirationDate"],
        passing: [
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-1", "expirationDate": "2026-07-01T00:00:00Z", "attributeSet": {"title": "Beach"}}}"#)
        ],
        failing: [
            RuleExample(
                #"{"userActivity": {"activityType": "com.example.events.view", "expirationDate": "2026-05-31T23:59:59Z"}}"#,
                at: ["/userActivity/expirationDate"]),
            RuleExample(
                #"{"searchableItem": {"uniqueIdentifier": "photo-1", "expirationDate": "2025-01-01T00:00:00+01:00", "attributeSet": {"title": "Beach"}}}"#,
                at: ["/searchableItem/expirationDate"]),
        ])

    func check(_ expiration: ExpirationDate, in context: RuleContext) -> [Violation] {
        guard expiration.date <= context.now else { return [] }
        return [
            Violation(
                "expirationDate \(DateFormat.format(expiration.date)) is not after the current time \(DateFormat.format(context.now)); the donation has already expired",
                at: expiration.pointer)
        ]
    }
}
