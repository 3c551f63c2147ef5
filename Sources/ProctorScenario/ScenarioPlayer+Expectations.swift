import Foundation
import ProctorLinks
import ProctorCore
import ProctorJSON
import ProctorReports
import ProctorVocabulary

/// Why an expectation does not hold: the message of its failed test case, and what was expected
/// and what the model shows, for the case's details.
struct ExpectationMismatch {
    var message: String
    var expected: String
    var actual: String

    init(_ message: String, expected: String, actual: String) {
        self.message = message
        self.expected = expected
        self.actual = actual
    }
}

/// Evaluating `expect` steps against the model.
extension ScenarioPlayer {

    mutating func evaluate(_ expectation: Expectation, at step: Step, order: Int) {
        let name = "expect \(expectation.key)"
        var problem: ExpectationMismatch?
        switch expectation.kind {
        case .spotlight(let spotlight):
            let results = model.search(spotlight.query, device: spotlight.device)
            let titles = results.map(\.title)
            let where_ = "Spotlight on '\(deviceName(spotlight.device))' for '\(spotlight.query)'"
            if let exact = spotlight.results, exact != titles {
                problem = ExpectationMismatch("\(where_) does not show exactly the expected results", expected: "results \(quoted(exact))", actual: describe(results))
            } else if let missing = spotlight.contains?.filter({ !titles.contains($0) }), !missing.isEmpty {
                problem = ExpectationMismatch("\(where_) does not show \(quoted(missing))", expected: "contains \(quoted(spotlight.contains ?? []))", actual: describe(results))
            } else if let present = spotlight.excludes?.filter(titles.contains), !present.isEmpty {
                problem = ExpectationMismatch("\(where_) shows \(quoted(present))", expected: "excludes \(quoted(spotlight.excludes ?? []))", actual: describe(results))
            } else if let wanted = spotlight.actions {
                // A title that is not among the results shows no actions: `results` says which are there.
                var expectedParts: [String] = [], actualParts: [String] = []
                for (title, actions) in wanted {
                    let shown = results.first { $0.title == title }.map { model.actions(of: $0, device: spotlight.device).map(\.rawValue) }
                    guard shown != actions else { continue }
                    expectedParts.append("'\(title)' \(quoted(actions))")
                    actualParts.append("'\(title)' " + (shown.map { quoted($0) } ?? "is not a result"))
                }
                if !expectedParts.isEmpty {
                    problem = ExpectationMismatch("\(where_) shows other quick actions", expected: expectedParts.joined(separator: "; "), actual: actualParts.joined(separator: "; "))
                }
            }
        case .handoff(let handoff):
            let offer = model.handoffOffer(on: handoff.device)
            let actual = "\(offer.kind.rawValue)\(offer.activity.map { " (activity '\($0.handle)')" } ?? ""): \(offer.reason)"
            let expected = "\(handoff.offer.rawValue)\(handoff.activity.map { " (activity '\($0)')" } ?? "")"
            if offer.kind != handoff.offer {
                problem = ExpectationMismatch("the Handoff offer on '\(deviceName(handoff.device))' is \(offer.kind.rawValue), not \(handoff.offer.rawValue)", expected: expected, actual: actual)
            } else if let wanted = handoff.activity, wanted != offer.activity?.handle {
                problem = ExpectationMismatch("the Handoff offer on '\(deviceName(handoff.device))' is activity '\(offer.activity?.handle ?? "")', not '\(wanted)'", expected: expected, actual: actual)
            }
        case .launch(let expected):
            problem = evaluateLaunch(expected)
        case .link(let expected):
            if let last = lastLink {
                let actual = "\(last.verdict.outcome.rawValue) for \(last.url): \(last.verdict.reason)"
                if last.verdict.outcome != expected.verdict {
                    problem = ExpectationMismatch("iOS opened \(last.url) in \(last.verdict.outcome == .app ? "the app" : "Safari"), not \(expected.verdict == .app ? "the app" : "Safari")", expected: expected.verdict.rawValue, actual: actual)
                } else if let pointer = expected.pointer, pointer != last.verdict.pointer {
                    problem = ExpectationMismatch("the link \(last.url) was decided at \(last.verdict.pointer ?? "no component"), not \(pointer)", expected: "\(expected.verdict.rawValue) at \(pointer)", actual: actual)
                }
            } else {
                problem = ExpectationMismatch("no universal link was opened before this step", expected: expected.verdict.rawValue, actual: "no link")
            }
        case .findings(let expected):
            problem = evaluateFindings(expected, before: step)
        case .index(let index):
            let state = model.devices[index.device]
            var differences: [(String, String)] = []
            func compare(_ label: String, _ expected: [String]?, _ actual: [String]) {
                guard let expected, expected.sorted() != actual.sorted() else { return }
                differences.append(("\(label) \(quoted(expected.sorted()))", "\(label) \(quoted(actual.sorted()))"))
            }
            compare("items", index.items, Array(state.items.keys))
            compare("activities", index.activities, Array(state.indexedActivities.keys))
            compare("publicActivities", index.publicActivities, state.indexedActivities.values.filter(\.isPublic).map(\.handle))
            if !differences.isEmpty {
                problem = ExpectationMismatch("the index on '\(deviceName(index.device))' differs", expected: differences.map(\.0).joined(separator: "; "), actual: differences.map(\.1).joined(separator: "; "))
            }
        case .contactCard(let card):
            problem = evaluateContactCard(card)
        case .calendar(let calendar):
            problem = evaluateCalendar(calendar)
        case .checkInShortcuts(let expected):
            let visible = model.siri.visibleCheckInShortcuts(at: model.now).map(\.title)
            if expected.titles.sorted() != visible.sorted() {
                let all = model.siri.checkInShortcuts()
                let hidden = all.filter { !$0.isOpen(at: model.now) }.map { "'\($0.title)' (open \($0.window))" }
                problem = ExpectationMismatch("the check-in shortcuts on '\(deviceName(expected.device))' at \(DateFormat.format(model.now)) differ", expected: quoted(expected.titles.sorted()), actual: quoted(visible.sorted()) + (hidden.isEmpty ? "" : "; not shown now: " + hidden.joined(separator: ", ")))
            }
        case .apns(let expected):
            problem = evaluateAPNs(expected)
        case .notifications(let expected):
            problem = evaluateNotifications(expected)
        case .directions(let expected):
            if let last = lastDirections {
                examineRefusals { $0.subject == .directions && $0.step.number == last.step }
                let offered = last.refusal == nil
                if offered != expected.offered {
                    problem = ExpectationMismatch(
                        "Maps \(offered ? "offers" : "does not offer") the app for the directions of step \(last.step)",
                        expected: expected.offered ? "offered" : "not offered", actual: last.refusal.map { "not offered: \($0)" } ?? "offered")
                }
            } else {
                problem = ExpectationMismatch("no requestDirections step came before this one", expected: expected.offered ? "offered" : "not offered", actual: "no request")
            }
        case .locationSuggestions(let expected):
            var expectedParts: [String] = [], actualParts: [String] = []
            if let wanted = expected.appSwitcher {
                let banner = model.appSwitcherPlace(on: expected.device)?.name
                if wanted != banner {
                    expectedParts.append("app switcher \(wanted.map { "'\($0)'" } ?? "no banner")")
                    actualParts.append("app switcher \(banner.map { "'\($0)'" } ?? "no banner")")
                }
            }
            if let wanted = expected.maps {
                let places = (model.recentPlaces[expected.device] ?? []).map(\.name)
                if wanted != places {
                    expectedParts.append("Maps \(quoted(wanted))")
                    actualParts.append("Maps \(quoted(places))")
                }
            }
            if let wanted = expected.quickType {
                let offered = model.quickType[expected.device]
                if wanted != offered?.suggestions ?? [] {
                    expectedParts.append("QuickType \(quoted(wanted))")
                    actualParts.append(offered.map { "QuickType \(quoted($0.suggestions)) in a \($0.type.rawValue) field" } ?? "no text field focused")
                }
            }
            if !expectedParts.isEmpty {
                problem = ExpectationMismatch("the location suggestions on '\(deviceName(expected.device))' differ", expected: expectedParts.joined(separator: "; "), actual: actualParts.joined(separator: "; "))
            }
        case .lockScreen(let expected):
            if let passes = expected.passes {
                let shown = model.wallet.lockScreen(on: expected.device, location: model.location.state(of: expected.device), now: model.now)
                let matches = shown.count == passes.count && zip(passes, shown).allSatisfy { want, have in
                    want.description == have.description && (want.text == nil || want.text! == have.text)
                }
                if !matches {
                    problem = ExpectationMismatch(
                        "the lock screen of '\(deviceName(expected.device))' shows other passes",
                        expected: quoted(passes.map { $0.description + ($0.text.map { " (\($0 ?? "no text"))" } ?? "") }),
                        actual: shown.isEmpty ? "no passes" : quoted(shown.map { "\($0.description) (\($0.text ?? "no text"); \($0.reason))" }))
                }
            }
            if let media = expected.media {
                if problem == nil { problem = evaluateMedia(media, on: expected.device) }
                // A Play that played nothing is examined by an expectation that says so.
                if media.shown != .nowPlaying || media.playing == false {
                    examineRefusals { $0.subject == .playback(device: expected.device) }
                }
            }
        case .addedEvents(let expected):
            problem = evaluateAddedEvents(expected)
            if let refused = expected.refused {
                examineRefusals { refusal in refused.contains { refusal.subject == .calendarSave(title: $0) } }
            }
        case .regions(let expected):
            problem = evaluateRegions(expected)
            // A refusal is examined by an expectation that names it, once its own step has run.
            if let failed = expected.failed {
                examineRefusals { refusal in failed.contains { refusal.subject == .region(device: expected.device, identifier: $0) } }
            }
        case .ranging(let expected):
            let ranged = model.location.ranged(on: expected.device, foreground: model.foreground.contains(expected.device))
            let actual = ranged.map { RangedBeacon(major: $0.beacon.major, minor: $0.beacon.minor, proximity: $0.proximity.rawValue) }
            if actual != expected.beacons {
                func text(_ beacons: [RangedBeacon]) -> String { "[" + beacons.map { "\($0.major)/\($0.minor) \($0.proximity)" }.joined(separator: ", ") + "]" }
                var why = ""
                if !model.foreground.contains(expected.device) { why = "; the app is in the background, and ranging reports only in the foreground" }
                else if model.location.state(of: expected.device).ranging.isEmpty { why = "; the app ranges no beacons (no startRangingBeacons step)" }
                problem = ExpectationMismatch("ranging on '\(deviceName(expected.device))' reports other beacons", expected: text(expected.beacons), actual: text(actual) + why)
            }
        }
        let key = [step.number, 3 + order]
        let caseName = testCaseName(step, name)
        noteOnTimeline(expectation, of: step, key: key)
        if let problem {
            record(key, caseName, failing: ScenarioCheck.expectationFailed.rawValue, message: problem.message, expected: problem.expected, actual: problem.actual, at: expectation.location)
        } else {
            record(key, caseName, .passed, expectation.location)
        }
    }

