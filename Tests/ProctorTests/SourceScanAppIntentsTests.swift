import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// proctor scan reading App Intents (issue 34): which types are intents, entities and providers,
/// what it reads of each, and what it notes instead of guessing.
@Suite("Source scan: App Intents")
struct SourceScanAppIntentsTests {
    private let entity = """
        import AppIntents

        struct NoteEntity: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
            static let defaultQuery = NoteQuery()
            var id: String
            var displayRepresentation: DisplayRepresentation { "Note" }
        }

        enum Folder: String, AppEnum {
            case inbox
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Folder"
            static var caseDisplayRepresentations: [Folder: DisplayRepresentation] = [.inbox: "Inbox"]
        }
        """

    /// An intent through the app's own protocol, its title in an extension in another file, a
    /// getter, `LocalizedStringResource(…)`, `IntentDescription(…)`, parameters with optional and
    /// array types, and a provider in result-builder form with a conditional shortcut.
    @Test func readsIntentsEntitiesAndShortcutsAcrossFiles() throws {
        let scan = InMemoryScan.scan([
            "Entities.swift": entity,
            "Intents.swift": """
            import AppIntents

            protocol NoteIntent: AppIntent {}

            struct OpenNoteIntent: NoteIntent {
                static var description = IntentDescription("Opens a note.")
                static var openAppWhenRun: Bool { true }
                @Parameter(title: LocalizedStringResource("Note")) var note: NoteEntity
                @Parameter(title: "Folders") var folders: [Folder]?
                func perform() async throws -> some IntentResult { .result() }
            }

            struct PingIntent: AudioPlaybackIntent {
                static let title: LocalizedStringResource = "Ping"
            }
            """,
            "Titles.swift": """
            import AppIntents

            extension OpenNoteIntent {
                static var title: LocalizedStringResource { "Open Note" }
            }
            """,
            "Shortcuts.swift": """
            import AppIntents

            struct Shortcuts: AppShortcutsProvider {
                @AppShortcutsBuilder
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: OpenNoteIntent(), phrases: ["Open \\(\\.$note) in \\(.applicationName)"], shortTitle: "Open", systemImageName: "note")
                    if #available(iOS 17, *) {
                        AppShortcut(intent: PingIntent(), phrases: ["Ping \\(.applicationName)"], shortTitle: "Ping", systemImageName: "bell")
                    }
                }
            }
            """,
        ])
        let listing = scan.appIntents
        #expect(listing.intents.map(\.name) == ["OpenNoteIntent", "PingIntent"])
        let open = try #require(listing.intents.first)
        #expect(open.conformsTo == ["NoteIntent"])
        #expect(open.title == "Open Note")
        #expect(open.description == "Opens a note.")
        #expect(open.openAppWhenRun == true)
        #expect(open.perform)
        #expect(
            open.parameters.map { "\($0.name):\($0.type ?? "?"):\($0.kind ?? "-"):\($0.title ?? "?")" } == [
                "note:NoteEntity:entity:Note", "folders:[Folder]?:enum:Folders",
            ])
        #expect(listing.intents[1].conformsTo == ["AudioPlaybackIntent"])
        #expect(listing.intents[1].perform == false)
        #expect(listing.entities.map { "\($0.name) \($0.kind) \($0.defaultQuery ?? "-")" } == ["NoteEntity entity NoteQuery", "Folder enum -"])
        #expect(
            listing.shortcuts.map { "\($0.intent ?? "?") \($0.phrases) \($0.isConditional)" } == [
                #"OpenNoteIntent ["Open ${note} in ${applicationName}"] false"#, #"PingIntent ["Ping ${applicationName}"] true"#,
            ])
        #expect(InMemoryScan.findings(scan).isEmpty, "\(InMemoryScan.findings(scan))")
        #expect(InMemoryScan.notes(scan).isEmpty, "\(InMemoryScan.notes(scan))")
        #expect(scan.result.judged?.map(\.phrase).suffix(3) == ["2 App Intents", "2 App Shortcuts", "2 app entities"])
    }

    /// Home Assistant's shape (field test): titles and descriptions written `.init("key",
    /// defaultValue: "…")` where the type is implied, nested in `IntentDescription(.init(…))`,
    /// are read as their default value, not noted as computed (47 notes there before).
    @Test func readsImpliedInitializersWithADefaultValue() throws {
        let scan = InMemoryScan.scan([
            "App.swift": """
            import AppIntents

            struct OpenAppSettingsAppIntent: AppIntent {
                static var title: LocalizedStringResource = .init(
                    "app_intents.open_app_settings.title",
                    defaultValue: "Open app settings"
                )

                static var description = IntentDescription(.init(
                    "app_intents.open_app_settings.description",
                    defaultValue: "Opens the companion app directly in its settings"
                ))
            }
            """
        ])
        #expect(InMemoryScan.notes(scan).isEmpty, "\(InMemoryScan.notes(scan))")
        let intent = try #require(scan.appIntents.intents.first)
        #expect(intent.title == "Open app settings")
        #expect(intent.description == "Opens the companion app directly in its settings")
    }

    /// Each rule on its line: a phrase without the app's name, a String parameter in a phrase, a
    /// key path naming no parameter, an empty short title; an array of shortcuts returned.
    @Test func reportsEachMistakeOnItsLine() {
        let scan = InMemoryScan.scan([
            "Entities.swift": entity,
            "App.swift": """
            import AppIntents

            struct SearchIntent: AppIntent {
                static var title: LocalizedStringResource = "Search"
                @Parameter(title: "Text") var text: String
            }

            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    return [
                        AppShortcut(
                            intent: SearchIntent(),
                            phrases: [
                                "Search notes",
                                "Search \\(\\.$text) in \\(.applicationName)",
                                "Find \\(\\.$missing) in \\(.applicationName)",
                            ],
                            shortTitle: "",
                            systemImageName: "magnifyingglass"),
                    ]
                }
            }
            """,
        ])
        #expect(
            InMemoryScan.findings(scan) == [
                "source_app_intent_text_empty App.swift:11", "source_app_shortcut_phrase_app_name App.swift:14",
                "source_app_shortcut_phrase_parameter App.swift:15", "source_app_shortcut_phrase_parameter App.swift:16",
            ])
    }

    /// What cannot be read statically is a note and judges nothing: a computed title, a phrase
    /// interpolating something else, shortcuts from a function, phrases from a constant.
    @Test func notesWhatIsComputedInsteadOfGuessing() {
        let scan = InMemoryScan.scan([
            "App.swift": """
            import AppIntents

            struct OpenIntent1: OpenIntent {
                static var title: LocalizedStringResource { LocalizedStringResource(stringLiteral: Config.name) }
            }

            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: OpenIntent1(), phrases: ["Open \\(Config.name) in \\(.applicationName)"], shortTitle: "Open", systemImageName: "a")
                    AppShortcut(intent: OpenIntent1(), phrases: Config.phrases, shortTitle: "Open", systemImageName: "a")
                    Self.extraShortcuts()
                }
            }
            """
        ])
        #expect(InMemoryScan.findings(scan).isEmpty, "\(InMemoryScan.findings(scan))")
        let found = InMemoryScan.notes(scan)
        #expect(found.count == 4, "\(found)")
        #expect(found.contains { $0.hasPrefix("App.swift:4 the title of OpenIntent1 is computed at run time") })
        #expect(found.contains { $0.hasPrefix("App.swift:9 a phrase of Shortcuts's App Shortcut is computed at run time") })
        #expect(found.contains { $0.hasPrefix("App.swift:10 the phrases of Shortcuts's App Shortcut are phrases that are not an array literal") })
        #expect(found.contains { $0.hasPrefix("App.swift:11 'Self.extraShortcuts()' may make App Shortcuts") })
        #expect(scan.appIntents.leftOut.count == 1)
    }

    /// Eleven shortcuts, one of them in an `if`: the ten listed unconditionally are within the
    /// limit, so nothing is reported; an eleventh unconditional one is.
    @Test func countsConditionalShortcutsOnlyPastTheLimit() {
        func provider(unconditional: Int) -> String {
            let one = #"AppShortcut(intent: PingIntent(), phrases: ["Ping \(.applicationName)"], shortTitle: "Ping", systemImageName: "bell")"#
            return """
                import AppIntents

                struct PingIntent: AppIntent { static var title: LocalizedStringResource = "Ping" }

                struct Shortcuts: AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                \(Array(repeating: one, count: unconditional).joined(separator: "\n"))
                        if Flags.extra {
                            \(one)
                        }
                    }
                }
                """
        }
        #expect(InMemoryScan.findings(InMemoryScan.scan(["App.swift": provider(unconditional: 10)])).isEmpty)
        #expect(InMemoryScan.findings(InMemoryScan.scan(["App.swift": provider(unconditional: 11)])) == ["source_app_shortcuts_limit App.swift:17"])
    }

    /// Two intents named `Open` in different types are two intents: the shortcut of
    /// `Folders.Open` is judged against its own parameters (an entity, not Notes.Open's String),
    /// the empty title of `Folders.Open` is reported, and the summary counts both.
    @Test func keepsNestedIntentsOfTheSameNameApart() throws {
        let scan = InMemoryScan.scan([
            "App.swift": """
            import AppIntents

            struct FolderEntity: AppEntity {
                static var typeDisplayRepresentation: TypeDisplayRepresentation = "Folder"
                var id: String
                var displayRepresentation: DisplayRepresentation { "Folder" }
            }

            enum Notes {
                struct Open: AppIntent {
                    static var title: LocalizedStringResource = "Open"
                    @Parameter(title: "Target") var target: String
                    func perform() async throws -> some IntentResult { .result() }
                }
            }

            enum Folders {
                struct Open: AppIntent {
                    static var title: LocalizedStringResource = ""
                    @Parameter(title: "Folder") var target: FolderEntity
                    func perform() async throws -> some IntentResult { .result() }
                }
            }

            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: Folders.Open(), phrases: ["Open \\(\\.$target) in \\(.applicationName)"], shortTitle: "Open", systemImageName: "folder")
                }
            }
            """
        ])
        #expect(InMemoryScan.findings(scan) == ["source_app_intent_text_empty App.swift:19"])
        #expect(InMemoryScan.notes(scan).isEmpty, "\(InMemoryScan.notes(scan))")
        #expect(scan.appIntents.intents.map(\.name) == ["Notes.Open", "Folders.Open"])
        #expect(scan.appIntents.shortcuts.map(\.intent) == ["Folders.Open"])
        #expect(scan.result.judged?.map(\.phrase).contains("2 App Intents") == true, "\(scan.result.judged?.map(\.phrase) ?? [])")
    }

    /// `Open()` written where two intents have that name: from inside `Notes` it is Notes.Open
    /// (as Swift looks it up), judged; from outside it may be either, so it is noted, not guessed.
    /// An extension written `extension Notes.Open` adds to Notes.Open alone.
    @Test func resolvesAShortcutsIntentAsSwiftDoesAndNotesAnAmbiguousOne() {
        let scan = InMemoryScan.scan([
            "App.swift": """
            import AppIntents

            enum Notes {
                struct Open: AppIntent {
                    static var title: LocalizedStringResource = "Open"
                    func perform() async throws -> some IntentResult { .result() }
                }
                struct Shortcuts: AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                        AppShortcut(intent: Open(), phrases: ["Open \\(\\.$target) in \\(.applicationName)"], shortTitle: "Open", systemImageName: "a")
                    }
                }
            }

            extension Notes.Open {
                @Parameter(title: "Target") var target: String
            }

            enum Folders {
                struct Open: AppIntent {
                    static var title: LocalizedStringResource = "Open folder"
                    @Parameter(title: "Target") var target: Int
                }
            }

            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: Open(), phrases: ["Open \\(\\.$target) in \\(.applicationName)"], shortTitle: "Open", systemImageName: "a")
                }
            }
            """
        ])
        #expect(InMemoryScan.findings(scan) == ["source_app_shortcut_phrase_parameter App.swift:10"])
        let found = InMemoryScan.notes(scan)
        #expect(found.count == 1, "\(found)")
        #expect(
            found.first?.hasPrefix("App.swift:28 the intent of Shortcuts's App Shortcut is ambiguous: 'Open' may be any of Folders.Open, Notes.Open")
                == true)
        #expect(scan.appIntents.shortcuts.map(\.intent) == ["Notes.Open", "Open"])
    }

    /// Each provider is one target's: an iOS app's and a watch app's six shortcuts each are within
    /// the limit, not twelve; a provider of eleven is reported at its own 11th.
    @Test func countsTheLimitPerProvider() {
        func provider(_ name: String, count: Int) -> String {
            let one = #"AppShortcut(intent: PingIntent(), phrases: ["Ping \(.applicationName)"], shortTitle: "Ping", systemImageName: "bell")"#
            return """
                import AppIntents

                struct \(name): AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                \(Array(repeating: one, count: count).joined(separator: "\n"))
                    }
                }
                """
        }
        let intent = #"import AppIntents\#nstruct PingIntent: AppIntent { static var title: LocalizedStringResource = "Ping" }"#
        let apart = InMemoryScan.scan([
            "Intent.swift": intent, "iOSApp/Shortcuts.swift": provider("PhoneShortcuts", count: 6),
            "WatchApp/Shortcuts.swift": provider("WatchShortcuts", count: 6),
        ])
        #expect(InMemoryScan.findings(apart).isEmpty, "\(InMemoryScan.findings(apart))")
        let over = InMemoryScan.scan([
            "Intent.swift": intent, "iOSApp/Shortcuts.swift": provider("PhoneShortcuts", count: 11),
            "WatchApp/Shortcuts.swift": provider("WatchShortcuts", count: 6),
        ])
        #expect(InMemoryScan.findings(over) == ["source_app_shortcuts_limit iOSApp/Shortcuts.swift:15"])
    }

    /// `\(AppShortcutPhraseToken.applicationName)` is the app's name with its type spelled out:
    /// read and judged like `\(.applicationName)`, not noted as computed.
    @Test func readsThePhraseTokenWithItsTypeSpelledOut() {
        let scan = InMemoryScan.scan([
            "App.swift": """
            import AppIntents

            struct PingIntent: AppIntent { static var title: LocalizedStringResource = "Ping" }

            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(
                        intent: PingIntent(),
                        phrases: [
                            "Ping \\(AppShortcutPhraseToken.applicationName)",
                            "Ping \\(AppIntents.AppShortcutPhraseToken.applicationName)",
                            "Ping \\(Other.applicationName)",
                        ],
                        shortTitle: "Ping", systemImageName: "bell")
                }
            }
            """
        ])
        #expect(InMemoryScan.findings(scan).isEmpty, "\(InMemoryScan.findings(scan))")
        #expect(scan.appIntents.shortcuts.first?.phrases == ["Ping ${applicationName}", "Ping ${applicationName}"])
        #expect(InMemoryScan.notes(scan).count == 1, "\(InMemoryScan.notes(scan))")
    }

    /// The listing `--emit-intents` writes: sorted as written, no absolute path, computed values
    /// named, and recognised as its own.
    @Test func emitsTheListing() {
        let text = InMemoryScan.scan([
            "App.swift": """
            import AppIntents

            struct PingIntent: AppIntent {
                static var title: LocalizedStringResource = "Ping"
                static var openAppWhenRun = Flags.open
            }
            """
        ]).appIntents.text
        #expect(text.contains(#""name": "PingIntent""#))
        #expect(text.contains(#""openAppWhenRun": "'Flags.open' is not a constant Proctor can resolve in the scanned files""#))
        #expect(text.contains(#""source": "App.swift:3:1 (PingIntent)""#))
        #expect(ExtractedAppIntents.isEmitted(Array(text.utf8)))
        #expect(!ExtractedAppIntents.isEmitted(Array(#"{"generatedBy": "proctor scan --emit-routes"}"#.utf8)))
    }
}
