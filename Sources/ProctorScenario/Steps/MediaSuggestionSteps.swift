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
struct ConnectAudioRouteStep: ScenarioStep {
    static let name = "connectAudioRoute"
    static let keys = ["device", "route", "online"]
    var device: Int
    var route: MediaModel.AudioRoute
    var online: Bool

    static var schema: [String: Any] {
        ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "route": ["enum": MediaModel.AudioRoute.allCases.map(\.rawValue), "description": "The trigger: headphones plugged in, a Bluetooth device paired, or CarPlay connected."],
            "online": ["type": "boolean", "description": "Whether the device has a network (false: Airplane Mode); true when absent."],
        ], required: ["route"])
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let errorsBefore = decoder.reader.errorCount
        let device = decoder.deviceReference(fields, pointer, context: context)
        let route = decoder.reader.required(fields, "route", body, pointer).flatMap { decoder.reader.choice($0, pointer.appending("route"), MediaModel.AudioRoute.self) }
        let online = fields["online"].flatMap { decoder.reader.bool($0.value, pointer.appending("online")) } ?? true
        guard let device, let route, decoder.reader.errorCount == errorsBefore else { return nil }
        return ConnectAudioRouteStep(device: device, route: route, online: online)
    }

    var summary: String { "connect \(route.rawValue)\(online ? "" : " with no network")" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        let media = player.scenario.app.media
        let donated = player.model.siri.latestMediaDonation(on: device)
        let completion = player.model.media.connect(route: route, on: device, online: online, app: media, donated: donated)
        guard let preparation = media?.prepare, let completion else { return }
        let prepared = PlaybackPrepared(
            device: player.deviceName(device), trigger: route.happened, online: online,
            setsNowPlayingInfoBeforeCompletion: preparation.nowPlayingInfo != nil && preparation.setsNowPlayingInfo == .beforeCompletion,
            setsNowPlayingInfo: preparation.nowPlayingInfo != nil, startsPlayback: preparation.startsPlayback,
            streamsContent: preparation.streamsContent, reportedReady: completion == .success, pointer: preparation.pointer)
        player.checkRules(prepared, nowPlaying: preparation.nowPlayingInfo, at: step)
    }
}

/// `tapPlay`: the user presses Play on the media suggestion on the Lock Screen of `device`, and
/// the queue the app prepared plays. It fails the step when the Lock Screen shows no player (no
/// suggestion, or the app in the Handoff banner) or when the app reported ready content it cannot
/// fetch, unless a later `expect.lockScreen` of the device states its `media`.
struct TapPlayStep: ScenarioStep {
    static let name = "tapPlay"
    static let keys = ["device"]
    var device: Int

    static var schema: [String: Any] {
        ScenarioSchema.object(["device": ScenarioSchema.device])
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        guard let device = decoder.deviceReference(fields, pointer, context: context) else { return nil }
        return TapPlayStep(device: device)
    }

    var summary: String { "press Play on the Lock Screen" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        if case .mediaSuggestion = player.model.media.promotion(on: device) {
            // Siri hands the donated intent to the app's handler, which plays it (handleInApp).
            let delivery = Delivery(origin: .interaction("the Lock Screen's media suggestion"), activityType: IntentClass.playMedia.rawValue, userInfo: [], url: nil)
            let outcome = LaunchRouter.route(delivery, app: player.scenario.app)
            player.launch(step, device: device, cause: "pressing Play on the media suggestion on '\(player.deviceName(device))'", delivery: delivery, outcome: outcome)
            if case .routed = outcome { player.model.media.playSuggestedIntent(on: device) }
            return
        }
        if let why = player.model.media.play(on: device) {
            player.refusals.append(.init(
                subject: .playback(device: device), step: step, name: summary, message: "pressing Play on '\(player.deviceName(device))' plays nothing: \(why)",
                expected: "the prepared item plays", actual: "nothing plays"))
        } else {
            player.pass(step, order: 1, name: summary)
        }
    }
}

