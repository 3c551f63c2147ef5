import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// The communication rules: what a donated INInteraction for a message or a call must carry so the
// system can put the app on the contact card, in communication notifications and in suggestions,
// and what the Info.plist must declare for the system to hand those interactions back. Sources are
// tagged as in the research notes: [H] Apple's own words, [M] second-hand or version-dependent,
// [L] practice; a "Proctor assumption" is where Apple says nothing.

private let wwdc16 = "WWDC 2016 session 240, \"Increase Usage of Your App With Proactive Suggestions\" (contact interactions)"
private let wwdc19 = "WWDC 2019 session 243, \"Integrating with Siri Event Suggestions\""
private let communicationNotifications = "Apple, \"Implementing communication notifications\""

// MARK: - Info.plist declarations

/// The intent's class name is a declared activity type.
struct InteractionActivityTypeDeclaredRule: Rule {
    static let description = RuleDescription(
        id: "interaction_activity_type_declared",
        name: "Intent Class Is A Declared Activity Type",
        category: .communication,
        defaultSeverity: .error,
        summary: "The class name of a donated intent must be listed in the app's NSUserActivityTypes.",
        rationale: """
            When the user picks up a donated interaction (the app's button on a contact card, a \
            communication notification, a reservation in Calendar or Maps), the system launches the \
            app with an NSUserActivity whose activityType is the intent's class name, with the \
            interaction attached. Apple tells apps to add the class name of each intent they support \
            to NSUserActivityTypes (INSendMessageIntent for message donations; \
            INGetReservationDetailsIntent for reservations), as for any activity type: an app that \
            does not declare the type is not handed the activity. Applies to every intent Proctor \
            reads: messages and calls (incoming ones, for communication notifications, too), and \
            reservations. NSUserActivityTypes belongs to the app: when \
            the Info.plist given is an Intents extension's (IntentsSupported under NSExtension, no \
            NSUserActivityTypes), the rule has nothing to judge and says nothing.
            """,
        sources: [
            communicationNotifications + ": add the class name of each supported intent to NSUserActivityTypes [H]",
            wwdc19 + ": add INGetReservationDetailsIntent to the supported activity types in the Info.plist [H]",
            "Apple, INGetReservationDetailsIntentResponse header: on app launch the activity's type is the name of the intent [H]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist:
                    #"{"NSUserActivityTypes": ["INSendMessageIntent", "INStartCallIntent"], "INIntentsSupported": ["INSendMessageIntent", "INStartCallIntent"]}"#
            ),
            RuleExample(
                #"{"interaction": {"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": {"spokenPhrase": "Trip to Lisbon", "vocabularyIdentifier": "BK-7Q2XZ"}}}}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INGetReservationDetailsIntent", "com.example.travel.check-in"]}"#),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist:
                    #"{"NSExtension": {"NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionAttributes": {"IntentsSupported": ["INSendMessageIntent"]}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INStartCallIntent"], "INIntentsSupported": ["INSendMessageIntent", "INStartCallIntent"]}"#,
                at: ["/interaction/intent/INSendMessageIntent"]),
            RuleExample(
                #"{"interaction": {"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "Trip to Lisbon"}}}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.travel"}"#,
                at: ["/interaction/intent/INGetReservationDetailsIntent"]),
            // An incoming message donated for a communication notification, declared as handled
            // but not as an activity type: the notification's requirement is NSUserActivityTypes.
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "ana@example.com", "type": "emailAddress"}, "displayName": "Ana"}, "content": "On my way", "conversationIdentifier": "chat-ana"}}, "direction": "incoming"}}"#,
                infoPlist: #"{"CFBundleIdentifier": "com.example.chat", "INIntentsSupported": ["INSendMessageIntent"]}"#,
                at: ["/interaction/intent/INSendMessageIntent"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard let app = context.appInfo else { return [] }
        // An Intents extension's Info.plist has no activity types of its own to judge.
        if app.userActivityTypes == nil && !app.extensionIntentsSupported.isEmpty { return [] }
        let className = interaction.intent.className
        guard !app.declares(activityType: className) else { return [] }
        let declared = app.userActivityTypes ?? []
        let problem =
            app.userActivityTypes == nil ? "\(app.source) has no NSUserActivityTypes" : "it is not listed in NSUserActivityTypes of \(app.source)"
        return [
            Violation(
                "the system launches the app with an activity of type '\(className)', but \(problem)\(Suggestion.phrase(for: className, among: declared))",
                at: interaction.intent.payloadPointer)
        ]
    }
}

