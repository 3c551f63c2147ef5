import Foundation
import ProctorCore
import ProctorJSON
import ProctorReports

/// The findings a project accepts for now (`--write-baseline`, `--baseline`): a run hides the
/// findings its baseline holds, marked as such in every report rather than dropped, and reports
/// only new ones. With `--baseline-strict`, an entry that no longer matches a finding fails the
/// run, so a baseline only ever shrinks. The file is JSON, sorted, one entry per finding, so its
/// diff in a pull request says what changed (docs/configuration.md, "Baseline").
package struct Baseline: Sendable {
    package struct Entry: Sendable, Equatable {
        package var rule: String
        package var file: String
        package var pointer: String
        package var message: String
        package var fingerprint: String
        /// The entry's line in the baseline file (0 for one made in memory).
        package var line: Int
    }

    package static let format = 1
    package var path: String
    package var entries: [Entry]

    package static let invalid = ProblemCode("baseline_invalid", summary: "A baseline file is not one Proctor wrote.")
    package static let unknownKey = ProblemCode("baseline_unknown_key", summary: "A baseline entry has a key Proctor does not know.")
    static let codes = JSONFieldReader.Codes(typeMismatch: invalid, missingValue: invalid, invalidValue: invalid, unknownKey: unknownKey)

    /// What identifies a finding across edits: its rule, file and JSON Pointer, and its message
    /// with every number written as `#`, so a title that grows by a character, or a line that
    /// moves, is still the same finding. Not the line: unrelated edits move it.
    package static func fingerprint(rule: String, file: String, pointer: String, message: String) -> String {
        var stable = ""
        var inNumber = false
        for character in message {
            if character.isASCII && character.isNumber {
                if !inNumber { stable.append("#") }
                inNumber = true
            } else {
                inNumber = false
                stable.append(character)
            }
        }
        // FNV-1a, 64 bits: stable across runs and platforms, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in [rule, file, pointer, stable].joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A finding's fingerprint in the baseline at `baselinePath`: its file is written relative to
    /// the baseline's folder, so the baseline matches from whichever directory the command runs.
    /// In JSON Lines, where every line's pointers start again, the line is part of its place.
    package static func fingerprint(of finding: Finding, baselinePath: String) -> String {
        fingerprint(
            rule: finding.ruleID, file: file(of: finding, baselinePath: baselinePath), pointer: pointer(of: finding), message: finding.message)
    }

    static func pointer(of finding: Finding) -> String {
        let pointer = finding.location.pointer ?? ""
        guard finding.location.file.hasSuffix(".jsonl"), let line = finding.location.line else { return pointer }
        return "line \(line) \(pointer)"
    }

    /// `file` as seen from the baseline's folder (`payloads/a.json`), whatever directory the run
    /// named it from (`../payloads/a.json`, an absolute path).
    static func file(of finding: Finding, baselinePath: String) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let file = URL(fileURLWithPath: finding.location.file, relativeTo: current).standardizedFileURL.pathComponents
        let folder = URL(fileURLWithPath: baselinePath, relativeTo: current).standardizedFileURL.deletingLastPathComponent().pathComponents
        var common = 0
        while common < file.count, common < folder.count, file[common] == folder[common] { common += 1 }
        return (Array(repeating: "..", count: folder.count - common) + file[common...]).joined(separator: "/")
    }

    /// The baseline at `path` of `findings`: every one, sorted by file, rule, pointer and message.
    package static func text(of findings: [Finding], path: String) -> String {
        let entries = findings.map { finding in
            Entry(
                rule: finding.ruleID, file: file(of: finding, baselinePath: path), pointer: pointer(of: finding), message: finding.message,
                fingerprint: fingerprint(of: finding, baselinePath: path), line: 0)
        }.sorted { ($0.file, $0.rule, $0.pointer, $0.message) < ($1.file, $1.rule, $1.pointer, $1.message) }
        let list = entries.map { entry in
            JSONNode.object([
                ("rule", .string(entry.rule)), ("file", .string(entry.file)), ("pointer", .string(entry.pointer)),
                ("message", .string(entry.message)), ("fingerprint", .string(entry.fingerprint)),
            ])
        }
        let json = JSONNode.object([("format", .integer(format)), ("findings", .array(list))])
        return JSONWriter.write(json, indent: 2) + "\n"
    }

    static let entryKeys = ["rule", "file", "pointer", "message", "fingerprint"]

    private static func isFormat(_ node: JSONNode) -> Bool {
        if case .integer(let number) = node.value { return number == Int64(format) }
        return false
    }

    /// Reads a baseline; every problem is an error located in it.
    package static func read(_ bytes: [UInt8], path: String) -> Result<Baseline, BaselineErrors> {
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .failure(let error): return .failure(BaselineErrors(errors: [InputError(error, in: source, file: path)]))
        case .success(let node): root = node
        }
        var reader = JSONFieldReader(codes: codes) { offset, pointer in SourceLocation(file: path, offset: offset, pointer: pointer, in: source) }
        var entries: [Entry] = []
        if let object = reader.object(root, .root, what: "the baseline") {
            reader.checkKeys(object, .root, allowed: ["format", "findings"], in: "the baseline")
            if let format = reader.required(object, "format", root, .root), !Self.isFormat(format) {
                reader.invalid("this Proctor writes and reads baseline format 1", format, JSONPointer(["format"]))
            }
            if let list = reader.required(object, "findings", root, .root), let elements = reader.array(list, JSONPointer(["findings"])) {
                for (index, element) in elements.enumerated() {
                    let pointer = JSONPointer(["findings"]).appending(index)
                    guard let fields = reader.object(element, pointer, what: "a baseline entry") else { continue }
                    reader.checkKeys(fields, pointer, allowed: entryKeys, in: "a baseline entry")
                    let values = entryKeys.map { key in
                        reader.required(fields, key, element, pointer).flatMap { reader.string($0, pointer.appending(key)) }
                    }
                    guard values.allSatisfy({ $0 != nil }) else { continue }
                    entries.append(
                        Entry(
                            rule: values[0]!, file: values[1]!, pointer: values[2]!, message: values[3]!, fingerprint: values[4]!,
                            line: reader.location(of: element, pointer).line ?? 0))
                }
            }
        }
        let errors = reader.problems.filter { $0.severity == .error }.map { InputError(code: $0.code, message: $0.message, location: $0.location) }
        return errors.isEmpty ? .success(Baseline(path: path, entries: entries)) : .failure(BaselineErrors(errors: errors))
    }
}

