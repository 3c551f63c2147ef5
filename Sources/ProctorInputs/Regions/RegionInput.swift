import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Regions an app monitors (docs/regions.md), written in donation files beside donations:
// {"circularRegion": {...}} and {"beaconRegion": {...}}. Each is judged on its own by the rules on
// its kind; the run's regions together are the set the app registers, for the 20-region limit.

/// `circularRegion` and `beaconRegion` payloads.
package struct RegionPayloads: OtherPayloadKind {
    package init() {}

    package var keys: [String] { [RegionDecoder.circularKey, RegionDecoder.beaconKey] }

    package func makeJudge(for engine: RuleEngine) -> any OtherPayloadJudge {
        RegionJudge(regions: engine.rules(), circles: engine.rules(), beacons: engine.rules())
    }
}

struct RegionJudge: OtherPayloadJudge {
    let regions: SubjectRules<MonitoredRegion>
    let circles: SubjectRules<CircularRegion>
    let beacons: SubjectRules<BeaconRegion>

    func check(_ payload: OtherPayload, in document: OtherPayloadDocument, into result: inout FileResult, facts: inout RunFacts) -> Bool {
        var decoder = RegionDecoder(locate: document.locate)
        let pointer = payload.pointer.appending(payload.kind)
        let region = decoder.decode(payload.kind, payload.node, at: pointer)
        result.diagnostics += decoder.diagnostics
        guard let region else { return false }
        regions.judge(region, in: document.context, locate: document.locatePointer, into: &result.findings)
        switch region {
        case .circular(let circle): circles.judge(circle, in: document.context, locate: document.locatePointer, into: &result.findings)
        case .beacon(let beacon): beacons.judge(beacon, in: document.context, locate: document.locatePointer, into: &result.findings)
        }
        if let identifier = region.identifier {
            facts.add(
                RunFacts.RegionMention(identifier: identifier, location: document.locatePointer(pointer.appending("identifier"))),
                as: RunFacts.Regions.self)
        }
        return true
    }
}
