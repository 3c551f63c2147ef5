import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// Remote notifications in the model (docs/system-model.md, "Remote notifications"): the device
/// tokens it issues when the app registers, what APNs answers a provider's request, what each
/// device does with a notification APNs accepts, and the notifications waiting in Notification
/// Center for the user to tap. Seed 003 (lines 44-47 and 61-70) is the flow; Apple's "Sending
/// notification requests to APNs" and "Handling notification responses from APNs" are the answers.
struct NotificationModel {
    /// What the user answered when the app asked to show notifications.
    enum Authorization: String, Sendable, CaseIterable {
        case granted
        case denied
    }

    /// A token the model issued to one install of the app.
    struct Token {
        var value: String
        var device: Int
        /// When the app it was issued to was removed; APNs then answers 410 Unregistered.
        var unregisteredAt: Date?
    }

    /// What APNs answered the last request, and why.
    struct Answer {
        var step: Int
        var status: Int
        /// nil for 200.
        var reason: String?
        /// For 410: when APNs confirmed that the token is no longer valid.
        var timestamp: Date?
        var why: String
        var summary: String { reason.map { "\(status) \($0)" } ?? "\(status)" }
    }

    /// A notification APNs accepted for a device, as the device handled it.
    struct Delivered {
        var step: Int
        var device: Int
        var notification: RemoteNotification
        var at: Date
        var presentation: Presentation
        /// The alert's headline (title, else body), which the user sees and taps.
        var headline: String?
        /// Posted by the app (a local notification), not pushed.
        var isLocal = false
    }

    enum Presentation: Equatable {
        /// A banner (with its sound), and the notification in Notification Center.
        case banner
        /// In Notification Center without a banner or sound: Do Not Disturb.
        case quiet(String)
        /// Not shown at all: the user denied notifications, or it has nothing to show.
        case hidden(String)
        /// A background notification: the app is woken, nothing is shown.
        case backgroundWake
    }

    /// The token of each device's current install (the user's answer is in ``authorizations``).
    private(set) var registrations: [Int: String] = [:]
    /// What the user answered the app's authorization request, per device.
    private(set) var authorizations: [Int: Authorization] = [:]
    /// Every token issued, by value.
    private(set) var tokens: [String: Token] = [:]
    /// The last token each device's app registered: what the server stored for it, kept after
    /// the app is removed, since the server learns of that only from APNs.
    private(set) var lastToken: [Int: String] = [:]
    private var issued = 0
    private(set) var answers: [Answer] = []
    private(set) var delivered: [Delivered] = []

    /// Registers the app on `device`: the first registration of an install issues a token, later
    /// ones return the same (Apple: the token changes when the app is reinstalled or the device
    /// restored, and the model changes it only then).
    @discardableResult
    mutating func register(device: Int, deviceName: String, bundleIdentifier: String, authorization: Authorization) -> String {
        authorize(device: device, authorization)
        if let token = registrations[device] { return token }
        issued += 1
        let token = Self.token(for: "\(bundleIdentifier)|\(deviceName)|\(issued)")
        tokens[token] = Token(value: token, device: device)
        lastToken[device] = token
        registrations[device] = token
        return token
    }

    /// The user answers the app's authorization request (`requestAuthorization`), without a
    /// registration for remote notifications: local notifications need only this.
    mutating func authorize(device: Int, _ authorization: Authorization) {
        // iOS asks once per install; the first answer holds (changing it is in Settings).
        if authorizations[device] == nil { authorizations[device] = authorization }
    }

