import Foundation
import ProctorCore
import ProctorJSON

/// Decoding of `{"interaction": {...}}` (apple-rules.md §6–§9). Properties the Swift API makes
/// non-optional are required here: a payload without them is a decoding error at its object, as
/// it would not compile. Everything optional in the API is optional here, and rules judge it.
extension DonationDecoder {
    /// The keys of each object, in the order docs/input-format.md lists them.
    package enum InteractionKeys {
        static let interaction = ["intent", "response", "direction", "identifier", "groupIdentifier", "dateInterval", "intentHandlingStatus"]
        static let interactionUnmodelled: Set<String> = ["parameters"]
        package static let sendMessage = [
            "recipients", "sender", "content", "serviceName", "conversationIdentifier", "speakableGroupName", "outgoingMessageType",
        ]
        static let sendMessageUnmodelled: Set<String> = ["attachments", "groupName", "suggestedInvocationPhrase", "donationMetadata"]
        package static let startCall = ["contacts", "destinationType", "callCapability", "audioRoute"]
        static let startCallUnmodelled: Set<String> = ["callRecordFilter", "callRecordToCallBack", "suggestedInvocationPhrase"]
        package static let startAudioCall = ["contacts", "destinationType"]
        package static let startVideoCall = ["contacts"]
        package static let getReservationDetails = ["reservationContainerReference", "reservationItemReferences"]
        package static let playMedia = [
            "mediaItems", "mediaContainer", "playShuffled", "playbackRepeatMode", "resumePlayback", "playbackQueueLocation", "playbackSpeed",
        ]
        static let playMediaUnmodelled: Set<String> = ["mediaSearch", "suggestedInvocationPhrase", "donationMetadata"]
        package static let mediaItem = ["identifier", "title", "type", "artist"]
        static let mediaItemUnmodelled: Set<String> = ["artwork", "namedEntities"]
        static let response = ["code", "reservations"]
        static let responseUnmodelled: Set<String> = ["userActivity"]
        package static let speakableString = ["spokenPhrase", "vocabularyIdentifier", "pronunciationHint"]
        package static let person = [
            "personHandle", "displayName", "nameComponents", "contactIdentifier", "customIdentifier", "aliases", "isMe", "suggestionType",
        ]
        static let personUnmodelled: Set<String> = ["image", "relationship", "isContactSuggestion"]
        package static let personHandle = ["value", "type", "label"]
        package static let nameComponents = ["namePrefix", "givenName", "middleName", "familyName", "nameSuffix", "nickname"]
        static let dateInterval = ["start", "end", "duration"]
        package static let reservation = [
            "itemReference", "reservationNumber", "bookingTime", "reservationStatus", "reservationHolderName", "actions", "url",
        ]
        static let action = ["type", "validDuration", "userActivity"]
        package static let range = ["start", "end"]
        static let rangeUnmodelled: Set<String> = ["recurrenceRule"]
        package static let dateComponents = ["year", "month", "day", "hour", "minute", "second", "timeZone"]
        static let dateComponentsUnmodelled: Set<String> = ["calendar", "era", "nanosecond", "weekday", "weekOfYear"]
        static let placemark = ["name", "location", "postalAddress", "timeZone"]
        package static let location = ["latitude", "longitude"]
        package static let postalAddress = [
            "street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country", "isoCountryCode",
        ]
        package static let seat = ["seatSection", "seatRow", "seatNumber", "seatingType"]
        package static let flight = ["airline", "flightNumber", "boardingTime", "flightDuration", "departureAirportGate", "arrivalAirportGate"]
        package static let airline = ["name", "iataCode", "icaoCode"]
        static let airport = ["name", "iataCode", "icaoCode"]
        static let airportGate = ["airport", "terminal", "gate"]
        package static let rentalCar = ["rentalCompanyName", "type", "make", "model", "rentalCarDescription"]
        package static let ticketedEvent = ["category", "name", "eventDuration", "location"]
    }

    /// Each reservation class's own properties and the ones its initializer requires.
    package static func reservationKeys(_ reservationClass: ReservationClass) -> (own: [String], required: [String]) {
        switch reservationClass {
        case .flight: (["flight", "reservedSeat"], ["flight"])
        case .lodging:
            (
                ["lodgingBusinessLocation", "reservationDuration", "numberOfAdults", "numberOfChildren"],
                ["lodgingBusinessLocation", "reservationDuration"]
            )
        case .restaurant: (["reservationDuration", "restaurantLocation", "partySize"], ["reservationDuration", "restaurantLocation"])
        case .rentalCar: (["rentalCar", "rentalDuration", "pickupLocation", "dropOffLocation"], ["rentalCar", "rentalDuration"])
        case .ticketedEvent: (["event", "reservedSeat"], ["event"])
        case .train: (["trainTrip", "reservedSeat"], ["trainTrip"])
        // `busTrip` and `boatTrip` are optional in the initializer but non-optional getters: a
        // reservation without its trip has nothing for Siri to show, so Proctor requires them.
        case .bus: (["busTrip", "reservedSeat"], ["busTrip"])
        case .boat: (["boatTrip", "reservedSeat"], ["boatTrip"])
        }
    }

