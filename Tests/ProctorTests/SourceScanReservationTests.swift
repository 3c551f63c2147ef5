import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// Reservations in Swift: the response of an INGetReservationDetailsIntent and its reservations,
/// a check-in action's activity judged inside them, and values computed at run time listed as
/// such (`proctor.computed`), so that they are neither missing nor judged.
@Suite("Source scan: reservations and computed values")
struct SourceScanReservationTests {
    private let plist = #"""
        {"CFBundleIdentifier": "com.example.tapasclub", "NSUserActivityTypes": ["com.example.tapasclub.check-in", "INGetReservationDetailsIntent", "INSendMessageIntent"],
         "INIntentsSupported": ["INGetReservationDetailsIntent", "INSendMessageIntent"]}
        """#

    private func scan(_ text: String) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist).appInfo
        return SourceScanner.scan(
            [SourceScanner.SourceFile(path: "A.swift", text: text)], appInfo: app, options: LintOptions(now: fixedNow, parallel: false))
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0)" }.sorted()
    }

    /// A restaurant booking donated with its check-in action; `webpage` is the line that sets the
    /// check-in activity's webpageURL (line 8), `handled` the types the scene delegate takes.
    private func booking(
        webpage: String = #"checkIn.webpageURL = URL(string: "https://tapasclub.example/check-in")"#,
        handled: [String] = ["com.example.tapasclub.check-in", "INGetReservationDetailsIntent"]
    ) -> String {
        """
        struct BookingDonor {
            func donate(_ booking: Booking) {
                let reference = INSpeakableString(vocabularyIdentifier: booking.id, spokenPhrase: "Dinner at Tapas Club", pronunciationHint: nil)
                let checkIn = NSUserActivity(activityType: "com.example.tapasclub.check-in")
                checkIn.title = "Check in for dinner"
                checkIn.userInfo = ["booking": booking.id]
                checkIn.requiredUserInfoKeys = ["booking"]
                \(webpage)
                let action = INReservationAction(type: .checkIn, validDuration: INDateComponentsRange(start: booking.opens, end: booking.start), userActivity: checkIn)
                let reservation = INRestaurantReservation(
                    itemReference: reference, reservationNumber: booking.id, bookingTime: booking.created, reservationStatus: .confirmed,
                    reservationHolderName: booking.holder, actions: [action], url: nil,
                    reservationDuration: INDateComponentsRange(start: booking.start, end: nil), partySize: booking.partySize,
                    restaurantLocation: CLPlacemark(location: CLLocation(latitude: 41.3917, longitude: 2.1649), name: "Tapas Club", postalAddress: nil))
                let response = INGetReservationDetailsIntentResponse(code: .success, userActivity: nil)
                response.reservations = [reservation]
                let intent = INGetReservationDetailsIntent(reservationContainerReference: reference, reservationItemReferences: nil)
                INInteraction(intent: intent, response: response).donate(completion: nil)
            }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                switch userActivity.activityType {
                \(handled.map { "case \"\($0)\": _ = userActivity.userInfo?[\"booking\"] as? String" }.joined(separator: "\n        "))
                default: break
                }
            }
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                if let activity = connectionOptions.userActivities.first { self.scene(scene, continue: activity) }
            }
        }
        """
    }

    @Test func theResponseAndItsReservationsAreTranscribed() throws {
        let scan = try scan(booking())
        #expect(findings(scan).isEmpty, "\(findings(scan))")
        #expect(scan.result.files.flatMap(\.inputErrors).isEmpty)
        // One payload: the check-in activity is inside the reservation, not a payload of its own.
        let payload = try #require(scan.payloads.first)
        #expect(scan.payloads.count == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(payload.text.utf8)) as? [String: Any])
        let response = try #require((json["interaction"] as? [String: Any])?["response"] as? [String: Any])
        #expect(response["code"] as? String == "success")
        let reservation = try #require(((response["reservations"] as? [[String: Any]])?.first)?["INRestaurantReservation"] as? [String: Any])
        #expect(reservation["reservationStatus"] as? String == "confirmed")
        #expect((reservation["restaurantLocation"] as? [String: Any])?["name"] as? String == "Tapas Club")
        let activity = try #require(((reservation["actions"] as? [[String: Any]])?.first)?["userActivity"] as? [String: Any])
        #expect(activity["activityType"] as? String == "com.example.tapasclub.check-in")
        #expect(activity["requiredUserInfoKeys"] as? [String] == ["booking"])
        // The dates and the party size are computed: listed, each with why.
        let computed = try #require((json["proctor"] as? [String: Any])?["computed"] as? [String: String])
        let base = "/interaction/response/reservations/0/INRestaurantReservation"
        let leftOut = [
            "\(base)/actions/0/validDuration/end", "\(base)/actions/0/validDuration/start", "\(base)/bookingTime", "\(base)/partySize",
            "\(base)/reservationDuration/start",
        ]
        #expect(Set(leftOut).isSubset(of: computed.keys), "\(computed.keys.sorted())")
        // Text computed at run time is written "…" and listed too.
        #expect(reservation["reservationNumber"] as? String == "…" && computed["\(base)/reservationNumber"] != nil)
        #expect(computed["\(base)/partySize"]?.contains("booking.partySize") == true)
        let notes = scan.result.files.flatMap(\.diagnostics).filter { $0.code.rawValue == "scan_dynamic_value" }
        #expect(notes.count == 5)
    }

    @Test func theCheckInActivityIsJudgedOnceWhereItIsMade() throws {
        // No webpageURL: check_in_activity, on the line of NSUserActivity(activityType:).
        #expect(try findings(scan(booking(webpage: ""))) == ["check_in_activity 4"])
        // Its type needs a handler like any activity the system launches the app with.
        #expect(try findings(scan(booking(handled: ["INGetReservationDetailsIntent"]))) == ["source_donated_type_handled 4"])
    }

    @Test func theEmittedPayloadLintsAsTheScanJudgedIt() throws {
        let scan = try scan(booking(webpage: ""))
        let payload = try #require(scan.payloads.first)
        let app = try appInfo(fromJSON: plist).appInfo
        let linted = Linter.lint(
            files: [Linter.InMemoryFile(path: payload.fileName, bytes: Array(payload.text.utf8))], appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false))
        #expect(linted.files.flatMap(\.inputErrors).isEmpty)
        #expect(linted.files.flatMap(\.diagnostics).isEmpty, "the computed dates are not missing")
        #expect(linted.files.flatMap(\.findings).map(\.ruleID) == ["check_in_activity"])
    }

    /// What a review found misread: an element of an array computed at run time, implicit members
    /// that are not enumeration cases, two computed item references, an activity two actions share.
    @Test func computedPartsAreNeitherMissingNorGuessed() throws {
        let reservation = { (reference: String, time: String) in
            "INRestaurantReservation(itemReference: INSpeakableString(vocabularyIdentifier: \(reference), spokenPhrase: \"Dinner\", pronunciationHint: nil), reservationNumber: nil, bookingTime: \(time), reservationStatus: .confirmed, reservationHolderName: nil, actions: [INReservationAction(type: .checkIn, validDuration: window, userActivity: checkIn)], url: nil, reservationDuration: INDateComponentsRange(start: DateComponents(timeZone: .current, year: 2026, month: 6, day: 5, hour: 20), end: nil), partySize: 2, restaurantLocation: place)"
        }
        let text = { (reservations: String) in
            """
            func donate(_ booking: Booking) {
                let checkIn = NSUserActivity(activityType: "com.example.tapasclub.check-in")
                checkIn.title = "Check in for dinner"
                let window = INDateComponentsRange(start: booking.opens, end: booking.closes)
                let place = CLPlacemark(location: CLLocation(latitude: 41.39, longitude: 2.16), name: "Tapas Club", postalAddress: nil)
                let response = INGetReservationDetailsIntentResponse(code: .success, userActivity: nil)
                response.reservations = \(reservations)
                let intent = INGetReservationDetailsIntent(reservationContainerReference: INSpeakableString(spokenPhrase: "Tapas Club"), reservationItemReferences: nil)
                INInteraction(intent: intent, response: response).donate(completion: nil)
            }
            """
        }
        // `.now` and `.current` are computed, not cases; the array's element is computed, so its
        // emptiness is not judged; the check-in activity, shared by both reservations, is
        // reported once (no webpageURL, no requiredUserInfoKeys); two computed references are
        // not one value.
        let shared = try scan(
            text("[\(reservation("booking.first", ".now")), \(reservation("booking.second", "booking.created")), makeReservation(for: booking)]"))
        #expect(shared.result.files.flatMap(\.inputErrors).isEmpty)
        #expect(shared.result.files.flatMap(\.diagnostics).allSatisfy { $0.code.rawValue == "scan_dynamic_value" })
        #expect(findings(shared) == ["check_in_activity 2", "check_in_activity 2"], "\(shared.result.files.flatMap(\.findings).map(\.message))")
        let computed = try #require(shared.payloads.first?.text)
        #expect(computed.contains(#""/interaction/response/reservations/-": "an element is computed at run time""#))
        // Two constant references that are the same are still one value twice.
        #expect(
            try findings(scan(text("[\(reservation("\"T-1\"", ".now")), \(reservation("\"T-1\"", ".now"))]"))).contains(
                "reservation_item_reference_unique 7"))
    }

    /// A required value computed at run time (a handle's type) was reported missing, as a decoding
    /// error that left the interaction unjudged.
    @Test func aComputedRequiredValueIsNotMissing() throws {
        let text = """
            func sent(to contact: Contact) {
                let recipient = INPerson(personHandle: INPersonHandle(value: "not an email", type: contact.kind), nameComponents: nil, displayName: contact.name, image: nil, contactIdentifier: nil, customIdentifier: nil)
                let intent = INSendMessageIntent(recipients: [recipient], outgoingMessageType: .outgoingMessageText, content: nil, speakableGroupName: nil, conversationIdentifier: "c1", serviceName: nil, sender: nil, attachments: nil)
                INInteraction(intent: intent, response: nil).donate(completion: nil)
            }
            """
        let scan = try scan(text)
        #expect(scan.result.files.flatMap(\.diagnostics).map(\.code.rawValue) == ["scan_dynamic_value"])
        // Judged: its direction is unset (the handle's form is not, its type being unknown).
        #expect(findings(scan) == ["interaction_direction 4"])
    }
}