    /// The app posts a local notification on `device` (`UNUserNotificationCenter.add`), shown as
    /// a remote one would be. It is listed like one, and a tap routes it the same way.
    mutating func postLocal(_ content: LocalNotification, on device: Int, step: Int, now: Date, devices: [Device], pointer: JSONPointer) -> Delivered
    {
        var aps = APSDictionary(pointer: pointer)
        var alert = NotificationAlert(pointer: pointer)
        alert.title = content.title
        alert.subtitle = content.subtitle
        alert.body = content.body
        aps.alert = alert
        aps.category = content.categoryIdentifier
        aps.threadID = content.threadIdentifier
        aps.interruptionLevel = content.interruptionLevel.flatMap { LocalNotification.interruptionLevels[$0] }
        let notification = RemoteNotification(
            headers: nil, payload: NotificationPayload(aps: aps, custom: content.userInfo, pointer: pointer), payloadSize: 0, pointer: pointer)
        let delivered = Delivered(
            step: step, device: device, notification: notification, at: now,
            presentation: present(notification, on: device, at: now, devices: devices),
            headline: alert.headline, isLocal: true)
        self.delivered.append(delivered)
        return delivered
    }

    /// The app is removed from `device`: its token is no longer valid from `now`, and its
    /// notifications leave Notification Center.
    mutating func appRemoved(device: Int, at now: Date) {
        authorizations[device] = nil
        if let token = registrations.removeValue(forKey: device) {
            tokens[token]?.unregisteredAt = now
        }
        delivered.removeAll { $0.device == device }
    }

