import Foundation
import ProctorCore
import ProctorEngine
import ProctorVocabulary

// Rules that only a scenario can judge: they are about what the app shows while it donates, which
// no donation payload says. They judge the events the system model emits as it plays `donate`
// steps (Subjects/ScenarioEvents.swift); `proctor lint` lists them but never runs them. Their
// examples are whole scenarios.

private let wwdc19 = "WWDC 2019 session 243, \"Integrating with Siri Event Suggestions\""
private let donatingReservations = "Apple, SiriKit, \"Donating Reservations\""

/// Donating a reservation while a screen lists other reservations.
struct ReservationDonationUnrelatedScreenRule: Rule {
    static let description = RuleDescription(
        id: "reservation_donation_unrelated_screen",
        name: "Reservation Donated From A Screen Of Other Reservations",
        category: .reservation,
        defaultSeverity: .warning,
        summary: "A reservation should be donated from the screen that shows it, not while the screen lists other reservations.",
        rationale: """
            A reservation donated while the user looks at it may make Siri show a notification that it \
            found an event; next to the reservation's details that notification makes sense. WWDC 2019 \
            session 243 tells apps not to donate while showing a list of unrelated reservations, \
            because the notification would then surprise the user for lack of context, and Apple's \
            "Donating Reservations" asks for a donation as the user views the reservation. Updates that \
            arrive while the app is not showing the reservation belong in a background donation, which \
            shows no notification. In a scenario, `showScreen` says which reservation containers the \
            screen lists; a `donate` step that is not from the background is reported when the screen \
            shown last lists any container other than the donation's reservationContainerReference.
            """,
        sources: [wwdc19, donatingReservations],
        passing: [
            RuleExample(scenario: ScenarioExample.scenario(ScenarioExample.show("TripDetail", "B9C8"), ScenarioExample.donate())),
            RuleExample(
                scenario: ScenarioExample.scenario(ScenarioExample.show("TripList", "B9C8", "Q7Z1"), ScenarioExample.donate(background: true))),
        ],
        failing: [
            RuleExample(
                scenario: ScenarioExample.scenario(ScenarioExample.show("TripList", "B9C8", "Q7Z1"), ScenarioExample.donate()),
                at: ["/steps/1/donate/interaction/intent/INGetReservationDetailsIntent/reservationContainerReference"])
        ])

    func check(_ event: ReservationDonatedOnScreen, in context: RuleContext) -> [Violation] {
        let screen = event.screen
        let unrelated = screen.reservations.filter { reference in !(event.container?.isNamed(by: reference) ?? false) }
        guard !unrelated.isEmpty else { return [] }
        let name = event.container.map { "reservation '\($0.identity)'" } ?? "a reservation without a reservationContainerReference"
        let listed = "\(unrelated.count == 1 ? "reservation" : "reservations") \(unrelated.map { "'\($0)'" }.joined(separator: ", "))"
        return [
            Violation(
                "\(name) is donated while screen '\(screen.name)' (shown at step \(screen.shownAtStep) on '\(screen.device)') lists \(listed); donate from the screen that shows this reservation's details, or from the background",
                at: event.containerPointer)
        ]
    }
}