    func evaluateAddedEvents(_ expected: AddedEventsExpectation) -> ExpectationMismatch? {
        let saved = model.eventStore.events.map(\.event)
        func describe(_ event: CalendarEvent) -> String {
            "'\(event.title ?? "")' \(event.startDate.map(DateFormat.format) ?? "?") to \(event.endDate.map(DateFormat.format) ?? "?")\(event.url.map { ", url \($0)" } ?? "")"
        }
        func describe(_ event: ExpectedAddedEvent) -> String {
            var parts = ["'\(event.title)'"]
            if let start = event.start { parts.append("start \(DateFormat.format(start))") }
            if let end = event.end { parts.append("end \(DateFormat.format(end))") }
            if let url = event.url { parts.append("url \(url ?? "none")") }
            return parts.joined(separator: ", ")
        }
        if let wanted = expected.events {
            let matches = wanted.count == saved.count && zip(wanted, saved).allSatisfy { want, have in
                want.title == (have.title ?? "") && (want.start == nil || want.start == have.startDate) && (want.end == nil || want.end == have.endDate)
                    && (want.url == nil || want.url! == have.url)
            }
            if !matches {
                return ExpectationMismatch(
                    "the events the app added to the calendar differ", expected: "[" + wanted.map(describe).joined(separator: "; ") + "]",
                    actual: saved.isEmpty ? "no events" : "[" + saved.map(describe).joined(separator: "; ") + "]")
            }
        }
        if let wanted = expected.refused {
            let refused = model.eventStore.refusals.map(\.title)
            if wanted != refused {
                return ExpectationMismatch(
                    "the calendar saves EventKit refused differ", expected: "refused \(quoted(wanted))",
                    actual: "refused \(quoted(refused))" + model.eventStore.refusals.map { "; '\($0.title)': \($0.reason)" }.joined())
            }
        }
        return nil
    }

