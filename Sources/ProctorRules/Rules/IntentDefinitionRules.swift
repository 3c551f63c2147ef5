import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads

// The rules on SiriKit custom intents, read from `.intentdefinition` files: what each definition
// must hold for Xcode and the Shortcuts app, and what the app's Info.plists must declare for the
// system to run an intent and to hand it back to the app. Sources are tagged as in the other
// rule files: [H] Apple's own words, [M] second-hand; a "Proctor assumption" is where Apple says
// nothing.

private let addingInteractivity = "Apple, SiriKit, \"Adding user interactivity with Siri Shortcuts and the Shortcuts app\""
private let intentsSupportedKey =
    "Apple, Information Property List, INIntentsSupported: \"Provide the class name of each INIntent subclass your app can handle\" [H]"
private let extensionIntentsKey =
    "Apple, Information Property List, NSExtension IntentsSupported: \"The names of the intents that an extension supports\" [H]"
private let dispatching = "Apple, SiriKit, \"Dispatching intents to handlers\": SiriKit loads the Intents extension for the intents it supports [H]"
private let configurableWidget =
    "Apple, WidgetKit, \"Making a configurable widget\" (iOS 14): add the intent's class name to the target's Supported Intents; an Intents extension provides dynamic options [H]"

/// The Info.plists of a run that may declare what its intents need: the run's own (`--info-plist`)
/// and those among its inputs (a repository's app and extensions).
struct IntentDeclarations {
    let plists: [AppInfo]

    /// The run's own Info.plist, which the user named as the app's.
    let own: AppInfo?

    init(_ facts: RunFacts, _ context: RuleContext) {
        own = context.appInfo.flatMap { $0.isFromInfoPlist ? $0 : nil }
        let own = own
        plists = (own.map { [$0] } ?? []) + facts.infoPlists.filter { plist in own?.source != plist.source }
    }

    /// Every class the app or one of its extensions lists as supported.
    var supported: [String] { plists.flatMap { $0.intentsSupported + $0.extensionIntentsSupported } }

    /// The Info.plists that say which intents are supported: the run's own, the Intents
    /// extensions' (even when their list is empty), and those among the inputs that list some. A
    /// walk meets test bundles' and frameworks' too, which list none and declare nothing.
    var declaringIntents: [AppInfo] {
        plists.filter {
            $0.source == own?.source || $0.extensionPoint == "com.apple.intents-service" || !$0.intentsSupported.isEmpty
                || !$0.extensionIntentsSupported.isEmpty
        }
    }

    /// The Info.plists of apps: the run's own unless it is an extension's, and those among the
    /// inputs that declare activity types. A walk meets the Info.plists of test bundles,
    /// frameworks and watch apps too, which declare none and are no app the system launches with
    /// an intent's activity.
    var apps: [AppInfo] {
        plists.filter { !$0.isExtension && ($0.source == own?.source || $0.userActivityTypes != nil) }
    }

    /// How the Info.plists are named in a message: `App/Info.plist and Intents/Info.plist`.
    static func names(_ plists: [AppInfo]) -> String {
        let sources = plists.map(\.source)
        guard sources.count > 1 else { return sources.first ?? "" }
        return sources.dropLast().joined(separator: ", ") + " and " + sources[sources.count - 1]
    }
}

/// Custom intents as rule examples: a definition file of Xcode's shape, with the keys the rules
/// read.
enum IntentExample {
    static let fileName = "Intents.intentdefinition"

    /// A definition file holding `intents` (each made by ``intent(_:title:category:extra:)``).
    static func definition(_ intents: String...) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>INIntentDefinitionModelVersion</key>
        	<string>1.2</string>
        	<key>INIntents</key>
        	<array>
        \(intents.joined(separator: "\n"))
        	</array>
        </dict>
        </plist>

