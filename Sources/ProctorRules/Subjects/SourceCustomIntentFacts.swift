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
    /// The types adopting each protocol whose name ends in `Handling`, by protocol, a subclass of
    /// an adopting class included.
    package var adopters: [String: Set<String>] = [:]
    package var dispatchers: [Dispatcher] = []

    package init() {}

    /// Whether the Swift scanned handles intents at all: it adopts some handling protocol or
    /// dispatches intents. Without either, the handlers may be in Objective-C or in files not
    /// scanned, and nothing is judged.
    package var handlesIntentsInSwift: Bool { !adopters.isEmpty || !dispatchers.isEmpty }
}
