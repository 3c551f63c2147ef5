import Foundation
import ProctorCore
import ProctorJSON
import ProctorLinks

/// `openUniversalLink`: the user taps a web link (in Messages, Mail, another app): iOS opens the
/// app when the domain's association file claims the URL for it and its Associated Domains list
/// the domain, else Safari (docs/system-model.md, "Universal links").
struct OpenUniversalLinkStep: ScenarioStep {
    static let name = "openUniversalLink"
    static let keys = ["device", "url"]
    var device: Int
    var url: String

    static var schema: [String: Any] {
        ScenarioSchema.object(["device": ScenarioSchema.device, "url": ["type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"]], required: ["url"])
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let url = decoder.reader.required(fields, "url", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("url")) }
        if let url, LinkURL(url).map({ $0.scheme == "http" || $0.scheme == "https" }) != true {
            decoder.reader.report(ProblemCode.scenarioInvalidValue, "'\(url)' is not an http or https URL with a host; a universal link is a web link, such as https://example.com/places/42", fields["url"]!.value, pointer.appending("url"))
            return nil
        }
        return url.map { OpenUniversalLinkStep(device: device ?? 0, url: $0) }
    }

    var summary: String { "tap the link \(url)" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.openUniversalLink(step, device: device, url: url) }
}

extension ScenarioPlayer {
    /// Decides a web URL as iOS does, then launches the app with the browsing-web activity or
    /// opens Safari. `openURL` of an http or https URL comes here too.
    mutating func openUniversalLink(_ step: Step, device: Int, url: String) {
        let cause = "opening \(url) on '\(deviceName(device))'"
        let matcher = UniversalLinkMatcher(
            sites: scenario.sites, appID: scenario.app.appID,
            // Not stated: the app is assumed to list every domain the scenario serves.
            associatedDomains: scenario.app.associatedDomains)
        var verdict = matcher.verdict(for: url)
        if verdict.outcome == .undecided {
            // The scenario's sites are its whole web: a domain it leaves out serves no file.
            verdict = LinkVerdict(outcome: .safari, reason: "the scenario's sites give no association file for the link's domain, so iOS opens it in Safari")
        }
        if verdict.outcome == .app && !hasApp(device) {
            verdict = LinkVerdict(
                outcome: .safari, reason: "'\(deviceName(device))' does not have the app, so the link opens in Safari (\(verdict.reason))", appIDs: verdict.appIDs,
                pointer: verdict.pointer, file: verdict.file)
        }
        lastLink = (url, verdict)
        guard verdict.outcome == .app else {
            launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(url))
            return
        }
        let delivery = Delivery(origin: .universalLink, activityType: SystemActivityType.browsingWeb, userInfo: [], webpageURL: url)
        launch(step, device: device, cause: cause + " (\(verdict.reason))", delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }
}
