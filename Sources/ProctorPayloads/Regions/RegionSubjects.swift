import ProctorEngine
import ProctorVocabulary

// Regions an app monitors (docs/regions.md): each judged as a region, and as a circle or a beacon.

extension CircularRegion: RuleSubject { package static var scope: RuleScope { .payload } }
extension BeaconRegion: RuleSubject { package static var scope: RuleScope { .payload } }
extension MonitoredRegion: RuleSubject { package static var scope: RuleScope { .payload } }
