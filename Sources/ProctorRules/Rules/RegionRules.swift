import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Rules on the regions an app monitors with Core Location (docs/regions.md): circular regions
// (geofences) and beacon regions. Their examples are donation files holding
// {"circularRegion": ...} and {"beaconRegion": ...}.

private let startMonitoring = "Apple, Core Location, CLLocationManager.startMonitoring(for:)"
private let beaconRegion =
    "Apple, Core Location, CLBeaconRegion and CLBeaconIdentityConstraint (CLBeaconMajorValue and CLBeaconMinorValue are uint16_t)"
private let seed003 = "WWDC13, the Apple Store app team's talk (seed 003)"
private let store = #"{"identifier": "upper-west-side", "center": {"latitude": 40.7794, "longitude": -73.9815}, "radius": 150}"#
private let museum = #"{"identifier": "louvre-entrance", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "major": 1}"#

/// A circular region's center is a coordinate.
struct RegionCenterRangeRule: Rule {
    static let description = RuleDescription(
        id: "region_center_range",
        name: "Region Center Is A Coordinate",
        category: .location,
        defaultSeverity: .error,
        summary: "A circular region's center must have a latitude from -90 to 90 and a longitude from -180 to 180.",
        rationale: """
            A CLCircularRegion is a center and a radius: "create regions, latitude and longitude and \
            you give it a radius" (seed 003). A latitude outside -90 to 90 or a longitude outside \
            -180 to 180 is no place on Earth (CLLocationCoordinate2DIsValid is false), so the user \
            never enters the region and the welcome it was made for never comes. A swapped pair \
            (longitude first) is the usual cause.
            """,
        sources: [seed003 + ", line 88 [H]", "Apple, Core Location, CLLocationCoordinate2DIsValid [H]"],
        passing: [RuleExample(#"{"circularRegion": \#(store)}"#)],
        failing: [
            RuleExample(
                #"{"circularRegion": {"identifier": "upper-west-side", "center": {"latitude": -73.9815, "longitude": 240.7794}, "radius": 150}}"#,
                at: ["/circularRegion/center/longitude"]),
            RuleExample(
                #"{"circularRegion": {"identifier": "pole", "center": {"latitude": 91, "longitude": 0}, "radius": 150}}"#,
                at: ["/circularRegion/center/latitude"]),
        ])

    func check(_ region: CircularRegion, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if let latitude = region.latitude, !CoordinateAxis.latitude.contains(latitude) {
            violations.append(
                Violation(
                    "latitude \(latitude) is outside -90 to 90, so the region is nowhere and the user never enters it",
                    at: region.pointer("center").appending("latitude")))
        }
        if let longitude = region.longitude, !CoordinateAxis.longitude.contains(longitude) {
            violations.append(
                Violation(
                    "longitude \(longitude) is outside -180 to 180, so the region is nowhere; are latitude and longitude swapped?",
                    at: region.pointer("center").appending("longitude")))
        }
        return violations
    }
}

/// A circular region has a positive radius.
struct RegionRadiusRule: Rule {
    static let description = RuleDescription(
        id: "region_radius",
        name: "Region Radius Is Positive",
        category: .location,
        defaultSeverity: .error,
        summary: "A circular region's radius must be a positive number of meters.",
        rationale: """
            The radius is "the distance (measured in meters) from the center point of the \
            geographic region to the edge of the circular boundary". A radius of zero or less \
            encloses nothing a device can report being in. Apple notes that regions of 1 to 400 \
            meters work best and that a radius over the device's maximumRegionMonitoringDistance \
            makes monitoring fail with regionMonitoringFailure; that maximum is the device's, so \
            Proctor judges only the sign here, and scenarios state the maximum they assume.
            """,
        sources: ["Apple, Core Location, CLCircularRegion.radius and maximumRegionMonitoringDistance [H]"],
        passing: [RuleExample(#"{"circularRegion": \#(store)}"#)],
        failing: [
            RuleExample(
                #"{"circularRegion": {"identifier": "upper-west-side", "center": {"latitude": 40.7794, "longitude": -73.9815}, "radius": 0}}"#,
                at: ["/circularRegion/radius"])
        ])

    func check(_ region: CircularRegion, in context: RuleContext) -> [Violation] {
        guard let radius = region.radius, !(radius > 0) || !radius.isFinite else { return [] }
        return [Violation("radius \(radius) encloses nothing; give the distance from the center to the edge in meters", at: region.pointer("radius"))]
    }
}

/// A region reports something.
struct RegionNotifiesRule: Rule {
    static let description = RuleDescription(
        id: "region_notifies",
        name: "Region Reports Entry Or Exit",
        category: .location,
        defaultSeverity: .warning,
        summary: "A monitored region should report entry, exit or both: with notifyOnEntry and notifyOnExit false it never wakes the app.",
        rationale: """
            notifyOnEntry and notifyOnExit say which boundary crossings wake the app; both default \
            to true. With both false the region takes one of the app's twenty slots and reports \
            nothing: the app is never woken to post the welcome (seed 003's Storefront Pickup) or to \
            dismiss its in-store interface when the user leaves (seed 003: "monitor for exit \
            events"). A region kept only for requestState(for:) is possible, so a warning.
            """,
        sources: ["Apple, Core Location, CLRegion.notifyOnEntry and notifyOnExit [H]", seed003 + ", lines 136-138 [H]"],
        passing: [
            RuleExample(#"{"circularRegion": \#(store)}"#),
            RuleExample(#"{"beaconRegion": {"identifier": "door", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "notifyOnEntry": false}}"#),
        ],
        failing: [
            RuleExample(
                #"{"beaconRegion": {"identifier": "door", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "notifyOnEntry": false, "notifyOnExit": false}}"#,
                at: ["/beaconRegion"])
        ])

    func check(_ region: MonitoredRegion, in context: RuleContext) -> [Violation] {
        guard !region.notifyOnEntry && !region.notifyOnExit else { return [] }
        return [Violation("notifyOnEntry and notifyOnExit are both false, so crossing the region never wakes the app", at: region.pointer)]
    }
}

/// A region has a non-empty identifier.
struct RegionIdentifierRule: Rule {
    static let description = RuleDescription(
        id: "region_identifier",
        name: "Region Has An Identifier",
        category: .location,
        defaultSeverity: .error,
        summary: "A monitored region must have a non-empty identifier.",
        rationale: """
            Core Location tells regions apart by identifier: registering a region "with the same \
            identifier as an existing region" replaces it, and the delegate learns which region \
            was crossed only from it. An empty identifier makes every such region the same one, \
            and the app cannot tell which store the user reached.
            """,
        sources: [startMonitoring + " [H]", "Apple, Core Location, CLRegion.identifier [H]"],
        passing: [RuleExample(#"{"circularRegion": \#(store)}"#)],
        failing: [
            RuleExample(#"{"beaconRegion": {"identifier": " ", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"}}"#, at: ["/beaconRegion/identifier"])
        ])

    func check(_ region: MonitoredRegion, in context: RuleContext) -> [Violation] {
        guard let identifier = region.identifier, identifier.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
        return [
            Violation(
                "the identifier is empty, so this region replaces every other region with an empty identifier and the app cannot tell them apart",
                at: region.pointer.appending("identifier"))
        ]
    }
}

/// Beacon major and minor values are 16-bit, and a minor needs its major.
struct BeaconMajorMinorRule: Rule {
    static let description = RuleDescription(
        id: "beacon_major_minor",
        name: "Beacon Major And Minor Are 16-Bit",
        category: .location,
        defaultSeverity: .error,
        summary: "A beacon region's major and minor must be whole numbers from 0 to 65535, and a minor needs a major.",
        rationale: """
            Seed 003: "They are called major and the minor properties. Each of them is a 16-bit \
            integer." CLBeaconMajorValue and CLBeaconMinorValue are uint16_t, so 70000 cannot be \
            advertised or matched: a value outside 0 to 65535 is truncated or refused and the \
            region never sees the beacon it was made for. The initializers take a UUID alone, a \
            UUID and a major, or all three: a minor without a major is not a region Core Location \
            can make.
            """,
        sources: [seed003 + ", line 239 [H]", beaconRegion + " [H]"],
        passing: [
            RuleExample(#"{"beaconRegion": \#(museum)}"#),
            RuleExample(
                #"{"beaconRegion": {"identifier": "mona-lisa", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "major": 1, "minor": 65535}}"#),
        ],
        failing: [
            RuleExample(
                #"{"beaconRegion": {"identifier": "mona-lisa", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "major": 1, "minor": 70000}}"#,
                at: ["/beaconRegion/minor"]),
            RuleExample(
                #"{"beaconRegion": {"identifier": "statue", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "major": -1}}"#,
                at: ["/beaconRegion/major"]),
            RuleExample(
                #"{"beaconRegion": {"identifier": "statue", "uuid": "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "minor": 2}}"#,
                at: ["/beaconRegion/minor"]),
        ])

    func check(_ region: BeaconRegion, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for (key, value) in [("major", region.major), ("minor", region.minor)] {
            if let value, !(0...65535).contains(value) {
                violations.append(
                    Violation(
                        "\(key) \(value) is outside 0 to 65535: it is a 16-bit value (CLBeacon\(key == "major" ? "Major" : "Minor")Value), so no beacon can advertise it",
                        at: region.pointer(key)))
            }
        }
        if region.minor != nil && region.major == nil {
            violations.append(
                Violation("a minor without a major: a beacon region is a UUID, a UUID and a major, or all three", at: region.pointer("minor")))
        }
        return violations
    }
}

/// A beacon region's UUID is a UUID.
struct BeaconUUIDRule: Rule {
    static let description = RuleDescription(
        id: "beacon_uuid",
        name: "Beacon Region UUID Is A UUID",
        category: .location,
        defaultSeverity: .error,
        summary: "A beacon region's uuid (proximityUUID before iOS 13) must be a UUID, 8-4-4-4-12 hexadecimal digits.",
        rationale: """
            The UUID says which beacons are the app's: "This is your way to tell iOS just monitor \
            signals from my beacons. Don't monitor someone else's beacon" (seed 003), generated \
            with a tool such as uuidgen. UUID(uuidString:) returns nil for any other text, so the \
            region cannot be made and nothing is monitored.
            """,
        sources: [seed003 + ", lines 189-190 [H]", beaconRegion + " [H]"],
        passing: [RuleExample(#"{"beaconRegion": \#(museum)}"#)],
        failing: [
            RuleExample(
                #"{"beaconRegion": {"identifier": "louvre-entrance", "proximityUUID": "louvre-beacons"}}"#, at: ["/beaconRegion/proximityUUID"])
        ])

    func check(_ region: BeaconRegion, in context: RuleContext) -> [Violation] {
        guard let uuid = region.uuid, !isUUID(uuid) else { return [] }
        return [
            Violation(
                "'\(uuid)' is not a UUID (8-4-4-4-12 hexadecimal digits, as uuidgen prints), so the region cannot be made",
                at: region.pointer(region.uuidKey))
        ]
    }
}

/// At most twenty regions per app.
struct RegionLimitRule: Rule {
    static let limit = 20

    private static func regions(_ count: Int) -> String {
        "["
            + (1...count).map {
                #"{"circularRegion": {"identifier": "store-\#($0)", "center": {"latitude": 40.7, "longitude": -73.9}, "radius": 150}}"#
            }.joined(separator: ", ") + "]"
    }

    static let description = RuleDescription(
        id: "region_limit",
        name: "At Most Twenty Regions",
        category: .location,
        defaultSeverity: .error,
        summary: "An app can monitor at most 20 regions, circular and beacon together.",
        rationale: """
            Seed 003: "Core Location allows you only 20 regions to monitor", and Apple: "An app can \
            register up to 20 regions at a time"; registering more fails with \
            CLError.regionMonitoringFailure, so the 21st store never welcomes anyone. Monitor the \
            regions near the user and replace them as the user moves, or, for many sites, give \
            every site's beacons one UUID: "one beacon ID represents all your location and you're \
            no longer bound by that limit of 20". Proctor takes the regions of a lint run as the \
            set the app registers, a later region with the same identifier replacing an earlier one.
            """,
        sources: [seed003 + ", lines 110 and 177-178 [H]", startMonitoring + " [H]"],
        passing: [RuleExample(regions(20))],
        failing: [RuleExample(regions(21), at: ["/20/circularRegion/identifier"])])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        var seen = Set<String>()
        var violations: [Violation] = []
        for region in facts.regions where seen.insert(region.identifier).inserted && seen.count > Self.limit {
            violations.append(
                Violation(
                    "region '\(region.identifier)' is region \(seen.count) of the app; Core Location monitors at most \(Self.limit) at a time and fails this one with regionMonitoringFailure",
                    at: region.location))
        }
        return violations
    }
}

/// An app that monitors regions explains why it wants the user's location always.
struct RegionUsageDescriptionRule: Rule {
    private static let regions =
        #"[{"circularRegion": {"identifier": "upper-west-side", "center": {"latitude": 40.7794, "longitude": -73.9815}, "radius": 150}}]"#

    static let description = RuleDescription(
        id: "region_usage_description",
        name: "Region Monitoring Has Its Purpose Strings",
        category: .location,
        defaultSeverity: .error,
        summary:
            "An app that monitors regions must give NSLocationWhenInUseUsageDescription and NSLocationAlwaysAndWhenInUseUsageDescription in its Info.plist.",
        rationale: """
            Region monitoring needs the user's Always authorization, which the app asks for with \
            requestAlwaysAuthorization; Apple requires both NSLocationWhenInUseUsageDescription and \
            NSLocationAlwaysAndWhenInUseUsageDescription for it, and without them the request fails \
            at once, no prompt is shown, and no region ever wakes the app. The strings are also the \
            app's chance to do what seed 003 asks: "be upfront with your users ... Tell them why \
            you're monitoring location, explain the value of this". Judged when the lint run has \
            regions and an Info.plist.
            """,
        sources: [
            "Apple, Core Location, requestAlwaysAuthorization() and \"Requesting authorization to use location services\" [H]",
            seed003 + ", lines 103-104 [H]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(
                regions,
                infoPlist:
                    #"{"NSLocationWhenInUseUsageDescription": "Shows the store you are in.", "NSLocationAlwaysAndWhenInUseUsageDescription": "Welcomes you when you arrive to pick up an order."}"#
            )
        ],
        failing: [
            RuleExample(
                regions, infoPlist: #"{"NSLocationWhenInUseUsageDescription": "Shows the store you are in."}"#, at: ["/0/circularRegion/identifier"])
        ])

    func check(_ facts: RunFacts, in context: RuleContext) -> [Violation] {
        guard let first = facts.regions.first, let app = context.appInfo else { return [] }
        let needed = ["NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription"]
        let missing = needed.filter { !app.locationUsageDescriptions.contains($0) }
        guard !missing.isEmpty else { return [] }
        return [
            Violation(
                "the app monitors regions, but its Info.plist has no \(missing.joined(separator: " and ")): the request for Always authorization fails without a prompt, so no region ever wakes the app",
                at: first.location)
        ]
    }
}