    func evaluateRegions(_ expected: RegionsExpectation) -> ExpectationMismatch? {
        let state = model.location.state(of: expected.device)
        var expectedParts: [String] = [], actualParts: [String] = []
        func compare(_ label: String, _ wanted: [String]?, _ actual: [String]) {
            guard let wanted, wanted != actual else { return }
            expectedParts.append("\(label) \(quoted(wanted))")
            actualParts.append("\(label) \(quoted(actual))")
        }
        compare("monitored", expected.monitored, state.monitored.compactMap(\.identifier))
        compare("inside", expected.inside.map { $0.sorted() }, state.inside.sorted())
        compare("events", expected.events, state.events.map(\.summary))
        compare("failed", expected.failed, state.failed)
        guard !expectedParts.isEmpty else { return nil }
        return ExpectationMismatch("the regions on '\(deviceName(expected.device))' differ", expected: expectedParts.joined(separator: "; "), actual: actualParts.joined(separator: "; "))
    }

    /// The last `sendPush`'s answer; examining it spares it the default check (a refusal fails).
    mutating func evaluateAPNs(_ expected: APNsExpectation) -> ExpectationMismatch? {
        let wanted = expected.reason.map { "\(expected.status) \($0)" } ?? "\(expected.status)"
        guard let index = model.notifications.answers.indices.last else {
            return ExpectationMismatch("no sendPush step sent a notification before this step", expected: wanted, actual: "no request")
        }
        if let last = lastPushStep, model.notifications.answers[index].step != last {
            return ExpectationMismatch("the last sendPush (step \(last)) sent no request: the server had no token", expected: wanted, actual: "no request")
        }
        examinedAnswers.insert(index)
        let answer = model.notifications.answers[index]
        guard answer.status != expected.status || (expected.reason != nil && expected.reason != answer.reason) else { return nil }
        return ExpectationMismatch("APNs answered the push of step \(answer.step) with \(answer.summary), not \(wanted)", expected: wanted, actual: "\(answer.summary): \(answer.why)")
    }

