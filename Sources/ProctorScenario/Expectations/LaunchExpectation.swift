import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

package struct LaunchExpectation: Sendable {
    package var route: String?
    package var failure: LaunchFailure?
    /// Expected to open this URL in Safari instead of the app.
    package var safari: String?
    package var activityType: String?
    /// The exact `userInfo` delivered, in the donation encoding.
    package var userInfo: [PropertyListEntry]?
    /// `kCSSearchableItemActivityIdentifier` of a Spotlight item launch.
    package var identifier: String?
    package var url: String?
    package var webpageURL: String?
    /// Whether the app is offered continuation streams back to the sending device.
    package var continuationStreams: Bool?
    /// The interaction the delivered activity carries (`NSUserActivity.interaction`).
    package var interaction: InteractionLaunchExpectation?
    /// The type of the Home Screen quick action the launch delivered.
    package var shortcutItemType: String?
    /// Whether the app was not running when the launch came.
    package var coldLaunch: Bool?
}

/// The interaction of a launch from the contact card or a calendar event. A field that is absent
/// is not compared; `null` expects no value.
package struct InteractionLaunchExpectation: Sendable {
    /// The intent's class name.
    package var intent: String?
    /// `.some(nil)` expects no container reference.
    package var reservationContainerReference: String??
    /// `.some(nil)` expects nil: the whole reservation.
    package var reservationItemReferences: [String]??
    /// The handle values of the message's recipients or the call's contacts, in order.
    package var recipients: [String]?
    package var serviceName: String??
}

extension LaunchExpectation: ScenarioExpectation {
    static let name = "launch"

    static var fields: [ScenarioField] {
        [
            .optional("route", ScenarioSchema.nonEmpty("The route the launch reaches (with failure: the route that fails).")),
            .optional("failure", ["enum": LaunchFailure.allCases.map(\.rawValue)]),
            .optional("safari", ScenarioSchema.nonEmpty("The URL Safari opens instead of the app.")),
            .optional("activityType", ["type": "string"]),
            .optional("userInfo", ScenarioSchema.ref("userInfo", "The exact userInfo delivered.")),
            .optional("identifier", ["type": "string"]),
            .optional("url", ["type": "string"]),
            .optional("webpageURL", ["type": "string"]),
            .optional(
                "continuationStreams",
                [
                    "type": "boolean",
                    "description":
                        "Whether the app is offered continuation streams back to the sending device (a Handoff of an activity with supportsContinuationStreams).",
                ]),
            .optional(
                "interaction",
                {
                    var schema = ScenarioSchema.object([
                        "intent": ["enum": IntentClass.allCases.map(\.rawValue)],
                        "reservationContainerReference": ScenarioSchema.ref("nullableString"),
                        "reservationItemReferences": ["type": ["array", "null"], "items": ["type": "string"]],
                        "recipients": ScenarioSchema.ref("strings"),
                        "serviceName": ScenarioSchema.ref("nullableString"),
                    ])
                    schema["minProperties"] = 1
                    return schema
                }()),
            .optional("shortcutItemType", ScenarioSchema.nonEmpty("The type of the Home Screen quick action the launch delivered.")),
            .optional(
                "coldLaunch",
                ["type": "boolean", "description": "Whether the app was not running when the launch came (true: it started from scratch)."]),
        ]
    }

