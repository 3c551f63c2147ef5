import ProctorEngine
import ProctorInputs
import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON
import ProctorReports
import ProctorRules
import ProctorVocabulary

/// The kinds of checks a scenario reports besides rule findings; each failed one is a test case
/// failure of this type, and a SARIF result under this id.
public enum ScenarioCheck: String, CaseIterable, Sendable {
    /// An `expect` that does not hold.
    case expectationFailed = "expectation_failed"
    /// A launch that reaches no screen, or one without the data it needs.
    case launchFailed = "launch_failed"
    /// A user action that cannot be done: a Spotlight result that is not there, no Handoff offer.
    case actionFailed = "action_failed"
    /// Error findings of the rules on a step's donation that the scenario does not expect.
    case rules = "rules"

    public var summary: String {
        switch self {
        case .expectationFailed: "A scenario's expectation does not hold."
        case .launchFailed: "A launch from a donation reaches no screen, or a screen without the data it needs."
        case .actionFailed: "A user action in a scenario cannot be done (no such Spotlight result, no Handoff offer)."
        case .rules: "A donation in a scenario breaks a rule the scenario does not expect."
        }
    }
}

/// What playing one scenario produced.
struct ScenarioOutcome {
    var findings: [Finding] = []
    var cases: [RunReport.TestCase] = []
    var inputErrors: [InputError] = []
}

/// Plays a scenario's steps against the ``SystemModel`` and checks every donation, launch and
/// expectation. It never stops early: a failed step is reported and the next one still runs.
struct ScenarioPlayer {
    let scenario: Scenario
    /// The location of a pointer in the scenario file.
    let locate: (JSONPointer) -> SourceLocation
    let strict: Bool
    private var model: SystemModel
    private var outcome = ScenarioOutcome()
    /// Test cases keyed by (step, order within the step), sorted at the end.
    private var keyedCases: [(key: [Int], testCase: RunReport.TestCase)] = []
    private var donationFindings: [(step: Step, findings: [Finding])] = []
    private var launches: [Launch] = []
    /// Launches an `expect.launch` examined; the others get the default check.
    private var examinedLaunches: Set<Int> = []

    init(scenario: Scenario, strict: Bool, locate: @escaping (JSONPointer) -> SourceLocation) {
        self.scenario = scenario
        self.strict = strict
        self.locate = locate
        self.model = SystemModel(app: scenario.app, devices: scenario.devices, clock: scenario.clock)
    }

    mutating func play() -> ScenarioOutcome {
        for step in scenario.steps { perform(step) }
        finish()
        return outcome
    }

    // MARK: - Steps

    private mutating func perform(_ step: Step) {
        switch step.action {
        case .becomeCurrent(let handle, let device, let activity):
            if let activity { checkRules([.userActivity(activity)], at: step) }
            model.becomeCurrent(handle: handle, device: device, activity: activity)
        case .resignCurrent(let handle): model.resignCurrent(handle: handle)
        case .invalidate(let handle): model.invalidate(handle: handle)
        case .index(let device, let items):
            checkRules(items.map { .searchableItem($0) }, at: step)
            model.index(items, device: device)
        case .deleteSearchableItems(let device, let deletion): model.delete(deletion, device: device)
        case .deleteSavedUserActivities(let device, let identifiers): model.deleteSavedUserActivities(device: device, persistentIdentifiers: identifiers)
        case .advanceClock(let advance): model.advance(advance)
        case .searchSpotlight(let device, let query, let tap): searchAndTap(step, device: device, query: query, tap: tap)
        case .acceptHandoff(let device): acceptHandoff(step, device: device)
        case .openURL(let device, let url): openURL(step, device: device, url: url)
        case .donate(let device, let interaction, let background):
            let trace = model.siri.donate(interaction, device: device, step: step.number, background: background, deviceName: deviceName(device))
            checkRules([.interaction(interaction)], at: step, trace: trace)
        case .showScreen(let device, let screen, let reservations):
            model.siri.show(screen: screen, reservations: reservations, device: device, step: step.number)
        case .deleteInteractions(let device, let deletion): model.siri.delete(deletion, device: device)
        case .tapContactCard(let tap): tapContactCard(step, tap)
        case .openCalendarEvent(let device, let event, let show): openCalendarEvent(step, device: device, name: event, show: show)
        case .tapCheckIn(let device, let title): tapCheckIn(step, device: device, title: title)
        case .expect(let expectations):
            for (index, expectation) in expectations.enumerated() { evaluate(expectation, at: step, order: index) }
        }
    }

