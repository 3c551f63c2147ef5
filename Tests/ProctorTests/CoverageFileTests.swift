import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorInputs

/// Routing apps' coverage files: which files the coverage kind reads, and what its reader reports
/// before any rule judges a file (docs/routing.md). The rules are tested by their examples.
@Suite("Coverage files")
struct CoverageFileTests {
    static let bay =
        #"{"type": "MultiPolygon", "coordinates": [[[[-122.52, 37.70], [-122.35, 37.70], [-122.35, 37.83], [-122.52, 37.83], [-122.52, 37.70]]]]}"#

    /// `code severity line:column pointer` of every diagnostic and input error, in order.
    static func problems(_ result: LintResult) -> [String] {
        result.files.flatMap { file in
            file.inputErrors.map { "\($0.code.rawValue) error \(position($0.location))" }
                + file.diagnostics.map { "\($0.code.rawValue) \($0.severity.rawValue) \(position($0.location))" }
        }
    }

    static func position(_ location: ProctorCore.SourceLocation) -> String {
        "\(location.line ?? 0):\(location.column ?? 0) \(location.pointer ?? "-")"
    }

    static func findings(_ result: LintResult) -> [String] {
        result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.pointer ?? "-")" }
    }

    // MARK: - Which files are coverage files

    @Test func geojsonFilesAreClaimedWhereverTheyLie() throws {
        let kind = try #require(InputKinds.payloads.firstIndex { $0 is CoverageFileInput })
        for path in ["coverage.geojson", "Routing/Bay Area.geojson", "/tmp/a/b.geojson"] {
            #expect(InputKinds.payloadKind(forPath: path) == kind, "\(path)")
            #expect(InputKinds.claims(path: path))
        }
        for path in ["coverage.json", "coverage.geojson.bak", "coverage.GEOJSON"] {
            #expect(InputKinds.payloadKind(forPath: path) != kind, "\(path)")
        }
    }

    @Test func aWalkReadsTheCoverageFileBesideDonations() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("routing/coverage.geojson", Self.bay)
        try directory.write("view-ride.json", #"{"userActivity": {"activityType": "com.example.ride.view", "title": "Your ride"}}"#)
        let result = Linter.lint(paths: [directory.path], options: LintOptions(now: fixedNow, strict: true, parallel: false))
        #expect(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["coverage.geojson", "view-ride.json"])
        #expect(result.files.allSatisfy { !$0.hasProblems && $0.wasChecked && $0.payloadCount == 1 })
        #expect(result.report().exitCode == .success)
    }

    // MARK: - What the reader reports

    @Test func aRootThatIsNotAnObjectIsATypeMismatchAndTheFileIsLeftOut() {
        for text in ["[1, 2]", "\"MultiPolygon\"", "null"] {
            let result = lint(text, path: "coverage.geojson")
            #expect(Self.problems(result) == ["type_mismatch error 1:1 "], "\(text)")
            #expect(result.files[0].diagnostics.first?.message.contains("an object (a GeoJSON geometry)") == true)
            #expect(result.files[0].payloadCount == 0 && result.files[0].leftOutPayloadCount == 1)
            #expect(Self.findings(result).isEmpty)
        }
    }

    @Test func aTypeThatIsNotAStringOrIsMissingIsReportedAndTheFileIsLeftOut() {
        let number = lint(#"{"type": 7, "coordinates": []}"#, path: "coverage.geojson")
        #expect(Self.problems(number) == ["type_mismatch error 1:10 /type"])
        #expect(Self.findings(number).isEmpty)
        let missing = lint(#"{"coordinates": []}"#, path: "coverage.geojson")
        #expect(Self.problems(missing) == ["missing_value error 1:1 "])
        let noCoordinates = lint("{\"type\": \"MultiPolygon\"}", path: "coverage.geojson")
        #expect(Self.problems(noCoordinates) == ["missing_value error 1:1 "])
        #expect(noCoordinates.files[0].leftOutPayloadCount == 1)
    }

    /// A type other than MultiPolygon is read, not refused: the rule says what is wrong with it,
    /// with a suggestion for a misspelt one, and its coordinates are not read.
    @Test func aWrongGeometryTypeIsForTheRules() {
        let polygon = lint(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}"#, path: "coverage.geojson")
        #expect(Self.problems(polygon).isEmpty)
        #expect(Self.findings(polygon) == ["coverage_multipolygon /type"])
        let misspelt = lint(#"{"type": "multiPolygon", "coordinates": "not read"}"#, path: "coverage.geojson")
        #expect(Self.problems(misspelt).isEmpty)
        #expect(misspelt.files[0].findings.first?.message.hasSuffix("did you mean 'MultiPolygon'?") == true)
    }

    @Test func positionsThatAreNotArraysOfNumbersAreTypeMismatchesWhereTheyAre() {
        let text = """
            {"type": "MultiPolygon", "coordinates": [
              [[[0, 0], "1, 0", [1, 1], [0, 0]]],
              [[[0, 0], [1, "0"], [1, 1, null], [0, 0]]],
              [5],
              {"ring": []}
            ]}
            """
        let result = lint(text, path: "coverage.geojson")
        #expect(
            Self.problems(result) == [
                "type_mismatch error 2:13 /coordinates/0/0/1",
                "type_mismatch error 3:17 /coordinates/1/0/1/1",
                "type_mismatch error 3:30 /coordinates/1/0/2/2",
                "type_mismatch error 4:4 /coordinates/2/0",
                "type_mismatch error 5:3 /coordinates/3",
            ])
        let messages = result.files[0].diagnostics.map(\.message)
        #expect(messages[0] == "expected a position ([longitude, latitude]), found string")
        #expect(messages[1] == "expected a number (the latitude), found string")
        #expect(messages[3] == "expected a ring (an array of positions), found integer")
        #expect(Self.findings(result).isEmpty, "a file App Store Connect could not read is not judged")
        #expect(result.files[0].leftOutPayloadCount == 1)
        let notArray = lint(#"{"type": "MultiPolygon", "coordinates": {}}"#, path: "coverage.geojson")
        #expect(Self.problems(notArray) == ["type_mismatch error 1:41 /coordinates"])
    }

    @Test func anEmptyFileAndACommentAreInputErrors() {
        #expect(Self.problems(lint("", path: "coverage.geojson")) == ["json_empty error 1:1 "])
        #expect(Self.problems(lint("  \n", path: "coverage.geojson")).first?.hasPrefix("json_empty error") == true)
        // "Don't include comments in your coverage file": JSON has none, so one is a syntax error.
        let comment = lint("// Bay Area\n" + Self.bay, path: "coverage.geojson")
        #expect(Self.problems(comment).first?.hasPrefix("json_syntax error 1:1") == true)
        #expect(comment.report().exitCode == .inputError)
    }

    @Test func unknownKeysAreWarningsWithASuggestionAndTheFileIsStillJudged() {
        let text = #"{"type": "MultiPolygon", "coordnates": [], "coordinates": [], "properties": {}}"#
        let result = lint(text, path: "coverage.geojson")
        #expect(Self.problems(result) == ["unknown_key warning 1:26 /coordnates", "unknown_key warning 1:63 /properties"])
        #expect(result.files[0].diagnostics[0].message == "unknown key 'coordnates' in a MultiPolygon is ignored; did you mean 'coordinates'?")
        #expect(Self.findings(result) == ["coverage_polygon_count /coordinates"])
    }

    /// Wrappers: the geometries of features are collected and the one MultiPolygon judged; a
    /// collection's member that is not a Feature is an invalid value.
    @Test func featureWrappersAreReadAndTheirMultiPolygonJudged() {
        let collection = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": 1, "properties": null, "geometry": {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1]]]]}}
            ]}
            """
        let result = lint(collection, path: "coverage.geojson")
        #expect(Self.problems(result).isEmpty)
        #expect(
            Self.findings(result).sorted() == [
                "coverage_bare_geometry ", "coverage_polygon_closed /features/0/geometry/coordinates/0/0/2",
                "coverage_polygon_positions /features/0/geometry/coordinates/0/0",
            ])
        let mixed = lint(
            #"{"type": "FeatureCollection", "features": [{"type": "Polygon", "coordinates": []}, {"type": "Feature", "geometry": {"type": "MultiPolygon", "coordinates": []}, "properties": {}}]}"#,
            path: "coverage.geojson")
        #expect(Self.problems(mixed) == ["invalid_value error 1:53 /features/0/type"])
        let noFeatures = lint(#"{"type": "FeatureCollection", "features": []}"#, path: "coverage.geojson")
        #expect(Self.findings(noFeatures).sorted() == ["coverage_bare_geometry ", "coverage_multipolygon /features"])
    }

    /// The reader and the rules are linear in the file: 200,000 positions decode and are judged
    /// once each (ten polygons of 20,000 points, each over the recommended 20).
    @Test func aLargeFileIsReadAndJudgedInOnePass() {
        var text = #"{"type": "MultiPolygon", "coordinates": ["#
        text.reserveCapacity(4_000_000)
        for polygon in 0..<10 {
            if polygon > 0 { text += ", " }
            text += "[["
            // Points along a zigzag, written without formatting numbers: building the text
            // should not be what the test waits for.
            for index in 0..<19_999 {
                text += "[-12\(polygon).\(index % 1000), 37.\(index / 1000 + 10)], "
            }
            text += "[-12\(polygon).0, 37.10]]]"
        }
        text += "]}"
        let result = lint(text, path: "coverage.geojson")
        #expect(Self.problems(result).isEmpty && result.files[0].payloadCount == 1)
        #expect(Self.findings(result) == (0..<10).map { "coverage_polygon_points /coordinates/\($0)/0/20" })
        // Each outline was read whole: 20,000 positions, the last closing the first.
        #expect(result.files[0].findings.allSatisfy { $0.message.hasPrefix("this polygon has 19999 points") })
    }
}
