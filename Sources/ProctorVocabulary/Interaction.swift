import Foundation
import ProctorCore
import ProctorJSON

// SiriKit's vocabulary, with the names the Swift API uses (apple-rules.md §6–§9). Classes that
// share a base class (intents, reservations) are written as a one-key object naming the class,
// like a donation's kind: `{"INSendMessageIntent": {...}}`. Enumerations are written as their
// Swift case names (`"outgoing"`, `"phoneNumber"`, `"checkIn"`).

/// An `INInteraction`: an intent, its response and how the interaction went.
public struct Interaction: Sendable {
    public var pointer: JSONPointer
    public var intent: Intent
    public var response: IntentResponse?
    /// `INInteractionDirection`; `unspecified` when the key is absent, as in the API.
    public var direction: InteractionDirection
    /// Whether `direction` was written (rules tell "left at the default" apart).
    public var directionIsSet: Bool
    public var identifier: String?
    public var groupIdentifier: String?
    public var dateInterval: DateInterval?
    public var intentHandlingStatus: IntentHandlingStatus?

    public init(pointer: JSONPointer, intent: Intent) {
        self.pointer = pointer
        self.intent = intent
        self.direction = .unspecified
        self.directionIsSet = false
    }

    public func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// The reservations of an `INGetReservationDetailsIntentResponse`; empty for other intents.
    public var reservations: [Reservation] { response?.reservations ?? [] }
}

/// `INInteractionDirection`.
public enum InteractionDirection: String, Sendable, CaseIterable {
    case unspecified, outgoing, incoming
}

/// `INIntentHandlingStatus`.
public enum IntentHandlingStatus: String, Sendable, CaseIterable {
    case unspecified, ready, inProgress, success, failure, deferredToApplication, userConfirmationRequired
}

/// An `INIntent` subclass, named by its class.
public struct Intent: Sendable {
    public var pointer: JSONPointer
    public var kind: Kind

    public enum Kind: Sendable {
        case sendMessage(SendMessageIntent)
        case startCall(StartCallIntent)
        case getReservationDetails(GetReservationDetailsIntent)
        case playMedia(PlayMediaIntent)
    }

    public init(pointer: JSONPointer, kind: Kind) {
        self.pointer = pointer
        self.kind = kind
    }

    /// The class name, which is also the activity type the system launches the app with.
    public var className: String {
        switch kind {
        case .sendMessage: IntentClass.sendMessage.rawValue
        case .startCall(let call): call.intentClass.rawValue
        case .getReservationDetails: IntentClass.getReservationDetails.rawValue
        case .playMedia: IntentClass.playMedia.rawValue
        }
    }

    /// Whether the intent is a communication intent (a message or a call) that teaches the contact card.
    public var isCommunication: Bool {
        switch kind {
        case .sendMessage, .startCall: true
        case .getReservationDetails, .playMedia: false
        }
    }

    /// The people a communication intent is addressed to: a message's `recipients`, a call's
    /// `contacts`; nil when the key is absent. Empty for other intents.
    public var addressees: [Person]? {
        switch kind {
        case .sendMessage(let message): message.recipients
        case .startCall(let call): call.contacts
        case .getReservationDetails, .playMedia: []
        }
    }

    /// The key of ``addressees`` in the intent's object.
    public var addresseesKey: String {
        switch kind {
        case .sendMessage: "recipients"
        case .startCall: "contacts"
        case .getReservationDetails: "reservationItemReferences"
        case .playMedia: "mediaItems"
        }
    }

    /// Pointer of the intent's properties object: `/interaction/intent/INSendMessageIntent`.
    public var payloadPointer: JSONPointer { pointer.appending(className) }
}

/// The intent classes Proctor reads.
public enum IntentClass: String, Sendable, CaseIterable {
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
    public var deprecatedIn: OSVersion? {
        switch self {
        case .startAudioCall, .startVideoCall: OSVersion(major: 13)
        default: nil
        }
    }
}

