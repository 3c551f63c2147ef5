import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `openURL`: the system opens a URL; a custom scheme launches the app, a web URL is a universal
/// link (``OpenUniversalLinkStep``).
struct OpenURLStep: ScenarioStep, StepOnOneDevice {
    static let name = "openURL"
    static let keys = ["device", "url"]
    var device: Int
    var url: String
    /// Where the URL is in the scenario, for the finding on a route of a scheme not declared.
    var pointer: JSONPointer? = nil

    static var schema: [String: Any] {
        ScenarioSchema.object(
            ["device": ScenarioSchema.device, "url": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9+.-]*:"]], required: ["url"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let url = decoder.reader.required(fields, "url", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("url")) }
        if let url, URLPattern.scheme(of: url) == nil {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "'\(url)' is not a URL with a scheme, such as myapp://place/42", fields["url"]!.value,
                pointer.appending("url"))
        }
        return url.map { OpenURLStep(device: device ?? 0, url: $0, pointer: pointer.appending("url")) }
    }

    var summary: String { "open \(url)" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.openURL(step, device: device, url: url, pointer: pointer) }
}

extension ScenarioPlayer {
    /// The system opens `url` on `device`, because of `cause` ("tapping the link of ..."): a
    /// custom scheme launches the app, a web URL is a universal link.
    /// `pointer` is where the scenario writes the URL: a route that takes it with a scheme the
    /// app does not declare is judged there (`source_url_scheme_declared`).
    mutating func openURL(_ step: Step, device: Int, url: String, cause: String? = nil, pointer: JSONPointer? = nil) {
        let cause = cause ?? "opening \(url) on '\(deviceName(device))'"
        let scheme = URLPattern.scheme(of: url) ?? ""
        if scheme == "http" || scheme == "https" {
            // A web URL another app opens is a universal link like a tapped one.
            openUniversalLink(step, device: device, url: url)
            return
        }
        let delivery = Delivery(origin: .url, activityType: nil, userInfo: [], url: url)
        guard hasApp(device) else {
            launch(
                step, device: device, cause: cause, delivery: delivery,
                outcome: .failed(
                    .appNotInstalled, route: nil, message: "'\(deviceName(device))' does not have the app, so nothing opens \(scheme): URLs"))
            return
        }
        guard scenario.app.info.urlSchemes.contains(where: { $0.lowercased() == scheme }) else {
            if let pointer { showUndeclaredSchemeFindings(at: step, url: url, scheme: scheme, pointer: pointer) }
            let declared = scenario.app.info.urlSchemes.sorted()
            let list = declared.isEmpty ? "declares none" : "declares \(declared.joined(separator: ", "))"
            launch(
                step, device: device, cause: cause, delivery: delivery,
                outcome: .failed(
                    .schemeNotDeclared, route: nil,
                    message: "the app's CFBundleURLTypes \(list), not '\(scheme)', so the system does not open the URL in the app"))
            return
        }
        launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: scenario.app))
    }
}
