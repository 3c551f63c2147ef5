import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `tapWidget`: the user taps the app's widget (or a `Link` in it), whose URL the system hands
/// to the containing app: "When the widget receives an interaction, the system activates the
/// containing app and passes the URL to onOpenURL(perform:), application(_:open:options:), or
/// application(_:open:)" (WidgetKit, "Linking to specific app scenes from your widget or Live
/// Activity"). The URL is routed by the routes' `urls`; unlike `openURL`, its scheme need not be
/// in CFBundleURLTypes and an https URL is not a universal link (docs/system-model.md, "Widgets").
struct TapWidgetStep: ScenarioStep, StepOnOneDevice {
    static let name = "tapWidget"
    static let keys = ["device", "url", "widget"]
    var device: Int
    var url: String
    /// The widget's kind, for messages.
    var widget: String?

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device,
                "url": [
                    "type": "string", "pattern": "^[A-Za-z][A-Za-z0-9+.-]*:",
                    "description": "The widget's widgetURL, or the URL of the Link tapped in it.",
                ],
                "widget": ScenarioSchema.nonEmpty("The widget's kind, for messages."),
            ], required: ["url"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.appOnDevice(fields, body, pointer, context: context, for: "show the app's widget")
        let url = decoder.reader.required(fields, "url", body, pointer).flatMap { decoder.reader.nonEmptyString($0, pointer.appending("url")) }
        if let url, URLPattern.scheme(of: url) == nil {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "'\(url)' is not a URL with a scheme, such as myapp://place/42", fields["url"]!.value,
                pointer.appending("url"))
            return nil
        }
        let widget = fields["widget"].flatMap { decoder.reader.nonEmptyString($0.value, pointer.appending("widget")) }
        guard let device, let url else { return nil }
        return TapWidgetStep(device: device, url: url, widget: widget)
    }

    var summary: String { "tap the widget\(widget.map { " '\($0)'" } ?? "") with \(url)" }

    func play(_ step: Step, on player: inout ScenarioPlayer) { player.tapWidget(step, device: device, url: url, widget: widget) }
}

extension ScenarioPlayer {
    fileprivate mutating func tapWidget(_ step: Step, device: Int, url: String, widget: String?) {
        let delivery = Delivery(origin: .widget(kind: widget), activityType: nil, userInfo: [], url: url)
        var outcome = LaunchRouter.route(delivery, app: scenario.app)
        if case .failed(.noRoute, nil, _) = outcome {
            outcome = .failed(
                .noRoute, route: nil,
                message:
                    "no route takes the widget's URL \(url), so the app opens and shows nothing: add a route whose 'urls' match it for the screen the app's URL handler (onOpenURL, scene(_:openURLContexts:), application(_:open:options:)) opens"
            )
        }
        let cause = "tapping the widget\(widget.map { " '\($0)'" } ?? "") on '\(deviceName(device))'"
        launch(step, device: device, cause: cause, delivery: delivery, outcome: outcome)
    }
}
