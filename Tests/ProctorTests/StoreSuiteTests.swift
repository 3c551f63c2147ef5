import Foundation
import ProctorLint
import Testing

/// The store suites of Scenarios/lint: Pippin Store's gift card, push payloads and regions lint
/// clean, and the mistakes suite trips exactly the rules it is written for.
@Suite("Scenarios: the store suites")
struct StoreSuiteTests {
    static let bundle = "com.example.pippin"

    @Test func theGiftCardIsCleanUnderStrict() {
        let suite = Repository.url("Scenarios/lint/store")
        let result = Linter.lint(paths: [suite.path], options: LintOptions(bundleIdentifier: Self.bundle, now: fixedNow, strict: true))
        #expect(
            result.files.map { $0.path.replacingOccurrences(of: suite.path + "/", with: "") } == [
                "GiftCard.pkpass/pass.json", "calendar/notify-me.json", "push/requests.json", "push/upgrade-available.apns", "regions/stores.json",
            ])
        #expect(result.files.allSatisfy { !$0.hasProblems && $0.wasChecked }, "\(result.files.flatMap(\.findings).map(\.message))")
        #expect(result.files.map(\.payloadCount) == [1, 1, 3, 1, 4])
        #expect(result.report().exitCode == .success)
    }

    @Test func theStoreMistakesTripTheirRules() {
        let suite = Repository.url("Scenarios/lint/store-mistakes")
        let result = Linter.lint(paths: [suite.path], options: LintOptions(bundleIdentifier: Self.bundle, now: fixedNow))
        let prefix = suite.path + "/"
        let found = result.files.flatMap(\.findings).map {
            "\($0.location.file.replacingOccurrences(of: prefix, with: "")) \($0.location.pointer ?? "") \($0.ruleID) \($0.severity.rawValue)"
        }.sorted()
        #expect(
            found
                == [
                    "GiftCard.pkpass/pass.json /beacons/1/minor pass_beacons error",
                    "GiftCard.pkpass/pass.json /locations pass_locations error",
                    "Workshop.pkpass/pass.json /relevantDate pass_dates error",
                    "Workshop.pkpass/pass.json /webServiceURL pass_web_service error",
                    "calendar/workshop.json /calendarEvent/endDate calendar_event_dates error",
                    "calendar/workshop.json /calendarEvent/timeZone calendar_event_time_zone error",
                    "push/order-shipped-with-items.apns  push_payload_size error",
                    "push/requests.json /0/notification/headers/apns-priority push_background_notification error",
                    "push/requests.json /0/notification/payload/aps/sound push_background_notification error",
                    "push/requests.json /1/notification/headers/apns-topic push_topic error",
                    "regions/every-store.json /20/circularRegion/identifier region_limit error",
                    "regions/every-store.json /21/beaconRegion/identifier region_limit error",
                    "regions/every-store.json /21/beaconRegion/minor beacon_major_minor error",
                ].sorted(), "\(found)")
        #expect(result.files.allSatisfy { $0.inputErrors.isEmpty && $0.diagnostics.isEmpty })
        #expect(result.report().exitCode == .problemsFound)
    }
}
