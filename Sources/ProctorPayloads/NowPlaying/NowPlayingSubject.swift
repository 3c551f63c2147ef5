import ProctorEngine
import ProctorVocabulary

// What a media app sets as its Now Playing information (docs/media.md), judged as a whole.

extension NowPlayingInfo: RuleSubject { package static var scope: RuleScope { .payload } }
