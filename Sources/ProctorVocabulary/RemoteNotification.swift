import ProctorJSON

// A remote notification as a provider sends it to the Apple Push Notification service: the
// request's headers, when the input states them, and the JSON payload with its `aps` dictionary
// (Apple, "Sending notification requests to APNs" and "Generating a remote notification";
// docs/notifications.md). Each value keeps its pointer, so a rule can say where it is written.

/// One notification request: what a `{"notification": {...}}` payload or an `.apns` file holds.
package struct RemoteNotification: Sendable {
    /// The request headers; nil when the input gives the payload alone (an `.apns` file, or a
    /// `notification` without `headers`): the rules on headers then have nothing to judge.
    package var headers: NotificationHeaders?
    package var payload: NotificationPayload
    /// The payload's size in bytes written compactly (no whitespace), the smallest body a server
    /// can send for it: what APNs' limit is judged on. An `.apns` file's `Simulator Target Bundle`
    /// key, which only the simulator reads, is not counted.
    package var payloadSize: Int
    /// The bytes of an `.apns` file as written (whitespace included): what a server that sends
    /// the file as it is sends. Nil for a payload written inside another document.
    package var writtenSize: Int?
    /// Where the notification is written: the `notification` object, or the root of an `.apns` file.
    package var pointer: JSONPointer

    package init(headers: NotificationHeaders?, payload: NotificationPayload, payloadSize: Int, writtenSize: Int? = nil, pointer: JSONPointer) {
        self.headers = headers
        self.payload = payload
        self.payloadSize = payloadSize
        self.writtenSize = writtenSize
        self.pointer = pointer
    }

    /// The top-level key of an `.apns` file that names the app for Xcode's simulator; it is not
    /// part of what a server sends.
    package static let simulatorTargetKey = "Simulator Target Bundle"

    /// The push type the request declares, or the one its payload implies when it declares none
    /// (a payload whose `aps` holds only `content-available` is a background notification).
    package var effectivePushType: PushType {
        if let declared = headers?.pushType.flatMap(PushType.init(rawValue:)) { return declared }
        return payload.aps?.isBackgroundOnly == true ? .background : .alert
    }
}

/// `apns-push-type`: what the notification is for, which decides its topic and size limit.
package enum PushType: String, Sendable, CaseIterable {
    case alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk, widgets, controls

    /// What `apns-topic` adds to the bundle identifier for this type; nil when the topic is not
    /// derived from the bundle identifier (mdm's comes from the MDM certificate) or Apple does
    /// not document a suffix.
    package var topicSuffix: String? {
        switch self {
        case .alert, .background: ""
        case .voip: ".voip"
        case .complication: ".complication"
        case .fileprovider: ".pushkit.fileprovider"
        case .location: ".location-query"
        case .liveactivity: ".push-type.liveactivity"
        case .pushtotalk: ".voip-ptt"
        case .widgets, .controls, .mdm: nil
        }
    }

    /// The largest payload APNs accepts for this type, in bytes: "4 KB (4096 bytes)", and
    /// "5 KB (5120 bytes)" for VoIP.
    package var payloadLimit: Int { self == .voip ? 5120 : 4096 }

    /// Whether the push goes to the token `registerForRemoteNotifications` gives (alert and
    /// background pushes); the other types use tokens of their own (PushKit, ActivityKit, the
    /// location push service), and their payloads follow their own frameworks.
    package var usesRemoteNotificationToken: Bool { self == .alert || self == .background }

    /// "a voip notification", "an alert notification".
    package var withArticle: String { (["a", "e", "i", "o", "u"].contains(rawValue.prefix(1)) ? "an " : "a ") + rawValue }
}

