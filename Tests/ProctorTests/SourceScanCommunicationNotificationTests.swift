import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan
@testable import ProctorXcode

/// `proctor scan` on communication notifications (docs/scan.md, "Communication notifications"):
/// the shapes beyond the rules' examples, from the field apps (Ice Cubes builds its intent in a
/// helper and never donates it; Home Assistant donates inside the helper that builds it).
@Suite("Scan: communication notifications")
struct SourceScanCommunicationNotificationTests {
    private let plist = #"{"CFBundleIdentifier": "com.example.chat", "NSUserActivityTypes": ["INSendMessageIntent"]}"#

    private func scan(_ files: [String: String], plist: String? = nil) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist ?? self.plist).appInfo
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false, configuration: .init(deploymentTarget: OSVersion(major: 16))))
    }

    /// `RULE LINE` of every finding, and `code LINE` of every note.
    private func reported(_ scan: SourceScan) -> [String] {
        (scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0)" }
            + scan.result.files.flatMap(\.diagnostics).map { "\($0.code) \($0.location.line ?? 0)" }).sorted()
    }

    private static let header = """
        import Intents
        import UserNotifications

        """

    /// A helper of the app's that builds a message intent from `sender`, and a service that
    /// updates the content with what it returns (Ice Cubes' shape), with `before` run first.
    private static func helperShape(before: String = "", sender: String = #"displayName: "Ana Lima""#) -> String {
        header + """
            final class Provider {
                func build(_ content: UNMutableNotificationContent) async -> UNNotificationContent? {
                    let intent = buildMessageIntent(id: "42")
            \(before)
                    return try? content.updating(from: intent) as! UNMutableNotificationContent
                }

                private func buildMessageIntent(id: String) -> INSendMessageIntent {
                    let handle = INPersonHandle(value: id, type: .unknown)
                    let sender = INPerson(personHandle: handle, nameComponents: nil, \(sender), image: nil, contactIdentifier: nil, customIdentifier: nil)
                    let intent = INSendMessageIntent(
                        recipients: nil, outgoingMessageType: .outgoingMessageText, content: nil, speakableGroupName: nil,
                        conversationIdentifier: id, serviceName: nil, sender: sender, attachments: nil)
                    return intent
                }
            }

            """
    }

    @Test func anIntentFromAHelperThatIsNeverDonatedIsReported() throws {
        let found = try scan(["Provider.swift": Self.helperShape()])
        #expect(reported(found) == ["source_communication_notification_donated 7"], "\(reported(found))")
        // The notification's interaction is judged, and written as an incoming payload.
        #expect(found.payloads.count == 1)
        #expect(found.payloads.first?.text.contains(#""direction": "incoming""#) == true, "\(found.payloads.map(\.text))")
    }

    @Test func theNotificationsInteractionIsJudgedWhereItsIntentIsBuilt() throws {
        // The helper's sender has no name, and the app does not declare the intent's class.
        let found = try scan(
            ["Provider.swift": Self.helperShape(sender: "displayName: nil")], plist: #"{"NSUserActivityTypes": ["INStartCallIntent"]}"#)
        #expect(
            reported(found) == [
                "communication_notification_sender_name 15", "interaction_activity_type_declared 13",
                "source_communication_notification_donated 7",
            ], "\(reported(found))")
    }

    @Test func anIntentHandedToADonorOfTheAppsIsDonated() throws {
        let donor = """

            func donate(_ intent: INSendMessageIntent) async {
                let interaction = INInteraction(intent: intent, response: nil)
                interaction.direction = .incoming
                try? await interaction.donate()
            }
            """
        let found = try scan(["Provider.swift": Self.helperShape(before: "        await donate(intent)"), "Donor.swift": Self.header + donor])
        #expect(reported(found).filter { $0.hasPrefix("source_") }.isEmpty, "\(reported(found))")
    }

    @Test func anIntentTheFunctionIsGivenIsANoteNotAFinding() throws {
        let found = try scan([
            "Decorator.swift": Self.header + """
                func decorate(_ content: UNNotificationContent, with intent: INSendMessageIntent) -> UNNotificationContent {
                    (try? content.updating(from: intent)) ?? content
                }

                """
        ])
        #expect(reported(found) == ["scan_dynamic_value 4"], "\(reported(found))")
    }

    @Test func updatingFromSomethingElseOutsideNotificationCodeIsIgnored() throws {
        let found = try scan([
            "Model.swift": """
            struct Profile {
                func refreshed(with dto: ProfileDTO) -> Profile { updating(from: dto) }
                func updating(from dto: ProfileDTO) -> Profile { self }
            }

            """
        ])
        #expect(reported(found).isEmpty, "\(reported(found))")
        #expect(found.payloads.isEmpty)
    }

    @Test func aDonationAfterTheUpdateDoesNotCount() throws {
        let found = try scan([
            "Service.swift": Self.header + """
                func show(_ content: UNNotificationContent, sender: INPerson) -> UNNotificationContent? {
                    let intent = INSendMessageIntent(
                        recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi", speakableGroupName: nil,
                        conversationIdentifier: "c", serviceName: nil, sender: sender, attachments: nil)
                    let updated = try? content.updating(from: intent)
                    let interaction = INInteraction(intent: intent, response: nil)
                    interaction.direction = .incoming
                    interaction.donate(completion: nil)
                    return updated
                }

                """
        ])
        // The sender is the function's parameter: computed, noted.
        #expect(reported(found) == ["scan_dynamic_value 6", "source_communication_notification_donated 7"], "\(reported(found))")
    }

    @Test func manyUpdatesWithOneIntentAreOneNotificationsInteraction() throws {
        // Each update is judged, but the intent they share is one interaction, written once (a
        // hostile file of 1,700 such updates took 101 s when each wrote its own and walked the
        // function again; 3 s since, in a debug build).
        let updates = String(repeating: "    _ = try? content.updating(from: intent)\n", count: 50)
        let found = try scan([
            "Many.swift": Self.header + """
                func show(_ content: UNNotificationContent) {
                    let intent = INSendMessageIntent(
                        recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi", speakableGroupName: nil,
                        conversationIdentifier: "c", serviceName: nil, sender: nil, attachments: nil)
                \(updates)}

                """
        ])
        #expect(found.payloads.count == 1)
        #expect(reported(found).filter { $0.hasPrefix("source_communication_notification_donated") }.count == 50)
    }

    @Test func aDonationInAClosureStoredInAPropertyCounts() throws {
        // No function around the update: the code before it in the file is read for the donation.
        let found = try scan([
            "Decorator.swift": Self.header + """
                final class Decorator {
                    let decorate: (UNNotificationContent) async -> UNNotificationContent = { content in
                        let sender = INPerson(
                            personHandle: INPersonHandle(value: "42", type: .unknown), nameComponents: nil, displayName: "Ana", image: nil,
                            contactIdentifier: nil, customIdentifier: nil)
                        let intent = INSendMessageIntent(
                            recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi", speakableGroupName: nil,
                            conversationIdentifier: "c", serviceName: nil, sender: sender, attachments: nil)
                        let interaction = INInteraction(intent: intent, response: nil)
                        interaction.direction = .incoming
                        try? await interaction.donate()
                        return (try? content.updating(from: intent)) ?? content
                    }
                }

                """
        ])
        #expect(!reported(found).contains { $0.hasPrefix("source_communication_notification") }, "\(reported(found))")
    }

    @Test func theEntitlementInAnExtensionsFileCounts() throws {
        let entitled = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.usernotifications.communication</key><true/></dict></plist>

            """
        let other = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>aps-environment</key><string>production</string></dict></plist>

            """
        let twoFiles = try scan(["Provider.swift": Self.helperShape(), "App.entitlements": other, "Service.entitlements": entitled])
        #expect(!reported(twoFiles).contains { $0.hasPrefix("source_communication_notification_entitlement") }, "\(reported(twoFiles))")
        let neither = try scan(["Provider.swift": Self.helperShape(), "App.entitlements": other])
        #expect(reported(neither).contains("source_communication_notification_entitlement 7"), "\(reported(neither))")
        // An entitlements file that does not parse is an input error, and the rule is not judged.
        let broken = try scan(["Provider.swift": Self.helperShape(), "App.entitlements": "<plist><dict><key>x"])
        #expect(!reported(broken).contains { $0.hasPrefix("source_communication_notification_entitlement") }, "\(reported(broken))")
        #expect(broken.result.files.first { $0.path == "App.entitlements" }?.inputErrors.isEmpty == false)
    }

    /// In an Xcode project the app's entitlements are its targets' `CODE_SIGN_ENTITLEMENTS`: a copy
    /// of the Tapas fixture whose notification service extension updates with an intent.
    @Test func aProjectsTargetsEntitlementsAreTheAppsEntitlements() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proctor-comm-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: Repository.url("Tests/ProctorTests/Fixtures/Xcode/Tapas").path, toPath: root)
        try
            (Self.header + """
                final class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        let sender = INPerson(
                            personHandle: INPersonHandle(value: "42", type: .unknown), nameComponents: nil, displayName: "Ana", image: nil,
                            contactIdentifier: nil, customIdentifier: nil)
                        let intent = INSendMessageIntent(
                            recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi", speakableGroupName: nil,
                            conversationIdentifier: "c", serviceName: nil, sender: sender, attachments: nil)
                        contentHandler((try? request.content.updating(from: intent)) ?? request.content)
                    }
                }

                """).write(toFile: root + "/NotificationService/NotificationService.swift", atomically: true, encoding: .utf8)
        func entitlementFindings() throws -> [String] {
            guard case .success(let project) = XcodeProject.read("Tapas.xcodeproj", root: root) else { throw TestFailure("the copy does not read") }
            let options = LintOptions(now: fixedNow, parallel: false)
            let apps = ProjectApp.apps(of: project, root: root, options: options)
            let tapas = try #require(apps.first { $0.name == "Tapas" })
            #expect(
                tapas.entitlements.map { $0.replacingOccurrences(of: root + "/", with: "") }.sorted()
                    == ["App/Tapas.entitlements", "Intents/Intents.entitlements", "NotificationService/NotificationService.entitlements"])
            let scan = SourceScanner.scan(paths: [root], apps: apps, options: options)
            return scan.result.files.flatMap(\.findings).filter { $0.ruleID == "source_communication_notification_entitlement" }.map(\.message)
        }
        // No target's file sets the key: the finding names them all.
        let missing = try entitlementFindings()
        #expect(missing.count == 1 && missing[0].contains("NotificationService.entitlements"), "\(missing)")
        // The app's own file sets it: the extension's may not.
        let app = root + "/App/Tapas.entitlements"
        let text = try String(contentsOfFile: app, encoding: .utf8)
        try text.replacingOccurrences(of: "<dict>", with: "<dict>\n\t<key>com.apple.developer.usernotifications.communication</key>\n\t<true/>")
            .write(toFile: app, atomically: true, encoding: .utf8)
        #expect(try entitlementFindings().isEmpty)
        // A file the project names that is not in the repository: the entitlements are not all
        // known, so the rule is not judged, and no input error (the user named no such file).
        try FileManager.default.removeItem(atPath: app)
        let project = try #require(try? XcodeProject.read("Tapas.xcodeproj", root: root).get())
        let options = LintOptions(now: fixedNow, parallel: false)
        let apps = ProjectApp.apps(of: project, root: root, options: options)
        let tapas = try #require(apps.first { $0.name == "Tapas" })
        #expect(tapas.missingEntitlements.map { $0.replacingOccurrences(of: root + "/", with: "") } == ["App/Tapas.entitlements"])
        let scan = SourceScanner.scan(paths: [root], apps: apps, options: options)
        let inputErrors = scan.result.files.flatMap(\.inputErrors).map(\.message)
        #expect(inputErrors.isEmpty, "\(inputErrors)")
        #expect(!scan.result.files.flatMap(\.findings).contains { $0.ruleID == "source_communication_notification_entitlement" })
    }
}