    /// Judges a step's donations with the payload rules, and what the model saw as it took them
    /// (`trace`) with the rules about it. Findings are kept in location order, as a report lists
    /// them: the first is the one a failing test case names.
    private mutating func checkRules(_ donations: [Donation], at step: Step, trace: SiriModel.DonationTrace? = nil) {
        let context = RuleContext(appInfo: scenario.app.info, now: model.now)
        var findings: [Finding] = []
        if let trace {
            for change in trace.referenceChanges { Self.referenceChangeRules.judge(change, in: context, locate: locate, into: &findings) }
            if let event = trace.onScreen { Self.onScreenRules.judge(event, in: context, locate: locate, into: &findings) }
        }
        for donation in donations {
            Self.donationSubjects.judge(donation, in: context, locate: locate, into: &findings)
        }
        findings.sort { ($0.location, $0.ruleID, $0.message) < ($1.location, $1.ruleID, $1.message) }
        donationFindings.append((step, findings))
    }

    /// The same rules, walked the same way, as `proctor lint` judges donations with.
    private static let donationSubjects = DonationSubjects(BuiltInRules.engine)
    private static let referenceChangeRules = BuiltInRules.engine.rules(judging: ItemReferenceChange.self)
    private static let onScreenRules = BuiltInRules.engine.rules(judging: ReservationDonatedOnScreen.self)

    private mutating func searchAndTap(_ step: Step, device: Int, query: String, tap: SpotlightTap) {
        let results = model.search(query, device: device)
        let chosen: SystemModel.SearchResult?
        switch tap {
        case .title(let title): chosen = results.first { $0.title == title }
        case .position(let position): chosen = results.indices.contains(position - 1) ? results[position - 1] : nil
        }
        guard let chosen else {
            fail(.actionFailed, step, order: 1, name: "tap \(tap.summary) in Spotlight",
                 message: "Spotlight on '\(deviceName(device))' shows no result \(tap.summary) for '\(query)'",
                 expected: "a result \(tap.summary)", actual: describe(results))
            return
        }
        pass(step, order: 1, name: "tap \(tap.summary) in Spotlight")
        let delivery: Delivery
        switch chosen.entry {
        case .activity(let indexed):
            delivery = Delivery(
                origin: .spotlightActivity(indexed.activity), activityType: indexed.activity.activityType, userInfo: indexed.storedUserInfo,
                webpageURL: indexed.activity.webpageURL)
        case .item(let item):
            delivery = Delivery(
                origin: .spotlightItem, activityType: SystemActivityType.spotlightItem,
                userInfo: [PropertyListEntry(key: SystemActivityType.spotlightIdentifierKey, value: .string(item.identifier), parent: .root)])
        }
        launch(step, device: device, cause: "tapping '\(chosen.title)' in Spotlight", delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }

    private mutating func acceptHandoff(_ step: Step, device: Int) {
        let offer = model.handoffOffer(on: device)
        guard offer.kind != .none, let live = offer.activity else {
            fail(.actionFailed, step, order: 1, name: "accept Handoff on '\(deviceName(device))'",
                 message: "'\(deviceName(device))' has no Handoff offer to accept: \(offer.reason)",
                 expected: "a Handoff offer", actual: "none: \(offer.reason)")
            return
        }
        pass(step, order: 1, name: "accept Handoff on '\(deviceName(device))'")
        let cause = "accepting Handoff of '\(live.handle)' on '\(deviceName(device))'"
        if offer.kind == .safari {
            launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(live.activity.webpageURL ?? ""))
            return
        }
        let userInfo = live.activity.userInfo ?? []
        let delivery = Delivery(origin: .handoff(live.activity), activityType: live.activity.activityType, userInfo: userInfo, webpageURL: live.activity.webpageURL)
        if let size = PropertyListEncoding.binarySize(of: userInfo, ifOver: SystemModel.handoffUserInfoLimit) {
            let message = "userInfo encodes to \(size) bytes, over the model's \(SystemModel.handoffUserInfoLimit)-byte Handoff limit; the transfer fails with NSUserActivityHandoffUserInfoTooLargeError (4611). Send an identifier and fetch the rest, or use continuation streams"
            launch(step, device: device, cause: cause, delivery: delivery, outcome: .failed(.userInfoTooLarge, route: nil, message: message))
            return
        }
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }

