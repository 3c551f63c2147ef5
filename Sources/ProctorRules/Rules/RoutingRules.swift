import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Rules on routing apps (docs/routing.md): the geographic coverage file a routing app uploads to
// App Store Connect (a `.geojson` file, which the coverage file input reads), and the Info.plist
// keys that register the app as one. Seed 000 (WWDC16 session 240), lines 189-194: routing apps
// register through MKDirectionsRequest, iOS 10 adds a mode for ride sharing, and an app declares
// "the map regions where your app is actually relevant".

private let providingDirections = "Apple, Location and Maps Programming Guide (archived): Providing Directions"
private let coverageContents = providingDirections + ", Specifying the Geographic Coverage File Contents"
private let uploadHelp = "Apple, App Store Connect Help: Upload a geographic coverage file"
private let seed000 = "WWDC 2016 session 240 (seed 000), lines 189-194: routing apps register, a ride-sharing mode, the regions declared"
private let rfc7946 = "IETF RFC 7946, The GeoJSON Format"
private let coverageFile = "coverage.geojson"

/// San Francisco, counter-clockwise and closed.
private let sanFrancisco = "[[[-122.52, 37.70], [-122.35, 37.70], [-122.35, 37.83], [-122.52, 37.83], [-122.52, 37.70]]]"
/// Oakland and Berkeley.
private let eastBay = "[[[-122.33, 37.72], [-122.15, 37.72], [-122.15, 37.90], [-122.33, 37.90], [-122.33, 37.72]]]"

/// A bare MultiPolygon of `polygons`, each written as its rings.
private func multiPolygon(_ polygons: [String]) -> String {
    #"{"type": "MultiPolygon", "coordinates": [\#(polygons.joined(separator: ", "))]}"#
}

/// The example coverage: two polygons around the Bay.
private let bay = multiPolygon([sanFrancisco, eastBay])

/// `count` squares 0.01° wide along a street, each a closed polygon.
private func squares(_ count: Int) -> [String] {
    (0..<count).map { index in
        let west = -122.50 + 0.02 * Double(index)
        let corners = [(west, 37.76), (west + 0.01, 37.76), (west + 0.01, 37.77), (west, 37.77), (west, 37.76)]
        return "[[" + corners.map { String(format: "[%.2f, %.2f]", $0.0, $0.1) }.joined(separator: ", ") + "]]"
    }
}

/// A polygon with `corners` corners on a circle around San Francisco, counter-clockwise and closed.
private func circle(corners: Int) -> String {
    let points = (0..<corners).map { index in
        let angle = 2 * Double.pi * Double(index) / Double(corners)
        return String(format: "[%.4f, %.4f]", -122.44 + 0.06 * cos(angle), 37.76 + 0.06 * sin(angle))
    }
    return "[[" + (points + [points[0]]).joined(separator: ", ") + "]]"
}

