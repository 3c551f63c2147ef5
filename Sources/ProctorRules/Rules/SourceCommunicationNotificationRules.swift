import ProctorEngine
import ProctorJSON

// Rules over communication notifications as the app's Swift builds them, judged by proctor scan
// (docs/scan.md, "Communication notifications", issue 34): a notification service extension that
// updates a notification's content with a message or call intent, `content.updating(from:
// intent)`. What the intent holds (its sender, the activity type it is declared as) is judged as
// the incoming interaction the notification stands for, by the interaction rules. Examples are
// Swift files.

private let guide = "Apple, User Notifications, \"Implementing communication notifications\""

/// A notification service extension's Swift: `didReceive` builds an incoming message intent
/// (with a sender, as Apple's sample does), then runs `donation` and updates the content.
private func serviceExtension(donation: String, intent: String = "intent") -> String {
    """
    import Intents
    import UserNotifications

    final class NotificationService: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            Task {
                let sender = INPerson(
                    personHandle: INPersonHandle(value: "unique-user-id-1", type: .unknown), nameComponents: nil, displayName: "Ana Lima",
                    image: nil, contactIdentifier: nil, customIdentifier: nil)
                let intent = INSendMessageIntent(
                    recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Running late", speakableGroupName: nil,
                    conversationIdentifier: "chat-ana", serviceName: nil, sender: sender, attachments: nil)
    \(donation)
                do {
                    contentHandler(try request.content.updating(from: \(intent)))
                } catch {
                    contentHandler(request.content)
                }
            }
        }
    }

    """
}

private let incomingDonation = """
                let interaction = INInteraction(intent: intent, response: nil)
                interaction.direction = .incoming
                try? await interaction.donate()
    """

