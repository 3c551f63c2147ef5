import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// What a communication notification needs of its interaction beyond what every message or call
// donation needs (CommunicationRules.swift): the incoming interaction an app donates before it
// updates a notification's content with the intent (Apple, "Implementing communication
// notifications"), and which `proctor scan` writes for each `updating(from:)` it reads.

private let guide = "Apple, \"Implementing communication notifications\""

/// The person a communication notification shows has a name.
struct CommunicationNotificationSenderNameRule: Rule {
    static let description = RuleDescription(
        id: "communication_notification_sender_name",
        name: "Communication Notification Names Its Sender",
        category: .communication,
        defaultSeverity: .warning,
        summary:
            "The sender of an incoming message, and each contact of an incoming call, should have a displayName (or name components), the name a communication notification shows beside the avatar.",
        rationale: """
            A communication notification shows the person it comes from: Apple's guide builds the \
            sender of an incoming message (and the caller of an incoming call) as an INPerson with \
            a personHandle, a displayName and an image, and says that the image "becomes the \
            avatar for the notification". Apple does not say in words that the name is required; \
            Proctor assumes that a person with neither displayName nor name components gives the \
            notification no name to show, and warns. The handle itself is communication_recipients' \
            and a missing sender interaction_direction's. Judged on incoming messages and calls \
            only: an outgoing donation's sender is the user. A name computed at run time is not \
            judged.
            """,
        sources: [
            guide
                + ": \"Create an INPerson object for each relevant participant\"; the sample's sender and caller: INPerson(personHandle:nameComponents:displayName: \"Example\", image: avatar, …) [H]",
            guide + ": \"The image of the sender becomes the avatar for the notification\" [H]",
            "Proctor assumption: a person with no displayName and no name components has no name to show",
        ],
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "unique-user-id-1", "type": "unknown"}, "displayName": "Ana Lima"}, "content": "Running late", "conversationIdentifier": "chat-ana"}}, "direction": "incoming"}}"#
            ),
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}, "nameComponents": {"givenName": "Ana", "familyName": "Lima"}}], "callCapability": "audioCall"}}, "direction": "incoming"}}"#
            ),
            // An outgoing message's sender is the user: its recipients are the contact card's.
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "unique-user-id-1", "type": "unknown"}}, "content": "Running late", "conversationIdentifier": "chat-ana"}}, "direction": "incoming"}}"#,
                at: ["/interaction/intent/INSendMessageIntent/sender"]),
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}, "displayName": "Ana Lima"}, {"personHandle": {"value": "+1 555 0199", "type": "phoneNumber"}, "displayName": ""}], "callCapability": "videoCall"}}, "direction": "incoming"}}"#,
                at: ["/interaction/intent/INStartCallIntent/contacts/1"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard interaction.direction == .incoming else { return [] }
        let people: [(Person, String)]
        switch interaction.intent.kind {
        case .sendMessage(let message):
            people = message.sender.map { [($0, "the sender of this incoming message")] } ?? []
        case .startCall(let call):
            people = (call.contacts ?? []).map { ($0, "a contact of this incoming call") }
        case .getReservationDetails, .playMedia:
            return []
        }
        return people.compactMap { person, role in
            guard person.name == nil else { return nil }
            let handle = person.personHandle?.value.map { " ('\($0)')" } ?? ""
            return Violation(
                "\(role)\(handle) has no displayName and no name components, so a communication notification has no name to show beside the avatar",
                at: person.pointer, restingOn: [person.pointer.appending("displayName"), person.pointer.appending("nameComponents")])
        }
    }
}
