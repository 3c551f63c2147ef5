import Foundation
import ProctorCore
import ProctorEngine
import ProctorInputs
import ProctorJSON
import ProctorPayloads
import ProctorRules
import ProctorVocabulary

/// The SiriKit part of the model: what the contact card learns from communication donations, the
/// Siri Suggestions calendar events and check-in shortcuts built from reservation donations, and
/// the screens the app shows while it donates. Every behaviour is documented, with its source or
/// marked as an assumption, in docs/system-model.md ("SiriKit interactions").
///
/// The model keeps the donated interactions themselves and derives the contact cards, the events
/// and the shortcuts from them, in donation order, whenever it is asked: deleting a donation
/// removes exactly what it taught.
struct SiriModel {
    /// Assumption: Apple says only that Siri uses a default based on the reservation type when a
    /// reservation has no end (WWDC19-243); these are the model's defaults, in hours.
    static func defaultDurationHours(_ reservationClass: ReservationClass) -> Int {
        switch reservationClass {
        case .flight: 3
        case .lodging: 24
        case .restaurant: 2
        case .rentalCar: 24
        case .ticketedEvent: 3
        case .train, .bus, .boat: 2
        }
    }

    struct DonatedInteraction {
        var interaction: Interaction
        var device: Int
        var step: Int
        /// Each reservation's `itemReference` identity and item identity, computed once: the
        /// item identity reads dates, which is slow, and deleting replays the donations.
        var items: [(key: String, identity: String?)]
    }

    /// Every interaction the app donated and did not delete, in donation order.
    private(set) var donations: [DonatedInteraction] = []

    /// The most recent `INPlayMediaIntent` donated on `device` that was not deleted: what Siri
    /// suggests after a trigger (MediaModel).
    func latestMediaDonation(on device: Int) -> PlayMediaIntent? {
        for donation in donations.reversed() where donation.device == device {
            if case .playMedia(let media) = donation.interaction.intent.kind { return media }
        }
        return nil
    }
    /// The view each device shows, from its last `showScreen`.
    private(set) var screens: [Int: ScreenView] = [:]

    struct ScreenView {
        var step: Int
        var name: String
        /// The reservation containers the view lists, as the scenario names them.
        var reservations: [String]
        /// The containers donated from this view so far: the step of the latest donation of each,
        /// and what its items were as last donated in this view.
        var donated: [String: DonatedInView] = [:]
    }

    /// What a view remembers of the donations of one reservation container.
    struct DonatedInView {
        var step: Int
        var items: [String: ItemFingerprint]
    }

    /// What a donation says about one reservation item that a later donation from the same view
    /// can change: a donation whose items all have the fingerprint they were last donated with in
    /// the view carries nothing new (`reservation_donation_once_per_view`).
    struct ItemFingerprint: Equatable {
        var status: String?
        /// `seatSection`, `seatRow`, `seatNumber`, `seatingType`.
        var seat: [String?]
        /// The start and end of the reservation's date range, as instants.
        var start: Date?
        var end: Date?

        init(_ reservation: Reservation) {
            status = reservation.reservationStatus
            let seat = reservation.reservedSeat
            self.seat = [seat?.seatSection, seat?.seatRow, seat?.seatNumber, seat?.seatingType]
            start = reservation.duration?.range.start?.date
            end = reservation.duration?.range.end?.date
        }
    }

    /// Every item identity donated so far and its references, for
    /// `reservation_item_reference_stable`: the same judge as lint's. Deleting a donation does not
    /// change it: the item was donated under that reference all the same.
    private var referenceHistory = ItemReferenceHistory<Int>()

    /// The live reservation items, in the order of their latest donation, kept up to date as
    /// donations arrive and rebuilt only when donations are deleted. `liveSlots` has a gap where
    /// an item was replaced or canceled; `liveSlot` finds an item's slot by its `itemReference`;
    /// `liveKeys` lists the live references of each item identity.
    private var liveSlots: [LiveReservation?] = []
    private var liveSlot: [String: Int] = [:]
    private var liveKeys: [String: Set<String>] = [:]
    /// How many reservations have been applied to the live items, rebuilds included: the work
    /// the model does, which tests check stays linear in what is donated.
    private(set) var appliedReservations = 0

    /// What the model saw when the app donated: the events the rules only a scenario can judge
    /// are about (ProctorRules' Subjects/ScenarioEvents.swift and ItemReferenceChange).
    struct DonationTrace {
        var referenceChanges: [ItemReferenceChange] = []
        var onScreen: ReservationDonatedOnScreen?
    }

