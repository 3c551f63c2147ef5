import Foundation
import ProctorCore
import ProctorJSON

/// What Proctor does for each behaviour the seed talks describe (`docs/seed-coverage.json`):
/// covered, with the rules, docs and files that show it; out of scope, with why and what to
/// check by hand; or open, with the issue that will add it. `proctor-docgen` writes the page
/// `docs/seed-coverage.md` from it, and a test checks every rule, doc anchor and file it names,
/// so a rule removed later cannot leave a row claiming coverage.
package struct SeedCoverage: Sendable {
    package static let path = "docs/seed-coverage.json"
    package static let pagePath = "docs/seed-coverage.md"

    package enum Status: String, Sendable, CaseIterable {
        case covered
        case outOfScope
        case open
    }

    /// What shows a behaviour: rule ids, doc links (`system-model.md#handoff`, relative to
    /// docs/) and repository files (vectors, scenarios, payloads).
    package struct Evidence: Sendable {
        package var rules: [String] = []
        package var docs: [String] = []
        package var files: [String] = []
        package var isEmpty: Bool { rules.isEmpty && docs.isEmpty && files.isEmpty }
    }

    package struct Row: Sendable {
        package var id: String
        package var area: String
        /// `seed:lines` in the map's numbering, for whoever checks the row against the talk.
        package var seed: String
        package var behaviour: String
        package var status: Status
        package var evidence: Evidence
        /// For a covered row: the part Proctor does not check.
        package var limits: String?
        /// For a row out of scope: what Apple does and why Proctor does not model it.
        package var reason: String?
        /// For a row out of scope: what to check by hand instead.
        package var byHand: String?
        /// For an open row: the issue that will cover it.
        package var issue: Int?
    }

    package var description: String
    package var rows: [Row]

    static let rowKeys = ["id", "area", "seed", "behaviour", "status", "evidence", "limits", "reason", "byHand", "issue"]
    static let evidenceKeys = ["rules", "docs", "files"]

    /// Reads the list; a problem (bad JSON, a wrong type, an unknown key) is returned located,
    /// with whatever rows could be read.
    package static func read(_ bytes: [UInt8], path: String = SeedCoverage.path) -> (coverage: SeedCoverage, problems: [Diagnostic]) {
        let source = SourceText(bytes: bytes)
        var coverage = SeedCoverage(description: "", rows: [])
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .success(let node): root = node
        case .failure(let error):
            let problem = InputError(error, in: source, file: path)
            return (coverage, [Diagnostic(code: problem.code, severity: .error, message: problem.message, location: problem.location)])
        }
        var reader = JSONFieldReader(codes: .payload) { offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        }
        guard let object = reader.object(root, .root, what: "the coverage list") else { return (coverage, reader.problems) }
        reader.checkKeys(object, .root, allowed: ["description", "rows"], in: "the coverage list")
        coverage.description = object["description"].flatMap { reader.string($0.value, JSONPointer(["description"])) } ?? ""
        let rowsPointer = JSONPointer(["rows"])
        for (index, node) in (reader.required(object, "rows", root, .root).flatMap { reader.array($0, rowsPointer) } ?? []).enumerated() {
            if let row = readRow(node, rowsPointer.appending(index), &reader) { coverage.rows.append(row) }
        }
        return (coverage, reader.problems)
    }

    private static func readRow(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> Row? {
        guard let object = reader.object(node, pointer, what: "a row") else { return nil }
        reader.checkKeys(object, pointer, allowed: rowKeys, in: "a row")
        func text(_ key: String) -> String? { object[key].flatMap { reader.nonEmptyString($0.value, pointer.appending(key)) } }
        guard let id = reader.required(object, "id", node, pointer).flatMap({ reader.nonEmptyString($0, pointer.appending("id")) }),
            let area = text("area"), let seed = text("seed"), let behaviour = text("behaviour"),
            let status = reader.required(object, "status", node, pointer).flatMap({ reader.choice($0, pointer.appending("status"), Status.self) })
        else { return nil }
        var row = Row(id: id, area: area, seed: seed, behaviour: behaviour, status: status, evidence: Evidence())
        row.limits = text("limits")
        row.reason = text("reason")
        row.byHand = text("byHand")
        if let member = object["issue"] {
            if case .integer(let number) = member.value.value {
                row.issue = Int(number)
            } else {
                reader.mismatch("an issue number", member.value, pointer.appending("issue"))
            }
        }
        if let member = object["evidence"], let evidence = reader.object(member.value, pointer.appending("evidence"), what: "evidence") {
            let at = pointer.appending("evidence")
            reader.checkKeys(evidence, at, allowed: evidenceKeys, in: "evidence")
            row.evidence.rules = evidence["rules"].flatMap { reader.strings($0.value, at.appending("rules")) } ?? []
            row.evidence.docs = evidence["docs"].flatMap { reader.strings($0.value, at.appending("docs")) } ?? []
            row.evidence.files = evidence["files"].flatMap { reader.strings($0.value, at.appending("files")) } ?? []
        }
        return row
    }

    // MARK: - The page

    /// `docs/seed-coverage.md`: per area, what Proctor checks and what it deliberately does not.
    package func page() -> String {
        var lines = [
            "# What Proctor covers of the seed talks",
            "",
            "<!-- Generated from seed-coverage.json by `make docs`. Do not edit. -->",
            "",
            "Every behaviour the talks Proctor is built from describe (WWDC16 session 240, WWDC15 session 709, the",
            "WWDC13 Apple Store app talk, WWDC19 session 243), one row each, and what Proctor does for it:",
            "",
            "- **covered**: a rule, a behaviour of the [system model](system-model.md) or a scenario checks it; the",
            "  evidence links to them, and *Not checked* says what part is left out;",
            "- **out of scope**: Proctor deliberately does not model it; the row says why, and what to check by hand;",
            "- **open**: an issue will add it.",
            "",
            "The list is [seed-coverage.json](seed-coverage.json); a test checks that every rule, page and file it",
            "names exists.",
            "",
        ]
        let counts = Status.allCases.map { status in "\(rows.filter { $0.status == status }.count) \(Self.label(status))" }
        lines.append("\(rows.count) rows: " + counts.joined(separator: ", ") + ".")
        var areas: [String] = []
        for row in rows where !areas.contains(row.area) { areas.append(row.area) }
        for area in areas {
            let inArea = rows.filter { $0.area == area }
            lines += ["", "## \(area)", "", "| Row | Behaviour | Status | What Proctor does |", "| --- | --- | --- | --- |"]
            for row in inArea {
                lines.append("| \(row.id) | \(cell(row.behaviour)) | \(Self.label(row.status)) | \(cell(detail(row))) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func label(_ status: Status) -> String {
        switch status {
        case .covered: "covered"
        case .outOfScope: "out of scope"
        case .open: "open"
        }
    }

    private func detail(_ row: Row) -> String {
        var parts: [String] = []
        switch row.status {
        case .covered:
            parts.append(evidence(row.evidence))
            if let limits = row.limits { parts.append("*Not checked:* " + limits) }
        case .outOfScope:
            if let reason = row.reason { parts.append(reason) }
            if let byHand = row.byHand { parts.append("*By hand:* " + byHand) }
            if !row.evidence.isEmpty { parts.append("*Related:* " + evidence(row.evidence)) }
        case .open:
            parts.append(row.issue.map { "Issue \($0)." } ?? "")
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func evidence(_ evidence: Evidence) -> String {
        let rules = evidence.rules.map { "[`\($0)`](rules/\($0).md)" }
        let docs = evidence.docs.map { link in "[\(link.replacingOccurrences(of: ".md#", with: " § "))](\(link))" }
        let files = evidence.files.map { "[`\(($0 as NSString).lastPathComponent)`](../\($0))" }
        return (rules + docs + files).joined(separator: ", ") + "."
    }

    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