    /// The property names of each trip class, by role.
    package struct TripKeys {
        var name: String
        var number: String
        package var departure: String
        package var arrival: String
        var hasPlatforms: Bool
        var className: String

        package static let train = TripKeys(
            name: "trainName", number: "trainNumber", departure: "departureStationLocation", arrival: "arrivalStationLocation",
            hasPlatforms: true, className: "INTrainTrip")
        package static let bus = TripKeys(
            name: "busName", number: "busNumber", departure: "departureBusStopLocation", arrival: "arrivalBusStopLocation",
            hasPlatforms: true, className: "INBusTrip")
        package static let boat = TripKeys(
            name: "boatName", number: "boatNumber", departure: "departureBoatTerminalLocation", arrival: "arrivalBoatTerminalLocation",
            hasPlatforms: false, className: "INBoatTrip")

        package var all: [String] {
            ["provider", name, number, "tripDuration", departure] + (hasPlatforms ? ["departurePlatform"] : []) + [arrival]
                + (hasPlatforms ? ["arrivalPlatform"] : [])
        }
    }

    // MARK: - INInteraction

    mutating func decodeInteraction(_ node: JSONNode, at pointer: JSONPointer) -> Interaction? {
        // An intent written directly in the interaction is a likely slip: say where it goes.
        if case .object(let object) = node.value, object["intent"] == nil,
            let misplaced = object.members.first(where: { IntentClass(rawValue: $0.key) != nil })
        {
            reader.report(
                ProblemCode.missingValue,
                "'\(misplaced.key)' belongs under 'intent': write {\"interaction\": {\"intent\": {\"\(misplaced.key)\": {...}}, ...}}",
                offset: misplaced.keyOffset, pointer: pointer.appending(misplaced.key))
            return nil
        }
        guard
            let fields = fields(
                node, pointer, what: "interaction", known: InteractionKeys.interaction, unmodelled: InteractionKeys.interactionUnmodelled,
                required: ["intent"], requiredBy: "INInteraction(intent:response:)")
        else { return nil }
        guard let intentNode = fields["intent"] else {
            // An interaction is judged by its intent: one computed at run time leaves nothing to judge.
            if isComputed(pointer.appending("intent")) {
                reader.report(
                    ProblemCode.missingValue,
                    "interaction has no 'intent': the interaction is judged by its intent, so it cannot be computed at run time", node, pointer)
            }
            return nil
        }
        guard let intent = intent(intentNode, pointer.appending("intent")) else { return nil }
        var interaction = Interaction(pointer: pointer, intent: intent)
        if let value = fields["response"] {
            interaction.response = response(value, pointer.appending("response"), for: intent)
        }
        if let value = fields["direction"] {
            interaction.directionIsSet = true
            interaction.direction = enumeration(value, pointer.appending("direction"), "INInteractionDirection") ?? .unspecified
        }
        if let value = fields["identifier"] { interaction.identifier = reader.string(value, pointer.appending("identifier")) }
        if let value = fields["groupIdentifier"] { interaction.groupIdentifier = reader.string(value, pointer.appending("groupIdentifier")) }
        if let value = fields["dateInterval"] { interaction.dateInterval = dateInterval(value, pointer.appending("dateInterval")) }
        if let value = fields["intentHandlingStatus"] {
            interaction.intentHandlingStatus = enumeration(value, pointer.appending("intentHandlingStatus"), "INIntentHandlingStatus")
        }
        return interaction
    }