    static var constraints: [String: Any] {
        ["minProperties": 1, "not": ["anyOf": [["required": ["safari", "route"]], ["required": ["safari", "failure"]]]]]
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self? {
        decoder.launchExpectation(body, pointer, context: context)
    }

    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch? {
        player.evaluateLaunch(self)
    }

    func device(on player: ScenarioPlayer) -> Int? { player.launches.last?.device }

    func summary(on player: ScenarioPlayer) -> String {
        "the last launch: \(player.describe(self))"
    }
}

extension ScenarioDecoder {
    mutating func launchExpectation(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> LaunchExpectation? {
        guard let fields = reader.object(node, pointer, what: "a launch expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: LaunchExpectation.keys, in: "a launch expectation")
        let errorsBefore = reader.errorCount
        var expectation = LaunchExpectation()
        if let member = fields["route"], let route = reader.string(member.value, pointer.appending("route")) {
            if context.routeNames?.contains(route) ?? true {
                expectation.route = route
            } else {
                let names = context.routeNames ?? []
                reader.report(
                    ProblemCode.scenarioUnknownReference, "no route is named '\(route)'\(Suggestion.phrase(for: route, among: names))", member.value,
                    pointer.appending("route"))
            }
        }
        expectation.failure = fields["failure"].flatMap { reader.choice($0.value, pointer.appending("failure"), LaunchFailure.self) }
        expectation.safari = fields["safari"].flatMap { reader.nonEmptyString($0.value, pointer.appending("safari")) }
        expectation.activityType = fields["activityType"].flatMap { reader.string($0.value, pointer.appending("activityType")) }
        expectation.identifier = fields["identifier"].flatMap { reader.string($0.value, pointer.appending("identifier")) }
        expectation.url = fields["url"].flatMap { reader.string($0.value, pointer.appending("url")) }
        expectation.webpageURL = fields["webpageURL"].flatMap { reader.string($0.value, pointer.appending("webpageURL")) }
        expectation.continuationStreams = fields["continuationStreams"].flatMap { reader.bool($0.value, pointer.appending("continuationStreams")) }
        if let member = fields["userInfo"] {
            var decoder = donationDecoder()
            expectation.userInfo = decoder.decodeUserInfo(member.value, at: pointer.appending("userInfo"))
            for diagnostic in decoder.diagnostics { record(diagnostic) }
        }
        if let member = fields["interaction"] {
            expectation.interaction = launchInteraction(member.value, pointer.appending("interaction"))
        }
        expectation.shortcutItemType = fields["shortcutItemType"].flatMap { reader.nonEmptyString($0.value, pointer.appending("shortcutItemType")) }
        expectation.coldLaunch = fields["coldLaunch"].flatMap { reader.bool($0.value, pointer.appending("coldLaunch")) }
        if expectation.safari != nil && (expectation.route != nil || expectation.failure != nil) {
            reader.report(
                ProblemCode.scenarioInvalidValue, "a launch that opens Safari reaches no route and cannot fail in the app: give 'safari' alone",
                fields["safari"]!.value, pointer.appending("safari"))
        }
        if fields.count == 0 {
            reader.missing("'route', 'failure' or 'safari'", node, pointer)
        }
        return reader.errorCount == errorsBefore ? expectation : nil
    }

    mutating func launchInteraction(_ node: JSONNode, _ pointer: JSONPointer) -> InteractionLaunchExpectation? {
        guard let fields = reader.object(node, pointer, what: "an interaction expectation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: Self.launchInteractionKeys, in: "an interaction expectation")
        var expectation = InteractionLaunchExpectation()
        expectation.intent = fields["intent"].flatMap { reader.choice($0.value, pointer.appending("intent"), IntentClass.self)?.rawValue }
        expectation.reservationContainerReference = fields["reservationContainerReference"].flatMap {
            reader.nullableString($0.value, pointer.appending("reservationContainerReference"))
        }
        if let member = fields["reservationItemReferences"] {
            let at = pointer.appending("reservationItemReferences")
            switch member.value.value {
            case .null: expectation.reservationItemReferences = .some(nil)
            case .array: expectation.reservationItemReferences = reader.strings(member.value, at).map { .some($0) }
            default: reader.mismatch("an array of strings or null", member.value, at)
            }
        }
        expectation.recipients = fields["recipients"].flatMap { reader.strings($0.value, pointer.appending("recipients")) }
        expectation.serviceName = fields["serviceName"].flatMap { reader.nullableString($0.value, pointer.appending("serviceName")) }
        if fields.count == 0 {
            reader.missing("at least one of \(Self.launchInteractionKeys.map { "'\($0)'" }.joined(separator: ", "))", node, pointer)
        }
        return expectation
    }
}

extension ScenarioPlayer {
    mutating func evaluateLaunch(_ expected: LaunchExpectation) -> ExpectationMismatch? {
        guard let index = launches.indices.last else {
            return ExpectationMismatch("no launch happened before this step", expected: describe(expected), actual: "no launch")
        }
        examinedLaunches.insert(index)
        let launch = launches[index]
        var mismatches: [String] = []
        switch launch.outcome {
        case .safari(let url):
            if expected.safari == nil {
                mismatches.append("Safari opened instead of the app")
            } else if expected.safari != url {
                mismatches.append("Safari opened \(url)")
            }
        case .routed(let route):
            if expected.safari != nil { mismatches.append("the app opened, not Safari") }
            if let failure = expected.failure { mismatches.append("the launch did not fail with \(failure.rawValue)") }
            if let name = expected.route, name != route.name { mismatches.append("route '\(route.name)', not '\(name)'") }
        case .failed(let failure, let route, let message):
            if expected.safari != nil { mismatches.append("the launch failed instead of opening Safari") }
            if expected.failure == nil {
                mismatches.append("it failed with \(failure.rawValue): \(message)")
            } else if expected.failure != failure {
                mismatches.append("it failed with \(failure.rawValue), not \(expected.failure!.rawValue)")
            }
            if let name = expected.route, name != route?.name {
                mismatches.append(route.map { "route '\($0.name)', not '\(name)'" } ?? "no route, not '\(name)'")
            }
        case .ambiguous:
            mismatches.append("the launch is ambiguous")
        }
        let delivery = launch.delivery
        if let type = expected.activityType, type != delivery?.activityType {
            mismatches.append("activity type '\(delivery?.activityType ?? "none")'")
        }
        if let identifier = expected.identifier, identifier != delivery?.identifier {
            mismatches.append("identifier '\(delivery?.identifier ?? "none")'")
        }
        if let url = expected.url, url != delivery?.url { mismatches.append("URL '\(delivery?.url ?? "none")'") }
        if let url = expected.webpageURL, url != delivery?.webpageURL { mismatches.append("webpageURL '\(delivery?.webpageURL ?? "none")'") }
        if let streams = expected.continuationStreams, streams != (delivery?.continuationStreams ?? false) {
            mismatches.append(
                streams
                    ? "no continuation streams offered (the activity does not set supportsContinuationStreams, or the launch is not a Handoff)"
                    : "continuation streams offered")
        }
        if let userInfo = expected.userInfo, PropertyListText.canonical(userInfo) != PropertyListText.canonical(delivery?.userInfo ?? []) {
            mismatches.append("a different userInfo")
        }
        if let wanted = expected.interaction {
            mismatches += interactionMismatches(wanted, delivery?.interaction)
        }
        if let type = expected.shortcutItemType {
            if case .quickAction(let delivered, _)? = delivery?.origin {
                if delivered != type { mismatches.append("quick action '\(delivered)'") }
            } else {
                mismatches.append("no quick action delivered")
            }
        }
        if let cold = expected.coldLaunch, cold != launch.coldLaunch {
            mismatches.append(launch.coldLaunch ? "the app was not running (a cold launch)" : "the app was running (a warm launch)")
        }
        guard !mismatches.isEmpty else { return nil }
        return ExpectationMismatch(
            "the launch after \(launch.cause) differs: \(mismatches.joined(separator: "; "))", expected: describe(expected), actual: describe(launch))
    }

    func interactionMismatches(_ expected: InteractionLaunchExpectation, _ actual: DeliveredInteraction?) -> [String] {
        guard let actual else { return ["no interaction delivered"] }
        var mismatches: [String] = []
        func describe(_ reference: SpeakableString?) -> String { reference.map { "'\($0.identity)'" } ?? "nil" }
        if let intent = expected.intent, intent != actual.intentClass { mismatches.append("intent \(actual.intentClass)") }
        if let container = expected.reservationContainerReference {
            if !SiriModel.names(nullable: container, actual.reservationContainerReference) {
                mismatches.append("reservationContainerReference \(describe(actual.reservationContainerReference))")
            }
        }
        if let items = expected.reservationItemReferences {
            let holds =
                switch (items, actual.reservationItemReferences) {
                case (nil, nil): true
                case (let names?, let references?): names.count == references.count && zip(names, references).allSatisfy { $1.isNamed(by: $0) }
                default: false
                }
            if !holds {
                mismatches.append(
                    "reservationItemReferences \(actual.reservationItemReferences.map { "[" + $0.map(describe).joined(separator: ", ") + "]" } ?? "nil")"
                )
            }
        }
        if let recipients = expected.recipients, recipients != actual.recipients { mismatches.append("recipients \(quoted(actual.recipients))") }
        if let service = expected.serviceName, service != actual.serviceName {
            mismatches.append("serviceName \(actual.serviceName.map { "'\($0)'" } ?? "nil")")
        }
        return mismatches
    }
}