/// A communication intent is declared as handled.
struct IntentHandlingDeclaredRule: Rule {
    static let description = RuleDescription(
        id: "intent_handling_declared",
        name: "Communication Intent Is Declared As Handled",
        category: .communication,
        defaultSeverity: .error,
        summary: "A donated message or call intent must be listed in INIntentsSupported or an Intents extension's IntentsSupported.",
        rationale: """
            Apple's contact-interaction talk asks apps that donate a message or call to also state, \
            in the Info.plist, which intents they can handle, as they do for activity types: the \
            system routes the intent back only to an app or extension that declares it. The app \
            lists the class names under INIntentsSupported (intents handled in the app, iOS 14 and \
            later); an Intents extension lists them under NSExtension → NSExtensionAttributes → \
            IntentsSupported. The Info.plist given may be either, and either list counts. The class \
            name must match exactly: INStartCallIntent does not declare the deprecated \
            INStartAudioCallIntent. Reservation intents are not judged, nor an incoming message or \
            call, donated for a communication notification: Apple's guide for those asks for the \
            intent in NSUserActivityTypes (interaction_activity_type_declared), not IntentsSupported.
            """,
        sources: [
            wwdc16 + ": \"specify what intents your app is capable of handling in your info plist\" [H]",
            "Apple, Information Property List, INIntentsSupported (iOS 14) and NSExtension IntentsSupported [H]",
            communicationNotifications
                + ": an incoming INSendMessageIntent or INStartCallIntent donated in the notification service extension; the app declares the intents in NSUserActivityTypes [H]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}], "callCapability": "audioCall"}}, "direction": "outgoing"}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INStartCallIntent"], "INIntentsSupported": ["INSendMessageIntent", "INStartCallIntent"]}"#),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist:
                    #"{"NSExtension": {"NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionAttributes": {"IntentsSupported": ["INSendMessageIntent"]}}}"#
            ),
            // An incoming message donated for a communication notification: NSUserActivityTypes is what it needs.
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "ana@example.com", "type": "emailAddress"}, "displayName": "Ana"}, "content": "On my way", "conversationIdentifier": "chat-ana"}}, "direction": "incoming"}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INSendMessageIntent"]}"#),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}], "callCapability": "audioCall"}}, "direction": "outgoing"}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INSendMessageIntent", "INStartCallIntent"], "INIntentsSupported": ["INSendMessageIntent"]}"#,
                at: ["/interaction/intent/INStartCallIntent"]),
            RuleExample(
                #"{"interaction": {"intent": {"INStartAudioCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "outgoing"}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INStartAudioCallIntent"], "INIntentsSupported": ["INStartCallIntent"]}"#,
                at: ["/interaction/intent/INStartAudioCallIntent"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        // An incoming one is a communication notification's: NSUserActivityTypes declares it.
        guard let app = context.appInfo, interaction.intent.isCommunication, interaction.direction != .incoming else { return [] }
        let className = interaction.intent.className
        let declared = app.intentsSupported + app.extensionIntentsSupported
        guard !declared.contains(className) else { return [] }
        let lists =
            declared.isEmpty
            ? "\(app.source) declares no intents (INIntentsSupported, or IntentsSupported of an Intents extension)"
            : "it is in neither INIntentsSupported nor an Intents extension's IntentsSupported of \(app.source)"
        var hint = Suggestion.phrase(for: className, among: declared)
        if case .startCall(let call) = interaction.intent.kind, call.intentClass.deprecatedIn != nil,
            declared.contains(IntentClass.startCall.rawValue)
        {
            hint = "; declaring INStartCallIntent does not declare the deprecated '\(className)': donate INStartCallIntent instead"
        }
        return [
            Violation(
                "the app donates '\(className)' but does not declare that it handles it: \(lists)\(hint)",
                at: interaction.intent.payloadPointer)
        ]
    }
}

