import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorInputs
import ProctorJSON
import ProctorLinks
import ProctorPayloads
import ProctorReports
import ProctorRules
import ProctorVocabulary

/// The kinds of checks a scenario reports besides rule findings; each failed one is a test case
/// failure of this type, and a SARIF result under this id.
package enum ScenarioCheck: String, CaseIterable, Sendable {
    /// A notification the scenario's server sends that APNs refuses, unless an `expect.apns`
    /// examines the answer.
    case pushRejected = "push_rejected"
    /// An `expect` that does not hold.
    case expectationFailed = "expectation_failed"
    /// A launch that reaches no screen, or one without the data it needs.
    case launchFailed = "launch_failed"
    /// A user action that cannot be done: a Spotlight result that is not there, no Handoff offer.
    case actionFailed = "action_failed"
    /// Error findings of the rules on a step's donation that the scenario does not expect.
    case rules = "rules"

    package var summary: String {
        switch self {
        case .expectationFailed: "A scenario's expectation does not hold."
        case .launchFailed: "A launch from a donation reaches no screen, or a screen without the data it needs."
        case .actionFailed: "A user action in a scenario cannot be done (no such Spotlight result, no Handoff offer)."
        case .rules: "A donation in a scenario breaks a rule the scenario does not expect."
        case .pushRejected: "APNs refuses a notification the scenario's server sends (a dead token, a wrong topic, an oversized payload)."
        }
    }
}

/// What playing one scenario produced.
struct ScenarioOutcome {
    var findings: [Finding] = []
    var cases: [RunReport.TestCase] = []
    var inputErrors: [InputError] = []
    /// What happened, step by step, when it was recorded.
    var timeline: Timeline?
}

/// Plays a scenario's steps against the ``SystemModel`` and checks every donation, launch and
/// expectation. It never stops early: a failed step is reported and the next one still runs.
struct ScenarioPlayer {
    let scenario: Scenario
    /// The location of a pointer in the scenario file.
    let locate: (JSONPointer) -> SourceLocation
    let strict: Bool
    var model: SystemModel
    var outcome = ScenarioOutcome()
    /// Records the timeline when a report draws it (``RunOptions/recordsTimeline``).
    var timeline: TimelineRecorder?
    /// Test cases keyed by (step, order within the step), sorted at the end.
    private var keyedCases: [(key: [Int], testCase: RunReport.TestCase)] = []
    var donationFindings: [(step: Step, findings: [Finding])] = []
    var launches: [Launch] = []
    /// Launches an `expect.launch` examined; the others get the default check.
    var examinedLaunches: Set<Int> = []
    /// What each feature keeps for its expectations (``FeatureState``).
    var features = FeatureStates()
    /// What the system refused that a scenario may expect; each fails its step at the end unless
    /// an expectation that names it examined it.
    var refusals: [Refusal] = []

    /// A refusal of the system a step met: a region Core Location would not monitor, a directions
    /// request Maps did not offer the app for, a calendar save EventKit refused, a Play button
    /// that played nothing. It is an obligation: it fails its step at the end unless an
    /// expectation examines it.
    struct Refusal {
        /// What was refused, as the feature whose step met it names it (`RegionMonitoringRefusal`,
        /// `DirectionsRefusal`, `CalendarSaveRefusal`, `PlaybackRefusal`): the feature's
        /// expectation examines the refusals whose subject it names. The player knows none of them.
        var subject: AnyHashable
        var step: Step
        /// The failed case's name, message and expected and actual values.
        var name: String
        var message: String
        var expected: String
        var actual: String
        var examined = false
    }

    /// Marks the refusals `examines` picks as examined: they no longer fail their steps.
    mutating func examineRefusals(where examines: (Refusal) -> Bool) {
        for index in refusals.indices where examines(refusals[index]) { refusals[index].examined = true }
    }

    init(scenario: Scenario, strict: Bool, locate: @escaping (JSONPointer) -> SourceLocation) {
        self.scenario = scenario
        self.strict = strict
        self.locate = locate
        self.model = SystemModel(app: scenario.app, devices: scenario.devices, clock: scenario.clock, sites: scenario.sites)
    }

