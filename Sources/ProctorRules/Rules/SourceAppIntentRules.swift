import ProctorEngine
import ProctorJSON

// Rules over an app's App Intents and App Shortcuts as its Swift sources declare them, judged by
// proctor scan (docs/scan.md, issue 34). Their examples are Swift files.

private let wwdc22 = "Apple, WWDC22 session 10170, Implement App Shortcuts with App Intents"
private let phraseToken =
    "Apple, App Intents, AppShortcutPhraseToken.applicationName (\"Dynamic values you can include in the spoken phrases that run your shortcut\") [H]"
private let shortcutInit =
    "Apple, App Intents, AppShortcut.init(intent:phrases:shortTitle:systemImageName:) (\"Initializes an App Shortcut with phrases that run the app intent, a title, and an image\") [H]"

/// A Swift example: a view controller that donates an activity (every example holds a
/// donation), an entity with its query, an enumeration, an intent whose body is `intent`, and a
/// provider whose `appShortcuts` body is `shortcuts`.
private func swift(shortcuts: String, intent: String = openNoteIntent) -> String {
    """
    import AppIntents
    import UIKit

    final class NoteViewController: UIViewController {
        func show() {
            let activity = NSUserActivity(activityType: "com.example.notes.edit")
            activity.title = "Edit note"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }
    }

    struct NoteEntity: AppEntity {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
        static var defaultQuery = NoteQuery()
        var id: String
        var title: String
        var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(title)") }
    }

    enum NoteFolder: String, AppEnum {
        case inbox, archive
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Folder"
        static var caseDisplayRepresentations: [NoteFolder: DisplayRepresentation] = [.inbox: "Inbox", .archive: "Archive"]
    }

    \(intent)

    struct NotesShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
    \(shortcuts)
        }
    }
    """
}

private let openNoteIntent = """
    struct OpenNoteIntent: AppIntent {
        static var title: LocalizedStringResource = "Open Note"
        static var openAppWhenRun = true

        @Parameter(title: "Note")
        var note: NoteEntity

        @Parameter(title: "Folder")
        var folder: NoteFolder?

        @Parameter(title: "Search")
        var query: String?

        func perform() async throws -> some IntentResult { .result() }
    }
    """

/// An App Shortcut of `OpenNoteIntent` with `phrases`.
private func openNote(_ phrases: String, shortTitle: String = "\"Open Note\"") -> String {
    """
            AppShortcut(
                intent: OpenNoteIntent(),
                phrases: [\(phrases)],
                shortTitle: \(shortTitle),
                systemImageName: "note.text"
            )
    """
}