    // MARK: - Screens and donations

    mutating func show(screen: String, reservations: [String], device: Int, step: Int) {
        screens[device] = ScreenView(step: step, name: screen, reservations: reservations)
    }

    /// Stores the donation and returns what the model saw: each reservation item donated under a
    /// new `itemReference`, and, for a donation from a screen, the screen and whether the donation
    /// repeats one made earlier in the same view.
    mutating func donate(_ interaction: Interaction, device: Int, step: Int, background: Bool, deviceName: String) -> DonationTrace {
        var trace = DonationTrace()
        let reservations = interaction.reservations
        let items = reservations.map { (key: $0.itemReference.identity, identity: $0.itemIdentity) }
        if case .getReservationDetails(let intent) = interaction.intent.kind {
            let changes = referenceHistory.record(items.map { .init(identity: $0.identity, reference: $0.key, mention: step) })
            for change in changes {
                let reservation = reservations[change.index]
                let (key, identity) = items[change.index]
                // What the new reference does to the calendar: the item is still live under
                // another reference, or it is not (canceled, deleted) and this one starts anew.
                let liveElsewhere = identity.map { (liveKeys[$0] ?? []).contains { $0 != key } } ?? false
                let consequence =
                    switch (liveElsewhere, reservation.isCanceled) {
                    case (true, false): "so Siri keeps both as separate items"
                    case (true, true): "so Siri takes it for another item, and this cancellation does not remove the earlier one"
                    case (false, _): "so Siri takes it for another item"
                    }
                // The history reports only items with an identity.
                trace.referenceChanges.append(
                    ItemReferenceChange(
                        itemIdentity: identity ?? "", reference: key, earlierReference: change.earlierReference, earlier: .step(change.earlier),
                        consequence: consequence, place: .pointer(reservation.pointer("itemReference"))))
            }
            if !background, var screen = screens[device] {
                let container = intent.reservationContainerReference
                let pointer =
                    container == nil
                    ? interaction.intent.payloadPointer : interaction.intent.payloadPointer.appending("reservationContainerReference")
                var unchangedSince: Int?
                if let container {
                    // Again in this view: it repeats the earlier donation unless it carries
                    // something new, an item not donated in this view yet or one whose
                    // fingerprint changed (a cancellation, a seat, a new time).
                    let fingerprints = zip(items, reservations).map { ($0.key, ItemFingerprint($1)) }
                    var donated = screen.donated[container.identity] ?? DonatedInView(step: step, items: [:])
                    if screen.donated[container.identity] != nil, fingerprints.allSatisfy({ donated.items[$0.0] == $0.1 }) {
                        unchangedSince = donated.step
                    } else {
                        donated.step = step
                        for (key, fingerprint) in fingerprints { donated.items[key] = fingerprint }
                        screen.donated[container.identity] = donated
                        screens[device] = screen
                    }
                }
                trace.onScreen = ReservationDonatedOnScreen(
                    screen: .init(name: screen.name, shownAtStep: screen.step, reservations: screen.reservations, device: deviceName),
                    container: container, containerPointer: pointer, unchangedSinceStep: unchangedSince)
            }
        }
        let donation = DonatedInteraction(interaction: interaction, device: device, step: step, items: items)
        donations.append(donation)
        apply(donation)
        return trace
    }

    /// Brings the live items up to date with one more donation, in order: a later donation of an
    /// item replaces it (and moves it last), a `canceled` one removes it.
    private mutating func apply(_ donation: DonatedInteraction) {
        guard case .getReservationDetails(let intent) = donation.interaction.intent.kind else { return }
        for (reservation, item) in zip(donation.interaction.reservations, donation.items) {
            appliedReservations += 1
            if let slot = liveSlot.removeValue(forKey: item.key) {
                if let identity = liveSlots[slot]?.identity {
                    liveKeys[identity]?.remove(item.key)
                    if liveKeys[identity]?.isEmpty == true { liveKeys[identity] = nil }
                }
                liveSlots[slot] = nil
            }
            guard !reservation.isCanceled else { continue }
            liveSlot[item.key] = liveSlots.count
            liveSlots.append(
                LiveReservation(
                    key: item.key, reservation: reservation, container: intent.reservationContainerReference, step: donation.step,
                    identity: item.identity))
            if let identity = item.identity { liveKeys[identity, default: []].insert(item.key) }
        }
        // Drop the gaps once they are most of the slots, so that the slots stay linear in the
        // live items however often they are updated.
        if liveSlots.count > 64, liveSlot.count * 2 < liveSlots.count { compactLiveSlots() }
    }

