import Foundation
import ProctorInputs
import ProctorJSON
import ProctorVocabulary
import Testing

@testable import ProctorLint

/// Remote notifications as lint reads them: `.apns` files (the payload's bytes as sent) and
/// `{"notification": ...}` requests in donation files, decoded with located diagnostics.
@Suite("Notifications")
struct NotificationTests {
    private func findings(_ result: LintResult) -> [String] {
        result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.pointer?.description ?? "-")" }
    }

    private func diagnostics(_ result: LintResult) -> [String] {
        result.files.flatMap(\.diagnostics).map { "\($0.code.rawValue) \(locationText($0.location))" }
    }

    /// APNs counts the bytes of the body: an `.apns` file is measured exactly, so 4096 bytes pass
    /// and 4097 fail, and a VoIP request gets 5120.
    @Test func apnsFilesAreMeasuredByTheirBytes() {
        func payload(_ size: Int) -> String {
            let skeleton = #"{"aps": {"alert": "Ready"}, "pad": ""}"#
            return #"{"aps": {"alert": "Ready"}, "pad": "\#(String(repeating: "x", count: size - skeleton.utf8.count))"}"#
        }
        #expect(payload(4096).utf8.count == 4096)
        #expect(findings(lint(payload(4096), path: "ok.apns")).isEmpty)
        #expect(findings(lint(payload(4097), path: "big.apns")) == ["push_payload_size "])
        let voip = #"{"notification": {"headers": {"apns-push-type": "voip"}, "payload": \#(payload(5000))}}"#
        #expect(!findings(lint(voip)).contains { $0.hasPrefix("push_payload_size") })
    }

    @Test func headersTakeNumbersOrTheirText() {
        let text = lint(#"{"notification": {"headers": {"apns-push-type": "alert", "apns-priority": "7"}, "payload": {"aps": {"alert": "Hi"}}}}"#)
        #expect(findings(text) == ["push_header_values /notification/headers/apns-priority"])
        let number = lint(#"{"notification": {"headers": {"APNS-Push-Type": "alert", "apns-priority": 10}, "payload": {"aps": {"alert": "Hi"}}}}"#)
        #expect(findings(number).isEmpty && diagnostics(number).isEmpty)
        let words = lint(#"{"notification": {"headers": {"apns-priority": "high"}, "payload": {"aps": {"alert": "Hi"}}}}"#)
        #expect(diagnostics(words) == ["invalid_value payload.json:1:48 /notification/headers/apns-priority"])
        #expect(words.files[0].leftOutPayloadCount == 1 && words.files[0].payloadCount == 0)
    }

    /// A key APNs does not define inside aps is ignored by APNs: a located warning with a
    /// suggestion, and the notification is still judged.
    @Test func unknownAPSKeysAreWarningsWithASuggestion() {
        let result = lint("{\"aps\": {\n  \"alrt\": \"Hi\", \"badge\": 1}}", path: "typo.apns")
        let diagnostic = result.files[0].diagnostics.first
        #expect(diagnostic?.severity == .warning)
        #expect(diagnostic?.message.contains("did you mean 'alert'?") == true)
        #expect(diagnostic.map { locationText($0.location) } == "typo.apns:2:3 /aps/alrt")
        #expect(result.files[0].payloadCount == 1)
    }

    /// Notifications sit beside donations in one file, in JSON Lines too, and accept ignores with
    /// a reason like donations.
    @Test func notificationsLiveBesideDonations() {
        let lines = [
            #"{"userActivity": {"activityType": "com.example.store.view", "title": "Store"}}"#,
            #"{"notification": {"payload": {"aps": {"badge": 1, "mutable-content": 1}}}, "proctor": {"ignore": {"push_service_extension_alert": "badge-only pushes skip the extension on purpose"}}}"#,
            #"{"notification": {"payload": {"aps": {"badge": 1, "mutable-content": 1}}}}"#,
        ]
        let result = lint(lines.joined(separator: "\n"), path: "mixed.jsonl")
        #expect(result.files[0].payloadCount == 3)
        let active = result.files[0].findings.filter { $0.suppression == nil }.map { "\($0.ruleID):\($0.location.line ?? 0)" }
        #expect(active == ["push_service_extension_alert:3"])
    }

    @Test func malformedNotificationsAreLocatedAndLoseNothing() {
        let result = lint(
            #"[{"notification": {"payload": "aps"}}, {"notification": {"headers": {}}}, {"notification": {"payload": {"aps": {"alert": {"loc-args": ["x"]}}}}}]"#
        )
        #expect(
            diagnostics(result) == [
                "type_mismatch payload.json:1:31 /0/notification/payload",
                "missing_value payload.json:1:57 /1/notification",
            ])
        #expect(
            findings(result) == [
                "push_alert_content /2/notification/payload/aps/alert", "push_alert_content /2/notification/payload/aps/alert/loc-args",
            ])
        #expect(result.files[0].leftOutPayloadCount == 2 && result.files[0].payloadCount == 1)
        // A file that is not JSON is an input error, and other files are still read.
        let broken = Linter.lint(
            files: [.init(path: "a.apns", bytes: Array("{\"aps\":".utf8)), .init(path: "b.apns", bytes: Array(#"{"aps": {"alert": ""}}"#.utf8))],
            appInfo: nil, options: LintOptions(now: fixedNow, parallel: false))
        #expect(broken.files.map { $0.inputErrors.count } == [1, 0])
        #expect(broken.files[1].findings.map(\.ruleID) == ["push_alert_content"])
    }

    /// An `.apns` file for the simulator is often pretty-printed and names its app: the limit is
    /// judged on the compact payload without that key, and the bytes as written only warn.
    @Test func apnsFilesAreJudgedCompactWithoutTheSimulatorKey() {
        let padding = String(repeating: "x", count: 4000)
        let pretty =
            "{\n    \"Simulator Target Bundle\": \"com.example.store\",\n    \"aps\": {\"alert\": \"Ready\"},\n    \"pad\": \"\(padding)\"\n"
            + String(repeating: " ", count: 100) + "}"
        let result = lint(pretty, path: "pretty.apns")
        #expect(result.files[0].findings.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["push_payload_size warning"])
        #expect(result.files[0].diagnostics.isEmpty)
    }

    /// Header names are case-insensitive: the same header twice is a located error, not a
    /// silent choice; a number too large for a header is one too.
    @Test func repeatedOrOversizedHeadersAreErrors() {
        let repeated = lint(#"{"notification": {"headers": {"apns-topic": "a", "APNS-Topic": "b"}, "payload": {"aps": {"alert": "Hi"}}}}"#)
        #expect(diagnostics(repeated) == ["invalid_value payload.json:1:50 /notification/headers/APNS-Topic"])
        let huge = lint(#"{"notification": {"headers": {"apns-expiration": 18446744073709551615}, "payload": {"aps": {"alert": "Hi"}}}}"#)
        #expect(diagnostics(huge).map { $0.split(separator: " ")[0] } == ["invalid_value"])
    }

    /// Each key names one kind: the kinds beside donations share no key with each other or with
    /// the donation kinds, or one of them would never be read.
    @Test func payloadKeysNameOneKindEach() {
        let keys = InputKinds.others.flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
        #expect(Set(keys).isDisjoint(with: DonationKind.allCases.map(\.rawValue)))
    }
}