extension ScenarioPlayer {
    /// Judges a media app's preparation: its Now Playing information with the rules `proctor lint`
    /// judges it with, and how it prepared with the rules only a scenario can judge.
    mutating func checkRules(_ prepared: PlaybackPrepared, nowPlaying: NowPlayingInfo?, at step: Step) {
        let locate = self.locate
        recordFindings(of: step) { context, findings in
            if let nowPlaying { Self.nowPlayingRules.judge(nowPlaying, in: context, locate: locate, into: &findings) }
            Self.preparationRules.judge(prepared, in: context, locate: locate, into: &findings)
        }
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

    static let nowPlayingRules = BuiltInRules.engine.rules(judging: NowPlayingInfo.self)
    static let preparationRules = BuiltInRules.engine.rules(judging: PlaybackPrepared.self)
}

extension ScenarioDecoder {
    /// `app.media`: a media app's answers to the system.
    mutating func mediaApp(_ node: JSONNode, _ pointer: JSONPointer) -> MediaApp? {
        guard let fields = reader.object(node, pointer, what: "media") else { return nil }
        reader.checkKeys(fields, pointer, allowed: MediaApp.keys, in: "media")
        let errorsBefore = reader.errorCount
        let prepare = fields["prepare"].flatMap { playbackPreparation($0.value, pointer.appending("prepare")) }
        guard reader.errorCount == errorsBefore else { return nil }
        return MediaApp(prepare: prepare)
    }

    /// `app.media.prepare`: what the app's playback-queue preparation does. Its `nowPlayingInfo`
    /// is read as `proctor lint` reads one.
    private mutating func playbackPreparation(_ node: JSONNode, _ pointer: JSONPointer) -> PlaybackPreparation? {
        guard let fields = reader.object(node, pointer, what: "a playback preparation") else { return nil }
        reader.checkKeys(fields, pointer, allowed: PlaybackPreparation.keys, in: "a playback preparation")
        let errorsBefore = reader.errorCount
        var preparation = PlaybackPreparation(pointer: pointer)
        var unreadable = false
        if let member = fields["nowPlayingInfo"] {
            var decoder = NowPlayingInfoDecoder(locate: { [path, source] offset, pointer in SourceLocation(file: path, offset: offset, pointer: pointer, in: source) })
            preparation.nowPlayingInfo = decoder.decode(member.value, at: pointer.appending("nowPlayingInfo"))
            for diagnostic in decoder.diagnostics { recordDiagnostic(diagnostic) }
            unreadable = preparation.nowPlayingInfo == nil
        }
        if let member = fields["setsNowPlayingInfo"] {
            preparation.setsNowPlayingInfo = reader.choice(member.value, pointer.appending("setsNowPlayingInfo"), PlaybackPreparation.Timing.self) ?? .beforeCompletion
            if fields["nowPlayingInfo"] == nil {
                reader.report(ProblemCode.scenarioInvalidValue, "'setsNowPlayingInfo' says when the app sets its 'nowPlayingInfo', which this preparation does not give", member.value, pointer.appending("setsNowPlayingInfo"))
            }
        }
        if let member = fields["completion"] {
            preparation.completion = reader.choice(member.value, pointer.appending("completion"), PlaybackPreparation.Completion.self) ?? .success
        }
        preparation.streamsContent = fields["streamsContent"].flatMap { reader.bool($0.value, pointer.appending("streamsContent")) } ?? false
        preparation.errorsWhenOffline = fields["errorsWhenOffline"].flatMap { reader.bool($0.value, pointer.appending("errorsWhenOffline")) } ?? false
        preparation.startsPlayback = fields["startsPlayback"].flatMap { reader.bool($0.value, pointer.appending("startsPlayback")) } ?? false
        if let member = fields["errorsWhenOffline"], !preparation.streamsContent {
            reader.report(ProblemCode.scenarioInvalidValue, "'errorsWhenOffline' matters only for content the app streams; add \"streamsContent\": true", member.value, pointer.appending("errorsWhenOffline"))
        }
        guard !unreadable, reader.errorCount == errorsBefore else { return nil }
        return preparation
    }
}