    private mutating func compactLiveSlots() {
        liveSlots = liveSlots.filter { $0 != nil }
        for (index, live) in liveSlots.enumerated() { liveSlot[live!.key] = index }
    }

    /// Rebuilds the live items from the remaining donations, after a deletion.
    private mutating func rebuildLiveReservations() {
        liveSlots = []
        liveSlot = [:]
        liveKeys = [:]
        for donation in donations { apply(donation) }
    }

    /// `INInteraction.delete(with:)` and `deleteAll()`: the app's donations on `device`.
    mutating func delete(_ deletion: InteractionDeletion, device: Int) {
        let before = donations.count
        donations.removeAll { donation in
            guard donation.device == device else { return false }
            switch deletion {
            case .identifiers(let identifiers): return donation.interaction.identifier.map(identifiers.contains) ?? false
            case .groupIdentifier(let group): return donation.interaction.groupIdentifier == group
            case .all: return true
            }
        }
        if donations.count != before { rebuildLiveReservations() }
    }

    /// Whether a reference a scenario may expect to be nil (`null`) names a speakable string
    /// (``SpeakableString/isNamed(by:)``): nil names only nil.
    static func names(nullable reference: String?, _ string: SpeakableString?) -> Bool {
        switch (reference, string) {
        case (nil, nil): true
        case (let name?, let string?): string.isNamed(by: name)
        default: false
        }
    }

    // MARK: - Contact card

    struct Contact {
        /// The contact identifier when a donation set one, else the first handle value.
        var key: String
        var contactIdentifier: String?
        /// The latest name a donation gave the person.
        var name: String?
        /// In the order they were first learned.
        var offers: [ContactOffer]
    }

    struct ContactOffer: Equatable {
        var action: ContactCardAction
        /// The class of the latest donation that taught the offer.
        var intentClass: String
        var handle: String
        var handleType: PersonHandleType
        var serviceName: String?
        var contactIdentifier: String?
        var name: String?
    }

    /// The contacts the app's outgoing message and call donations on `device` taught, in the order
    /// they were first learned.
    ///
    /// One pass over the donations, with the contacts and their offers found by key rather than by
    /// a search of those learned so far: a messaging scenario donates thousands of messages.
    func contacts(on device: Int) -> [Contact] {
        var contacts: [Contact] = []
        var contactIndex: [String: Int] = [:]
        /// Per contact: an offer's position by action, handle and service.
        var offerIndex: [[OfferKey: Int]] = []
        for donation in donations where donation.device == device {
            let interaction = donation.interaction
            // Outgoing is "the only supported direction for donations of interactions" (WWDC16-240).
            guard interaction.direction == .outgoing, interaction.intent.isCommunication else { continue }
            let action: ContactCardAction = if case .sendMessage = interaction.intent.kind { .message } else { .call }
            var serviceName: String?
            if case .sendMessage(let message) = interaction.intent.kind, let service = message.serviceName, !service.isEmpty { serviceName = service }
            for person in interaction.intent.addressees ?? [] {
                let handles = ([person.personHandle].compactMap { $0 } + (person.aliases ?? [])).filter { !($0.value ?? "").isEmpty }
                guard let first = handles.first else { continue }
                let contactIdentifier = person.contactIdentifier.flatMap { $0.isEmpty ? nil : $0 }
                let key = contactIdentifier ?? first.value!
                let index: Int
                if let existing = contactIndex[key] {
                    index = existing
                } else {
                    contacts.append(Contact(key: key, contactIdentifier: contactIdentifier, name: nil, offers: []))
                    offerIndex.append([:])
                    index = contacts.count - 1
                    contactIndex[key] = index
                }
                if let name = person.name { contacts[index].name = name }
                for handle in handles {
                    let offer = ContactOffer(
                        action: action, intentClass: interaction.intent.className, handle: handle.value!, handleType: handle.type,
                        serviceName: serviceName, contactIdentifier: contactIdentifier, name: person.name)
                    let offerKey = OfferKey(action: action, handle: offer.handle, serviceName: serviceName)
                    if let known = offerIndex[index][offerKey] {
                        contacts[index].offers[known] = offer
                    } else {
                        offerIndex[index][offerKey] = contacts[index].offers.count
                        contacts[index].offers.append(offer)
                    }
                }
            }
        }
        return contacts
    }

