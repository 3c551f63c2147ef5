import ProctorEngine
import ProctorJSON

/// The app's App Intents and App Shortcuts as `proctor scan` found them, taken together: each
/// App Shortcut with its intent and phrases, and the texts the system shows (docs/scan.md).
package struct SourceAppIntents: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// What a phrase's `\(\.$parameter)` names, as far as the scan knows the intent.
    package enum ParameterKind: Sendable, Equatable {
        /// A parameter of the intent whose type is one of the app's AppEntity types.
        case entity
        /// A parameter of the intent whose type is one of the app's AppEnum types.
        case enumeration
        /// A parameter of the intent whose type is a value type of the system's (`String`, `Int`,
        /// `Date`…), which is neither.
        case otherType(String)
        /// No parameter of that name: the scan read every declaration of the intent.
        case notAParameter
        /// The scan cannot tell (the intent or the parameter's type is not in the scanned files).
        case unknown
    }

    package struct PhraseParameter: Sendable {
        package var name: String
        package var kind: ParameterKind
        package var pointer: JSONPointer

        package init(name: String, kind: ParameterKind, pointer: JSONPointer) {
            self.name = name
            self.kind = kind
            self.pointer = pointer
        }
    }

    /// A phrase whose text the scan read (`${applicationName}` and `${parameter}` for the
    /// interpolations).
    package struct Phrase: Sendable {
        package var text: String
        package var hasApplicationName: Bool
        package var parameters: [PhraseParameter]
        package var pointer: JSONPointer

        package init(text: String, hasApplicationName: Bool, parameters: [PhraseParameter], pointer: JSONPointer) {
            self.text = text
            self.hasApplicationName = hasApplicationName
            self.parameters = parameters
            self.pointer = pointer
        }
    }

    /// One `AppShortcut(intent:phrases:shortTitle:systemImageName:)`.
    package struct Shortcut: Sendable {
        /// The provider's type.
        package var provider: String
        /// The intent's type, when the scan read it.
        package var intent: String?
        package var phrases: [Phrase]
        /// In an `if`, a `switch` or a `#if` clause that may not be compiled.
        package var isConditional: Bool
        package var pointer: JSONPointer

        package init(provider: String, intent: String?, phrases: [Phrase], isConditional: Bool, pointer: JSONPointer) {
            self.provider = provider
            self.intent = intent
            self.phrases = phrases
            self.isConditional = isConditional
            self.pointer = pointer
        }
    }

    /// A text the system shows, read as a constant: an intent's title or a parameter's, a
    /// shortcut's short title, a phrase.
    package struct Text: Sendable {
        /// What it is, for the message: `the title of OpenNoteIntent`.
        package var what: String
        package var text: String
        package var pointer: JSONPointer

        package init(what: String, text: String, pointer: JSONPointer) {
            self.what = what
            self.text = text
            self.pointer = pointer
        }
    }

    /// Every App Shortcut the providers list, in the order written.
    package var shortcuts: [Shortcut] = []
    /// Some provider's list holds what the scan cannot read (a function's result): more
    /// shortcuts than `shortcuts` may exist.
    package var hasUnreadShortcuts = false
    package var texts: [Text] = []

    /// An `IndexedEntity` type the app indexes in Spotlight (named in a file that calls
    /// `indexAppEntities`, `associateAppEntity` or `CSSearchableItem(appEntity:)`), judged only when
    /// the scan read the target type of every OpenIntent.
    package struct IndexedEntity: Sendable {
        package var name: String
        /// Some OpenIntent's `target` is of this type.
        package var hasOpenIntent: Bool
        package var pointer: JSONPointer

        package init(name: String, hasOpenIntent: Bool, pointer: JSONPointer) {
            self.name = name
            self.hasOpenIntent = hasOpenIntent
            self.pointer = pointer
        }
    }

    /// An OpenIntent whose `perform()` is `.result()` alone, that hands its target to no scene
    /// (TargetContentProvidingIntent, UISceneAppIntent) and to no URL handler (a URLRepresentableIntent,
    /// or a target entity with a URL representation): opening the app shows nothing of the target.
    package struct IdleOpenIntent: Sendable {
        package var name: String
        package var target: String
        package var pointer: JSONPointer

        package init(name: String, target: String, pointer: JSONPointer) {
            self.name = name
            self.target = target
            self.pointer = pointer
        }
    }

    /// A donation, inside an intent's own `perform()`, of the intent the system is running.
    package struct SelfDonation: Sendable {
        package var intent: String
        package var pointer: JSONPointer

        package init(intent: String, pointer: JSONPointer) {
            self.intent = intent
            self.pointer = pointer
        }
    }

    package var indexedEntities: [IndexedEntity] = []
    package var idleOpenIntents: [IdleOpenIntent] = []
    package var selfDonations: [SelfDonation] = []

    package init() {}
}