/// `INSendMessageIntent`.
public struct SendMessageIntent: Sendable {
    public var recipients: [Person]?
    public var sender: Person?
    public var content: String?
    public var serviceName: String?
    public var conversationIdentifier: String?
    public var speakableGroupName: SpeakableString?
    /// `INOutgoingMessageType`: `unknown`, `outgoingMessageText`, `outgoingMessageAudio`.
    public var outgoingMessageType: String?

    public init() {}
}

/// `INStartCallIntent` and the deprecated `INStartAudioCallIntent` and `INStartVideoCallIntent`.
public struct StartCallIntent: Sendable {
    public var intentClass: IntentClass
    public var contacts: [Person]?
    /// `INCallDestinationType`: `unknown`, `normal`, `emergency`, `voicemail`, `redial`, `callBack`.
    public var destinationType: String?
    /// `INCallCapability` (`INStartCallIntent` only): `unknown`, `audioCall`, `videoCall`.
    public var callCapability: String?
    /// `INCallAudioRoute` (`INStartCallIntent` only).
    public var audioRoute: String?

    public init(intentClass: IntentClass) {
        self.intentClass = intentClass
    }
}

/// `INGetReservationDetailsIntent`.
public struct GetReservationDetailsIntent: Sendable {
    public var reservationContainerReference: SpeakableString?
    /// nil when absent or `null`: a donation leaves it nil, the system fills it at launch.
    public var reservationItemReferences: [SpeakableString]?

    public init() {}
}

/// `INPlayMediaIntent`: media the user played in the app, which Siri may suggest again, for
/// example after the user connects headphones (Apple, SiriKit, "Media").
public struct PlayMediaIntent: Sendable {
    public var mediaItems: [MediaItem]?
    public var mediaContainer: MediaItem?
    public var playShuffled: Bool?
    /// `INPlaybackRepeatMode`: `unknown`, `none`, `all`, `one`.
    public var playbackRepeatMode: String?
    public var resumePlayback: Bool?
    /// `INPlaybackQueueLocation`: `unknown`, `now`, `next`, `later`.
    public var playbackQueueLocation: String?
    public var playbackSpeed: Double?

    public init() {}

    /// What a suggestion of the intent shows: the container's title, else the first item's.
    public var suggestedTitle: String? { mediaContainer?.title ?? mediaItems?.first?.title }
}

/// `INMediaItem`: `init(identifier:title:type:artwork:)`, with the artist of iOS 13.
public struct MediaItem: Sendable {
    public var pointer: JSONPointer
    /// The app's own identifier, which the app receives back to find the content.
    public var identifier: String?
    public var title: String?
    /// `INMediaItemType`, by case name (`song`, `album`, `podcastEpisode`, ...).
    public var type: String?
    public var artist: String?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// An intent's response: `code`, and for `INGetReservationDetailsIntentResponse` its `reservations`.
public struct IntentResponse: Sendable {
    public var pointer: JSONPointer
    /// The response's code, by its Swift case name (`success`, `failureRequiringAppLaunch`, ...).
    public var code: String?
    public var reservations: [Reservation]?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// An `INSpeakableString`. Written as an object, or as a plain string for `init(spokenPhrase:)`.
public struct SpeakableString: Sendable, Hashable {
    public var spokenPhrase: String
    public var vocabularyIdentifier: String?
    public var pronunciationHint: String?

    public init(spokenPhrase: String, vocabularyIdentifier: String? = nil, pronunciationHint: String? = nil) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = vocabularyIdentifier
        self.pronunciationHint = pronunciationHint
    }

    /// Whether a reference as a scenario writes it names this string: its vocabulary identifier or
    /// its spoken phrase.
    public func isNamed(by reference: String) -> Bool {
        reference == vocabularyIdentifier || reference == spokenPhrase
    }

