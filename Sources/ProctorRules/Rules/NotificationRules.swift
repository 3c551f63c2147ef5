import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Rules on remote notifications: the payload a provider sends and the request headers beside it
// (docs/notifications.md). Their examples are donation files holding
// {"notification": {"headers": ..., "payload": ...}}, or `.apns` files holding a payload as sent.

private let requests = "Apple, User Notifications, \"Sending notification requests to APNs\""
private let generating = "Apple, User Notifications, \"Generating a remote notification\""
private let payloadKeys = "Apple, Local and Remote Notification Programming Guide, \"Payload Key Reference\" (archived)"
private let background = "Apple, User Notifications, \"Pushing background updates to your App\""
private let serviceExtension = "Apple, User Notifications, \"Modifying content in newly delivered notifications\""

private func request(_ payload: String, headers: String? = nil) -> String {
    guard let headers else { return #"{"notification": {"payload": \#(payload)}}"# }
    return #"{"notification": {"headers": \#(headers), "payload": \#(payload)}}"#
}
private let alertPayload =
    #"{"aps": {"alert": {"title": "Good news", "body": "You can get the phone at the best price now."}, "sound": "default"}, "offer": "iphone-upgrade"}"#
private let alertHeaders = #"{"apns-push-type": "alert", "apns-priority": "10", "apns-topic": "com.example.store"}"#
private let store = #"{"CFBundleIdentifier": "com.example.store"}"#

/// The payload has an `aps` dictionary with something for the system to do.
struct PushAPSRequiredRule: Rule {
    static let description = RuleDescription(
        id: "push_aps_required",
        name: "Push Payload Has An aps Dictionary",
        category: .notifications,
        defaultSeverity: .error,
        summary: "An alert or background notification's payload must have an aps dictionary holding an alert, a badge, a sound or content-available.",
        rationale: """
            "The JSON dictionary object must contain an aps key": it holds every key the system acts \
            on. A payload without it, or whose aps holds none of alert, badge, sound and \
            content-available (nor a Live Activity's event), shows nothing, plays nothing and wakes \
            nothing: the user never learns of the event the server meant to announce. The app's own \
            keys go beside aps, where the app reads them from userInfo. Other push types (VoIP, \
            Live Activities, MDM, File Provider) follow their own frameworks and are not judged.
            """,
        sources: [payloadKeys + " [H]", generating + " [H]"],
        passing: [RuleExample(request(alertPayload)), RuleExample(#"{"aps": {"content-available": 1}, "sync": "orders"}"#, named: "refresh.apns")],
        failing: [
            RuleExample(request(#"{"alert": "Your order is ready", "order": "W123"}"#), at: ["/notification/payload"]),
            RuleExample(#"{"aps": {"category": "ORDER"}, "order": "W123"}"#, named: "order.apns", at: ["/aps"]),
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        // Other push types' payloads follow their own frameworks (PushKit, ActivityKit, MDM).
        guard notification.effectivePushType.usesRemoteNotificationToken else { return [] }
        guard let aps = notification.payload.aps else {
            return [
                Violation(
                    "the payload has no aps dictionary, so the system shows nothing and wakes nothing; put alert, badge, sound or content-available in aps and the app's own keys beside it",
                    at: notification.payload.pointer)
            ]
        }
        guard !aps.interactsWithUser, aps.contentAvailable != 1, aps.event == nil else { return [] }
        return [
            Violation("aps holds no alert, badge, sound or content-available, so the notification shows nothing and wakes nothing", at: aps.pointer)
        ]
    }
}

/// The payload is within the size APNs accepts for its push type.
struct PushPayloadSizeRule: Rule {
    static let description = RuleDescription(
        id: "push_payload_size",
        name: "Push Payload Within Its Size Limit",
        category: .notifications,
        defaultSeverity: .error,
        summary: "A remote notification's payload must be at most 4096 bytes, or 5120 bytes for a VoIP notification.",
        rationale: """
            APNs refuses a larger payload with HTTP 413 and the reason PayloadTooLarge, so the \
            notification is never delivered: "it's limited to a maximum size of 4 KB (4096 bytes). \
            The maximum size for a Voice over Internet Protocol (VoIP) notification is 5 KB (5120 \
            bytes)." APNs counts the bytes of the request body. Proctor judges the payload written \
            compactly (no whitespace), the smallest body a server can send, leaving out an .apns \
            file's Simulator Target Bundle key; an .apns file whose bytes as written are over the \
            limit while its compact form fits is a warning. The limit is that of the \
            apns-push-type header, or 4096 bytes when there is none.
            """,
        sources: [
            requests + ": payload size [H]", "Legacy limits of 256 bytes and 2 KB applied to the binary protocol, retired on March 31, 2021 [H]",
        ],
        passing: [
            RuleExample(request(alertPayload, headers: alertHeaders)),
            RuleExample(
                request(
                    #"{"aps": {"alert": "Incoming call"}, "caller": "\#(String(repeating: "x", count: 4500))"}"#,
                    headers: #"{"apns-push-type": "voip", "apns-topic": "com.example.store.voip"}"#)),
        ],
        failing: [
            RuleExample(
                request(#"{"aps": {"alert": "Your order has shipped"}, "items": "\#(String(repeating: "x", count: 4100))"}"#),
                at: ["/notification/payload"]),
            RuleExample(
                #"{"aps": {"alert": "Your order has shipped"}, "items": "\#(String(repeating: "x", count: 4100))"}"#, named: "shipped.apns", at: [""]),
            RuleExample(
                #"{"Simulator Target Bundle": "com.example.store", "aps": {"alert": "Your order has shipped"}, "items": "\#(String(repeating: "x", count: 4040))"\#(String(repeating: " ", count: 80))}"#,
                named: "pretty.apns", at: [""], severity: .warning),
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        let type = notification.effectivePushType
        let limit = type.payloadLimit
        if notification.payloadSize > limit {
            return [
                Violation(
                    "the payload is \(notification.payloadSize) bytes even written compactly, over the \(limit) bytes APNs accepts for \(type.withArticle) notification; APNs answers 413 PayloadTooLarge and nothing is delivered. Send an identifier and let the app fetch the rest",
                    at: notification.payload.pointer)
            ]
        }
        if let written = notification.writtenSize, written > limit {
            return [
                Violation(
                    assuming:
                        "the file is \(written) bytes as written, over the \(limit) bytes APNs accepts: a server that sends it as it is gets 413 PayloadTooLarge. Written compactly it is \(notification.payloadSize) bytes, which fits",
                    at: notification.payload.pointer, severity: .warning)
            ]
        }
        return []
    }
}

/// A background notification has the shape and priority APNs requires.
struct PushBackgroundShapeRule: Rule {
    static let description = RuleDescription(
        id: "push_background_notification",
        name: "Background Push Has Content-Available And Priority 5",
        category: .notifications,
        defaultSeverity: .error,
        summary: "A background notification must have content-available 1, no alert, badge or sound, and apns-priority 5.",
        rationale: """
            A background notification wakes the app without telling the user. Apple: "the aps \
            dictionary must include the content-available key with a value of 1", it must not \
            include alert, badge or sound, "the notification's POST request should contain the \
            apns-push-type header field with a value of background, and the apns-priority field \
            with a value of 5", and for background pushes "Using priority 10 is an error". APNs \
            defaults a missing apns-priority to 10, so Proctor reports it too. A background push \
            without content-available wakes nothing; one with an alert is shown like any other.
            """,
        sources: [background + " [H]", requests + ": apns-priority [H]"],
        passing: [
            RuleExample(
                request(
                    #"{"aps": {"content-available": 1}, "sync": "orders"}"#,
                    headers: #"{"apns-push-type": "background", "apns-priority": 5, "apns-topic": "com.example.store"}"#))
        ],
        failing: [
            RuleExample(
                request(
                    #"{"aps": {"content-available": 1, "sound": "default"}}"#,
                    headers: #"{"apns-push-type": "background", "apns-priority": "10", "apns-topic": "com.example.store"}"#),
                at: ["/notification/payload/aps/sound", "/notification/headers/apns-priority"]),
            RuleExample(
                request(#"{"aps": {"badge": 0}}"#, headers: #"{"apns-push-type": "background", "apns-priority": "5"}"#),
                at: ["/notification/payload/aps", "/notification/payload/aps/badge"]),
            RuleExample(
                request(#"{"aps": {"content-available": 1}}"#, headers: #"{"apns-topic": "com.example.store"}"#), at: ["/notification/headers"]),
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let headers = notification.headers, notification.effectivePushType == .background else { return [] }
        var violations: [Violation] = []
        if let aps = notification.payload.aps {
            if aps.contentAvailable != 1 {
                violations.append(Violation("a background notification needs \"content-available\": 1 in aps, or it wakes nothing", at: aps.pointer))
            }
            for key in ["alert", "badge", "sound"] where aps.writtenKeys.contains(key) {
                violations.append(
                    Violation(
                        "a background notification carries no \(key): send it as an alert notification, or leave the \(key) out", at: aps.pointer(key)
                    ))
            }
        }
        switch headers.priority {
        case 5?: break
        case let priority?:
            violations.append(
                Violation(
                    "a background notification must have apns-priority 5, not \(priority); Apple: \"Using priority 10 is an error\"",
                    at: headers.pointer("apns-priority")))
        case nil:
            violations.append(
                Violation(
                    "a background notification must have apns-priority 5; without the header APNs uses 10, which is an error for background pushes",
                    at: headers.pointer))
        }
        return violations
    }
}

/// The request says its push type.
struct PushTypeDeclaredRule: Rule {
    static let description = RuleDescription(
        id: "push_type_declared",
        name: "Push Request Declares apns-push-type",
        category: .notifications,
        defaultSeverity: .warning,
        summary: "A notification request should carry the apns-push-type header.",
        rationale: """
            apns-push-type is "Required for watchOS 6 and later; recommended for macOS, iOS, tvOS, \
            and iPadOS": "If there's a mismatch, or if the header is missing on required systems, \
            APNs may return an error, delay the delivery of the notification, or drop it \
            altogether." A recommendation on iOS, so a warning; it is judged only where the input \
            gives the request's headers.
            """,
        sources: [requests + ": apns-push-type [H]"],
        passing: [RuleExample(request(alertPayload, headers: alertHeaders)), RuleExample(request(alertPayload))],
        failing: [RuleExample(request(alertPayload, headers: #"{"apns-topic": "com.example.store"}"#), at: ["/notification/headers"])])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let headers = notification.headers, headers.pushType == nil else { return [] }
        let implied = notification.effectivePushType.rawValue
        return [
            Violation(
                "the request has no apns-push-type; this payload is \(notification.effectivePushType.withArticle) notification, so send \"apns-push-type\": \"\(implied)\"",
                at: headers.pointer)
        ]
    }
}

/// The declared push type is one APNs knows and matches the payload.
struct PushTypeMatchesPayloadRule: Rule {
    static let description = RuleDescription(
        id: "push_type_matches_payload",
        name: "Push Type Matches The Payload",
        category: .notifications,
        defaultSeverity: .error,
        summary: "apns-push-type must be a documented value and match the payload: an alert notification has an alert, a badge or a sound.",
        rationale: """
            The value of apns-push-type "must accurately reflect the contents of your \
            notification's payload"; an unknown value is refused with 400 InvalidPushType. An alert \
            push whose aps holds no alert, badge or sound has nothing to show (a payload with only \
            content-available is a background notification and must say so). The documented values \
            are alert, background, location, voip, complication, fileprovider, mdm, liveactivity, \
            pushtotalk, widgets and controls.
            """,
        sources: [requests + ": apns-push-type [H]"],
        passing: [RuleExample(request(alertPayload, headers: alertHeaders))],
        failing: [
            RuleExample(
                request(alertPayload, headers: #"{"apns-push-type": "banner", "apns-topic": "com.example.store"}"#),
                at: ["/notification/headers/apns-push-type"]),
            RuleExample(
                request(
                    #"{"aps": {"content-available": 1}}"#,
                    headers: #"{"apns-push-type": "alert", "apns-priority": 5, "apns-topic": "com.example.store"}"#),
                at: ["/notification/headers/apns-push-type"]),
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let headers = notification.headers, let written = headers.pushType else { return [] }
        guard let type = PushType(rawValue: written) else {
            return [
                Violation(
                    "'\(written)' is not a push type APNs knows; it answers 400 InvalidPushType. Use one of \(PushType.allCases.map(\.rawValue).joined(separator: ", "))\(Suggestion.phrase(for: written, among: PushType.allCases.map(\.rawValue)))",
                    at: headers.pointer("apns-push-type"))
            ]
        }
        if type == .alert, let aps = notification.payload.aps, !aps.interactsWithUser, aps.contentAvailable == 1 {
            return [
                Violation(
                    "an alert notification with no alert, badge or sound has nothing to show; this payload is a background notification, so send \"apns-push-type\": \"background\"",
                    at: headers.pointer("apns-push-type"))
            ]
        }
        return []
    }
}

/// The topic is the app's bundle identifier, with the push type's suffix.
struct PushTopicRule: Rule {
    static let description = RuleDescription(
        id: "push_topic",
        name: "Push Topic Names The App",
        category: .notifications,
        defaultSeverity: .error,
        summary:
            "apns-topic must be the app's bundle identifier, with the suffix the push type requires (.voip, .complication, .push-type.liveactivity, ...).",
        rationale: """
            "The topic for the notification. In general, the topic is your app's bundle ID/app ID. \
            It can have a suffix based on the type of push notification": .voip for VoIP, \
            .complication for complications, .pushkit.fileprovider, .location-query for location \
            pushes, .push-type.liveactivity for Live Activities, .voip-ptt for push to talk. A \
            device token is issued for one app, so another topic is refused (DeviceTokenNotForTopic \
            or TopicDisallowed). With token-based authentication the header is required (APNs \
            answers MissingTopic); certificate-based authentication can default it, so a missing \
            topic is reported at warning severity.
            """,
        sources: [
            requests + ": apns-topic [H]",
            "Apple, ActivityKit, \"Starting and updating Live Activities with ActivityKit push notifications\": the .push-type.liveactivity suffix [M]",
        ],
        needsBundleIdentifier: true,
        passing: [
            RuleExample(request(alertPayload, headers: alertHeaders), infoPlist: store),
            RuleExample(
                request(#"{"aps": {"alert": "Incoming call"}}"#, headers: #"{"apns-push-type": "voip", "apns-topic": "com.example.store.voip"}"#),
                infoPlist: store),
        ],
        failing: [
            RuleExample(
                request(alertPayload, headers: #"{"apns-push-type": "alert", "apns-topic": "com.example.shop"}"#), infoPlist: store,
                at: ["/notification/headers/apns-topic"]),
            RuleExample(
                request(#"{"aps": {"alert": "Incoming call"}}"#, headers: #"{"apns-push-type": "voip", "apns-topic": "com.example.store"}"#),
                infoPlist: store, at: ["/notification/headers/apns-topic"]),
            RuleExample(
                request(alertPayload, headers: #"{"apns-push-type": "alert"}"#), infoPlist: store, at: ["/notification/headers"], severity: .warning),
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let headers = notification.headers, let bundle = context.appInfo?.bundleIdentifier else { return [] }
        let type = notification.effectivePushType
        guard let suffix = type.topicSuffix else { return [] }
        let expected = bundle + suffix
        guard let topic = headers.topic else {
            return [
                Violation(
                    assuming:
                        "the request has no apns-topic; with token-based authentication APNs answers 400 MissingTopic. Send \"apns-topic\": \"\(expected)\"",
                    at: headers.pointer, severity: .warning)
            ]
        }
        guard topic != expected else { return [] }
        return [
            Violation(
                "apns-topic is '\(topic)', but \(type.withArticle) notification for this app goes to '\(expected)'; the device token belongs to the app, so APNs refuses the request",
                at: headers.pointer("apns-topic"))
        ]
    }
}

/// Priority, expiration, collapse identifier and apns-id hold documented values.
struct PushHeaderValuesRule: Rule {
    static let description = RuleDescription(
        id: "push_header_values",
        name: "Push Headers Hold Documented Values",
        category: .notifications,
        defaultSeverity: .error,
        summary:
            "apns-priority must be 1, 5 or 10; apns-expiration a UNIX time in seconds; apns-collapse-id at most 64 bytes; apns-id a lowercase UUID.",
        rationale: """
            APNs refuses a request whose headers break their documented form, so nothing is \
            delivered: apns-priority is 10 (immediately), 5 (power considerations) or 1 (power \
            first, never wakes the device), else BadPriority; apns-expiration is "a UNIX epoch \
            expressed in seconds (UTC)", 0 meaning deliver once, else BadExpirationDate; \
            apns-collapse-id "must not exceed 64 bytes", else BadCollapseId; apns-id is "a \
            canonical UUID" of 32 lowercase hexadecimal digits in five groups (8-4-4-4-12), else \
            BadMessageId.
            """,
        sources: [requests + ": header fields and error reasons [H]"],
        passing: [
            RuleExample(
                request(
                    alertPayload,
                    headers:
                        #"{"apns-push-type": "alert", "apns-priority": "5", "apns-expiration": "0", "apns-collapse-id": "order-W123", "apns-id": "123e4567-e89b-12d3-a456-4266554400a0"}"#
                ))
        ],
        failing: [
            RuleExample(
                request(
                    alertPayload,
                    headers:
                        #"{"apns-push-type": "alert", "apns-priority": "3", "apns-expiration": -1, "apns-collapse-id": "\#(String(repeating: "order-", count: 11))", "apns-id": "123E4567-E89B-12D3-A456-4266554400A0"}"#
                ),
                at: [
                    "/notification/headers/apns-priority", "/notification/headers/apns-expiration", "/notification/headers/apns-collapse-id",
                    "/notification/headers/apns-id",
                ])
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let headers = notification.headers else { return [] }
        var violations: [Violation] = []
        if let priority = headers.priority, ![1, 5, 10].contains(priority) {
            violations.append(
                Violation("apns-priority \(priority) is not 10, 5 or 1; APNs answers 400 BadPriority", at: headers.pointer("apns-priority")))
        }
        if let expiration = headers.expiration, expiration < 0 {
            violations.append(
                Violation(
                    "apns-expiration \(expiration) is not a UNIX time in seconds (0 delivers once, without storing); APNs answers 400 BadExpirationDate",
                    at: headers.pointer("apns-expiration")))
        }
        if let collapse = headers.collapseID, collapse.utf8.count > 64 {
            violations.append(
                Violation(
                    "apns-collapse-id is \(collapse.utf8.count) bytes, over the 64 APNs accepts; it answers 400 BadCollapseId",
                    at: headers.pointer("apns-collapse-id")))
        }
        if let id = headers.id, !NotificationHeaders.isCanonicalUUID(id) {
            violations.append(
                Violation(
                    "apns-id '\(id)' is not a canonical UUID (lowercase, 8-4-4-4-12); APNs answers 400 BadMessageId", at: headers.pointer("apns-id")))
        }
        return violations
    }
}

/// The aps values are within their documented ranges.
struct PushAPSValuesRule: Rule {
    static let description = RuleDescription(
        id: "push_aps_values",
        name: "aps Values Within Their Documented Ranges",
        category: .notifications,
        defaultSeverity: .error,
        summary:
            "content-available and mutable-content are 1, badge is not negative, interruption-level, relevance-score, sound volume and critical hold documented values.",
        rationale: """
            The aps keys take documented values, and the system does not do what the server meant \
            with any other: content-available and mutable-content are flags "with a value of 1"; \
            badge is a number, 0 removing the badge; interruption-level is passive, active, \
            time-sensitive or critical; relevance-score and a critical sound's volume lie between \
            0 and 1; a sound's critical is 1 for a critical alert (0 otherwise); a Live Activity's \
            event is start, update or end. A flag of 0 is accepted as the absence of the flag.
            """,
        sources: [generating + ": the aps dictionary's keys [H]", payloadKeys + " [H]"],
        passing: [
            RuleExample(
                request(
                    #"{"aps": {"alert": "Table ready", "badge": 0, "interruption-level": "time-sensitive", "relevance-score": 0.8, "sound": {"critical": 1, "name": "bell.caf", "volume": 0.5}}}"#
                ))
        ],
        failing: [
            RuleExample(
                request(
                    #"{"aps": {"alert": "Table ready", "badge": -1, "mutable-content": 2, "interruption-level": "urgent", "relevance-score": 5, "sound": {"critical": 1, "volume": 2}}}"#
                ),
                at: [
                    "/notification/payload/aps/badge", "/notification/payload/aps/mutable-content", "/notification/payload/aps/interruption-level",
                    "/notification/payload/aps/relevance-score", "/notification/payload/aps/sound/volume",
                ])
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let aps = notification.payload.aps else { return [] }
        var violations: [Violation] = []
        if let badge = aps.badge, badge < 0 {
            violations.append(Violation("badge \(badge) is negative; use 0 to remove the badge", at: aps.pointer("badge")))
        }
        for (key, value) in [("content-available", aps.contentAvailable), ("mutable-content", aps.mutableContent)] {
            if let value, value != 0, value != 1 {
                violations.append(Violation("\(key) is \(value); the flag is 1 (or absent)", at: aps.pointer(key)))
            }
        }
        if let level = aps.interruptionLevel, !APSDictionary.interruptionLevels.contains(level) {
            violations.append(
                Violation(
                    "interruption-level '\(level)' is not passive, active, time-sensitive or critical\(Suggestion.phrase(for: level, among: APSDictionary.interruptionLevels))",
                    at: aps.pointer("interruption-level")))
        }
        if let score = aps.relevanceScore, !(0...1).contains(score) {
            violations.append(Violation("relevance-score \(score) is outside 0 to 1", at: aps.pointer("relevance-score")))
        }
        if let event = aps.event, !APSDictionary.liveActivityEvents.contains(event) {
            violations.append(Violation("event '\(event)' is not start, update or end", at: aps.pointer("event")))
        }
        if let sound = aps.sound {
            if let volume = sound.volume, !(0...1).contains(volume) {
                violations.append(Violation("a sound's volume \(volume) is outside 0 to 1", at: sound.pointer("volume")))
            }
            if let critical = sound.critical, critical != 0, critical != 1 {
                violations.append(
                    Violation("a sound's critical is \(critical); it is 1 for a critical alert, 0 otherwise", at: sound.pointer("critical")))
            }
        }
        return violations
    }
}

/// The alert has something to show, and its localization arguments have their keys.
struct PushAlertContentRule: Rule {
    static let description = RuleDescription(
        id: "push_alert_content",
        name: "Push Alert Has Text To Show",
        category: .notifications,
        defaultSeverity: .error,
        summary: "An alert must have a title, a body or a key to localize, and loc-args need their loc-key.",
        rationale: """
            The banner shows the alert's title, subtitle and body, or the app's localized strings \
            named by title-loc-key, subtitle-loc-key and loc-key, with the arguments of \
            title-loc-args, subtitle-loc-args and loc-args substituted into them. An empty alert \
            (an empty string, or a dictionary with neither text nor key) shows an empty banner, and \
            arguments without their key are never shown: the user gets a notification that says \
            nothing of the event.
            """,
        sources: [generating + ": alert keys [H]", payloadKeys + ": localized alerts [H]"],
        passing: [
            RuleExample(request(alertPayload)),
            RuleExample(request(#"{"aps": {"alert": {"loc-key": "ORDER_READY", "loc-args": ["W123"]}}}"#)),
        ],
        failing: [
            RuleExample(
                request(#"{"aps": {"alert": {"loc-args": ["W123"], "title-loc-args": ["Upper West Side"]}}}"#),
                at: ["/notification/payload/aps/alert", "/notification/payload/aps/alert/loc-args", "/notification/payload/aps/alert/title-loc-args"]),
            RuleExample(#"{"aps": {"alert": ""}}"#, named: "empty.apns", at: ["/aps/alert"]),
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let alert = notification.payload.aps?.alert else { return [] }
        var violations: [Violation] = []
        let texts = [alert.title, alert.subtitle, alert.body, alert.locKey, alert.titleLocKey, alert.subtitleLocKey]
        if !texts.contains(where: { !($0 ?? "").isEmpty }) {
            violations.append(Violation("the alert has no title, subtitle, body or key to localize, so the banner says nothing", at: alert.pointer))
        }
        for (arguments, key, argumentsName, keyName) in [
            (alert.locArgs, alert.locKey, "loc-args", "loc-key"), (alert.titleLocArgs, alert.titleLocKey, "title-loc-args", "title-loc-key"),
            (alert.subtitleLocArgs, alert.subtitleLocKey, "subtitle-loc-args", "subtitle-loc-key"),
        ] where arguments != nil && key == nil {
            violations.append(
                Violation(
                    "\(argumentsName) without \(keyName): the arguments fill in the localized string \(keyName) names, so they are never shown",
                    at: alert.pointer(argumentsName)))
        }
        return violations
    }
}

/// A notification meant for the service extension is one the extension runs for.
struct PushServiceExtensionAlertRule: Rule {
    static let description = RuleDescription(
        id: "push_service_extension_alert",
        name: "Mutable Content Has An Alert",
        category: .notifications,
        defaultSeverity: .error,
        summary: "A payload with mutable-content 1 must show an alert, or the notification service extension never runs.",
        rationale: """
            The system runs the app's notification service extension only when "The remote \
            notification is configured to display an alert" and "The remote notification's aps \
            dictionary includes the mutable-content key with the value set to 1". With \
            mutable-content and no alert (a badge, a sound, a background update), the extension \
            that decrypts the payload, downloads its image or donates its communication intent \
            never runs.
            """,
        sources: [serviceExtension + " [H]"],
        passing: [
            RuleExample(request(#"{"aps": {"alert": {"title": "Photo from Ana"}, "mutable-content": 1}, "image": "https://example.com/1.jpg"}"#))
        ],
        failing: [
            RuleExample(
                request(#"{"aps": {"badge": 3, "mutable-content": 1}, "image": "https://example.com/1.jpg"}"#),
                at: ["/notification/payload/aps/mutable-content"])
        ])

    func check(_ notification: RemoteNotification, in context: RuleContext) -> [Violation] {
        guard let aps = notification.payload.aps, aps.mutableContent == 1, aps.alert == nil else { return [] }
        return [
            Violation(
                "mutable-content is 1 but aps has no alert, so the notification service extension never runs", at: aps.pointer("mutable-content"))
        ]
    }
}

/// The server keeps alerts out of the user's night.
struct PushQuietHoursRule: Rule {
    private static func scenario(at time: String, doNotDisturb: Bool = false, interruption: String? = nil) -> String {
        let level = interruption.map { #", "interruption-level": "\#($0)""# } ?? ""
        return #"""
            {
              "format": 1,
              "name": "Upgrade alert",
              "clock": "\#(time)",
              "app": {"bundleIdentifier": "com.example.store", "info": {}, "routes": [{"name": "Upgrade", "notificationCategories": ["UPGRADE"]}]},
              "devices": [{"name": "iPhone", "timeZone": "America/New_York", "quietHours": {"from": "22:00", "to": "07:00"}, "doNotDisturb": \#(doNotDisturb)}],
              "steps": [
                {"registerForRemoteNotifications": {"authorization": "granted"}},
                {"sendPush": {"notification": {
                  "headers": {"apns-push-type": "alert", "apns-topic": "com.example.store"},
                  "payload": {"aps": {"alert": "You can get the phone at the best price now", "category": "UPGRADE"\#(level)}}
                }}}
              ]
            }
            """#
    }

    static let description = RuleDescription(
        id: "push_quiet_hours",
        name: "No Alerts In The User's Quiet Hours",
        category: .notifications,
        defaultSeverity: .warning,
        summary: "A server should hold alert notifications while it is night in the user's time zone.",
        rationale: """
            Seed 003: "don't send the push in the middle of the night, don't wake somebody up", \
            "think about time zones", and "create a Do Not Disturb Time window on your server-side": \
            "Users have the do not disturb setting on their phone but they might not use that so you \
            cannot rely on it." An alert at the wrong hour feels like spam, and users answer spam \
            by turning notifications off or deleting the app. A recommendation, so a warning. The \
            scenario states the user's quiet hours and time zone on the device; a time-sensitive \
            or critical alert is exempt, as Apple lets those break through Focus. Judged in \
            scenarios only: a payload file does not say when it is sent.
            """,
        sources: [
            "WWDC13, the Apple Store app team's talk (seed 003), lines 61-67 [H]", "Apple, User Notifications, UNNotificationInterruptionLevel [H]",
        ],
        passing: [
            RuleExample(scenario: scenario(at: "2026-06-01T14:00:00Z")),
            RuleExample(scenario: scenario(at: "2026-06-01T07:30:00Z", interruption: "time-sensitive")),
        ],
        failing: [
            RuleExample(scenario: scenario(at: "2026-06-01T07:30:00Z"), at: ["/steps/1/sendPush/notification"]),
            RuleExample(scenario: scenario(at: "2026-06-02T03:00:00Z", doNotDisturb: true), at: ["/steps/1/sendPush/notification"]),
        ])

    func check(_ event: PushDuringQuietHours, in context: RuleContext) -> [Violation] {
        let silenced = event.silenced ? "; Do Not Disturb kept it quiet, but the user might not have turned it on" : ""
        return [
            Violation(
                "the alert reaches '\(event.device)' at \(event.localTime) (\(event.timeZone)), inside the user's quiet hours \(event.window)\(silenced); hold it on the server until the window ends",
                at: event.pointer)
        ]
    }
}
