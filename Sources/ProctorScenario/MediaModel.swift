import Foundation
import ProctorVocabulary

/// Media suggestions (docs/system-model.md, "Media suggestions"; seed 000, lines 202-221). When a
/// trigger the system learns from (headphones plugged in, a Bluetooth device paired, the car)
/// precedes the user's habit of playing media in an app, iOS promotes the app; for a media app it
/// "may further elevate that" to the Lock Screen. What the Lock Screen shows then depends on the
/// app:
/// - an app that adopts `MPPlayableContentManager` is launched in the background and asked to
///   prepare a playback queue. If its completion handler reports an error, the system does not
///   promote it; if it reports success with `nowPlayingInfo` already set, the Lock Screen shows
///   that item, its artwork and a Play button;
/// - an app that does not adopt it but donated `INPlayMediaIntent`s (iOS 12 and later) gets
///   Siri's media suggestion of the most recent one: its title, with a Play button that sends the
///   intent to the app (Apple's SiriKit Media documentation). Assumption: when an app does both,
///   the seed's preparation wins;
/// - otherwise (no adoption, or nothing set before completion) the Lock Screen shows the app in
///   the banner Handoff uses, which the user must unlock and swipe to use.
///
/// Assumption: Proctor does not model what the system learns. A scenario's `connectAudioRoute`
/// step states that the trigger happened and that the system chose this app.
struct MediaModel {
    /// What the Lock Screen of a device shows of the suggested app.
    enum Promotion: Equatable {
        /// No media suggestion: no trigger yet, or the app reported an error.
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

    struct DeviceMedia {
        var route: AudioRoute
        var online: Bool
        var promotion: Promotion
        /// The preparation reported success for content it cannot fetch: Play fails.
        var cannotPlay: Bool
    }

    private(set) var devices: [Int: DeviceMedia] = [:]

    func promotion(on device: Int) -> Promotion { devices[device]?.promotion ?? .none }

    func state(of device: Int) -> DeviceMedia? { devices[device] }

    /// What the system does when `route` connects on `device` and it suggests `app`; returns the
    /// completion the app's preparation reported, nil when the app adopts none.
    @discardableResult
    mutating func connect(route: AudioRoute, on device: Int, online: Bool, app: MediaApp?, donated: PlayMediaIntent?) -> PlaybackPreparation.Completion? {
        guard let preparation = app?.prepare else {
            let promotion = donated.map { Promotion.mediaSuggestion(title: $0.suggestedTitle) } ?? .appSuggestion
            devices[device] = DeviceMedia(route: route, online: online, promotion: promotion, cannotPlay: false)
            return nil
        }
        let offline = preparation.streamsContent && !online
        let completion: PlaybackPreparation.Completion = offline && preparation.errorsWhenOffline ? .error : preparation.completion
        var promotion = Promotion.none
        if completion == .success {
            if let info = preparation.nowPlayingInfo, preparation.setsNowPlayingInfo == .beforeCompletion {
                promotion = .nowPlaying(title: info.titleText, subtitle: info.subtitle, artwork: info.artworkImage != nil, playing: preparation.startsPlayback && !offline)
            } else {
                promotion = .appSuggestion
            }
        }
        devices[device] = DeviceMedia(route: route, online: online, promotion: promotion, cannotPlay: completion == .success && offline)
        return completion
    }

    /// The user presses Play on the Lock Screen: the prepared queue plays. Returns why it cannot.
    mutating func play(on device: Int) -> String? {
        guard var state = devices[device] else { return "no media suggestion is on the Lock Screen (no connectAudioRoute step)" }
        guard case .nowPlaying(let title, let subtitle, let artwork, _) = state.promotion else {
            return "the Lock Screen shows \(state.promotion.summary), which has no Play button"
        }
        if state.cannotPlay {
            return "the app reported the queue ready, but its content streams and the device has no network; playback fails after the user pressed Play"
        }
        state.promotion = .nowPlaying(title: title, subtitle: subtitle, artwork: artwork, playing: true)
        devices[device] = state
        return nil
    }

    /// The app, launched with the suggested intent, plays it. Assumption: the player shows the
    /// intent's title; what the app then sets as Now Playing information is not stated.
    mutating func playSuggestedIntent(on device: Int) {
        guard var state = devices[device], case .mediaSuggestion(let title) = state.promotion else { return }
        state.promotion = .nowPlaying(title: title, subtitle: nil, artwork: false, playing: true)
        devices[device] = state
    }
}