    func evaluateNotifications(_ expected: NotificationsExpectation) -> ExpectationMismatch? {
        let listed = model.notifications.listed(on: expected.device)
        let headlines = listed.map { $0.headline ?? "" }
        let quiet = listed.filter { if case .quiet = $0.presentation { return true } else { return false } }.map { $0.headline ?? "" }
        let wakes = model.notifications.backgroundWakes(on: expected.device)
        var expectedParts: [String] = [], actualParts: [String] = []
        if let wanted = expected.listed, wanted != headlines {
            expectedParts.append("listed \(quoted(wanted))")
            actualParts.append("listed \(quoted(headlines))")
        }
        if let wanted = expected.quiet, wanted != quiet {
            expectedParts.append("quiet \(quoted(wanted))")
            actualParts.append("quiet \(quoted(quiet))")
        }
        if let wanted = expected.backgroundWakes, wanted != wakes {
            expectedParts.append("\(wanted) background wakes")
            actualParts.append("\(wakes) background wakes")
        }
        guard !expectedParts.isEmpty else { return nil }
        let hidden = model.notifications.delivered.filter { $0.device == expected.device }.compactMap { delivered -> String? in
            if case .hidden(let why) = delivered.presentation { return "'\(delivered.headline ?? "")' not shown: \(why)" }
            return nil
        }
        return ExpectationMismatch(
            "the notifications on '\(deviceName(expected.device))' differ", expected: expectedParts.joined(separator: "; "),
            actual: (actualParts + hidden).joined(separator: "; "))
    }

