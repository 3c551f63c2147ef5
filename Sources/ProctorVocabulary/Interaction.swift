import Foundation
import ProctorCore
import ProctorJSON

// SiriKit's vocabulary, with the names the Swift API uses (apple-rules.md §6–§9). Classes that
// share a base class (intents, reservations) are written as a one-key object naming the class,
// like a donation's kind: `{"INSendMessageIntent": {...}}`. Enumerations are written as their
// Swift case names (`"outgoing"`, `"phoneNumber"`, `"checkIn"`).

/// An `INInteraction`: an intent, its response and how the interaction went.
package struct Interaction: Sendable {
    package var pointer: JSONPointer
    package var intent: Intent
    package var response: IntentResponse?
    /// `INInteractionDirection`; `unspecified` when the key is absent, as in the API.
    package var direction: InteractionDirection
    /// Whether `direction` was written (rules tell "left at the default" apart).
    package var directionIsSet: Bool
    package var identifier: String?
    package var groupIdentifier: String?
    package var dateInterval: DateInterval?
    package var intentHandlingStatus: IntentHandlingStatus?

    package init(pointer: JSONPointer, intent: Intent) {
        self.pointer = pointer
        self.intent = intent
        self.direction = .unspecified
        self.directionIsSet = false
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// The reservations of an `INGetReservationDetailsIntentResponse`; empty for other intents.
    package var reservations: [Reservation] { response?.reservations ?? [] }
}

/// `INInteractionDirection`.
package enum InteractionDirection: String, Sendable, CaseIterable {
    case unspecified, outgoing, incoming
}

/// `INIntentHandlingStatus`.
package enum IntentHandlingStatus: String, Sendable, CaseIterable {
    case unspecified, ready, inProgress, success, failure, deferredToApplication, userConfirmationRequired
}

/// An `INIntent` subclass, named by its class.
package struct Intent: Sendable {
    package var pointer: JSONPointer
    package var kind: Kind

    package enum Kind: Sendable {
        case sendMessage(SendMessageIntent)
        case startCall(StartCallIntent)
        case getReservationDetails(GetReservationDetailsIntent)
        case playMedia(PlayMediaIntent)
    }

    package init(pointer: JSONPointer, kind: Kind) {
        self.pointer = pointer
        self.kind = kind
    }

    /// The class name, which is also the activity type the system launches the app with.
    package var className: String {
        switch kind {
        case .sendMessage: IntentClass.sendMessage.rawValue
        case .startCall(let call): call.intentClass.rawValue
        case .getReservationDetails: IntentClass.getReservationDetails.rawValue
        case .playMedia: IntentClass.playMedia.rawValue
        }
    }

    /// Whether the intent is a communication intent (a message or a call) that teaches the contact card.
    package var isCommunication: Bool {
        switch kind {
        case .sendMessage, .startCall: true
        case .getReservationDetails, .playMedia: false
        }
    }

    /// The people a communication intent is addressed to: a message's `recipients`, a call's
    /// `contacts`; nil when the key is absent. Empty for other intents.
    package var addressees: [Person]? {
        switch kind {
        case .sendMessage(let message): message.recipients
        case .startCall(let call): call.contacts
        case .getReservationDetails, .playMedia: []
        }
    }

    /// The key of ``addressees`` in the intent's object.
    package var addresseesKey: String {
        switch kind {
        case .sendMessage: "recipients"
        case .startCall: "contacts"
        case .getReservationDetails: "reservationItemReferences"
        case .playMedia: "mediaItems"
        }
    }

    /// Pointer of the intent's properties object: `/interaction/intent/INSendMessageIntent`.
    package var payloadPointer: JSONPointer { pointer.appending(className) }
}

/// The intent classes Proctor reads.
package enum IntentClass: String, Sendable, CaseIterable {
    case sendMessage = "INSendMessageIntent"
    case startCall = "INStartCallIntent"
    /// Deprecated in iOS 13: "Please adopt INStartCallIntent instead".
    case startAudioCall = "INStartAudioCallIntent"
    /// Deprecated in iOS 13.
    case startVideoCall = "INStartVideoCallIntent"
    case getReservationDetails = "INGetReservationDetailsIntent"
    /// iOS 12: media the user played, for Siri's media suggestions (docs/media.md).
    case playMedia = "INPlayMediaIntent"

    /// The release that deprecated the class, if any.
    package var deprecatedIn: OSVersion? {
        switch self {
        case .startAudioCall, .startVideoCall: OSVersion(major: 13)
        default: nil
        }
    }
}

/// `INSendMessageIntent`.
package struct SendMessageIntent: Sendable {
    package var recipients: [Person]?
    package var sender: Person?
    package var content: String?
    package var serviceName: String?
    package var conversationIdentifier: String?
    package var speakableGroupName: SpeakableString?
    /// `INOutgoingMessageType`: `unknown`, `outgoingMessageText`, `outgoingMessageAudio`.
    package var outgoingMessageType: String?

    package init() {}
}

/// `INStartCallIntent` and the deprecated `INStartAudioCallIntent` and `INStartVideoCallIntent`.
package struct StartCallIntent: Sendable {
    package var intentClass: IntentClass
    package var contacts: [Person]?
    /// `INCallDestinationType`: `unknown`, `normal`, `emergency`, `voicemail`, `redial`, `callBack`.
    package var destinationType: String?
    /// `INCallCapability` (`INStartCallIntent` only): `unknown`, `audioCall`, `videoCall`.
    package var callCapability: String?
    /// `INCallAudioRoute` (`INStartCallIntent` only).
    package var audioRoute: String?

    package init(intentClass: IntentClass) {
        self.intentClass = intentClass
    }
}

/// `INGetReservationDetailsIntent`.
package struct GetReservationDetailsIntent: Sendable {
    package var reservationContainerReference: SpeakableString?
    /// nil when absent or `null`: a donation leaves it nil, the system fills it at launch.
    package var reservationItemReferences: [SpeakableString]?

    package init() {}
}

/// `INPlayMediaIntent`: media the user played in the app, which Siri may suggest again, for
/// example after the user connects headphones (Apple, SiriKit, "Media").
package struct PlayMediaIntent: Sendable {
    package var mediaItems: [MediaItem]?
    package var mediaContainer: MediaItem?
    package var playShuffled: Bool?
    /// `INPlaybackRepeatMode`: `unknown`, `none`, `all`, `one`.
    package var playbackRepeatMode: String?
    package var resumePlayback: Bool?
    /// `INPlaybackQueueLocation`: `unknown`, `now`, `next`, `later`.
    package var playbackQueueLocation: String?
    package var playbackSpeed: Double?

    package init() {}

    /// What a suggestion of the intent shows: the container's title, else the first item's.
    package var suggestedTitle: String? { mediaContainer?.title ?? mediaItems?.first?.title }
}

/// `INMediaItem`: `init(identifier:title:type:artwork:)`, with the artist of iOS 13.
package struct MediaItem: Sendable {
    package var pointer: JSONPointer
    /// The app's own identifier, which the app receives back to find the content.
    package var identifier: String?
    package var title: String?
    /// `INMediaItemType`, by case name (`song`, `album`, `podcastEpisode`, ...).
    package var type: String?
    package var artist: String?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// An intent's response: `code`, and for `INGetReservationDetailsIntentResponse` its `reservations`.
package struct IntentResponse: Sendable {
    package var pointer: JSONPointer
    /// The response's code, by its Swift case name (`success`, `failureRequiringAppLaunch`, ...).
    package var code: String?
    package var reservations: [Reservation]?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// An `INSpeakableString`. Written as an object, or as a plain string for `init(spokenPhrase:)`.
package struct SpeakableString: Sendable, Hashable {
    package var spokenPhrase: String
    package var vocabularyIdentifier: String?
    package var pronunciationHint: String?

    package init(spokenPhrase: String, vocabularyIdentifier: String? = nil, pronunciationHint: String? = nil) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = vocabularyIdentifier
        self.pronunciationHint = pronunciationHint
    }

    /// Whether a reference as a scenario writes it names this string: its vocabulary identifier or
    /// its spoken phrase.
    package func isNamed(by reference: String) -> Bool {
        reference == vocabularyIdentifier || reference == spokenPhrase
    }

    /// What identifies the string when the system hands it back: the vocabulary identifier when
    /// there is one, else the phrase (model assumption; see docs/system-model.md).
    package var identity: String { vocabularyIdentifier ?? spokenPhrase }
}

// MARK: - People

/// An `INPerson`.
package struct Person: Sendable {
    package var pointer: JSONPointer
    package var personHandle: PersonHandle?
    package var displayName: String?
    package var nameComponents: [String: String]?
    package var contactIdentifier: String?
    package var customIdentifier: String?
    package var aliases: [PersonHandle]?
    package var isMe: Bool?
    /// `INPersonSuggestionType`: `none`, `socialProfile`, `instantMessageAddress`.
    package var suggestionType: String?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// The name the contact card shows: `displayName`, else the name components joined.
    package var name: String? {
        if let displayName, !displayName.isEmpty { return displayName }
        guard let components = nameComponents else { return nil }
        let parts = ["namePrefix", "givenName", "middleName", "familyName", "nameSuffix"].compactMap { components[$0] }
        return parts.isEmpty ? components["nickname"] : parts.joined(separator: " ")
    }
}

/// An `INPersonHandle`.
package struct PersonHandle: Sendable {
    package var pointer: JSONPointer
    package var value: String?
    package var type: PersonHandleType
    /// `INPersonHandleLabel`'s Swift names: `home`, `work`, `iPhone`, `mobile`, ...
    package var label: String?

    package init(pointer: JSONPointer, value: String?, type: PersonHandleType, label: String? = nil) {
        self.pointer = pointer
        self.value = value
        self.type = type
        self.label = label
    }
}

/// `INPersonHandleType`.
package enum PersonHandleType: String, Sendable, CaseIterable {
    case unknown, emailAddress, phoneNumber
}

// MARK: - Reservations

/// An `INReservation` subclass: the base class's properties and the subclass's own.
package struct Reservation: Sendable {
    package var pointer: JSONPointer
    package var itemReference: SpeakableString
    package var reservationNumber: String?
    package var bookingTime: Date?
    /// `INReservationStatus` as written; rules judge unknown names (`reservation_status_known`).
    package var reservationStatus: String?
    package var reservationHolderName: String?
    package var actions: [ReservationAction]?
    /// iOS 14 and later.
    package var url: String?
    package var details: Details

    package enum Details: Sendable {
        case flight(FlightReservation)
        case lodging(LodgingReservation)
        case restaurant(RestaurantReservation)
        case rentalCar(RentalCarReservation)
        case ticketedEvent(TicketedEventReservation)
        case train(TripReservation)
        case bus(TripReservation)
        case boat(TripReservation)
    }

    package init(pointer: JSONPointer, itemReference: SpeakableString, details: Details) {
        self.pointer = pointer
        self.itemReference = itemReference
        self.details = details
    }

    package var reservationClass: ReservationClass {
        switch details {
        case .flight: .flight
        case .lodging: .lodging
        case .restaurant: .restaurant
        case .rentalCar: .rentalCar
        case .ticketedEvent: .ticketedEvent
        case .train: .train
        case .bus: .bus
        case .boat: .boat
        }
    }

    /// Pointer of the subclass's properties object: `.../reservations/0/INFlightReservation`.
    package var payloadPointer: JSONPointer { pointer.appending(reservationClass.rawValue) }

    package func pointer(_ key: String) -> JSONPointer { payloadPointer.appending(key) }

    /// What makes two donations describe the same reservation item, apart from `itemReference`:
    /// the class, the reservation number, what is booked (the flight, trip, venue, car company or
    /// event) and when it starts. A seat change or a cancellation keeps it; a new flight or a new
    /// date does not. Nil without a reservation number (nothing ties the donations together).
    /// Model assumption, documented in docs/system-model.md; Apple only says the `itemReference`
    /// "must remain the same throughout the reservation life cycle".
    package var itemIdentity: String? {
        guard let number = reservationNumber, !number.isEmpty else { return nil }
        let what: String
        switch details {
        case .flight(let flight):
            what = [flight.flight.airline?.iataCode ?? flight.flight.airline?.icaoCode, flight.flight.flightNumber].compactMap { $0 }.joined()
        case .lodging(let lodging): what = lodging.lodgingBusinessLocation?.name ?? ""
        case .restaurant(let restaurant): what = restaurant.restaurantLocation?.name ?? ""
        case .rentalCar(let car): what = car.rentalCar?.rentalCompanyName ?? ""
        case .ticketedEvent(let event): what = event.event.name ?? ""
        case .train(let trip), .bus(let trip), .boat(let trip):
            what = [trip.trip?.provider, trip.trip?.number, trip.trip?.name].compactMap { $0 }.joined(separator: " ")
        }
        let start = duration?.range.start?.date.map(DateFormat.format) ?? ""
        return [reservationClass.rawValue, number, what, start].joined(separator: "|")
    }

    /// Where the values ``itemIdentity`` and the item reference are made of are in the payload:
    /// when a payload marks one of them (or a value inside one) computed at run time, the item
    /// cannot be told apart from another.
    package var itemIdentitySources: [JSONPointer] {
        let what: [String]
        switch details {
        case .flight: what = ["flight/airline", "flight/flightNumber", "flight/flightDuration"]
        case .lodging: what = ["lodgingBusinessLocation/name", "reservationDuration"]
        case .restaurant: what = ["restaurantLocation/name", "reservationDuration"]
        case .rentalCar: what = ["rentalCar/rentalCompanyName", "rentalDuration"]
        case .ticketedEvent: what = ["event/name", "event/eventDuration"]
        case .train(let trip), .bus(let trip), .boat(let trip): what = [trip.objectKey]
        }
        return (["reservationNumber", "itemReference"] + what).map { JSONPointer(payloadPointer.tokens + $0.split(separator: "/").map(String.init)) }
    }

    /// `canceled` (the status a cancellation is donated with).
    package var isCanceled: Bool { reservationStatus == ReservationStatus.canceled.rawValue }

    /// The reserved seat, for the classes that have one.
    package var reservedSeat: Seat? {
        switch details {
        case .flight(let flight): flight.reservedSeat
        case .ticketedEvent(let event): event.reservedSeat
        case .train(let trip), .bus(let trip), .boat(let trip): trip.reservedSeat
        case .lodging, .restaurant, .rentalCar: nil
        }
    }

    /// The time the reservation covers: departure to arrival for transport, check-in to
    /// check-out for lodging and cars, the booked time for restaurants and events.
    package var duration: (range: DateComponentsRange, key: String)? {
        switch details {
        case .flight(let flight): flight.flight.flightDuration.map { ($0, "flight/flightDuration") }
        case .lodging(let lodging): lodging.reservationDuration.map { ($0, "reservationDuration") }
        case .restaurant(let restaurant): restaurant.reservationDuration.map { ($0, "reservationDuration") }
        case .rentalCar(let car): car.rentalDuration.map { ($0, "rentalDuration") }
        case .ticketedEvent(let event): event.event.eventDuration.map { ($0, "event/eventDuration") }
        case .train(let trip), .bus(let trip), .boat(let trip): trip.tripDuration.map { ($0, "\(trip.objectKey)/tripDuration") }
        }
    }
}

/// The `INReservation` subclasses, by class name.
package enum ReservationClass: String, Sendable, CaseIterable {
    case boat = "INBoatReservation"
    case bus = "INBusReservation"
    case flight = "INFlightReservation"
    case lodging = "INLodgingReservation"
    case rentalCar = "INRentalCarReservation"
    case restaurant = "INRestaurantReservation"
    case ticketedEvent = "INTicketedEventReservation"
    case train = "INTrainReservation"

    /// The release that introduced the class.
    package var introducedIn: OSVersion {
        switch self {
        case .bus, .boat: OSVersion(major: 14)
        default: OSVersion(major: 13)
        }
    }
}

/// `INReservationStatus`.
package enum ReservationStatus: String, Sendable, CaseIterable {
    case unknown, canceled, pending, hold, confirmed
}

/// An `INReservationAction`.
package struct ReservationAction: Sendable {
    package var pointer: JSONPointer
    /// `INReservationActionType`: `unknown` or `checkIn`.
    package var type: ReservationActionType
    package var validDuration: DateComponentsRange?
    package var userActivity: UserActivity?

    package init(pointer: JSONPointer, type: ReservationActionType) {
        self.pointer = pointer
        self.type = type
    }
}

/// `INReservationActionType`.
package enum ReservationActionType: String, Sendable, CaseIterable {
    case unknown, checkIn
}

/// An `INDateComponentsRange`: both ends optional, as in the API.
package struct DateComponentsRange: Sendable {
    package var pointer: JSONPointer
    package var start: DateComponentsValue?
    package var end: DateComponentsValue?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// A `DateComponents` value, with the Swift property names (`year`, `month`, `day`, `hour`,
/// `minute`, `second`, `timeZone`).
package struct DateComponentsValue: Sendable {
    package var pointer: JSONPointer
    package var year: Int?
    package var month: Int?
    package var day: Int?
    package var hour: Int?
    package var minute: Int?
    package var second: Int?
    /// An IANA identifier (`Europe/Paris`) or `UTC`/`GMT`; nil when not set.
    package var timeZone: String?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// The instant the components name, in their time zone, or in UTC when they have none (the
    /// zone Apple asks apps to use when they do not know the local one). Nil without a full date.
    package var date: Date? {
        guard let year, let month, let day else { return nil }
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        return DateFormat.instant(year: year, month: month, day: day, hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0, in: zone)
    }

}

/// A `CLPlacemark`: a name, a location and a postal address (`CNPostalAddress` names).
package struct Placemark: Sendable {
    package var pointer: JSONPointer
    package var name: String?
    package var latitude: Double?
    package var longitude: Double?
    /// `street`, `subLocality`, `city`, `subAdministrativeArea`, `state`, `postalCode`,
    /// `country`, `isoCountryCode`, as written.
    package var postalAddress: [String: String]?
    /// An IANA identifier.
    package var timeZone: String?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    package var hasCoordinates: Bool { latitude != nil && longitude != nil }
    /// 0,0 tells Siri to use only the postal address (WWDC19-243).
    package var coordinatesMeanAddressOnly: Bool { latitude == 0 && longitude == 0 }
    package var hasPostalAddress: Bool { !(postalAddress ?? [:]).values.allSatisfy(\.isEmpty) }

    /// The address on one line, in `CNPostalAddress` order.
    package var formattedAddress: String? {
        guard let address = postalAddress else { return nil }
        let parts = ["street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country"]
            .compactMap { address[$0] }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// An `INSeat`.
package struct Seat: Sendable {
    package var seatSection: String?
    package var seatRow: String?
    package var seatNumber: String?
    package var seatingType: String?

    package init() {}
}

/// `INFlightReservation`.
package struct FlightReservation: Sendable {
    package var flight: Flight
    package var reservedSeat: Seat?
}

/// `INFlight`.
package struct Flight: Sendable {
    package var pointer: JSONPointer
    package var airline: Airline?
    package var flightNumber: String?
    package var boardingTime: DateComponentsRange?
    package var flightDuration: DateComponentsRange?
    package var departureAirportGate: AirportGate?
    package var arrivalAirportGate: AirportGate?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// `INAirline`.
package struct Airline: Sendable {
    package var pointer: JSONPointer
    package var name: String?
    /// "The two-letter IATA code".
    package var iataCode: String?
    /// "The three-letter ICAO code".
    package var icaoCode: String?
}

/// `INAirportGate`.
package struct AirportGate: Sendable {
    package var pointer: JSONPointer
    package var airport: Airport?
    package var terminal: String?
    package var gate: String?
}

/// `INAirport`.
package struct Airport: Sendable {
    package var pointer: JSONPointer
    package var name: String?
    /// "The three-letter IATA code".
    package var iataCode: String?
    /// "The four-letter ICAO code".
    package var icaoCode: String?

    /// The code a traveller knows: IATA, else ICAO.
    package var code: String? { iataCode ?? icaoCode }
}

/// `INLodgingReservation`.
package struct LodgingReservation: Sendable {
    package var lodgingBusinessLocation: Placemark?
    package var reservationDuration: DateComponentsRange?
    package var numberOfAdults: Int?
    package var numberOfChildren: Int?
}

/// `INRestaurantReservation`.
package struct RestaurantReservation: Sendable {
    package var reservationDuration: DateComponentsRange?
    package var restaurantLocation: Placemark?
    package var partySize: Int?
}

/// `INRentalCarReservation`.
package struct RentalCarReservation: Sendable {
    package var rentalCar: RentalCar?
    package var rentalDuration: DateComponentsRange?
    package var pickupLocation: Placemark?
    package var dropOffLocation: Placemark?
}

/// `INRentalCar`.
package struct RentalCar: Sendable {
    package var rentalCompanyName: String?
    package var type: String?
    package var make: String?
    package var model: String?
    package var rentalCarDescription: String?
}

/// `INTicketedEventReservation`.
package struct TicketedEventReservation: Sendable {
    package var event: TicketedEvent
    package var reservedSeat: Seat?
}

/// `INTicketedEvent`.
package struct TicketedEvent: Sendable {
    /// `INTicketedEventCategory`: `unknown` or `movie`.
    package var category: String?
    package var name: String?
    package var eventDuration: DateComponentsRange?
    package var location: Placemark?
}

/// `INTrainReservation`'s `trainTrip`, `INBusReservation`'s `busTrip` and `INBoatReservation`'s
/// `boatTrip`: the three trip classes have the same shape, with their own property names
/// (`trainNumber`, `departureBusStopLocation`, `departureBoatTerminalLocation`, ...).
package struct TripReservation: Sendable {
    /// The key the trip is written under: `trainTrip`, `busTrip` or `boatTrip`.
    package var objectKey: String
    package var trip: Trip?
    package var reservedSeat: Seat?

    package var tripDuration: DateComponentsRange? { trip?.tripDuration }
}

/// `INTrainTrip`, `INBusTrip` or `INBoatTrip`.
package struct Trip: Sendable {
    package var pointer: JSONPointer
    package var provider: String?
    /// `trainName`, `busName` or `boatName`.
    package var name: String?
    /// `trainNumber`, `busNumber` or `boatNumber`.
    package var number: String?
    package var tripDuration: DateComponentsRange?
    package var departureLocation: Placemark?
    package var departurePlatform: String?
    package var arrivalLocation: Placemark?
    package var arrivalPlatform: String?

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}
