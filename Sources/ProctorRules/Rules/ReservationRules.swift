import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// The rules of INGetReservationDetailsIntent donations (apple-rules.md §9): what Siri Event
// Suggestions needs to put a reservation in Calendar, in Maps and on the Lock Screen, and to
// launch the app back into it.

private let wwdc19 = "WWDC 2019 session 243, \"Integrating with Siri Event Suggestions\""
private let donatingReservations = "Apple, SiriKit, \"Donating Reservations\""
private let intentHeader = "Apple, Intents headers, INGetReservationDetailsIntent.h and INGetReservationDetailsIntentResponse.h"

// MARK: - The intent and its response

/// The donation names the reservation as a whole.
struct ReservationContainerReferenceRule: Rule {
    static let description = RuleDescription(
        id: "reservation_container_reference",
        name: "Reservation Donation Names Its Reservation",
        category: .reservation,
        defaultSeverity: .error,
        summary: "An INGetReservationDetailsIntent donation must set a non-empty reservationContainerReference.",
        rationale: """
            The container reference "uniquely identifies the reservation as a whole" (WWDC 2019 session \
            243): it is what the app is launched with when the user taps the reservation in Calendar or \
            a suggestion, to show the whole reservation. Use the booking number shared by the items (a \
            round trip, a flight and a hotel); for a reservation of a single item the session uses the \
            item's own itemReference. Without it the app is told nothing about which reservation to \
            show.
            """,
        sources: [wwdc19, intentHeader],
        passing: [
            RuleExample(Example.interaction(Example.flight())),
            RuleExample(Example.interaction(Example.flight(), container: #"{"spokenPhrase": "Trip to Paris", "vocabularyIdentifier": "B9C8"}"#)),
        ],
        failing: [
            RuleExample(Example.interaction(Example.flight(), container: nil), at: ["/interaction/intent/INGetReservationDetailsIntent"]),
            RuleExample(
                Example.interaction(Example.flight(), container: #""""#),
                at: ["/interaction/intent/INGetReservationDetailsIntent/reservationContainerReference"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard case .getReservationDetails(let intent) = interaction.intent.kind else { return [] }
        guard let container = intent.reservationContainerReference else {
            return [
                Violation(
                    "reservationContainerReference is not set, so the app cannot be told which reservation to show; use the booking number (or, for a single item, its itemReference)",
                    at: interaction.intent.payloadPointer, restingOn: [interaction.intent.payloadPointer.appending("reservationContainerReference")])
            ]
        }
        guard container.identity.allSatisfy(\.isWhitespace) else { return [] }
        return [
            Violation(
                "reservationContainerReference is empty, so the app cannot be told which reservation to show; set its vocabularyIdentifier to the booking number (or, for a single item, to its itemReference) and its spokenPhrase to how the user names the reservation",
                at: interaction.intent.payloadPointer.appending("reservationContainerReference"))
        ]
    }
}

/// `reservationItemReferences` is the system's to fill.
struct ReservationItemReferencesUnsetRule: Rule {
    static let description = RuleDescription(
        id: "reservation_item_references_unset",
        name: "Reservation Donation Leaves Item References Unset",
        category: .reservation,
        defaultSeverity: .error,
        summary: "An INGetReservationDetailsIntent donation must leave reservationItemReferences nil.",
        rationale: """
            WWDC 2019 session 243 sets reservationItemReferences to nil in every donation: it is "only \
            used when launching your app". The system fills it at launch: nil to show the whole \
            reservation, or the one itemReference of the item the user chose. Apple documents no \
            meaning for a value in a donation; the items belong in the response. An empty array is \
            not nil either.
            """,
        sources: [wwdc19, intentHeader],
        passing: [
            RuleExample(Example.interaction(Example.flight())),
            RuleExample(Example.interaction(Example.flight(), itemReferences: "null")),
        ],
        failing: [
            RuleExample(
                Example.interaction(Example.flight(), itemReferences: #"[{"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "B9C8-XX815"}]"#),
                at: ["/interaction/intent/INGetReservationDetailsIntent/reservationItemReferences"]),
            RuleExample(
                Example.interaction(Example.flight(), itemReferences: "[]"),
                at: ["/interaction/intent/INGetReservationDetailsIntent/reservationItemReferences"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard case .getReservationDetails(let intent) = interaction.intent.kind, let references = intent.reservationItemReferences else { return [] }
        let what = references.isEmpty ? "is an empty array" : "is set"
        return [
            Violation(
                "reservationItemReferences \(what); leave it nil in a donation: the system fills it when it launches the app",
                at: interaction.intent.payloadPointer.appending("reservationItemReferences"))
        ]
    }
}

/// The response carries the reservations.
struct ReservationResponseRule: Rule {
    static let description = RuleDescription(
        id: "reservation_response",
        name: "Reservation Donation Has Reservations",
        category: .reservation,
        defaultSeverity: .error,
        summary: "The interaction of an INGetReservationDetailsIntent must have a response with at least one reservation.",
        rationale: """
            The reservation details travel in the response: the app donates INInteraction(intent:response:) \
            whose INGetReservationDetailsIntentResponse lists the INReservation objects the user viewed \
            (WWDC 2019 session 243, Donating Reservations). The intent alone only names a reservation; \
            without a response, or with an empty reservations array, Siri has nothing to put in Calendar \
            or suggest.
            """,
        sources: [wwdc19, donatingReservations, intentHeader],
        passing: [
            RuleExample(Example.interaction(Example.flight())),
            // A response the code computes at run time, as proctor scan writes it: not judged.
            RuleExample(
                #"{"interaction": {"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "B9C8"}}}, "proctor": {"computed": {"/interaction/response": "makeResponse(for: booking) is computed at run time"}}}"#
            ),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "B9C8"}}}}"#, at: ["/interaction"]),
            RuleExample(
                #"{"interaction": {"intent": {"INGetReservationDetailsIntent": {"reservationContainerReference": "B9C8"}}, "response": {"code": "success"}}}"#,
                at: ["/interaction/response"]),
            RuleExample(Example.interaction(), at: ["/interaction/response/reservations"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard case .getReservationDetails = interaction.intent.kind else { return [] }
        guard let response = interaction.response else {
            return [
                Violation(
                    "the interaction has no response, so it carries no reservation for Siri to learn", at: interaction.pointer,
                    restingOn: [interaction.pointer("response")])
            ]
        }
        guard let reservations = response.reservations else {
            return [
                Violation(
                    "the response has no reservations, so Siri learns nothing from the donation", at: response.pointer,
                    restingOn: [response.pointer.appending("reservations")])
            ]
        }
        guard reservations.isEmpty else { return [] }
        // Its elements computed at run time ("-", the element past the last), it is not empty.
        return [
            Violation(
                "the response's reservations array is empty, so Siri learns nothing from the donation",
                at: response.pointer.appending("reservations"),
                restingOn: [response.pointer.appending("reservations").appending("-")])
        ]
    }
}

// MARK: - Item references

/// Every item of a donation has its own `itemReference`.
struct ReservationItemReferenceUniqueRule: Rule {
    static let description = RuleDescription(
        id: "reservation_item_reference_unique",
        name: "Reservation Items Have Their Own References",
        category: .reservation,
        defaultSeverity: .error,
        summary: "Every reservation of a donation must have a non-empty itemReference that no other reservation of the donation has.",
        rationale: """
            The itemReference is how the system tells the app which item to show: launched for one \
            item, the app receives that item's itemReference, and it "must be unique for every \
            reservation item" (WWDC 2019 session 243). The items of a round trip share their \
            reservationNumber, so the number alone cannot be the reference; the session combines it with \
            the flight number. Proctor compares references by their vocabularyIdentifier, or by the \
            spoken phrase when there is none.
            """,
        sources: [wwdc19],
        passing: [
            RuleExample(
                Example.interaction(
                    Example.flight(),
                    Example.flight(
                        reference: #"{"spokenPhrase": "Flight XX816", "vocabularyIdentifier": "B9C8-XX816"}"#, flightNumber: "816",
                        duration: Example.range(Example.time("2026-06-09 12:40", "Europe/Paris"), Example.time("2026-06-09 14:55")),
                        from: Example.cdg, to: Example.sfo)))
        ],
        failing: [
            RuleExample(
                Example.interaction(
                    Example.flight(reference: #"{"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "B9C8"}"#),
                    Example.flight(
                        reference: #"{"spokenPhrase": "Flight XX816", "vocabularyIdentifier": "B9C8"}"#, flightNumber: "816",
                        duration: Example.range(Example.time("2026-06-09 12:40", "Europe/Paris"), Example.time("2026-06-09 14:55")),
                        from: Example.cdg, to: Example.sfo)),
                at: ["/interaction/response/reservations/1/INFlightReservation/itemReference"]),
            RuleExample(
                Example.interaction(Example.flight(reference: #"{"spokenPhrase": "", "vocabularyIdentifier": ""}"#)),
                at: ["/interaction/response/reservations/0/INFlightReservation/itemReference"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        var first: [String: Int] = [:]
        var violations: [Violation] = []
        for (index, reservation) in interaction.reservations.enumerated() {
            let identity = reservation.itemReference.identity
            if identity.allSatisfy(\.isWhitespace) {
                violations.append(
                    Violation(
                        "itemReference is empty, so the app cannot be told which item to show", at: reservation.pointer("itemReference"),
                        restingOn: [Self.identityPointer(of: reservation)]))
            } else if let earlier = first[identity] {
                // Two identities computed at run time are two unknowns, not one value.
                violations.append(
                    Violation(
                        "itemReference '\(identity)' is also the itemReference of reservations/\(earlier); each item needs its own, or the app cannot tell which one to show (items sharing a reservationNumber can combine it with what tells them apart)",
                        at: reservation.pointer("itemReference"),
                        restingOn: [Self.identityPointer(of: reservation), Self.identityPointer(of: interaction.reservations[earlier])]))
            } else {
                first[identity] = index
            }
        }
        return violations
    }
    /// Where the value identifying the reservation's item is: its vocabulary identifier when it
    /// has one, else its phrase (``SpeakableString/identity``).
    static func identityPointer(of reservation: Reservation) -> JSONPointer {
        reservation.pointer("itemReference").appending(
            reservation.itemReference.vocabularyIdentifier == nil ? "spokenPhrase" : "vocabularyIdentifier")
    }
}

/// A reservation item keeps its `itemReference` from one donation to the next.
struct ReservationItemReferenceStableRule: Rule {
    static let description = RuleDescription(
        id: "reservation_item_reference_stable",
        name: "Reservation Item Reference Stays The Same",
        category: .reservation,
        defaultSeverity: .error,
        summary:
            "A reservation item must keep the same itemReference in every donation of it: across the files of a lint run, and across the donations of a scenario.",
        rationale: """
            An app donates a reservation again whenever it changes: a seat is assigned, the status \
            becomes canceled. WWDC 2019 session 243 is explicit that "the item reference must remain \
            the same throughout the reservation life cycle", through modifications and cancellations \
            alike. Proctor takes two reservations to be the same item when they have \
            the same class, reservationNumber, booked thing (airline and flight number, trip, venue, car \
            company or event) and start time (a model assumption, see docs/system-model.md); it reports \
            a later donation whose itemReference is not one the item was donated with before, in input \
            order (files sorted by path, then donations in file order; in a scenario, step order). Every \
            earlier donation counts, a cancellation included, and in a scenario a donation deleted since \
            too: lint and the scenario model judge alike. Items of one donation are not compared with \
            each other: reservation_item_reference_unique judges them. Reservations without a \
            reservationNumber are not compared.
            """,
        sources: [wwdc19, "Proctor assumption: what identifies a reservation item across donations (Reservation.itemIdentity)"],
        passing: [
            RuleExample(
                "[" + Example.interaction(Example.flight()) + ", "
                    + Example.interaction(
                        Example.flight(base: #""reservationStatus": "confirmed", "#, seat: #"{"seatNumber": "12", "seatRow": "A"}"#)) + "]")
        ],
        failing: [
            RuleExample(
                "[" + Example.interaction(Example.flight()) + ", "
                    + Example.interaction(
                        Example.flight(
                            reference: #"{"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "B9C8-XX815-12A"}"#,
                            seat: #"{"seatNumber": "12", "seatRow": "A"}"#))
                    + "]",
                at: ["/1/interaction/response/reservations/0/INFlightReservation/itemReference"]),
            RuleExample(
                "[" + Example.interaction(Example.flight()) + ", "
                    + Example.interaction(Example.flight(base: #""reservationStatus": "canceled", "#)) + ", "
                    + Example.interaction(Example.flight(reference: #"{"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "B9C8-XX815-2"}"#))
                    + "]",
                at: ["/2/interaction/response/reservations/0/INFlightReservation/itemReference"]),
        ])

    func check(_ change: ItemReferenceChange, in context: RuleContext) -> [Violation] {
        let earlier =
            switch change.earlier {
            case .location(let location): location.compilerStyle
            case .step(let step): "step \(step)"
            }
        // Only the model knows what Siri makes of the new reference.
        let consequence = change.consequence.map { ", \($0)" } ?? ""
        return [
            Violation(
                "this reservation item (\(Self.describe(change.itemIdentity))) was donated with itemReference '\(change.earlierReference)' at \(earlier), now with '\(change.reference)'; the item reference must stay the same for the reservation's whole life cycle\(consequence)",
                at: change.place)
        ]
    }

    /// `INFlightReservation B9C8, XX815, from 2026-06-02T21:50:00Z` from an item identity.
    static func describe(_ identity: String) -> String {
        let parts = identity.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else { return identity }
        var text = "\(parts[0]) \(parts[1])"
        if !parts[2].isEmpty { text += ", \(parts[2])" }
        if !parts[3].isEmpty { text += ", from \(parts[3])" }
        return text
    }
}

// MARK: - Reservation properties

/// `reservationStatus` names a case of `INReservationStatus`.
struct ReservationStatusKnownRule: Rule {
    static let description = RuleDescription(
        id: "reservation_status_known",
        name: "Reservation Status Is Known",
        category: .reservation,
        defaultSeverity: .error,
        summary: "reservationStatus must be a case of INReservationStatus: unknown, canceled, pending, hold or confirmed.",
        rationale: """
            INReservationStatus has five cases (unknown, canceled, pending, hold, confirmed); payloads \
            write them by their Swift names. Any other value cannot be set on a reservation, and a \
            cancellation, which is donated as an update with the status canceled (WWDC 2019 session \
            243), is lost if its status is misspelt ('cancelled' is the usual slip).
            """,
        sources: ["Apple, Intents headers, INReservationStatus.h", wwdc19],
        passing: [RuleExample(Example.interaction(Example.flight(base: #""reservationStatus": "canceled", "#)))],
        failing: [
            RuleExample(
                Example.interaction(Example.flight(base: #""reservationStatus": "cancelled", "#)),
                at: ["/interaction/response/reservations/0/INFlightReservation/reservationStatus"]),
            RuleExample(
                Example.interaction(Example.flight(base: #""reservationStatus": "ticketed", "#)),
                at: ["/interaction/response/reservations/0/INFlightReservation/reservationStatus"]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        guard let status = reservation.reservationStatus, ReservationStatus(rawValue: status) == nil else { return [] }
        let names = ReservationStatus.allCases.map(\.rawValue)
        return [
            Violation(
                "reservationStatus '\(status)' is not a case of INReservationStatus (\(names.joined(separator: ", ")))\(Suggestion.phrase(for: status, among: names))",
                at: reservation.pointer("reservationStatus"))
        ]
    }
}

/// The names Siri builds titles from are given as they are, with no label added for display.
struct ReservationValueDecoratedRule: Rule {
    /// Labels an app adds for display that Siri adds itself, in its own words and language.
    static let labels = [
        "reservation", "booking", "hotel", "lodging", "stay", "restaurant", "dinner", "lunch", "breakfast", "table",
        "flight", "train", "bus", "boat", "ferry", "rental car", "car rental", "rental", "event", "movie", "ticket", "concert",
    ]

    static let description = RuleDescription(
        id: "reservation_value_decorated",
        name: "Reservation Values Are Given As They Are",
        category: .reservation,
        defaultSeverity: .warning,
        summary:
            "The names Siri builds an event's title from (a hotel, a restaurant, an event, a rental company, a trip's provider and stations) should carry no label such as 'Hotel:' or '(Dinner)'.",
        rationale: """
            Siri writes the Calendar event's title itself from the reservation's details and puts a \
            localized reservation type in front of it; WWDC 2019 session 243 asks apps to "provide all \
            details as is, and do not prepend or append anything for display purposes". A lodging \
            named "Hotel: Hôtel Jacob" becomes an event titled with the type twice, in two languages \
            for a user who does not read the app's. Proctor reports a name that starts with a \
            reservation word followed by ':', '-', '–', '—' or '|' ("Hotel: …", "Dinner - …"), or ends \
            with one in parentheses or after such a separator ("… (Dinner)", "… | Booking"). The words \
            are English (a heuristic): reservation, booking, hotel, lodging, stay, restaurant, dinner, \
            lunch, breakfast, table, flight, train, bus, boat, ferry, rental car, car rental, rental, \
            event, movie, ticket, concert.
            """,
        sources: [wwdc19 + ": \"do not prepend or append anything for display purposes\" (seed 004) [H]"],
        passing: [
            RuleExample(Example.interaction(Example.lodging())),
            RuleExample(Example.interaction(Example.restaurant())),
        ],
        failing: [
            RuleExample(
                Example.interaction(
                    Example.lodging(
                        location: Example.hotel.replacingOccurrences(of: #""name": "Hôtel Jacob""#, with: #""name": "Lodging: Hôtel Jacob""#))),
                at: ["/interaction/response/reservations/0/INLodgingReservation/lodgingBusinessLocation/name"]),
            RuleExample(
                Example.interaction(
                    Example.restaurant(
                        location:
                            #"{"name": "Chez Example (Dinner)", "postalAddress": {"street": "4 Rue de Buci", "city": "Paris", "postalCode": "75006", "country": "France"}}"#
                    )),
                at: ["/interaction/response/reservations/0/INRestaurantReservation/restaurantLocation/name"]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        var named: [(String?, JSONPointer)] = []
        let payload = reservation.payloadPointer
        func place(_ placemark: Placemark?) { if let placemark { named.append((placemark.name, placemark.pointer.appending("name"))) } }
        switch reservation.details {
        case .flight:
            break  // identified by codes (flight_identification), which carry no label
        case .lodging(let lodging): place(lodging.lodgingBusinessLocation)
        case .restaurant(let restaurant): place(restaurant.restaurantLocation)
        case .rentalCar(let car): named.append((car.rentalCar?.rentalCompanyName, payload.appending("rentalCar").appending("rentalCompanyName")))
        case .ticketedEvent(let event):
            named.append((event.event.name, payload.appending("event").appending("name")))
            place(event.event.location)
        case .train(let booking), .bus(let booking), .boat(let booking):
            guard let trip = booking.trip else { break }
            named.append((trip.provider, trip.pointer.appending("provider")))
            named.append((trip.name, trip.pointer.appending(String(booking.objectKey.dropLast("Trip".count)) + "Name")))
            place(trip.departureLocation)
            place(trip.arrivalLocation)
        }
        return named.compactMap { value, pointer in
            guard let value, let label = Self.decoration(in: value) else { return nil }
            return Violation(
                "'\(value)' carries the label '\(label)'; Siri adds the reservation type to the event's title itself, so give the name as it is",
                at: pointer)
        }
    }

    /// The label a name is decorated with: a reservation word before a separator at the start,
    /// or in parentheses or after a separator at the end.
    static func decoration(in value: String) -> String? {
        let text = value.trimmingCharacters(in: .whitespaces)
        let lowered = text.lowercased()
        let separators: [Character] = [":", "-", "–", "—", "|"]
        for label in labels {
            // "Hotel: …", "Dinner - …" (a space after the separator: "Bus-Station Nord" is a name)
            if lowered.hasPrefix(label) {
                let rest = lowered.dropFirst(label.count).drop(while: { $0 == " " })
                if let first = rest.first, separators.contains(first), rest.dropFirst().first == " " { return String(text.prefix(label.count)) }
            }
            // "… (Dinner)"
            if lowered.hasSuffix("(" + label + ")") { return String(text.suffix(label.count + 2)) }
            // "… | Booking", "… - Reservation"
            if lowered.hasSuffix(label) {
                let before = lowered.dropLast(label.count)
                let trimmed = before.reversed().drop(while: { $0 == " " })
                if let separator = trimmed.first, separators.contains(separator), before.hasSuffix(" "), trimmed.count > 1 {
                    return String(text.suffix(label.count))
                }
            }
        }
        return nil
    }
}

/// Airlines and airports carry IATA or ICAO codes; the flight number is the number alone.
struct FlightIdentificationRule: Rule {
    static let description = RuleDescription(
        id: "flight_identification",
        name: "Flight Is Identified By Its Codes",
        category: .reservation,
        defaultSeverity: .error,
        summary:
            "A flight's airline and airports must each have a well-formed IATA or ICAO code, and its flightNumber must be the number without the airline's code.",
        rationale: """
            Siri identifies airlines and airports "using either an IATA or ICAO code", and locates the \
            airports by their code (WWDC 2019 session 243): a name alone identifies nothing. Apple \
            documents the airline's IATA code as two characters and its ICAO code as three letters, an \
            airport's IATA code as three letters and its ICAO code as four; codes are upper case, and \
            airline IATA designators may contain a digit (U2, 5X). INFlight.flightNumber does not \
            include the airline's IATA or ICAO code, so 'AF83' is written as airline AF, flight number 83.
            """,
        sources: [wwdc19, "Apple, INAirline (iataCode, icaoCode) and INAirport.init(name:iataCode:icaoCode:)", "Apple, INFlight.flightNumber"],
        passing: [
            RuleExample(Example.interaction(Example.flight())),
            RuleExample(
                Example.interaction(
                    Example.flight(
                        airline: #"{"name": "Example Air", "icaoCode": "EXA"}"#, from: #"{"name": "San Francisco International", "icaoCode": "KSFO"}"#
                    ))),
        ],
        failing: [
            RuleExample(
                Example.interaction(
                    Example.flight(airline: #"{"name": "Example Air", "iataCode": "xx"}"#, from: #"{"name": "San Francisco International"}"#)),
                at: [
                    "/interaction/response/reservations/0/INFlightReservation/flight/airline/iataCode",
                    "/interaction/response/reservations/0/INFlightReservation/flight/departureAirportGate/airport",
                ]),
            RuleExample(
                Example.interaction(Example.flight(airline: #"{"name": "Example Air", "iataCode": "EXA"}"#, to: #"{"iataCode": "LFPG"}"#)),
                at: [
                    "/interaction/response/reservations/0/INFlightReservation/flight/airline/iataCode",
                    "/interaction/response/reservations/0/INFlightReservation/flight/arrivalAirportGate/airport/iataCode",
                ]),
            RuleExample(
                Example.interaction(Example.flight(flightNumber: "XX 815")),
                at: ["/interaction/response/reservations/0/INFlightReservation/flight/flightNumber"]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        guard case .flight(let booking) = reservation.details else { return [] }
        let flight = booking.flight
        var violations: [Violation] = []
        if let airline = flight.airline {
            check(
                "airline", airline.pointer, iata: airline.iataCode, iataLength: 2, iataDigits: true, icao: airline.icaoCode, icaoLength: 3,
                icaoDigits: false, into: &violations)
        }
        for (side, gate) in [("departure", flight.departureAirportGate), ("arrival", flight.arrivalAirportGate)] {
            guard let airport = gate?.airport else { continue }
            check(
                "\(side) airport", airport.pointer, iata: airport.iataCode, iataLength: 3, iataDigits: false, icao: airport.icaoCode, icaoLength: 4,
                icaoDigits: true, into: &violations)
        }
        if let number = flight.flightNumber {
            let trimmed = number.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                violations.append(
                    Violation(
                        "flightNumber is empty; set it to the flight's number without the airline code, such as '815' for flight XX815",
                        at: flight.pointer.appending("flightNumber")))
            } else if let code = Self.repeatedCode(in: trimmed, airline: flight.airline) {
                let rest = trimmed.dropFirst(code.count).trimmingCharacters(in: .whitespaces)
                violations.append(
                    Violation(
                        "flightNumber '\(number)' repeats the airline code '\(code)'; INFlight.flightNumber is the number alone: write '\(rest)'",
                        at: flight.pointer.appending("flightNumber")))
            }
        }
        return violations
    }

    private func check(
        _ what: String, _ pointer: JSONPointer, iata: String?, iataLength: Int, iataDigits: Bool, icao: String?, icaoLength: Int, icaoDigits: Bool,
        into violations: inout [Violation]
    ) {
        guard iata != nil || icao != nil else {
            violations.append(Violation("\(what) has neither an iataCode nor an icaoCode, and Siri identifies it only by one of them", at: pointer))
            return
        }
        if let iata, let problem = Self.problem(iata, length: iataLength, digits: iataDigits, other: icaoLength, otherKey: "icaoCode") {
            violations.append(Violation("\(what) iataCode '\(iata)' \(problem)", at: pointer.appending("iataCode")))
        }
        if let icao, let problem = Self.problem(icao, length: icaoLength, digits: icaoDigits, other: iataLength, otherKey: "iataCode") {
            violations.append(Violation("\(what) icaoCode '\(icao)' \(problem)", at: pointer.appending("icaoCode")))
        }
    }

    /// What is wrong with a code, or nil.
    static func problem(_ code: String, length: Int, digits: Bool, other: Int, otherKey: String) -> String? {
        if isCode(code, length: length, digits: digits) { return nil }
        if isCode(code.uppercased(), length: length, digits: digits) { return "is not upper case; write '\(code.uppercased())'" }
        let shape = "\(length) \(digits ? "letters or digits" : "letters")"
        if isCode(code.uppercased(), length: other, digits: true) { return "is not \(shape); is it the \(otherKey)?" }
        return "is not \(shape)"
    }

    static func isCode(_ code: String, length: Int, digits: Bool) -> Bool {
        code.utf8.count == length
            && code.utf8.allSatisfy {
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (digits && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0))
            }
    }

    /// The airline code a flight number starts with, when what follows is a number.
    static func repeatedCode(in number: String, airline: Airline?) -> String? {
        for code in [airline?.iataCode, airline?.icaoCode].compactMap({ $0 }) where !code.isEmpty {
            guard number.uppercased().hasPrefix(code.uppercased()) else { continue }
            let rest = number.dropFirst(code.count).drop { $0 == " " || $0 == "-" }
            if let first = rest.first, first.isASCII, first.isNumber { return String(number.prefix(code.count)) }
        }
        return nil
    }
}

// MARK: - Dates

/// Every date range of a reservation names its time zone.
struct DateRangeTimeZoneRule: Rule {
    static let description = RuleDescription(
        id: "date_range_time_zone",
        name: "Reservation Times Have A Time Zone",
        category: .reservation,
        defaultSeverity: .warning,
        summary: "The start and end of every date range of a reservation should set timeZone.",
        rationale: """
            Calendar shows a reservation's start and end both in the user's current time zone and in \
            the reservation's own, so WWDC 2019 session 243 asks apps to set the local time zone on the \
            DateComponents (the departure and arrival airports' zones for a flight), or UTC when the app \
            does not know it. DateComponents without a time zone do not name an instant: the same \
            components mean different times on devices in different zones. This applies to the \
            reservation's duration, a flight's boardingTime and every action's validDuration.
            """,
        sources: [wwdc19],
        passing: [
            RuleExample(Example.interaction(Example.flight())),
            RuleExample(Example.interaction(Example.restaurant(duration: Example.range(Example.time("2026-06-04 20:00", "UTC"), nil)))),
        ],
        failing: [
            RuleExample(
                Example.interaction(
                    Example.flight(duration: Example.range(Example.time("2026-06-02 14:50", nil), Example.time("2026-06-03 10:15", nil)))),
                at: [
                    "/interaction/response/reservations/0/INFlightReservation/flight/flightDuration/start",
                    "/interaction/response/reservations/0/INFlightReservation/flight/flightDuration/end",
                ]),
            RuleExample(
                Example.interaction(Example.flight(actions: Example.checkIn(opens: Example.time("2026-06-01 14:50", nil)))),
                at: ["/interaction/response/reservations/0/INFlightReservation/actions/0/validDuration/start"]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for range in reservation.dateRanges {
            for (side, value) in [("start", range.start), ("end", range.end)] {
                guard let value, value.timeZone == nil else { continue }
                violations.append(
                    Violation(
                        "\(range.name).\(side) has no timeZone; set the reservation's local time zone (or 'UTC' when the app does not know it)",
                        at: value.pointer, restingOn: [value.pointer.appending("timeZone")]))
            }
        }
        return violations
    }
}

/// Every date range ends at or after its start.
struct DateRangeOrderRule: Rule {
    static let description = RuleDescription(
        id: "date_range_order",
        name: "Reservation Times Are In Order",
        category: .reservation,
        defaultSeverity: .warning,
        summary: "Every date range of a reservation should end at or after its start.",
        rationale: """
            A range that ends before it starts describes no time at all: usually an arrival whose date \
            was not advanced past midnight, or a time zone applied to the wrong end. INDateComponentsRange \
            accepts it, and Apple does not document what Siri does with one (Proctor found no source, \
            hence a warning). Each end is read in its own time zone, so a flight that lands \"before\" it \
            took off by the clock on the wall is in order; a range with a time zone at one end only is \
            left to date_range_time_zone, since its order depends on the zone of the device.
            """,
        sources: ["Apple, INDateComponentsRange", "Proctor assumption: Apple does not document that the system rejects such a range"],
        passing: [
            RuleExample(Example.interaction(Example.flight())),
            RuleExample(
                Example.interaction(
                    Example.flight(
                        duration: Example.range(Example.time("2026-06-02 21:00", "Asia/Tokyo"), Example.time("2026-06-02 09:30", "Pacific/Honolulu")),
                        from: #"{"name": "Tokyo Haneda", "iataCode": "HND"}"#, to: #"{"name": "Daniel K. Inouye International", "iataCode": "HNL"}"#))
            ),
        ],
        failing: [
            RuleExample(
                Example.interaction(
                    Example.flight(duration: Example.range(Example.time("2026-06-02 14:50"), Example.time("2026-06-02 10:15", "Europe/Paris")))),
                at: ["/interaction/response/reservations/0/INFlightReservation/flight/flightDuration/end"])
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        reservation.dateRanges.compactMap { range in
            // With a time zone at one end only, the order depends on the device's zone: that is
            // date_range_time_zone's finding.
            guard let start = range.start, let startDate = start.date, let end = range.end, let endDate = end.date,
                (start.timeZone == nil) == (end.timeZone == nil), endDate < startDate
            else { return nil }
            return Violation(
                "\(range.name) ends at \(DateFormat.format(endDate)), before it starts at \(DateFormat.format(startDate))", at: end.pointer)
        }
    }
}

// MARK: - Check-in

/// A check-in action opens and closes in time.
struct CheckInActionRule: Rule {
    static let description = RuleDescription(
        id: "check_in_action",
        name: "Check-In Action Has A Valid Window",
        category: .reservation,
        defaultSeverity: .error,
        summary:
            "A checkIn action's validDuration must have a start and an end, each a full date, and close no later than departure (for transport) or the end of the reservation.",
        rationale: """
            For a checkIn action, validDuration gives "the earliest and latest times that the user can \
            check in"; the check-in shortcut is offered on the Lock Screen and in search during that \
            window only (WWDC 2019 session 243, whose example opens 24 hours before departure and closes \
            one hour before). A window without a start or an end, or whose ends name no day, gives the \
            system no such times. For a flight, train, bus or boat, check-in cannot close after \
            departure (the start of the reservation's duration). For a hotel, a rental car, a restaurant \
            or an event, Apple documents the start of the reservation as the earliest time the user can \
            check in, so the window may run past it; Proctor only asks that it close by the end of the \
            reservation. When only one of the two times has a time zone, their order depends on the \
            device's zone, and date_range_time_zone reports it instead.
            """,
        sources: [wwdc19, donatingReservations, "Apple, INReservationActionType.checkIn", "Apple, INLodgingReservation.reservationDuration"],
        passing: [
            RuleExample(Example.interaction(Example.flight(actions: Example.checkIn()))),
            RuleExample(
                Example.interaction(
                    Example.lodging(
                        actions: Example.checkIn(
                            opens: Example.time("2026-06-02 15:00", "Europe/Paris"), closes: Example.time("2026-06-03 23:00", "Europe/Paris"))))),
        ],
        failing: [
            RuleExample(
                Example.interaction(Example.flight(actions: Example.checkIn(closes: Example.time("2026-06-02 15:20")))),
                at: ["/interaction/response/reservations/0/INFlightReservation/actions/0/validDuration/end"]),
            RuleExample(
                Example.interaction(
                    Example.flight(actions: Example.checkIn(opens: nil, closes: #"{"hour": 13, "minute": 50, "timeZone": "America/Los_Angeles"}"#))),
                at: [
                    "/interaction/response/reservations/0/INFlightReservation/actions/0/validDuration",
                    "/interaction/response/reservations/0/INFlightReservation/actions/0/validDuration/end",
                ]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for action in reservation.actions ?? [] where action.type == .checkIn {
            guard let window = action.validDuration else { continue }
            for (side, value) in [("start", window.start), ("end", window.end)] {
                guard let value else {
                    let when = side == "start" ? "opens" : "closes"
                    violations.append(
                        Violation(
                            "the check-in action's validDuration has no \(side), so the system does not know when check-in \(when)",
                            at: window.pointer,
                            restingOn: [window.pointer.appending(side)]))
                    continue
                }
                if value.date == nil {
                    violations.append(
                        Violation(
                            "the check-in action's validDuration.\(side) names no day; give year, month and day", at: value.pointer,
                            restingOn: ["year", "month", "day"].map(value.pointer.appending)))
                }
            }
            // With a time zone on one side only, the comparison depends on the device's zone.
            guard let end = window.end, let closes = end.date, let limit = Self.latestClose(of: reservation),
                (end.timeZone == nil) == (limit.value.timeZone == nil), let limitDate = limit.value.date, closes > limitDate
            else { continue }
            violations.append(
                Violation(
                    "check-in closes at \(DateFormat.format(closes)), after \(limit.what) at \(DateFormat.format(limitDate)); close it at or before \(limit.what)",
                    at: end.pointer))
        }
        return violations
    }

    /// Departure for transport; the end of the reservation otherwise.
    static func latestClose(of reservation: Reservation) -> (value: DateComponentsValue, what: String)? {
        guard let range = reservation.duration?.range else { return nil }
        switch reservation.details {
        case .flight, .train, .bus, .boat:
            return range.start.map { ($0, "departure") }
        case .lodging:
            return range.end.map { ($0, "check-out") }
        case .rentalCar:
            return range.end.map { ($0, "the end of the rental") }
        case .restaurant, .ticketedEvent:
            return range.end.map { ($0, "the end of the reservation") }
        }
    }
}

/// A check-in action's activity can be shown and opened anywhere.
struct CheckInActivityRule: Rule {
    static let description = RuleDescription(
        id: "check_in_activity",
        name: "Check-In Activity Is Complete",
        category: .reservation,
        defaultSeverity: .warning,
        summary: "A checkIn action's userActivity should have a title, a webpageURL and requiredUserInfoKeys.",
        rationale: """
            The check-in shortcut shows the activity's title, so WWDC 2019 session 243 asks for a short, \
            descriptive one ("Check-In for Flight XX815"). Reservations sync to the user's other devices, \
            and on one without the app the shortcut opens the activity's webpageURL in Safari for web \
            check-in. The session puts what the app needs to start check-in in userInfo and lists those \
            keys in requiredUserInfoKeys. Apple words these as guidance, hence a warning. Where an \
            activity rule already covers a point (activity_title_required and \
            required_user_info_keys_unset for an activity eligible for search or prediction), this rule \
            leaves it to that rule.
            """,
        sources: [wwdc19, donatingReservations],
        passing: [RuleExample(Example.interaction(Example.flight(actions: Example.checkIn())))],
        failing: [
            RuleExample(
                Example.interaction(
                    Example.flight(
                        actions: Example.checkIn(
                            activity: #"{"activityType": "com.example.myflights.check-in", "userInfo": {"reservationNumber": "B9C8"}}"#))),
                at: [
                    "/interaction/response/reservations/0/INFlightReservation/actions/0/userActivity",
                    "/interaction/response/reservations/0/INFlightReservation/actions/0/userActivity",
                    "/interaction/response/reservations/0/INFlightReservation/actions/0/userActivity",
                ]),
            RuleExample(
                Example.interaction(
                    Example.flight(
                        actions: Example.checkIn(
                            activity:
                                #"{"activityType": "com.example.myflights.check-in", "title": " ", "userInfo": {"reservationNumber": "B9C8"}, "requiredUserInfoKeys": [], "webpageURL": "https://example.com/check-in/B9C8"}"#
                        ))),
                at: [
                    "/interaction/response/reservations/0/INFlightReservation/actions/0/userActivity/title",
                    "/interaction/response/reservations/0/INFlightReservation/actions/0/userActivity/requiredUserInfoKeys",
                ]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for action in reservation.actions ?? [] where action.type == .checkIn {
            guard let activity = action.userActivity else { continue }
            // An activity eligible for search or prediction already gets activity_title_required
            // and required_user_info_keys_unset.
            if !activity.isIndexed {
                if let title = activity.title {
                    if title.allSatisfy(\.isWhitespace) {
                        violations.append(
                            Violation(
                                "the check-in activity's title is blank; the check-in shortcut shows it", at: activity.pointer("title"),
                                restingOn: [activity.pointer("title")]))
                    }
                } else {
                    violations.append(
                        Violation(
                            "the check-in activity has no title for the check-in shortcut to show", at: activity.pointer,
                            restingOn: [activity.pointer("title")]))
                }
            }
            if activity.webpageURL == nil {
                violations.append(
                    Violation(
                        "the check-in activity has no webpageURL, so on a device without the app (reservations sync to all of the user's devices) the check-in shortcut cannot open web check-in",
                        at: activity.pointer, restingOn: [activity.pointer("webpageURL")]))
            }
            let coveredByActivityRule = activity.isIndexed && !(activity.userInfo ?? []).isEmpty
            if !coveredByActivityRule, (activity.requiredUserInfoKeys ?? []).isEmpty {
                let pointer = activity.requiredUserInfoKeys == nil ? activity.pointer : activity.pointer("requiredUserInfoKeys")
                violations.append(
                    Violation(
                        "the check-in activity names no requiredUserInfoKeys, the userInfo keys the app needs to start check-in", at: pointer,
                        restingOn: [activity.pointer("requiredUserInfoKeys")]))
            }
        }
        return violations
    }
}

// MARK: - Places

/// Every place of a reservation can be found on a map.
struct PlacemarkLocationRule: Rule {
    static let description = RuleDescription(
        id: "placemark_location",
        name: "Reservation Places Can Be Located",
        category: .reservation,
        defaultSeverity: .error,
        summary:
            "Every CLPlacemark of a reservation must have coordinates or a postal address, coordinates within range, and a postal address when its coordinates are 0,0.",
        rationale: """
            Location drives the time-to-leave notification and the Maps integration (WWDC 2019 session \
            243). The session asks for both the coordinates and the postal address when the app has \
            them, and for coordinates of 0,0 when it does not know them, which tells Siri to use only \
            the postal address: a placemark with neither, or with 0,0 and no address, cannot be located. \
            Latitude lies within -90...90 and longitude within -180...180. Airports are located by their \
            codes (flight_identification).
            """,
        sources: [wwdc19, "Apple, CLLocationCoordinate2D"],
        passing: [
            RuleExample(Example.interaction(Example.lodging())),
            RuleExample(
                Example.interaction(
                    Example.lodging(
                        location:
                            #"{"name": "Hôtel Jacob", "location": {"latitude": 0, "longitude": 0}, "postalAddress": {"street": "12 Rue Jacob", "city": "Paris", "postalCode": "75006", "country": "France"}}"#
                    ))),
        ],
        failing: [
            RuleExample(
                Example.interaction(Example.lodging(location: #"{"name": "Hôtel Jacob", "location": {"latitude": 0, "longitude": 0}}"#)),
                at: ["/interaction/response/reservations/0/INLodgingReservation/lodgingBusinessLocation/location"]),
            RuleExample(
                Example.interaction(Example.restaurant(location: #"{"name": "Chez Example"}"#)),
                at: ["/interaction/response/reservations/0/INRestaurantReservation/restaurantLocation"]),
            RuleExample(
                Example.interaction(Example.lodging(location: #"{"name": "Hôtel Jacob", "location": {"latitude": 2.3338, "longitude": 248.8534}}"#)),
                at: ["/interaction/response/reservations/0/INLodgingReservation/lodgingBusinessLocation/location/longitude"]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for placemark in reservation.placemarks {
            let name = placemark.pointer.tokens.last ?? "placemark"
            if !placemark.hasCoordinates && !placemark.hasPostalAddress {
                violations.append(
                    Violation(
                        "\(name) has neither a location nor a postal address, so Siri cannot place the reservation", at: placemark.pointer,
                        restingOn: [placemark.pointer.appending("location"), placemark.pointer.appending("postalAddress")]))
                continue
            }
            if placemark.coordinatesMeanAddressOnly && !placemark.hasPostalAddress {
                violations.append(
                    Violation(
                        "\(name)'s coordinates are 0,0, which tells Siri to use only the postal address, and it has none",
                        at: placemark.pointer.appending("location"), restingOn: [placemark.pointer.appending("postalAddress")]))
            }
            if let latitude = placemark.latitude, !CoordinateAxis.latitude.contains(latitude) {
                violations.append(
                    Violation(
                        "\(name) latitude \(Self.format(latitude)) is outside -90...90",
                        at: placemark.pointer.appending("location").appending("latitude")))
            }
            if let longitude = placemark.longitude, !CoordinateAxis.longitude.contains(longitude) {
                violations.append(
                    Violation(
                        "\(name) longitude \(Self.format(longitude)) is outside -180...180",
                        at: placemark.pointer.appending("location").appending("longitude")))
            }
        }
        return violations
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

// MARK: - Availability

/// iOS 14 API in an app that supports iOS 13.
struct ReservationRequiresIOS14Rule: Rule {
    static let description = RuleDescription(
        id: "reservation_requires_ios14",
        name: "Reservation Needs iOS 14",
        category: .reservation,
        defaultSeverity: .warning,
        summary:
            "INBusReservation, INBoatReservation and INReservation.url need iOS 14; with a deployment target below 14 they are not donated on iOS 13.",
        rationale: """
            The reservation classes of iOS 13 are flights, lodging, restaurants, rental cars, ticketed \
            events and trains; INBusReservation, INBoatReservation and the url property of every \
            reservation arrived in iOS 14. The compiler makes an app that still supports iOS 13 wrap \
            them in an availability check, so on iOS 13 devices this donation is never made (and the \
            url is left out): worth knowing, and worth a fallback, but not a broken donation, hence a \
            warning. The rule needs the deployment target (MinimumOSVersion in the Info.plist, or \
            --deployment-target) and is skipped without one. (The iOS 13 classes came with \
            INGetReservationDetailsIntent itself, so they are not judged.)
            """,
        sources: ["Apple, Intents Swift interface (iOS 14 SDK): INBusReservation, INBoatReservation, INReservation.url"],
        // Judged for the apps whose deployment target is below iOS 14: the others lose nothing.
        availability: [.iOS(before: 14)],
        passing: [
            RuleExample(Example.interaction(Example.bus()), config: #"{"deploymentTarget": "14.0"}"#),
            RuleExample(
                Example.interaction(Example.flight(base: #""url": "https://example.com/trips/B9C8", "#)), infoPlist: #"{"MinimumOSVersion": "15.0"}"#),
            RuleExample(Example.interaction(Example.bus())),
        ],
        failing: [
            RuleExample(
                Example.interaction(Example.bus()), config: #"{"deploymentTarget": "13.0"}"#,
                at: ["/interaction/response/reservations/0/INBusReservation"]),
            RuleExample(
                Example.interaction(Example.flight(base: #""url": "https://example.com/trips/B9C8", "#)), infoPlist: #"{"MinimumOSVersion": "13.4"}"#,
                at: ["/interaction/response/reservations/0/INFlightReservation/url"]),
        ])

    func check(_ reservation: Reservation, in context: RuleContext) -> [Violation] {
        // The engine runs the rule only below iOS 14 (its availability): every iOS 14 addition
        // the donation holds is lost on some device the app supports.
        guard let target = context.deploymentTarget else { return [] }
        var violations: [Violation] = []
        // The classes of iOS 13 came with INGetReservationDetailsIntent itself, which an app
        // donating reservations needs anyway: only the iOS 14 additions are judged here.
        let introduced = reservation.reservationClass.introducedIn
        if introduced.major >= 14 {
            violations.append(
                Violation(
                    "\(reservation.reservationClass.rawValue) needs iOS \(introduced.major), and the deployment target is \(target): this donation is not made on earlier versions",
                    at: reservation.payloadPointer))
        }
        if reservation.url != nil {
            violations.append(
                Violation(
                    "INReservation.url needs iOS 14, and the deployment target is \(target): it is left out on earlier versions",
                    at: reservation.pointer("url")))
        }
        return violations
    }
}

// MARK: - What the rules walk

extension Reservation {
    /// Every date range of the reservation, with the name messages use: its duration, a
    /// flight's boarding time and every action's valid duration.
    var dateRanges: [(name: String, start: DateComponentsValue?, end: DateComponentsValue?)] {
        var ranges: [DateComponentsRange] = []
        if let duration { ranges.append(duration.range) }
        if case .flight(let flight) = details, let boarding = flight.flight.boardingTime { ranges.append(boarding) }
        for action in actions ?? [] {
            if let window = action.validDuration { ranges.append(window) }
        }
        return ranges.map { ($0.pointer.tokens.last ?? "range", $0.start, $0.end) }
    }

    /// Every place of the reservation (airports are identified by their codes instead).
    var placemarks: [Placemark] {
        switch details {
        case .flight: []
        case .lodging(let lodging): [lodging.lodgingBusinessLocation].compactMap { $0 }
        case .restaurant(let restaurant): [restaurant.restaurantLocation].compactMap { $0 }
        case .rentalCar(let car): [car.pickupLocation, car.dropOffLocation].compactMap { $0 }
        case .ticketedEvent(let event): [event.event.location].compactMap { $0 }
        case .train(let trip), .bus(let trip), .boat(let trip): [trip.trip?.departureLocation, trip.trip?.arrivalLocation].compactMap { $0 }
        }
    }
}

/// Parts of the rule examples, so that each example shows in Swift only what it is about; the
/// pages in docs/rules/ show every example whole.
private enum Example {
    /// DateComponents for a local time written `2026-06-02 14:50`, in `zone` (none when nil).
    static func time(_ local: String, _ zone: String? = "America/Los_Angeles") -> String {
        let parts = local.split { $0 == "-" || $0 == " " || $0 == ":" }.map { String($0) }
        var json =
            #"{"year": \#(parts[0]), "month": \#(Int(parts[1])!), "day": \#(Int(parts[2])!), "hour": \#(Int(parts[3])!), "minute": \#(Int(parts[4])!)"#
        if let zone { json += #", "timeZone": "\#(zone)""# }
        return json + "}"
    }

    static func range(_ start: String?, _ end: String?) -> String {
        let members = [start.map { #""start": \#($0)"# }, end.map { #""end": \#($0)"# }].compactMap { $0 }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static let sfo = #"{"name": "San Francisco International", "iataCode": "SFO"}"#
    static let cdg = #"{"name": "Paris Charles de Gaulle", "iataCode": "CDG"}"#

    /// An interaction donating `reservations` (`container` and `itemReferences` are JSON values).
    static func interaction(_ reservations: String..., container: String? = #""B9C8""#, itemReferences: String? = nil) -> String {
        let intent = [container.map { #""reservationContainerReference": \#($0)"# }, itemReferences.map { #""reservationItemReferences": \#($0)"# }]
            .compactMap { $0 }.joined(separator: ", ")
        return
            #"{"interaction": {"intent": {"INGetReservationDetailsIntent": {\#(intent)}}, "response": {"code": "success", "reservations": [\#(reservations.joined(separator: ", "))]}}}"#
    }

    /// WWDC 2019 session 243's flight XX815 from San Francisco to Paris; `base` is inserted among
    /// the base class's properties (`"reservationStatus": "confirmed", `).
    static func flight(
        reference: String = #"{"spokenPhrase": "Flight XX815", "vocabularyIdentifier": "B9C8-XX815"}"#, base: String = "",
        airline: String = #"{"name": "Example Air", "iataCode": "XX"}"#, flightNumber: String = "815",
        duration: String = range(time("2026-06-02 14:50"), time("2026-06-03 10:15", "Europe/Paris")), from: String = sfo, to: String = cdg,
        seat: String? = nil, actions: String? = nil
    ) -> String {
        var members = [#""itemReference": \#(reference)"#, #""reservationNumber": "B9C8""#]
        if let actions { members.append(#""actions": \#(actions)"#) }
        if let seat { members.append(#""reservedSeat": \#(seat)"#) }
        let flight =
            #"{"airline": \#(airline), "flightNumber": "\#(flightNumber)", "flightDuration": \#(duration), "departureAirportGate": {"airport": \#(from), "terminal": "I", "gate": "G97"}, "arrivalAirportGate": {"airport": \#(to)}}"#
        return #"{"INFlightReservation": {\#(members.joined(separator: ", ")), \#(base)"flight": \#(flight)}}"#
    }

    /// A check-in action whose window opens 24 hours and closes one hour before flight XX815.
    static func checkIn(opens: String? = time("2026-06-01 14:50"), closes: String? = time("2026-06-02 13:50"), activity: String = checkInActivity)
        -> String
    {
        #"[{"type": "checkIn", "validDuration": \#(range(opens, closes)), "userActivity": \#(activity)}]"#
    }

    static let checkInActivity =
        #"{"activityType": "com.example.myflights.check-in", "title": "Check In for Flight XX815", "userInfo": {"reservationNumber": "B9C8", "flightNumber": "XX815"}, "requiredUserInfoKeys": ["reservationNumber", "flightNumber"], "webpageURL": "https://example.com/check-in/B9C8"}"#

    static let hotel =
        #"{"name": "Hôtel Jacob", "location": {"latitude": 48.8556, "longitude": 2.3335}, "postalAddress": {"street": "12 Rue Jacob", "city": "Paris", "postalCode": "75006", "country": "France", "isoCountryCode": "FR"}}"#

    static func lodging(location: String = hotel, actions: String? = nil) -> String {
        var members = [#""itemReference": {"spokenPhrase": "Hôtel Jacob", "vocabularyIdentifier": "B9C8-HJ"}"#, #""reservationNumber": "B9C8""#]
        if let actions { members.append(#""actions": \#(actions)"#) }
        members += [
            #""lodgingBusinessLocation": \#(location)"#,
            #""reservationDuration": \#(range(time("2026-06-03 15:00", "Europe/Paris"), time("2026-06-06 11:00", "Europe/Paris")))"#,
            #""numberOfAdults": 2"#,
        ]
        return #"{"INLodgingReservation": {\#(members.joined(separator: ", "))}}"#
    }

    static func restaurant(
        location: String =
            #"{"name": "Chez Example", "location": {"latitude": 48.8530, "longitude": 2.3330}, "postalAddress": {"street": "4 Rue de Buci", "city": "Paris", "postalCode": "75006", "country": "France"}}"#,
        duration: String = range(time("2026-06-04 20:00", "Europe/Paris"), nil)
    ) -> String {
        #"{"INRestaurantReservation": {"itemReference": {"spokenPhrase": "Dinner at Chez Example", "vocabularyIdentifier": "T-4471"}, "reservationNumber": "T-4471", "reservationDuration": \#(duration), "restaurantLocation": \#(location), "partySize": 2}}"#
    }

    static func bus() -> String {
        let stop = { (name: String, latitude: String, longitude: String) in
            #"{"name": "\#(name)", "location": {"latitude": \#(latitude), "longitude": \#(longitude)}}"#
        }
        let trip =
            #"{"provider": "Example Coaches", "busNumber": "X12", "tripDuration": \#(range(time("2026-06-05 08:00", "Europe/Paris"), time("2026-06-05 11:45", "Europe/Brussels"))), "departureBusStopLocation": \#(stop("Paris Bercy Seine", "48.8355", "2.3810")), "arrivalBusStopLocation": \#(stop("Bruxelles-Nord", "50.8603", "4.3616"))}"#
        return
            #"{"INBusReservation": {"itemReference": {"spokenPhrase": "Bus to Brussels", "vocabularyIdentifier": "BX-2201"}, "reservationNumber": "BX-2201", "busTrip": \#(trip)}}"#
    }
}
