import ProctorCore
import ProctorJSON
import ProctorVocabulary

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
            var decoder = NowPlayingInfoDecoder(locate: { [path, source] offset, pointer in
                SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
            })
            preparation.nowPlayingInfo = decoder.decode(member.value, at: pointer.appending("nowPlayingInfo"))
            for diagnostic in decoder.diagnostics { recordDiagnostic(diagnostic) }
            unreadable = preparation.nowPlayingInfo == nil
        }
        if let member = fields["setsNowPlayingInfo"] {
            preparation.setsNowPlayingInfo =
                reader.choice(member.value, pointer.appending("setsNowPlayingInfo"), PlaybackPreparation.Timing.self) ?? .beforeCompletion
            if fields["nowPlayingInfo"] == nil {
                reader.report(
                    ProblemCode.scenarioInvalidValue,
                    "'setsNowPlayingInfo' says when the app sets its 'nowPlayingInfo', which this preparation does not give", member.value,
                    pointer.appending("setsNowPlayingInfo"))
            }
        }
        if let member = fields["completion"] {
            preparation.completion = reader.choice(member.value, pointer.appending("completion"), PlaybackPreparation.Completion.self) ?? .success
        }
        preparation.streamsContent = fields["streamsContent"].flatMap { reader.bool($0.value, pointer.appending("streamsContent")) } ?? false
        preparation.errorsWhenOffline = fields["errorsWhenOffline"].flatMap { reader.bool($0.value, pointer.appending("errorsWhenOffline")) } ?? false
        preparation.startsPlayback = fields["startsPlayback"].flatMap { reader.bool($0.value, pointer.appending("startsPlayback")) } ?? false
        if let member = fields["errorsWhenOffline"], !preparation.streamsContent {
            reader.report(
                ProblemCode.scenarioInvalidValue, "'errorsWhenOffline' matters only for content the app streams; add \"streamsContent\": true",
                member.value, pointer.appending("errorsWhenOffline"))
        }
        guard !unreadable, reader.errorCount == errorsBefore else { return nil }
        return preparation
    }
}
