import ProctorEngine
import ProctorJSON

// Rules over an app's entities in Spotlight, its OpenIntents and its App Intents donations, as its
// Swift sources declare them, judged by proctor scan (docs/scan.md, issue 34). Their examples are
// Swift files.

private let indexAppEntities =
    "Apple, Core Spotlight, CSSearchableIndex.indexAppEntities(_:priority:) (\"If your app also provides OpenIntent types for its entities, Spotlight can use those types to open your app and display an entity's content when someone selects it in search results.\") [H]"
private let openIntent =
    "Apple, App Intents, OpenIntent (\"Spotlight can populate this property with an entity someone found during a search of your app's content\") [H]"

/// A Swift example: a view controller that donates an activity (every example holds a
/// donation), an indexed entity, and `body`.
private func swift(_ body: String) -> String {
    """
    import AppIntents
    import CoreSpotlight
    import UIKit

    final class NoteViewController: UIViewController {
        func show() {
            let activity = NSUserActivity(activityType: "com.example.notes.edit")
            activity.title = "Edit note"
            activity.isEligibleForHandoff = true
            userActivity = activity
        }
    }

    struct NoteEntity: IndexedEntity {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
        static var defaultQuery = NoteQuery()
        var id: String
        var title: String
        var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(title)") }
    }

    \(body)
    """
}

/// The app's indexer, which puts every note in Spotlight.
private let indexer = """
    final class NoteIndexer {
        let index = CSSearchableIndex(name: "notes")

        func indexAll(_ notes: [NoteEntity]) async throws {
            try await index.indexAppEntities(notes)
        }
    }
    """

/// An OpenIntent of a note whose `perform()` body is `body`.
private func openNote(_ body: String, conformances: String = "OpenIntent") -> String {
    """
    struct OpenNoteIntent: \(conformances) {
        static var title: LocalizedStringResource = "Open Note"

        @Parameter(title: "Note")
        var target: NoteEntity

        func perform() async throws -> some IntentResult {
    \(body)
        }
    }
    """
}

private let navigates = """
            await NoteRouter.shared.show(noteID: target.id)
            return .result()
    """

/// An entity the app indexes in Spotlight has an OpenIntent.
struct SourceIndexedEntityOpenIntentRule: Rule {
    static let description = RuleDescription(
        id: "source_indexed_entity_open_intent",
        name: "Indexed Entity Has An OpenIntent",
        category: .spotlight,
        defaultSeverity: .warning,
        summary:
            "An app entity the app indexes in Spotlight (IndexedEntity, with indexAppEntities or associateAppEntity) should have an OpenIntent whose target is of its type, so that selecting it in search results opens the app on it.",
        rationale: """
            Apple: "If your app also provides OpenIntent types for its entities, Spotlight can use \
            those types to open your app and display an entity's content when someone selects it \
            in search results"; an OpenIntent's target is what "Spotlight can populate ... with an \
            entity someone found". Apple is silent on what a selected entity does without one, and \
            states no requirement: Proctor assumes it does not open the entity, and warns. An \
            entity is taken as indexed when it conforms to IndexedEntity and a file that calls \
            indexAppEntities, associateAppEntity or CSSearchableItem(appEntity:) names its type. \
            Not judged when an OpenIntent's target type cannot be read (noted).
            """,
        sources: [
            indexAppEntities, openIntent,
            "Apple, App Intents, IndexedEntity (\"serves as the first step in letting Spotlight launch your app and display items that appear in search results\") [H]",
        ],
        passing: [
            RuleExample(swift(indexer + "\n\n" + openNote(navigates)), named: "NoteIndexer.swift")
        ],
        failing: [
            RuleExample(swift(indexer), named: "NoteIndexer.swift", at: ["/NoteEntity/IndexedEntity"])
        ])

    func check(_ intents: SourceAppIntents, in context: RuleContext) -> [Violation] {
        intents.indexedEntities.filter { !$0.hasOpenIntent }.map { entity in
            Violation(
                "\(entity.name) is indexed in Spotlight, but no OpenIntent has a target of type \(entity.name): when someone selects one in search results, Spotlight has no intent to open the app on it; add an OpenIntent whose target is \(entity.name)",
                at: entity.pointer)
        }
    }
}

