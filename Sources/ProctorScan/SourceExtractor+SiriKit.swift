import ProctorCore
import ProctorJSON
import SwiftSyntax

/// SiriKit donations in Swift: `INInteraction(intent:response:)` with an intent Proctor's payloads
/// read, and the response with its reservations, built from initializer calls whose labels are the
/// properties (docs/scan.md).
extension SourceExtractor {
    /// The properties every `INReservation` subclass's initializer takes first.
    private static let reservationBase = [
        "itemReference", "reservationNumber", "bookingTime", "reservationStatus", "reservationHolderName", "actions", "url",
    ]

    /// The classes read, with the initializer labels (and for a response, the property the code
    /// sets after it) that are properties of the payload. Labels outside these (an image,
    /// attachments, a calendar) are not modelled and are left out.
    static let siriKitClasses: [String: Set<String>] = [
        "INSendMessageIntent": [
            "recipients", "sender", "content", "serviceName", "conversationIdentifier", "speakableGroupName", "outgoingMessageType",
        ],
        "INStartCallIntent": ["contacts", "destinationType", "callCapability", "audioRoute"],
        "INStartAudioCallIntent": ["contacts", "destinationType"],
        "INStartVideoCallIntent": ["contacts"],
        "INGetReservationDetailsIntent": ["reservationContainerReference", "reservationItemReferences"],
        "INPlayMediaIntent": [
            "mediaItems", "mediaContainer", "playShuffled", "playbackRepeatMode", "resumePlayback", "playbackQueueLocation", "playbackSpeed",
        ],
        "INMediaItem": ["identifier", "title", "type", "artist"],
        "INPerson": ["personHandle", "displayName", "nameComponents", "contactIdentifier", "customIdentifier", "aliases", "isMe", "suggestionType"],
        "INPersonHandle": ["value", "type", "label"],
        "INSpeakableString": ["spokenPhrase", "vocabularyIdentifier", "pronunciationHint"],
        // The response: `INGetReservationDetailsIntentResponse(code:userActivity:)`, then
        // `response.reservations = [...]`.
        "INGetReservationDetailsIntentResponse": ["code", "reservations"],
        "INFlightReservation": Set(reservationBase + ["reservedSeat", "flight"]),
        "INLodgingReservation": Set(reservationBase + ["lodgingBusinessLocation", "reservationDuration", "numberOfAdults", "numberOfChildren"]),
        "INRestaurantReservation": Set(reservationBase + ["reservationDuration", "partySize", "restaurantLocation"]),
        "INRentalCarReservation": Set(reservationBase + ["rentalCar", "rentalDuration", "pickupLocation", "dropOffLocation"]),
        "INTicketedEventReservation": Set(reservationBase + ["reservedSeat", "event"]),
        "INTrainReservation": Set(reservationBase + ["reservedSeat", "trainTrip"]),
        "INBusReservation": Set(reservationBase + ["reservedSeat", "busTrip"]),
        "INBoatReservation": Set(reservationBase + ["reservedSeat", "boatTrip"]),
        "INReservationAction": ["type", "validDuration", "userActivity"],
        "INFlight": ["airline", "flightNumber", "boardingTime", "flightDuration", "departureAirportGate", "arrivalAirportGate"],
        "INAirline": ["name", "iataCode", "icaoCode"],
        "INAirport": ["name", "iataCode", "icaoCode"],
        "INAirportGate": ["airport", "terminal", "gate"],
        "INSeat": ["seatSection", "seatRow", "seatNumber", "seatingType"],
        "INRentalCar": ["rentalCompanyName", "type", "make", "model", "rentalCarDescription"],
        "INTicketedEvent": ["category", "name", "eventDuration", "location"],
        "INTrainTrip": [
            "provider", "trainName", "trainNumber", "tripDuration", "departureStationLocation", "departurePlatform", "arrivalStationLocation",
            "arrivalPlatform",
        ],
        "INBusTrip": [
            "provider", "busName", "busNumber", "tripDuration", "departureBusStopLocation", "departurePlatform", "arrivalBusStopLocation",
            "arrivalPlatform",
        ],
        "INBoatTrip": ["provider", "boatName", "boatNumber", "tripDuration", "departureBoatTerminalLocation", "arrivalBoatTerminalLocation"],
        "INDateComponentsRange": ["start", "end"],
        "DateComponents": ["timeZone", "year", "month", "day", "hour", "minute", "second"],
        "CLPlacemark": ["location", "name", "postalAddress"],
        "CLLocation": ["latitude", "longitude"],
    ]