    mutating func play() -> ScenarioOutcome {
        for step in scenario.steps { perform(step) }
        finish()
        return outcome
    }

    // MARK: - Steps

    private mutating func perform(_ step: Step) {
        noteOnTimeline(step)
        step.action.play(step, on: &self)
        noteAppProcess(after: step)
    }

    /// Judges a step's donations with the payload rules, and what the model saw as it took them
    /// (`trace`) with the rules about it. Findings are kept in location order, as a report lists
    /// them: the first is the one a failing test case names.
    mutating func checkRules(_ donations: [Donation], at step: Step, trace: SiriModel.DonationTrace? = nil) {
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

    /// Judges what a step hands the system besides donations, with `judge` given the app's facts
    /// and the model's clock; the findings are kept in location order, as a report lists them.
    mutating func recordFindings(of step: Step, _ judge: (RuleContext, inout [Finding]) -> Void) {
        let context = RuleContext(appInfo: scenario.app.info, now: model.now)
        var findings: [Finding] = []
        judge(context, &findings)
        findings.sort { ($0.location, $0.ruleID, $0.message) < ($1.location, $1.ruleID, $1.message) }
        donationFindings.append((step, findings))
    }

    /// Judges a notification the scenario's server sends with the rules `proctor lint` judges
    /// notifications with, and what the model saw (a push in the user's quiet hours).
    mutating func checkRules(_ notification: RemoteNotification, at step: Step, quietHours: PushDuringQuietHours?) {
        let locate = self.locate
        recordFindings(of: step) { context, findings in
            Self.notificationRules.judge(notification, in: context, locate: locate, into: &findings)
            if let quietHours { Self.quietHoursRules.judge(quietHours, in: context, locate: locate, into: &findings) }
        }
    }

    /// Judges a region the app monitors with the rules `proctor lint` judges regions with.
    mutating func checkRules(_ region: MonitoredRegion, at step: Step) {
        let locate = self.locate
        recordFindings(of: step) { context, findings in
            Self.regionRules.judge(region, in: context, locate: locate, into: &findings)
            switch region {
            case .circular(let circle): Self.circleRules.judge(circle, in: context, locate: locate, into: &findings)
            case .beacon(let beacon): Self.beaconRules.judge(beacon, in: context, locate: locate, into: &findings)
            }
        }
    }

    /// Judges an event the app adds to the calendar with the rules `proctor lint` judges events with.
    mutating func checkRules(_ event: CalendarEvent, at step: Step) {
        let locate = self.locate
        recordFindings(of: step) { Self.calendarEventRules.judge(event, in: $0, locate: locate, into: &$1) }
    }

    static let calendarEventRules = BuiltInRules.engine.rules(judging: CalendarEvent.self)

    /// Judges a pass the user adds with the rules `proctor lint` judges passes with; `locate`
    /// places its pointers, which start at the pass's own root.
    mutating func checkRules(_ pass: WalletPass, at step: Step, locate passLocate: (JSONPointer) -> SourceLocation) {
        recordFindings(of: step) { Self.passRules.judge(pass, in: $0, locate: passLocate, into: &$1) }
    }

    static let passRules = BuiltInRules.engine.rules(judging: WalletPass.self)

    /// Judges a media app's preparation: its Now Playing information with the rules `proctor lint`
    /// judges it with, and how it prepared with the rules only a scenario can judge.
    /// The preparation is the app's, the same at every trigger: a finding about it is reported at
    /// the first trigger that finds it, not again at each one.
    mutating func checkRules(_ prepared: PlaybackPrepared, nowPlaying: NowPlayingInfo?, at step: Step) {
        let locate = self.locate
        var seen = features[MediaPreparationFindings.self].reported
        recordFindings(of: step) { context, findings in
            var judged: [Finding] = []
            if let nowPlaying { Self.nowPlayingRules.judge(nowPlaying, in: context, locate: locate, into: &judged) }
            Self.preparationRules.judge(prepared, in: context, locate: locate, into: &judged)
            findings += judged.filter { seen.insert("\($0.ruleID) \($0.location.pointer ?? "")").inserted }
        }
        features[MediaPreparationFindings.self].reported = seen
    }

    static let nowPlayingRules = BuiltInRules.engine.rules(judging: NowPlayingInfo.self)
    static let preparationRules = BuiltInRules.engine.rules(judging: PlaybackPrepared.self)

    static let regionRules = BuiltInRules.engine.rules(judging: MonitoredRegion.self)
    static let circleRules = BuiltInRules.engine.rules(judging: CircularRegion.self)
    static let beaconRules = BuiltInRules.engine.rules(judging: BeaconRegion.self)
    static let notificationRules = BuiltInRules.engine.rules(judging: RemoteNotification.self)
    static let quietHoursRules = BuiltInRules.engine.rules(judging: PushDuringQuietHours.self)

    /// The same rules, walked the same way, as `proctor lint` judges donations with.
    static let donationSubjects = DonationSubjects(BuiltInRules.engine)
    static let referenceChangeRules = BuiltInRules.engine.rules(judging: ItemReferenceChange.self)
    static let onScreenRules = BuiltInRules.engine.rules(judging: ReservationDonatedOnScreen.self)

    mutating func launch(_ step: Step, device: Int, cause: String, delivery: Delivery?, outcome routed: Launch.Outcome) {
        // A handler that runs only while the app runs misses a launch from scratch.
        let coldLaunch = !appRuns(on: device)
        let launchOutcome = coldLaunch ? Self.fromScratch(routed, delivery: delivery) : routed
        if case .ambiguous(let routes) = launchOutcome {
            outcome.inputErrors.append(
                InputError(
                    code: ProblemCode.scenarioAmbiguousRoute,
                    message:
                        "\(cause) reaches routes \(routes.map { "'\($0.name)'" }.joined(separator: " and ")), which both accept \(delivery?.summary ?? "it"); a launch must resolve to exactly one route",
                    location: step.location))
        }
        let launch = Launch(step: step, device: device, cause: cause, delivery: delivery, outcome: launchOutcome, coldLaunch: coldLaunch)
        launches.append(launch)
        // Under the key finish() records the launch's check with.
        timeline?.launched(launch, key: [step.number, 2], at: model.now)
        // The app comes to the foreground when it opens, even on a screen that shows nothing.
        switch launchOutcome {
        case .routed, .failed(.noRoute, _, _), .failed(.missingUserInfo, _, _), .failed(.missingQueryItem, _, _), .failed(.missingCoordinates, _, _),
            .failed(.coldLaunchUnhandled, _, _):
            model.foreground.insert(device)
            appStarted(on: device)
        case .failed, .safari, .ambiguous: break
        }
    }

    // MARK: - The end

    private mutating func finish() {
        for (step, findings) in donationFindings {
            outcome.findings += findings
            let failing = findings.filter { $0.suppression == nil && $0.severity.failsRun(strict: strict) }
            let name = testCaseName(step, "rules on \(step.summary)")
            if let first = failing.first {
                let details = failing.map { $0.compilerLine() }.joined(separator: "\n")
                record(
                    [step.number, 0], name,
                    .failed(type: ScenarioCheck.rules.rawValue, message: "\(first.ruleID): \(first.message)", details: details), step.location,
                    compared: ("no finding that fails the run", details))
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
                record(
                    [launch.step.number, 2], name, failing: ProblemCode.scenarioAmbiguousRoute.rawValue, message: launch.outcomeSummary,
                    expected: "exactly one route", actual: launch.outcomeSummary, at: launch.step.location, errored: true)
            case .failed(let failure, _, _):
                record(
                    [launch.step.number, 2], name, failing: ScenarioCheck.launchFailed.rawValue,
                    message: "the launch after \(launch.cause) fails (\(failure.rawValue))", expected: "a route that restores the screen",
                    actual: describe(launch), at: launch.step.location)
            }
        }
        for refusal in refusals where !refusal.examined {
            fail(
                .actionFailed, refusal.step, order: 1, name: refusal.name, message: refusal.message, expected: refusal.expected,
                actual: refusal.actual)
        }
        let examinedAnswers = features[PushAnswers.self].examined
        for (index, answer) in model.notifications.answers.enumerated() where !examinedAnswers.contains(index) {
            guard let step = scenario.steps.first(where: { $0.number == answer.step }) else { continue }
            let name = testCaseName(step, "APNs answers \(step.summary)")
            if answer.status == 200 {
                record([step.number, 2], name, .passed, step.location)
            } else {
                record(
                    [step.number, 2], name, failing: ScenarioCheck.pushRejected.rawValue,
                    message: "APNs refuses the push with \(answer.summary): \(answer.why)", expected: "200",
                    actual: "\(answer.summary): \(answer.why)", at: step.location)
            }
        }
        outcome.cases = keyedCases.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.testCase)
        outcome.timeline = timeline?.timeline
    }