/// Every intent restricted while locked is also supported.
struct IntentsRestrictedWhileLockedSupportedRule: Rule {
    static let description = RuleDescription(
        id: "intents_restricted_while_locked_supported",
        name: "Intents Restricted While Locked Are Supported",
        category: .communication,
        defaultSeverity: .error,
        summary: "Every intent in IntentsRestrictedWhileLocked must also be in IntentsSupported, for the app and for an Intents extension.",
        rationale: """
            Apple defines an error for an intent listed in an extension's IntentsRestrictedWhileLocked \
            but not in its IntentsSupported (INIntentErrorRestrictedIntentsNotSupportedByExtension): \
            "all intents" of the first list must be in the second. The app's own keys work the same \
            way: Apple describes INIntentsRestrictedWhileLocked as an authentication level set on an \
            intent already in the app's Supported Intents, so an entry of INIntentsRestrictedWhileLocked \
            must be in INIntentsSupported. This rule judges the Info.plist alone, once per run, \
            whatever the donations, and is reported in the Info.plist at the offending entry (with \
            its line in an XML file). Each list is compared with the supported list of the same \
            target: an app and its extension have separate Info.plists.
            """,
        sources: [
            "Apple, INIntentError.Code.restrictedIntentsNotSupportedByExtension [H]",
            "Apple, Information Property List, INIntentsRestrictedWhileLocked (iOS 14) [H]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist:
                    #"{"NSUserActivityTypes": ["INSendMessageIntent"], "INIntentsSupported": ["INSendMessageIntent", "INStartCallIntent"], "INIntentsRestrictedWhileLocked": ["INSendMessageIntent"]}"#
            ),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist:
                    #"{"NSExtension": {"NSExtensionAttributes": {"IntentsSupported": ["INSendMessageIntent", "INStartCallIntent"], "IntentsRestrictedWhileLocked": ["INStartCallIntent"]}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist:
                    #"{"NSUserActivityTypes": ["INSendMessageIntent"], "INIntentsSupported": ["INStartCallIntent"], "INIntentsRestrictedWhileLocked": ["INSendMessageIntent"]}"#,
                at: ["/INIntentsRestrictedWhileLocked/0"]),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                infoPlist:
                    #"{"NSExtension": {"NSExtensionAttributes": {"IntentsSupported": ["INSendMessageIntent"], "IntentsRestrictedWhileLocked": ["INSendMessageIntent", "INStartCallIntent"]}}}"#,
                at: ["/NSExtension/NSExtensionAttributes/IntentsRestrictedWhileLocked/1"]),
        ])

    func check(_ app: AppInfo, in context: RuleContext) -> [Violation] {
        missing(
            app.intentsRestrictedWhileLocked, from: app.intentsSupported, "INIntentsRestrictedWhileLocked", "INIntentsSupported",
            IntentListPointers.restrictedWhileLocked)
            + missing(
                app.extensionIntentsRestrictedWhileLocked, from: app.extensionIntentsSupported, "the extension's IntentsRestrictedWhileLocked",
                "IntentsSupported",
                IntentListPointers.extensionRestrictedWhileLocked)
    }

    private func missing(_ restricted: [String], from supported: [String], _ name: String, _ supportedName: String, _ pointer: JSONPointer)
        -> [Violation]
    {
        restricted.enumerated().compactMap { index, intent in
            guard !supported.contains(intent) else { return nil }
            return Violation(
                "'\(intent)' is in \(name) but not in \(supportedName), and every intent restricted while locked must also be supported\(Suggestion.phrase(for: intent, among: supported))",
                at: pointer.appending(index))
        }
    }
}