        """
    }

    /// One custom intent entry; `extra` is more keys of the entry, one `<key>` and value each.
    static func intent(_ name: String, title: String? = nil, category: String? = "order", extra: String = "") -> String {
        var lines = ["\t\t<dict>"]
        if let category { lines += ["\t\t\t<key>INIntentCategory</key>", "\t\t\t<string>\(category)</string>"] }
        lines += ["\t\t\t<key>INIntentName</key>", "\t\t\t<string>\(name)</string>"]
        if let title { lines += ["\t\t\t<key>INIntentTitle</key>", "\t\t\t<string>\(title)</string>"] }
        lines += ["\t\t\t<key>INIntentType</key>", "\t\t\t<string>Custom</string>"]
        if !extra.isEmpty { lines.append(extra) }
        lines.append("\t\t</dict>")
        return lines.joined(separator: "\n")
    }

    /// The keys Xcode writes for an intent only a widget is configured with.
    static let widgetOnly = """
        \t\t\t<key>INIntentEligibleForWidgets</key>
        \t\t\t<true/>
        \t\t\t<key>INIntentIneligibleForSuggestions</key>
        \t\t\t<true/>
        """

    /// A parameter whose options the intent handler provides.
    static let dynamicParameter = """
        \t\t\t<key>INIntentParameters</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>INIntentParameterName</key>
        \t\t\t\t\t<string>character</string>
        \t\t\t\t\t<key>INIntentParameterSupportsDynamicEnumeration</key>
        \t\t\t\t\t<true/>
        \t\t\t\t\t<key>INIntentParameterType</key>
        \t\t\t\t\t<string>Object</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        """

    static let orderSoup = intent("OrderSoup", title: "Order Soup")
}

/// A custom intent is supported by the app or one of its extensions.
struct CustomIntentSupportedRule: Rule {
    static let description = RuleDescription(
        id: "custom_intent_supported",
        name: "Custom Intent Is Supported",
        category: .intents,
        defaultSeverity: .error,
        summary:
            "A custom intent Siri or Shortcuts can run must be listed in INIntentsSupported of the app or in IntentsSupported of an Intents extension.",
        rationale: """
            The system hands an intent only to a target that declares it: the app lists the class \
            names it handles itself under INIntentsSupported (iOS 14 and later), an Intents \
            extension under NSExtension → NSExtensionAttributes → IntentsSupported, and Xcode's \
            Supported Intents section writes both. The class is the definition's Custom Class, \
            else its class prefix, name and "Intent" (SJ + Chapter: SJChapterIntent). Judged when \
            the run has --info-plist, an Intents extension's Info.plist or others that list \
            intents, against all of them. A widget's configuration intent (eligible for widgets, not for suggestions) is \
            judged only when a parameter's options are dynamic, which an Intents extension \
            provides; customized system intents are left to their rules.
            """,
        sources: [intentsSupportedKey, extensionIntentsKey, dispatching, configurableWidget],
        passing: [
            RuleExample(
                IntentExample.definition(IntentExample.orderSoup), named: IntentExample.fileName,
                infoPlist: #"{"INIntentsSupported": ["OrderSoupIntent"]}"#),
            RuleExample(
                IntentExample.definition(IntentExample.orderSoup), named: IntentExample.fileName,
                infoPlist:
                    #"{"NSExtension": {"NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionAttributes": {"IntentsSupported": ["OrderSoupIntent"]}}}"#
            ),
            // A widget's configuration with static options runs nowhere: WidgetKit reads it.
            RuleExample(
                IntentExample.definition(
                    IntentExample.intent("SelectCharacter", title: "Select Character", category: "information", extra: IntentExample.widgetOnly)),
                named: IntentExample.fileName, infoPlist: #"{"CFBundleIdentifier": "com.example.emoji-rangers"}"#),
        ],
        failing: [
            RuleExample(
                IntentExample.definition(IntentExample.orderSoup), named: IntentExample.fileName,
                infoPlist: #"{"NSUserActivityTypes": ["OrderSoupIntent"], "INIntentsSupported": ["OrderSoup"]}"#, at: ["/INIntents/0"]),
            RuleExample(
                IntentExample.definition(
                    IntentExample.intent(
                        "Chapter", title: "Chapter", category: "generic", extra: "\t\t\t<key>INIntentClassPrefix</key>\n\t\t\t<string>SJ</string>")),
                named: IntentExample.fileName,
                infoPlist:
                    #"{"NSExtension": {"NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionAttributes": {"IntentsSupported": ["ChapterIntent"]}}}"#,
                at: ["/INIntents/0"]),
            RuleExample(
                IntentExample.definition(
                    IntentExample.intent(
                        "SelectCharacter", title: "Select Character", category: "information",
                        extra: IntentExample.widgetOnly + "\n" + IntentExample.dynamicParameter)),
                named: IntentExample.fileName, infoPlist: #"{"CFBundleIdentifier": "com.example.emoji-rangers"}"#, at: ["/INIntents/0"]),
        ])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        let declarations = IntentDeclarations(facts, context)
        let plists = declarations.declaringIntents
        guard !plists.isEmpty else { return [] }
        let supported = declarations.supported
        return facts.definedIntents.compactMap { defined in
            let intent = defined.intent
            guard intent.isCustom, intent.isRunByTheSystem || intent.hasDynamicOptions, !supported.contains(intent.className) else { return nil }
            let why =
                intent.isRunByTheSystem
                ? "so Siri and Shortcuts find no app or extension to run it" : "so no Intents extension provides its widget's dynamic options"
            return Violation(
                "custom intent '\(intent.className)' is in no Supported Intents of \(IntentDeclarations.names(plists)) (INIntentsSupported, or IntentsSupported of an Intents extension), \(why)\(Suggestion.phrase(for: intent.className, among: supported))",
                at: .location(defined.location))
        }
    }
}

/// A custom intent that may continue in the app has its activity type declared.
struct CustomIntentActivityTypeDeclaredRule: Rule {
    static let description = RuleDescription(
        id: "custom_intent_activity_type_declared",
        name: "Custom Intent Is A Declared Activity Type",
        category: .intents,
        defaultSeverity: .warning,
        summary: "The class name of a custom intent Siri or Shortcuts can run should be listed in the app's NSUserActivityTypes.",
        rationale: """
            Xcode gives every custom intent the response codes continueInApp and \
            failureRequiringAppLaunch. When a handler answers with one and no activity of its own, \
            "the system automatically creates a user activity object for you, sets its type to the \
            class name of the intent" and launches the app with it; the system hands an app only \
            the activity types its NSUserActivityTypes declares. Apple does not say that an app \
            whose handlers never answer so needs the entry, and Proctor cannot see the answers \
            here, so this is a warning. Judged against the run's Info.plist unless it is an \
            extension's, and the Info.plists a walk meets that declare NSUserActivityTypes (a \
            walk meets test bundles' and frameworks' too); intents only widgets use and \
            customized system intents are not judged.
            """,
        sources: [
            addingInteractivity
                + ": Xcode creates the codes unspecified, ready, continueInApp, inProgress, success, failure and failureRequiringAppLaunch for a custom intent [H]",
            "Apple, Intents, init(code:userActivity:) of the intent responses: with nil, the system creates a user activity whose type is the class name of the intent being handled [H]",
            "Apple, Foundation, \"Creating a user activity object\": the system uses NSUserActivityTypes to determine whether the app can handle an activity [H]",
        ],
        passing: [
            RuleExample(
                IntentExample.definition(IntentExample.orderSoup), named: IntentExample.fileName,
                infoPlist: #"{"NSUserActivityTypes": ["OrderSoupIntent"], "INIntentsSupported": ["OrderSoupIntent"]}"#),
            // An Intents extension's Info.plist has no activity types of its own to judge.
            RuleExample(
                IntentExample.definition(IntentExample.orderSoup), named: IntentExample.fileName,
                infoPlist:
                    #"{"NSExtension": {"NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionAttributes": {"IntentsSupported": ["OrderSoupIntent"]}}}"#
            ),
        ],
        failing: [
            RuleExample(
                IntentExample.definition(IntentExample.orderSoup), named: IntentExample.fileName,
                infoPlist: #"{"NSUserActivityTypes": ["com.example.soupchef.order"], "INIntentsSupported": ["OrderSoupIntent"]}"#,
                at: ["/INIntents/0"])
        ])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        let apps = IntentDeclarations(facts, context).apps
        guard !apps.isEmpty else { return [] }
        let declared = apps.flatMap { $0.userActivityTypes ?? [] }
        return facts.definedIntents.compactMap { defined in
            let intent = defined.intent
            guard intent.isCustom, intent.isRunByTheSystem, !apps.contains(where: { $0.declares(activityType: intent.className) }) else { return nil }
            let problem =
                declared.isEmpty
                ? "\(IntentDeclarations.names(apps)) \(apps.count == 1 ? "has" : "have") no NSUserActivityTypes"
                : "NSUserActivityTypes of \(IntentDeclarations.names(apps)) does not list it"
            return Violation(
                "when a handler of custom intent '\(intent.className)' answers continueInApp or failureRequiringAppLaunch with no activity of its own, the system launches the app with an activity of type '\(intent.className)', but \(problem)\(Suggestion.phrase(for: intent.className, among: declared))",
                at: .location(defined.location))
        }
    }
}

/// A custom intent has the title and category Xcode's editor asks for.
struct CustomIntentTitleAndCategoryRule: Rule {
    static let description = RuleDescription(
        id: "custom_intent_title_and_category",
        name: "Custom Intent Has A Title And A Category",
        category: .intents,
        defaultSeverity: .warning,
        summary: "A custom intent should have a title (INIntentTitle) and a category (INIntentCategory).",
        rationale: """
            Apple's steps for defining a custom intent: choose a category that matches the \
            intent's purpose, since "the category you select defines the default Siri dialog", \
            and add a human-readable title in the Title field, which Shortcuts and Siri show. \
            Xcode's editor writes both; a definition without them, or with a blank title, was \
            written or merged by hand. Apple does not say what the system does without them, so \
            this is a warning. Customized system intents take Apple's title and category and are \
            not judged.
            """,
        sources: [addingInteractivity + ": Define the intent: select a category, add a title and a description [H]"],
        passing: [RuleExample(IntentExample.definition(IntentExample.orderSoup), named: IntentExample.fileName)],
        failing: [
            RuleExample(
                IntentExample.definition(IntentExample.intent("OrderSoup", category: nil)), named: IntentExample.fileName, at: ["/INIntents/0"]),
            RuleExample(
                IntentExample.definition(IntentExample.intent("OrderSoup", title: " ")), named: IntentExample.fileName,
                at: ["/INIntents/0/INIntentTitle"]),
        ])

    func check(_ file: IntentDefinitionFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for intent in file.intents where intent.isCustom {
            var missing: [String] = []
            if let title = intent.title {
                if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    violations.append(
                        Violation(
                            "custom intent '\(intent.className)' has a blank INIntentTitle; Shortcuts and Siri show the title",
                            at: intent.pointer("INIntentTitle")))
                }
            } else {
                missing.append("a title (INIntentTitle), which Shortcuts and Siri show")
            }
            if (intent.category ?? "").isEmpty { missing.append("a category (INIntentCategory), which defines its default Siri dialog") }
            if !missing.isEmpty {
                violations.append(
                    Violation("custom intent '\(intent.className)' has no \(missing.joined(separator: " and no "))", at: intent.pointer))
            }
        }
        return violations
    }
}