/// An entitlements file whose one key is `key` set to true.
private func entitlements(_ key: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>\(key)</key>
    \t<true/>
    </dict>
    </plist>

    """
}

/// The interaction of a communication notification's intent is donated, incoming, first.
struct SourceCommunicationNotificationDonatedRule: Rule {
    static let description = RuleDescription(
        id: "source_communication_notification_donated",
        name: "Communication Notification Donates Its Interaction First",
        category: .communication,
        defaultSeverity: .warning,
        summary:
            "Before updating a notification's content with a message or call intent (updating(from:)), the app should donate an incoming INInteraction of that intent.",
        rationale: """
            Apple's guide orders the steps: the app configures the intent, "and then donates the \
            interaction"; "After your app donates the interaction, your app updates the incoming \
            notification's content". Its sample sets the direction to incoming and donates \
            "before updating notification content". The guide gives the donation's purpose as \
            Siri's suggestions, and says no "must", so a missing donation is a warning. Found: an \
            INInteraction(intent:) of the same intent whose donate is called before the update, \
            in the same function, in the function of the app's that returns the intent, or in a \
            function the intent is handed to first. Its direction set to anything but incoming \
            is reported; one left unset is interaction_direction's when that interaction is read \
            as a payload, and reported here otherwise. An intent the scan cannot follow (a \
            parameter, a value computed elsewhere) is noted, not judged. Whether the donation \
            completed before the update (Apple's sample awaits it) is not checked.
            """,
        sources: [
            guide
                + ": \"Your app initializes relevant participants of the communication, configures an intent object that describes the communication taking place, and then donates the interaction\" [H]",
            guide
                + ": \"Set the interaction's direction to INInteractionDirection.incoming\"; the sample: \"Donate the interaction before updating notification content\" [H]",
            "Apple, User Notifications, UNNotificationContent.updating(from:) (iOS 15) [H]",
        ],
        passing: [
            RuleExample(serviceExtension(donation: incomingDonation), named: "NotificationService.swift"),
            // The intent built and donated by a function of the app's that returns it.
            RuleExample(
                """
                import Intents
                import UserNotifications

                final class Decorator {
                    func decorate(_ content: UNNotificationContent) async -> UNNotificationContent {
                        let intent = await buildIntent()
                        return (try? content.updating(from: intent)) ?? content
                    }

                    func buildIntent() async -> INSendMessageIntent {
                        let sender = INPerson(
                            personHandle: INPersonHandle(value: "kitchen", type: .unknown), nameComponents: nil, displayName: "Kitchen",
                            image: nil, contactIdentifier: nil, customIdentifier: nil)
                        let intent = INSendMessageIntent(
                            recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Timer done", speakableGroupName: nil,
                            conversationIdentifier: "kitchen", serviceName: nil, sender: sender, attachments: nil)
                        let interaction = INInteraction(intent: intent, response: nil)
                        interaction.direction = .incoming
                        interaction.donate { _ in }
                        return intent
                    }
                }

                """, named: "Decorator.swift"),
        ],
        failing: [
            // No interaction at all: the content is updated with an intent nobody donated.
            RuleExample(
                serviceExtension(donation: ""), named: "NotificationService.swift",
                at: ["/NotificationService.didReceive(_:withContentHandler:)/updating/0"]),
            // Donated, but as outgoing.
            RuleExample(
                serviceExtension(
                    donation: """
                                    let interaction = INInteraction(intent: intent, response: nil)
                                    interaction.direction = .outgoing
                                    interaction.donate { _ in }
                        """),
                named: "NotificationService.swift", at: ["/NotificationService.didReceive(_:withContentHandler:)/updating/0/donation"]),
        ])

    func check(_ subject: SourceCommunicationNotifications, in context: RuleContext) -> [Violation] {
        subject.updates.compactMap { update in
            let built = update.builder.map { " (built by \($0))" } ?? ""
            guard update.donated else {
                let handed =
                    update.handedTo.isEmpty
                    ? ""
                    : "; it is handed to \(update.handedTo.map { "'\($0)'" }.joined(separator: ", ")) first, which the scan does not find donating it"
                return Violation(
                    "\(update.symbol) updates the notification with an \(update.className)\(built) without donating an incoming INInteraction of it first\(handed); Apple's guide donates the interaction, then updates the content",
                    at: update.pointer)
            }
            guard !update.directionIsComputed else { return nil }
            let at = update.donationPointer ?? update.pointer
            if let direction = update.direction {
                guard direction != "incoming" else { return nil }
                return Violation(
                    "the interaction donated before this communication notification is '\(direction)'; a notification the user receives is an incoming interaction (set direction to .incoming)",
                    at: at)
            }
            guard !update.donationIsJudged else { return nil }
            return Violation(
                "the interaction donated before this communication notification sets no direction, so it is 'unspecified'; a notification the user receives is an incoming interaction (set direction to .incoming)",
                at: at)
        }
    }
}

/// An app that makes communication notifications has the entitlement for them.
struct SourceCommunicationNotificationEntitlementRule: Rule {
    static let description = RuleDescription(
        id: "source_communication_notification_entitlement",
        name: "Communication Notifications Entitlement Is Present",
        category: .communication,
        defaultSeverity: .error,
        summary:
            "An app that updates notifications with message or call intents must have the Communication Notifications capability: com.apple.developer.usernotifications.communication set to true in its entitlements.",
        rationale: """
            Apple's guide makes the capability the first step: "Enable the Communication \
            Notifications capability in your app target before you implement communication \
            notifications"; Xcode records it as the key \
            com.apple.developer.usernotifications.communication in the target's entitlements \
            file. The guide states it as a prerequisite of the feature rather than with "must", \
            and Proctor reads it as one (an error). Judged only when the scan reads the app's \
            entitlements files (the targets' CODE_SIGN_ENTITLEMENTS in an Xcode project, or \
            --entitlements): the key in the app's file or in one of its extensions' counts, as \
            Apple names the app target and apps commonly set it on the app alone. Reported once, \
            at the first update.
            """,
        sources: [
            guide
                + ": \"Enable the Communication Notifications capability in your app target before you implement communication notifications\" [H]",
            "Apple, Xcode capabilities: Communication Notifications, entitlement key com.apple.developer.usernotifications.communication (Boolean) [M]",
        ],
        passing: [
            RuleExample(
                serviceExtension(donation: incomingDonation), named: "NotificationService.swift",
                besides: [.init("App.entitlements", entitlements(SourceCommunicationNotifications.entitlementKey))]),
            // No entitlements file read: nothing to judge.
            RuleExample(serviceExtension(donation: incomingDonation), named: "NotificationService.swift"),
        ],
        failing: [
            RuleExample(
                serviceExtension(donation: incomingDonation), named: "NotificationService.swift",
                besides: [.init("App.entitlements", entitlements("com.apple.developer.usernotifications.time-sensitive"))],
                at: ["/NotificationService.didReceive(_:withContentHandler:)/updating/0"])
        ])

    func check(_ subject: SourceCommunicationNotifications, in context: RuleContext) -> [Violation] {
        guard subject.isEntitled == false, let first = subject.updates.first else { return [] }
        let files = subject.entitlementsFiles.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return [
            Violation(
                "\(first.symbol) makes a communication notification (updating(from:) with an \(first.className)), but no entitlements file of the app (\(files)) sets \(SourceCommunicationNotifications.entitlementKey) to true; enable the Communication Notifications capability",
                at: first.pointer)
        ]
    }
}