// MARK: - The interaction

/// A communication interaction says which way it went.
struct InteractionDirectionRule: Rule {
    /// Communication notifications (incoming donations) arrived in iOS 15.
    static let incomingSince = OSVersion(major: 15)

    static let description = RuleDescription(
        id: "interaction_direction",
        name: "Communication Interaction Has A Supported Direction",
        category: .communication,
        defaultSeverity: .warning,
        summary: "A message or call interaction should be outgoing, or incoming on iOS 15 and later with the message's sender named.",
        rationale: """
            The direction says whether the user sent the message or started the call (outgoing) or \
            received it (incoming); unspecified, the default, is for interactions "that do not \
            involve information moving onto or off of the device", which a message or a call always \
            does. In iOS 10 outgoing was "the only supported direction for donations of \
            interactions"; iOS 15's communication notifications donate received messages and calls \
            as incoming. So Proctor warns on an unspecified direction, on incoming below an iOS 15 \
            deployment target, and on an incoming INSendMessageIntent without a sender ("the person \
            who creates the message"). With no deployment target known (MinimumOSVersion, \
            --deployment-target), an incoming interaction gets a note naming the assumption made: \
            that the app requires iOS 15. Reservation intents are not judged.
            """,
        sources: [
            "Apple, INInteraction.direction and INInteractionDirection [H]",
            wwdc16 + ": outgoing is \"the only supported direction for donations of interactions\" (iOS 10) [M]",
            communicationNotifications + " (iOS 15): incoming message and call donations [M]",
            "Apple, INSendMessageIntent init(recipients:...:sender:attachments:): sender [H]",
        ],
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#
            ),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}, "displayName": "Ana Lima"}, "content": "Running late", "conversationIdentifier": "c-8812"}}, "direction": "incoming"}}"#,
                config: #"{"deploymentTarget": "15.0"}"#),
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "incoming"}}"#,
                config: #"{"deploymentTarget": "16.0"}"#),
            RuleExample(#"{"interaction": {"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "Trip to Lisbon"}}}}"#),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}}}"#,
                at: ["/interaction"]),
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "unspecified"}}"#,
                at: ["/interaction/direction"]),
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "incoming"}}"#,
                config: #"{"deploymentTarget": "14.0"}"#,
                at: ["/interaction/direction"]),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"content": "Running late", "conversationIdentifier": "c-8812"}}, "direction": "incoming"}}"#,
                config: #"{"deploymentTarget": "15.0"}"#,
                at: ["/interaction/intent/INSendMessageIntent"]),
            // No deployment target: not a silent pass, a note that states the assumption.
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}, "displayName": "Ana Lima"}, "content": "Running late"}}, "direction": "incoming"}}"#,
                at: ["/interaction/direction"], severity: .note),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard interaction.intent.isCommunication else { return [] }
        let what = interaction.intent.kind.isMessage ? "message" : "call"
        switch interaction.direction {
        case .outgoing:
            return []
        case .unspecified:
            let how = interaction.directionIsSet ? "direction is 'unspecified'" : "has no direction, so it is 'unspecified'"
            return [
                Violation(
                    "\(what) interaction \(how), which is meant for interactions that move no information on or off the device; set 'outgoing' when the user sends or calls, 'incoming' when they receive",
                    at: interaction.directionIsSet ? interaction.pointer("direction") : interaction.pointer,
                    restingOn: [interaction.pointer("direction")])
            ]
        case .incoming:
            var violations: [Violation] = []
            if let target = context.deploymentTarget {
                if target < Self.incomingSince {
                    violations.append(
                        Violation(
                            "direction 'incoming' is supported from iOS 15 (communication notifications), but the deployment target is \(target); before iOS 15 'outgoing' was the only direction supported for donations",
                            at: interaction.pointer("direction")))
                }
            } else {
                violations.append(
                    Violation(
                        assuming:
                            "direction 'incoming' is supported from iOS 15 (communication notifications); before iOS 15 'outgoing' was the only direction supported for donations. No deployment target is known, so Proctor assumes the app requires iOS 15 or later; give MinimumOSVersion in the Info.plist or --deployment-target to check it",
                        at: interaction.pointer("direction")))
            }
            if case .sendMessage(let message) = interaction.intent.kind, message.sender == nil {
                violations.append(
                    Violation(
                        "incoming message names no sender; a received message comes from someone, and the system learns the conversation from the sender",
                        at: interaction.intent.payloadPointer, restingOn: [interaction.intent.payloadPointer.appending("sender")]))
            }
            return violations
        }
    }
}

