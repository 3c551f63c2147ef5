import Foundation
import ProctorLint
import Testing

@testable import ProctorScan

/// The shapes of real apps' code that field tests found misjudged (issue 31, item 5), each
/// written anew here and pinned as a conformance vector in `Conformance/scan/real-code.json`
/// (docs/field-tests.md, "2026-11-29: scan false findings of issue 31").
@Suite("Field shapes")
struct FieldShapeTests {
    private func scan(_ files: [String: String], plist: String) throws -> LintResult {
        let app = try appInfo(fromJSON: plist).appInfo
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false)
        ).result
    }

    private func findings(_ result: LintResult) -> [String] {
        result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    // MARK: 1. A type equal to the bundle identifier

    @Test func aTypeEqualToTheBundleIdentifierIsUnderIt() throws {
        let result = try scan(
            [
                "Reader.swift": """
                final class ReaderViewController: UIViewController {
                    func show() {
                        let activity = NSUserActivity(activityType: Bundle.main.bundleIdentifier!)
                        activity.title = "Reading"
                        activity.isEligibleForHandoff = true
                        userActivity = activity
                    }
                }
                """
            ], plist: #"{"CFBundleIdentifier": "com.example.reader", "NSUserActivityTypes": ["com.example.reader"]}"#)
        #expect(findings(result).isEmpty, "\(findings(result))")
    }

    @Test(arguments: [
        ("com.other.view-place", "com.example.places.view-place"),
        ("com.Example.Places.view-place", "com.example.places.view-place"),
        ("com.example", "com.example.places"),
        ("ViewPlace", "com.example.places.ViewPlace"),
    ])
    func theSuggestionIsANameUnderTheIdentifier(type: String, suggested: String) throws {
        let app = try appInfo(fromJSON: #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["\#(type)"]}"#).appInfo
        let result = lint(#"{"userActivity": {"activityType": "\#(type)"}}"#, appInfo: app)
        let messages = result.files.flatMap(\.findings).filter { $0.ruleID == "activity_type_bundle_prefix" }.map(\.message)
        #expect(messages.count == 1 && messages[0].hasSuffix("prefer '\(suggested)'"), "\(messages)")
    }

    // MARK: 2. The app's own initializers

    @Test func theAppsInitializersAreFollowedIntoTheirBodies() throws {
        let result = try scan(
            [
                "Spotlight.swift": """
                extension CSSearchableItem {
                    convenience init(note: Note) {
                        let attributes = CSSearchableItemAttributeSet(contentType: .text)
                        attributes.title = note.title
                        self.init(uniqueIdentifier: note.id, domainIdentifier: "notes", attributeSet: attributes)
                    }
                }
                extension NSUserActivity {
                    convenience init(note: Note) {
                        self.init(activityType: "com.example.notes.view")
                        self.title = "A title that goes on and on and on, well past the ninety characters that a search result shows in full"
                        self.isEligibleForSearch = true
                    }
                    convenience init(type: String, title: String) {
                        self.init(activityType: type)
                        self.title = title
                    }
                }
                """,
                "Notes.swift": """
                func index(_ notes: [Note]) {
                    CSSearchableIndex.default().indexSearchableItems(notes.map { CSSearchableItem(note: $0) })
                    CSSearchableIndex.default().deleteSearchableItems(withDomainIdentifiers: ["notes"])
                }
                func show(_ note: Note) {
                    let activity = NSUserActivity(note: note)
                    activity.becomeCurrent()
                    let list = NSUserActivity(type: "com.example.notes.list", title: "All notes")
                    list.becomeCurrent()
                }
                """,
            ], plist: #"{"CFBundleIdentifier": "com.example.notes", "NSUserActivityTypes": ["com.example.notes.view", "com.example.notes.list"]}"#)
        // The title set in the initializer is judged there, in its file.
        #expect(findings(result) == ["title_length Spotlight.swift:11"], "\(findings(result))")
        #expect(result.files.first { $0.path == "Notes.swift" }?.payloadCount == 3)
        let notes = result.files.flatMap(\.diagnostics).map(\.message)
        #expect(notes.count == 1 && notes[0].contains("the parameter 'type' of the app's initializer NSUserActivity.init(type:title:)"), "\(notes)")
    }

    @Test func anInitializerTheScanDoesNotFindIsNotGuessed() throws {
        let result = try scan(
            [
                "Notes.swift": """
                func index(_ note: Note) {
                    let item = CSSearchableItem(note: note)
                    CSSearchableIndex.default().indexSearchableItems([item])
                }
                """
            ], plist: #"{"CFBundleIdentifier": "com.example.notes"}"#)
        // Not Apple's initializer with its arguments missing: only that it is indexed and never deleted.
        #expect(findings(result) == ["source_indexed_items_deleted Notes.swift:2"], "\(findings(result))")
        let notes = result.files.flatMap(\.diagnostics).map(\.message)
        #expect(
            notes.count == 1 && notes[0].contains("CSSearchableItem(note:), an initializer of the app's which none of the scanned files declares"),
            "\(notes)")
    }

    @Test func theAppsSubclassesAreFollowedToo() throws {
        let result = try scan(
            [
                "Activities.swift": """
                final class NoteActivity: NSUserActivity {
                    init(note: Note) {
                        super.init(activityType: "com.example.notes.view")
                        title = "A title that goes on and on and on, well past the ninety characters that a search result shows in full"
                        isEligibleForSearch = true
                    }
                }
                """,
                // Names nothing the scan looks for but the subclass.
                "Screen.swift": """
                func show(_ note: Note) {
                    let activity = NoteActivity(note: note)
                    activity.becomeCurrent()
                }
                """,
            ], plist: #"{"CFBundleIdentifier": "com.example.notes", "NSUserActivityTypes": ["com.example.notes.view"]}"#)
        #expect(findings(result) == ["title_length Activities.swift:4"], "\(findings(result))")
        #expect(result.files.first { $0.path == "Screen.swift" }?.payloadCount == 1)
    }

    // MARK: 3. An intent's class name as the activity type

    @Test func anIntentsClassNameIsNeitherReverseDNSNorUnderTheIdentifier() throws {
        let result = try scan(
            [
                "Order.swift": """
                final class OrderViewController: UIViewController {
                    func show() {
                        let custom = NSUserActivity(activityType: NSStringFromClass(OrderTeaIntent.self))
                        custom.title = "Order tea"
                        custom.becomeCurrent()
                        let system = NSUserActivity(activityType: NSStringFromClass(INSendMessageIntent.self))
                        system.title = "Message the shop"
                        system.becomeCurrent()
                    }
                }
                """
            ], plist: #"{"CFBundleIdentifier": "com.example.tea", "NSUserActivityTypes": ["OrderTeaIntent", "INSendMessageIntent"]}"#)
        #expect(findings(result).isEmpty, "\(findings(result))")
        #expect(result.files.flatMap(\.diagnostics).isEmpty, "both types resolve: \(result.files.flatMap(\.diagnostics).map(\.message))")
    }

    @Test func aClassOfTheScannedFilesIsNamedWithItsModule() throws {
        // A Swift class the app declares is `Module.LocalIntent` to NSStringFromClass: not resolved.
        let result = try scan(
            [
                "Local.swift": """
                final class LocalIntent: NSObject {}
                func show() {
                    let activity = NSUserActivity(activityType: NSStringFromClass(LocalIntent.self))
                    activity.title = "Local"
                    activity.becomeCurrent()
                }
                """
            ], plist: #"{"CFBundleIdentifier": "com.example.tea", "NSUserActivityTypes": ["LocalIntent"]}"#)
        #expect(result.files.flatMap(\.diagnostics).map(\.code.rawValue) == ["scan_dynamic_value"])
    }

    // MARK: 4. An incoming communication notification's donation

    @Test func anIncomingMessageNeedsNoIntentsSupported() throws {
        let donation = { (direction: String) in
            """
            func didReceive(_ request: UNNotificationRequest) {
                let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: "On my way", speakableGroupName: nil, conversationIdentifier: "chat-ana", serviceName: nil, sender: INPerson(personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress), nameComponents: nil, displayName: "Ana", image: nil, contactIdentifier: nil, customIdentifier: "ana"), attachments: nil)
                let interaction = INInteraction(intent: intent, response: nil)
                interaction.direction = .\(direction)
                interaction.donate(completion: nil)
            }
            """
        }
        let plist = #"{"CFBundleIdentifier": "com.example.chat", "MinimumOSVersion": "15.0", "NSUserActivityTypes": ["INSendMessageIntent"]}"#
        let incoming = try scan(["Service.swift": donation("incoming")], plist: plist)
        #expect(!findings(incoming).contains { $0.hasPrefix("intent_handling_declared") }, "\(findings(incoming))")
        let outgoing = try scan(["Service.swift": donation("outgoing")], plist: plist)
        #expect(findings(outgoing).contains { $0.hasPrefix("intent_handling_declared") }, "an outgoing message still needs it: \(findings(outgoing))")
    }

    // MARK: 5. A call on a function's result, optional chained

    @Test func aCallOnACallsResultIsFollowed() throws {
        let result = try scan(
            [
                "App.swift": """
                func appDelegate() -> AppDelegate? { UIApplication.shared.delegate as? AppDelegate }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                        appDelegate()?.handleContinue(userActivity)
                    }
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func handleContinue(_ activity: NSUserActivity) {
                        if activity.activityType == "com.example.app.read" { openArticle(activity) }
                    }
                }
                func share() {
                    let activity = NSUserActivity(activityType: "com.example.app.share")
                    activity.title = "Sharing"
                    activity.becomeCurrent()
                }
                """
            ], plist: #"{"CFBundleIdentifier": "com.example.app", "NSUserActivityTypes": ["com.example.app.read", "com.example.app.share"]}"#)
        #expect(findings(result).contains("source_donated_type_handled App.swift:13"), "\(findings(result))")
    }

    // MARK: 6. A key a handler reads that no donation sets

    private let news = #"{"CFBundleIdentifier": "com.example.news", "NSUserActivityTypes": ["com.example.news.article"]}"#

    private func newsApp(donation: String, read: String = #"userActivity.userInfo?["url"] as? String"#) -> [String: String] {
        [
            "News.swift": """
            final class ArticleViewController: UIViewController {
                func show(_ article: Article) {
                    let activity = NSUserActivity(activityType: "com.example.news.article")
                    activity.title = "Article"
            \(donation)
                    activity.becomeCurrent()
                }
            }
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    guard userActivity.activityType == "com.example.news.article", let link = \(read) else { return }
                    open(link)
                }
            }
            """
        ]
    }

    @Test func aKeyNoDonationSetsIsReported() throws {
        let result = try scan(newsApp(donation: #"        activity.userInfo = ["articleID": article.id]"#), plist: news)
        let found = result.files.flatMap(\.findings).filter { $0.ruleID == "source_handler_key_donated" }
        #expect(found.map { $0.location.line ?? 0 } == [11], "\(findings(result))")
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("set only 'articleID'") == true, "\(found.map(\.message))")
        let none = try scan(newsApp(donation: ""), plist: news)
        #expect(
            none.files.flatMap(\.findings).filter { $0.ruleID == "source_handler_key_donated" }.map(\.message).first?.contains("set no userInfo")
                == true)
    }

    @Test(arguments: [
        #"        activity.userInfo = ["url": article.link]"#,
        #"        activity.addUserInfoEntries(from: ["url": article.link])"#,
        // Not known key by key: no guess.
        "        activity.userInfo = article.activityInfo",
        #"        activity.userInfo?["url"] = article.link"#,
        "        register(activity)",
    ])
    func aKeyADonationMaySetIsNotReported(donation: String) throws {
        let result = try scan(newsApp(donation: donation), plist: news)
        #expect(!findings(result).contains { $0.hasPrefix("source_handler_key_donated") }, "\(findings(result))")
    }
}
