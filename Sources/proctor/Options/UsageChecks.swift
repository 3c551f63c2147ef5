import ArgumentParser
import ProctorCore
import ProctorReports

/// The checks of the command line that several commands make, each written and worded once: a
/// failed one is a usage error (exit 64) before any work, with ArgumentParser's usage line.
enum UsageChecks {
    /// `--now`, on lint, scan and run: an RFC 3339 date with a zone.
    static func now(_ now: String?) throws {
        if let now, DateFormat.parse(now) == nil {
            throw ValidationError("--now '\(now)' is not an RFC 3339 date with a zone, such as 2026-06-01T12:00:00Z")
        }
    }

    /// `--baseline` and `--write-baseline`, on lint and scan: one or the other, each a file.
    static func baselines(reading: String?, writing: String?) throws {
        if writing != nil && reading != nil {
            throw ValidationError("give either --baseline (use one) or --write-baseline (record one), not both")
        }
        if writing == ReportWriter.standardOutput || reading == ReportWriter.standardOutput {
            throw ValidationError("a baseline is a file: give it a path, not -")
        }
    }

    /// How the report checks word their messages: the run reports' (lint, scan, run,
    /// conformance) show an example and a remedy; `links check`'s, older, say the problem alone.
    enum ReportWording {
        case withRemedy
        case plain
    }

    /// The `--report` destinations: at most one on standard output, and no two to one file.
    static func reportDestinations(_ destinations: [String], wording: ReportWording = .withRemedy) throws {
        if destinations.filter({ $0 == ReportWriter.standardOutput }).count > 1 {
            switch wording {
            case .withRemedy:
                throw ValidationError("only one --report can go to standard output; give the others a path, e.g. --report junit:reports/junit.xml")
            case .plain:
                throw ValidationError("only one --report can go to standard output; give the others a path")
            }
        }
        if let (first, second) = ReportWriter.clash(among: destinations) {
            switch wording {
            case .withRemedy:
                let shown = { (path: String) in path == ReportWriter.standardOutput ? "standard output" : "'\(VisibleText.escaped(path))'" }
                throw ValidationError("two reports would be written to one file: \(shown(first)) and \(shown(second)); give each report its own path")
            case .plain:
                throw ValidationError(
                    "two reports would be written to one file: '\(VisibleText.escaped(first))' and '\(VisibleText.escaped(second))'")
            }
        }
    }

    /// A file the command writes besides its reports (`what` at `path`: a baseline, the routes
    /// file) that a report would replace; standard output counts only when `countingStandardOutput`.
    static func noReport(replaces path: String, what: String, reportDestinations: [String], countingStandardOutput: Bool) throws {
        guard let (_, clash) = ReportWriter.clash(among: [path] + reportDestinations) else { return }
        if clash == ReportWriter.standardOutput && !countingStandardOutput { return }
        let same = clash == ReportWriter.standardOutput ? "output" : "file"
        throw ValidationError(
            "\(what) '\(VisibleText.escaped(path))' and a report would be the same \(same) ('\(VisibleText.escaped(clash))'); give the report another path"
        )
    }
}