    // MARK: - Recording

    mutating func pass(_ step: Step, order: Int, name: String) {
        record([step.number, order], testCaseName(step, name), .passed, step.location)
    }

    mutating func fail(_ check: ScenarioCheck, _ step: Step, order: Int, name: String, message: String, expected: String, actual: String) {
        record(
            [step.number, order], testCaseName(step, name), failing: check.rawValue, message: message, expected: expected, actual: actual,
            at: step.location)
    }

    /// Records a check of type `type` that failed (or, `errored`, could not be made) under `key`,
    /// with what it expected and what the model showed: its details and its timeline entry show both.
    mutating func record(
        _ key: [Int], _ name: String, failing type: String, message: String, expected: String, actual: String, at location: SourceLocation,
        errored: Bool = false
    ) {
        let details = details(expected, actual, at: location)
        let outcome: RunReport.TestCase.Outcome =
            errored ? .errored(type: type, message: message, details: details) : .failed(type: type, message: message, details: details)
        record(key, name, outcome, location, compared: (expected, actual))
    }

    /// Records a test case under `key` (step, order within the step); a failed one also marks its
    /// event on the timeline, with what it expected and what the model showed (`compared`).
    mutating func record(
        _ key: [Int], _ name: String, _ caseOutcome: RunReport.TestCase.Outcome, _ location: SourceLocation,
        compared: (expected: String, actual: String)? = nil
    ) {
        keyedCases.append((key, RunReport.TestCase(classname: scenario.name, name: name, outcome: caseOutcome, location: location)))
        timeline?.settle(key, caseOutcome, compared: compared)
    }

