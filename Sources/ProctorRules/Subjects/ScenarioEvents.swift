import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// What the scenario model saw while a scenario played, for the rules only a scenario can judge:
// no payload says which screen the app showed while it donated. The model emits these events as
// it plays `donate` steps (ProctorScenario's SiriModel); rules judge them like any subject.

extension RuleScope {
    /// What the system model saw while a scenario played: judged by `proctor run` only.
    package static let scenario = RuleScope(name: "scenario", judgedBy: .run)
}

/// A reservation interaction donated in the foreground while the device showed a screen of the
/// app (a `showScreen` step).
package struct ReservationDonatedOnScreen: RuleSubject, Sendable {
    package static var scope: RuleScope { .scenario }

    /// The screen shown last on the device the app donated on.
    package struct Screen: Sendable {
        package var name: String
        /// The step that showed it: each `showScreen` step is a new view.
        package var shownAtStep: Int
        /// The reservation containers the screen lists, as the scenario names them.
        package var reservations: [String]
        /// The device, as the scenario names it.
        package var device: String

        package init(name: String, shownAtStep: Int, reservations: [String], device: String) {
            self.name = name
            self.shownAtStep = shownAtStep
            self.reservations = reservations
            self.device = device
        }
    }

    package var screen: Screen
    /// The intent's `reservationContainerReference`.
    package var container: SpeakableString?
    /// Where the container is written; the intent itself when it has none.
    package var containerPointer: JSONPointer
    /// The step of an earlier donation of the same container in this view, when every item of
    /// this donation is as that view last donated it (same itemReference, reservationStatus,
    /// reservedSeat, start and end): this donation carries nothing new. Nil when the container is
    /// new to the view or something changed.
    package var unchangedSinceStep: Int?

    package init(screen: Screen, container: SpeakableString?, containerPointer: JSONPointer, unchangedSinceStep: Int?) {
        self.screen = screen
        self.container = container
        self.containerPointer = containerPointer
        self.unchangedSinceStep = unchangedSinceStep
    }
}

/// A notification with an alert that the scenario's server sends while the device's local time is
/// in the user's quiet hours (`quietHours` on the device, read in its `timeZone`).
package struct PushDuringQuietHours: RuleSubject, Sendable {
    package static var scope: RuleScope { .scenario }

    /// The device, as the scenario names it.
    package var device: String
    /// The local time the push arrives, `HH:MM`, and the time zone it is read in.
    package var localTime: String
    package var timeZone: String
    /// The quiet hours, `22:00 to 07:00`.
    package var window: String
    /// Whether the device's Do Not Disturb silenced it (it still reached Notification Center).
    package var silenced: Bool
    /// The step's notification.
    package var pointer: JSONPointer

    package init(device: String, localTime: String, timeZone: String, window: String, silenced: Bool, pointer: JSONPointer) {
        self.device = device
        self.localTime = localTime
        self.timeZone = timeZone
        self.window = window
        self.silenced = silenced
        self.pointer = pointer
    }
}

/// How a media app prepared playback when the system suggested it after a trigger
/// (`connectAudioRoute`; seed 000, lines 214-223), as the scenario's `app.media.prepare` states it.
package struct PlaybackPrepared: RuleSubject, Sendable {
    package static var scope: RuleScope { .scenario }

    /// When the app set its Now Playing information.
    package enum NowPlayingTiming: Sendable {
        case never, beforeCompletion, afterCompletion
    }

    /// The device, as the scenario names it, and what triggered the suggestion ("headphones were
    /// plugged in").
    package var device: String
    package var trigger: String
    package var nowPlaying: NowPlayingTiming
    package var startsPlayback: Bool
    /// The device had no network and the app's content streams.
    package var offline: Bool
    /// What it passed the completion handler on this device: true for success.
    package var reportedReady: Bool
    /// The preparation's facts (`/app/media/prepare`).
    package var pointer: JSONPointer

    package init(
        device: String, trigger: String, nowPlaying: NowPlayingTiming, startsPlayback: Bool, offline: Bool, reportedReady: Bool, pointer: JSONPointer
    ) {
        self.device = device
        self.trigger = trigger
        self.nowPlaying = nowPlaying
        self.startsPlayback = startsPlayback
        self.offline = offline
        self.reportedReady = reportedReady
        self.pointer = pointer
    }

    package func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }
}