/// The same reservation donated twice while the user views it once.
struct ReservationDonationOncePerViewRule: Rule {
    static let description = RuleDescription(
        id: "reservation_donation_once_per_view",
        name: "One Reservation Donation Per View",
        category: .reservation,
        defaultSeverity: .warning,
        summary: "A reservation should be donated once each time the user views it, not several times in one view.",
        rationale: """
            Apple's "Donating Reservations" asks apps to "make one, and only one, donation per \
            reservation as the user views the reservation", and to donate again only when the user \
            views it again or the reservation changes (then from the background when it is not on \
            screen). A second donation in the same view that carries nothing new, from a refresh or a \
            view that appears twice, is the kind of repeated donation the guideline rules out. In a \
            scenario every `showScreen` step is a new view; a `donate` step that is not from the \
            background is reported when its reservationContainerReference was already donated since \
            the screen shown last appeared and each of its items is as it was last donated in this \
            view: the same itemReference with the same reservationStatus, reservedSeat, and start and \
            end of its date range. A cancellation, a seat, a new time or an item not yet donated in the \
            view is a change, and its donation is not reported.
            """,
        sources: [donatingReservations, wwdc19],
        passing: [
            RuleExample(
                scenario: ScenarioExample.scenario(
                    ScenarioExample.show("TripDetail", "B9C8"), ScenarioExample.donate(), ScenarioExample.show("TripDetail", "B9C8"),
                    ScenarioExample.donate())),
            RuleExample(
                scenario: ScenarioExample.scenario(
                    ScenarioExample.show("TripDetail", "B9C8"), ScenarioExample.donate(), ScenarioExample.donate(background: true))),
            RuleExample(
                scenario: ScenarioExample.scenario(
                    ScenarioExample.show("TripDetail", "B9C8"), ScenarioExample.donate(), ScenarioExample.donate(status: "canceled"))),
        ],
        failing: [
            RuleExample(
                scenario: ScenarioExample.scenario(ScenarioExample.show("TripDetail", "B9C8"), ScenarioExample.donate(), ScenarioExample.donate()),
                at: ["/steps/2/donate/interaction/intent/INGetReservationDetailsIntent/reservationContainerReference"])
        ])

    func check(_ event: ReservationDonatedOnScreen, in context: RuleContext) -> [Violation] {
        guard let container = event.container, let earlier = event.unchangedSinceStep else { return [] }
        return [
            Violation(
                "reservation '\(container.identity)' was already donated at step \(earlier) in this view of screen '\(event.screen.name)' (shown at step \(event.screen.shownAtStep)), with the same items, statuses, seats and times; make one donation per reservation as the user views it, and donate again when it changes",
                at: event.containerPointer)
        ]
    }
}

/// Parts of the scenario examples: the My Flights app of WWDC 2019 session 243, flight XX815
/// from San Francisco to Paris in reservation B9C8.
private enum ScenarioExample {
    static func scenario(_ steps: String...) -> String {
        #"{"format": 1, "name": "My Flights", "clock": "2026-06-01T12:00:00Z", "app": {"bundleIdentifier": "com.example.myflights", "info": {"CFBundleIdentifier": "com.example.myflights", "NSUserActivityTypes": ["INGetReservationDetailsIntent"]}, "routes": [{"name": "reservation", "activityTypes": ["INGetReservationDetailsIntent"]}]}, "steps": [\#(steps.joined(separator: ", "))]}"#
    }

    static func show(_ screen: String, _ reservations: String...) -> String {
        #"{"showScreen": {"screen": "\#(screen)", "reservations": [\#(reservations.map { "\"\($0)\"" }.joined(separator: ", "))]}}"#
    }

    /// A donation of flight XX815; `status` is its reservationStatus.
    static func donate(background: Bool = false, status: String? = nil) -> String {
        let time = { (day: Int, hour: Int, minute: Int, zone: String) in
            #"{"year": 2026, "month": 6, "day": \#(day), "hour": \#(hour), "minute": \#(minute), "timeZone": "\#(zone)"}"#
        }
        let flight =
            #"{"airline": {"name": "Example Air", "iataCode": "XX"}, "flightNumber": "815", "flightDuration": {"start": \#(time(2, 14, 50, "America/Los_Angeles")), "end": \#(time(3, 10, 15, "Europe/Paris"))}, "departureAirportGate": {"airport": {"name": "San Francisco International", "iataCode": "SFO"}, "terminal": "I", "gate": "G97"}, "arrivalAirportGate": {"airport": {"name": "Paris Charles de Gaulle", "iataCode": "CDG"}}}"#
        let reservation =
            #"{"INFlightReservation": {"itemReference": {"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "B9C8-XX815"}, "reservationNumber": "B9C8", \#(status.map { #""reservationStatus": "\#($0)", "# } ?? "")"flight": \#(flight)}}"#
        return
            #"{"donate": {\#(background ? #""background": true, "# : "")"interaction": {"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "B9C8"}}, "response": {"code": "success", "reservations": [\#(reservation)]}}}}"#
    }
}