    private mutating func intent(_ node: JSONNode, _ pointer: JSONPointer) -> Intent? {
        let classes = IntentClass.allCases.map(\.rawValue)
        guard let (className, payload) = classWrapper(node, pointer, what: "an intent", classes: classes),
            let intentClass = IntentClass(rawValue: className)
        else { return nil }
        let at = pointer.appending(className)
        switch intentClass {
        case .sendMessage:
            guard
                let fields = fields(
                    payload, at, what: className, known: InteractionKeys.sendMessage, unmodelled: InteractionKeys.sendMessageUnmodelled)
            else { return nil }
            var message = SendMessageIntent()
            if let value = fields["recipients"] { message.recipients = people(value, at.appending("recipients")) }
            if let value = fields["sender"] { message.sender = person(value, at.appending("sender")) }
            if let value = fields["content"] { message.content = reader.string(value, at.appending("content")) }
            if let value = fields["serviceName"] { message.serviceName = reader.string(value, at.appending("serviceName")) }
            if let value = fields["conversationIdentifier"] {
                message.conversationIdentifier = reader.string(value, at.appending("conversationIdentifier"))
            }
            if let value = fields["speakableGroupName"] { message.speakableGroupName = speakableString(value, at.appending("speakableGroupName")) }
            if let value = fields["outgoingMessageType"] {
                message.outgoingMessageType = name(
                    value, at.appending("outgoingMessageType"), "INOutgoingMessageType", ["unknown", "outgoingMessageText", "outgoingMessageAudio"])
            }
            return Intent(pointer: pointer, kind: .sendMessage(message))
        case .startCall, .startAudioCall, .startVideoCall:
            let known =
                intentClass == .startCall
                ? InteractionKeys.startCall : intentClass == .startAudioCall ? InteractionKeys.startAudioCall : InteractionKeys.startVideoCall
            guard let fields = fields(payload, at, what: className, known: known, unmodelled: InteractionKeys.startCallUnmodelled) else { return nil }
            var call = StartCallIntent(intentClass: intentClass)
            if let value = fields["contacts"] { call.contacts = people(value, at.appending("contacts")) }
            if let value = fields["destinationType"] {
                call.destinationType = name(
                    value, at.appending("destinationType"), "INCallDestinationType",
                    ["unknown", "normal", "emergency", "voicemail", "redial", "callBack"])
            }
            if let value = fields["callCapability"] {
                call.callCapability = name(value, at.appending("callCapability"), "INCallCapability", ["unknown", "audioCall", "videoCall"])
            }
            if let value = fields["audioRoute"] {
                call.audioRoute = name(
                    value, at.appending("audioRoute"), "INCallAudioRoute", ["unknown", "speakerphoneAudioRoute", "bluetoothAudioRoute"])
            }
            return Intent(pointer: pointer, kind: .startCall(call))
        case .getReservationDetails:
            guard let fields = fields(payload, at, what: className, known: InteractionKeys.getReservationDetails) else { return nil }
            var details = GetReservationDetailsIntent()
            if let value = fields["reservationContainerReference"] {
                details.reservationContainerReference = speakableString(value, at.appending("reservationContainerReference"))
            }
            if let value = fields["reservationItemReferences"] {
                let itemsPointer = at.appending("reservationItemReferences")
                if case .null = value.value {
                    details.reservationItemReferences = nil
                } else if let elements = reader.array(value, itemsPointer) {
                    details.reservationItemReferences = elements.enumerated().compactMap { index, element in
                        speakableString(element, itemsPointer.appending(index))
                    }
                }
            }
            return Intent(pointer: pointer, kind: .getReservationDetails(details))
        case .playMedia:
            guard let fields = fields(payload, at, what: className, known: InteractionKeys.playMedia, unmodelled: InteractionKeys.playMediaUnmodelled)
            else { return nil }
            var media = PlayMediaIntent()
            if let value = fields["mediaItems"], let elements = reader.array(value, at.appending("mediaItems")) {
                media.mediaItems = elements.enumerated().compactMap { index, element in
                    mediaItem(element, at.appending("mediaItems").appending(index))
                }
            }
            if let value = fields["mediaContainer"] { media.mediaContainer = mediaItem(value, at.appending("mediaContainer")) }
            if let value = fields["playShuffled"] { media.playShuffled = reader.bool(value, at.appending("playShuffled")) }
            if let value = fields["resumePlayback"] { media.resumePlayback = reader.bool(value, at.appending("resumePlayback")) }
            if let value = fields["playbackSpeed"] { media.playbackSpeed = reader.number(value, at.appending("playbackSpeed")) }
            if let value = fields["playbackRepeatMode"] {
                media.playbackRepeatMode = name(value, at.appending("playbackRepeatMode"), "INPlaybackRepeatMode", ["unknown", "none", "all", "one"])
            }
            if let value = fields["playbackQueueLocation"] {
                media.playbackQueueLocation = name(
                    value, at.appending("playbackQueueLocation"), "INPlaybackQueueLocation", ["unknown", "now", "next", "later"])
            }
            return Intent(pointer: pointer, kind: .playMedia(media))
        }
    }

    /// `INMediaItem`, and the `INMediaItemType` cases by name.
    static let mediaItemTypes = [
        "unknown", "song", "album", "artist", "genre", "playlist", "podcastShow", "podcastEpisode", "podcastPlaylist", "musicStation", "audioBook",
        "movie", "tvShow", "tvShowEpisode", "musicVideo", "podcastStation", "radioStation", "station", "music", "algorithmicRadioStation", "news",
    ]

    private mutating func mediaItem(_ node: JSONNode, _ pointer: JSONPointer) -> MediaItem? {
        guard
            let fields = fields(node, pointer, what: "INMediaItem", known: InteractionKeys.mediaItem, unmodelled: InteractionKeys.mediaItemUnmodelled)
        else { return nil }
        var item = MediaItem(pointer: pointer)
        if let value = fields["identifier"] { item.identifier = reader.string(value, pointer.appending("identifier")) }
        if let value = fields["title"] { item.title = reader.string(value, pointer.appending("title")) }
        if let value = fields["artist"] { item.artist = reader.string(value, pointer.appending("artist")) }
        if let value = fields["type"] { item.type = name(value, pointer.appending("type"), "INMediaItemType", Self.mediaItemTypes) }
        return item
    }

