import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// What a media app sets as its Now Playing information (docs/media.md), written in donation files
// beside donations: {"nowPlayingInfo": {...}}. Its model and decoder are in ProctorVocabulary, as
// the scenario model reads them too.

extension NowPlayingInfo: EmbeddedPayload {
    package static var scope: RuleScope { .payload }
    package static var payloadKey: String { NowPlayingInfoDecoder.key }

    package static func decode(
        _ node: JSONNode, at pointer: JSONPointer, locate: @escaping (Int, JSONPointer) -> SourceLocation
    ) -> (payload: NowPlayingInfo?, diagnostics: [Diagnostic]) {
        var decoder = NowPlayingInfoDecoder(locate: locate)
        return (decoder.decode(node, at: pointer), decoder.diagnostics)
    }
}