/// The Info.plist of a ride-sharing app, with the modes given.
private func routingApp(modes: String = #"["MKDirectionsModeRideShare", "MKDirectionsModeCar"]"#, documentTypes: String? = directionsDocumentType)
    -> String
{
    let types = documentTypes.map { #", "CFBundleDocumentTypes": \#($0)"# } ?? ""
    return #"{"CFBundleIdentifier": "com.example.ride", "MKDirectionsApplicationSupportedModes": \#(modes)\#(types)}"#
}

private let directionsDocumentType = #"[{"CFBundleTypeName": "MKDirectionsRequest", "LSItemContentTypes": ["com.apple.maps.directionsrequest"]}]"#

// MARK: - The coverage file

/// The file is one MultiPolygon and nothing else.
struct CoverageMultiPolygonRule: Rule {
    static let description = RuleDescription(
        id: "coverage_multipolygon",
        name: "Coverage File Is One MultiPolygon",
        category: .routing,
        defaultSeverity: .error,
        summary: "A routing app's coverage file must hold a single MultiPolygon and no other shape.",
        rationale: """
            Apple's guide: "The geographic coverage file must contain a single MultiPolygon shape", \
            and "Use only MultiPolygon shapes ... only MultiPolygon shapes are supported for \
            routing apps"; App Store Connect's help adds that the file "can have only one \
            MultiPolygon element". A Polygon, a GeometryCollection, a second MultiPolygon or a \
            type written in other letters (GeoJSON types are case-sensitive) is reported at its \
            type, and a feature without a geometry where the geometry should be. A single Polygon \
            becomes a MultiPolygon by wrapping its coordinates in one more array. When the file \
            holds exactly one MultiPolygon, in a wrapper or beside other shapes, its polygons are \
            still judged by the other coverage rules.
            """,
        sources: [coverageContents + " [H]", uploadHelp + " [H]"],
        passing: [
            RuleExample(bay, named: coverageFile),
            RuleExample(#"{"type": "Feature", "properties": {"name": "Bay Area"}, "geometry": \#(bay)}"#, named: coverageFile),
        ],
        failing: [
            RuleExample(#"{"type": "Polygon", "coordinates": \#(sanFrancisco)}"#, named: coverageFile, at: ["/type"]),
            RuleExample(#"{"type": "Multipolygon", "coordinates": [\#(sanFrancisco)]}"#, named: coverageFile, at: ["/type"]),
            RuleExample(
                #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": \#(multiPolygon([sanFrancisco]))}, {"type": "Feature", "properties": {}, "geometry": \#(multiPolygon([eastBay]))}]}"#,
                named: coverageFile, at: ["/features/1/geometry/type"]),
            RuleExample(#"{"type": "Feature", "properties": {}, "geometry": null}"#, named: coverageFile, at: ["/geometry"]),
        ])

    func check(_ file: CoverageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        var multiPolygons = 0
        for geometry in file.geometries {
            let at = geometry.pointer.appending("type")
            if geometry.type == CoverageFile.multiPolygonType {
                multiPolygons += 1
                if multiPolygons > 1 {
                    violations.append(
                        Violation(
                            "a second MultiPolygon: a coverage file can have only one MultiPolygon element, so put its polygons in the first", at: at)
                    )
                }
                continue
            }
            var hint = Suggestion.phrase(for: geometry.type, among: [CoverageFile.multiPolygonType])
            if geometry.type == "Polygon" { hint = "; wrap its coordinates in one more array to make it a MultiPolygon of one polygon" }
            violations.append(
                Violation(
                    "'\(geometry.type)' is not a MultiPolygon, the only shape App Store Connect supports for routing apps\(hint)", at: at))
        }
        for pointer in file.missingGeometries {
            let what = pointer.tokens.last == "features" ? "the FeatureCollection has no feature" : "the feature has no geometry"
            violations.append(Violation("\(what), so the file holds no MultiPolygon and covers nothing", at: pointer))
        }
        return violations
    }
}

/// The file is the bare geometry, as in Apple's listing.
struct CoverageBareGeometryRule: Rule {
    static let description = RuleDescription(
        id: "coverage_bare_geometry",
        name: "Coverage File Is The Bare Geometry",
        category: .routing,
        defaultSeverity: .warning,
        summary:
            "A coverage file should be the MultiPolygon geometry itself, as in Apple's listing, not a GeoJSON Feature or FeatureCollection around it.",
        rationale: """
            Apple's listing of a coverage file is the bare geometry, an object whose type is \
            MultiPolygon and whose coordinates are its polygons. Tools such as geojson.io write a \
            FeatureCollection of Features around the geometry. Apple does not say whether App \
            Store Connect accepts such a wrapper (unconfirmed), and a community guide says to \
            strip it, so this is a warning, not an error: upload the geometry alone. Proctor still \
            judges the MultiPolygon inside a wrapper when there is exactly one.
            """,
        sources: [
            coverageContents + ", Listing 7-2 [H]",
            "Proctor assumption: a wrapper may be refused; community guides to coverage files strip it [L]",
        ],
        passing: [RuleExample(bay, named: coverageFile)],
        failing: [
            RuleExample(#"{"type": "Feature", "properties": {"name": "Bay Area"}, "geometry": \#(bay)}"#, named: coverageFile, at: [""]),
            RuleExample(
                #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": \#(bay)}]}"#, named: coverageFile,
                at: [""]),
        ])

    func check(_ file: CoverageFile, in context: RuleContext) -> [Violation] {
        guard let wrapper = file.wrapper else { return [] }
        return [
            Violation(
                "the file is a GeoJSON \(wrapper.rawValue), not the bare MultiPolygon of Apple's listing; whether App Store Connect accepts the wrapper is unconfirmed, so upload the geometry alone",
                at: .root)
        ]
    }
}

/// One to twenty polygons.
struct CoveragePolygonCountRule: Rule {
    static let limit = 20

    static let description = RuleDescription(
        id: "coverage_polygon_count",
        name: "Coverage Has 1 To 20 Polygons",
        category: .routing,
        defaultSeverity: .error,
        summary: "A coverage MultiPolygon must have at least one polygon and at most 20.",
        rationale: """
            Apple's guide: "Limit the number of child polygons in your MultiPolygon shape to 20 or \
            fewer", and App Store Connect's help: "MultiPolygon elements consist of at least one \
            Polygon". A MultiPolygon with no polygon covers nothing; one with more than 20 is \
            reported at its 21st polygon. Merge neighbouring areas into one polygon to stay within \
            the limit.
            """,
        sources: [coverageContents + " [H]", uploadHelp + " [H]"],
        passing: [RuleExample(bay, named: coverageFile), RuleExample(multiPolygon(squares(20)), named: coverageFile)],
        failing: [
            RuleExample(multiPolygon(squares(21)), named: coverageFile, at: ["/coordinates/20"]),
            RuleExample(#"{"type": "MultiPolygon", "coordinates": []}"#, named: coverageFile, at: ["/coordinates"]),
        ])

    func check(_ shape: CoverageMultiPolygon, in context: RuleContext) -> [Violation] {
        if shape.polygons.isEmpty {
            return [
                Violation(
                    "the MultiPolygon has no polygon, so the app covers nothing; a MultiPolygon consists of at least one Polygon", at: shape.pointer()
                )
            ]
        }
        guard shape.polygons.count > Self.limit else { return [] }
        return [
            Violation(
                "the MultiPolygon has \(shape.polygons.count) polygons and the limit is 20: this is the 21st; merge neighbouring areas into one polygon",
                at: shape.pointer(polygon: Self.limit))
        ]
    }
}

/// No holes: one ring per polygon.
struct CoveragePolygonHolesRule: Rule {
    static let description = RuleDescription(
        id: "coverage_polygon_holes",
        name: "Coverage Polygons Have No Holes",
        category: .routing,
        defaultSeverity: .error,
        summary: "Each polygon of a coverage file must be a single ring, with no holes.",
        rationale: """
            In GeoJSON a polygon's first ring is its outline and every ring after it is a hole. \
            Apple's guide: "Don't include holes in the polygons", which are "not supported in \
            Apple's maps implementation". A polygon with a second ring is reported there. To leave \
            out an area (a lake, a closed district), draw the outline around it, or split the \
            covered area into several polygons.
            """,
        sources: [coverageContents + " [H]", rfc7946 + ", 3.1.6 Polygon [H]"],
        passing: [RuleExample(bay, named: coverageFile)],
        failing: [
            RuleExample(
                multiPolygon([
                    "[[[-122.52, 37.70], [-122.35, 37.70], [-122.35, 37.83], [-122.52, 37.83], [-122.52, 37.70]], [[-122.48, 37.76], [-122.48, 37.77], [-122.46, 37.77], [-122.46, 37.76], [-122.48, 37.76]]]"
                ]),
                named: coverageFile, at: ["/coordinates/0/1"]),
            RuleExample(
                #"{"type": "Feature", "properties": {}, "geometry": \#(multiPolygon([sanFrancisco, "[[[-122.33, 37.72], [-122.15, 37.72], [-122.15, 37.90], [-122.33, 37.90], [-122.33, 37.72]], [[-122.25, 37.80], [-122.25, 37.81], [-122.24, 37.81], [-122.24, 37.80], [-122.25, 37.80]]]"]))}"#,
                named: coverageFile, at: ["/geometry/coordinates/1/1"]),
        ])

    func check(_ shape: CoverageMultiPolygon, in context: RuleContext) -> [Violation] {
        shape.polygons.enumerated().compactMap { index, polygon in
            guard polygon.rings.count > 1 else { return nil }
            let holes = polygon.rings.count - 1
            return Violation(
                "this polygon has \(holes == 1 ? "a hole" : "\(holes) holes") (rings after its outline), which Apple's maps do not support; draw the outline around the area left out",
                at: shape.pointer(polygon: index, ring: 1))
        }
    }
}

/// At least four positions.
struct CoveragePolygonPositionsRule: Rule {
    static let minimum = 4

    static let description = RuleDescription(
        id: "coverage_polygon_positions",
        name: "Coverage Polygons Have 4 Positions Or More",
        category: .routing,
        defaultSeverity: .error,
        summary: "Each polygon of a coverage file must have at least 4 positions, the first repeated at the end.",
        rationale: """
            App Store Connect's help: "Polygons contain at least four coordinate points", and \
            Apple's guide: each polygon has 4 or more positions and is closed, so a triangle takes \
            4 (its first corner again at the end). Fewer positions enclose no area. Proctor counts \
            the positions of each polygon's outline (its first ring) and reports the ring, or the \
            polygon when it has no ring at all.
            """,
        sources: [uploadHelp + " [H]", coverageContents + " [H]"],
        passing: [
            RuleExample(bay, named: coverageFile),
            RuleExample(multiPolygon(["[[[-122.52, 37.70], [-122.35, 37.70], [-122.44, 37.83], [-122.52, 37.70]]]"]), named: coverageFile),
        ],
        failing: [
            RuleExample(multiPolygon(["[[[-122.52, 37.70], [-122.35, 37.70], [-122.52, 37.70]]]"]), named: coverageFile, at: ["/coordinates/0/0"]),
            RuleExample(multiPolygon([sanFrancisco, "[]"]), named: coverageFile, at: ["/coordinates/1"]),
        ])

    func check(_ shape: CoverageMultiPolygon, in context: RuleContext) -> [Violation] {
        shape.polygons.enumerated().compactMap { index, polygon in
            guard let outline = polygon.rings.first else {
                return Violation(
                    "this polygon has no ring, so it encloses nothing; a polygon is a ring of at least 4 positions", at: shape.pointer(polygon: index)
                )
            }
            guard outline.count < Self.minimum else { return nil }
            return Violation(
                "this polygon has \(outline.count) position\(outline.count == 1 ? "" : "s"), fewer than the 4 a polygon needs (a triangle is 4: its first corner again at the end)",
                at: shape.pointer(polygon: index, ring: 0))
        }
    }
}

/// Closed: the last position is the first.
struct CoveragePolygonClosedRule: Rule {
    static let description = RuleDescription(
        id: "coverage_polygon_closed",
        name: "Coverage Polygons Are Closed",
        category: .routing,
        defaultSeverity: .error,
        summary: "Each polygon of a coverage file must end where it starts: its last position must be its first.",
        rationale: """
            App Store Connect's help: "The start and end coordinate points for a polygon must be \
            the same"; GeoJSON calls such a ring a linear ring, whose "first and last positions \
            are equivalent, and they MUST contain identical values" (RFC 7946). Editors that draw \
            a shape often leave the closing position out. Proctor compares the numbers of the \
            first and last positions of each polygon's outline, altitude included, and reports \
            the last one.
            """,
        sources: [uploadHelp + " [H]", coverageContents + " [H]", rfc7946 + ", 3.1.6 Polygon [H]"],
        passing: [RuleExample(bay, named: coverageFile)],
        failing: [
            RuleExample(
                multiPolygon(["[[[-122.52, 37.70], [-122.35, 37.70], [-122.35, 37.83], [-122.52, 37.83]]]", eastBay]), named: coverageFile,
                at: ["/coordinates/0/0/3"]),
            RuleExample(
                multiPolygon(["[[[-122.52, 37.70], [-122.35, 37.70], [-122.35, 37.83], [-122.52, 37.70, 4.9]]]", eastBay]), named: coverageFile,
                at: ["/coordinates/0/0/3"]),
        ])

    func check(_ shape: CoverageMultiPolygon, in context: RuleContext) -> [Violation] {
        shape.polygons.enumerated().compactMap { index, polygon in
            guard let outline = polygon.rings.first, outline.count > 1, let first = outline.first, let last = outline.last,
                let firstLongitude = first.longitude, let firstLatitude = first.latitude, let lastLongitude = last.longitude,
                let lastLatitude = last.latitude, !first.isSamePosition(as: last)
            else { return nil }
            if firstLongitude == lastLongitude && firstLatitude == lastLatitude {
                return Violation(
                    "the polygon ends at \(written(last)), the place it starts but not the same position as \(written(first)); the first and last positions must contain identical values (RFC 7946), altitude included: repeat the first position exactly",
                    at: shape.pointer(polygon: index, ring: 0, position: outline.count - 1))
            }
            return Violation(
                "the polygon ends at [\(shown(lastLongitude)), \(shown(lastLatitude))], not where it starts, [\(shown(firstLongitude)), \(shown(firstLatitude))]; repeat the first position at the end to close it",
                at: shape.pointer(polygon: index, ring: 0, position: outline.count - 1))
        }
    }
}

/// Longitude then latitude, on Earth.
struct CoverageCoordinatesRule: Rule {
    static let description = RuleDescription(
        id: "coverage_coordinates",
        name: "Coverage Positions Are Longitude And Latitude",
        category: .routing,
        defaultSeverity: .error,
        summary: "Each position of a coverage file must be a longitude from -180 to 180 followed by a latitude from -90 to 90.",
        rationale: """
            Apple's guide: "Specify all coordinates as a longitude value followed by a latitude \
            value." A position with fewer than two numbers is no place, and a longitude outside \
            -180 to 180 or a latitude outside -90 to 90 is no place on Earth. Latitude written \
            first is the usual mistake: when the first number could be a latitude and the second \
            cannot, the message says the pair looks swapped. A third number (GeoJSON's altitude) \
            is accepted and ignored: Apple neither shows nor forbids one, and a coverage area is \
            flat. Every position is judged, in every ring.
            """,
        sources: [coverageContents + " [H]", rfc7946 + ", 3.1.1 Position [H]"],
        passing: [
            RuleExample(bay, named: coverageFile),
            RuleExample(
                multiPolygon(["[[[-122.52, 37.70, 0], [-122.35, 37.70, 0], [-122.35, 37.83, 0], [-122.52, 37.83, 0], [-122.52, 37.70, 0]]]"]),
                named: coverageFile),
        ],
        failing: [
            RuleExample(
                multiPolygon(["[[[-122.52, 37.70], [37.70, -122.35], [-122.35, 37.83], [-122.52, 37.83], [-122.52, 37.70]]]"]), named: coverageFile,
                at: ["/coordinates/0/0/1"]),
            RuleExample(
                multiPolygon(["[[[-122.52, 37.70], [237.65, 37.70], [-122.35, 37.83], [-122.52], [-122.52, 37.70]]]"]), named: coverageFile,
                at: ["/coordinates/0/0/1", "/coordinates/0/0/3"]),
        ])

    func check(_ shape: CoverageMultiPolygon, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for (p, polygon) in shape.polygons.enumerated() {
            for (r, ring) in polygon.rings.enumerated() {
                for (i, position) in ring.enumerated() {
                    guard let message = Self.problem(position) else { continue }
                    violations.append(Violation(message, at: shape.pointer(polygon: p, ring: r, position: i)))
                }
            }
        }
        return violations
    }

    /// What is wrong with a position, or nil.
    static func problem(_ position: CoverageMultiPolygon.Position) -> String? {
        guard let longitude = position.longitude, let latitude = position.latitude else {
            return "a position is a longitude and a latitude; this one has \(position.count) number\(position.count == 1 ? "" : "s")"
        }
        let longitudeOK = CoordinateAxis.longitude.contains(longitude)
        let latitudeOK = CoordinateAxis.latitude.contains(latitude)
        guard !longitudeOK || !latitudeOK else { return nil }
        var problems: [String] = []
        if !longitudeOK { problems.append("longitude \(shown(longitude)) is outside -180 to 180") }
        if !latitudeOK { problems.append("latitude \(shown(latitude)) is outside -90 to 90") }
        let swapped = CoordinateAxis.latitude.contains(longitude) && !latitudeOK && CoordinateAxis.longitude.contains(latitude)
        let hint = swapped ? "; the pair looks swapped: write the longitude first, [\(shown(latitude)), \(shown(longitude))]" : ""
        return "\(problems.joined(separator: " and ")), so this position is no place on Earth\(hint)"
    }
}

/// About twenty points per polygon.
struct CoveragePolygonPointsRule: Rule {
    static let recommended = 20

    static let description = RuleDescription(
        id: "coverage_polygon_points",
        name: "Coverage Polygons Have 20 Points Or Fewer",
        category: .routing,
        defaultSeverity: .warning,
        summary: "Each polygon of a coverage file should have no more than 20 points.",
        rationale: """
            Apple's guide: "It's recommended that each polygon contain no more than 20 points. \
            Using more coordinates ... is possible but is inefficient." A recommendation, so a \
            warning. Proctor counts the corners of each polygon's outline: the closing position, \
            which repeats the first, is not counted again, so a closed ring of 21 positions has 20 \
            points (Apple does not say which way it counts). A polygon over the limit is reported \
            at its 21st point. A border traced from map data usually needs simplifying: coverage \
            is an area where directions make sense, not a precise boundary.
            """,
        sources: [coverageContents + " [H]", "Proctor assumption: the closing position is not a point of its own"],
        passing: [RuleExample(bay, named: coverageFile), RuleExample(multiPolygon([circle(corners: 20)]), named: coverageFile)],
        failing: [RuleExample(multiPolygon([sanFrancisco, circle(corners: 22)]), named: coverageFile, at: ["/coordinates/1/0/20"])])

    func check(_ shape: CoverageMultiPolygon, in context: RuleContext) -> [Violation] {
        shape.polygons.enumerated().compactMap { index, polygon in
            guard let outline = polygon.rings.first else { return nil }
            let isClosed = outline.count > 1 && outline[0].isSamePlace(as: outline[outline.count - 1])
            let points = outline.count - (isClosed ? 1 : 0)
            guard points > Self.recommended else { return nil }
            return Violation(
                "this polygon has \(points) points; Apple recommends no more than 20 per polygon, as more are inefficient: simplify the outline",
                at: shape.pointer(polygon: index, ring: 0, position: Self.recommended))
        }
    }
}

/// A number as a message shows it: whole numbers without a fraction.
private func shown(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// A position as a message shows it, with the numbers it keeps: `[100, 0, 4.9]`.
private func written(_ position: CoverageMultiPolygon.Position) -> String {
    let numbers = [position.longitude, position.latitude, position.altitude].compactMap { $0 }.map(shown)
    return "[" + numbers.joined(separator: ", ") + (position.count > 3 ? ", ..." : "") + "]"
}

// MARK: - The Info.plist of a routing app

/// The modes are the documented ones.
struct RoutingAppModesRule: Rule {
    static let prefix = "MKDirectionsMode"

    static let description = RuleDescription(
        id: "routing_app_modes",
        name: "Routing Modes Are Documented Modes",
        category: .routing,
        defaultSeverity: .error,
        summary: "MKDirectionsApplicationSupportedModes must list one or more of the directions modes Apple documents, spelt exactly.",
        rationale: """
            A routing app declares the modes of transport it gives directions for in \
            MKDirectionsApplicationSupportedModes, "an array containing one or more" of \
            MKDirectionsModeCar, Bus, Train, Subway, StreetCar, Plane, Bike, Ferry, Taxi, \
            Pedestrian, RideShare (iOS 10, the mode for ride sharing of WWDC16 session 240) and \
            Other; Xcode's help: "iOS routing apps are required to support one or more Routing \
            modes". A value that is not one of these names declares no mode, and an empty array \
            declares none at all. The rule judges the Info.plist once per run and reports the \
            entry (with its line in an XML file), suggesting the mode a misspelt value was meant \
            to be.
            """,
        sources: [
            "Apple, Information Property List: MKDirectionsApplicationSupportedModes, and its values in the Information Property List Key Reference (archived) [H]",
            "Apple, Xcode Help: Enable Maps and select modes [H]",
            seed000 + " [H]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(bay, named: coverageFile, infoPlist: routingApp()),
            RuleExample(
                bay, named: coverageFile,
                infoPlist: routingApp(
                    modes: #"["MKDirectionsModeBus", "MKDirectionsModeSubway", "MKDirectionsModeStreetCar", "MKDirectionsModePedestrian"]"#)),
        ],
        failing: [
            RuleExample(
                bay, named: coverageFile,
                infoPlist: routingApp(modes: #"["MKDirectionsModeRideshare", "MKDirectionsModeCar", "MKDirectionsModeWalking", "Taxi"]"#),
                at: [
                    "/MKDirectionsApplicationSupportedModes/0", "/MKDirectionsApplicationSupportedModes/2",
                    "/MKDirectionsApplicationSupportedModes/3",
                ]),
            RuleExample(bay, named: coverageFile, infoPlist: routingApp(modes: "[]"), at: ["/MKDirectionsApplicationSupportedModes"]),
        ])

    func check(_ app: AppInfo, in context: RuleContext) -> [Violation] {
        guard let modes = app.directionsModes else { return [] }
        guard !modes.isEmpty else {
            return [
                Violation(
                    "MKDirectionsApplicationSupportedModes is empty, so the app declares no mode to give directions for; list one or more, such as 'MKDirectionsModeCar'",
                    at: RoutingAppPointers.supportedModes)
            ]
        }
        return modes.enumerated().compactMap { index, mode in
            guard !AppInfo.directionsModes.contains(mode) else { return nil }
            return Violation(
                "'\(mode)' is not one of the directions modes Apple documents, so it declares no mode\(Self.suggestion(for: mode))",
                at: RoutingAppPointers.supportedModes.appending(index))
        }
    }

    /// The documented mode a misspelt value is closest to, compared without the common prefix
    /// (which would make every long value close to every mode).
    static func suggestion(for mode: String) -> String {
        let name = mode.lowercased().hasPrefix(prefix.lowercased()) ? String(mode.dropFirst(prefix.count)) : mode
        let names = AppInfo.directionsModes.map { String($0.dropFirst(prefix.count)) }
        return Suggestion.closest(to: name, among: names).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }
}

/// A routing app declares the directions-request document type.
struct RoutingAppDocumentTypeRule: Rule {
    static let description = RuleDescription(
        id: "routing_app_document_type",
        name: "Routing App Declares The Directions Request Type",
        category: .routing,
        defaultSeverity: .error,
        summary:
            "An app with MKDirectionsApplicationSupportedModes must declare a document type whose LSItemContentTypes holds com.apple.maps.directionsrequest.",
        rationale: """
            Maps hands a routing app a directions request as a document. Apple's guide: the app \
            declares a document type named MKDirectionsRequest (recommended) whose type is \
            com.apple.maps.directionsrequest, which "must be exactly as shown", and "App Store \
            Connect requires both items for all routing apps". An app that declares modes without \
            that type in the LSItemContentTypes of a CFBundleDocumentTypes entry is reported at \
            MKDirectionsApplicationSupportedModes, or at CFBundleDocumentTypes when it declares \
            other types; a near miss (a letter off, other capitals) is reported where it is \
            written. The rule judges the Info.plist once per run; an app without the modes key is \
            not a routing app and is not judged. The type's name is not checked: Apple only \
            recommends it.
            """,
        sources: [providingDirections + " [H]", seed000 + " [H]"],
        needsInfoPlist: true,
        passing: [
            RuleExample(bay, named: coverageFile, infoPlist: routingApp()),
            RuleExample(bay, named: coverageFile, infoPlist: #"{"CFBundleIdentifier": "com.example.maps-viewer"}"#),
        ],
        failing: [
            RuleExample(bay, named: coverageFile, infoPlist: routingApp(documentTypes: nil), at: ["/MKDirectionsApplicationSupportedModes"]),
            RuleExample(
                bay, named: coverageFile,
                infoPlist: routingApp(
                    documentTypes:
                        #"[{"CFBundleTypeName": "PDF", "LSItemContentTypes": ["com.adobe.pdf"]}, {"CFBundleTypeName": "MKDirectionsRequest", "LSItemContentTypes": ["com.apple.maps.directionrequest"]}]"#
                ),
                at: ["/CFBundleDocumentTypes/1/LSItemContentTypes/0"]),
            RuleExample(
                bay, named: coverageFile,
                infoPlist: routingApp(documentTypes: #"[{"CFBundleTypeName": "PDF", "LSItemContentTypes": ["com.adobe.pdf"]}]"#),
                at: ["/CFBundleDocumentTypes"]),
        ])

    func check(_ app: AppInfo, in context: RuleContext) -> [Violation] {
        guard app.isRoutingApp else { return [] }
        let required = AppInfo.directionsRequestContentType
        let documentTypes = app.documentTypes ?? []
        if documentTypes.contains(where: { $0.contentTypes.contains(required) }) { return [] }
        for (entry, documentType) in documentTypes.enumerated() {
            for (index, type) in documentType.contentTypes.enumerated() where Suggestion.closest(to: type, among: [required]) != nil {
                return [
                    Violation(
                        "'\(type)' is not '\(required)', which must be written exactly as shown; App Store Connect requires the directions request type for all routing apps",
                        at: RoutingAppPointers.contentType(entry: entry, index: index))
                ]
            }
        }
        let at = app.documentTypes == nil ? RoutingAppPointers.supportedModes : RoutingAppPointers.documentTypes
        return [
            Violation(
                "the app declares MKDirectionsApplicationSupportedModes but no document type with LSItemContentTypes '\(required)': App Store Connect requires both items for all routing apps, and Maps cannot hand the app a directions request",
                at: at)
        ]
    }
}
