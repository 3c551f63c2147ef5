import Foundation
import ProctorCore
import ProctorFiles
import ProctorLint
import ProctorReports
import ProctorScenario

/// Proctor's checks, called from code: lint payloads and play scenarios against an app, and get
/// the findings as values.
///
/// ```swift
/// let proctor = Proctor(app: try AppFacts(infoPlistPath: "App/Info.plist"))
/// let report = proctor.lint(.userActivity(["activityType": "com.example.view-place", "title": "Golden Crust"]))
/// #expect(report.findings(of: "activity_type_declared").isEmpty)
/// ```
///
/// A `Proctor` is a value with no state of its own: the same input gives the same report, on any
/// thread. It never prints and never exits.
public struct Proctor: Sendable {
    /// The app the payloads are checked against.
    public var app: AppFacts
    /// The clock expiration dates are judged against, and the time reports carry. Pin it in
    /// tests. (A scenario plays on its own `clock`.)
    public var now: Date
    /// Whether warnings fail the run too, as `--strict` does.
    public var strict: Bool

    /// Checks against `app` (by default, an app known by nothing), with the clock `now` (by
    /// default, the time of the call) and warnings failing only when `strict`.
    public init(app: AppFacts = AppFacts(), now: Date = Date(), strict: Bool = false) {
        self.app = app
        self.now = now
        self.strict = strict
    }

    /// The version of Proctor this library is, such as `"0.1.0"`.
    public static let version = ProctorVersion.current

    // MARK: - Lint

    /// Lints one payload built in code, with every rule `proctor lint` runs on a payload file.
    ///
    /// - Parameters:
    ///   - payload: A donation (``Payload/userActivity(_:)``, ``Payload/searchableItem(_:)``,
    ///     ``Payload/interaction(_:)``) or an array of them.
    ///   - name: The file name findings are located in. Its extension says what the payload
    ///     is, as it would on disk: `.json` for donations, `.apns` for a push notification...
    public func lint(_ payload: Payload, named name: String = "payload.json") -> Report {
        lint(json: payload.jsonText, named: name)
    }

    /// Lints JSON text as if it were a file of that name: a payload, a JSON Lines file of them
    /// (`.jsonl`), an `apple-app-site-association` file, a web page (`.html`).
    public func lint(json text: String, named name: String = "payload.json") -> Report {
        let result = Linter.lint(files: [.init(path: name, bytes: Array(text.utf8))], appInfo: app.info, options: lintOptions)
        return Report(result.report())
    }

    /// Lints the files and folders at `paths`, as `proctor lint PATH...` does: folders are walked
    /// for every kind of input Proctor reads. A `.proctor.json` is not read: the app's facts are
    /// this `Proctor`'s, and every rule runs. A path that does not exist is a ``Problem``
    /// (`file_unreadable`); an empty list lints nothing, and passes.
    public func lint(paths: [String]) -> Report {
        // The app's facts were read when the AppFacts were made, and its Info.plist judged then
        // (``AppFacts/infoPlistReport``): it is not read again.
        Report(Linter.lint(paths: paths, options: lintOptions, app: (app.info, [])).report())
    }

    private var lintOptions: LintOptions {
        var options = LintOptions(now: now, strict: strict, configuration: app.configuration)
        options.parallel = false
        options.judgesAppInfo = false
        return options
    }

    // MARK: - Scenarios

    /// Plays the scenario files at `paths` (folders are searched for `*.scenario.json`), as
    /// `proctor run` does. A scenario names its own app's facts (`app.infoPlist`), so this
    /// `Proctor`'s ``app`` is not used. An empty list plays nothing, and passes.
    public func play(paths: [String]) -> Report {
        Report(ScenarioRunner.run(paths: paths, options: runOptions).report)
    }

    /// Plays a scenario held in a string, located as the file `name`. Files it references
    /// (`app.infoPlist`, `routes.from`) are read relative to `directory`, by default the
    /// current directory.
    public func play(scenarioJSON text: String, named name: String = "inline.scenario.json", directory: String = "") -> Report {
        let options = runOptions
        let suites = ScenarioRunner.runFile(bytes: Array(text.utf8), path: name, directory: directory, options: options).map { [$0] } ?? []
        return Report(ScenarioRunner.report(suites, options: options))
    }

    private var runOptions: RunOptions {
        // The caller is code the team wrote, not a file from elsewhere: a scenario may reference
        // any path it can read, as `--allow-paths-outside-project` allows.
        RunOptions(strict: strict, now: now, parallel: false, fileReferences: .anywhere)
    }
}