    /// A deterministic 32-byte token, in hexadecimal: the same scenario always gets the same
    /// tokens. (Apple: "don't assume a device token length"; today's are 32 bytes.)
    static func token(for seed: String) -> String {
        var text = ""
        for round in 0..<4 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ UInt64(round)
            for byte in "\(round):\(seed)".utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            text += String(hash, radix: 16).leftPadded(to: 16)
        }
        return text
    }

    // MARK: - APNs

    /// APNs' answer to a request for `token`, and what the device does with an accepted
    /// notification. The request is judged before the token, as APNs validates headers first
    /// (an assumption: Apple documents the reasons, not their order).
    mutating func send(
        _ notification: RemoteNotification, to token: String, step: Int, now: Date, app: ScenarioApp, devices: [Device]
    ) -> Answer {
        let answer = answer(notification, token: token, step: step, now: now, app: app)
        answers.append(answer)
        guard answer.status == 200, let device = tokens[token]?.device else { return answer }
        let presentation = present(notification, on: device, at: now, devices: devices)
        let headline = notification.payload.aps?.alert?.headline
        delivered.append(Delivered(step: step, device: device, notification: notification, at: now, presentation: presentation, headline: headline))
        return answer
    }

    private func answer(_ notification: RemoteNotification, token: String, step: Int, now: Date, app: ScenarioApp) -> Answer {
        func refuse(_ status: Int, _ reason: String, _ why: String, timestamp: Date? = nil) -> Answer {
            Answer(step: step, status: status, reason: reason, timestamp: timestamp, why: why)
        }
        let headers = notification.headers ?? NotificationHeaders(pointer: notification.pointer)
        let type = notification.effectivePushType
        if let written = headers.pushType, PushType(rawValue: written) == nil {
            return refuse(400, "InvalidPushType", "'\(written)' is not an apns-push-type APNs knows")
        }
        if let priority = headers.priority, ![1, 5, 10].contains(priority) {
            return refuse(400, "BadPriority", "apns-priority \(priority) is not 10, 5 or 1")
        }
        if let expiration = headers.expiration, expiration < 0 {
            return refuse(400, "BadExpirationDate", "apns-expiration \(expiration) is not a UNIX time")
        }
        if let collapse = headers.collapseID, collapse.utf8.count > 64 {
            return refuse(400, "BadCollapseId", "apns-collapse-id is \(collapse.utf8.count) bytes, over 64")
        }
        if let id = headers.id, !NotificationHeaders.isCanonicalUUID(id) {
            return refuse(400, "BadMessageId", "apns-id '\(id)' is not a canonical UUID")
        }
        guard let topic = headers.topic else {
            return refuse(400, "MissingTopic", "the request has no apns-topic, which token-based authentication requires")
        }
        guard let known = tokens[token] else {
            return refuse(400, "BadDeviceToken", "'\(token)' is not a token the app registered on any device")
        }
        guard type.usesRemoteNotificationToken else {
            // Assumption: the model issues only registerForRemoteNotifications tokens; VoIP,
            // Live Activity, location and the other types have tokens of their own.
            return refuse(
                400, "DeviceTokenNotForTopic",
                "\(type.withArticle) push needs a token of its own (PushKit, ActivityKit, the location push service), not the one registerForRemoteNotifications gave"
            )
        }
        if let bundle = app.bundleIdentifier, let suffix = type.topicSuffix, topic != bundle + suffix {
            return refuse(
                400, "DeviceTokenNotForTopic", "the token belongs to the app, whose \(type.rawValue) topic is '\(bundle + suffix)', not '\(topic)'")
        }
        if notification.payload.aps == nil && notification.payload.custom.isEmpty {
            return refuse(400, "PayloadEmpty", "the payload is empty")
        }
        if notification.payloadSize > type.payloadLimit {
            return refuse(413, "PayloadTooLarge", "the payload is \(notification.payloadSize) bytes, over the \(type.payloadLimit) APNs accepts")
        }
        if let removed = known.unregisteredAt, removed <= now {
            return refuse(
                410, "Unregistered",
                "the app this token was issued to was removed from the device at \(DateFormat.format(removed)), the timestamp APNs answers with; the server should delete the token",
                timestamp: removed)
        }
        return Answer(step: step, status: 200, reason: nil, timestamp: nil, why: "APNs accepts the notification")
    }

    /// What the device does with a notification APNs accepted.
    private func present(_ notification: RemoteNotification, on device: Int, at now: Date, devices: [Device]) -> Presentation {
        guard let aps = notification.payload.aps, aps.interactsWithUser else {
            if notification.payload.aps?.contentAvailable == 1 { return .backgroundWake }
            return .hidden("it has no alert, badge or sound")
        }
        switch authorizations[device] {
        case .denied?: return .hidden("the user did not allow notifications")
        case nil: return .hidden("the app never asked the user to allow notifications")
        case .granted?: break
        }
        guard aps.alert != nil else {
            return .hidden("it has no alert; its badge or sound alone is not listed in Notification Center")
        }
        let owner = devices.indices.contains(device) ? devices[device] : nil
        if let owner, owner.doNotDisturb, let hours = owner.quietHours, hours.contains(now, in: owner.timeZone) {
            if aps.breaksThroughFocus {
                return .banner
            }
            return .quiet("Do Not Disturb silences it from \(hours.summary) on '\(owner.name)'")
        }
        if aps.interruptionLevel == "passive" { return .quiet("its interruption level is passive") }
        return .banner
    }

    /// The notification the user taps on `device`: the one whose headline is `headline`, else
    /// the latest in Notification Center. Tapping removes it from Notification Center.
    mutating func tap(device: Int, headline: String?) -> Delivered? {
        let listed = delivered.indices.filter { index in
            let candidate = delivered[index]
            guard candidate.device == device else { return false }
            switch candidate.presentation {
            case .banner, .quiet: return headline == nil || candidate.headline == headline
            case .hidden, .backgroundWake: return false
            }
        }
        guard let index = listed.last else { return nil }
        return delivered.remove(at: index)
    }

    /// The notifications Notification Center lists on `device`, oldest first.
    func listed(on device: Int) -> [Delivered] {
        delivered.filter { delivered in
            guard delivered.device == device else { return false }
            if case .banner = delivered.presentation { return true }
            if case .quiet = delivered.presentation { return true }
            return false
        }
    }

    /// How many background notifications woke the app on `device`.
    func backgroundWakes(on device: Int) -> Int {
        delivered.filter { $0.device == device && $0.presentation == .backgroundWake }.count
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
