import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

// What a media app sets as its Now Playing information (docs/media.md), written in donation files
// beside donations: {"nowPlayingInfo": {...}}.

extension NowPlayingInfo: RuleSubject { public static var scope: RuleScope { .payload } }

/// `nowPlayingInfo` payloads.
public struct NowPlayingPayloads: OtherPayloadKind {
    public init() {}

    public var keys: [String] { [NowPlayingInfoDecoder.key] }

    public func makeJudge(for engine: RuleEngine) -> any OtherPayloadJudge {
        NowPlayingJudge(rules: engine.rules())
    }
}

struct NowPlayingJudge: OtherPayloadJudge {
    let rules: SubjectRules<NowPlayingInfo>

    func check(_ payload: OtherPayload, in document: OtherPayloadDocument, into result: inout FileResult, facts: inout RunFacts) -> Bool {
        var decoder = NowPlayingInfoDecoder(locate: document.locate)
        let info = decoder.decode(payload.node, at: payload.pointer.appending(payload.kind))
        result.diagnostics += decoder.diagnostics
        guard let info else { return false }
        rules.judge(info, in: document.context, locate: document.locatePointer, into: &result.findings)
        return true
    }
}