    /// What identifies the string when the system hands it back: the vocabulary identifier when
    /// there is one, else the phrase (model assumption; see docs/system-model.md).
    public var identity: String { vocabularyIdentifier ?? spokenPhrase }
}

// MARK: - People

/// An `INPerson`.
public struct Person: Sendable {
    public var pointer: JSONPointer
    public var personHandle: PersonHandle?
    public var displayName: String?
    public var nameComponents: [String: String]?
    public var contactIdentifier: String?
    public var customIdentifier: String?
    public var aliases: [PersonHandle]?
    public var isMe: Bool?
    /// `INPersonSuggestionType`: `none`, `socialProfile`, `instantMessageAddress`.
    public var suggestionType: String?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// The name the contact card shows: `displayName`, else the name components joined.
    public var name: String? {
        if let displayName, !displayName.isEmpty { return displayName }
        guard let components = nameComponents else { return nil }
        let parts = ["namePrefix", "givenName", "middleName", "familyName", "nameSuffix"].compactMap { components[$0] }
        return parts.isEmpty ? components["nickname"] : parts.joined(separator: " ")
    }
}

/// An `INPersonHandle`.
public struct PersonHandle: Sendable {
    public var pointer: JSONPointer
    public var value: String?
    public var type: PersonHandleType
    /// `INPersonHandleLabel`'s Swift names: `home`, `work`, `iPhone`, `mobile`, ...
    public var label: String?

    public init(pointer: JSONPointer, value: String?, type: PersonHandleType, label: String? = nil) {
        self.pointer = pointer
        self.value = value
        self.type = type
        self.label = label
    }
}

/// `INPersonHandleType`.
public enum PersonHandleType: String, Sendable, CaseIterable {
    case unknown, emailAddress, phoneNumber
}

// MARK: - Reservations

/// An `INReservation` subclass: the base class's properties and the subclass's own.
public struct Reservation: Sendable {
    public var pointer: JSONPointer
    public var itemReference: SpeakableString
    public var reservationNumber: String?
    public var bookingTime: Date?
    /// `INReservationStatus` as written; rules judge unknown names (`reservation_status_known`).
    public var reservationStatus: String?
    public var reservationHolderName: String?
    public var actions: [ReservationAction]?
    /// iOS 14 and later.
    public var url: String?
    public var details: Details

    public enum Details: Sendable {
        case flight(FlightReservation)
        case lodging(LodgingReservation)
        case restaurant(RestaurantReservation)
        case rentalCar(RentalCarReservation)
        case ticketedEvent(TicketedEventReservation)
        case train(TripReservation)
        case bus(TripReservation)
        case boat(TripReservation)
    }

    public init(pointer: JSONPointer, itemReference: SpeakableString, details: Details) {
        self.pointer = pointer
        self.itemReference = itemReference
        self.details = details
    }