    /// "step 4: expect spotlight (places.scenario.json:31)": unique within a scenario, and it
    /// carries the file and line, which the strict JUnit schema has no attribute for.
    func testCaseName(_ step: Step, _ what: String) -> String {
        let file = step.location.file.split(separator: "/").last.map(String.init) ?? step.location.file
        return "step \(step.number): \(what) (\(file):\(step.location.line ?? 0))"
    }

    /// Expected and actual side by side; reports add the location from the test case. Both may
    /// quote the scenario (a title, a query), so each is shown as ``VisibleText`` shows it: the
    /// line break between them must stay the only one.
    func details(_ expected: String, _ actual: String, at location: SourceLocation) -> String {
        "expected: \(VisibleText.escaped(expected))\n  actual: \(VisibleText.escaped(actual))"
    }

    // MARK: - Descriptions

    // Steps name devices by indices the decoder checked; these never trap all the same.
    func deviceName(_ device: Int) -> String {
        scenario.devices.indices.contains(device) ? scenario.devices[device].name : "device \(device + 1)"
    }

    func hasApp(_ device: Int) -> Bool {
        model.hasApp(device)
    }

    func quoted(_ titles: [String]) -> String {
        "[" + titles.map { "'\($0)'" }.joined(separator: ", ") + "]"
    }

