import Foundation
import ProctorCore
import ProctorJSON
import ProctorLinks

/// `openUniversalLink`: the user taps a web link (in Messages, Mail, another app): iOS opens the
/// app when the domain's association file claims the URL for it and its Associated Domains list
/// the domain, else Safari (docs/system-model.md, "Universal links").
struct OpenUniversalLinkStep: ScenarioStep, StepOnOneDevice {
    static let name = "openUniversalLink"
    static let keys = ["device", "safariPage", "typedInSafari", "url"]
    var device: Int
    var url: String
    /// Where the user opens it: another app (the default), a page in Safari, or Safari's address bar.
    var origin: LinkOrigin = .otherApp

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "url": ["type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"],
                "safariPage": [
                    "type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
                    "description": "The link is tapped on this page in Safari: a link to the page's own domain stays in Safari.",
                ],
                "typedInSafari": ["type": "boolean", "description": "The URL is typed into Safari's address bar, where it loads as a web page."],
            ], required: ["url"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let url = decoder.reader.required(fields, "url", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("url")) }
        if let url, LinkURL(url).map({ $0.scheme == "http" || $0.scheme == "https" }) != true {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue,
                "'\(url)' is not an http or https URL with a host; a universal link is a web link, such as https://example.com/places/42",
                fields["url"]!.value, pointer.appending("url"))
            return nil
        }
        let safariPage = fields["safariPage"].flatMap { decoder.reader.nonEmptyString($0.value, pointer.appending("safariPage")) }
        let typed = fields["typedInSafari"].flatMap { decoder.reader.bool($0.value, pointer.appending("typedInSafari")) } ?? false
        if safariPage != nil, typed {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "a link is either tapped on a Safari page or typed into Safari's address bar, not both",
                fields["typedInSafari"]!.value, pointer.appending("typedInSafari"))
            return nil
        }
        if let safariPage, LinkURL(safariPage).map({ $0.scheme == "http" || $0.scheme == "https" }) != true {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "'\(safariPage)' is not an http or https URL with a host; safariPage is the page Safari shows",
                fields["safariPage"]!.value, pointer.appending("safariPage"))
            return nil
        }
        let origin: LinkOrigin = typed ? .safariAddressBar : safariPage.map(LinkOrigin.safariPage) ?? .otherApp
        return url.map { OpenUniversalLinkStep(device: device ?? 0, url: $0, origin: origin) }
    }

    var summary: String {
        switch origin {
        case .otherApp: "tap the link \(url)"
        case .safariPage(let page): "tap the link \(url) on \(page) in Safari"
        case .safariAddressBar: "type \(url) into Safari's address bar"
        }
    }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.openUniversalLink(step, device: device, url: url, from: origin) }
}

extension ScenarioPlayer {
    /// Decides a web URL as iOS does, then launches the app with the browsing-web activity or
    /// opens Safari. `openURL` of an http or https URL comes here too.
    mutating func openUniversalLink(_ step: Step, device: Int, url: String, from origin: LinkOrigin = .otherApp) {
        let cause = "opening \(url) on '\(deviceName(device))'"
        var verdict = model.linkVerdict(for: url, from: origin)
        if verdict.outcome == .app && !hasApp(device) {
            verdict = LinkVerdict(
                outcome: .safari, reason: "'\(deviceName(device))' does not have the app, so the link opens in Safari (\(verdict.reason))",
                appIDs: verdict.appIDs,
                pointer: verdict.pointer, file: verdict.file)
        }
        features[UniversalLinks.self].last = (url, verdict)
        guard verdict.outcome == .app else {
            launch(step, device: device, cause: cause, delivery: nil, outcome: .safari(url))
            return
        }
        let delivery = Delivery(origin: .universalLink, activityType: SystemActivityType.browsingWeb, userInfo: [], webpageURL: url)
        var outcome = LaunchRouter.route(delivery, app: scenario.app)
        if case .failed(.noRoute, nil, _) = outcome {
            // The association file sends the link to the app, whose handler does not take it.
            outcome = .failed(
                .noRoute, route: nil,
                message:
                    "no route takes the universal link \(url), so the app opens and shows nothing: add a route whose 'urls' match it for the screen the app's handler of NSUserActivityTypeBrowsingWeb (scene(_:continue:), application(_:continue:restorationHandler:), onContinueUserActivity) opens"
            )
        }
        launch(step, device: device, cause: cause + " (\(verdict.reason))", delivery: delivery, outcome: outcome)
    }
}

/// The universal links `expect.link` examines.
struct UniversalLinks: FeatureState {
    /// The last universal link opened (`openUniversalLink`, an http `openURL`, a Handoff with a
    /// webpageURL), and what iOS decided.
    var last: (url: String, verdict: LinkVerdict)?
}