    mutating func evaluateLaunch(_ expected: LaunchExpectation) -> ExpectationMismatch? {
        guard let index = launches.indices.last else {
            return ExpectationMismatch("no launch happened before this step", expected: describe(expected), actual: "no launch")
        }
        examinedLaunches.insert(index)
        let launch = launches[index]
        var mismatches: [String] = []
        switch launch.outcome {
        case .safari(let url):
            if expected.safari == nil { mismatches.append("Safari opened instead of the app") } else if expected.safari != url { mismatches.append("Safari opened \(url)") }
        case .routed(let route):
            if expected.safari != nil { mismatches.append("the app opened, not Safari") }
            if let failure = expected.failure { mismatches.append("the launch did not fail with \(failure.rawValue)") }
            if let name = expected.route, name != route.name { mismatches.append("route '\(route.name)', not '\(name)'") }
        case .failed(let failure, let route, let message):
            if expected.safari != nil { mismatches.append("the launch failed instead of opening Safari") }
            if expected.failure == nil { mismatches.append("it failed with \(failure.rawValue): \(message)") } else if expected.failure != failure { mismatches.append("it failed with \(failure.rawValue), not \(expected.failure!.rawValue)") }
            if let name = expected.route, name != route?.name { mismatches.append(route.map { "route '\($0.name)', not '\(name)'" } ?? "no route, not '\(name)'") }
        case .ambiguous:
            mismatches.append("the launch is ambiguous")
        }
        let delivery = launch.delivery
        if let type = expected.activityType, type != delivery?.activityType { mismatches.append("activity type '\(delivery?.activityType ?? "none")'") }
        if let identifier = expected.identifier, identifier != delivery?.identifier { mismatches.append("identifier '\(delivery?.identifier ?? "none")'") }
        if let url = expected.url, url != delivery?.url { mismatches.append("URL '\(delivery?.url ?? "none")'") }
        if let url = expected.webpageURL, url != delivery?.webpageURL { mismatches.append("webpageURL '\(delivery?.webpageURL ?? "none")'") }
        if let streams = expected.continuationStreams, streams != (delivery?.continuationStreams ?? false) {
            mismatches.append(streams ? "no continuation streams offered (the activity does not set supportsContinuationStreams, or the launch is not a Handoff)" : "continuation streams offered")
        }
        if let userInfo = expected.userInfo, PropertyListText.canonical(userInfo) != PropertyListText.canonical(delivery?.userInfo ?? []) {
            mismatches.append("a different userInfo")
        }
        if let wanted = expected.interaction {
            mismatches += interactionMismatches(wanted, delivery?.interaction)
        }
        guard !mismatches.isEmpty else { return nil }
        return ExpectationMismatch("the launch after \(launch.cause) differs: \(mismatches.joined(separator: "; "))", expected: describe(expected), actual: describe(launch))
    }

    func interactionMismatches(_ expected: InteractionLaunchExpectation, _ actual: DeliveredInteraction?) -> [String] {
        guard let actual else { return ["no interaction delivered"] }
        var mismatches: [String] = []
        func describe(_ reference: SpeakableString?) -> String { reference.map { "'\($0.identity)'" } ?? "nil" }
        if let intent = expected.intent, intent != actual.intentClass { mismatches.append("intent \(actual.intentClass)") }
        if let container = expected.reservationContainerReference {
            if !SiriModel.names(nullable: container, actual.reservationContainerReference) { mismatches.append("reservationContainerReference \(describe(actual.reservationContainerReference))") }
        }
        if let items = expected.reservationItemReferences {
            let holds = switch (items, actual.reservationItemReferences) {
            case (nil, nil): true
            case (let names?, let references?): names.count == references.count && zip(names, references).allSatisfy { $1.isNamed(by: $0) }
            default: false
            }
            if !holds {
                mismatches.append("reservationItemReferences \(actual.reservationItemReferences.map { "[" + $0.map(describe).joined(separator: ", ") + "]" } ?? "nil")")
            }
        }
        if let recipients = expected.recipients, recipients != actual.recipients { mismatches.append("recipients \(quoted(actual.recipients))") }
        if let service = expected.serviceName, service != actual.serviceName { mismatches.append("serviceName \(actual.serviceName.map { "'\($0)'" } ?? "nil")") }
        return mismatches
    }