    func describe(_ offers: [SiriModel.ContactOffer]) -> String {
        offers.isEmpty
            ? "nothing"
            : offers.map { "\($0.action.rawValue) '\($0.handle)'\($0.serviceName.map { " on '\($0)'" } ?? "") (\($0.intentClass))" }.joined(
                separator: ", ")
    }

    func describe(_ contacts: [SiriModel.Contact]) -> String {
        contacts.isEmpty ? "it learned no contact" : "contacts " + contacts.map { "'\($0.name ?? $0.key)'" }.joined(separator: ", ")
    }

    func describe(_ events: [SiriModel.CalendarEvent]) -> String {
        guard !events.isEmpty else { return "no events" }
        return "events ["
            + events.map { event in
                var text = "'\(event.title)' \(DateFormat.format(event.start)) to \(DateFormat.format(event.end))"
                if let location = event.location { text += ", at '\(location)'" }
                if let notes = event.notes { text += ", notes '\(notes.replacingOccurrences(of: "\n", with: "\\n"))'" }
                text += ", link \(event.container.map { "'\($0.identity)'" } ?? "nil")/'\(event.itemReference.identity)'"
                return text
            }.joined(separator: "; ") + "]"
    }

    func describe(_ event: ExpectedCalendarEvent) -> String {
        var parts = ["'\(event.title)'"]
        if let start = event.start { parts.append("start \(DateFormat.format(start))") }
        if let end = event.end { parts.append("end \(DateFormat.format(end))") }
        if let location = event.location { parts.append("location \(location.map { "'\($0)'" } ?? "none")") }
        if let notes = event.notes { parts.append("notes \(notes.map { "'\($0.replacingOccurrences(of: "\n", with: "\\n"))'" } ?? "none")") }
        if let link = event.appLink {
            parts.append(
                "link \(link.reservationContainerReference.map { $0.map { "'\($0)'" } ?? "nil" } ?? "any")/\(link.itemReference.map { "'\($0)'" } ?? "any")"
            )
        }
        return parts.joined(separator: ", ")
    }

    func describe(_ results: [SystemModel.SearchResult]) -> String {
        results.isEmpty ? "no results" : "results [" + results.map { "'\($0.title)' (\($0.identity))" }.joined(separator: ", ") + "]"
    }

    func describe(_ launch: Launch) -> String {
        var text = launch.outcomeSummary
        if let delivery = launch.delivery {
            text += "; delivered \(delivery.summary)"
            if !delivery.userInfo.isEmpty, launch.delivery?.url == nil, delivery.userInfoValuesKnown {
                // A payload over the Handoff limit is kilobytes long: show its start only.
                let userInfo = PropertyListText.canonical(delivery.userInfo)
                text += ", userInfo " + (userInfo.count > 200 ? String(userInfo.prefix(200)) + "…" : userInfo)
            }
        }
        return text
    }

    func describe(_ expected: LaunchExpectation) -> String {
        var parts: [String] = []
        if let safari = expected.safari { parts.append("Safari opens \(safari)") }
        if let failure = expected.failure { parts.append("fails with \(failure.rawValue)") }
        if let route = expected.route { parts.append("route '\(route)'") }
        if expected.safari == nil && expected.failure == nil && expected.route == nil { parts.append("a route") }
        if let type = expected.activityType { parts.append("activity type '\(type)'") }
        if let identifier = expected.identifier { parts.append("identifier '\(identifier)'") }
        if let url = expected.url { parts.append("URL '\(url)'") }
        if let url = expected.webpageURL { parts.append("webpageURL '\(url)'") }
        if let streams = expected.continuationStreams { parts.append(streams ? "continuation streams" : "no continuation streams") }
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
        if let type = expected.shortcutItemType { parts.append("quick action '\(type)'") }
        if let cold = expected.coldLaunch { parts.append(cold ? "a cold launch" : "a warm launch") }
        return parts.joined(separator: ", ")
    }

    func describe(_ finding: ExpectedFinding) -> String {
        var text = finding.ruleID
        if let pointer = finding.pointer { text += " at \(pointer)" }
        if let severity = finding.severity { text += " (\(severity.rawValue))" }
        return text
    }
}
