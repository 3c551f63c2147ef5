import ProctorEngine
import ProctorVocabulary

// Remote notifications (docs/notifications.md), from an `.apns` file or a donation file alike.

extension RemoteNotification: RuleSubject { package static var scope: RuleScope { .payload } }