/// The request headers Proctor reads. A header the input does not give is nil.
package struct NotificationHeaders: Sendable {
    package static let keys = ["apns-push-type", "apns-priority", "apns-topic", "apns-expiration", "apns-collapse-id", "apns-id"]

    /// `apns-push-type` as written (an unknown value is kept for the rule that names it).
    package var pushType: String?
    package var priority: Int64?
    package var topic: String?
    package var expiration: Int64?
    package var collapseID: String?
    package var id: String?
    /// Where the `headers` object is written.
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ header: String) -> JSONPointer { pointer.appending(header) }

    /// Whether `text` is the form `apns-id` takes: a canonical UUID, 32 lowercase hexadecimal
    /// digits in groups of 8-4-4-4-12.
    package static func isCanonicalUUID(_ text: String) -> Bool {
        isUUID(text, lowercaseOnly: true)
    }
}

/// The JSON payload: the `aps` dictionary the system acts on, and the app's own keys beside it.
package struct NotificationPayload: Sendable {
    /// nil when the payload has no `aps` key.
    package var aps: APSDictionary?
    /// The keys outside `aps`, which reach the app in `userInfo`.
    package var custom: [PropertyListEntry]
    package var pointer: JSONPointer

    package init(aps: APSDictionary?, custom: [PropertyListEntry], pointer: JSONPointer) {
        self.aps = aps
        self.custom = custom
        self.pointer = pointer
    }
}

/// The `aps` dictionary: the keys Apple defines, each as written.
package struct APSDictionary: Sendable {
    /// Every key of the dictionary Apple defines, in the order messages list them.
    package static let keys = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content", "target-content-id",
        "interruption-level", "relevance-score", "filter-criteria", "stale-date", "content-state", "timestamp", "event",
        "dismissal-date", "attributes-type", "attributes", "input-push-token", "input-push-channel", "content-changed",
    ]
    /// `interruption-level`'s documented values.
    package static let interruptionLevels = ["passive", "active", "time-sensitive", "critical"]
    /// A Live Activity's `event` values.
    package static let liveActivityEvents = ["start", "update", "end"]

    package var alert: NotificationAlert?
    package var badge: Int64?
    package var sound: NotificationSound?
    package var threadID: String?
    package var category: String?
    package var contentAvailable: Int64?
    package var mutableContent: Int64?
    package var targetContentID: String?
    package var interruptionLevel: String?
    package var relevanceScore: Double?
    package var event: String?
    /// Every key written, known or not, in document order.
    package var writtenKeys: [String] = []
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// Whether the notification interacts with the user: an alert, a badge or a sound.
    package var interactsWithUser: Bool { alert != nil || badge != nil || sound != nil }

    /// `content-available: 1` and nothing that interacts with the user: a background update.
    package var isBackgroundOnly: Bool { contentAvailable == 1 && !interactsWithUser }

    /// A time-sensitive or critical alert, which iOS lets through Focus and Do Not Disturb when
    /// the app may send them and the user allows it.
    package var breaksThroughFocus: Bool { interruptionLevel == "time-sensitive" || interruptionLevel == "critical" }
}

/// `aps.alert`: a string (the body) or a dictionary.
package struct NotificationAlert: Sendable {
    package static let keys = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key", "subtitle-loc-args",
        "loc-key", "loc-args", "action-loc-key", "summary-arg", "summary-arg-count",
    ]

    package var title: String?
    package var subtitle: String?
    package var body: String?
    package var titleLocKey: String?
    package var titleLocArgs: [String]?
    package var subtitleLocKey: String?
    package var subtitleLocArgs: [String]?
    package var locKey: String?
    package var locArgs: [String]?
    /// Written as a string rather than a dictionary.
    package var isString = false
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// What the banner shows first: the title, else the body (keys to localize stand in for them).
    package var headline: String? {
        title ?? titleLocKey ?? body ?? locKey
    }
}

/// `aps.sound`: a sound file's name, or a dictionary for a critical alert's sound.
package struct NotificationSound: Sendable {
    package static let keys = ["critical", "name", "volume"]

    package var name: String?
    package var critical: Int64?
    package var volume: Double?
    package var isDictionary = false
    package var pointer: JSONPointer

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}