    func evaluateContactCard(_ card: ContactCardExpectation) -> ExpectationMismatch? {
        let contact = model.siri.contact(card.person, on: card.device)
        let offers = contact?.offers ?? []
        func key(_ intent: String, _ handle: String, _ service: String?) -> String { "\(intent) \(handle) \(service ?? "-")" }
        let expectedKeys = card.offers.map { key($0.intent, $0.handle, $0.serviceName) }.sorted()
        let actualKeys = offers.map { key($0.intentClass, $0.handle, $0.serviceName) }.sorted()
        let wrongApp = card.offers.compactMap(\.app).filter { $0 != scenario.app.bundleIdentifier }
        guard expectedKeys != actualKeys || !wrongApp.isEmpty else { return nil }
        let expected = card.offers.isEmpty ? "no offers" : "offers " + card.offers.map { offer in
            "\(offer.intent) to '\(offer.handle)'\(offer.serviceName.map { " on '\($0)'" } ?? "")\(offer.app.map { " by \($0)" } ?? "")"
        }.joined(separator: ", ")
        let actual = contact.map { "the card offers \(describe($0.offers))" } ?? "no contact named '\(card.person)' (\(describe(model.siri.contacts(on: card.device))))"
        let message = wrongApp.isEmpty
            ? "the contact card of '\(card.person)' on '\(deviceName(card.device))' differs"
            : "the contact card's offers are the app's, '\(scenario.app.bundleIdentifier ?? "")', not \(quoted(wrongApp))"
        return ExpectationMismatch(message, expected: expected, actual: actual)
    }

    func evaluateCalendar(_ expected: CalendarExpectation) -> ExpectationMismatch? {
        let events = model.siri.calendar()
        let titles = events.map(\.title)
        let where_ = "the Siri Suggestions calendar on '\(deviceName(expected.device))'"
        if let exact = expected.events {
            if exact.map(\.title) != titles {
                return ExpectationMismatch("\(where_) does not hold exactly the expected events: \(titleDifferences(exact, events))", expected: "events \(quoted(exact.map(\.title)))", actual: "events \(quoted(titles))")
            }
            for (wanted, event) in zip(exact, events) {
                let differences = eventDifferences(wanted, event)
                if !differences.isEmpty {
                    return ExpectationMismatch("event '\(event.title)' differs: \(differences.joined(separator: "; "))", expected: describe(wanted), actual: describe([event]))
                }
            }
        }
        for wanted in expected.contains ?? [] {
            let candidates = events.filter { $0.title == wanted.title }
            guard !candidates.contains(where: { eventDifferences(wanted, $0).isEmpty }) else { continue }
            guard let first = candidates.first else {
                return ExpectationMismatch("\(where_) has \(noEvent(wanted, among: events))", expected: "contains \(describe(wanted))", actual: describe(events))
            }
            return ExpectationMismatch("event '\(wanted.title)' differs: \(eventDifferences(wanted, first).joined(separator: "; "))", expected: describe(wanted), actual: describe(candidates))
        }
        if let present = expected.excludes?.filter(titles.contains), !present.isEmpty {
            return ExpectationMismatch("\(where_) has \(quoted(present))", expected: "excludes \(quoted(expected.excludes ?? []))", actual: describe(events))
        }
        return nil
    }

    /// Which expected titles the calendar lacks and which of its events no expected title
    /// matches (titles compared as a multiset), or, when both hold the same titles, the order.
    func titleDifferences(_ exact: [ExpectedCalendarEvent], _ events: [SiriModel.CalendarEvent]) -> String {
        var unexpected = events
        var parts: [String] = []
        var missing: [ExpectedCalendarEvent] = []
        for wanted in exact {
            if let index = unexpected.firstIndex(where: { $0.title == wanted.title }) { unexpected.remove(at: index) } else { missing.append(wanted) }
        }
        for wanted in missing { parts.append(noEvent(wanted, among: unexpected)) }
        if !unexpected.isEmpty {
            parts.append("\(unexpected.count == 1 ? "an unexpected event" : "unexpected events") \(describe(unexpected).dropFirst("events ".count))")
        }
        if parts.isEmpty {
            parts.append("the same events in another order, by start: \(quoted(events.map(\.title)))")
        }
        return parts.joined(separator: "; ")
    }

    /// "no event 'title'", and when the item the expected event links to has an event under
    /// another title, which.
    func noEvent(_ wanted: ExpectedCalendarEvent, among events: [SiriModel.CalendarEvent]) -> String {
        var text = "no event '\(wanted.title)'"
        if let item = wanted.appLink?.itemReference, let other = events.first(where: { $0.itemReference.isNamed(by: item) }) {
            text += " (the event of item '\(item)' is titled '\(other.title)')"
        }
        return text
    }

