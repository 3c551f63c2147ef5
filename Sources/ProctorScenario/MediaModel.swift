import Foundation
import ProctorVocabulary

/// Media suggestions (docs/system-model.md, "Media suggestions"; seed 000, lines 202-225). When a
/// trigger the system learns from (headphones plugged in, a Bluetooth device paired, the car)
/// precedes the user's habit of playing media in an app, iOS promotes the app; for a media app it
/// "may further elevate that" to the Lock Screen. What the Lock Screen shows then depends on the
/// app:
/// - an app that donated `INPlayMediaIntent`s (iOS 12 and later) gets Siri's media suggestion of
///   the most recent one: its title, with a Play button that sends the intent to the app (Apple's
///   SiriKit Media documentation). iOS 12 deprecated the seed's queue preparation "for initiating
///   playback queues" in favour of the Intents framework, so the donation wins when an app does
///   both (assumption);
/// - an app that adopts `MPPlayableContentManager` (`app.media.prepare`) is launched in the
///   background and asked to prepare a playback queue. If its completion handler reports an
///   error, the system does "not necessarily promote" it: the model shows nothing (assumption);
///   if it reports success with `nowPlayingInfo` already set, the Lock Screen shows that item,
///   its artwork and a Play button;
/// - otherwise (no adoption, or nothing set before completion) the Lock Screen shows the app in
///   the banner Handoff uses, which the user must unlock and swipe to use.
///
/// Assumption: Proctor does not model what the system learns. A scenario's `connectAudioRoute`
/// step states that the trigger happened and that the system chose this app.
struct MediaModel {
    /// What the Lock Screen of a device shows of the suggested app.
    enum Promotion: Equatable {
        /// No media suggestion: no trigger yet, no app, or the app reported an error.
        case none
        /// The app in the banner Handoff uses (the seed's "before").
        case appSuggestion
        /// The item the app prepared, with a Play button (the seed's "after").
        case nowPlaying(title: String?, subtitle: String?, artwork: Bool, playing: Bool)
        /// Siri's suggestion of a donated `INPlayMediaIntent`, with a Play button.
        case mediaSuggestion(title: String?)

        var shown: ExpectedMediaSuggestion.Shown {
            switch self {
            case .none: .none
            case .appSuggestion: .appSuggestion
            case .nowPlaying: .nowPlaying
            case .mediaSuggestion: .mediaSuggestion
            }
        }

        var summary: String {
            switch self {
            case .none: "no media suggestion"
            case .appSuggestion: "the app suggestion in the Handoff banner"
            case .nowPlaying(let title, let subtitle, let artwork, let playing):
                "Now Playing \(title.map { "'\($0)'" } ?? "without a title")\(subtitle.map { " (\($0))" } ?? ""), \(artwork ? "with" : "without") artwork, \(playing ? "playing" : "paused")"
            case .mediaSuggestion(let title): "Siri's media suggestion \(title.map { "'\($0)'" } ?? "without a title")"
            }
        }
    }

    /// The triggers of a suggestion the seed names: headphones plugged in, a Bluetooth device
    /// paired, and (as Apple's media documentation adds) the car.
    enum AudioRoute: String, CaseIterable {
        case headphones, bluetooth, carPlay

        /// The trigger, as a message says it happened.
        var happened: String {
            switch self {
            case .headphones: "headphones were plugged in"
            case .bluetooth: "a Bluetooth device connected"
            case .carPlay: "CarPlay connected"
            }
        }
    }

    /// How the app's queue preparation went, for the rules that judge it.
    struct Prepared {
        var completion: PlaybackPreparation.Completion
        /// The device had no network and the content streams.
        var offline: Bool
    }

    private struct DeviceMedia {
        var promotion: Promotion
        /// The preparation reported success for content it cannot fetch: Play fails.
        var cannotPlay = false
    }

    private var devices: [Int: DeviceMedia] = [:]

    func promotion(on device: Int) -> Promotion { devices[device]?.promotion ?? .none }

    /// What the system does when a route connects on `device` and it suggests `app` (nil when the
    /// device does not have the app); returns how the app's preparation went, nil when it was not
    /// asked to prepare.
    mutating func connect(on device: Int, online: Bool, app: MediaApp?, hasApp: Bool, donated: PlayMediaIntent?) -> Prepared? {
        guard hasApp else {
            devices[device] = DeviceMedia(promotion: .none)
            return nil
        }
        if let donated {
            devices[device] = DeviceMedia(promotion: .mediaSuggestion(title: donated.suggestedTitle))
            return nil
        }
        guard let preparation = app?.prepare else {
            devices[device] = DeviceMedia(promotion: .appSuggestion)
            return nil
        }
        let offline = preparation.streamsContent && !online
        let completion: PlaybackPreparation.Completion = offline && preparation.errorsWhenOffline ? .error : preparation.completion
        var state = DeviceMedia(promotion: .none)
        if completion == .success {
            if let info = preparation.nowPlayingInfo, preparation.setsNowPlayingInfo == .beforeCompletion {
                state.promotion = .nowPlaying(
                    title: info.titleText, subtitle: info.subtitle, artwork: info.artworkImage != nil, playing: preparation.startsPlayback && !offline
                )
            } else {
                state.promotion = .appSuggestion
            }
            state.cannotPlay = offline
        }
        devices[device] = state
        return Prepared(completion: completion, offline: offline)
    }

    /// The user presses Play on the Lock Screen: the prepared queue plays. Returns why it cannot.
    mutating func play(on device: Int) -> String? {
        guard var state = devices[device], state.promotion != .none else { return "the Lock Screen shows no media suggestion" }
        guard case .nowPlaying(let title, let subtitle, let artwork, _) = state.promotion else {
            return "the Lock Screen shows \(state.promotion.summary), which has no Play button"
        }
        if state.cannotPlay {
            return
                "the app reported the queue ready, but its content streams and the device has no network; playback fails after the user pressed Play"
        }
        state.promotion = .nowPlaying(title: title, subtitle: subtitle, artwork: artwork, playing: true)
        devices[device] = state
        return nil
    }

    /// The app, launched with the suggested intent, plays it. Assumption: the player shows the
    /// intent's title; what the app then sets as Now Playing information is not stated.
    mutating func playSuggestedIntent(on device: Int) {
        guard case .mediaSuggestion(let title)? = devices[device]?.promotion else { return }
        devices[device] = DeviceMedia(promotion: .nowPlaying(title: title, subtitle: nil, artwork: false, playing: true))
    }

    /// The app was deleted from `device`: its suggestion and its playback go with it.
    mutating func appRemoved(device: Int) {
        devices[device] = nil
    }
}
