import Foundation
import ProctorCore
import ProctorJSON

/// Maps parsed JSON onto ``RemoteNotification``, through the same ``JSONFieldReader`` as every
/// payload: unknown keys are warnings with a suggestion (APNs ignores a key it does not define),
/// wrong types are errors at the value. A notification with an error is not judged by the rules.
package struct RemoteNotificationDecoder {
    var reader: JSONFieldReader
    package var diagnostics: [Diagnostic] { reader.problems }

    package init(locate: @escaping (Int, JSONPointer) -> SourceLocation) {
        self.reader = JSONFieldReader(codes: .payload, locate: locate)
    }

    /// The keys of a `notification` written inside a payload file.
    package static let requestKeys = ["headers", "payload"]

    /// A `{"headers": {...}, "payload": {...}}` request written inside another document: the
    /// payload's size is that of its compact serialization, as a server writes it.
    package mutating func decodeRequest(_ node: JSONNode, at pointer: JSONPointer) -> RemoteNotification? {
        guard let object = reader.object(node, pointer, what: "notification") else { return nil }
        let errorsBefore = reader.errorCount
        reader.checkKeys(object, pointer, allowed: Self.requestKeys, in: "notification")
        let headers = object["headers"].flatMap { decodeHeaders($0.value, at: pointer.appending("headers")) }
        guard let payloadNode = reader.required(object, "payload", node, pointer) else { return nil }
        let payload = decodePayload(payloadNode, at: pointer.appending("payload"))
        guard let payload, reader.errorCount == errorsBefore else { return nil }
        return RemoteNotification(headers: headers, payload: payload, payloadSize: Self.compactSize(of: payloadNode), pointer: pointer)
    }

    /// A payload file's whole content (an `.apns` file): its size is the file's bytes.
    package mutating func decodeFile(_ root: JSONNode, byteCount: Int) -> RemoteNotification? {
        let errorsBefore = reader.errorCount
        guard let payload = decodePayload(root, at: .root, isFile: true), reader.errorCount == errorsBefore else { return nil }
        return RemoteNotification(headers: nil, payload: payload, payloadSize: Self.compactSize(of: root), writtenSize: byteCount, pointer: .root)
    }

    /// The bytes of `payload` written compactly, as JSONSerialization and most server libraries
    /// write it, without the simulator's `Simulator Target Bundle` key.
    static func compactSize(of payload: JSONNode) -> Int {
        var size = JSONWriter.write(payload).utf8.count
        if case .object(let object) = payload.value, let target = object[RemoteNotification.simulatorTargetKey] {
            var key = ""
            JSONWriter.writeString(target.key, into: &key)
            size -= key.utf8.count + 1 + JSONWriter.write(target.value).utf8.count + (object.count > 1 ? 1 : 0)
        }
        return size
    }

    // MARK: - Headers

    mutating func decodeHeaders(_ node: JSONNode, at pointer: JSONPointer) -> NotificationHeaders? {
        guard let object = reader.object(node, pointer, what: "headers") else { return nil }
        var headers = NotificationHeaders(pointer: pointer)
        var seen: [String: String] = [:]
        for member in object.members {
            let at = pointer.appending(member.key)
            let name = member.key.lowercased()
            if NotificationHeaders.keys.contains(name) {
                if let first = seen[name] {
                    reader.report(
                        reader.codes.invalidValue,
                        "'\(member.key)' repeats the header '\(first)' (header names are case-insensitive); which one a server sends is unclear",
                        offset: member.keyOffset, pointer: at)
                    continue
                }
                seen[name] = member.key
            }
            switch name {
            case "apns-push-type": headers.pushType = reader.string(member.value, at)
            case "apns-priority": headers.priority = headerInteger(member.value, at)
            case "apns-topic": headers.topic = reader.string(member.value, at)
            case "apns-expiration": headers.expiration = headerInteger(member.value, at)
            case "apns-collapse-id": headers.collapseID = reader.string(member.value, at)
            case "apns-id": headers.id = reader.string(member.value, at)
            default:
                // HTTP header names are case-insensitive; `authorization` and the rest are the
                // transport's, not the notification's.
                reader.unknownKey(member, in: "headers", at: at, known: NotificationHeaders.keys, unmodelled: ["authorization", "apns-unique-id"])
            }
        }
        return headers
    }

    /// A header carrying a number: HTTP sends text, so `"10"` and `10` are both read.
    private mutating func headerInteger(_ node: JSONNode, _ pointer: JSONPointer) -> Int64? {
        switch node.value {
        case .integer(let value): return value
        case .unsignedInteger(let value):
            if let exact = Int64(exactly: value) { return exact }
            reader.invalid("\(value) is too large for a header", node, pointer)
            return nil
        case .string(let text):
            if let value = Int64(text.trimmingCharacters(in: .whitespaces)) { return value }
            reader.invalid("'\(text)' is not a whole number", node, pointer)
            return nil
        default:
            reader.mismatch("a whole number (or its text)", node, pointer)
            return nil
        }
    }

    // MARK: - Payload

    mutating func decodePayload(_ node: JSONNode, at pointer: JSONPointer, isFile: Bool = false) -> NotificationPayload? {
        guard let object = reader.object(node, pointer, what: "payload") else { return nil }
        var aps: APSDictionary?
        var custom: [PropertyListEntry] = []
        custom.reserveCapacity(object.count)
        for member in object.members {
            if isFile && member.key == RemoteNotification.simulatorTargetKey {
                _ = reader.string(member.value, pointer.appending(member.key))
            } else if member.key == "aps" {
                aps = decodeAPS(member.value, at: pointer.appending("aps"))
            } else {
                custom.append(PropertyListEntry(key: member.key, value: Self.plain(member.value, at: pointer.appending(member.key)), parent: pointer))
            }
        }
        return NotificationPayload(aps: aps, custom: custom, pointer: pointer)
    }

    private mutating func decodeAPS(_ node: JSONNode, at pointer: JSONPointer) -> APSDictionary? {
        guard let object = reader.object(node, pointer, what: "aps") else { return nil }
        var aps = APSDictionary(pointer: pointer)
        for member in object.members {
            aps.writtenKeys.append(member.key)
            let at = pointer.appending(member.key)
            let value = member.value
            switch member.key {
            case "alert": aps.alert = decodeAlert(value, at: at)
            case "badge": aps.badge = integer(value, at)
            case "sound": aps.sound = decodeSound(value, at: at)
            case "thread-id": aps.threadID = reader.string(value, at)
            case "category": aps.category = reader.string(value, at)
            case "content-available": aps.contentAvailable = integer(value, at)
            case "mutable-content": aps.mutableContent = integer(value, at)
            case "target-content-id": aps.targetContentID = reader.string(value, at)
            case "interruption-level": aps.interruptionLevel = reader.string(value, at)
            case "relevance-score": aps.relevanceScore = reader.number(value, at)
            case "event": aps.event = reader.string(value, at)
            case "filter-criteria", "attributes-type", "input-push-token": _ = reader.string(value, at)
            case "stale-date", "timestamp", "dismissal-date": _ = integer(value, at)
            case "content-state", "attributes", "input-push-channel", "content-changed": break
            default:
                // "APNs ignores custom keys" in aps: the app's own keys belong beside it.
                reader.unknownKey(member, in: "aps (the app's own keys belong beside aps, not in it)", at: at, known: APSDictionary.keys)
            }
        }
        return aps
    }

    private mutating func decodeAlert(_ node: JSONNode, at pointer: JSONPointer) -> NotificationAlert? {
        var alert = NotificationAlert(pointer: pointer)
        if case .string(let body) = node.value {
            alert.body = body
            alert.isString = true
            return alert
        }
        guard case .object(let object) = node.value else {
            reader.mismatch("a string or an object", node, pointer)
            return nil
        }
        for member in object.members {
            let at = pointer.appending(member.key)
            let value = member.value
            switch member.key {
            case "title": alert.title = reader.string(value, at)
            case "subtitle": alert.subtitle = reader.string(value, at)
            case "body": alert.body = reader.string(value, at)
            case "title-loc-key": alert.titleLocKey = reader.string(value, at)
            case "title-loc-args": alert.titleLocArgs = reader.strings(value, at)
            case "subtitle-loc-key": alert.subtitleLocKey = reader.string(value, at)
            case "subtitle-loc-args": alert.subtitleLocArgs = reader.strings(value, at)
            case "loc-key": alert.locKey = reader.string(value, at)
            case "loc-args": alert.locArgs = reader.strings(value, at)
            case "launch-image", "action-loc-key", "summary-arg": _ = reader.string(value, at)
            case "summary-arg-count": _ = integer(value, at)
            default: reader.unknownKey(member, in: "alert", at: at, known: NotificationAlert.keys)
            }
        }
        return alert
    }

    private mutating func decodeSound(_ node: JSONNode, at pointer: JSONPointer) -> NotificationSound? {
        var sound = NotificationSound(pointer: pointer)
        if case .string(let name) = node.value {
            sound.name = name
            return sound
        }
        guard case .object(let object) = node.value else {
            reader.mismatch("a string or an object", node, pointer)
            return nil
        }
        sound.isDictionary = true
        for member in object.members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "name": sound.name = reader.string(member.value, at)
            case "critical": sound.critical = integer(member.value, at)
            case "volume": sound.volume = reader.number(member.value, at)
            default: reader.unknownKey(member, in: "sound", at: at, known: NotificationSound.keys)
            }
        }
        return sound
    }

    private mutating func integer(_ node: JSONNode, _ pointer: JSONPointer) -> Int64? {
        reader.wholeNumber(node, pointer)
    }

    /// A custom key's value as the app receives it in `userInfo`: JSON's own types, untagged.
    /// `pointer` is built only for a collection, whose elements keep it: a payload of millions of
    /// scalar values built a pointer for each.
    static func plain(_ node: JSONNode, at lazyPointer: @autoclosure () -> JSONPointer) -> PropertyListValue {
        switch node.value {
        case .null: return .null
        case .bool(let value): return .boolean(value)
        case .integer(let value): return .integer(value)
        case .unsignedInteger(let value): return .unsignedInteger(value)
        case .double(let value): return .real(value)
        case .string(let value): return .string(value)
        case .array(let elements):
            let pointer = lazyPointer()
            return .array(elements.enumerated().map { PropertyListElement(value: plain($1, at: pointer.appending($0)), parent: pointer, index: $0) })
        case .object(let object):
            let pointer = lazyPointer()
            return .dictionary(
                object.members.map { PropertyListEntry(key: $0.key, value: plain($0.value, at: pointer.appending($0.key)), parent: pointer) })
        }
    }
}
