import ProctorEngine
import ProctorJSON
import ProctorPayloads

// Rules over SiriKit custom intents as the app's Swift handles them, judged by proctor scan
// (docs/scan.md, "Custom intents"): the intents come from the definition files the scan finds,
// the handlers from the Swift. Their examples are a definition file with Swift files beside it;
// findings are on the definition's entry.

private let dispatching =
    "Apple, SiriKit, \"Dispatching intents to handlers\": the object handler(for:) returns must implement the protocol for handling that intent, whose name is based on the intent's name (INStartAudioCallIntent → INStartAudioCallIntentHandling) [H]"
private let handlerFor =
    "Apple, Intents, INIntentHandlerProviding.handler(for:): \"Return an object that conforms to the protocol for handling intents of the same type as the provided intent\" [H]"
private let inApp =
    "Apple, UIKit, UIApplicationDelegate.application(_:handlerFor:) (iOS 14): \"Return an instance of a type that conforms to the handling intents protocol for the same type as the provided intent\" [H]"
private let generated =
    "Apple, Soup Chef sample (Xcode's generated OrderSoupIntent.swift): the class OrderSoupIntent and the protocol OrderSoupIntentHandling, generated from the intent definition [M]"

/// A definition file with Order Soup, and a Swift extension that dispatches to `handlers`.
private let soupDefinition = IntentExample.definition(IntentExample.orderSoup)

private func intentsExtension(dispatch: String, handler: String = "OrderSoupIntentHandler: NSObject, OrderSoupIntentHandling") -> [RuleExample.File] {
    [
        .init(
            "IntentHandler.swift",
            """
            import Intents

            class IntentHandler: INExtension {
                override func handler(for intent: INIntent) -> Any {
            \(dispatch)
                }
            }

            class \(handler) {
                func handle(intent: OrderSoupIntent, completion: @escaping (OrderSoupIntentResponse) -> Void) {
                    completion(OrderSoupIntentResponse(code: .success, userActivity: nil))
                }
            }

            """)
    ]
}

/// Every custom intent Siri or Shortcuts runs has a handler SiriKit is given.
struct SourceCustomIntentHandledRule: Rule {
    static let description = RuleDescription(
        id: "source_custom_intent_handled",
        name: "Custom Intent Has A Handler",
        category: .intents,
        defaultSeverity: .error,
        summary:
            "A custom intent Siri or Shortcuts runs must have a handler: a type adopting the handling protocol Xcode generates for it (<class name>Handling), returned by handler(for:) of the Intents extension or application(_:handlerFor:) of the app.",
        rationale: """
            SiriKit asks the Intents extension's handler(for:), or the app's \
            application(_:handlerFor:) (iOS 14), for the object that handles an intent, and that \
            object must adopt the intent's handling protocol: for a custom intent, the one Xcode \
            generates from its class name (SJChapterIntent: SJChapterIntentHandling). No adopter, \
            or none any dispatcher returns, and Siri and Shortcuts fail to run the intent. \
            Judged when the scanned Swift handles the defined intents (adopts the handling \
            protocol of one, directly or through a protocol refining it, or has a dispatcher), \
            since handlers in Objective-C or in files not scanned are not read; a dispatcher counts what it returns as T(), T.shared or self, and one \
            returning anything else is taken to return every handler. Widget-only intents with \
            static options are not run and not judged. Reported at the intent's entry.
            """,
        sources: [dispatching, handlerFor, inApp, generated],
        passing: [
            RuleExample(
                soupDefinition, named: IntentExample.fileName,
                besides: intentsExtension(
                    dispatch: """
                                switch intent {
                                case is OrderSoupIntent: return OrderSoupIntentHandler()
                                default: return self
                                }
                        """)),
            // A dispatcher that returns what the scan cannot type answers for every handler.
            RuleExample(
                soupDefinition, named: IntentExample.fileName,
                besides: intentsExtension(dispatch: "        return HandlerFactory.handler(for: intent)")),
        ],
        failing: [
            // The handler exists, but the dispatcher never returns it.
            RuleExample(
                soupDefinition, named: IntentExample.fileName,
                besides: intentsExtension(
                    dispatch: """
                                if intent is OrderSoupIntent {
                                    return OrderTeaIntentHandler()
                                }
                                return self
                        """,
                    handler: """
                        OrderSoupIntentHandler: NSObject, OrderSoupIntentHandling {}
                        class OrderTeaIntentHandler: NSObject, OrderTeaIntentHandling
                        """),
                at: ["/INIntents/0"]),
            // No type adopts OrderSoupIntentHandling.
            RuleExample(
                soupDefinition, named: IntentExample.fileName,
                besides: intentsExtension(
                    dispatch: "        return OrderTeaIntentHandler()", handler: "OrderTeaIntentHandler: NSObject, OrderTeaIntentHandling"),
                at: ["/INIntents/0"]),
        ])

    func check(_ subject: SourceCustomIntents, in context: RuleContext) -> [Violation] {
        guard subject.handlesIntentsInSwift else { return [] }
        let everyHandlerReturned = subject.dispatchers.contains(where: \.isOpaque)
        return subject.intents.compactMap { defined in
            let intent = defined.intent
            guard intent.isCustom, intent.isRunByTheSystem || intent.hasDynamicOptions else { return nil }
            let handling = intent.className + "Handling"
            let adopters = subject.adopters[handling] ?? []
            if adopters.isEmpty {
                return Violation(
                    "custom intent '\(intent.className)' has no handler: no type in the scanned Swift adopts \(handling), the protocol Xcode generates for it, so SiriKit has no object to run it",
                    at: defined.pointer)
            }
            guard !subject.dispatchers.isEmpty, !everyHandlerReturned,
                !subject.dispatchers.contains(where: { !$0.returnedTypes.isDisjoint(with: adopters) })
            else { return nil }
            let names = adopters.sorted().joined(separator: ", ")
            let dispatchers = subject.dispatchers.map(\.symbol).sorted().joined(separator: ", ")
            return Violation(
                "custom intent '\(intent.className)' is handled by \(names) (\(handling)), but \(dispatchers) never \(subject.dispatchers.count == 1 ? "returns" : "return") \(adopters.count == 1 ? "it" : "one of them"), so SiriKit gets no object that handles the intent",
                at: defined.pointer)
        }
    }
}
