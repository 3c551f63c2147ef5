import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Remote notifications (docs/notifications.md), in two shapes:
//
// - an `.apns` file holds one payload exactly as the provider sends it, so its size is the
//   file's bytes, as APNs measures it;
// - a donation file may hold `{"notification": {"headers": {...}, "payload": {...}}}` beside
//   donations, which states the request headers too; `EmbeddedPayloads<RemoteNotification>`
//   reads those (ProctorPayloads' Notifications/).

/// `.apns` files: one notification payload each, its bytes exactly as sent.
package struct NotificationInput: PayloadInput {
    package static let fileExtension = ".apns"

    package init() {}

    package var name: String { "notification payload" }

    package func claims(path: String) -> Bool {
        path.hasSuffix(Self.fileExtension)
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        NotificationFileChecker(run: run)
    }
}

/// Reads and judges `.apns` files, one at a time.
final class NotificationFileChecker: PayloadChecker {
    private let notifications: SubjectRules<RemoteNotification>
    private let context: RuleContext
    private let parser: JSONDocumentParser

    init(run: PayloadRun) {
        notifications = run.engine.rules()
        context = run.context
        parser = JSONDocumentParser(limits: run.limits)
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        var result = FileResult(path: path)
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch parser.parse(source) {
        case .failure(let error):
            result.inputErrors.append(InputError(error, in: source, file: path))
            return result
        case .success(let node): root = node
        }
        let locate = { (offset: Int, pointer: JSONPointer) in SourceLocation(file: path, offset: offset, pointer: pointer, in: source) }
        var decoder = RemoteNotificationDecoder(locate: locate)
        let notification = decoder.decodeFile(root, byteCount: bytes.count)
        result.diagnostics = decoder.diagnostics
        result.wasChecked = true
        guard let notification else {
            result.leftOutPayloadCount = 1
            return result
        }
        result.payloadCount = 1
        notifications.judge(notification, in: context, locate: { locate(root.offset(of: $0), $0) }, into: &result.findings)
        return result
    }
}