/// An OpenIntent shows its target.
struct SourceOpenIntentShowsTargetRule: Rule {
    static let description = RuleDescription(
        id: "source_open_intent_shows_target",
        name: "OpenIntent Shows Its Target",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An OpenIntent that hands its target to no scene (TargetContentProvidingIntent, UISceneAppIntent) and to no URL handler should show the target in its perform(); one whose perform() only returns .result() opens the app on nothing.",
        rationale: """
            The system brings the app to the foreground to run an OpenIntent. Apple: with \
            URLRepresentableIntent, or a target with a URL representation, perform() "returns a \
            result and does nothing else" (the app's URL handling opens the item); with \
            TargetContentProvidingIntent or UISceneAppIntent the intent reaches a scene first; \
            otherwise, "use your perform() method implementation to update your app's interface \
            and display the item". So an OpenIntent with none of these whose perform() is \
            .result() alone opens the app and shows nothing of its target. Apple gives no severity \
            word; Proctor warns. Only that body is judged: a perform() that does anything else may \
            navigate, which syntax cannot decide, and a target type outside the scanned files is \
            not judged.
            """,
        sources: [
            "Apple, App Intents, OpenIntent (\"If your app intent type doesn't support these protocols, use your perform() method implementation to update your app's interface and display the item.\") [H]",
            "Apple, App Intents, OpenIntent.target (\"Use this value to determine what content to show in your app's interface.\") [H]",
        ],
        passing: [
            RuleExample(swift(openNote(navigates)), named: "OpenNoteIntent.swift"),
            // The scene that runs the intent shows the note (onAppIntentExecution).
            RuleExample(
                swift(openNote("        .result()", conformances: "OpenIntent, TargetContentProvidingIntent")), named: "OpenNoteIntent.swift"),
        ],
        failing: [
            RuleExample(swift(openNote("        .result()")), named: "OpenNoteIntent.swift", at: ["/OpenNoteIntent/perform()"])
        ])

    func check(_ intents: SourceAppIntents, in context: RuleContext) -> [Violation] {
        intents.idleOpenIntents.map { intent in
            Violation(
                "\(intent.name) is an OpenIntent whose perform() only returns .result(), and it hands its target to no scene and no URL: the system opens the app, which shows nothing of the \(intent.target); show it in perform(), or adopt TargetContentProvidingIntent and handle the intent in the scene",
                at: intent.pointer)
        }
    }
}

/// An intent does not donate itself while the system runs it.
struct SourceAppIntentDonatedInPerformRule: Rule {
    static let description = RuleDescription(
        id: "source_app_intent_donated_in_perform",
        name: "App Intent Not Donated While It Runs",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "An App Intent should not donate itself in its own perform() (donate(), or IntentDonationManager's donate(intent: self)): the system made that intent and already knows it ran.",
        rationale: """
            Donations tell the system what someone did in the app's interface, so it can predict \
            what they do next. Apple: "When someone interacts with your app's interface, create an \
            app intent for the interaction and call this method" and "Don't donate app intents \
            that the system creates and asks you to handle." An intent running its perform() is \
            one the system made. Apple gives no must and says nothing of what such a donation \
            does: Proctor warns. Only a donation of the running intent itself is judged (donate() \
            or self.donate() in its perform(), or donate(intent: self)); a new intent made and \
            donated there is not.
            """,
        sources: [
            "Apple, App Intents, AppIntent.donate() (\"Don't donate app intents that the system creates and asks you to handle.\") [H]",
            "Apple, App Intents, IntentDonationManager.donate(intent:) (\"When someone completes an action in your app, call this method to donate a matching app intent. The system doesn't run the app intent you provide\") [H]",
        ],
        passing: [
            RuleExample(
                swift(
                    openNote(navigates) + """


                        final class NoteListViewController: UIViewController {
                            func didSelect(_ note: NoteEntity) {
                                let intent = OpenNoteIntent()
                                intent.target = note
                                IntentDonationManager.shared.donate(intent: intent)
                            }
                        }
                        """),
                named: "OpenNoteIntent.swift")
        ],
        failing: [
            RuleExample(
                swift(openNote("        try await donate()\n" + navigates)), named: "OpenNoteIntent.swift",
                at: ["/OpenNoteIntent/perform()/donate"])
        ])

    func check(_ intents: SourceAppIntents, in context: RuleContext) -> [Violation] {
        intents.selfDonations.map { donation in
            Violation(
                "\(donation.intent) donates itself in its own perform(): the system made this intent and asked the app to run it, and Apple says not to donate such intents; donate where someone does the action in the app's interface instead",
                at: donation.pointer)
        }
    }
}