    /// What makes two offers one: a later donation of the same action, handle and service
    /// replaces the earlier.
    private struct OfferKey: Hashable {
        var action: ContactCardAction
        var handle: String
        var serviceName: String?
    }

    /// The contact a step names: by contact identifier, else by a handle value, else by name; the
    /// first learned when several match.
    func contact(_ person: String, on device: Int) -> Contact? {
        let all = contacts(on: device)
        return all.first { $0.contactIdentifier == person } ?? all.first { $0.offers.contains { $0.handle == person } }
            ?? all.first { $0.name == person }
    }

    // MARK: - Reservations

    /// The newest version of a reservation item the app donated, while it is not canceled.
    struct LiveReservation {
        /// The item's `itemReference`: its vocabulary identifier, else its spoken phrase.
        var key: String
        var reservation: Reservation
        var container: SpeakableString?
        var step: Int
        /// ``Reservation/itemIdentity``, computed once.
        var identity: String?
    }

    /// Reservation items by `itemReference`, in the order of their latest donation: the
    /// donations applied in order, a later donation of the same item replacing it, a `canceled`
    /// one removing it.
    func liveReservations() -> [LiveReservation] {
        liveSlots.compactMap { $0 }
    }

    struct CalendarEvent {
        var title: String
        var start: Date
        var end: Date
        var location: String?
        var notes: String?
        var itemReference: SpeakableString
        var container: SpeakableString?
        var step: Int
    }

    /// The Siri Suggestions calendar, the same on every device: one event per live reservation item
    /// with a start, ordered by start, title and item reference.
    func calendar() -> [CalendarEvent] {
        liveReservations().compactMap(Self.event).sorted { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.title != b.title { return a.title < b.title }
            return a.itemReference.identity < b.itemReference.identity
        }
    }

    static func event(_ live: LiveReservation) -> CalendarEvent? {
        let reservation = live.reservation
        guard let range = reservation.duration?.range, let start = range.start?.date else { return nil }
        var end = range.end?.date ?? start
        if range.end?.date == nil || end < start {
            end = start.addingTimeInterval(TimeInterval(defaultDurationHours(reservation.reservationClass) * 3600))
        }
        return CalendarEvent(
            title: title(reservation), start: start, end: end, location: location(reservation), notes: notes(reservation),
            itemReference: reservation.itemReference, container: live.container, step: live.step)
    }

    /// The localized type Siri puts in front of the title (English, the model's only locale).
    static func typeName(_ reservation: Reservation) -> String {
        switch reservation.details {
        case .flight: "Flight"
        case .lodging: "Lodging"
        case .restaurant: "Restaurant"
        case .rentalCar: "Rental car"
        case .ticketedEvent(let event): event.event.category == "movie" ? "Movie" : "Event"
        case .train: "Train"
        case .bus: "Bus"
        case .boat: "Boat"
        }
    }

    /// `<Type>: <what> <from> → <to>`, the parts the class has, empty ones left out with their
    /// spaces; `<Type>` alone when the reservation names nothing. docs/system-model.md lists the
    /// parts of each class.
    static func title(_ reservation: Reservation) -> String {
        func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        func route(_ from: String?, _ to: String?) -> String? {
            guard let from = nonEmpty(from), let to = nonEmpty(to) else { return nil }
            return "\(from) → \(to)"
        }
        let parts: [String?]
        switch reservation.details {
        case .flight(let flight):
            let airline = nonEmpty(flight.flight.airline?.iataCode) ?? nonEmpty(flight.flight.airline?.icaoCode)
            let number = [airline, nonEmpty(flight.flight.flightNumber)].compactMap { $0 }.joined()
            parts = [number, route(flight.flight.departureAirportGate?.airport?.code, flight.flight.arrivalAirportGate?.airport?.code)]
        case .lodging(let lodging): parts = [lodging.lodgingBusinessLocation?.name]
        case .restaurant(let restaurant): parts = [restaurant.restaurantLocation?.name]
        case .rentalCar(let car): parts = [car.rentalCar?.rentalCompanyName]
        case .ticketedEvent(let event): parts = [event.event.name]
        case .train(let trip), .bus(let trip), .boat(let trip):
            let what = [trip.trip?.provider, trip.trip?.name, trip.trip?.number].compactMap(nonEmpty).joined(separator: " ")
            parts = [what, route(trip.trip?.departureLocation?.name, trip.trip?.arrivalLocation?.name)]
        }
        let details = parts.compactMap(nonEmpty).joined(separator: " ")
        return details.isEmpty ? typeName(reservation) : "\(typeName(reservation)): \(details)"
    }

