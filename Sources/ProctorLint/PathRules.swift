import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorInputs

/// Rule settings for some paths only (`.proctor.json`'s `overrides`, docs/configuration.md): a
/// legacy folder whose donations predate a rule, fixtures that break rules on purpose. Each
/// override applies to the findings in files its patterns match; a later override wins over an
/// earlier one, and every override over the project's `rules`.
package struct PathRules: Sendable {
    package struct Override: Sendable {
        /// The files it applies to, relative to `PathFilter.Patterns.base` (the configuration's
        /// folder); `exclude` leaves some of them out.
        package var files: PathFilter.Patterns
        package var rules: RuleSettings

        package init(files: PathFilter.Patterns, rules: RuleSettings) {
            self.files = files
            self.rules = rules
        }
    }

    package var overrides: [Override]

    package init(_ overrides: [Override] = []) {
        self.overrides = overrides
    }

    package var isEmpty: Bool { overrides.isEmpty }

    /// The settings that apply to the file at `path`, later overrides winning; nil when none does.
    func settings(for path: String) -> [String: RuleSettings.Setting]? {
        var merged: [String: RuleSettings.Setting]?
        for override in overrides where !override.files.include.isEmpty && PathFilter([override.files]).accepts(file: path) {
            merged = (merged ?? [:]).merging(override.rules.settings) { $1 }
        }
        return merged
    }

    /// Drops the findings of rules turned off for the file and gives the others the severity set
    /// for it. Findings of the run's own checks (not rules) are left as they are.
    package func apply(to file: inout FileResult) {
        guard !file.findings.isEmpty, let settings = settings(for: file.path) else { return }
        file.findings = file.findings.compactMap { finding in
            switch settings[finding.ruleID] {
            case .off?: return nil
            case .severity(let severity)?:
                var changed = finding
                changed.severity = severity
                return changed
            case nil: return finding
            }
        }
    }
}