/// A message's recipients, a call's contacts, with handles the contact card can learn.
struct CommunicationRecipientsRule: Rule {
    static let description = RuleDescription(
        id: "communication_recipients",
        name: "Communication Names Its People With Handles",
        category: .communication,
        defaultSeverity: .error,
        summary:
            "A message's recipients or a call's contacts must be present and non-empty, and every person must have a personHandle with a non-empty value.",
        rationale: """
            A donated communication is how the system learns the app's handle for a contact and \
            offers the app on that contact's card: the handle (a phone number, an email address, the \
            app's own user name) is what the card learns. A message without recipients, a call \
            without contacts, or a person without personHandle or with an empty value, gives the \
            system no one to learn. For an incoming message the other party is the sender, so \
            recipients may be left out (communication notifications leave out the current user); \
            the sender, and any recipients given, need a handle. Where the sender of an incoming \
            message is missing, interaction_direction reports it. Reservation intents are not judged.
            """,
        sources: [
            wwdc16 + ": the contact card learns the app's handle from donated interactions [H]",
            "Apple, INPerson and INPersonHandle(value:type:label:) [H]",
            communicationNotifications + " [M]",
        ],
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}, "displayName": "Ana Lima"}, {"personHandle": {"value": "@tomas", "type": "unknown"}}], "content": "On my way"}}, "direction": "outgoing"}}"#
            ),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}, "displayName": "Ana Lima"}, "content": "Running late"}}, "direction": "incoming"}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"content": "On my way"}}, "direction": "outgoing"}}"#,
                at: ["/interaction/intent/INSendMessageIntent"]),
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [], "callCapability": "videoCall"}}, "direction": "outgoing"}}"#,
                at: ["/interaction/intent/INStartCallIntent/contacts"]),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"displayName": "Ana Lima"}, {"personHandle": {"type": "phoneNumber"}}, {"personHandle": {"value": "", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                at: [
                    "/interaction/intent/INSendMessageIntent/recipients/0", "/interaction/intent/INSendMessageIntent/recipients/1/personHandle",
                    "/interaction/intent/INSendMessageIntent/recipients/2/personHandle/value",
                ]),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"displayName": "Ana Lima"}, "content": "Running late"}}, "direction": "incoming"}}"#,
                at: ["/interaction/intent/INSendMessageIntent/sender"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        let intent = interaction.intent
        guard intent.isCommunication else { return [] }
        var violations: [Violation] = []
        let key = intent.addresseesKey
        let isIncomingMessage = interaction.direction == .incoming && intent.kind.isMessage
        let role = intent.kind.isMessage ? "recipient" : "contact"
        switch intent.addressees {
        case nil where !isIncomingMessage:
            violations.append(
                Violation(
                    "\(intent.kind.isMessage ? "message" : "call") has no \(key), so the system has no contact to learn the app's handle for",
                    at: intent.payloadPointer, restingOn: [intent.payloadPointer.appending(key), interaction.pointer("direction")]))
        case let people? where people.isEmpty && !isIncomingMessage:
            violations.append(
                Violation(
                    "\(key) is empty, so the system has no contact to learn the app's handle for", at: intent.payloadPointer.appending(key),
                    restingOn: [intent.payloadPointer.appending(key).appending("-"), interaction.pointer("direction")]))
        default:
            break
        }
        for person in intent.addressees ?? [] { violations += Self.problems(of: person, role) }
        // The sender of an outgoing message is the user; of an incoming one, the contact to learn.
        if isIncomingMessage, case .sendMessage(let message) = intent.kind, let sender = message.sender {
            violations += Self.problems(of: sender, "sender")
        }
        return violations
    }

    static func problems(of person: Person, _ role: String) -> [Violation] {
        guard let handle = person.personHandle else {
            return [
                Violation(
                    "\(role)\(person.name.map { " '\($0)'" } ?? "") has no personHandle, so the contact card cannot learn how to reach them in the app",
                    at: person.pointer,
                    restingOn: [person.pointer.appending("personHandle")])
            ]
        }
        guard let value = handle.value else {
            return [
                Violation(
                    "\(role)'s personHandle has no value, so the contact card has no handle to learn", at: handle.pointer,
                    restingOn: [handle.pointer.appending("value")])
            ]
        }
        guard !value.allSatisfy(\.isWhitespace) else {
            return [
                Violation("\(role)'s personHandle value is empty, so the contact card has no handle to learn", at: handle.pointer.appending("value"))
            ]
        }
        return []
    }
}