    /// Where the event takes place: the departure for transport, the place otherwise.
    static func location(_ reservation: Reservation) -> String? {
        switch reservation.details {
        case .flight(let flight):
            guard let airport = flight.flight.departureAirportGate?.airport else { return nil }
            let name = airport.name.flatMap { $0.isEmpty ? nil : $0 }
            let code = airport.code.flatMap { $0.isEmpty ? nil : $0 }
            if let name, let code { return "\(name) (\(code))" }
            return name ?? code
        case .lodging(let lodging): return lodging.lodgingBusinessLocation.flatMap(location)
        case .restaurant(let restaurant): return restaurant.restaurantLocation.flatMap(location)
        case .rentalCar(let car): return car.pickupLocation.flatMap(location)
        case .ticketedEvent(let event): return event.event.location.flatMap(location)
        case .train(let trip), .bus(let trip), .boat(let trip): return trip.trip?.departureLocation.flatMap(location)
        }
    }

    /// A placemark as the event shows it: its name and postal address; the coordinates only when
    /// there is neither, and never 0,0, which tells Siri to use only the postal address.
    static func location(_ placemark: Placemark) -> String? {
        let parts = [placemark.name.flatMap { $0.isEmpty ? nil : $0 }, placemark.formattedAddress].compactMap { $0 }
        if !parts.isEmpty { return parts.joined(separator: ", ") }
        guard let latitude = placemark.latitude, let longitude = placemark.longitude, !placemark.coordinatesMeanAddressOnly else { return nil }
        return "\(latitude), \(longitude)"
    }

    /// One line per detail the reservation has: the reservation number, then the seat.
    static func notes(_ reservation: Reservation) -> String? {
        var lines: [String] = []
        if let number = reservation.reservationNumber, !number.isEmpty { lines.append("Reservation number: \(number)") }
        if let seat = reservation.reservedSeat {
            for (label, value) in [("Section", seat.seatSection), ("Row", seat.seatRow), ("Seat", seat.seatNumber), ("Seating", seat.seatingType)] {
                if let value, !value.isEmpty { lines.append("\(label): \(value)") }
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The events a step or an expectation names: by exact title, or by item reference.
    func events(named name: String) -> [CalendarEvent] {
        let all = calendar()
        let byTitle = all.filter { $0.title == name }
        return byTitle.isEmpty ? all.filter { $0.itemReference.isNamed(by: name) } : byTitle
    }

    // MARK: - Check-in shortcuts

    struct CheckInShortcut {
        var title: String
        var activity: UserActivity
        var opens: Date?
        var closes: Date?
        var itemReference: String
        var step: Int

        func isOpen(at now: Date) -> Bool {
            (opens.map { $0 <= now } ?? true) && (closes.map { now <= $0 } ?? true)
        }

        /// When the shortcut is shown, for messages.
        var window: String {
            "\(opens.map(DateFormat.format) ?? "any time") to \(closes.map(DateFormat.format) ?? "any time")"
        }
    }

    /// Every check-in action of the live reservations whose activity has a title, open or not, by
    /// opening time and title.
    func checkInShortcuts() -> [CheckInShortcut] {
        var shortcuts: [CheckInShortcut] = []
        for live in liveReservations() {
            for action in live.reservation.actions ?? [] where action.type == .checkIn {
                guard let activity = action.userActivity, let title = activity.title, !title.isEmpty else { continue }
                shortcuts.append(
                    CheckInShortcut(
                        title: title, activity: activity, opens: action.validDuration?.start?.date, closes: action.validDuration?.end?.date,
                        itemReference: live.key, step: live.step))
            }
        }
        return shortcuts.sorted { a, b in
            let (x, y) = (a.opens ?? .distantPast, b.opens ?? .distantPast)
            return x != y ? x < y : a.title < b.title
        }
    }

    /// The shortcuts on the lock screen and in search at `now`, on every device.
    func visibleCheckInShortcuts(at now: Date) -> [CheckInShortcut] {
        checkInShortcuts().filter { $0.isOpen(at: now) }
    }
}