    /// What differs between an expected event and the calendar's event of the same title: each
    /// field given, with the event's value and the expected one.
    func eventDifferences(_ wanted: ExpectedCalendarEvent, _ event: SiriModel.CalendarEvent) -> [String] {
        func text(_ value: String?) -> String { value.map { "'\($0.replacingOccurrences(of: "\n", with: "\\n"))'" } ?? "none" }
        var differences: [String] = []
        if let start = wanted.start, start != event.start { differences.append("it starts at \(DateFormat.format(event.start)), not \(DateFormat.format(start))") }
        if let end = wanted.end, end != event.end { differences.append("it ends at \(DateFormat.format(event.end)), not \(DateFormat.format(end))") }
        if let location = wanted.location, location != event.location { differences.append("its location is \(text(event.location)), not \(text(location))") }
        if let notes = wanted.notes, notes != event.notes { differences.append("its notes are \(text(event.notes)), not \(text(notes))") }
        if let link = wanted.appLink {
            if let container = link.reservationContainerReference {
                if !SiriModel.names(nullable: container, event.container) {
                    differences.append("its app link's reservationContainerReference is \(event.container.map { "'\($0.identity)'" } ?? "nil"), not \(container.map { "'\($0)'" } ?? "nil")")
                }
            }
            if let item = link.itemReference, !event.itemReference.isNamed(by: item) {
                differences.append("its app link's itemReference is '\(event.itemReference.identity)', not '\(item)'")
            }
        }
        return differences
    }

    mutating func evaluateFindings(_ expected: [ExpectedFinding], before step: Step) -> ExpectationMismatch? {
        var missing: [String] = []
        for wanted in expected {
            var matched = false
            for index in donationFindings.indices where donationFindings[index].step.number < step.number {
                for findingIndex in donationFindings[index].findings.indices {
                    let finding = donationFindings[index].findings[findingIndex]
                    guard finding.ruleID == wanted.ruleID,
                        wanted.severity.map({ $0 == finding.severity }) ?? true,
                        wanted.pointer.map({ $0.contains(written: finding.location.pointer ?? "") }) ?? true
                    else { continue }
                    matched = true
                    if donationFindings[index].findings[findingIndex].suppression == nil {
                        donationFindings[index].findings[findingIndex].suppression = "expected by step \(step.number)"
                    }
                }
            }
            if !matched { missing.append(describe(wanted)) }
        }
        guard !missing.isEmpty else { return nil }
        let actual = donationFindings.filter { $0.step.number < step.number }.flatMap(\.findings)
            .map { "\($0.ruleID) at \($0.location.pointer ?? "")" }
        return ExpectationMismatch("expected findings are missing: \(missing.joined(separator: "; "))", expected: missing.joined(separator: "; "), actual: actual.isEmpty ? "no findings" : actual.joined(separator: "; "))
    }

    /// `expect.lockScreen`'s `media`: what the Lock Screen shows of the suggested media app.
    func evaluateMedia(_ expected: ExpectedMediaSuggestion, on device: Int) -> ExpectationMismatch? {
        let promotion = model.media.promotion(on: device)
        var wanted = [expected.shown.rawValue], have = [promotion.shown.rawValue]
        func compare(_ label: String, _ want: String??, _ actual: String?) {
            guard let want, want != actual else { return }
            wanted.append("\(label) \(want.map { "'\($0)'" } ?? "none")")
            have.append("\(label) \(actual.map { "'\($0)'" } ?? "none")")
        }
        if case .mediaSuggestion(let title) = promotion { compare("title", expected.title, title) }
        if case .nowPlaying(let title, let subtitle, let artwork, let playing) = promotion {
            compare("title", expected.title, title)
            compare("subtitle", expected.subtitle, subtitle)
            if let want = expected.artwork, want != artwork {
                wanted.append(want ? "artwork" : "no artwork")
                have.append(artwork ? "artwork" : "no artwork")
            }
            if let want = expected.playing, want != playing {
                wanted.append(want ? "playing" : "paused")
                have.append(playing ? "playing" : "paused")
            }
        }
        guard wanted != have else { return nil }
        return ExpectationMismatch(
            "the Lock Screen of '\(deviceName(device))' shows another media suggestion: \(promotion.summary)",
            expected: wanted.joined(separator: "; "), actual: have.joined(separator: "; "))
    }
}
