import ProctorEngine
import ProctorJSON
import ProctorPayloads

/// The custom intents of the intent definition files a scan found, beside how the app's Swift
/// handles intents (docs/scan.md, "Custom intents"): the types adopting each handling protocol,
/// and what the dispatchers (`handler(for:)`, `application(_:handlerFor:)`) return.
package struct SourceCustomIntents: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// A custom intent of a definition file, with the pointer its findings are reported at (its
    /// entry, in its file).
    package struct Defined: Sendable {
        package var intent: IntentDefinition
        package var pointer: JSONPointer

        package init(intent: IntentDefinition, pointer: JSONPointer) {
            self.intent = intent
            self.pointer = pointer
        }
    }

    /// A `handler(for:)` or `application(_:handlerFor:)`.
    package struct Dispatcher: Sendable {
        package var symbol: String
        /// The types of the objects it returns.
        package var returnedTypes: Set<String>
        /// It returns a value whose type the scan cannot tell.
        package var isOpaque: Bool

        package init(symbol: String, returnedTypes: Set<String>, isOpaque: Bool) {
            self.symbol = symbol
            self.returnedTypes = returnedTypes
            self.isOpaque = isOpaque
        }
    }

    package var intents: [Defined] = []
    /// The types adopting each handling protocol (a defined intent's, or one whose name ends in
    /// `IntentHandling`), by protocol, a subclass of an adopting class and an adopter of a protocol
    /// refining it included.
    package var adopters: [String: Set<String>] = [:]
    package var dispatchers: [Dispatcher] = []

    package init() {}

    /// Whether the scanned Swift handles the defined intents: some type adopts the handling
    /// protocol of one of them, or it has a dispatcher. Adopting only a system intent's protocol
    /// (`INPlayMediaIntentHandling`) does not count: in a mixed app the custom intents' handlers
    /// may be in Objective-C, which is not read. Without either, nothing is judged.
    package var handlesIntentsInSwift: Bool {
        !dispatchers.isEmpty || intents.contains { !(adopters[$0.intent.className + "Handling"] ?? []).isEmpty }
    }
}
