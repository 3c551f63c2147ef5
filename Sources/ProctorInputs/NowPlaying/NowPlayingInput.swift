import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// What a media app sets as its Now Playing information (docs/media.md), written in donation files
// beside donations: {"nowPlayingInfo": {...}}.

/// `nowPlayingInfo` payloads.
package struct NowPlayingPayloads: OtherPayloadKind {
    package init() {}

    package var keys: [String] { [NowPlayingInfoDecoder.key] }

    package func makeJudge(for engine: RuleEngine) -> any OtherPayloadJudge {
        SubjectPayloadJudge<NowPlayingInfo>(engine: engine) { node, pointer, locate in
            var decoder = NowPlayingInfoDecoder(locate: locate)
            return (decoder.decode(node, at: pointer), decoder.diagnostics)
        }
    }
}
