import Foundation
import ProctorRules
import Testing

@testable import ProctorDocumentation

/// docs/seed-coverage.json stays true: every rule, doc anchor and file a row names exists, every
/// row says what it must for its status, and the page is generated from it. With ../shared
/// beside the checkout (Proctor's developers and CI), the rows are also those of the seed map.
@Suite("Seed coverage list")
struct SeedCoverageTests {
    static let coverage: SeedCoverage = {
        let bytes = (try? Data(contentsOf: Repository.url(SeedCoverage.path))).map(Array.init) ?? []
        return SeedCoverage.read(bytes).coverage
    }()

    /// The areas issue 14 closed: every row in them is covered or out of scope, none open.
    static let donationCoreAreas: Set<String> = [
        "NSUserActivity", "Handoff", "App Search (on-device)", "Public indexing", "Core Spotlight", "Ranking & result UX",
        "Contact interactions", "Siri suggestions", "Siri Event Suggestions", "Check-in shortcut", "Reservation launch", "Donation timing",
    ]

    @Test func theListReadsWithoutProblems() throws {
        let bytes = try Data(contentsOf: Repository.url(SeedCoverage.path))
        let (coverage, problems) = SeedCoverage.read(Array(bytes))
        #expect(problems.isEmpty, "\(problems.map { "\($0.location.compilerStyle) \($0.location.pointer ?? ""): \($0.message)" })")
        #expect(!coverage.rows.isEmpty)
        let ids = coverage.rows.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate row ids")
    }

    @Test func everyRowSaysWhatItsStatusNeeds() {
        for row in Self.coverage.rows {
            switch row.status {
            case .covered:
                #expect(!row.evidence.isEmpty, "\(row.id) is covered but names no rule, doc or file")
                #expect(row.reason == nil && row.byHand == nil && row.issue == nil, "\(row.id)")
            case .outOfScope:
                #expect(row.reason != nil && row.byHand != nil, "\(row.id) is out of scope without a reason and what to check by hand")
                #expect(row.issue == nil, "\(row.id)")
            case .open:
                #expect(row.issue != nil, "\(row.id) is open without its issue")
                #expect(!Self.donationCoreAreas.contains(row.area), "\(row.id) is in the donation core, which leaves nothing open")
            }
        }
    }

    @Test func everyRuleItNamesExists() {
        let ids = Set(BuiltInRules.descriptions.map(\.id))
        for row in Self.coverage.rows {
            for rule in row.evidence.rules {
                #expect(ids.contains(rule), "\(row.id) names the rule '\(rule)', which does not exist")
            }
        }
    }

    @Test func everyDocAnchorItNamesExists() throws {
        for row in Self.coverage.rows {
            for link in row.evidence.docs {
                let parts = link.split(separator: "#", maxSplits: 1).map(String.init)
                let url = Repository.url("docs/" + parts[0])
                let text = try #require(try? String(contentsOf: url, encoding: .utf8), "\(row.id): docs/\(parts[0]) does not exist")
                if parts.count == 2 {
                    let anchors = Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { Self.anchor(of: String($0)) })
                    #expect(anchors.contains(parts[1]), "\(row.id): docs/\(parts[0]) has no heading '#\(parts[1])'")
                }
            }
        }
    }

    @Test func everyFileItNamesExists() {
        for row in Self.coverage.rows {
            for file in row.evidence.files {
                #expect(FileManager.default.fileExists(atPath: Repository.url(file).path), "\(row.id) names '\(file)', which does not exist")
            }
        }
    }

    @Test func thePageIsGeneratedFromTheList() throws {
        let page = try String(contentsOf: Repository.url(SeedCoverage.pagePath), encoding: .utf8)
        #expect(page == Self.coverage.page(), "docs/seed-coverage.md is out of date: run `make docs`")
    }

    @Test func aRowWithAnUnknownKeyOrStatusIsALocatedProblem() {
        let text = #"{"description": "d", "rows": [{"id": "A1", "area": "a", "seed": "000:1", "behaviour": "b", "status": "done", "evidnce": {}}]}"#
        let problems = SeedCoverage.read(Array(text.utf8), path: "c.json").problems
        #expect(Set(problems.compactMap(\.location.pointer)) == ["/rows/0/status", "/rows/0/evidnce"])
    }

    /// The rows of the seed map, when ../shared is beside the checkout.
    static let mapPath = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/reference/seed-coverage.md").path

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: mapPath),
            "../shared/reference/seed-coverage.md is absent (it exists beside the checkout for Proctor's developers and CI only)"))
    func theRowsAreThoseOfTheSeedMap() throws {
        let map = try String(contentsOfFile: Self.mapPath, encoding: .utf8)
        // Table rows start with "| <letter><number> |".
        let mapIDs = map.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2, let id = cells.dropFirst().first, id.range(of: #"^[A-Z][0-9]+$"#, options: .regularExpression) != nil else {
                return nil
            }
            return id
        }
        #expect(
            Set(mapIDs) == Set(Self.coverage.rows.map(\.id)),
            "rows only in the map: \(Set(mapIDs).subtracting(Self.coverage.rows.map(\.id)).sorted()); only in the list: \(Set(Self.coverage.rows.map(\.id)).subtracting(mapIDs).sorted())"
        )
    }

    /// GitHub's anchor for a Markdown heading: lower case, letters, digits, '-' and '_' kept,
    /// spaces turned into '-', everything else dropped.
    static func anchor(of heading: String) -> String {
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        var anchor = ""
        for character in title {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                anchor.append(character)
            } else if character == " " {
                anchor.append("-")
            }
        }
        return anchor
    }
}
