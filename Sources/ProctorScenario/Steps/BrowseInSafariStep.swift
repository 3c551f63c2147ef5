import Foundation
import ProctorCore
import ProctorJSON
import ProctorLinks
import ProctorVocabulary

/// `browseInSafari`: the user reads a web page in Safari on a device. Safari's browsing activity
/// (`NSUserActivityTypeBrowsingWeb`, the page as `webpageURL`) becomes the device's current
/// activity, under the handle `activity` (default "safari"), so Handoff offers the page on the
/// user's other devices: in the app when it claims the URL, else in Safari (docs/system-model.md,
/// "Universal links"). Safari is on every device, so the app need not be.
struct BrowseInSafariStep: ScenarioStep, StepOnOneDevice {
    static let name = "browseInSafari"
    static let keys = ["activity", "device", "url"]
    static let defaultHandle = "safari"
    var handle: String
    var device: Int
    var url: String
    /// Where the step is written, as the activity's own place.
    var pointer: JSONPointer

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "activity": [
                    "type": "string", "minLength": 1, "description": "The handle of Safari's activity, for expect.handoff (default \"safari\").",
                ],
                "device": ScenarioSchema.device,
                "url": ["type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://", "description": "The page Safari shows."],
            ], required: ["url"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context) ?? 0
        let handle = fields["activity"].flatMap { decoder.reader.nonEmptyString($0.value, pointer.appending("activity")) } ?? defaultHandle
        guard let url = decoder.reader.required(fields, "url", body, pointer).flatMap({ decoder.reader.nonEmptyString($0, pointer.appending("url")) })
        else { return nil }
        guard LinkURL(url).map({ $0.scheme == "http" || $0.scheme == "https" }) == true else {
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "'\(url)' is not an http or https URL with a host; Safari shows web pages", fields["url"]!.value,
                pointer.appending("url"))
            return nil
        }
        // One handle, one activity on one device: Safari's handle is its own.
        if let existing = context.activities[handle], existing.device != device || existing.invalidatedAt != nil {
            decoder.reader.report(
                ProblemCode.scenarioInvalidSequence,
                "activity '\(handle)' is already another activity's; give Safari's its own handle with 'activity'",
                fields["activity"]?.value ?? body, pointer.appending("activity"))
            return nil
        }
        context.activities[handle] = (device, nil)
        return BrowseInSafariStep(handle: handle, device: device, url: url, pointer: pointer)
    }

    var summary: String { "browse \(url) in Safari" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        // Safari's activity, not a donation of the app's: no rule judges it.
        var activity = UserActivity(pointer: pointer)
        activity.activityType = SystemActivityType.browsingWeb
        activity.webpageURL = url
        player.model.becomeCurrent(handle: handle, device: device, activity: activity)
    }
}
