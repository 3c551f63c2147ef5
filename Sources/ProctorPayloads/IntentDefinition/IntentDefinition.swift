import ProctorCore
import ProctorEngine
import ProctorJSON

/// A SiriKit intent definition file (`.intentdefinition`), as Xcode's intent editor writes it: an
/// XML property list whose `INIntents` array holds the intents the app defines, custom intents
/// and customized system intents, from which Xcode generates each intent's class, its response
/// class and its handling protocol (docs/input-format.md, "Intent definition files").
package struct IntentDefinitionFile: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }

    /// The file as reports name it.
    package var path: String
    /// The entries of `INIntents` that could be read, in file order.
    package var intents: [IntentDefinition]

    package init(path: String, intents: [IntentDefinition]) {
        self.path = path
        self.intents = intents
    }
}

/// One entry of a definition file's `INIntents`.
package struct IntentDefinition: Sendable, Equatable {
    /// `INIntentName`: the name in Xcode's editor, `OrderSoup`.
    package var name: String
    /// `INIntentClassName`, the editor's Custom Class, when Xcode wrote one.
    package var customClassName: String?
    /// `INIntentClassPrefix`: the project's class prefix, which Xcode puts before the name when
    /// the intent has no custom class.
    package var classPrefix: String?
    /// `INIntentType`: `Custom` for a custom intent, `System` for a customized system intent
    /// (`INPlayMediaIntent`); nil when absent.
    package var type: String?
    /// `INIntentCategory` (`generic`, `information`, `order`, `create`, `system`, ...).
    package var category: String?
    /// `INIntentTitle`: the title Shortcuts and Siri show.
    package var title: String?
    /// `INIntentDescription`.
    package var intentDescription: String?
    package var parameters: [Parameter]
    /// `INIntentResponse` → `INIntentResponseCodes`: the codes the definition adds or customizes
    /// (`success`, `failure`, `failureNoChapters`); Xcode also generates `unspecified`, `ready`,
    /// `continueInApp`, `inProgress` and `failureRequiringAppLaunch` for every custom intent.
    package var responseCodes: [String]
    /// `INIntentIneligibleForSuggestions`: Siri does not suggest it (the editor's "Intent is
    /// eligible for Siri Suggestions", inverted).
    package var isIneligibleForSuggestions: Bool
    /// `INIntentConfigurable`: the user can add it to a shortcut in the Shortcuts app.
    package var isConfigurable: Bool
    /// `INIntentEligibleForWidgets`: a widget can be configured with it.
    package var isEligibleForWidgets: Bool
    /// The entry's pointer in the file, `/INIntents/3`.
    package var pointer: JSONPointer

    /// A parameter of the intent: `INIntentParameterName` and `INIntentParameterType` (`String`,
    /// `Integer`, `Object` for a custom type, ...), with the custom type or enum it takes.
    package struct Parameter: Sendable, Equatable {
        package var name: String
        package var type: String?
        /// `INIntentParameterObjectType` or `INIntentParameterEnumType`.
        package var customType: String?
        /// `INIntentParameterSupportsDynamicEnumeration`: its options come from the intent handler.
        package var hasDynamicOptions: Bool

        package init(name: String, type: String?, customType: String?, hasDynamicOptions: Bool) {
            self.name = name
            self.type = type
            self.customType = customType
            self.hasDynamicOptions = hasDynamicOptions
        }
    }

    package init(
        name: String, customClassName: String? = nil, classPrefix: String? = nil, type: String? = "Custom", category: String? = nil,
        title: String? = nil, intentDescription: String? = nil, parameters: [Parameter] = [], responseCodes: [String] = [],
        isIneligibleForSuggestions: Bool = false, isConfigurable: Bool = false, isEligibleForWidgets: Bool = false, pointer: JSONPointer
    ) {
        self.name = name
        self.customClassName = customClassName
        self.classPrefix = classPrefix
        self.type = type
        self.category = category
        self.title = title
        self.intentDescription = intentDescription
        self.parameters = parameters
        self.responseCodes = responseCodes
        self.isIneligibleForSuggestions = isIneligibleForSuggestions
        self.isConfigurable = isConfigurable
        self.isEligibleForWidgets = isEligibleForWidgets
        self.pointer = pointer
    }

    /// The class Xcode generates and the system names the intent by (in `IntentsSupported`, and as
    /// the activity type of a response's activity): the Custom Class when the file has one, else
    /// the class prefix, the name and `Intent` (`SJ` + `Chapter` → `SJChapterIntent`).
    package var className: String {
        if let customClassName, !customClassName.isEmpty { return customClassName }
        return (classPrefix ?? "") + name + "Intent"
    }

    /// A custom intent, as opposed to a customized system intent (`INIntentType` `System`).
    package var isCustom: Bool { type != "System" }

    /// Whether Siri or Shortcuts runs it through a handler. An intent a widget is configured with
    /// and Siri does not suggest (eligible for widgets, ineligible for suggestions) is a widget's
    /// configuration, which WidgetKit reads without running it: Apple's own widget sample ("Building
    /// widgets using WidgetKit and SwiftUI") declares such an intent, configurable in Shortcuts
    /// too, in no target's Supported Intents and handles it nowhere.
    package var isRunByTheSystem: Bool { !(isEligibleForWidgets && isIneligibleForSuggestions) }

    /// Whether its handler must provide some parameter's options at run time (a widget's dynamic
    /// options, an "options provided dynamically" parameter).
    package var hasDynamicOptions: Bool { parameters.contains(where: \.hasDynamicOptions) }

    /// The pointer of one of the entry's keys, `/INIntents/3/INIntentTitle`.
    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}