    private mutating func openURL(_ step: Step, device: Int, url: String) {
        let cause = "opening \(url) on '\(deviceName(device))'"
        let scheme = URLPattern.scheme(of: url) ?? ""
        if scheme == "http" || scheme == "https" {
            // Universal links are not modelled yet: a web URL opens in Safari.
            launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(url))
            return
        }
        let delivery = Delivery(origin: .url, activityType: nil, userInfo: [], url: url)
        guard hasApp(device) else {
            launch(step, device: device, cause: cause, delivery: delivery, outcome: .failed(.appNotInstalled, route: nil, message: "'\(deviceName(device))' does not have the app, so nothing opens \(scheme): URLs"))
            return
        }
        guard scenario.app.info.urlSchemes.contains(where: { $0.lowercased() == scheme }) else {
            let declared = scenario.app.info.urlSchemes.sorted()
            let list = declared.isEmpty ? "declares none" : "declares \(declared.joined(separator: ", "))"
            launch(step, device: device, cause: cause, delivery: delivery, outcome: .failed(.schemeNotDeclared, route: nil, message: "the app's CFBundleURLTypes \(list), not '\(scheme)', so the system does not open the URL in the app"))
            return
        }
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }

    // MARK: - SiriKit

    private mutating func tapContactCard(_ step: Step, _ tap: ContactCardTap) {
        let name = "tap the \(tap.offer.rawValue) offer on the contact card of '\(tap.person)'"
        let contact = model.siri.contact(tap.person, on: tap.device)
        let offers = (contact?.offers ?? []).filter { offer in
            offer.action == tap.offer && tap.serviceName.map { $0 == offer.serviceName } ?? true && tap.handle.map { $0 == offer.handle } ?? true
        }
        guard let contact, let offer = offers.first else {
            var wanted = "a \(tap.offer.rawValue) offer of the app"
            if let service = tap.serviceName { wanted += " for service '\(service)'" }
            if let handle = tap.handle { wanted += " with handle '\(handle)'" }
            let actual = contact.map { "the card offers \(describe($0.offers))" } ?? "the app taught no contact named '\(tap.person)' on '\(deviceName(tap.device))' (\(describe(model.siri.contacts(on: tap.device))))"
            fail(.actionFailed, step, order: 1, name: name, message: "the contact card of '\(tap.person)' on '\(deviceName(tap.device))' has no \(wanted.dropFirst(2))", expected: wanted, actual: actual)
            return
        }
        pass(step, order: 1, name: name)
        var interaction = DeliveredInteraction(intentClass: offer.intentClass, recipients: [offer.handle])
        interaction.serviceName = offer.serviceName
        let delivery = Delivery(origin: .interaction("the contact card"), activityType: offer.intentClass, userInfo: [], interaction: interaction)
        let cause = "tapping the \(tap.offer.rawValue) offer for '\(offer.handle)' on the contact card of '\(contact.name ?? contact.key)' on '\(deviceName(tap.device))'"
        launch(step, device: tap.device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }

    private mutating func openCalendarEvent(_ step: Step, device: Int, name: String, show: CalendarLinkTarget) {
        let caseName = "open the app link of calendar event '\(name)'"
        guard let event = model.siri.events(named: name).first else {
            fail(.actionFailed, step, order: 1, name: caseName,
                 message: "the Siri Suggestions calendar on '\(deviceName(device))' has no event '\(name)'",
                 expected: "an event titled '\(name)' or with that itemReference", actual: describe(model.siri.calendar()))
            return
        }
        pass(step, order: 1, name: caseName)
        var interaction = DeliveredInteraction(intentClass: IntentClass.getReservationDetails.rawValue)
        interaction.reservationContainerReference = event.container
        interaction.reservationItemReferences = show == .item ? [event.itemReference] : nil
        let delivery = Delivery(origin: .interaction("a calendar event"), activityType: interaction.intentClass, userInfo: [], interaction: interaction)
        let cause = "opening the app link of '\(event.title)' in Calendar on '\(deviceName(device))' (\(show == .item ? "the item" : "the whole reservation"))"
        guard hasApp(device) else {
            launch(step, device: device, cause: cause, delivery: delivery, outcome: .failed(.appNotInstalled, route: nil, message: "'\(deviceName(device))' does not have the app, so the event's link cannot open it"))
            return
        }
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }

    private mutating func tapCheckIn(_ step: Step, device: Int, title: String) {
        let caseName = "tap the check-in shortcut '\(title)'"
        let visible = model.siri.visibleCheckInShortcuts(at: model.now)
        guard let shortcut = visible.first(where: { $0.title == title }) else {
            let why: String
            if let hidden = model.siri.checkInShortcuts().first(where: { $0.title == title }) {
                why = "its check-in window is \(hidden.window) and the clock is \(DateFormat.format(model.now))"
            } else {
                why = "no live reservation has a check-in action with this title"
            }
            fail(.actionFailed, step, order: 1, name: caseName,
                 message: "'\(deviceName(device))' shows no check-in shortcut '\(title)': \(why)",
                 expected: "a check-in shortcut '\(title)'", actual: visible.isEmpty ? "no check-in shortcut" : "shortcuts \(quoted(visible.map(\.title)))")
            return
        }
        pass(step, order: 1, name: caseName)
        let activity = shortcut.activity
        let cause = "tapping the check-in shortcut '\(title)' on '\(deviceName(device))'"
        guard hasApp(device) else {
            // WWDC19-243: where the app is not installed, Safari uses the activity's webpageURL.
            if let url = activity.webpageURL, ["http", "https"].contains(URLPattern.scheme(of: url) ?? "") {
                launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(url))
            } else {
                launch(step, device: device, cause: cause, delivery: nil, outcome: .failed(.appNotInstalled, route: nil, message: "'\(deviceName(device))' does not have the app and the check-in activity has no http(s) webpageURL for Safari"))
            }
            return
        }
        // Like a Spotlight restore: only requiredUserInfoKeys survive.
        let required = activity.requiredUserInfoKeys ?? []
        let userInfo = (activity.userInfo ?? []).filter { required.contains($0.key) }
        let delivery = Delivery(origin: .checkInShortcut(activity), activityType: activity.activityType, userInfo: userInfo, webpageURL: activity.webpageURL)
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }

    private mutating func launch(_ step: Step, device: Int, cause: String, delivery: Delivery?, outcome launchOutcome: Launch.Outcome) {
        if case .ambiguous(let routes) = launchOutcome {
            outcome.inputErrors.append(InputError(
                code: ProblemCode.scenarioAmbiguousRoute,
                message: "\(cause) reaches routes \(routes.map { "'\($0.name)'" }.joined(separator: " and ")), which both accept \(delivery?.summary ?? "it"); a launch must resolve to exactly one route",
                location: step.location))
        }
        launches.append(Launch(step: step, device: device, cause: cause, delivery: delivery, outcome: launchOutcome))
    }

    // MARK: - Expectations

    private mutating func evaluate(_ expectation: Expectation, at step: Step, order: Int) {
        let name = "expect \(expectation.key)"
        var problem: (message: String, expected: String, actual: String)?
        switch expectation.kind {
        case .spotlight(let spotlight):
            let results = model.search(spotlight.query, device: spotlight.device)
            let titles = results.map(\.title)
            let where_ = "Spotlight on '\(deviceName(spotlight.device))' for '\(spotlight.query)'"
            if let exact = spotlight.results, exact != titles {
                problem = ("\(where_) does not show exactly the expected results", "results \(quoted(exact))", describe(results))
            } else if let missing = spotlight.contains?.filter({ !titles.contains($0) }), !missing.isEmpty {
                problem = ("\(where_) does not show \(quoted(missing))", "contains \(quoted(spotlight.contains ?? []))", describe(results))
            } else if let present = spotlight.excludes?.filter(titles.contains), !present.isEmpty {
                problem = ("\(where_) shows \(quoted(present))", "excludes \(quoted(spotlight.excludes ?? []))", describe(results))
            }
        case .handoff(let handoff):
            let offer = model.handoffOffer(on: handoff.device)
            let actual = "\(offer.kind.rawValue)\(offer.activity.map { " (activity '\($0.handle)')" } ?? ""): \(offer.reason)"
            let expected = "\(handoff.offer.rawValue)\(handoff.activity.map { " (activity '\($0)')" } ?? "")"
            if offer.kind != handoff.offer {
                problem = ("the Handoff offer on '\(deviceName(handoff.device))' is \(offer.kind.rawValue), not \(handoff.offer.rawValue)", expected, actual)
            } else if let wanted = handoff.activity, wanted != offer.activity?.handle {
                problem = ("the Handoff offer on '\(deviceName(handoff.device))' is activity '\(offer.activity?.handle ?? "")', not '\(wanted)'", expected, actual)
            }
        case .launch(let expected):
            problem = evaluateLaunch(expected)
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
                problem = ("the index on '\(deviceName(index.device))' differs", differences.map(\.0).joined(separator: "; "), differences.map(\.1).joined(separator: "; "))
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
                problem = ("the check-in shortcuts on '\(deviceName(expected.device))' at \(DateFormat.format(model.now)) differ",
                           quoted(expected.titles.sorted()),
                           quoted(visible.sorted()) + (hidden.isEmpty ? "" : "; not shown now: " + hidden.joined(separator: ", ")))
            }
        }
        let key = [step.number, 3 + order]
        let caseName = testCaseName(step, name)
        if let problem {
            record(key, caseName, .failed(type: ScenarioCheck.expectationFailed.rawValue, message: problem.message, details: details(problem.expected, problem.actual, at: expectation.location)), expectation.location)
        } else {
            record(key, caseName, .passed, expectation.location)
        }
    }

    private mutating func evaluateLaunch(_ expected: LaunchExpectation) -> (String, String, String)? {
        guard let index = launches.indices.last else {
            return ("no launch happened before this step", describe(expected), "no launch")
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
        if let userInfo = expected.userInfo, PropertyListText.canonical(userInfo) != PropertyListText.canonical(delivery?.userInfo ?? []) {
            mismatches.append("a different userInfo")
        }
        if let wanted = expected.interaction {
            mismatches += interactionMismatches(wanted, delivery?.interaction)
        }
        guard !mismatches.isEmpty else { return nil }
        return ("the launch after \(launch.cause) differs: \(mismatches.joined(separator: "; "))", describe(expected), describe(launch))
    }

    private func interactionMismatches(_ expected: InteractionLaunchExpectation, _ actual: DeliveredInteraction?) -> [String] {
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
            case (let names?, let references?): names.count == references.count && zip(names, references).allSatisfy { SiriModel.names($0, $1) }
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

    private func evaluateContactCard(_ card: ContactCardExpectation) -> (String, String, String)? {
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
        return (message, expected, actual)
    }

    private func evaluateCalendar(_ expected: CalendarExpectation) -> (String, String, String)? {
        let events = model.siri.calendar()
        let titles = events.map(\.title)
        let where_ = "the Siri Suggestions calendar on '\(deviceName(expected.device))'"
        if let exact = expected.events {
            if exact.map(\.title) != titles {
                return ("\(where_) does not hold exactly the expected events: \(titleDifferences(exact, events))", "events \(quoted(exact.map(\.title)))", "events \(quoted(titles))")
            }
            for (wanted, event) in zip(exact, events) {
                let differences = eventDifferences(wanted, event)
                if !differences.isEmpty {
                    return ("event '\(event.title)' differs: \(differences.joined(separator: "; "))", describe(wanted), describe([event]))
                }
            }
        }
        for wanted in expected.contains ?? [] {
            let candidates = events.filter { $0.title == wanted.title }
            guard !candidates.contains(where: { eventDifferences(wanted, $0).isEmpty }) else { continue }
            guard let first = candidates.first else {
                return ("\(where_) has \(noEvent(wanted, among: events))", "contains \(describe(wanted))", describe(events))
            }
            return ("event '\(wanted.title)' differs: \(eventDifferences(wanted, first).joined(separator: "; "))", describe(wanted), describe(candidates))
        }
        if let present = expected.excludes?.filter(titles.contains), !present.isEmpty {
            return ("\(where_) has \(quoted(present))", "excludes \(quoted(expected.excludes ?? []))", describe(events))
        }
        return nil
    }

    /// Which expected titles the calendar lacks and which of its events no expected title
    /// matches (titles compared as a multiset), or, when both hold the same titles, the order.
    private func titleDifferences(_ exact: [ExpectedCalendarEvent], _ events: [SiriModel.CalendarEvent]) -> String {
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
    private func noEvent(_ wanted: ExpectedCalendarEvent, among events: [SiriModel.CalendarEvent]) -> String {
        var text = "no event '\(wanted.title)'"
        if let item = wanted.appLink?.itemReference, let other = events.first(where: { SiriModel.names(item, $0.itemReference) }) {
            text += " (the event of item '\(item)' is titled '\(other.title)')"
        }
        return text
    }

    /// What differs between an expected event and the calendar's event of the same title: each
    /// field given, with the event's value and the expected one.
    private func eventDifferences(_ wanted: ExpectedCalendarEvent, _ event: SiriModel.CalendarEvent) -> [String] {
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
            if let item = link.itemReference, !SiriModel.names(item, event.itemReference) {
                differences.append("its app link's itemReference is '\(event.itemReference.identity)', not '\(item)'")
            }
        }
        return differences
    }

    private mutating func evaluateFindings(_ expected: [ExpectedFinding], before step: Step) -> (String, String, String)? {
        var missing: [String] = []
        for wanted in expected {
            var matched = false
            for index in donationFindings.indices where donationFindings[index].step.number < step.number {
                for findingIndex in donationFindings[index].findings.indices {
                    let finding = donationFindings[index].findings[findingIndex]
                    guard finding.ruleID == wanted.ruleID,
                        wanted.severity.map({ $0 == finding.severity }) ?? true,
                        wanted.pointer.map({ pointer in JSONPointer(parsing: finding.location.pointer ?? "")?.isWithin(pointer) ?? false }) ?? true
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
        return ("expected findings are missing: \(missing.joined(separator: "; "))", missing.joined(separator: "; "), actual.isEmpty ? "no findings" : actual.joined(separator: "; "))
    }

    // MARK: - The end

    private mutating func finish() {
        for (step, findings) in donationFindings {
            outcome.findings += findings
            let failing = findings.filter { $0.suppression == nil && ($0.severity == .error || (strict && $0.severity == .warning)) }
            let name = testCaseName(step, "rules on \(step.summary)")
            if let first = failing.first {
                let details = failing.map { $0.compilerLine() }.joined(separator: "\n")
                record([step.number, 0], name, .failed(type: ScenarioCheck.rules.rawValue, message: "\(first.ruleID): \(first.message)", details: details), step.location)
            } else {
                record([step.number, 0], name, .passed, step.location)
            }
        }
        for (index, launch) in launches.enumerated() where !examinedLaunches.contains(index) {
            let name = testCaseName(launch.step, "launch after \(launch.cause)")
            switch launch.outcome {
            case .routed, .safari:
                record([launch.step.number, 2], name, .passed, launch.step.location)
            case .ambiguous:
                record([launch.step.number, 2], name, .errored(type: ProblemCode.scenarioAmbiguousRoute.rawValue, message: launch.outcomeSummary, details: details("exactly one route", launch.outcomeSummary, at: launch.step.location)), launch.step.location)
            case .failed(let failure, _, _):
                record([launch.step.number, 2], name, .failed(type: ScenarioCheck.launchFailed.rawValue, message: "the launch after \(launch.cause) fails (\(failure.rawValue))", details: details("a route that restores the screen", describe(launch), at: launch.step.location)), launch.step.location)
            }
        }
        outcome.cases = keyedCases.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.testCase)
    }

    // MARK: - Recording

    private mutating func pass(_ step: Step, order: Int, name: String) {
        record([step.number, order], testCaseName(step, name), .passed, step.location)
    }

    private mutating func fail(_ check: ScenarioCheck, _ step: Step, order: Int, name: String, message: String, expected: String, actual: String) {
        record([step.number, order], testCaseName(step, name), .failed(type: check.rawValue, message: message, details: details(expected, actual, at: step.location)), step.location)
    }

    private mutating func record(_ key: [Int], _ name: String, _ caseOutcome: RunReport.TestCase.Outcome, _ location: SourceLocation) {
        keyedCases.append((key, RunReport.TestCase(classname: scenario.name, name: name, outcome: caseOutcome, location: location)))
    }

    /// "step 4: expect spotlight (places.scenario.json:31)": unique within a scenario, and it
    /// carries the file and line, which the strict JUnit schema has no attribute for.
    private func testCaseName(_ step: Step, _ what: String) -> String {
        let file = step.location.file.split(separator: "/").last.map(String.init) ?? step.location.file
        return "step \(step.number): \(what) (\(file):\(step.location.line ?? 0))"
    }

    /// Expected and actual side by side; reports add the location from the test case.
    private func details(_ expected: String, _ actual: String, at location: SourceLocation) -> String {
        "expected: \(expected)\n  actual: \(actual)"
    }

    // MARK: - Descriptions

    // Steps name devices by indices the decoder checked; these never trap all the same.
    private func deviceName(_ device: Int) -> String {
        scenario.devices.indices.contains(device) ? scenario.devices[device].name : "device \(device + 1)"
    }

    private func hasApp(_ device: Int) -> Bool {
        scenario.devices.indices.contains(device) && scenario.devices[device].appInstalled
    }

    private func quoted(_ titles: [String]) -> String {
        "[" + titles.map { "'\($0)'" }.joined(separator: ", ") + "]"
    }

    private func describe(_ offers: [SiriModel.ContactOffer]) -> String {
        offers.isEmpty ? "nothing" : offers.map { "\($0.action.rawValue) '\($0.handle)'\($0.serviceName.map { " on '\($0)'" } ?? "") (\($0.intentClass))" }.joined(separator: ", ")
    }

    private func describe(_ contacts: [SiriModel.Contact]) -> String {
        contacts.isEmpty ? "it learned no contact" : "contacts " + contacts.map { "'\($0.name ?? $0.key)'" }.joined(separator: ", ")
    }

    private func describe(_ events: [SiriModel.CalendarEvent]) -> String {
        guard !events.isEmpty else { return "no events" }
        return "events [" + events.map { event in
            var text = "'\(event.title)' \(DateFormat.format(event.start)) to \(DateFormat.format(event.end))"
            if let location = event.location { text += ", at '\(location)'" }
            if let notes = event.notes { text += ", notes '\(notes.replacingOccurrences(of: "\n", with: "\\n"))'" }
            text += ", link \(event.container.map { "'\($0.identity)'" } ?? "nil")/'\(event.itemReference.identity)'"
            return text
        }.joined(separator: "; ") + "]"
    }

    private func describe(_ event: ExpectedCalendarEvent) -> String {
        var parts = ["'\(event.title)'"]
        if let start = event.start { parts.append("start \(DateFormat.format(start))") }
        if let end = event.end { parts.append("end \(DateFormat.format(end))") }
        if let location = event.location { parts.append("location \(location.map { "'\($0)'" } ?? "none")") }
        if let notes = event.notes { parts.append("notes \(notes.map { "'\($0.replacingOccurrences(of: "\n", with: "\\n"))'" } ?? "none")") }
        if let link = event.appLink {
            parts.append("link \(link.reservationContainerReference.map { $0.map { "'\($0)'" } ?? "nil" } ?? "any")/\(link.itemReference.map { "'\($0)'" } ?? "any")")
        }
        return parts.joined(separator: ", ")
    }

    private func describe(_ results: [SystemModel.SearchResult]) -> String {
        results.isEmpty ? "no results" : "results [" + results.map { "'\($0.title)' (\($0.identity))" }.joined(separator: ", ") + "]"
    }

    private func describe(_ launch: Launch) -> String {
        var text = launch.outcomeSummary
        if let delivery = launch.delivery {
            text += "; delivered \(delivery.summary)"
            if !delivery.userInfo.isEmpty, launch.delivery?.url == nil {
                // A payload over the Handoff limit is kilobytes long: show its start only.
                let userInfo = PropertyListText.canonical(delivery.userInfo)
                text += ", userInfo " + (userInfo.count > 200 ? String(userInfo.prefix(200)) + "…" : userInfo)
            }
        }
        return text
    }

    private func describe(_ expected: LaunchExpectation) -> String {
        var parts: [String] = []
        if let safari = expected.safari { parts.append("Safari opens \(safari)") }
        if let failure = expected.failure { parts.append("fails with \(failure.rawValue)") }
        if let route = expected.route { parts.append("route '\(route)'") }
        if expected.safari == nil && expected.failure == nil && expected.route == nil { parts.append("a route") }
        if let type = expected.activityType { parts.append("activity type '\(type)'") }
        if let identifier = expected.identifier { parts.append("identifier '\(identifier)'") }
        if let url = expected.url { parts.append("URL '\(url)'") }
        if let url = expected.webpageURL { parts.append("webpageURL '\(url)'") }
        if let userInfo = expected.userInfo { parts.append("userInfo \(PropertyListText.canonical(userInfo))") }
        if let interaction = expected.interaction {
            var fields: [String] = []
            if let intent = interaction.intent { fields.append(intent) }
            if let container = interaction.reservationContainerReference { fields.append("container \(container.map { "'\($0)'" } ?? "nil")") }
            if let items = interaction.reservationItemReferences { fields.append("items \(items.map(quoted) ?? "nil")") }
            if let recipients = interaction.recipients { fields.append("recipients \(quoted(recipients))") }
            if let service = interaction.serviceName { fields.append("service \(service.map { "'\($0)'" } ?? "nil")") }
            parts.append("interaction (\(fields.joined(separator: ", ")))")
        }
        return parts.joined(separator: ", ")
    }

    private func describe(_ finding: ExpectedFinding) -> String {
        var text = finding.ruleID
        if let pointer = finding.pointer { text += " at \(pointer)" }
        if let severity = finding.severity { text += " (\(severity.rawValue))" }
        return text
    }
}

/// A canonical JSON text of property-list values, in the donation encoding with keys sorted,
/// so that two `userInfo` dictionaries compare by what they hold.
enum PropertyListText {
    static func canonical(_ entries: [PropertyListEntry]) -> String {
        var output = ""
        write(.dictionary(entries), into: &output)
        return output
    }

    private static func write(_ value: PropertyListValue, into output: inout String) {
        switch value {
        case .string(let text): JSONWriter.writeString(text, into: &output)
        case .integer(let number): output += String(number)
        case .unsignedInteger(let number): output += String(number)
        case .real(let number): output += "\(number)"
        case .boolean(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .date(let date): tagged("$date", DateFormat.format(date), into: &output)
        case .data(let data): tagged("$data", data.base64EncodedString(), into: &output)
        case .url(let url): tagged("$url", url, into: &output)
        case .object(let className): tagged("$class", className, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element.value, into: &output)
            }
            output += "]"
        case .set(let elements):
            // A set has no order: compare its members sorted by their text.
            let members = elements.map { element -> String in
                var text = ""
                write(element.value, into: &text)
                return text
            }.sorted()
            output += "{\"$set\":[" + members.joined(separator: ",") + "]}"
        case .dictionary(let entries):
            output += "{"
            for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += "," }
                JSONWriter.writeString(entry.key, into: &output)
                output += ":"
                write(entry.value, into: &output)
            }
            output += "}"
        }
    }

    private static func tagged(_ tag: String, _ text: String, into output: inout String) {
        output += "{\"\(tag)\":"
        JSONWriter.writeString(text, into: &output)
        output += "}"
    }
}