/// Every problem of a baseline file, each located in it.
package struct BaselineErrors: Error, Sendable {
    package var errors: [InputError]
}

/// A baseline entry that matches no finding of the run (`--baseline-strict`): a check of its own
/// in reports, a failed test case located at the entry.
package struct BaselineEntryCheck: ReportedCheck {
    package static let shared = BaselineEntryCheck()
    package let id = "baseline_entry_unused"
    package let summary = "A baseline entry matches no finding of the run: the finding is fixed, so the entry should be deleted."
    package let rationale =
        "With --baseline-strict a baseline only shrinks: an entry whose finding no longer occurs is deleted, so that the finding cannot come back unseen."
    package let defaultSeverity = Severity.error
    package let tag = "baseline"
    package var helpText: String { rationale }
    package var helpMarkdown: String { rationale }
}

extension LintResult {
    /// Hides the findings `baseline` holds: each is kept, marked `in the baseline PATH`, so every
    /// report counts it. A finding is matched by fingerprint, once per entry (a finding that
    /// occurs twice needs two entries). Returns the entries that matched nothing.
    package mutating func apply(_ baseline: Baseline) -> [Baseline.Entry] {
        var remaining: [String: [Baseline.Entry]] = [:]
        for entry in baseline.entries { remaining[entry.fingerprint, default: []].append(entry) }
        for fileIndex in files.indices {
            for findingIndex in files[fileIndex].findings.indices where files[fileIndex].findings[findingIndex].suppression == nil {
                let fingerprint = Baseline.fingerprint(of: files[fileIndex].findings[findingIndex], baselinePath: baseline.path)
                guard var matches = remaining[fingerprint], !matches.isEmpty else { continue }
                matches.removeFirst()
                remaining[fingerprint] = matches
                files[fileIndex].findings[findingIndex].suppression = Finding.baselineSuppressionPrefix + baseline.path
            }
        }
        return remaining.values.flatMap { $0 }.sorted { $0.line < $1.line }
    }
}

extension RunReport {
    /// Reports the baseline entries that matched no finding, each at its line in the baseline
    /// file: a note that says which entries to delete, or with `strict` (`--baseline-strict`) a
    /// warning and a failed case, so the run fails until the baseline shrinks.
    package mutating func addUnused(_ entries: [Baseline.Entry], of baseline: Baseline, strict: Bool) {
        guard !entries.isEmpty else { return }
        let code = ProblemCode(BaselineEntryCheck.shared.id, severity: strict ? .warning : .note, summary: BaselineEntryCheck.shared.summary)
        var diagnostics: [Diagnostic] = []
        var cases: [TestCase] = []
        for entry in entries {
            let location = SourceLocation(file: baseline.path, line: entry.line > 0 ? entry.line : nil)
            let message =
                "this entry (\(entry.rule) at \(entry.file) \(entry.pointer.isEmpty ? "\"\"" : entry.pointer)) matches no finding: the finding is gone, so delete the entry"
            diagnostics.append(Diagnostic(code: code, severity: code.severity, message: message, location: location))
            if strict {
                cases.append(
                    TestCase(
                        classname: baseline.path, name: "baseline entry \(entry.fingerprint)",
                        outcome: .failed(type: BaselineEntryCheck.shared.id, message: message, details: "--baseline-strict: a baseline only shrinks"),
                        location: location))
            }
        }
        suites.append(Suite(name: baseline.path, diagnostics: diagnostics, cases: cases))
        if strict { checks.append(BaselineEntryCheck.shared) }
    }
}