    public var reservationClass: ReservationClass {
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
    public var payloadPointer: JSONPointer { pointer.appending(reservationClass.rawValue) }

    public func pointer(_ key: String) -> JSONPointer { payloadPointer.appending(key) }

    /// What makes two donations describe the same reservation item, apart from `itemReference`:
    /// the class, the reservation number, what is booked (the flight, trip, venue, car company or
    /// event) and when it starts. A seat change or a cancellation keeps it; a new flight or a new
    /// date does not. Nil without a reservation number (nothing ties the donations together).
    /// Model assumption, documented in docs/system-model.md; Apple only says the `itemReference`
    /// "must remain the same throughout the reservation life cycle".
    public var itemIdentity: String? {
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

    /// `canceled` (the status a cancellation is donated with).
    public var isCanceled: Bool { reservationStatus == ReservationStatus.canceled.rawValue }

    /// The reserved seat, for the classes that have one.
    public var reservedSeat: Seat? {
        switch details {
        case .flight(let flight): flight.reservedSeat
        case .ticketedEvent(let event): event.reservedSeat
        case .train(let trip), .bus(let trip), .boat(let trip): trip.reservedSeat
        case .lodging, .restaurant, .rentalCar: nil
        }
    }

    /// The time the reservation covers: departure to arrival for transport, check-in to
    /// check-out for lodging and cars, the booked time for restaurants and events.
    public var duration: (range: DateComponentsRange, key: String)? {
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
public enum ReservationClass: String, Sendable, CaseIterable {
    case boat = "INBoatReservation"
    case bus = "INBusReservation"
    case flight = "INFlightReservation"
    case lodging = "INLodgingReservation"
    case rentalCar = "INRentalCarReservation"
    case restaurant = "INRestaurantReservation"
    case ticketedEvent = "INTicketedEventReservation"
    case train = "INTrainReservation"

    /// The release that introduced the class.
    public var introducedIn: OSVersion {
        switch self {
        case .bus, .boat: OSVersion(major: 14)
        default: OSVersion(major: 13)
        }
    }
}

/// `INReservationStatus`.
public enum ReservationStatus: String, Sendable, CaseIterable {
    case unknown, canceled, pending, hold, confirmed
}

/// An `INReservationAction`.
public struct ReservationAction: Sendable {
    public var pointer: JSONPointer
    /// `INReservationActionType`: `unknown` or `checkIn`.
    public var type: ReservationActionType
    public var validDuration: DateComponentsRange?
    public var userActivity: UserActivity?

    public init(pointer: JSONPointer, type: ReservationActionType) {
        self.pointer = pointer
        self.type = type
    }
}

/// `INReservationActionType`.
public enum ReservationActionType: String, Sendable, CaseIterable {
    case unknown, checkIn
}

/// An `INDateComponentsRange`: both ends optional, as in the API.
public struct DateComponentsRange: Sendable {
    public var pointer: JSONPointer
    public var start: DateComponentsValue?
    public var end: DateComponentsValue?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// A `DateComponents` value, with the Swift property names (`year`, `month`, `day`, `hour`,
/// `minute`, `second`, `timeZone`).
public struct DateComponentsValue: Sendable {
    public var pointer: JSONPointer
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    /// An IANA identifier (`Europe/Paris`) or `UTC`/`GMT`; nil when not set.
    public var timeZone: String?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// The instant the components name, in their time zone, or in UTC when they have none (the
    /// zone Apple asks apps to use when they do not know the local one). Nil without a full date.
    public var date: Date? {
        guard let year, let month, let day else { return nil }
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        return DateFormat.instant(year: year, month: month, day: day, hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0, in: zone)
    }

}

/// A `CLPlacemark`: a name, a location and a postal address (`CNPostalAddress` names).
public struct Placemark: Sendable {
    public var pointer: JSONPointer
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?
    /// `street`, `subLocality`, `city`, `subAdministrativeArea`, `state`, `postalCode`,
    /// `country`, `isoCountryCode`, as written.
    public var postalAddress: [String: String]?
    /// An IANA identifier.
    public var timeZone: String?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    public var hasCoordinates: Bool { latitude != nil && longitude != nil }
    /// 0,0 tells Siri to use only the postal address (WWDC19-243).
    public var coordinatesMeanAddressOnly: Bool { latitude == 0 && longitude == 0 }
    public var hasPostalAddress: Bool { !(postalAddress ?? [:]).values.allSatisfy(\.isEmpty) }

    /// The address on one line, in `CNPostalAddress` order.
    public var formattedAddress: String? {
        guard let address = postalAddress else { return nil }
        let parts = ["street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country"]
            .compactMap { address[$0] }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// An `INSeat`.
public struct Seat: Sendable {
    public var seatSection: String?
    public var seatRow: String?
    public var seatNumber: String?
    public var seatingType: String?

    public init() {}
}

/// `INFlightReservation`.
public struct FlightReservation: Sendable {
    public var flight: Flight
    public var reservedSeat: Seat?
}

/// `INFlight`.
public struct Flight: Sendable {
    public var pointer: JSONPointer
    public var airline: Airline?
    public var flightNumber: String?
    public var boardingTime: DateComponentsRange?
    public var flightDuration: DateComponentsRange?
    public var departureAirportGate: AirportGate?
    public var arrivalAirportGate: AirportGate?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

/// `INAirline`.
public struct Airline: Sendable {
    public var pointer: JSONPointer
    public var name: String?
    /// "The two-letter IATA code".
    public var iataCode: String?
    /// "The three-letter ICAO code".
    public var icaoCode: String?
}

/// `INAirportGate`.
public struct AirportGate: Sendable {
    public var pointer: JSONPointer
    public var airport: Airport?
    public var terminal: String?
    public var gate: String?
}

/// `INAirport`.
public struct Airport: Sendable {
    public var pointer: JSONPointer
    public var name: String?
    /// "The three-letter IATA code".
    public var iataCode: String?
    /// "The four-letter ICAO code".
    public var icaoCode: String?

    /// The code a traveller knows: IATA, else ICAO.
    public var code: String? { iataCode ?? icaoCode }
}

/// `INLodgingReservation`.
public struct LodgingReservation: Sendable {
    public var lodgingBusinessLocation: Placemark?
    public var reservationDuration: DateComponentsRange?
    public var numberOfAdults: Int?
    public var numberOfChildren: Int?
}

/// `INRestaurantReservation`.
public struct RestaurantReservation: Sendable {
    public var reservationDuration: DateComponentsRange?
    public var restaurantLocation: Placemark?
    public var partySize: Int?
}

/// `INRentalCarReservation`.
public struct RentalCarReservation: Sendable {
    public var rentalCar: RentalCar?
    public var rentalDuration: DateComponentsRange?
    public var pickupLocation: Placemark?
    public var dropOffLocation: Placemark?
}

/// `INRentalCar`.
public struct RentalCar: Sendable {
    public var rentalCompanyName: String?
    public var type: String?
    public var make: String?
    public var model: String?
    public var rentalCarDescription: String?
}

/// `INTicketedEventReservation`.
public struct TicketedEventReservation: Sendable {
    public var event: TicketedEvent
    public var reservedSeat: Seat?
}

/// `INTicketedEvent`.
public struct TicketedEvent: Sendable {
    /// `INTicketedEventCategory`: `unknown` or `movie`.
    public var category: String?
    public var name: String?
    public var eventDuration: DateComponentsRange?
    public var location: Placemark?
}

/// `INTrainReservation`'s `trainTrip`, `INBusReservation`'s `busTrip` and `INBoatReservation`'s
/// `boatTrip`: the three trip classes have the same shape, with their own property names
/// (`trainNumber`, `departureBusStopLocation`, `departureBoatTerminalLocation`, ...).
public struct TripReservation: Sendable {
    /// The key the trip is written under: `trainTrip`, `busTrip` or `boatTrip`.
    public var objectKey: String
    public var trip: Trip?
    public var reservedSeat: Seat?

    public var tripDuration: DateComponentsRange? { trip?.tripDuration }
}

/// `INTrainTrip`, `INBusTrip` or `INBoatTrip`.
public struct Trip: Sendable {
    public var pointer: JSONPointer
    public var provider: String?
    /// `trainName`, `busName` or `boatName`.
    public var name: String?
    /// `trainNumber`, `busNumber` or `boatNumber`.
    public var number: String?
    public var tripDuration: DateComponentsRange?
    public var departureLocation: Placemark?
    public var departurePlatform: String?
    public var arrivalLocation: Placemark?
    public var arrivalPlatform: String?

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }
}

// MARK: - Deployment target

/// An iOS version such as `13`, `14.2` or `15.0.1`, compared component by component.
public struct OSVersion: Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `13`, `13.4` or `13.4.1`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        self.init(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}