    /// The intents among them: written as `{"ClassName": {...}}`, and the type a tap on their
    /// suggestion continues.
    static let intentClasses: Set<String> = [
        "INSendMessageIntent", "INStartCallIntent", "INStartAudioCallIntent", "INStartVideoCallIntent", "INGetReservationDetailsIntent",
        "INPlayMediaIntent",
    ]

    /// The classes written as `{"ClassName": {...}}`: the intents and the reservations.
    static let classNamed: Set<String> = intentClasses.union([
        "INFlightReservation", "INLodgingReservation", "INRestaurantReservation", "INRentalCarReservation", "INTicketedEventReservation",
        "INTrainReservation", "INBusReservation", "INBoatReservation",
    ])

    /// The properties whose value is text (or an `INSpeakableString`, which a payload may write as
    /// its text): one computed at run time is kept as "…" (and a finding about the form of that
    /// stand-in is dropped). Any other computed value (an enumeration, a date, a place, an
    /// object) is left out, with a note, and the payload lists it as computed.
    static let siriKitTextProperties: Set<String> = [
        "content", "serviceName", "conversationIdentifier", "displayName", "contactIdentifier", "customIdentifier", "value", "spokenPhrase",
        "vocabularyIdentifier", "pronunciationHint", "identifier", "title", "artist", "groupIdentifier",
        "speakableGroupName", "reservationContainerReference", "itemReference", "reservationNumber", "reservationHolderName",
        "flightNumber", "name", "iataCode", "icaoCode", "terminal", "gate", "seatSection", "seatRow", "seatNumber", "seatingType",
        "rentalCompanyName", "make", "model", "rentalCarDescription", "provider", "trainName", "trainNumber", "busName", "busNumber",
        "boatName", "boatNumber", "departurePlatform", "arrivalPlatform",
    ]

    /// The properties whose value is an enumeration: `.outgoing` (or `INInteractionDirection
    /// .outgoing`) is the case's name. Anywhere else an implicit member (`.now`, `.current`) is
    /// computed at run time.
    static let siriKitEnumerationProperties: Set<String> = [
        "outgoingMessageType", "destinationType", "callCapability", "audioRoute", "type", "label", "suggestionType", "playbackRepeatMode",
        "playbackQueueLocation", "direction", "intentHandlingStatus", "code", "reservationStatus", "category",
    ]

    /// The most SiriKit values read for one interaction.
    static let siriKitValueLimit = 1000

    /// The INInteraction properties read after `let interaction = INInteraction(…)`.
    static let interactionProperties: Set<String> = ["direction", "identifier", "groupIdentifier", "intentHandlingStatus"]

    /// `INInteraction(intent:response:)`: its intent and response, and what the code after
    /// `let interaction = …` sets on it.
    func readInteraction(_ call: FunctionCallExprSyntax) {
        siriKitBudget = Self.siriKitValueLimit
        var interaction = ScannedDonation(activityType: .dynamic("an intent the scan cannot follow"), location: location(call), symbol: symbol)
        interaction.kind = .interaction
        interaction.currentness = .handedOn
        let root = JSONPointer(["interaction"])
        if let argument = call.arguments.first(where: { $0.label?.text == "intent" }) {
            let at = root.appending("intent")
            if let (className, fields) = siriKitObject(argument.expression, near: Syntax(call), key: "intent", path: at, into: &interaction),
                Self.intentClasses.contains(className)
            {
                interaction.activityType = .string(className)
                var property = ScannedDonation.Property(
                    key: "intent", value: .dictionary([(className, .dictionary(fields.map { ($0.key, $0.value) }))]), location: location(argument))
                property.entries = fields.map { ($0.key, $0.location) }
                property.entryPrefix = [className]
                interaction.properties.append(property)
            }
        }
        if let argument = call.arguments.first(where: { $0.label?.text == "response" }), !argument.expression.is(NilLiteralExprSyntax.self) {
            let at = root.appending("response")
            if let found = siriKitValue(argument.expression, near: Syntax(call), key: "response", path: at, depth: 0, into: &interaction) {
                interaction.properties.append(ScannedDonation.Property(key: "response", value: found, location: location(argument)))
            }
        }
        if let (name, following) = Self.binding(of: call) {
            let uses = UseCollector(name: name, properties: Self.interactionProperties)
            for item in following { uses.walk(item) }
            for (key, expression, node) in uses.assignments {
                let found = siriKitValue(expression, near: node, key: key, path: root.appending(key), depth: 0, into: &interaction)
                if let found { interaction.properties.append(ScannedDonation.Property(key: key, value: found, location: location(node))) }
            }
        }
        // A reservation action's activity is judged inside the interaction, when the interaction
        // is judged at all: one whose intent the scan cannot follow leaves it a payload of its own.
        if interaction.activityType.string != nil {
            for index in donations.indices where donations[index].kind == .userActivity && embeddedActivities.contains(donations[index].location) {
                donations[index].isEmbedded = true
            }
        }
        embeddedActivities = []
        donations.append(interaction)
    }