/// Every App Shortcut phrase holds the app's name.
struct SourceAppShortcutPhraseAppNameRule: Rule {
    static let description = RuleDescription(
        id: "source_app_shortcut_phrase_app_name",
        name: "App Shortcut Phrase Says The App's Name",
        category: .activity,
        defaultSeverity: .error,
        summary: "Every phrase of an App Shortcut must include the app's name, written \\(.applicationName) in the phrase.",
        rationale: """
            Siri runs an App Shortcut when the user speaks one of its phrases, and the phrase \
            names the app so that Siri knows which app it is for: Apple's sessions interpolate \
            the .applicationName token in every phrase, and Xcode's build-time check of App Shortcuts \
            refuses a phrase without it (an app whose phrase "Find Flipper" named the app as \
            text, not as the token, failed that check and its build). Apple's reference \
            documents the token (AppShortcutPhraseToken.applicationName) but states no rule in \
            words; the rule follows the build check. A phrase computed at run time (a function's \
            result, an interpolation of something else) is not judged, and the scan notes it.
            """,
        sources: [
            phraseToken, wwdc22 + " (every phrase of the session's shortcuts includes \\(.applicationName)) [M]",
            "Flipper-iOS-App pull request 272: a phrase without \\(.applicationName) \"fails App Shortcuts validation and breaks the build\" [M]",
        ],
        passing: [
            RuleExample(
                swift(
                    shortcuts: openNote(#""Open \(\.$note) in \(.applicationName)", "Show my notes in \(AppShortcutPhraseToken.applicationName)""#)),
                named: "NotesShortcuts.swift")
        ],
        failing: [
            RuleExample(
                swift(shortcuts: openNote(#""Open \(\.$note) in \(.applicationName)", "Show my notes in Notes""#)),
                named: "NotesShortcuts.swift", at: ["/NotesShortcuts.appShortcuts/0/phrases/1"])
        ])

    func check(_ intents: SourceAppIntents, in context: RuleContext) -> [Violation] {
        intents.shortcuts.flatMap { shortcut in
            shortcut.phrases.filter { !$0.hasApplicationName }.map { phrase in
                Violation(
                    "the phrase '\(phrase.text)' of \(shortcut.provider)'s App Shortcut\(shortcut.intent.map { " for \($0)" } ?? "") does not include the app's name: write \\(.applicationName) in it (Xcode's App Shortcuts check refuses a phrase without it, and Siri cannot tell which app it is for)",
                    at: phrase.pointer)
            }
        }
    }
}

/// At most 10 App Shortcuts.
struct SourceAppShortcutsLimitRule: Rule {
    static let limit = 10

    static let description = RuleDescription(
        id: "source_app_shortcuts_limit",
        name: "At Most 10 App Shortcuts",
        category: .activity,
        defaultSeverity: .error,
        summary: "An app can have at most 10 App Shortcuts (AppShortcut in its AppShortcutsProvider's appShortcuts), counted per provider.",
        rationale: """
            Apple's session introducing App Shortcuts says: "Note that in total, your app can \
            have a maximum of 10 app shortcuts. However, most apps only need a few." Apple's \
            reference pages for AppShortcutsProvider and AppShortcut state no number. Developers \
            report the limit as a build error in some Xcode versions and shortcuts past it shown \
            in others, so past 10 the app depends on the tools. Apple calls the provider "the \
            type that provides an app's preconfigured shortcuts", in the singular, and says \
            nothing of several: Proctor assumes several providers in one scan are several \
            targets (an iOS app and a watchOS app), so it counts each provider's AppShortcut(…) \
            calls apart and reports its 11th. A \
            shortcut in an if, a switch or a #if clause that may not be compiled is not counted, \
            and a list the scan cannot read (a function's result) is noted, not guessed at.
            """,
        sources: [
            wwdc22 + " (\"in total, your app can have a maximum of 10 app shortcuts\") [H]",
            "Apple, App Intents, AppShortcutsProvider (\"the type that provides an app's preconfigured shortcuts\") [H]",
            "Apple Developer Forums thread 710816, AppShortcuts limit for 10 shortcuts (the session's words; a build error past 10 in some Xcode versions) [M]",
        ],
        passing: [
            RuleExample(
                swift(shortcuts: (1...10).map { _ in openNote(#""Open \(\.$note) in \(.applicationName)""#) }.joined(separator: "\n")),
                named: "NotesShortcuts.swift"),
            // Two providers (an iOS app's and a watchOS app's in one scan) of 6 each: each app has 6.
            RuleExample(
                swift(shortcuts: (1...6).map { _ in openNote(#""Open \(\.$note) in \(.applicationName)""#) }.joined(separator: "\n"))
                    + "\n\nstruct WatchShortcuts: AppShortcutsProvider {\n    static var appShortcuts: [AppShortcut] {\n"
                    + (1...6).map { _ in openNote(#""Open \(\.$note) on \(.applicationName)""#) }.joined(separator: "\n") + "\n    }\n}\n",
                named: "NotesShortcuts.swift"),
        ],
        failing: [
            RuleExample(
                swift(shortcuts: (1...11).map { _ in openNote(#""Open \(\.$note) in \(.applicationName)""#) }.joined(separator: "\n")),
                named: "NotesShortcuts.swift", at: ["/NotesShortcuts.appShortcuts/10"])
        ])

    func check(_ intents: SourceAppIntents, in context: RuleContext) -> [Violation] {
        // Each provider is one app's (or extension's): a scan of several targets holds several.
        var providers: [String] = []
        var certain: [String: [SourceAppIntents.Shortcut]] = [:]
        for shortcut in intents.shortcuts where !shortcut.isConditional {
            if certain[shortcut.provider] == nil { providers.append(shortcut.provider) }
            certain[shortcut.provider, default: []].append(shortcut)
        }
        return providers.compactMap { provider in
            guard let listed = certain[provider], listed.count > Self.limit else { return nil }
            return Violation(
                "\(provider) lists \(listed.count) App Shortcuts, more than the 10 an app can have: this is the 11th; keep the few people use most, and leave the others to the Shortcuts app's actions",
                at: listed[Self.limit].pointer)
        }
    }
}

/// A phrase's parameter is an AppEntity or AppEnum parameter of its intent.
struct SourceAppShortcutPhraseParameterRule: Rule {
    static let description = RuleDescription(
        id: "source_app_shortcut_phrase_parameter",
        name: "App Shortcut Phrase Parameter Is An Entity Or Enum Of The Intent",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "A parameter a phrase interpolates (\\(\\.$name)) must be a parameter of that App Shortcut's intent whose type is an AppEntity or an AppEnum.",
        rationale: """
            A phrase may name one of the intent's parameters so that the user says its value \
            ("Open Groceries in Notes"). Siri matches the spoken value against a set it knows \
            beforehand: an AppEnum's cases, or the entities its query suggests (Apple's session \
            on App Shortcuts uses them, and updateAppShortcutParameters() refreshes them). \
            Xcode's build-time check of App Shortcuts refuses a phrase parameter of any other \
            type (a String, a number, a date), as developers report; Apple's reference states no \
            rule in words. A key path naming no parameter of the intent is reported when the scan \
            read every declaration of the intent (a struct, or a class with no base class of the \
            app's); a type declared outside the scanned files is not judged.
            """,
        sources: [
            wwdc22 + " (phrases with parameters whose values are an AppEnum's cases or an entity query's suggested entities) [M]",
            "Apple, App Intents, AppShortcutsProvider.updateAppShortcutParameters() [H]", shortcutInit,
        ],
        passing: [
            RuleExample(
                swift(shortcuts: openNote(#""Open \(\.$note) in \(.applicationName)", "Show \(\.$folder) in \(.applicationName)""#)),
                named: "NotesShortcuts.swift")
        ],
        failing: [
            RuleExample(
                swift(shortcuts: openNote(#""Search \(\.$query) in \(.applicationName)", "Open \(\.$notes) in \(.applicationName)""#)),
                named: "NotesShortcuts.swift",
                at: ["/NotesShortcuts.appShortcuts/0/phrases/0/query", "/NotesShortcuts.appShortcuts/0/phrases/1/notes"])
        ])

    func check(_ intents: SourceAppIntents, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for shortcut in intents.shortcuts {
            let intent = shortcut.intent ?? "its intent"
            for phrase in shortcut.phrases {
                for parameter in phrase.parameters {
                    switch parameter.kind {
                    case .notAParameter:
                        violations.append(
                            Violation(
                                "the phrase '\(phrase.text)' interpolates '\(parameter.name)', which is no @Parameter of \(intent): a phrase can only name a parameter of the intent it runs",
                                at: parameter.pointer))
                    case .otherType(let type):
                        violations.append(
                            Violation(
                                "the phrase '\(phrase.text)' interpolates the parameter '\(parameter.name)' of \(intent), whose type \(type) is neither an AppEntity nor an AppEnum: a phrase can only hold parameters whose values Siri knows beforehand (an AppEnum's cases, an entity query's suggestions); ask for it after the phrase instead",
                                at: parameter.pointer))
                    case .entity, .enumeration, .unknown: break
                    }
                }
            }
        }
        return violations
    }
}

/// The texts the system shows are not empty.
struct SourceAppIntentTextEmptyRule: Rule {
    static let description = RuleDescription(
        id: "source_app_intent_text_empty",
        name: "App Intent Text Is Not Empty",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An App Intent's title, a parameter's title, an App Shortcut's short title and each of its phrases should not be empty: the system shows them in Siri, Spotlight and the Shortcuts app.",
        rationale: """
            The system shows an intent's title as the action's name in the Shortcuts app and \
            Spotlight, a parameter's title where it asks for the value, an App Shortcut's short \
            title on its tile and the Action button, and Siri listens for its phrases. Apple's \
            reference gives each as a LocalizedStringResource and says what it is for, but is \
            silent on an empty one: Proctor assumes an empty text is a mistake (a placeholder \
            left in, a key with no value), which shows a blank action or a phrase nobody can say, \
            and so warns. Only a constant text is judged (white space alone counts as empty); one \
            computed at run time is noted. Apple documents no maximum length for any of these \
            texts, so no length is checked.
            """,
        sources: [
            "Apple, App Intents, AppIntent.title (\"A short, localized, human-readable string that describes the app intent\") [H]",
            shortcutInit,
        ],
        passing: [
            RuleExample(swift(shortcuts: openNote(#""Open \(\.$note) in \(.applicationName)""#)), named: "NotesShortcuts.swift")
        ],
        failing: [
            RuleExample(
                swift(
                    shortcuts: openNote(
                        #""Open \(\.$note) in \(.applicationName)", "", "Show my notes in \(.applicationName)""#, shortTitle: "\" \""),
                    intent: openNoteIntent.replacingOccurrences(of: "\"Open Note\"", with: "\"\"")),
                named: "NotesShortcuts.swift",
                at: ["/NotesShortcuts.appShortcuts/0/phrases/1", "/NotesShortcuts.appShortcuts/0/shortTitle", "/OpenNoteIntent/title"])
        ])

    func check(_ intents: SourceAppIntents, in context: RuleContext) -> [Violation] {
        intents.texts.filter { $0.text.allSatisfy(\.isWhitespace) }.map { text in
            Violation(
                "\(text.what) is empty, so the system shows nothing there (a blank action, or a phrase nobody can say): give it the words people see and say",
                at: text.pointer)
        }
    }
}
