import ProctorCore
import SwiftSyntax

/// SiriKit donations in Swift: `INInteraction(intent:response:)` with an intent Proctor's payloads
/// read, built from initializer calls whose labels are the properties (docs/scan.md).
extension SourceExtractor {
    /// The SiriKit classes read, with the initializer labels that are properties of the payload.
    /// Labels outside these (an image, attachments) are not modelled and are left out.
    static let siriKitClasses: [String: Set<String>] = [
        "INSendMessageIntent": ["recipients", "sender", "content", "serviceName", "conversationIdentifier", "speakableGroupName", "outgoingMessageType"],
        "INStartCallIntent": ["contacts", "destinationType", "callCapability", "audioRoute"],
        "INStartAudioCallIntent": ["contacts", "destinationType"],
        "INStartVideoCallIntent": ["contacts"],
        "INGetReservationDetailsIntent": ["reservationContainerReference", "reservationItemReferences"],
        "INPlayMediaIntent": ["mediaItems", "mediaContainer", "playShuffled", "playbackRepeatMode", "resumePlayback", "playbackQueueLocation", "playbackSpeed"],
        "INMediaItem": ["identifier", "title", "type", "artist"],
        "INPerson": ["personHandle", "displayName", "nameComponents", "contactIdentifier", "customIdentifier", "aliases", "isMe", "suggestionType"],
        "INPersonHandle": ["value", "type", "label"],
        "INSpeakableString": ["spokenPhrase", "vocabularyIdentifier", "pronunciationHint"],
    ]

    /// The intents among them: written as `{"ClassName": {...}}`, and the type a tap on their
    /// suggestion continues.
    static let intentClasses: Set<String> = [
        "INSendMessageIntent", "INStartCallIntent", "INStartAudioCallIntent", "INStartVideoCallIntent", "INGetReservationDetailsIntent", "INPlayMediaIntent",
    ]

    /// The properties whose value is text: one computed at run time is kept as "…" (and a
    /// finding about the form of that stand-in is dropped). Any other computed value (an
    /// enumeration, an object) is left out, with a note.
    static let siriKitTextProperties: Set<String> = [
        "content", "serviceName", "conversationIdentifier", "displayName", "contactIdentifier", "customIdentifier", "value", "spokenPhrase",
        "vocabularyIdentifier", "pronunciationHint", "identifier", "title", "artist", "groupIdentifier",
    ]

    /// The most SiriKit objects read for one interaction.
    static let siriKitObjectLimit = 1000

    /// The INInteraction properties read after `let interaction = INInteraction(…)`.
    static let interactionProperties: Set<String> = ["direction", "identifier", "groupIdentifier", "intentHandlingStatus"]

    /// `INInteraction(intent:response:)`: its intent, and what the code after `let interaction = …`
    /// sets on it.
    func readInteraction(_ call: FunctionCallExprSyntax) {
        siriKitBudget = Self.siriKitObjectLimit
        var interaction = ScannedDonation(activityType: .dynamic("an intent the scan cannot follow"), location: location(call), symbol: symbol)
        interaction.kind = .interaction
        interaction.currentness = .handedOn
        if let argument = call.arguments.first(where: { $0.label?.text == "intent" }) {
            if let (className, fields) = siriKitObject(argument.expression, near: Syntax(call), key: "intent", into: &interaction), Self.intentClasses.contains(className) {
                interaction.activityType = .string(className)
                var property = ScannedDonation.Property(key: "intent", value: .dictionary([(className, .dictionary(fields.map { ($0.key, $0.value) }))]), location: location(argument))
                property.entries = fields.map { ($0.key, $0.location) }
                property.entryPrefix = [className]
                interaction.properties.append(property)
            }
        }
        if let (name, following) = Self.binding(of: call) {
            let uses = UseCollector(name: name, properties: Self.interactionProperties)
            for item in following { uses.walk(item) }
            for (key, expression, node) in uses.assignments {
                let found = siriKitValue(expression, near: node, key: key, depth: 0, into: &interaction)
                if let found { interaction.properties.append(ScannedDonation.Property(key: key, value: found, location: location(node))) }
            }
        }
        donations.append(interaction)
    }

    /// A SiriKit object: `Class(label: value, …)` of a class above, or a name bound to one earlier
    /// in an enclosing block. The class and its fields, each with its place.
    private func siriKitObject(
        _ expression: ExprSyntax, near: Syntax, key: String, into donation: inout ScannedDonation, depth: Int = 0
    ) -> (String, [(key: String, value: StaticValue, location: ProctorCore.SourceLocation)])? {
        guard depth < 16 else { return nil }
        // Names bound to objects of objects can fan out without end (each alias an array of the
        // one before): past this many objects the rest is left out.
        guard siriKitBudget > 0 else {
            donation.leftOut.append((key, "the intent holds more than \(Self.siriKitObjectLimit) objects; the rest is not read", location(expression)))
            return nil
        }
        siriKitBudget -= 1
        var expression = expression
        if let path = ValueResolver.path(of: expression), path.count == 1, let bound = Self.declaration(named: path[0], before: near)?.initializer {
            expression = bound
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let callee = ValueResolver.path(of: call.calledExpression), callee.count == 1,
            let properties = Self.siriKitClasses[callee[0]]
        else { return nil }
        var fields: [(key: String, value: StaticValue, location: ProctorCore.SourceLocation)] = []
        for argument in call.arguments {
            guard let label = argument.label?.text, properties.contains(label), !argument.expression.is(NilLiteralExprSyntax.self) else { continue }
            if let found = siriKitValue(argument.expression, near: Syntax(call), key: label, depth: depth + 1, into: &donation) {
                fields.append((label, found, location(argument)))
            }
        }
        return (callee[0], fields)
    }

    /// A value inside a SiriKit object: an object, an array of them, an enumeration case
    /// (`.outgoing`, `INInteractionDirection.outgoing`), or what the value resolver reads. Nil,
    /// with a note, when it is computed at run time and is not text.
    private func siriKitValue(_ expression: ExprSyntax, near: Syntax, key: String, depth: Int, into donation: inout ScannedDonation) -> StaticValue? {
        if let object = siriKitObject(expression, near: near, key: key, into: &donation, depth: depth) {
            let fields = StaticValue.dictionary(object.1.map { ($0.key, $0.value) })
            return Self.intentClasses.contains(object.0) ? .dictionary([(object.0, fields)]) : fields
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return .array(array.elements.compactMap { siriKitValue($0.expression, near: near, key: key, depth: depth + 1, into: &donation) })
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            // `.outgoing`, or `INInteractionDirection.outgoing`: the case's name.
            if member.base == nil || (ValueResolver.path(of: member.base!)?.first?.hasPrefix("IN") ?? false) {
                return .string(member.declName.baseName.text)
            }
        }
        let found = value(expression)
        if case .dynamic(let reason) = found, !Self.siriKitTextProperties.contains(key) {
            // A value of several parts is read apart from the file (UseCollector): it is
            // located at the assignment.
            donation.leftOut.append((key, reason, expression.root == near.root ? location(expression) : location(near)))
            return nil
        }
        return found
    }
}
