import ProctorAppFacts
import ProctorCore
import ProctorInputs
import ProctorLint

/// The app whose payloads Proctor checks: its Info.plist and the facts no Info.plist holds.
///
/// Rules that need a fact the app does not give (the activity types it declares, say) are
/// skipped, never guessed, so `AppFacts()` checks a payload on its own.
public struct AppFacts: Sendable {
    /// The facts the rules read, nil when the app gives none.
    let info: AppInfo?
    let configuration: AppConfiguration

    /// The app's Info.plist judged on its own, as `proctor lint --info-plist` judges it: the
    /// findings of the rules about the Info.plist itself (an intent restricted while locked that
    /// the app does not support, a routing app's modes; `docs/rules/`), and its decoding
    /// warnings (an unexpanded `$(…)`), in a run that is not strict. Judged once, here: the
    /// reports of ``Proctor``'s lints hold only what they lint. Empty without an Info.plist.
    public let infoPlistReport: Report

    /// An app known by nothing: only the rules that need no fact about it run.
    public init() {
        info = nil
        configuration = AppConfiguration()
        infoPlistReport = Report(LintResult(files: [], appInfo: nil, options: LintOptions()).report())
    }

    /// An app described by its Info.plist (XML or binary), read now.
    ///
    /// - Parameters:
    ///   - infoPlistPath: The app's built or source Info.plist.
    ///   - bundleIdentifier: Overrides `CFBundleIdentifier`, and expands
    ///     `$(PRODUCT_BUNDLE_IDENTIFIER)` in `NSUserActivityTypes` of a source Info.plist.
    ///   - deploymentTarget: The iOS deployment target, such as `"17.0"`; overrides
    ///     `MinimumOSVersion`.
    /// - Throws: ``InputError`` when the file cannot be read or is not a property list, with
    ///   each problem located.
    public init(infoPlistPath: String, bundleIdentifier: String? = nil, deploymentTarget: String? = nil) throws(InputError) {
        try self.init(infoPlistPath: infoPlistPath as String?, bundleIdentifier: bundleIdentifier, deploymentTarget: deploymentTarget)
    }

    /// An app known by its bundle identifier alone, without an Info.plist.
    public init(bundleIdentifier: String, deploymentTarget: String? = nil) throws(InputError) {
        try self.init(infoPlistPath: nil, bundleIdentifier: bundleIdentifier, deploymentTarget: deploymentTarget)
    }

    private init(infoPlistPath: String?, bundleIdentifier: String?, deploymentTarget: String?) throws(InputError) {
        var configuration = AppConfiguration()
        if let deploymentTarget {
            guard let version = OSVersion(deploymentTarget) else {
                throw InputError(problems: [
                    Problem(
                        code: "invalid_value", severity: .error,
                        message: "deployment target '\(deploymentTarget)' is not a version such as 17 or 17.4",
                        location: Location(file: "deploymentTarget"))
                ])
            }
            configuration.deploymentTarget = version
        }
        var options = LintOptions(infoPlistPath: infoPlistPath, bundleIdentifier: bundleIdentifier, configuration: configuration)
        options.parallel = false
        let (info, files) = Linter.app(options: options)
        // Nothing to lint but the app itself: its Info.plist is read, then judged by its rules.
        let report = Report(Linter.lint(paths: [], options: options, app: (info, files)).report())
        let errors = report.problems.filter { $0.severity == .error }
        guard errors.isEmpty, info != nil else {
            throw InputError(problems: errors.isEmpty ? report.problems : errors)
        }
        self.info = info
        self.configuration = configuration
        self.infoPlistReport = report
    }

    /// The activity types the app declares in `NSUserActivityTypes`, bundle identifier expanded.
    public var activityTypes: [String] { info?.userActivityTypes ?? [] }
    /// The app's bundle identifier, when known.
    public var bundleIdentifier: String? { info?.bundleIdentifier }
}

/// Input Proctor could not use, with every problem located.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Each problem, located in the file it is about.
    public var problems: [Problem]

    /// Every problem, one per line, as the command prints them.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
