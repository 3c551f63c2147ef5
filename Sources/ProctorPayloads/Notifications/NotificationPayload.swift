import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// Remote notifications (docs/notifications.md), judged alike wherever they are written: an
// `.apns` file (ProctorInputs' `NotificationInput`), or a donation file beside donations,
// {"notification": {"headers": {...}, "payload": {...}}}, which states the request headers too.

extension RemoteNotification: EmbeddedPayload {
    package static var scope: RuleScope { .payload }
    package static var payloadKey: String { "notification" }

    /// A request, as a donation file writes it: its headers and its payload.
    package static func decode(
        _ node: JSONNode, at pointer: JSONPointer, locate: @escaping (Int, JSONPointer) -> SourceLocation
    ) -> (payload: RemoteNotification?, diagnostics: [Diagnostic]) {
        var decoder = RemoteNotificationDecoder(locate: locate)
        return (decoder.decodeRequest(node, at: pointer), decoder.diagnostics)
    }
}
