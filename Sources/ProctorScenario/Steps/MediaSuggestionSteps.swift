import Foundation
import ProctorCore
import ProctorJSON
import ProctorRules
import ProctorVocabulary

/// `connectAudioRoute`: headphones are plugged in, a Bluetooth device pairs or the car connects
/// on `device`, and the system suggests the app as the media app the user plays after that
/// trigger (MediaModel: Proctor does not model the learning, the step states its result). An app
/// that adopts `MPPlayableContentManager` (`app.media.prepare`) is launched in the background to
/// prepare its queue; the Lock Screen then shows what it prepared (`expect.lockScreen`'s `media`).
/// The Now Playing information it sets is judged by the rules `proctor lint` judges it with, and
/// how it prepared by the media rules only a scenario can judge.
struct ConnectAudioRouteStep: ScenarioStep, StepOnOneDevice {
    static let name = "connectAudioRoute"
    static let keys = ["device", "route", "online"]
    var device: Int
    var route: MediaModel.AudioRoute
    var online: Bool

    static var schema: [String: Any] {
        ScenarioSchema.object(
            [
                "device": ScenarioSchema.device,
                "route": [
                    "enum": MediaModel.AudioRoute.allCases.map(\.rawValue),
                    "description": "The trigger: headphones plugged in, a Bluetooth device paired, or CarPlay connected.",
                ],
                "online": ["type": "boolean", "description": "Whether the device has a network (false: Airplane Mode); true when absent."],
            ], required: ["route"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let errorsBefore = decoder.reader.errorCount
        let device = decoder.deviceReference(fields, pointer, context: context)
        let route = decoder.reader.required(fields, "route", body, pointer).flatMap {
            decoder.reader.choice($0, pointer.appending("route"), MediaModel.AudioRoute.self)
        }
        let online = fields["online"].flatMap { decoder.reader.bool($0.value, pointer.appending("online")) } ?? true
        guard let device, let route, decoder.reader.errorCount == errorsBefore else { return nil }
        return ConnectAudioRouteStep(device: device, route: route, online: online)
    }

    var summary: String { "connect \(route.rawValue)\(online ? "" : " with no network")" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let media = player.scenario.app.media
        let donated = player.model.siri.latestMediaDonation(on: device)
        guard let prepared = player.model.media.connect(on: device, online: online, app: media, hasApp: player.hasApp(device), donated: donated),
            let preparation = media?.prepare
        else { return }
        let timing: PlaybackPrepared.NowPlayingTiming =
            preparation.nowPlayingInfo == nil ? .never : preparation.setsNowPlayingInfo == .beforeCompletion ? .beforeCompletion : .afterCompletion
        let subject = PlaybackPrepared(
            device: player.deviceName(device), trigger: route.happened, nowPlaying: timing, startsPlayback: preparation.startsPlayback,
            offline: prepared.offline, reportedReady: prepared.completion == .success, pointer: preparation.pointer)
        player.checkRules(subject, nowPlaying: preparation.nowPlayingInfo, at: step)
    }
}

/// `tapPlay`: the user presses Play on the media suggestion on the Lock Screen of `device`, and
/// the queue the app prepared plays. It fails the step when the Lock Screen shows no player (no
/// suggestion, or the app in the Handoff banner) or when the app reported ready content it cannot
/// fetch, unless a later `expect.lockScreen` of the device states that nothing plays.
struct TapPlayStep: ScenarioStep, StepOnOneDevice {
    static let name = "tapPlay"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] {
        ScenarioSchema.object(["device": ScenarioSchema.device])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        guard let device = decoder.deviceReference(fields, pointer, context: context) else { return nil }
        return TapPlayStep(device: device)
    }

    var summary: String { "press Play on the Lock Screen" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        if case .mediaSuggestion = player.model.media.promotion(on: device) {
            // Siri hands the donated intent to the app, which answers handleInApp and plays in
            // the background. Assumption: it reaches the route that takes the intent's class, as
            // an intent launch does; the app does not come to the foreground.
            let delivery = Delivery(
                origin: .interaction("the Lock Screen's media suggestion"), activityType: IntentClass.playMedia.rawValue, userInfo: [], url: nil)
            let outcome = LaunchRouter.route(delivery, app: player.scenario.app)
            let wasForeground = player.model.foreground.contains(device)
            player.launch(
                step, device: device, cause: "pressing Play on the media suggestion on '\(player.deviceName(device))'", delivery: delivery,
                outcome: outcome)
            if !wasForeground { player.model.foreground.remove(device) }
            if case .routed = outcome { player.model.media.playSuggestedIntent(on: device) }
            return
        }
        if let why = player.model.media.play(on: device) {
            player.refusals.append(
                .init(
                    subject: PlaybackRefusal(device: device), step: step, name: summary,
                    message: "pressing Play on '\(player.deviceName(device))' plays nothing: \(why)",
                    expected: "the prepared item plays", actual: "nothing plays"))
        } else {
            player.pass(step, order: 1, name: summary)
        }
    }
}

/// A Play button that played nothing: examined by a later `expect.lockScreen` of the device whose
/// `media` says nothing plays.
struct PlaybackRefusal: Hashable {
    var device: Int
}

/// The findings about the media app's preparation reported so far, by rule and pointer: the
/// preparation is the app's, the same at every trigger, so each is reported once.
struct MediaPreparationFindings: FeatureState {
    var reported: Set<String> = []
}