    private mutating func response(_ node: JSONNode, _ pointer: JSONPointer, for intent: Intent) -> IntentResponse? {
        let isReservation = if case .getReservationDetails = intent.kind { true } else { false }
        let known = isReservation ? InteractionKeys.response : ["code"]
        guard let fields = fields(node, pointer, what: "\(intent.className)Response", known: known, unmodelled: InteractionKeys.responseUnmodelled)
        else { return nil }
        var response = IntentResponse(pointer: pointer)
        if let value = fields["code"] {
            if isReservation {
                response.code = name(
                    value, pointer.appending("code"), "INGetReservationDetailsIntentResponseCode",
                    ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"])
            } else if case .playMedia = intent.kind {
                response.code = name(
                    value, pointer.appending("code"), "INPlayMediaIntentResponseCode",
                    [
                        "unspecified", "ready", "continueInApp", "inProgress", "success", "handleInApp", "failure", "failureRequiringAppLaunch",
                        "failureUnknownMediaType", "failureNoUnplayedContent", "failureRestrictedContent", "failureMaxStreamLimitReached",
                    ])
            } else {
                // Each communication intent has its own failure codes; Proctor does not judge them.
                response.code = reader.string(value, pointer.appending("code"))
            }
        }
        if let value = fields["reservations"], let elements = reader.array(value, pointer.appending("reservations")) {
            response.reservations = elements.enumerated().compactMap { index, element in
                reservation(element, pointer.appending("reservations").appending(index))
            }
        }
        return response
    }

    // MARK: - INPerson

    private mutating func people(_ node: JSONNode, _ pointer: JSONPointer) -> [Person]? {
        guard let elements = reader.array(node, pointer) else { return nil }
        return elements.enumerated().compactMap { index, element in person(element, pointer.appending(index)) }
    }

    private mutating func person(_ node: JSONNode, _ pointer: JSONPointer) -> Person? {
        guard let fields = fields(node, pointer, what: "INPerson", known: InteractionKeys.person, unmodelled: InteractionKeys.personUnmodelled)
        else { return nil }
        var person = Person(pointer: pointer)
        if let value = fields["personHandle"] { person.personHandle = personHandle(value, pointer.appending("personHandle")) }
        if let value = fields["displayName"] { person.displayName = reader.string(value, pointer.appending("displayName")) }
        if let value = fields["nameComponents"] {
            person.nameComponents = stringFields(
                value, pointer.appending("nameComponents"), what: "PersonNameComponents", known: InteractionKeys.nameComponents)
        }
        if let value = fields["contactIdentifier"] { person.contactIdentifier = reader.string(value, pointer.appending("contactIdentifier")) }
        if let value = fields["customIdentifier"] { person.customIdentifier = reader.string(value, pointer.appending("customIdentifier")) }
        if let value = fields["aliases"], let elements = reader.array(value, pointer.appending("aliases")) {
            person.aliases = elements.enumerated().compactMap { index, element in personHandle(element, pointer.appending("aliases").appending(index))
            }
        }
        if let value = fields["isMe"] { person.isMe = reader.bool(value, pointer.appending("isMe")) }
        if let value = fields["suggestionType"] {
            person.suggestionType = name(
                value, pointer.appending("suggestionType"), "INPersonSuggestionType", ["none", "socialProfile", "instantMessageAddress"])
        }
        return person
    }

    private mutating func personHandle(_ node: JSONNode, _ pointer: JSONPointer) -> PersonHandle? {
        guard
            let fields = fields(
                node, pointer, what: "INPersonHandle", known: InteractionKeys.personHandle, required: ["type"],
                requiredBy: "INPersonHandle(value:type:)")
        else { return nil }
        var value: String?
        if let node = fields["value"] { value = reader.string(node, pointer.appending("value")) }
        let type: PersonHandleType? = fields["type"].flatMap { enumeration($0, pointer.appending("type"), "INPersonHandleType") }
        var handle = PersonHandle(pointer: pointer, value: value, type: type ?? .unknown)
        if let node = fields["label"] {
            handle.label = name(
                node, pointer.appending("label"), "INPersonHandleLabel",
                ["home", "work", "iPhone", "mobile", "main", "homeFax", "workFax", "pager", "other", "school"])
        }
        return handle
    }

    // MARK: - INReservation

    private mutating func reservation(_ node: JSONNode, _ pointer: JSONPointer) -> Reservation? {
        let classes = ReservationClass.allCases.map(\.rawValue)
        guard let (className, payload) = classWrapper(node, pointer, what: "a reservation", classes: classes),
            let reservationClass = ReservationClass(rawValue: className)
        else { return nil }
        let at = pointer.appending(className)
        let (own, required) = Self.reservationKeys(reservationClass)
        guard
            let fields = fields(
                payload, at, what: className, known: InteractionKeys.reservation + own, required: ["itemReference"] + required,
                requiredBy: "\(className)(itemReference:...)")
        else { return nil }
        guard let referenceNode = fields["itemReference"] else {
            // The item is known by it: one computed at run time is written as its text ("…").
            if isComputed(at.appending("itemReference")) {
                reader.report(
                    ProblemCode.missingValue,
                    "\(className) has no 'itemReference': a reservation is known by it, so one computed at run time is written, as \"…\" when its text is unknown",
                    payload, at)
            }
            return nil
        }
        guard let itemReference = speakableString(referenceNode, at.appending("itemReference")) else { return nil }
        let reservedSeat = fields["reservedSeat"].flatMap { seat($0, at.appending("reservedSeat")) }
        let details: Reservation.Details
        switch reservationClass {
        case .flight:
            // A flight the app computes at run time is there, with nothing known of it.
            let flightAt = at.appending("flight")
            guard let flight = fields["flight"].map({ flight($0, flightAt) }) ?? (isComputed(flightAt) ? Flight(pointer: flightAt) : nil) else {
                return nil
            }
            details = .flight(FlightReservation(flight: flight, reservedSeat: reservedSeat))
        case .lodging:
            details = .lodging(
                LodgingReservation(
                    lodgingBusinessLocation: fields["lodgingBusinessLocation"].flatMap { placemark($0, at.appending("lodgingBusinessLocation")) },
                    reservationDuration: fields["reservationDuration"].flatMap { range($0, at.appending("reservationDuration")) },
                    numberOfAdults: fields["numberOfAdults"].flatMap { count($0, at.appending("numberOfAdults")) },
                    numberOfChildren: fields["numberOfChildren"].flatMap { count($0, at.appending("numberOfChildren")) }))
        case .restaurant:
            details = .restaurant(
                RestaurantReservation(
                    reservationDuration: fields["reservationDuration"].flatMap { range($0, at.appending("reservationDuration")) },
                    restaurantLocation: fields["restaurantLocation"].flatMap { placemark($0, at.appending("restaurantLocation")) },
                    partySize: fields["partySize"].flatMap { count($0, at.appending("partySize")) }))
        case .rentalCar:
            details = .rentalCar(
                RentalCarReservation(
                    rentalCar: fields["rentalCar"].flatMap { rentalCar($0, at.appending("rentalCar")) },
                    rentalDuration: fields["rentalDuration"].flatMap { range($0, at.appending("rentalDuration")) },
                    pickupLocation: fields["pickupLocation"].flatMap { placemark($0, at.appending("pickupLocation")) },
                    dropOffLocation: fields["dropOffLocation"].flatMap { placemark($0, at.appending("dropOffLocation")) }))
        case .ticketedEvent:
            let eventAt = at.appending("event")
            guard let event = fields["event"].map({ ticketedEvent($0, eventAt) }) ?? (isComputed(eventAt) ? TicketedEvent() : nil) else { return nil }
            details = .ticketedEvent(TicketedEventReservation(event: event, reservedSeat: reservedSeat))
        case .train, .bus, .boat:
            let key = own[0]
            let keys = reservationClass == .train ? TripKeys.train : reservationClass == .bus ? TripKeys.bus : TripKeys.boat
            let decodedTrip = fields[key].flatMap { trip($0, at.appending(key), keys) }
            let value = TripReservation(objectKey: key, trip: decodedTrip, reservedSeat: reservedSeat)
            details = reservationClass == .train ? .train(value) : reservationClass == .bus ? .bus(value) : .boat(value)
        }
        var reservation = Reservation(pointer: pointer, itemReference: itemReference, details: details)
        if let value = fields["reservationNumber"] { reservation.reservationNumber = reader.string(value, at.appending("reservationNumber")) }
        if let value = fields["bookingTime"] { reservation.bookingTime = reader.date(value, at.appending("bookingTime")) }
        // Kept as written: `reservation_status_known` names an unknown status with a suggestion.
        if let value = fields["reservationStatus"] { reservation.reservationStatus = reader.string(value, at.appending("reservationStatus")) }
        if let value = fields["reservationHolderName"] {
            reservation.reservationHolderName = reader.string(value, at.appending("reservationHolderName"))
        }
        if let value = fields["url"] { reservation.url = reader.string(value, at.appending("url")) }
        if let value = fields["actions"], let elements = reader.array(value, at.appending("actions")) {
            reservation.actions = elements.enumerated().compactMap { index, element in action(element, at.appending("actions").appending(index)) }
        }
        return reservation
    }

    private mutating func action(_ node: JSONNode, _ pointer: JSONPointer) -> ReservationAction? {
        guard
            let fields = fields(
                node, pointer, what: "INReservationAction", known: InteractionKeys.action, required: InteractionKeys.action,
                requiredBy: "INReservationAction(type:validDuration:userActivity:)")
        else { return nil }
        let type: ReservationActionType? = fields["type"].flatMap { enumeration($0, pointer.appending("type"), "INReservationActionType") }
        var action = ReservationAction(pointer: pointer, type: type ?? .unknown)
        action.validDuration = fields["validDuration"].flatMap { range($0, pointer.appending("validDuration")) }
        action.userActivity = fields["userActivity"].flatMap { decodeUserActivity($0, at: pointer.appending("userActivity")) }
        return action
    }

    private mutating func flight(_ node: JSONNode, _ pointer: JSONPointer) -> Flight? {
        guard
            let fields = fields(
                node, pointer, what: "INFlight", known: InteractionKeys.flight,
                required: ["airline", "flightNumber", "flightDuration", "departureAirportGate", "arrivalAirportGate"],
                requiredBy: "INFlight(airline:flightNumber:boardingTime:flightDuration:departureAirportGate:arrivalAirportGate:)")
        else { return nil }
        var flight = Flight(pointer: pointer)
        if let value = fields["airline"], let airline = codes(value, pointer.appending("airline"), what: "INAirline") {
            flight.airline = Airline(
                pointer: pointer.appending("airline"), name: airline["name"], iataCode: airline["iataCode"], icaoCode: airline["icaoCode"])
        }
        if let value = fields["flightNumber"] { flight.flightNumber = reader.string(value, pointer.appending("flightNumber")) }
        if let value = fields["boardingTime"] { flight.boardingTime = range(value, pointer.appending("boardingTime")) }
        if let value = fields["flightDuration"] { flight.flightDuration = range(value, pointer.appending("flightDuration")) }
        if let value = fields["departureAirportGate"] { flight.departureAirportGate = airportGate(value, pointer.appending("departureAirportGate")) }
        if let value = fields["arrivalAirportGate"] { flight.arrivalAirportGate = airportGate(value, pointer.appending("arrivalAirportGate")) }
        return flight
    }

    private mutating func airportGate(_ node: JSONNode, _ pointer: JSONPointer) -> AirportGate? {
        guard
            let fields = fields(
                node, pointer, what: "INAirportGate", known: InteractionKeys.airportGate, required: ["airport"],
                requiredBy: "INAirportGate(airport:terminal:gate:)")
        else { return nil }
        var gate = AirportGate(pointer: pointer)
        if let value = fields["airport"], let airport = codes(value, pointer.appending("airport"), what: "INAirport") {
            gate.airport = Airport(
                pointer: pointer.appending("airport"), name: airport["name"], iataCode: airport["iataCode"], icaoCode: airport["icaoCode"])
        }
        if let value = fields["terminal"] { gate.terminal = reader.string(value, pointer.appending("terminal")) }
        if let value = fields["gate"] { gate.gate = reader.string(value, pointer.appending("gate")) }
        return gate
    }

    /// An `INAirline` or `INAirport`: `name`, `iataCode`, `icaoCode`, all optional strings.
    private mutating func codes(_ node: JSONNode, _ pointer: JSONPointer, what: String) -> [String: String]? {
        stringFields(node, pointer, what: what, known: InteractionKeys.airline)
    }

    private mutating func rentalCar(_ node: JSONNode, _ pointer: JSONPointer) -> RentalCar? {
        guard
            let fields = fields(
                node, pointer, what: "INRentalCar", known: InteractionKeys.rentalCar, required: ["rentalCompanyName"],
                requiredBy: "INRentalCar(rentalCompanyName:type:make:model:rentalCarDescription:)")
        else { return nil }
        var car = RentalCar()
        if let value = fields["rentalCompanyName"] { car.rentalCompanyName = reader.string(value, pointer.appending("rentalCompanyName")) }
        if let value = fields["type"] { car.type = reader.string(value, pointer.appending("type")) }
        if let value = fields["make"] { car.make = reader.string(value, pointer.appending("make")) }
        if let value = fields["model"] { car.model = reader.string(value, pointer.appending("model")) }
        if let value = fields["rentalCarDescription"] { car.rentalCarDescription = reader.string(value, pointer.appending("rentalCarDescription")) }
        return car
    }

    private mutating func ticketedEvent(_ node: JSONNode, _ pointer: JSONPointer) -> TicketedEvent? {
        guard
            let fields = fields(
                node, pointer, what: "INTicketedEvent", known: InteractionKeys.ticketedEvent, required: ["category", "name", "eventDuration"],
                requiredBy: "INTicketedEvent(category:name:eventDuration:location:)")
        else { return nil }
        var event = TicketedEvent()
        if let value = fields["category"] {
            event.category = name(value, pointer.appending("category"), "INTicketedEventCategory", ["unknown", "movie"])
        }
        if let value = fields["name"] { event.name = reader.string(value, pointer.appending("name")) }
        if let value = fields["eventDuration"] { event.eventDuration = range(value, pointer.appending("eventDuration")) }
        if let value = fields["location"] { event.location = placemark(value, pointer.appending("location")) }
        return event
    }

    private mutating func trip(_ node: JSONNode, _ pointer: JSONPointer, _ keys: TripKeys) -> Trip? {
        guard
            let fields = fields(
                node, pointer, what: keys.className, known: keys.all, required: ["tripDuration", keys.departure, keys.arrival],
                requiredBy: "\(keys.className)(...)")
        else { return nil }
        var trip = Trip(pointer: pointer)
        if let value = fields["provider"] { trip.provider = reader.string(value, pointer.appending("provider")) }
        if let value = fields[keys.name] { trip.name = reader.string(value, pointer.appending(keys.name)) }
        if let value = fields[keys.number] { trip.number = reader.string(value, pointer.appending(keys.number)) }
        if let value = fields["tripDuration"] { trip.tripDuration = range(value, pointer.appending("tripDuration")) }
        if let value = fields[keys.departure] { trip.departureLocation = placemark(value, pointer.appending(keys.departure)) }
        if let value = fields["departurePlatform"] { trip.departurePlatform = reader.string(value, pointer.appending("departurePlatform")) }
        if let value = fields[keys.arrival] { trip.arrivalLocation = placemark(value, pointer.appending(keys.arrival)) }
        if let value = fields["arrivalPlatform"] { trip.arrivalPlatform = reader.string(value, pointer.appending("arrivalPlatform")) }
        return trip
    }

    private mutating func seat(_ node: JSONNode, _ pointer: JSONPointer) -> Seat? {
        guard let fields = stringFields(node, pointer, what: "INSeat", known: InteractionKeys.seat) else { return nil }
        var seat = Seat()
        seat.seatSection = fields["seatSection"]
        seat.seatRow = fields["seatRow"]
        seat.seatNumber = fields["seatNumber"]
        seat.seatingType = fields["seatingType"]
        return seat
    }

    // MARK: - Dates and places

    private mutating func dateInterval(_ node: JSONNode, _ pointer: JSONPointer) -> DateInterval? {
        guard
            let fields = fields(
                node, pointer, what: "DateInterval", known: InteractionKeys.dateInterval, required: ["start"], requiredBy: "DateInterval(start:end:)")
        else { return nil }
        guard let start = fields["start"].flatMap({ reader.date($0, pointer.appending("start")) }) else { return nil }
        if fields["end"] != nil && fields["duration"] != nil {
            reader.report(ProblemCode.invalidValue, "a DateInterval has an 'end' or a 'duration', not both", node, pointer)
            return nil
        }
        if let value = fields["end"] {
            guard let end = reader.date(value, pointer.appending("end")) else { return nil }
            guard end >= start else {
                reader.report(
                    ProblemCode.invalidValue, "the interval's end is before its start; DateInterval(start:end:) traps on it", value,
                    pointer.appending("end"))
                return nil
            }
            return DateInterval(start: start, end: end)
        }
        if let value = fields["duration"] {
            guard let duration = reader.number(value, pointer.appending("duration")) else { return nil }
            guard duration >= 0 else {
                reader.report(
                    ProblemCode.invalidValue, "a DateInterval's duration is a number of seconds, zero or more", value, pointer.appending("duration"))
                return nil
            }
            return DateInterval(start: start, duration: duration)
        }
        return DateInterval(start: start, duration: 0)
    }

    private mutating func range(_ node: JSONNode, _ pointer: JSONPointer) -> DateComponentsRange? {
        guard
            let fields = fields(
                node, pointer, what: "INDateComponentsRange", known: InteractionKeys.range, unmodelled: InteractionKeys.rangeUnmodelled)
        else { return nil }
        var range = DateComponentsRange(pointer: pointer)
        if let value = fields["start"], case .null = value.value {
        } else if let value = fields["start"] {
            range.start = dateComponents(value, pointer.appending("start"))
        }
        if let value = fields["end"], case .null = value.value {
        } else if let value = fields["end"] {
            range.end = dateComponents(value, pointer.appending("end"))
        }
        return range
    }

    private mutating func dateComponents(_ node: JSONNode, _ pointer: JSONPointer) -> DateComponentsValue? {
        guard
            let fields = fields(
                node, pointer, what: "DateComponents", known: InteractionKeys.dateComponents, unmodelled: InteractionKeys.dateComponentsUnmodelled)
        else { return nil }
        var components = DateComponentsValue(pointer: pointer)
        let limits: [(String, ClosedRange<Int>, WritableKeyPath<DateComponentsValue, Int?>)] = [
            // 9999 is left out so that every instant, in every zone, prints as a four-digit year.
            ("year", 1...9998, \.year), ("month", 1...12, \.month), ("day", 1...31, \.day), ("hour", 0...23, \.hour),
            ("minute", 0...59, \.minute), ("second", 0...60, \.second),
        ]
        for (key, limit, path) in limits {
            guard let value = fields[key] else { continue }
            let number: Int64
            let written: String
            switch value.value {
            case .integer(let integer): (number, written) = (integer, String(integer))
            case .unsignedInteger(let integer): (number, written) = (.max, String(integer))  // out of every range
            default:
                reader.mismatch("an integer", for: key, value, pointer.appending(key))
                continue
            }
            guard limit.contains(Int(clamping: number)) else {
                reader.report(
                    ProblemCode.invalidValue, "'\(key)' is \(written); it must lie in \(limit.lowerBound)...\(limit.upperBound)", value,
                    pointer.appending(key))
                continue
            }
            components[keyPath: path] = Int(number)
        }
        if let value = fields["timeZone"] { components.timeZone = timeZone(value, pointer.appending("timeZone")) }
        let dayKeys = ["year", "month", "day"]
        // A key computed at run time is there, unknown.
        let written = dayKeys.filter { fields[$0] != nil || isComputed(pointer.appending($0)) }
        // A key written with a bad value is already reported; only keys left out are missing.
        if !written.isEmpty && written.count < dayKeys.count {
            let absent = dayKeys.filter { !written.contains($0) }.map { "'\($0)'" }
            reader.report(
                ProblemCode.missingValue,
                "DateComponents that name a day need 'year', 'month' and 'day'; \(Suggestion.list(absent)) \(absent.count == 1 ? "is" : "are") missing",
                node, pointer)
        } else if let year = components.year, let month = components.month, let day = components.day,
            day > DateFormat.daysIn(month: month, year: year)
        {
            reader.report(ProblemCode.invalidValue, "\(year)-\(month) has no day \(day)", fields["day"] ?? node, pointer.appending("day"))
        }
        return components
    }

    private mutating func placemark(_ node: JSONNode, _ pointer: JSONPointer) -> Placemark? {
        guard let fields = fields(node, pointer, what: "CLPlacemark", known: InteractionKeys.placemark) else { return nil }
        var placemark = Placemark(pointer: pointer)
        if let value = fields["name"] { placemark.name = reader.string(value, pointer.appending("name")) }
        if let value = fields["location"],
            let location = self.fields(
                value, pointer.appending("location"), what: "CLLocation", known: InteractionKeys.location, required: InteractionKeys.location,
                requiredBy: "CLLocation(latitude:longitude:)")
        {
            placemark.latitude = location["latitude"].flatMap { reader.number($0, pointer.appending("location").appending("latitude")) }
            placemark.longitude = location["longitude"].flatMap { reader.number($0, pointer.appending("location").appending("longitude")) }
        }
        if let value = fields["postalAddress"] {
            placemark.postalAddress = stringFields(
                value, pointer.appending("postalAddress"), what: "CNPostalAddress", known: InteractionKeys.postalAddress)
        }
        if let value = fields["timeZone"] { placemark.timeZone = timeZone(value, pointer.appending("timeZone")) }
        return placemark
    }

    // MARK: - Shapes shared by the classes above

    /// An `INSpeakableString`: an object, or a string standing for `INSpeakableString(spokenPhrase:)`.
    private mutating func speakableString(_ node: JSONNode, _ pointer: JSONPointer) -> SpeakableString? {
        if case .string(let phrase) = node.value { return SpeakableString(spokenPhrase: phrase) }
        guard case .object = node.value else {
            reader.mismatch("a string or an INSpeakableString object", for: subject(pointer), node, pointer)
            return nil
        }
        guard
            let fields = stringFields(
                node, pointer, what: "INSpeakableString", known: InteractionKeys.speakableString, required: ["spokenPhrase"],
                requiredBy: "INSpeakableString(vocabularyIdentifier:spokenPhrase:pronunciationHint:)"),
            let phrase = fields["spokenPhrase"]
        else { return nil }
        return SpeakableString(
            spokenPhrase: phrase, vocabularyIdentifier: fields["vocabularyIdentifier"], pronunciationHint: fields["pronunciationHint"])
    }

    /// A one-key object naming a class: `{"INFlightReservation": {...}}`.
    private mutating func classWrapper(_ node: JSONNode, _ pointer: JSONPointer, what: String, classes: [String]) -> (String, JSONNode)? {
        let example = "{\"\(classes[0])\": {...}}"
        guard case .object(let wrapper) = node.value else {
            reader.mismatch("\(what) object naming its class, such as \(example),", for: "", node, pointer)
            return nil
        }
        guard let member = wrapper.members.first else {
            reader.report(
                ProblemCode.invalidValue, "\(what) is an object with one key naming its class: \(classes.joined(separator: ", "))", node, pointer)
            return nil
        }
        if wrapper.count > 1 {
            let extra = wrapper.members[1]
            reader.report(
                ProblemCode.invalidValue, "\(what) has exactly one key naming its class; found '\(member.key)' and '\(extra.key)'",
                offset: extra.keyOffset, pointer: pointer.appending(extra.key))
            return nil
        }
        guard classes.contains(member.key) else {
            reader.report(
                ProblemCode.invalidValue,
                "unknown class '\(member.key)'; Proctor reads \(classes.joined(separator: ", "))\(Suggestion.phrase(for: member.key, among: classes))",
                offset: member.keyOffset, pointer: pointer.appending(member.key))
            return nil
        }
        return (member.key, member.value)
    }

    /// Whether the payload marks the value at `pointer`, or one holding it, as computed at run
    /// time.
    func isComputed(_ pointer: JSONPointer) -> Bool {
        guard !computed.isEmpty else { return false }
        var tokens = pointer.tokens
        while !tokens.isEmpty {
            if computed.contains(JSONPointer(tokens).description) { return true }
            tokens.removeLast()
        }
        return false
    }

    /// An object's members by key: unknown keys are warned about and left out, missing required
    /// keys are errors at the object. Nil when the value is not an object.
    mutating func fields(
        _ node: JSONNode, _ pointer: JSONPointer, what: String, known: [String], unmodelled: Set<String> = [], required: [String] = [],
        requiredBy initializer: String = ""
    ) -> [String: JSONNode]? {
        guard let object = reader.object(node, pointer, what: what) else { return nil }
        var fields: [String: JSONNode] = [:]
        for member in object.members {
            if known.contains(member.key) {
                fields[member.key] = member.value
            } else {
                reader.unknownKey(member, in: what, at: pointer.appending(member.key), known: known, unmodelled: unmodelled)
            }
        }
        // A value the app computes at run time is there, whatever it is.
        for key in required where fields[key] == nil && !isComputed(pointer.appending(key)) {
            reader.report(ProblemCode.missingValue, "\(what) has no '\(key)'; \(initializer) requires it", node, pointer)
        }
        return fields
    }

    /// An object whose known members are all strings.
    private mutating func stringFields(
        _ node: JSONNode, _ pointer: JSONPointer, what: String, known: [String], required: [String] = [], requiredBy: String = ""
    ) -> [String: String]? {
        guard let fields = fields(node, pointer, what: what, known: known, required: required, requiredBy: requiredBy) else { return nil }
        var strings: [String: String] = [:]
        for (key, value) in fields {
            if let text = reader.string(value, pointer.appending(key)) { strings[key] = text }
        }
        return strings
    }

    /// A time zone identifier Foundation knows (IANA names, `UTC`, `GMT`).
    private mutating func timeZone(_ node: JSONNode, _ pointer: JSONPointer) -> String? {
        guard let identifier = reader.string(node, pointer) else { return nil }
        guard TimeZone(identifier: identifier) != nil else {
            reader.report(
                ProblemCode.invalidValue, "'\(identifier)' is not a time zone identifier; use an IANA name such as 'Europe/Paris', or 'UTC'", node,
                pointer)
            return nil
        }
        return identifier
    }

    /// How messages name the value at `pointer`: its key, or `key[index]` for an array element.
    private func subject(_ pointer: JSONPointer) -> String {
        let tokens = pointer.tokens
        guard let last = tokens.last else { return "" }
        if last.utf8.allSatisfy({ (0x30...0x39).contains($0) }), tokens.count > 1 { return "\(tokens[tokens.count - 2])[\(last)]" }
        return last
    }

    /// A non-negative integer (`partySize`, `numberOfAdults`).
    private mutating func count(_ node: JSONNode, _ pointer: JSONPointer) -> Int? {
        switch node.value {
        case .integer(let number) where number >= 0 && number <= Int64(Int32.max): return Int(number)
        case .integer(let number):
            reader.report(ProblemCode.invalidValue, "'\(pointer.tokens.last ?? "")' is \(number); it is a count, 0 or more", node, pointer)
        case .unsignedInteger(let number):
            reader.report(ProblemCode.invalidValue, "'\(pointer.tokens.last ?? "")' is \(number); it is a count, at most \(Int32.max)", node, pointer)
        default:
            reader.mismatch("an integer", for: subject(pointer), node, pointer)
        }
        return nil
    }

    /// An enumeration written as its Swift case name.
    private mutating func enumeration<Value: RawRepresentable & CaseIterable>(_ node: JSONNode, _ pointer: JSONPointer, _ typeName: String) -> Value?
    where Value.RawValue == String {
        name(node, pointer, typeName, Value.allCases.map(\.rawValue)).flatMap(Value.init(rawValue:))
    }

    /// A case name of an enumeration Proctor keeps as text; an unknown name is an error with a suggestion.
    private mutating func name(_ node: JSONNode, _ pointer: JSONPointer, _ typeName: String, _ names: [String]) -> String? {
        guard let text = reader.string(node, pointer) else { return nil }
        guard names.contains(text) else {
            reader.report(
                ProblemCode.invalidValue,
                "'\(text)' is not a case of \(typeName) (\(names.joined(separator: ", ")))\(Suggestion.phrase(for: text, among: names))", node,
                pointer)
            return nil
        }
        return text
    }
}
