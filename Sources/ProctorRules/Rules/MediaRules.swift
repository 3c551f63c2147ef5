import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Rules on what a media app sets as its Now Playing information (docs/media.md). Their examples
// are donation files holding {"nowPlayingInfo": ...}.

private let seedMedia = "WWDC16 session 240 (seed 000), lines 202-225: media suggestions and the nowPlayingInfo set before the callback completes"
private let infoCenter = "Apple, Media Player, MPNowPlayingInfoCenter"
private let episode =
    #""MPMediaItemPropertyTitle": "Episode 112: Deep Links", "MPMediaItemPropertyArtist": "The Proactive Show", "MPMediaItemPropertyAlbumTitle": "Season 3""#
private let artwork = #""MPMediaItemPropertyArtwork": {"boundsSize": {"width": 600, "height": 600}, "image": "episode-112"}"#

/// A number as a message writes it: 2712, not 2712.0.
private func written(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}

/// The Lock Screen has a title to show.
struct NowPlayingTitleRule: Rule {
    static let description = RuleDescription(
        id: "now_playing_title",
        name: "Now Playing Has A Title",
        category: .media,
        defaultSeverity: .warning,
        summary: "Now Playing information should name the item (MPMediaItemPropertyTitle).",
        rationale: """
            The Lock Screen and Control Center show what nowPlayingInfo says and nothing else: \
            without MPMediaItemPropertyTitle the player has no line naming what the user is about \
            to hear. Seed 000's demo translates the app's item (a title, an artist, an album) into \
            the nowPlayingInfo representation so that the suggestion on the Lock Screen shows the \
            content itself. A warning: the talk recommends it, and playback works without it.
            """,
        sources: [seedMedia + " [H]", infoCenter + ": the system displays Now Playing information on the Lock Screen [H]"],
        passing: [RuleExample(#"{"nowPlayingInfo": {\#(episode), \#(artwork)}}"#)],
        failing: [
            RuleExample(#"{"nowPlayingInfo": {"MPMediaItemPropertyArtist": "The Proactive Show", \#(artwork)}}"#, at: ["/nowPlayingInfo"]),
            RuleExample(#"{"nowPlayingInfo": {"MPMediaItemPropertyTitle": " ", \#(artwork)}}"#, at: ["/nowPlayingInfo/MPMediaItemPropertyTitle"]),
        ])

    func check(_ info: NowPlayingInfo, in context: RuleContext) -> [Violation] {
        guard let title = info.titleText else {
            return [
                Violation(
                    "the Now Playing information has no MPMediaItemPropertyTitle, so the Lock Screen names nothing the user would play",
                    at: info.pointer)
            ]
        }
        guard title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        return [
            Violation(
                "MPMediaItemPropertyTitle is blank, so the Lock Screen names nothing the user would play", at: info.pointer(NowPlayingInfo.title))
        ]
    }
}

/// The Lock Screen has artwork to show.
struct NowPlayingArtworkRule: Rule {
    static let description = RuleDescription(
        id: "now_playing_artwork",
        name: "Now Playing Has Artwork",
        category: .media,
        defaultSeverity: .warning,
        summary: "Now Playing information should carry artwork (MPMediaItemPropertyArtwork): the item's own image, or the app's default one.",
        rationale: """
            Seed 000 (lines 211 and 219-220): a media suggestion "gets your album art front and center" on \
            the Lock Screen; the app promotes the item's image, and an app without one sets its \
            default image ("an opportunity for you to get your brand elevated"). Without \
            MPMediaItemPropertyArtwork the Lock Screen shows a blank square. A warning: the talk \
            recommends it.
            """,
        sources: [seedMedia + " [H]", "Apple, Media Player, MPMediaItemArtwork [H]"],
        passing: [RuleExample(#"{"nowPlayingInfo": {\#(episode), \#(artwork)}}"#)],
        failing: [RuleExample(#"{"nowPlayingInfo": {\#(episode)}}"#, at: ["/nowPlayingInfo"])])

    func check(_ info: NowPlayingInfo, in context: RuleContext) -> [Violation] {
        guard info.artworkImage == nil else { return [] }
        return [
            Violation(
                "the Now Playing information has no MPMediaItemPropertyArtwork, so the Lock Screen shows no image; set the item's artwork, or the app's default image",
                at: info.pointer)
        ]
    }
}

/// The playback position is one the item can be at.
struct NowPlayingPositionRule: Rule {
    static let description = RuleDescription(
        id: "now_playing_position",
        name: "Now Playing Position Is Within The Item",
        category: .media,
        defaultSeverity: .error,
        summary: "The elapsed time must be between 0 and the playback duration, and the playback progress between 0.0 and 1.0.",
        rationale: """
            MPNowPlayingInfoPropertyElapsedPlaybackTime is "the elapsed time of the Now Playing \
            item, in seconds", MPMediaItemPropertyPlaybackDuration its length, and \
            MPNowPlayingInfoPropertyPlaybackProgress the fraction played, from 0.0 to 1.0. The \
            system computes the position it shows from the elapsed time and the rate, so a \
            negative time or one past the end puts the Lock Screen's scrubber where the item \
            cannot be, usually because seconds and milliseconds were mixed up. A live stream \
            (MPNowPlayingInfoPropertyIsLiveStream) has no end, so only a negative time is wrong.
            """,
        sources: [
            infoCenter
                + ": MPNowPlayingInfoPropertyElapsedPlaybackTime, MPMediaItemPropertyPlaybackDuration, MPNowPlayingInfoPropertyPlaybackProgress [H]"
        ],
        passing: [
            RuleExample(
                #"{"nowPlayingInfo": {\#(episode), "MPMediaItemPropertyPlaybackDuration": 2712, "MPNowPlayingInfoPropertyElapsedPlaybackTime": 640.5}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"nowPlayingInfo": {\#(episode), "MPMediaItemPropertyPlaybackDuration": 2712, "MPNowPlayingInfoPropertyElapsedPlaybackTime": 640500}}"#,
                at: ["/nowPlayingInfo/MPNowPlayingInfoPropertyElapsedPlaybackTime"]),
            RuleExample(
                #"{"nowPlayingInfo": {\#(episode), "MPNowPlayingInfoPropertyPlaybackProgress": 23.6}}"#,
                at: ["/nowPlayingInfo/MPNowPlayingInfoPropertyPlaybackProgress"]),
        ])

    func check(_ info: NowPlayingInfo, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        let isLive = info.flags[NowPlayingInfo.isLiveStream] ?? false
        if let elapsed = info.numbers[NowPlayingInfo.elapsed] {
            if elapsed < 0 {
                violations.append(
                    Violation("the elapsed playback time is \(written(elapsed)) s, before the item starts", at: info.pointer(NowPlayingInfo.elapsed)))
            } else if let duration = info.numbers[NowPlayingInfo.duration], !isLive, elapsed > duration {
                violations.append(
                    Violation(
                        "the elapsed playback time (\(written(elapsed)) s) is past the item's playback duration (\(written(duration)) s); both are in seconds",
                        at: info.pointer(NowPlayingInfo.elapsed)))
            }
        }
        if let duration = info.numbers[NowPlayingInfo.duration], duration < 0 {
            violations.append(
                Violation(
                    "the playback duration is \(written(duration)) s; an item's length is not negative", at: info.pointer(NowPlayingInfo.duration)))
        }
        if let progress = info.numbers[NowPlayingInfo.progress], !(0...1).contains(progress) {
            violations.append(
                Violation(
                    "the playback progress is \(written(progress)); it is a fraction from 0.0 (the start) to 1.0 (the end)",
                    at: info.pointer(NowPlayingInfo.progress)))
        }
        return violations
    }
}

/// The item's place in the queue is inside the queue.
struct NowPlayingQueueRule: Rule {
    static let description = RuleDescription(
        id: "now_playing_queue",
        name: "Now Playing Queue Index Is In The Queue",
        category: .media,
        defaultSeverity: .error,
        summary: "MPNowPlayingInfoPropertyPlaybackQueueIndex is zero-based and must be less than MPNowPlayingInfoPropertyPlaybackQueueCount.",
        rationale: """
            The queue index is the item's zero-based position in the app's playback queue and the \
            queue count the number of items in it; the system shows them as the item's place in \
            the queue ("3 of 12"). An index equal to the count (a one-based index) or past it \
            describes a queue the item is not in. Apple states no lower bound for the count; \
            Proctor reads a count of zero beside an item as the same mistake (assumption).
            """,
        sources: [infoCenter + ": MPNowPlayingInfoPropertyPlaybackQueueIndex, MPNowPlayingInfoPropertyPlaybackQueueCount [H]"],
        passing: [
            RuleExample(
                #"{"nowPlayingInfo": {\#(episode), "MPNowPlayingInfoPropertyPlaybackQueueIndex": 0, "MPNowPlayingInfoPropertyPlaybackQueueCount": 12}}"#
            )
        ],
        failing: [
            RuleExample(
                #"{"nowPlayingInfo": {\#(episode), "MPNowPlayingInfoPropertyPlaybackQueueIndex": 12, "MPNowPlayingInfoPropertyPlaybackQueueCount": 12}}"#,
                at: ["/nowPlayingInfo/MPNowPlayingInfoPropertyPlaybackQueueIndex"])
        ])

    func check(_ info: NowPlayingInfo, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        let index = info.numbers[NowPlayingInfo.queueIndex]
        let count = info.numbers[NowPlayingInfo.queueCount]
        if let index, index < 0 {
            violations.append(Violation("the queue index is \(Int(index)); it is zero-based", at: info.pointer(NowPlayingInfo.queueIndex)))
        }
        if let count, count < 1 {
            violations.append(
                Violation("the queue count is \(Int(count)), but an item is playing from the queue", at: info.pointer(NowPlayingInfo.queueCount)))
        } else if let index, let count, index >= count {
            violations.append(
                Violation(
                    "the queue index is \(Int(index)) in a queue of \(Int(count)) items; the index is zero-based, so the last item's is \(Int(count) - 1)",
                    at: info.pointer(NowPlayingInfo.queueIndex)))
        }
        return violations
    }
}

// Rules on how a media app prepares playback when the system suggests it after a trigger: only a
// scenario says what the app's MPPlayableContentDelegate does (`app.media.prepare`), so they judge
// the `connectAudioRoute` steps of scenarios and `proctor lint` never runs them.

private enum MediaScenario {
    static let nowPlaying =
        #"{"MPMediaItemPropertyTitle": "Episode 112: Deep Links", "MPMediaItemPropertyArtist": "The Proactive Show", "MPMediaItemPropertyArtwork": {"boundsSize": {"width": 600, "height": 600}}}"#

    /// A podcast app whose preparation is `prepare` (the members of app.media.prepare), and a
    /// `connectAudioRoute` step with `step` (its members).
    static func scenario(prepare: String, step: String = #""route": "headphones""#) -> String {
        #"{"format": 1, "name": "Casts", "clock": "2026-06-01T12:00:00Z", "app": {"bundleIdentifier": "com.example.casts", "info": {"CFBundleIdentifier": "com.example.casts"}, "routes": [], "media": {"prepare": {\#(prepare)}}}, "steps": [{"connectAudioRoute": {\#(step)}}]}"#
    }
}

/// Preparing is not playing.
struct MediaPrepareWithoutPlayingRule: Rule {
    static let description = RuleDescription(
        id: "media_prepare_without_playing",
        name: "Prepare Playback Without Starting It",
        category: .media,
        defaultSeverity: .warning,
        summary:
            "When the system asks a suggested media app to prepare its queue, the app should load the content and wait for Play, not start playback.",
        rationale: """
            Seed 000 (lines 223-224): "you don't actually want to start playback at this point. You \
            plugged in your headphones, you want to wait for the customer to hit the Play button. \
            But you want to get prepared for it, load into Stream, and so forth." The system asks \
            because it predicts the user may play something, not because they asked: audio that \
            starts in their ears on its own is a surprise. A recommendation of the talk, so a \
            warning.
            """,
        sources: [
            seedMedia + " [H]",
            "Apple, Media Player, MPPlayableContentDelegate, playableContentManager(_:initializePlaybackQueueWithContentItems:completionHandler:): prepare suggested content for playback [H]",
        ],
        passing: [RuleExample(scenario: MediaScenario.scenario(prepare: #""nowPlayingInfo": \#(MediaScenario.nowPlaying)"#))],
        failing: [
            RuleExample(
                scenario: MediaScenario.scenario(prepare: #""nowPlayingInfo": \#(MediaScenario.nowPlaying), "startsPlayback": true"#),
                at: ["/app/media/prepare/startsPlayback"])
        ])

    func check(_ prepared: PlaybackPrepared, in context: RuleContext) -> [Violation] {
        guard prepared.startsPlayback else { return [] }
        return [
            Violation(
                "the app starts playback while it prepares the queue the system asked for when \(prepared.trigger) on '\(prepared.device)'; load the content and wait for the user to press Play",
                at: prepared.pointer("startsPlayback"))
        ]
    }
}

/// The Now Playing information is there when the system looks.
struct MediaNowPlayingBeforeCompletionRule: Rule {
    static let description = RuleDescription(
        id: "media_now_playing_before_completion",
        name: "Now Playing Set Before The Preparation Completes",
        category: .media,
        defaultSeverity: .warning,
        summary: "A suggested media app should set nowPlayingInfo before it calls the completion handler of its queue preparation.",
        rationale: """
            Seed 000 (lines 221-222): "most importantly, you're going to set the nowPlayingInfo on \
            the infoCenter, before the callback that I showed you earlier, completes. So you want \
            to do this before your method closes." The system shows what is set when the app \
            reports ready: with Now Playing information the Lock Screen shows the item, its art \
            and a Play button; without it, the app only appears in the banner Handoff uses, which \
            the user must unlock and swipe. A recommendation of the talk, so a warning.
            """,
        sources: [seedMedia + " [H]"],
        passing: [RuleExample(scenario: MediaScenario.scenario(prepare: #""nowPlayingInfo": \#(MediaScenario.nowPlaying)"#))],
        failing: [
            RuleExample(
                scenario: MediaScenario.scenario(
                    prepare: #""nowPlayingInfo": \#(MediaScenario.nowPlaying), "setsNowPlayingInfo": "afterCompletion""#),
                at: ["/app/media/prepare/setsNowPlayingInfo"]),
            RuleExample(scenario: MediaScenario.scenario(prepare: #""completion": "success""#), at: ["/app/media/prepare"]),
        ])

    func check(_ prepared: PlaybackPrepared, in context: RuleContext) -> [Violation] {
        guard prepared.reportedReady, prepared.nowPlaying != .beforeCompletion else { return [] }
        if prepared.nowPlaying == .afterCompletion {
            return [
                Violation(
                    "the app sets nowPlayingInfo after it reports the queue ready, so the Lock Screen of '\(prepared.device)' shows the app in the Handoff banner instead of the item; set it before calling the completion handler",
                    at: prepared.pointer("setsNowPlayingInfo"))
            ]
        }
        return [
            Violation(
                "the app reports the queue ready without setting nowPlayingInfo, so the Lock Screen of '\(prepared.device)' shows the app in the Handoff banner instead of the item and its artwork",
                at: prepared.pointer)
        ]
    }
}

/// Content that cannot be fetched is reported as an error, early.
struct MediaPrepareOfflineErrorRule: Rule {
    static let description = RuleDescription(
        id: "media_prepare_offline_error",
        name: "Preparation Errors Out Early Without A Network",
        category: .media,
        defaultSeverity: .warning,
        summary:
            "A suggested media app whose content streams should pass an error to the preparation's completion handler when the device has no network.",
        rationale: """
            Seed 000 (lines 216-218 and 222-223): "you'll obviously want to be prepared, especially \
            if you're fetching remote assets for it not working. In which case, you're going to \
            call that call back handler ... and the system will understand, not to necessarily \
            promote you", and "if the phone's on Airplane Mode. This is another opportunity for \
            you to error out early." An app that reports ready anyway is promoted to the Lock \
            Screen with a Play button that plays nothing. A recommendation of the talk, so a \
            warning. In a scenario, `online: false` on connectAudioRoute takes the network away.
            """,
        sources: [seedMedia + " [H]"],
        passing: [
            RuleExample(
                scenario: MediaScenario.scenario(
                    prepare: #""nowPlayingInfo": \#(MediaScenario.nowPlaying), "streamsContent": true, "errorsWhenOffline": true"#,
                    step: #""route": "headphones", "online": false"#))
        ],
        failing: [
            RuleExample(
                scenario: MediaScenario.scenario(
                    prepare: #""nowPlayingInfo": \#(MediaScenario.nowPlaying), "streamsContent": true"#,
                    step: #""route": "headphones", "online": false"#), at: ["/app/media/prepare/streamsContent"])
        ])

    func check(_ prepared: PlaybackPrepared, in context: RuleContext) -> [Violation] {
        guard prepared.offline, prepared.reportedReady else { return [] }
        return [
            Violation(
                "'\(prepared.device)' has no network, yet the app reports its streamed content ready when \(prepared.trigger): the Lock Screen offers a Play button that plays nothing; pass an error to the completion handler instead",
                at: prepared.pointer("streamsContent"))
        ]
    }
}

// Rules on INPlayMediaIntent donations: since iOS 12, Siri suggests media the user played after
// the same triggers the seed describes ("Siri may suggest a playlist to the user after they
// connect headphones", Apple's SiriKit Media documentation), from the app's INPlayMediaIntent
// donations; tapping the suggestion sends the intent to the app's handler.

private let siriKitMedia = "Apple, SiriKit, Media: donate an INPlayMediaIntent after the user plays the content"
private let playMedia =
    #"{"INPlayMediaIntent": {"mediaContainer": {"identifier": "show-proactive", "title": "The Proactive Show", "type": "podcastShow"}, "mediaItems": [{"identifier": "ep-112", "title": "Episode 112: Deep Links", "type": "podcastEpisode"}]}}"#
private let mediaApp =
    #"{"CFBundleIdentifier": "com.example.casts", "NSUserActivityTypes": ["INPlayMediaIntent"], "INIntentsSupported": ["INPlayMediaIntent"], "UIBackgroundModes": ["audio"]}"#

/// The donation names what to play.
struct PlayMediaIntentContentRule: Rule {
    static let description = RuleDescription(
        id: "play_media_intent_content",
        name: "Play Media Donation Names What To Play",
        category: .media,
        defaultSeverity: .warning,
        summary:
            "A donated INPlayMediaIntent should name the media (mediaContainer or mediaItems), each INMediaItem with the app's identifier and a title.",
        rationale: """
            Siri suggests the donated intent as the media to play, and shows its container's or \
            item's title; when the user taps the suggestion, the intent comes back to the app's \
            handler, which finds the content by the INMediaItem's identifier. A donation without \
            mediaContainer or mediaItems suggests nothing playable, an item without an identifier \
            cannot be found again, and one without a title shows no name. Apple's initializers \
            leave every value optional, so this is a warning.
            """,
        sources: [siriKitMedia + " [H]", "Apple, Intents, INPlayMediaIntent and INMediaItem(identifier:title:type:artwork:) [H]"],
        passing: [RuleExample(#"{"interaction": {"intent": \#(playMedia)}}"#)],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": {"INPlayMediaIntent": {"playShuffled": true}}}}"#, at: ["/interaction/intent/INPlayMediaIntent"]),
            RuleExample(
                #"{"interaction": {"intent": {"INPlayMediaIntent": {"mediaItems": [{"title": "Episode 112", "type": "podcastEpisode"}]}}}}"#,
                at: ["/interaction/intent/INPlayMediaIntent/mediaItems/0"]),
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard case .playMedia(let media) = interaction.intent.kind else { return [] }
        let items = (media.mediaContainer.map { [$0] } ?? []) + (media.mediaItems ?? [])
        guard !items.isEmpty else {
            return [
                Violation(
                    "the INPlayMediaIntent names no mediaContainer and no mediaItems, so Siri has nothing to suggest playing",
                    at: interaction.intent.payloadPointer,
                    restingOn: [
                        interaction.intent.payloadPointer.appending("mediaContainer"),
                        interaction.intent.payloadPointer.appending("mediaItems").appending("-"),
                    ])
            ]
        }
        return items.compactMap { item in
            let missing = [
                (item.identifier ?? "").allSatisfy(\.isWhitespace)
                    ? ("identifier", "identifier (the app finds the content by it when the suggestion comes back)") : nil,
                (item.title ?? "").allSatisfy(\.isWhitespace) ? ("title", "title (what the suggestion shows)") : nil,
            ].compactMap { $0 }
            guard !missing.isEmpty else { return nil }
            return Violation(
                "the INMediaItem has no \(missing.map(\.1).joined(separator: " and no "))", at: item.pointer,
                restingOn: missing.map { item.pointer.appending($0.0) })
        }
    }
}

/// The app declares that it handles the intent.
struct PlayMediaIntentHandledRule: Rule {
    static let description = RuleDescription(
        id: "play_media_intent_handled",
        name: "Play Media Intent Is Declared As Handled",
        category: .media,
        defaultSeverity: .error,
        summary: "An app that donates INPlayMediaIntent must list it in INIntentsSupported or an Intents extension's IntentsSupported.",
        rationale: """
            Tapping a media suggestion hands the intent to the app's INPlayMediaIntentHandling, in \
            an Intents extension (IntentsSupported) or, from iOS 14, in the app itself \
            (INIntentsSupported). The system sends an intent only to a handler that declares its \
            class, so a donated media intent that neither list names is a suggestion that plays \
            nothing.
            """,
        sources: [siriKitMedia + " [H]", "Apple, Information Property List, INIntentsSupported and NSExtension IntentsSupported [H]"],
        needsInfoPlist: true,
        passing: [RuleExample(#"{"interaction": {"intent": \#(playMedia)}}"#, infoPlist: mediaApp)],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": \#(playMedia)}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INPlayMediaIntent"], "UIBackgroundModes": ["audio"]}"#,
                at: ["/interaction/intent/INPlayMediaIntent"])
        ])

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard case .playMedia = interaction.intent.kind, let app = context.appInfo, app.isFromInfoPlist else { return [] }
        guard !(app.intentsSupported + app.extensionIntentsSupported).contains(IntentClass.playMedia.rawValue) else { return [] }
        return [
            Violation(
                "INPlayMediaIntent is in neither INIntentsSupported nor an Intents extension's IntentsSupported of \(app.source), so a media suggestion of this donation reaches no handler",
                at: interaction.intent.payloadPointer)
        ]
    }
}

/// The app can play in the background, where a media suggestion launches it.
struct PlayMediaBackgroundAudioRule: Rule {
    static let description = RuleDescription(
        id: "play_media_background_audio",
        name: "Media App Declares Background Audio",
        category: .media,
        defaultSeverity: .error,
        summary: "An app that donates INPlayMediaIntent must declare the audio background mode (UIBackgroundModes contains audio).",
        rationale: """
            INPlayMediaIntent "supports playing audio in the background": the handler answers \
            handleInApp and "the system should launch the app in the background to play the \
            media", which is how a Lock Screen suggestion plays with the device locked. An app \
            without the audio background mode is suspended when it leaves the foreground, and its \
            audio with it ("Enabling Background Audio"). UIBackgroundModes must list audio. Video \
            (every item a movie, TV show, episode or music video) plays in the foreground \
            (continueInApp) and is not judged.
            """,
        sources: [
            "Apple, Intents, INPlayMediaIntent; INPlayMediaIntentResponseCode.handleInApp [H]",
            "Apple, AVFoundation, Enabling Background Audio; Information Property List, UIBackgroundModes [H]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(#"{"interaction": {"intent": \#(playMedia)}}"#, infoPlist: mediaApp),
            RuleExample(
                #"{"interaction": {"intent": {"INPlayMediaIntent": {"mediaItems": [{"identifier": "m-7", "title": "The Long Night", "type": "movie"}]}}}}"#,
                infoPlist: #"{"NSUserActivityTypes": ["INPlayMediaIntent"], "INIntentsSupported": ["INPlayMediaIntent"]}"#),
        ],
        failing: [
            RuleExample(
                #"{"interaction": {"intent": \#(playMedia)}}"#,
                infoPlist:
                    #"{"NSUserActivityTypes": ["INPlayMediaIntent"], "INIntentsSupported": ["INPlayMediaIntent"], "UIBackgroundModes": ["remote-notification"]}"#,
                at: ["/interaction/intent/INPlayMediaIntent"])
        ])

    /// `INMediaItemType`s the user watches: their playback is in the foreground (`continueInApp`).
    static let videoTypes: Set<String> = ["movie", "tvShow", "tvShowEpisode", "musicVideo"]

    func check(_ interaction: Interaction, in context: RuleContext) -> [Violation] {
        guard case .playMedia(let media) = interaction.intent.kind, let app = context.appInfo, app.isFromInfoPlist else { return [] }
        guard !(app.backgroundModes ?? []).contains("audio") else { return [] }
        let items = (media.mediaContainer.map { [$0] } ?? []) + (media.mediaItems ?? [])
        let types = items.compactMap(\.type)
        if !types.isEmpty, types.allSatisfy(Self.videoTypes.contains) { return [] }
        let modes = app.backgroundModes.map { $0.isEmpty ? "lists no mode" : "lists \($0.joined(separator: ", "))" } ?? "is absent"
        // Video is exempt: the verdict rests on every item's type, and on the items there are.
        return [
            Violation(
                "UIBackgroundModes of \(app.source) \(modes), not audio: launched in the background to play a media suggestion, the app is suspended and its audio stops",
                at: interaction.intent.payloadPointer,
                restingOn: items.map { $0.pointer.appending("type") } + [interaction.intent.payloadPointer.appending("mediaItems").appending("-")])
        ]
    }
}
