import ProctorCore

// What intent definition files contribute to the run: every intent they define, with where it is
// written, for the rules that hold the definitions against the run's Info.plists.

extension RunFacts {
    /// An intent a definition file of the run defines, and where its entry is.
    package struct DefinedIntent: Sendable {
        package var intent: IntentDefinition
        /// The entry in its file: line and column of its `<dict>`, and its pointer.
        package var location: SourceLocation

        package init(intent: IntentDefinition, location: SourceLocation) {
            self.intent = intent
            self.location = location
        }
    }

    /// The intents of the run's definition files, in input order.
    package enum IntentDefinitions: RunFactKey { package typealias Fact = DefinedIntent }

    package var definedIntents: [DefinedIntent] { all(IntentDefinitions.self) }
}