    /// A SiriKit object: `Class(label: value, …)` of a class above (or any `…IntentResponse`, of
    /// which only the code is read), or a name bound to one earlier in an enclosing block, with
    /// what the code sets on that name afterwards (a response's `reservations`). The class and
    /// its fields, each with its place; `path` is the object's pointer in the payload.
    func siriKitObject(
        _ expression: ExprSyntax, near: Syntax, key: String, path: JSONPointer, into donation: inout ScannedDonation, depth: Int = 0
    ) -> (String, [(key: String, value: StaticValue, location: ProctorCore.SourceLocation)])? {
        guard depth < 16 else { return nil }
        // Names bound to objects of objects can fan out without end (each alias an array of the
        // one before): past this many values the rest is left out.
        guard siriKitBudget > 0 else {
            donation.leftOut.append(
                (key, "the interaction holds more than \(Self.siriKitValueLimit) values; the rest is not read", location(expression)))
            return nil
        }
        siriKitBudget -= 1
        var expression = expression
        var bound: (name: String, following: [CodeBlockItemSyntax])?
        if let name = ValueResolver.path(of: expression), name.count == 1, let declared = Self.declaration(named: name[0], before: near),
            let initializer = declared.initializer
        {
            expression = initializer
            bound = (name[0], declared.following)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let callee = ValueResolver.path(of: call.calledExpression), callee.count == 1,
            let properties = Self.siriKitClasses[callee[0]] ?? (callee[0].hasSuffix("IntentResponse") ? ["code"] : nil)
        else { return nil }
        let base = Self.classNamed.contains(callee[0]) ? path.appending(callee[0]) : path
        if bound != nil { donation.places[path.description] = location(call) }
        var fields: [(key: String, value: StaticValue, location: ProctorCore.SourceLocation)] = []
        func set(_ label: String, _ value: ExprSyntax, near: Syntax, at place: ProctorCore.SourceLocation) {
            fields.removeAll { $0.key == label }
            guard !value.is(NilLiteralExprSyntax.self) else { return }
            let at = base.appending(label).description
            donation.places[at] = nil
            if let found = siriKitValue(value, near: near, key: label, path: base.appending(label), depth: depth + 1, into: &donation) {
                fields.append((label, found, place))
                // An object bound to a name earlier is where it is built (its findings are fixed
                // there), not where it is handed on; anything else is where it is set.
                if donation.places[at] == nil { donation.places[at] = place }
            }
        }
        for argument in call.arguments {
            guard let label = argument.label?.text, properties.contains(label) else { continue }
            set(label, argument.expression, near: Syntax(call), at: location(argument))
        }
        if let bound {
            let uses = UseCollector(name: bound.name, properties: properties)
            for item in bound.following { uses.walk(item) }
            for (label, value, node) in uses.assignments { set(label, value, near: node, at: location(node)) }
        }
        return (callee[0], fields)
    }

    /// A value inside a SiriKit object at `path`: an object, an array of them, an enumeration case
    /// (`.outgoing`, `INInteractionDirection.outgoing`), a time zone by identifier, a reservation
    /// action's activity, or what the value resolver reads. Nil, with a note, when it is computed
    /// at run time and is not text; a property so computed is listed as computed.
    private func siriKitValue(
        _ expression: ExprSyntax, near: Syntax, key: String, path: JSONPointer, depth: Int, into donation: inout ScannedDonation
    ) -> StaticValue? {
        if key == "userActivity", let activity = embeddedActivity(expression, near: near, path: path, into: &donation) {
            return activity
        }
        if key == "timeZone", let call = expression.as(FunctionCallExprSyntax.self), ValueResolver.path(of: call.calledExpression) == ["TimeZone"],
            let identifier = call.arguments.first(where: { $0.label?.text == "identifier" })
        {
            return siriKitValue(identifier.expression, near: near, key: key, path: path, depth: depth, into: &donation)
        }
        if let object = siriKitObject(expression, near: near, key: key, path: path, into: &donation, depth: depth) {
            let fields = StaticValue.dictionary(object.1.map { ($0.key, $0.value) })
            return Self.classNamed.contains(object.0) ? .dictionary([(object.0, fields)]) : fields
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var elements: [StaticValue] = []
            for element in array.elements {
                let at = path.appending(elements.count)
                donation.places[at.description] = nil
                if let found = siriKitValue(element.expression, near: near, key: key, path: at, depth: depth + 1, into: &donation) {
                    elements.append(found)
                    if donation.places[at.description] == nil { donation.places[at.description] = location(element.expression) }
                } else if path.tokens.last == key {
                    // An element computed at run time is left out: the array holds what is known,
                    // and has more, which JSON Pointer names "-" (the element past the last).
                    donation.computed.append((path.appending("-"), "an element is computed at run time"))
                }
            }
            return .array(elements)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), Self.siriKitEnumerationProperties.contains(key) {
            // `.outgoing`, or `INInteractionDirection.outgoing`: the case's name.
            if member.base == nil || (ValueResolver.path(of: member.base!)?.first?.hasPrefix("IN") ?? false) {
                return .string(member.declName.baseName.text)
            }
        }
        let found = value(expression)
        if case .dynamic(let reason) = found, !Self.siriKitTextProperties.contains(key) {
            // A value of several parts is read apart from the file (UseCollector): it is
            // located at the assignment.
            donation.leftOut.append((key, reason, expression.root == near.root ? location(expression) : location(near)))
            // An element of an array is left out of it; a property is there, unknown.
            if path.tokens.last == key { donation.computed.append((path, reason)) }
            return nil
        }
        return found
    }

    /// The `userActivity` of `INReservationAction(type:validDuration:userActivity:)`: an
    /// `NSUserActivity(activityType:)` built in place, or a name bound to one earlier, with what
    /// the code sets on it, as the payload writes an activity (its type first). The activity's
    /// own donation is marked embedded: it is judged here, inside the reservation.
    private func embeddedActivity(_ expression: ExprSyntax, near: Syntax, path: JSONPointer, into donation: inout ScannedDonation) -> StaticValue? {
        var call = expression.as(FunctionCallExprSyntax.self)
        var bound: (name: String, following: [CodeBlockItemSyntax])?
        if call == nil, let name = ValueResolver.path(of: expression), name.count == 1, let declared = Self.declaration(named: name[0], before: near),
            let initializer = declared.initializer?.as(FunctionCallExprSyntax.self)
        {
            call = initializer
            bound = (name[0], declared.following)
        }
        guard let call, ValueResolver.path(of: call.calledExpression) == ["NSUserActivity"],
            let typeArgument = call.arguments.first(where: { $0.label?.text == "activityType" })
        else { return nil }
        var activity = ScannedDonation(activityType: value(typeArgument.expression), location: location(call), symbol: symbol)
        if let bound {
            for item in bound.following { read(uses: bound.name, in: Syntax(item), into: &activity) }
        }
        let place = location(call)
        donation.places[path.description] = place
        embeddedActivities.append(place)
        var members: [(key: String, value: StaticValue)] = []
        let typeAt = path.appending("activityType")
        if case .dynamic(let reason) = activity.activityType {
            donation.leftOut.append(("activityType", reason, location(typeArgument)))
            donation.computed.append((typeAt, reason))
        } else {
            members.append(("activityType", activity.activityType))
            donation.places[typeAt.description] = location(typeArgument)
        }
        var written: Set<String> = []
        var properties: [(key: String, value: StaticValue)] = []
        // The last assignment of each property is the one the system sees.
        for property in activity.properties.reversed() where written.insert(property.key).inserted {
            let at = path.appending(property.key)
            if case .dynamic(let reason) = property.value, !PayloadTranscription.keptWhenComputed.contains(property.key) {
                donation.leftOut.append((property.key, reason, property.location))
                donation.computed.append((at, reason))
                continue
            }
            properties.append((property.key, property.value))
            donation.places[at.description] = property.location
            for entry in property.entries {
                donation.places[JSONPointer(at.tokens + property.entryPrefix + [entry.key]).description] = entry.location
            }
        }
        for (key, reason, place) in activity.leftOut {
            donation.leftOut.append((key, reason, place))
            donation.computed.append((JSONPointer(path.tokens + key.split(separator: ".").map(String.init)), reason))
        }
        return .dictionary(members + properties.sorted { $0.key < $1.key })
    }
}