/// A handle's type matches its value.
struct PersonHandleTypeRule: Rule {
    static let description = RuleDescription(
        id: "person_handle_type",
        name: "Person Handle Type Matches Its Value",
        category: .communication,
        defaultSeverity: .error,
        summary: "A personHandle typed emailAddress must hold an email address, and one typed phoneNumber a phone number.",
        rationale: """
            INPersonHandleType tells the system what the value is (unknown, emailAddress or \
            phoneNumber), and the system matches the handle against that field of the user's \
            contacts: a phone number typed as an email address matches no one, and the app is not \
            offered on the right card. The shapes are Proctor's assumption, as Apple documents none: \
            an emailAddress value has no white space, exactly one '@', a non-empty part before it, \
            and after it a domain with a '.' that is neither its first nor its last character; a \
            phoneNumber value holds only digits, spaces, '-', '.', '(' and ')', with an optional '+' \
            as its first character, and at least 3 digits (so no letters: '555-CALL-NOW' is \
            rejected). Handles typed unknown (an app's own user names) are not judged. Every handle \
            is checked: of recipients, contacts and the sender, and their aliases.
            """,
        sources: [
            "Apple, INPersonHandleType (unknown, emailAddress, phoneNumber) [H]",
            wwdc16 + " [H]",
            "Proctor assumption: the email and phone-number shapes above",
        ],
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana.lima@example.com", "type": "emailAddress"}, "aliases": [{"value": "+1 (555) 010-0123", "type": "phoneNumber", "label": "mobile"}]}, {"personHandle": {"value": "tomas#4821", "type": "unknown"}}], "content": "On my way"}}, "direction": "outgoing"}}"#
            ),
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+351 21 555 0142", "type": "phoneNumber"}}]}}, "direction": "outgoing"}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "+1 555 0100", "type": "emailAddress"}}, {"personHandle": {"value": "ana@example.com", "type": "phoneNumber"}, "aliases": [{"value": "555-CALL-NOW", "type": "phoneNumber"}]}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                at: [
                    "/interaction/intent/INSendMessageIntent/recipients/0/personHandle/value",
                    "/interaction/intent/INSendMessageIntent/recipients/1/personHandle/value",
                    "/interaction/intent/INSendMessageIntent/recipients/1/aliases/0/value",
                ]),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"sender": {"personHandle": {"value": "ana.example.com", "type": "emailAddress"}}, "content": "Running late"}}, "direction": "incoming"}}"#,
                at: ["/interaction/intent/INSendMessageIntent/sender/personHandle/value"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard interaction.intent.isCommunication else { return [] }
        var people = interaction.intent.addressees ?? []
        if case .sendMessage(let message) = interaction.intent.kind, let sender = message.sender { people.append(sender) }
        var violations: [Violation] = []
        for person in people {
            for handle in [person.personHandle].compactMap({ $0 }) + (person.aliases ?? []) {
                guard let value = handle.value, !value.isEmpty else { continue }
                switch handle.type {
                case .unknown:
                    continue
                case .emailAddress where !Self.isEmailAddress(value):
                    let hint = Self.isPhoneNumber(value) ? "; it looks like a phoneNumber" : ""
                    violations.append(
                        Violation(
                            "handle '\(value)' is typed emailAddress but is not an email address (one '@' between a name and a domain with a '.')\(hint)",
                            at: handle.pointer.appending("value"), restingOn: [handle.pointer.appending("value")]))
                case .phoneNumber where !Self.isPhoneNumber(value):
                    let hint = Self.isEmailAddress(value) ? "; it looks like an emailAddress" : ""
                    violations.append(
                        Violation(
                            "handle '\(value)' is typed phoneNumber but is not a phone number (digits with an optional leading '+', spaces, '-', '.', '(' and ')', at least 3 digits)\(hint)",
                            at: handle.pointer.appending("value"), restingOn: [handle.pointer.appending("value")]))
                default:
                    continue
                }
            }
        }
        return violations
    }

    /// No white space, exactly one `@`, a non-empty local part, and a domain with a `.` that is
    /// neither its first nor its last character.
    static func isEmailAddress(_ value: String) -> Bool {
        guard !value.contains(where: \.isWhitespace) else { return false }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1]
        guard let dot = domain.firstIndex(of: "."), dot != domain.startIndex, domain.last != "." else { return false }
        return true
    }

    /// Only digits, spaces, `-`, `.`, `(` and `)`, an optional `+` first, and at least 3 digits.
    static func isPhoneNumber(_ value: String) -> Bool {
        var digits = 0
        for (offset, character) in value.enumerated() {
            switch character {
            case "0"..."9": digits += 1
            case " ", "-", ".", "(", ")": break
            case "+" where offset == 0: break
            default: return false
            }
        }
        return digits >= 3
    }
}

