import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// proctor scan reading app entities in Spotlight and activities, App Intents donations and
/// OpenIntents (issue 34): the type each call names when the syntax says it, and what is judged.
@Suite("Source scan: app entities and donations")
struct SourceScanAppEntitiesTests {
    private let entities = """
        import AppIntents

        struct NoteEntity: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
            static let defaultQuery = NoteQuery()
            var id: String
            var displayRepresentation: DisplayRepresentation { "Note" }
        }

        struct FolderEntity: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Folder"
            static let defaultQuery = FolderQuery()
            var id: String
            var displayRepresentation: DisplayRepresentation { "Folder" }
        }
        """

    /// Each way of handing Spotlight an entity, with the type the syntax names (a parameter's
    /// type, `map(Type.init)`, `ofType: Type.self`, an initializer call), and `Array(…)` of
    /// something computed left as computed, not read as an entity type named Array.
    @Test func readsTheEntityTypeOfEachSpotlightCall() throws {
        let scan = InMemoryScan.scan([
            "Entities.swift": entities,
            "Indexer.swift": """
            import AppIntents
            import CoreSpotlight

            final class Indexer {
                let index = CSSearchableIndex(name: "notes")
                func run(_ notes: [NoteEntity], ids: [String], snapshot: Snapshot) async throws {
                    try await index.indexAppEntities(notes)
                    try await index.indexAppEntities(ids.map(FolderEntity.init))
                    try await index.indexAppEntities(Array(snapshot.entities[0 ..< 10]))
                    try await index.deleteAppEntities(identifiedBy: ids, ofType: FolderEntity.self)
                    let attributes = CSSearchableItemAttributeSet(contentType: .text)
                    attributes.associateAppEntity(NoteEntity(id: "1"), priority: 2)
                    let item = CSSearchableItem(appEntity: NoteEntity(id: "2"))
                    try await index.indexSearchableItems([item])
                }
            }
            """,
        ])
        let spotlight = scan.appIntents.spotlight.map { "\($0.kind) \($0.type ?? "?")" }
        #expect(
            spotlight == [
                "indexAppEntities NoteEntity", "indexAppEntities FolderEntity", "indexAppEntities ?", "deleteAppEntities FolderEntity",
                "associateAppEntity NoteEntity", "CSSearchableItem(appEntity:) NoteEntity",
            ])
        #expect(scan.appIntents.spotlight[2].computed?.contains("snapshot.entities") == true)
        // A searchable item made from an entity is not read as Core Spotlight's own item (no
        // identifier missing, no title missing).
        #expect(InMemoryScan.findings(scan).isEmpty)
        #expect(InMemoryScan.notes(scan).isEmpty)
    }

    /// `appEntityIdentifier` and donations: the type when named, a reason when not; SiriKit's
    /// interaction and a method of the app's named `donate` are no App Intents donations.
    @Test func readsActivitiesAndDonations() {
        let scan = InMemoryScan.scan([
            "Entities.swift": entities,
            "Intents.swift": """
            import AppIntents

            struct OpenNoteIntent: AppIntent {
                static var title: LocalizedStringResource = "Open Note"
                @Parameter(title: "Note") var note: NoteEntity
                func perform() async throws -> some IntentResult {
                    await Router.shared.show(note)
                    return .result()
                }
            }
            """,
            "ViewController.swift": """
            import AppIntents
            import Intents
            import UIKit

            final class NoteViewController: UIViewController {
                func show(_ note: NoteEntity, activity: NSUserActivity, entity: some AppEntity) {
                    activity.appEntityIdentifier = EntityIdentifier(for: NoteEntity.self, identifier: note.id)
                    activity.appEntityIdentifier = EntityIdentifier(for: note)
                    activity.appEntityIdentifier = EntityIdentifier(for: entity)
                    activity.appEntityIdentifier = nil
                    let intent = OpenNoteIntent()
                    intent.donate()
                    IntentDonationManager.shared.donate(intent: makeIntent())
                    INInteraction(intent: INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: nil, speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil, sender: nil, attachments: nil), response: nil).donate { _ in }
                    donate()
                }
                func donate() {}
            }
            """,
        ])
        #expect(scan.appIntents.activities.map { $0.type ?? "?" } == ["NoteEntity", "NoteEntity", "?"])
        #expect(scan.appIntents.activities[2].computed?.contains("'entity'") == true)
        #expect(scan.appIntents.donations.map { $0.type ?? "?" } == ["OpenNoteIntent", "?"])
        #expect(scan.appIntents.donations.allSatisfy { !$0.inOwnPerform })
        #expect(!InMemoryScan.findings(scan).contains { $0.hasPrefix("source_app_intent_donated_in_perform") })
        let text = scan.appIntents.text
        #expect(text.contains(#""intent": "an intent computed at run time ('makeIntent()'), whose type Proctor does not infer""#))
    }

    /// Home Assistant's shape, its one finding in the field: two entities made IndexedEntity in
    /// extensions of their own files, indexed by a file that names both, and an OpenIntent for
    /// only the first. The calendar, which no OpenIntent opens, is reported on its conformance.
    @Test func reportsAnIndexedEntityNoOpenIntentOpens() {
        let scan = InMemoryScan.scan([
            "Entities.swift": entities,
            "Note+Indexed.swift": "import AppIntents\n\nextension NoteEntity: IndexedEntity {}\n",
            "Folder+Indexed.swift": "import AppIntents\n\nextension FolderEntity: IndexedEntity {}\n",
            "Indexer.swift": """
            import AppIntents
            import CoreSpotlight

            final class Indexer {
                private struct Snapshot { let notes: [NoteEntity]; let folders: [FolderEntity] }
                let index = CSSearchableIndex(name: "notes")
                private func reindex(_ snapshot: Snapshot) async throws {
                    try await index.indexAppEntities(Array(snapshot.notes[0 ..< 500]))
                    try await index.indexAppEntities(snapshot.folders)
                }
            }
            """,
            "ShowNote.swift": """
            import AppIntents

            struct ShowNoteIntent: OpenIntent {
                static var title: LocalizedStringResource = .init("show", defaultValue: "Show Note")
                @Parameter(title: "Note") var target: NoteEntity
                func perform() async throws -> some IntentResult {
                    await Router.shared.show(target)
                    return .result()
                }
            }
            """,
        ])
        #expect(InMemoryScan.findings(scan) == ["source_indexed_entity_open_intent Folder+Indexed.swift:3"])
        #expect(scan.appIntents.entities.filter(\.indexed).map(\.name).sorted() == ["FolderEntity", "NoteEntity"])
    }

    /// An entity that conforms to IndexedEntity but that no indexing file names is not judged;
    /// nor is any when an OpenIntent's target is not a property the scan reads (noted).
    @Test func judgesOnlyIndexedEntitiesAndNotesAnUnreadTarget() {
        let indexed = "import AppIntents\n\nextension NoteEntity: IndexedEntity {}\nextension FolderEntity: IndexedEntity {}\n"
        let indexer = """
            import CoreSpotlight

            func reindex(_ notes: [NoteEntity]) async throws {
                try await CSSearchableIndex.default().indexAppEntities(notes)
            }
            """
        let onlyNotes = InMemoryScan.scan(["Entities.swift": entities, "Indexed.swift": indexed, "Indexer.swift": indexer])
        #expect(InMemoryScan.findings(onlyNotes) == ["source_indexed_entity_open_intent Indexed.swift:3"])
        let unread = InMemoryScan.scan([
            "Entities.swift": entities, "Indexed.swift": indexed, "Indexer.swift": indexer,
            "Open.swift": """
            import AppIntents

            protocol OpensItems: OpenIntent {}

            struct OpenItemIntent: OpensItems {
                static var title: LocalizedStringResource = "Open"
                @Parameter(title: "Item") var target
                func perform() async throws -> some IntentResult { .result() }
            }
            """,
        ])
        #expect(InMemoryScan.findings(unread).isEmpty)
        #expect(
            InMemoryScan.notes(unread).contains {
                $0.hasPrefix("Indexed.swift:3 NoteEntity is indexed in Spotlight, but the target of OpenItemIntent")
            })
    }

    /// An OpenIntent whose perform() is `.result()` alone is judged only when nothing else shows
    /// its target: a scene (TargetContentProvidingIntent), a URL (URLRepresentableIntent, or a
    /// target entity with a URL representation), and only for a target type the scan read.
    @Test func judgesAnIdleOpenIntentOnlyWhenNothingElseShowsItsTarget() {
        func open(_ conformances: String, target: String = "NoteEntity") -> [String] {
            InMemoryScan.findings(
                InMemoryScan.scan([
                    "Entities.swift": entities + "\n\nextension FolderEntity: URLRepresentableEntity {}\n",
                    "Open.swift": """
                    import AppIntents

                    struct OpenIntentUnderTest: \(conformances) {
                        static var title: LocalizedStringResource = "Open"
                        @Parameter(title: "Item") var target: \(target)
                        func perform() async throws -> some IntentResult {
                            return .result()
                        }
                    }
                    """,
                ])
            ).filter { $0.hasPrefix("source_open_intent_shows_target") }
        }
        #expect(open("OpenIntent") == ["source_open_intent_shows_target Open.swift:6"])
        #expect(open("OpenIntent, TargetContentProvidingIntent").isEmpty)
        #expect(open("OpenIntent, URLRepresentableIntent").isEmpty)
        #expect(open("OpenIntent", target: "FolderEntity").isEmpty)
        #expect(open("OpenIntent", target: "LibraryEntity").isEmpty)
    }

    /// Only the running intent donating itself is judged: `donate()`, `self.donate()` or
    /// `donate(intent: self)` in its perform(); a new intent donated there is not.
    @Test func reportsOnlyTheRunningIntentDonatingItself() {
        func donating(_ statement: String) -> [String] {
            InMemoryScan.findings(
                InMemoryScan.scan([
                    "Entities.swift": entities,
                    "Open.swift": """
                    import AppIntents

                    struct OpenNoteIntent: AppIntent {
                        static var title: LocalizedStringResource = "Open Note"
                        func perform() async throws -> some IntentResult {
                            \(statement)
                            return .result()
                        }
                    }
                    """,
                ])
            ).filter { $0.hasPrefix("source_app_intent_donated_in_perform") }
        }
        #expect(donating("try await donate()") == ["source_app_intent_donated_in_perform Open.swift:6"])
        #expect(donating("self.donate()") == ["source_app_intent_donated_in_perform Open.swift:6"])
        #expect(donating("IntentDonationManager.shared.donate(intent: self)") == ["source_app_intent_donated_in_perform Open.swift:6"])
        #expect(donating("OpenNoteIntent().donate()").isEmpty)
    }
}
