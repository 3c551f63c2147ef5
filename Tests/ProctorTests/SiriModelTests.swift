import Foundation
import ProctorCore
import ProctorJSON
import ProctorReports
import ProctorVocabulary
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

// The SiriKit part of the scenario model: the contact card, Siri Suggestions calendar events,
// check-in shortcuts, reservation launches, interaction deletion and the screen rules
// (docs/system-model.md, "SiriKit interactions").

/// A scenario for a travel-and-chat app on an iPhone (with the app) and an iPad (without it).
private func siriScenario(steps: [String], routes: String? = nil, info: String? = nil, app: String = "") -> String {
    let defaultRoutes = #"""
        [{"name": "trip", "activityTypes": ["INGetReservationDetailsIntent"], "reservationItems": "none"},
         {"name": "item", "activityTypes": ["INGetReservationDetailsIntent"], "reservationItems": "one"},
         {"name": "checkIn", "activityTypes": ["com.example.travel.check-in"], "userInfoKeys": ["reservationNumber"]},
         {"name": "compose", "activityTypes": ["INSendMessageIntent"]},
         {"name": "call", "activityTypes": ["INStartCallIntent", "INStartAudioCallIntent"]}]
        """#
    let defaultInfo = #"""
        {"CFBundleIdentifier": "com.example.travel",
         "NSUserActivityTypes": ["INGetReservationDetailsIntent", "com.example.travel.check-in", "INSendMessageIntent", "INStartCallIntent", "INStartAudioCallIntent"],
         "INIntentsSupported": ["INSendMessageIntent", "INStartCallIntent", "INStartAudioCallIntent"]}
        """#
    return #"""
        {
          "format": 1,
          "name": "siri",
          "clock": "2026-06-01T12:00:00Z",
          "app": {"bundleIdentifier": "com.example.travel", \#(app)"info": \#(info ?? defaultInfo), "routes": \#(routes ?? defaultRoutes)},
          "devices": [{"name": "iPhone"}, {"name": "iPad", "appInstalled": false}],
          "steps": [
            \#(steps.joined(separator: ",\n    "))
          ]
        }
        """#
}

/// DateComponents in a zone.
private func time(_ day: Int, _ hour: Int, _ minute: Int = 0, _ zone: String = "Europe/Paris") -> String {
    #"{"year": 2026, "month": 6, "day": \#(day), "hour": \#(hour), "minute": \#(minute), "timeZone": "\#(zone)"}"#
}

private func range(_ start: String?, _ end: String?) -> String {
    "{" + [start.map { #""start": \#($0)"# }, end.map { #""end": \#($0)"# }].compactMap { $0 }.joined(separator: ", ") + "}"
}

private func airport(_ name: String, _ code: String) -> String { #"{"name": "\#(name)", "iataCode": "\#(code)"}"# }

/// Flight XX815 SFO → CDG of reservation B9C8.
private func flight(reference: String = "B9C8-XX815", base: String = "", end: String? = time(3, 10, 15), actions: String? = nil) -> String {
    let members =
        [#""itemReference": {"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "\#(reference)"}"#, #""reservationNumber": "B9C8""#]
        + (actions.map { [#""actions": \#($0)"#] } ?? [])
    let flight = #"""
        {"airline": {"name": "Example Air", "iataCode": "XX"}, "flightNumber": "815",
         "flightDuration": \#(range(time(2, 14, 50, "America/Los_Angeles"), end)),
         "departureAirportGate": {"airport": \#(airport("San Francisco International", "SFO")), "terminal": "I", "gate": "G97"},
         "arrivalAirportGate": {"airport": \#(airport("Paris Charles de Gaulle", "CDG"))}}
        """#
    return #"{"INFlightReservation": {\#(members.joined(separator: ", ")), \#(base)"flight": \#(flight)}}"#
}

private let oncePerView = "reservation_donation_once_per_view"
private let itemReferenceStable = "reservation_item_reference_stable"

private let checkInActivity =
    #"{"activityType": "com.example.travel.check-in", "title": "Check In for Flight XX815", "userInfo": {"reservationNumber": "B9C8", "flightNumber": "XX815", "seat": "12A"}, "requiredUserInfoKeys": ["reservationNumber", "flightNumber"], "webpageURL": "https://travel.example.com/check-in/B9C8"}"#

/// Check-in opens 24 hours and closes one hour before departure (2 June 14:50 in San Francisco).
private let checkIn =
    #"[{"type": "checkIn", "validDuration": \#(range(time(1, 14, 50, "America/Los_Angeles"), time(2, 13, 50, "America/Los_Angeles"))), "userActivity": \#(checkInActivity)}]"#

private func donate(_ reservations: String..., container: String = "B9C8", extra: String = "", step: String = "") -> String {
    #"{"donate": {\#(step)"interaction": {\#(extra)"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "\#(container)"}}, "response": {"code": "success", "reservations": [\#(reservations.joined(separator: ", "))]}}}}"#
}

private func message(
    to handle: String, name: String = "Kim Appleseed", contact: String? = "C-KIM", service: String? = "Jabber", direction: String = "outgoing",
    extra: String = ""
) -> String {
    let contactIdentifier = contact.map { #", "contactIdentifier": "\#($0)""# } ?? ""
    let serviceName = service.map { #", "serviceName": "\#($0)""# } ?? ""
    return
        #"{"donate": {"interaction": {\#(extra)"direction": "\#(direction)", "intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "\#(handle)", "type": "emailAddress"}, "displayName": "\#(name)"\#(contactIdentifier)}], "content": "On my way"\#(serviceName)}}}}}"#
}

private func call(to number: String, intent: String = "INStartCallIntent", contact: String? = "C-KIM") -> String {
    let contactIdentifier = contact.map { #", "contactIdentifier": "\#($0)""# } ?? ""
    return
        #"{"donate": {"interaction": {"direction": "outgoing", "intent": {"\#(intent)": {"contacts": [{"personHandle": {"value": "\#(number)", "type": "phoneNumber"}, "displayName": "Kim Appleseed"\#(contactIdentifier)}]}}}}}"#
}

private func play(_ text: String) throws -> RunReport.Suite {
    try #require(ScenarioRunner.runFile(bytes: Array(text.utf8), path: "siri.scenario.json", options: RunOptions(now: fixedNow, parallel: false)))
}

/// Failed and errored test cases, and input errors, as text.
private func problems(_ suite: RunReport.Suite) -> [String] {
    suite.inputErrors.map { "\($0.code) \($0.location.pointer ?? ""): \($0.message)" }
        + suite.cases.compactMap { testCase in
            switch testCase.outcome {
            case .failed(let type, let message, let details), .errored(let type, let message, let details): "\(type): \(message)\n\(details)"
            default: nil
            }
        }
}

@Suite("Siri model: the contact card")
struct ContactCardTests {
    @Test func anOutgoingMessageTeachesTheHandleAndTheService() throws {
        let suite = try play(
            siriScenario(steps: [
                message(to: "kim@jabber.example"),
                #"{"expect": {"contactCard": {"person": "Kim Appleseed", "offers": [{"intent": "INSendMessageIntent", "handle": "kim@jabber.example", "serviceName": "Jabber", "app": "com.example.travel"}]}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
    }

    @Test(arguments: ["incoming", "unspecified"])
    func otherDirectionsTeachNothing(direction: String) throws {
        let suite = try play(
            siriScenario(steps: [
                message(to: "kim@jabber.example", direction: direction),
                #"{"expect": {"contactCard": {"person": "kim@jabber.example", "offers": []}}}"#,
            ]))
        #expect(suite.inputErrors.isEmpty)
        #expect(!problems(suite).contains { $0.hasPrefix("expectation_failed") }, "\(problems(suite))")
    }

    @Test func aContactIdentifierJoinsHandlesAndWithoutOneEachHandleIsAPerson() throws {
        let model = try siriModel([
            message(to: "kim@jabber.example"), call(to: "+1 415 555 0100"),
            message(to: "lee@jabber.example", name: "Lee", contact: nil), message(to: "lee@icq.example", name: "Lee", contact: nil, service: "ICQ"),
        ])
        let contacts = model.contacts(on: 0)
        #expect(contacts.map(\.key) == ["C-KIM", "lee@jabber.example", "lee@icq.example"])
        #expect(contacts[0].offers.map(\.handle) == ["kim@jabber.example", "+1 415 555 0100"])
        #expect(contacts[0].offers.map(\.action) == [.message, .call])
        // A name finds the first contact learned under it.
        #expect(model.contact("Lee", on: 0)?.key == "lee@jabber.example")
        #expect(model.contact("lee@icq.example", on: 0)?.offers.first?.serviceName == "ICQ")
        // Contacts stay on the device that learned them.
        #expect(model.contacts(on: 1).isEmpty)
    }

    @Test func tappingAnOfferLaunchesTheAppWithAnIntentToThatPerson() throws {
        let suite = try play(
            siriScenario(steps: [
                message(to: "kim@jabber.example"), call(to: "+1 415 555 0100", intent: "INStartAudioCallIntent"),
                #"{"tapContactCard": {"person": "C-KIM", "offer": "message"}}"#,
                #"{"expect": {"launch": {"route": "compose", "activityType": "INSendMessageIntent", "userInfo": {}, "interaction": {"intent": "INSendMessageIntent", "recipients": ["kim@jabber.example"], "serviceName": "Jabber"}}}}"#,
                #"{"tapContactCard": {"person": "Kim Appleseed", "offer": "call"}}"#,
                #"{"expect": {"launch": {"route": "call", "activityType": "INStartAudioCallIntent", "interaction": {"recipients": ["+1 415 555 0100"], "serviceName": null}}}}"#,
            ]))
        #expect(!problems(suite).contains { $0.hasPrefix("expectation_failed") || $0.hasPrefix("launch_failed") }, "\(problems(suite))")
    }

    @Test func tappingAnOfferTheCardDoesNotHaveFails() throws {
        let suite = try play(
            siriScenario(steps: [message(to: "kim@jabber.example"), #"{"tapContactCard": {"person": "Kim Appleseed", "offer": "call"}}"#]))
        #expect(
            problems(suite).contains { $0.hasPrefix("action_failed") && $0.contains("offers message 'kim@jabber.example'") }, "\(problems(suite))")
    }
}

@Suite("Siri model: calendar events")
struct CalendarEventTests {
    /// One reservation of each class, the title, location and times the model gives it.
    static let classes: [(json: String, title: String, location: String?, start: String, end: String)] = [
        (flight(), "Flight: XX815 SFO → CDG", "San Francisco International (SFO)", "2026-06-02T21:50:00Z", "2026-06-03T08:15:00Z"),
        (
            #"{"INLodgingReservation": {"itemReference": "H-1", "reservationNumber": "H-1", "lodgingBusinessLocation": {"name": "Hôtel Jacob", "location": {"latitude": 0, "longitude": 0}, "postalAddress": {"street": "12 Rue Jacob", "city": "Paris", "postalCode": "75006", "country": "France"}}, "reservationDuration": \#(range(time(3, 15), time(6, 11)))}}"#,
            "Lodging: Hôtel Jacob", "Hôtel Jacob, 12 Rue Jacob, Paris, 75006, France", "2026-06-03T13:00:00Z", "2026-06-06T09:00:00Z"
        ),
        (
            #"{"INRestaurantReservation": {"itemReference": "R-1", "reservationDuration": \#(range(time(4, 20), time(4, 22))), "restaurantLocation": {"name": "Chez Example", "location": {"latitude": 48.853, "longitude": 2.333}}, "partySize": 2}}"#,
            "Restaurant: Chez Example", "Chez Example", "2026-06-04T18:00:00Z", "2026-06-04T20:00:00Z"
        ),
        (
            #"{"INRentalCarReservation": {"itemReference": "C-1", "rentalCar": {"rentalCompanyName": "Example Cars"}, "rentalDuration": \#(range(time(5, 9), time(7, 9))), "pickupLocation": {"location": {"latitude": 48.8566, "longitude": 2.3522}}}}"#,
            "Rental car: Example Cars", "48.8566, 2.3522", "2026-06-05T07:00:00Z", "2026-06-07T07:00:00Z"
        ),
        (
            #"{"INTicketedEventReservation": {"itemReference": "E-1", "event": {"category": "movie", "name": "The Example", "eventDuration": \#(range(time(5, 20), time(5, 22))), "location": {"name": "Cinéma Example"}}}}"#,
            "Movie: The Example", "Cinéma Example", "2026-06-05T18:00:00Z", "2026-06-05T20:00:00Z"
        ),
        (
            #"{"INTrainReservation": {"itemReference": "T-1", "trainTrip": {"provider": "Example Rail", "trainNumber": "9014", "tripDuration": \#(range(time(6, 8), time(6, 11, 30, "Europe/London"))), "departureStationLocation": {"name": "Paris Nord"}, "arrivalStationLocation": {"name": "London St Pancras"}}}}"#,
            "Train: Example Rail 9014 Paris Nord → London St Pancras", "Paris Nord", "2026-06-06T06:00:00Z", "2026-06-06T10:30:00Z"
        ),
        (
            #"{"INBusReservation": {"itemReference": "B-1", "busTrip": {"busName": "Night Coach", "tripDuration": \#(range(time(7, 22), time(8, 6))), "departureBusStopLocation": {"name": "Bercy"}, "arrivalBusStopLocation": {}}}}"#,
            "Bus: Night Coach", "Bercy", "2026-06-07T20:00:00Z", "2026-06-08T04:00:00Z"
        ),
        (
            #"{"INBoatReservation": {"itemReference": "F-1", "boatTrip": {"tripDuration": \#(range(time(9, 10), time(9, 12))), "departureBoatTerminalLocation": {}, "arrivalBoatTerminalLocation": {}}}}"#,
            "Boat", nil, "2026-06-09T08:00:00Z", "2026-06-09T10:00:00Z"
        ),
    ]

    @Test(arguments: classes.indices)
    func eachClassBecomesAnEvent(_ index: Int) throws {
        let entry = Self.classes[index]
        let model = try siriModel([donate(entry.json)])
        let event = try #require(model.calendar().first)
        #expect(model.calendar().count == 1)
        #expect(event.title == entry.title)
        #expect(event.location == entry.location)
        #expect(DateFormat.format(event.start) == entry.start)
        #expect(DateFormat.format(event.end) == entry.end)
        #expect(event.container?.identity == "B9C8")
    }

    @Test(arguments: ReservationClass.allCases)
    func withoutAnEndTheEventLastsTheClassDefault(_ reservationClass: ReservationClass) throws {
        let entry = try #require(Self.classes.first { $0.json.contains("\"\(reservationClass.rawValue)\"") })
        // Drop the end of the reservation's range (the second DateComponents of its range).
        let json = entry.json.replacing(try Regex(#", \"end\": \{[^}]*\}"#), with: "", maxReplacements: 1)
        let model = try siriModel([donate(json)])
        let event = try #require(model.calendar().first)
        #expect(event.end.timeIntervalSince(event.start) == TimeInterval(SiriModel.defaultDurationHours(reservationClass) * 3600))
    }

    @Test func notesHoldTheReservationNumberAndTheSeat() throws {
        let model = try siriModel([donate(flight(base: #""reservedSeat": {"seatRow": "12", "seatNumber": "12A"}, "#))])
        #expect(model.calendar().first?.notes == "Reservation number: B9C8\nRow: 12\nSeat: 12A")
    }

    @Test func aLaterDonationUpdatesTheEventAndACancellationRemovesIt() throws {
        let suite = try play(
            siriScenario(steps: [
                donate(flight()),
                donate(flight(base: #""reservedSeat": {"seatNumber": "12A"}, "#), step: #""background": true, "#),
                #"{"expect": {"calendar": {"device": "iPad", "events": [{"title": "Flight: XX815 SFO → CDG", "notes": "Reservation number: B9C8\nSeat: 12A"}]}}}"#,
                donate(flight(base: #""reservationStatus": "canceled", "#), step: #""background": true, "#),
                #"{"expect": {"calendar": {"events": []}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
    }

    @Test func aNewItemReferenceForTheSameItemIsAFindingAndASecondEvent() throws {
        let suite = try play(
            siriScenario(steps: [
                donate(flight()),
                donate(flight(reference: "B9C8-XX815-v2", base: #""reservationStatus": "canceled", "#), step: #""background": true, "#),
                #"{"expect": {"calendar": {"contains": [{"title": "Flight: XX815 SFO → CDG", "appLink": {"itemReference": "B9C8-XX815"}}]}}}"#,
            ]))
        let finding = try #require(suite.findings.first { $0.ruleID == "reservation_item_reference_stable" })
        #expect(finding.location.pointer == "/steps/1/donate/interaction/response/reservations/0/INFlightReservation/itemReference")
        #expect(finding.severity == .error)
        #expect(finding.location.line != nil)
        #expect(problems(suite).contains { $0.hasPrefix("rules: reservation_item_reference_stable") })
        #expect(!problems(suite).contains { $0.hasPrefix("expectation_failed") }, "the canceled donation under a new reference leaves the event")
    }

    @Test func theAppLinkLaunchesTheWholeReservationOrOneItem() throws {
        let suite = try play(
            siriScenario(steps: [
                donate(flight()),
                #"{"openCalendarEvent": {"event": "Flight: XX815 SFO → CDG", "show": "reservation"}}"#,
                #"{"expect": {"launch": {"route": "trip", "activityType": "INGetReservationDetailsIntent", "interaction": {"reservationContainerReference": "B9C8", "reservationItemReferences": null}}}}"#,
                #"{"openCalendarEvent": {"event": "B9C8-XX815", "show": "item"}}"#,
                #"{"expect": {"launch": {"route": "item", "interaction": {"reservationItemReferences": ["Flight XX815"]}}}}"#,
                #"{"openCalendarEvent": {"device": "iPad", "event": "B9C8-XX815", "show": "item"}}"#,
                #"{"expect": {"launch": {"failure": "appNotInstalled"}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
    }

    @Test func aRouteWithoutReservationItemsAcceptsBothAndAnUndeclaredIntentFails() throws {
        let routes = #"[{"name": "any", "activityTypes": ["INGetReservationDetailsIntent"]}]"#
        let info = #"{"CFBundleIdentifier": "com.example.travel", "NSUserActivityTypes": ["com.example.travel.other"]}"#
        let suite = try play(
            siriScenario(
                steps: [
                    donate(flight()),
                    #"{"openCalendarEvent": {"event": "B9C8-XX815", "show": "item"}}"#,
                    #"{"expect": {"launch": {"failure": "undeclaredActivityType", "route": "any"}}}"#,
                    #"{"expect": {"findings": [{"ruleId": "interaction_activity_type_declared"}]}}"#,
                ], routes: routes, info: info))
        #expect(!problems(suite).contains { $0.hasPrefix("expectation_failed") || $0.hasPrefix("launch_failed") }, "\(problems(suite))")
    }

    @Test func anEventNotInTheCalendarCannotBeOpened() throws {
        let suite = try play(siriScenario(steps: [#"{"openCalendarEvent": {"event": "Flight: XX815 SFO → CDG", "show": "item"}}"#]))
        #expect(problems(suite).contains { $0.hasPrefix("action_failed") && $0.contains("no events") }, "\(problems(suite))")
    }
}

@Suite("Siri model: check-in shortcuts")
struct CheckInShortcutTests {
    private static let donation = donate(flight(actions: checkIn))

    @Test func theShortcutIsVisibleOnlyInsideItsWindowOnEveryDevice() throws {
        let suite = try play(
            siriScenario(steps: [
                Self.donation,
                #"{"expect": {"checkInShortcuts": {"titles": []}}}"#,
                // 1 June 14:50 in San Francisco is 21:50Z: the window opens then, inclusive.
                #"{"advanceClock": {"hours": 9, "minutes": 50}}"#,
                #"{"expect": {"checkInShortcuts": {"device": "iPad", "titles": ["Check In for Flight XX815"]}}}"#,
                #"{"advanceClock": {"hours": 23}}"#,
                #"{"expect": {"checkInShortcuts": {"titles": ["Check In for Flight XX815"]}}}"#,
                #"{"advanceClock": {"seconds": 1}}"#,
                #"{"expect": {"checkInShortcuts": {"titles": []}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
    }

    @Test func tappingItLaunchesTheActivityWithItsRequiredKeysOrOpensSafariWithoutTheApp() throws {
        let suite = try play(
            siriScenario(steps: [
                Self.donation, #"{"advanceClock": {"days": 1}}"#,
                #"{"tapCheckIn": {"title": "Check In for Flight XX815"}}"#,
                #"{"expect": {"launch": {"route": "checkIn", "activityType": "com.example.travel.check-in", "userInfo": {"reservationNumber": "B9C8", "flightNumber": "XX815"}}}}"#,
                #"{"tapCheckIn": {"device": "iPad", "title": "Check In for Flight XX815"}}"#,
                #"{"expect": {"launch": {"safari": "https://travel.example.com/check-in/B9C8"}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
    }

    @Test func tappingAShortcutThatIsNotShownFailsAndSaysWhy() throws {
        let suite = try play(siriScenario(steps: [Self.donation, #"{"tapCheckIn": {"title": "Check In for Flight XX815"}}"#]))
        #expect(
            problems(suite).contains {
                $0.hasPrefix("action_failed") && $0.contains("check-in window is 2026-06-01T21:50:00Z to 2026-06-02T20:50:00Z")
            }, "\(problems(suite))")
    }

    @Test func aCanceledReservationLosesItsShortcut() throws {
        let suite = try play(
            siriScenario(steps: [
                Self.donation, #"{"advanceClock": {"days": 1}}"#,
                donate(flight(base: #""reservationStatus": "canceled", "#, actions: checkIn), step: #""background": true, "#),
                #"{"expect": {"checkInShortcuts": {"titles": []}, "calendar": {"events": []}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
    }
}

@Suite("Siri model: deletion and screens")
struct InteractionDeletionAndScreenTests {
    @Test func deletingInteractionsForgetsWhatTheyTaught() throws {
        let suite = try play(
            siriScenario(steps: [
                message(to: "kim@jabber.example", extra: #""identifier": "m-1", "groupIdentifier": "kim", "#),
                call(to: "+1 415 555 0100"),
                donate(flight(), extra: #""groupIdentifier": "trip-B9C8", "#),
                donate(flight(base: #""reservedSeat": {"seatNumber": "12A"}, "#), extra: #""identifier": "seat", "#, step: #""background": true, "#),
                #"{"deleteInteractions": {"identifiers": ["seat"]}}"#,
                #"{"expect": {"calendar": {"events": [{"title": "Flight: XX815 SFO → CDG", "notes": "Reservation number: B9C8"}]}}}"#,
                #"{"deleteInteractions": {"groupIdentifier": "kim"}}"#,
                #"{"expect": {"contactCard": {"person": "C-KIM", "offers": [{"intent": "INStartCallIntent", "handle": "+1 415 555 0100"}]}}}"#,
                #"{"deleteInteractions": {"groupIdentifier": "trip-B9C8"}}"#,
                #"{"expect": {"calendar": {"events": []}}}"#,
                #"{"deleteAllInteractions": {}}"#,
                #"{"expect": {"contactCard": {"person": "C-KIM", "offers": []}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
    }

    @Test func donatingFromAListOfOtherReservationsIsReported() throws {
        let suite = try play(
            siriScenario(steps: [
                #"{"showScreen": {"screen": "TripList", "reservations": ["B9C8", "Q7Z1"]}}"#,
                donate(flight(), step: #""screen": "TripList", "#),
                donate(flight(), step: #""background": true, "#),
            ]))
        let findings = suite.findings.filter { $0.ruleID == "reservation_donation_unrelated_screen" }
        #expect(
            findings.map { $0.location.pointer ?? "" } == [
                "/steps/1/donate/interaction/intent/INGetReservationDetailsIntent/reservationContainerReference"
            ])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("'Q7Z1'") == true)
        #expect(problems(suite).isEmpty, "warnings do not fail a scenario without --strict")
    }

    @Test func aSecondDonationInOneViewIsReportedButANewViewStartsAgain() throws {
        let model = try siriModel([
            #"{"showScreen": {"screen": "TripDetail", "reservations": ["B9C8"]}}"#, donate(flight()), donate(flight()),
            #"{"showScreen": {"screen": "TripDetail", "reservations": ["B9C8"]}}"#, donate(flight()),
        ])
        #expect(model.donations.count == 3)
        let suite = try play(
            siriScenario(steps: [
                #"{"showScreen": {"screen": "TripDetail", "reservations": ["B9C8"]}}"#, donate(flight()), donate(flight()),
                #"{"showScreen": {"screen": "TripDetail", "reservations": ["B9C8"]}}"#, donate(flight()),
            ]))
        #expect(
            suite.findings.filter { $0.ruleID == "reservation_donation_once_per_view" }.map { $0.location.pointer ?? "" }
                == ["/steps/2/donate/interaction/intent/INGetReservationDetailsIntent/reservationContainerReference"])
        #expect(!suite.findings.contains { $0.ruleID == "reservation_donation_unrelated_screen" })
    }

    @Test func expectedModelFindingsAreAccepted() throws {
        let suite = try play(
            siriScenario(steps: [
                #"{"showScreen": {"screen": "TripDetail", "reservations": ["B9C8"]}}"#, donate(flight()), donate(flight()),
                #"{"expect": {"findings": [{"ruleId": "reservation_donation_once_per_view", "pointer": "/steps/2", "severity": "warning"}]}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
        #expect(suite.findings.first { $0.ruleID == "reservation_donation_once_per_view" }?.suppression == "expected by step 4")
    }
}

@Suite("Siri model: the format")
struct SiriFormatTests {
    @Test func deploymentTargetAndServiceNamesReachTheAppFacts() throws {
        let text = siriScenario(steps: [], app: #""deploymentTarget": "15.0", "serviceNames": ["Jabber", "ICQ"], "#)
        let root = try parseJSON(text)
        var decoder = ScenarioDecoder(path: "siri.scenario.json", source: SourceText(bytes: Array(text.utf8)), directory: "")
        let decoded = decoder.decode(root)
        let scenario = try #require(decoded, "\(decoder.errors)")
        #expect(scenario.app.info.deploymentTarget == OSVersion(major: 15))
        #expect(scenario.app.info.serviceNames == ["Jabber", "ICQ"])
    }

    @Test(
        arguments: [
            (#""deploymentTarget": "fifteen", "#, [], ProblemCode.scenarioInvalidValue, "/app/deploymentTarget"),
            (#""serviceNames": "Jabber", "#, [], ProblemCode.scenarioTypeMismatch, "/app/serviceNames"),
            (
                "", [#"{"donate": {"interaction": {"intent": {"INSendMessageIntent": {}}}, "screen": "Inbox"}}"#],
                ProblemCode.scenarioInvalidSequence, "/steps/0/donate/screen"
            ),
            (
                "",
                [
                    #"{"showScreen": {"screen": "Inbox"}}"#,
                    #"{"donate": {"interaction": {"intent": {"INSendMessageIntent": {}}}, "screen": "Thread"}}"#,
                ], ProblemCode.scenarioInvalidSequence, "/steps/1/donate/screen"
            ),
            (
                "",
                [
                    #"{"showScreen": {"screen": "Inbox"}}"#,
                    #"{"donate": {"interaction": {"intent": {"INSendMessageIntent": {}}}, "screen": "Inbox", "background": true}}"#,
                ], ProblemCode.scenarioInvalidValue, "/steps/1/donate/screen"
            ),
            (
                "", [#"{"donate": {"device": "iPad", "interaction": {"intent": {"INSendMessageIntent": {}}}}}"#], ProblemCode.scenarioInvalidSequence,
                "/steps/0/donate/device"
            ),
            ("", [#"{"deleteInteractions": {}}"#], ProblemCode.scenarioInvalidValue, "/steps/0/deleteInteractions"),
            ("", [#"{"tapContactCard": {"person": "Kim", "offer": "video"}}"#], ProblemCode.scenarioInvalidValue, "/steps/0/tapContactCard/offer"),
            ("", [#"{"openCalendarEvent": {"event": "Flight"}}"#], ProblemCode.scenarioMissingValue, "/steps/0/openCalendarEvent"),
            (
                "", [#"{"expect": {"launch": {"interaction": {"intent": "INGetReservationDetailIntent"}}}}"#], ProblemCode.scenarioInvalidValue,
                "/steps/0/expect/launch/interaction/intent"
            ),
            ("", [#"{"expect": {"calendar": {"device": "iPad"}}}"#], ProblemCode.scenarioMissingValue, "/steps/0/expect/calendar"),
            (
                "", [#"{"expect": {"contactCard": {"person": "Kim", "offers": [{"intent": "INGetReservationDetailsIntent", "handle": "x"}]}}}"#],
                ProblemCode.scenarioInvalidValue, "/steps/0/expect/contactCard/offers/0/intent"
            ),
        ] as [(String, [String], ProblemCode, String)])
    func problemsAreLocated(app: String, steps: [String], code: ProblemCode, pointer: String) throws {
        let suite = try play(siriScenario(steps: steps, app: app))
        #expect(suite.inputErrors.map(\.code) == [code], "\(suite.inputErrors.map(\.message))")
        #expect(suite.inputErrors.first?.location.pointer == pointer)
        #expect(suite.inputErrors.first?.location.line != nil)
    }

    @Test func reservationItemsNeedsTheReservationIntent() throws {
        let routes = #"[{"name": "x", "activityTypes": ["INSendMessageIntent"], "reservationItems": "one"}]"#
        let suite = try play(siriScenario(steps: [], routes: routes))
        #expect(suite.inputErrors.map(\.code) == [ProblemCode.scenarioInvalidValue])
        #expect(suite.inputErrors.first?.location.pointer == "/app/routes/0/reservationItems")
    }

    @Test func theModelRulesAreRulesScenariosRun() {
        for id in [oncePerView, "reservation_donation_unrelated_screen", itemReferenceStable] {
            #expect(ScenarioDecoder.scenarioRuleIDs.contains(id))
            #expect(BuiltInRules.description(for: id) != nil, "\(id) has no description")
        }
        #expect(BuiltInRules.description(for: oncePerView)?.judgedInScenariosOnly == true)
        #expect(BuiltInRules.description(for: itemReferenceStable)?.judgedInScenariosOnly == false)
        // The run rules and the Info.plist rules are lint's.
        #expect(!ScenarioDecoder.scenarioRuleIDs.contains("searchable_item_identifier_unique"))
        #expect(!ScenarioDecoder.scenarioRuleIDs.contains("intents_restricted_while_locked_supported"))
    }
}

/// Plays steps and returns the Siri part of the model as it ends.
private func siriModel(_ steps: [String]) throws -> SiriModel {
    let text = siriScenario(steps: steps)
    var decoder = ScenarioDecoder(path: "siri.scenario.json", source: SourceText(bytes: Array(text.utf8)), directory: "")
    let decoded = decoder.decode(try parseJSON(text))
    let scenario = try #require(decoded, "\(decoder.errors.map(\.message)) \(decoder.diagnostics.map(\.message))")
    var model = SystemModel(app: scenario.app, devices: scenario.devices, clock: scenario.clock)
    for step in scenario.steps {
        switch step.action {
        case let donate as DonateStep:
            _ = model.siri.donate(
                donate.interaction, device: donate.device, step: step.number, background: donate.background,
                deviceName: scenario.devices[donate.device].name)
        case let show as ShowScreenStep:
            model.siri.show(screen: show.screen, reservations: show.reservations, device: show.device, step: step.number)
        case let deletion as DeleteInteractionsStep:
            model.siri.delete(deletion.deletion, device: deletion.device)
        default: break
        }
    }
    return model.siri
}

extension RuleExamplesTests {
    /// A rule only the model judges has scenarios for examples: each is played, must be clean
    /// input that passes, and reports the rule exactly at the listed pointers of the scenario.
    func playScenarioExample(_ testCase: RuleExampleCase) throws {
        let example = testCase.example
        let location = testCase.sourceLocation
        let suite = try #require(
            ScenarioRunner.runFile(
                bytes: Array(example.input.utf8), path: "example.scenario.json", options: RunOptions(now: fixedNow, parallel: false)),
            sourceLocation: location)
        #expect(suite.inputErrors.isEmpty, "input errors: \(suite.inputErrors.map { "\($0.code) \($0.message)" })", sourceLocation: location)
        #expect(suite.diagnostics.isEmpty, "diagnostics: \(suite.diagnostics.map { "\($0.code) \($0.message)" })", sourceLocation: location)
        #expect(
            !suite.cases.contains { $0.outcome.isFailure || $0.outcome.isError }, "the scenario does not pass: \(problems(suite))",
            sourceLocation: location)
        let others = suite.findings.filter { $0.ruleID != testCase.rule.id }
        #expect(others.isEmpty, "other rules report: \(others.map { "\($0.ruleID) \($0.location.pointer ?? "")" })", sourceLocation: location)
        let findings = suite.findings.filter { $0.ruleID == testCase.rule.id }
        let found = findings.map { $0.location.pointer ?? "<no pointer>" }.sorted()
        if testCase.passes {
            #expect(example.pointers.isEmpty, "a passing example lists pointers", sourceLocation: location)
            #expect(findings.isEmpty, "passing example reported at \(found): \(findings.map(\.message))", sourceLocation: location)
        } else {
            #expect(
                found == example.pointers.sorted(), "findings: \(findings.map { "\($0.location.pointer ?? ""): \($0.message)" })",
                sourceLocation: location)
            for finding in findings {
                #expect(finding.severity == testCase.rule.defaultSeverity, sourceLocation: location)
                #expect(finding.location.file == "example.scenario.json" && finding.location.line != nil, sourceLocation: location)
            }
        }
    }
}

/// A restaurant reservation of its own: item reference, reservation number and place `T-<index>`.
private func table(_ index: Int) -> String {
    #"{"INRestaurantReservation": {"itemReference": {"spokenPhrase": "Table \#(index)", "vocabularyIdentifier": "T-\#(index)"}, "reservationNumber": "T-\#(index)", "reservationDuration": {"start": \#(time(4, 20))}, "restaurantLocation": {"name": "Chez Example \#(index)", "location": {"latitude": 48.853, "longitude": 2.333}}, "partySize": 2}}"#
}

@Suite("Siri model: regressions")
struct SiriModelRegressionTests {
    /// A devices list that is empty or whose device does not decode is reported once; steps of the
    /// app on the first device used to index the empty list and trap.
    @Test(arguments: [("[]", "/devices"), (#"[{"name": 1}]"#, "/devices/0/name")])
    func devicesThatDoNotDecodeAreTheOnlyProblem(devices: String, pointer: String) throws {
        let text = siriScenario(steps: [
            #"{"deleteAllInteractions": {}}"#,
            #"{"showScreen": {"screen": "TripDetail"}}"#,
            donate(flight()),
            #"{"becomeCurrent": {"activity": "trip", "userActivity": {"activityType": "com.example.travel.check-in", "title": "Trip"}}}"#,
            #"{"index": {"items": []}}"#,
            #"{"deleteInteractions": {"groupIdentifier": "trip"}}"#,
            #"{"deleteAllSearchableItems": {}}"#,
            #"{"deleteAllSavedUserActivities": {}}"#,
        ]).replacingOccurrences(of: #"[{"name": "iPhone"}, {"name": "iPad", "appInstalled": false}]"#, with: devices)
        let suite = try play(text)
        #expect(suite.inputErrors.map { $0.location.pointer ?? "" } == [pointer], "\(suite.inputErrors.map(\.message))")
    }

    /// A route with one bad value keeps its name: the launch expectation naming it adds nothing.
    @Test func aRouteWithAnErrorKeepsItsName() throws {
        let routes = #"[{"name": "booking", "activityTypes": ["INGetReservationDetailsIntent"], "reservationItems": "all"}]"#
        let suite = try play(
            siriScenario(steps: [#"{"expect": {"launch": {"route": "booking"}}}"#, #"{"expect": {"launch": {"route": "bookin"}}}"#], routes: routes))
        #expect(
            suite.inputErrors.map(\.code) == [ProblemCode.scenarioInvalidValue, ProblemCode.scenarioUnknownReference],
            "\(suite.inputErrors.map(\.message))")
        #expect(suite.inputErrors.map { $0.location.pointer ?? "" } == ["/app/routes/0/reservationItems", "/steps/1/expect/launch/route"])
        #expect(suite.inputErrors.last?.message.contains("did you mean 'booking'") == true, "\(suite.inputErrors.map(\.message))")
    }

    @Test func reservationItemReferencesOfAnotherTypeAsksForAnArrayOrNull() throws {
        let suite = try play(siriScenario(steps: [#"{"expect": {"launch": {"interaction": {"reservationItemReferences": "none"}}}}"#]))
        let error = try #require(suite.inputErrors.first)
        #expect(suite.inputErrors.count == 1)
        #expect(error.code == ProblemCode.scenarioTypeMismatch)
        #expect(error.location.pointer == "/steps/0/expect/launch/interaction/reservationItemReferences")
        #expect(error.message == "expected an array of strings or null for 'reservationItemReferences', found string")
    }

    /// `"serviceName": null` is "no service" in an expected offer, as in `expect.launch.interaction`.
    @Test func aNullServiceNameInAnExpectedOfferMeansNone() throws {
        let suite = try play(
            siriScenario(steps: [
                call(to: "+1 415 555 0100"),
                message(to: "kim@jabber.example"),
                #"{"expect": {"contactCard": {"person": "C-KIM", "offers": [{"intent": "INStartCallIntent", "handle": "+1 415 555 0100", "serviceName": null}, {"intent": "INSendMessageIntent", "handle": "kim@jabber.example", "serviceName": "Jabber"}]}}}"#,
                #"{"tapContactCard": {"person": "C-KIM", "offer": "call"}}"#,
                #"{"expect": {"launch": {"route": "call", "interaction": {"serviceName": null}}}}"#,
            ]))
        #expect(problems(suite).isEmpty, "\(problems(suite))")
        let wrong = try play(
            siriScenario(steps: [
                message(to: "kim@jabber.example"),
                #"{"expect": {"contactCard": {"person": "C-KIM", "offers": [{"intent": "INSendMessageIntent", "handle": "kim@jabber.example", "serviceName": null}]}}}"#,
            ]))
        #expect(wrong.inputErrors.isEmpty)
        #expect(problems(wrong).contains { $0.hasPrefix("expectation_failed: the contact card of 'C-KIM'") }, "\(problems(wrong))")
    }

    /// The message of an exact `events` list names the missing and the unexpected events, and an
    /// event of the same title the field that differs, with both values.
    @Test func aCalendarMismatchSaysWhichEventAndWhichField() throws {
        let suite = try play(
            siriScenario(steps: [
                donate(flight(), table(1)),
                #"{"expect": {"calendar": {"events": [{"title": "Flight: XX815 SFO → ORY", "appLink": {"itemReference": "B9C8-XX815"}}, {"title": "Restaurant: Chez Example 1"}]}}}"#,
                #"{"expect": {"calendar": {"events": [{"title": "Flight: XX815 SFO → CDG"}, {"title": "Restaurant: Chez Example 1"}, {"title": "Lodging: Hôtel Jacob"}]}}}"#,
                #"{"expect": {"calendar": {"events": [{"title": "Restaurant: Chez Example 1"}, {"title": "Flight: XX815 SFO → CDG"}]}}}"#,
                #"{"expect": {"calendar": {"events": [{"title": "Flight: XX815 SFO → CDG", "start": "2026-06-02T20:50:00Z", "notes": "Seat: 12A"}, {"title": "Restaurant: Chez Example 1"}]}}}"#,
                #"{"expect": {"calendar": {"contains": [{"title": "Flight: XX815 SFO → ORY", "appLink": {"itemReference": "B9C8-XX815"}}]}}}"#,
            ]))
        let messages = suite.cases.compactMap { testCase -> String? in
            if case .failed(_, let message, _) = testCase.outcome, testCase.name.contains("expect calendar") { message } else { nil }
        }
        let calendar = "the Siri Suggestions calendar on 'iPhone'"
        #expect(messages.count == 5, "\(messages)")
        #expect(
            messages.first?.hasPrefix(
                "\(calendar) does not hold exactly the expected events: no event 'Flight: XX815 SFO → ORY' (the event of item 'B9C8-XX815' is titled 'Flight: XX815 SFO → CDG'); an unexpected event ['Flight: XX815 SFO → CDG' 2026-06-02T21:50:00Z to 2026-06-03T08:15:00Z"
            ) == true, "\(messages)")
        #expect(messages.dropFirst().first == "\(calendar) does not hold exactly the expected events: no event 'Lodging: Hôtel Jacob'")
        #expect(
            messages.dropFirst(2).first
                == "\(calendar) does not hold exactly the expected events: the same events in another order, by start: ['Flight: XX815 SFO → CDG', 'Restaurant: Chez Example 1']"
        )
        #expect(
            messages.dropFirst(3).first
                == "event 'Flight: XX815 SFO → CDG' differs: it starts at 2026-06-02T21:50:00Z, not 2026-06-02T20:50:00Z; its notes are 'Reservation number: B9C8', not 'Seat: 12A'"
        )
        #expect(
            messages.dropFirst(4).first
                == "\(calendar) has no event 'Flight: XX815 SFO → ORY' (the event of item 'B9C8-XX815' is titled 'Flight: XX815 SFO → CDG')")
    }

    /// Apple asks for another donation when the reservation changes: a re-donation in the same view
    /// that cancels it or gives a seat is not reported, one that repeats the last is.
    @Test func aRedonationInOneViewIsReportedOnlyWhenNothingChanged() throws {
        let suite = try play(
            siriScenario(steps: [
                #"{"showScreen": {"screen": "TripDetail", "reservations": ["B9C8"]}}"#,
                donate(flight()),
                donate(flight(base: #""reservedSeat": {"seatNumber": "12A"}, "#)),
                donate(flight(base: #""reservedSeat": {"seatNumber": "12A"}, "#)),
                donate(flight(base: #""reservationStatus": "canceled", "reservedSeat": {"seatNumber": "12A"}, "#)),
                donate(flight(end: time(3, 11, 0))),
                donate(flight(end: time(3, 11, 0)), table(1)),
                donate(table(1)),
            ]))
        #expect(
            suite.findings.filter { $0.ruleID == oncePerView }.map { $0.location.pointer ?? "" } == [
                "/steps/3/donate/interaction/intent/INGetReservationDetailsIntent/reservationContainerReference",
                "/steps/7/donate/interaction/intent/INGetReservationDetailsIntent/reservationContainerReference",
            ])
        let message = try #require(suite.findings.first { $0.ruleID == oncePerView }?.message)
        #expect(message.contains("was already donated at step 3"), "\(message)")
    }

    /// The model judges item references as lint does: a canceled item still has its reference,
    /// and a new one for it is reported even though nothing of it is live.
    @Test func aNewReferenceAfterACancellationIsReported() throws {
        let suite = try play(
            siriScenario(steps: [
                donate(flight()),
                donate(flight(base: #""reservationStatus": "canceled", "#), step: #""background": true, "#),
                donate(flight(reference: "B9C8-XX815-2"), step: #""background": true, "#),
                #"{"expect": {"calendar": {"events": [{"title": "Flight: XX815 SFO → CDG", "appLink": {"itemReference": "B9C8-XX815-2"}}]}}}"#,
            ]))
        let findings = suite.findings.filter { $0.ruleID == itemReferenceStable }
        #expect(
            findings.map { $0.location.pointer ?? "" } == ["/steps/2/donate/interaction/response/reservations/0/INFlightReservation/itemReference"])
        #expect(
            findings.first?.message.contains(
                "(INFlightReservation B9C8, XX815, from 2026-06-02T21:50:00Z) was donated with itemReference 'B9C8-XX815' at step 2, now with 'B9C8-XX815-2'; the item reference must stay the same for the reservation's whole life cycle, so Siri takes it for another item"
            ) == true, "\(findings.map(\.message))")
        #expect(!problems(suite).contains { $0.hasPrefix("expectation_failed") }, "\(problems(suite))")
    }

    /// The live items follow the donations incrementally: each donated reservation is applied
    /// once, and only a deletion replays the remaining donations. Counting the work, not timing
    /// it, catches a model that rebuilds everything on every donation.
    @Test func liveItemsAreUpdatedOnceForEachDonatedReservation() throws {
        let tables = (0..<4000).map(table)
        let big = donate(tables.joined(separator: ", "))
        let model = try siriModel([big, big.replacingOccurrences(of: #""donate": {"#, with: #""donate": {"background": true, "#)])
        #expect(model.appliedReservations == 8000)
        #expect(model.liveReservations().count == 4000)
        #expect(model.liveReservations().last?.key == "T-3999")

        var many = try siriModel((0..<1000).map { donate(table($0), extra: #""identifier": "d-\#($0)", "#) })
        #expect(many.appliedReservations == 1000)
        many.delete(.identifiers(["d-0"]), device: 0)
        #expect(many.appliedReservations == 1000 + 999)
        #expect(many.liveReservations().count == 999)
        many.delete(.identifiers(["nothing"]), device: 0)
        #expect(many.appliedReservations == 1999, "a deletion that removes nothing rebuilds nothing")
    }

    /// Updates move an item last and leave gaps behind; the order and the content match a replay.
    @Test func updatesAndCancellationsKeepTheDonationOrder() throws {
        let model = try siriModel([
            donate(table(1), table(2), table(3)),
            donate(table(1).replacingOccurrences(of: #""partySize": 2"#, with: #""partySize": 4"#)),
            donate(table(2).replacingOccurrences(of: #""reservationNumber""#, with: #""reservationStatus": "canceled", "reservationNumber""#)),
            donate(table(4)),
        ])
        #expect(model.liveReservations().map(\.key) == ["T-3", "T-1", "T-4"])
        #expect(model.liveReservations().map(\.step) == [1, 2, 4])
        var deleted = model
        deleted.delete(.all, device: 0)
        #expect(deleted.liveReservations().isEmpty)
    }

    /// The reported large inputs must finish: one donation of 4,000 reservations donated twice.
    @Test func aDonationOfThousandsOfReservationsTwiceIsPlayed() throws {
        let big = donate((0..<4000).map(table).joined(separator: ", "), step: #""background": true, "#)
        let suite = try play(
            siriScenario(steps: [big, big, #"{"expect": {"calendar": {"contains": [{"title": "Restaurant: Chez Example 3999"}]}}}"#]))
        #expect(problems(suite).isEmpty, "\(problems(suite).prefix(3))")
    }
}