// MARK: - Versions and services

/// The call intents deprecated in iOS 13.
struct DeprecatedCallIntentRule: Rule {
    static let description = RuleDescription(
        id: "deprecated_call_intent",
        name: "Deprecated Call Intent",
        category: .communication,
        defaultSeverity: .warning,
        summary: "An app targeting iOS 13 or later should donate INStartCallIntent, not INStartAudioCallIntent or INStartVideoCallIntent.",
        rationale: """
            INStartAudioCallIntent and INStartVideoCallIntent are deprecated in iOS 13, with Apple's \
            message "Please adopt INStartCallIntent instead"; INStartCallIntent's callCapability \
            (audioCall or videoCall) says which kind of call it was. An app whose deployment target \
            is iOS 13 or later has no reason to donate the old classes. An app that still supports \
            iOS 12 may, so the rule says nothing below iOS 13, and is skipped when no deployment \
            target is known (MinimumOSVersion, --deployment-target).
            """,
        sources: ["Apple, Intents headers, INStartAudioCallIntent and INStartVideoCallIntent: deprecated in iOS 13 [H]"],
        // Judged for the apps whose deployment target is iOS 13 or later: below it the old
        // classes are the only ones the app's oldest devices have.
        availability: [.iOS(from: 13)],
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INStartCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}], "callCapability": "videoCall"}}, "direction": "outgoing"}}"#,
                config: #"{"deploymentTarget": "15.0"}"#),
            RuleExample(
                #"{"interaction": {"intent": {"INStartAudioCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "outgoing"}}"#,
                config: #"{"deploymentTarget": "12.4"}"#),
            RuleExample(
                #"{"interaction": {"intent": {"INStartVideoCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "outgoing"}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INStartAudioCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "outgoing"}}"#,
                config: #"{"deploymentTarget": "13.0"}"#,
                at: ["/interaction/intent/INStartAudioCallIntent"]),
            RuleExample(
                #"{"interaction": {"intent": {"INStartVideoCallIntent": {"contacts": [{"personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}}]}}, "direction": "outgoing"}}"#,
                infoPlist: #"{"MinimumOSVersion": "16.0", "NSUserActivityTypes": ["INStartVideoCallIntent"]}"#,
                at: ["/interaction/intent/INStartVideoCallIntent"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        // The engine runs the rule only from iOS 13 (its availability); a class deprecated later
        // than that would still be judged against its own release.
        guard case .startCall(let call) = interaction.intent.kind, let deprecated = call.intentClass.deprecatedIn,
            let target = context.deploymentTarget, target >= deprecated
        else { return [] }
        let capability = call.intentClass == .startVideoCall ? "videoCall" : "audioCall"
        return [
            Violation(
                "'\(call.intentClass.rawValue)' is deprecated since iOS \(deprecated.major) and the deployment target is \(target); adopt INStartCallIntent with callCapability '\(capability)'",
                at: interaction.intent.payloadPointer)
        ]
    }
}

/// A multi-service messaging app names the service of each message.
struct MessageServiceNameRule: Rule {
    static let description = RuleDescription(
        id: "message_service_name",
        name: "Message Names One Of The App's Services",
        category: .communication,
        defaultSeverity: .warning,
        summary: "When the app speaks several messaging services, every INSendMessageIntent should set serviceName to one of them.",
        rationale: """
            serviceName is the service a message is sent with; Apple's example is a chat client that \
            speaks both Jabber and ICQ, which must set the right service name so the handle learned \
            for a contact belongs to the right network, and Apple lets apps with only one way of \
            sending messages leave it out. Apple has no Info.plist key for the services, so they are \
            given with --service-name (once for each) or a case's config. The rule applies when two \
            or more services are declared, and is skipped otherwise. Only INSendMessageIntent has a \
            serviceName; call intents do not, so they are not judged. Names are compared exactly.
            """,
        sources: [
            wwdc16 + ": serviceName for multi-protocol apps (Jabber and ICQ) [H]",
            "Apple, INSendMessageIntent init(...serviceName:...): may be nil when the app has only one way of sending messages [H]",
        ],
        passing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@jabber.example.org", "type": "unknown"}}], "content": "On my way", "serviceName": "Jabber"}}, "direction": "outgoing"}}"#,
                config: #"{"serviceNames": ["Jabber", "ICQ"]}"#),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@example.com", "type": "emailAddress"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                config: #"{"serviceNames": ["Jabber"]}"#),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@jabber.example.org", "type": "unknown"}}], "content": "On my way"}}, "direction": "outgoing"}}"#,
                config: #"{"serviceNames": ["Jabber", "ICQ"]}"#,
                at: ["/interaction/intent/INSendMessageIntent"]),
            RuleExample(
                #"{"interaction": {"intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "ana@jabber.example.org", "type": "unknown"}}], "content": "On my way", "serviceName": "Jaber"}}, "direction": "outgoing"}}"#,
                config: #"{"serviceNames": ["Jabber", "ICQ"]}"#,
                at: ["/interaction/intent/INSendMessageIntent/serviceName"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard case .sendMessage(let message) = interaction.intent.kind, let services = context.appInfo?.serviceNames, services.count >= 2
        else { return [] }
        let list = Suggestion.list(services.map { "'\($0)'" })
        guard let name = message.serviceName else {
            return [
                Violation(
                    "the app speaks \(list) but this message sets no serviceName, so the system cannot tell which service its handles belong to",
                    at: interaction.intent.payloadPointer)
            ]
        }
        guard !services.contains(name) else { return [] }
        return [
            Violation(
                "serviceName '\(name)' is not one of the app's services (\(list))\(Suggestion.phrase(for: name, among: services))",
                at: interaction.intent.payloadPointer.appending("serviceName"))
        ]
    }
}

// MARK: - Helpers

extension Intent.Kind {
    /// An `INSendMessageIntent`.
    var isMessage: Bool {
        if case .sendMessage = self { true } else { false }
    }
}
