import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON

/// The group a rule belongs to; it orders the rule catalogue and the docs.
package enum RuleCategory: String, Codable, CaseIterable, Sendable {
    case activity
    case handoff
    case search
    case location
    case spotlight
    case communication
    case reservation
    case links
    case notifications
    case calendar
    case wallet
    case routing
    case media
    /// SiriKit custom intents, defined in `.intentdefinition` files.
    case intents
}

/// An input shown in a rule's documentation and checked by its tests: a donation file, optional
/// Info.plist facts, and for a failing example the pointers where the rule must report.
package struct RuleExample: Sendable {
    /// The content of the example's file: a donation file (JSON) unless ``fileName`` says
    /// otherwise.
    package var input: String
    /// The name of the example's file, which says which input kind reads it:
    /// `apple-app-site-association` for a site's association file.
    package var fileName = RuleExample.defaultFileName
    /// Info.plist facts as a JSON object, when the rule needs them.
    package var infoPlist: String?
    /// The `--now` clock, RFC 3339; examples default to ``RuleExample/defaultNow``.
    package var now: String
    /// An ``AppConfiguration`` as a JSON object (`{"deploymentTarget": "15.0"}`), when the rule
    /// depends on it.
    package var config: String?
    /// Where a failing example must report, as JSON Pointers; empty for a passing example.
    package var pointers: [String]
    /// The severity a failing example's findings have when it is not the rule's own: a
    /// violation that rests on an assumption (``Violation/assumedSeverity``).
    package var severity: Severity?
    /// `input` is a scenario file (`*.scenario.json`) played by `proctor run`, not a donation
    /// file: for rules only the model can judge (Rules/ScenarioRules.swift). Its pointers point
    /// into the scenario.
    package var isScenario = false
    /// Other files of the run, for a rule across files (an association file beside the page it
    /// claims): each must be clean, and the rule reports in the example's own file.
    package var besides: [File] = []
    package var file: StaticString
    package var line: UInt

    /// A file of an example's run besides its own.
    package struct File: Sendable {
        /// Its path, which says which input kind reads it and, for an association file, which
        /// domain serves it (`example.com/.well-known/apple-app-site-association`).
        package var name: String
        package var content: String

        package init(_ name: String, _ content: String) {
            self.name = name
            self.content = content
        }
    }

    package static let defaultNow = "2026-06-01T12:00:00Z"
    package static let defaultFileName = "example.json"

    package init(
        _ input: String, named fileName: String = RuleExample.defaultFileName, infoPlist: String? = nil, config: String? = nil,
        now: String = RuleExample.defaultNow, besides: [File] = [], at pointers: [String] = [], severity: Severity? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        self.input = input
        self.besides = besides
        self.fileName = fileName
        self.infoPlist = infoPlist
        self.config = config
        self.now = now
        self.pointers = pointers
        self.severity = severity
        self.file = file
        self.line = line
    }

    /// An example that is a whole scenario, with its own app, clock and steps.
    package init(scenario: String, at pointers: [String] = [], file: StaticString = #filePath, line: UInt = #line) {
        self.init(scenario, at: pointers, file: file, line: line)
        self.isScenario = true
    }

    /// The file name of a pass bundle example.
    package static let passBundleFileName = "example.pkpass"

    /// An example that is a signed Wallet pass bundle, a binary zip archive, described by a
    /// recipe (JSON text; docs/input-format.md, "Pass bundle recipes") that one builder turns into
    /// the archive for the tests, the conformance runner and the pages. Its places name a file
    /// of the bundle and a pointer into it, `ENTRY#POINTER` (``PassBundlePlace``): `manifest.json#/icon.png`,
    /// `icon@2x.png#` for a whole file, `#` for the bundle itself.
    package init(passBundle recipe: String, at places: [String] = [], file: StaticString = #filePath, line: UInt = #line) {
        self.init(recipe, named: Self.passBundleFileName, at: places, file: file, line: line)
    }

    /// Whether the example is a pass bundle recipe.
    package var isPassBundle: Bool { fileName.hasSuffix(".pkpass") }

    /// Where a failing example's findings are, as files and pointers: a pass bundle's places
    /// name files inside it; any other example's findings are in its own file (or, for a rule
    /// about the Info.plist, in the Info.plist, which the caller knows).
    package var places: [PassBundlePlace] {
        pointers.map { isPassBundle ? PassBundlePlace(parsing: $0, inBundle: fileName) : PassBundlePlace(file: fileName, entry: nil, pointer: $0) }
    }
}

/// Where a finding of a pass bundle example is: a file of the bundle (or the bundle itself) and a
/// JSON Pointer into it, written `ENTRY#POINTER` in the example.
package struct PassBundlePlace: Sendable, Equatable {
    /// The file as reports name it: `example.pkpass!/manifest.json`, or the bundle.
    package var file: String
    /// The file's path inside the bundle; nil for the bundle itself.
    package var entry: String?
    package var pointer: String

    package init(file: String, entry: String?, pointer: String) {
        self.file = file
        self.entry = entry
        self.pointer = pointer
    }

    /// Reads `ENTRY#POINTER`; entry names in examples hold no `#`.
    package init(parsing text: String, inBundle bundle: String) {
        let hash = text.firstIndex(of: "#") ?? text.endIndex
        let entry = String(text[..<hash])
        pointer = hash == text.endIndex ? "" : String(text[text.index(after: hash)...])
        self.entry = entry.isEmpty ? nil : entry
        // As WalletPassBundleInput names a file inside a bundle.
        file = entry.isEmpty ? bundle : "\(bundle)!/\(entry)"
    }
}

/// Everything about a rule that is not code: it drives `proctor rules`, `proctor explain`, the
/// pages in docs/rules/, the SARIF rule metadata, the rule tests and the conformance vectors.
package struct RuleDescription: Sendable {
    /// Stable forever, lower_snake_case.
    package var id: String
    /// Short, Title Case.
    package var name: String
    package var category: RuleCategory
    /// Error where Apple documents a requirement, warning for a recommendation or guideline,
    /// note for information.
    package var defaultSeverity: Severity
    /// One sentence, ending with a period.
    package var summary: String
    /// Why the rule exists, with its source.
    package var rationale: String
    /// Where the rule comes from: Apple documentation, headers or talks, and the model's
    /// assumptions where Apple is silent.
    package var sources: [String]
    /// The rule can only be evaluated when an Info.plist is given.
    package var needsInfoPlist: Bool
    /// The rule can only be evaluated when the bundle identifier is known (from the Info.plist or
    /// `--bundle-identifier`).
    package var needsBundleIdentifier: Bool
    /// The rule judges the donation against the app's iOS deployment target and is skipped while
    /// it is unknown (`MinimumOSVersion` in the Info.plist, or `--deployment-target`).
    package var needsDeploymentTarget: Bool
    /// The platforms and releases the rule judges apps for (``RuleAvailability``); every one
    /// unless it says. A range bounded by a version makes the rule need the deployment target.
    package var availability: RuleAvailability
    /// Where the rule's subject comes from, set when the rule is registered (``RuleEngine``) from
    /// the type of subject it judges, so it can never disagree with what the rule checks.
    package var scope: RuleScope = .payload
    package var passing: [RuleExample]
    package var failing: [RuleExample]

    package init(
        id: String, name: String, category: RuleCategory, defaultSeverity: Severity, summary: String,
        rationale: String, sources: [String], needsInfoPlist: Bool = false, needsBundleIdentifier: Bool = false,
        needsDeploymentTarget: Bool = false, availability: RuleAvailability = .everywhere,
        passing: [RuleExample],
        failing: [RuleExample]
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.sources = sources
        self.needsInfoPlist = needsInfoPlist
        self.needsBundleIdentifier = needsBundleIdentifier
        self.needsDeploymentTarget = needsDeploymentTarget || availability.needsDeploymentTarget
        self.availability = availability
        self.passing = passing
        self.failing = failing
    }

    /// The app facts the rule needs, from its `needs…` flags.
    package var requirements: RuleRequirements {
        var requirements: RuleRequirements = []
        if needsInfoPlist { requirements.insert(.infoPlist) }
        if needsBundleIdentifier { requirements.insert(.bundleIdentifier) }
        if needsDeploymentTarget { requirements.insert(.deploymentTarget) }
        return requirements
    }

    /// Why a lint run with these app facts cannot evaluate the rule, or nil when it can: the reason
    /// a report gives for the rule's skipped test cases. The engine skips the rule for the same
    /// reasons (``RuleRequirements/unmet(by:)``).
    package func unmetRequirement(_ appInfo: AppInfo?, scanningSources: Bool = false) -> String? {
        if judgedInScenariosOnly { return "judged only in scenarios, by proctor run" }
        if judgedInSourcesOnly && !scanningSources { return "judged only in Swift sources, by proctor scan" }
        if let reason = availability.unmet(by: appInfo?.platform ?? .iOS) { return reason }
        return requirements.unmet(by: RuleRequirements(metBy: appInfo))
    }

    /// Where the rule's page lives, relative to the repository root.
    package var documentationPath: String { "docs/rules/\(id).md" }

    /// The rule judges the Info.plist itself: it runs once per lint run and its findings are
    /// located in the Info.plist, whatever the donations.
    package var judgesInfoPlist: Bool { scope.describesApp }

    /// The rule judges what the system model saw while a scenario played (what the app shows
    /// while it donates), which no payload says: its examples are scenarios, and `proctor lint`
    /// never reports it.
    package var judgedInScenariosOnly: Bool { scope.judgedBy == .run }

    /// The rule judges an app's Swift sources as a whole (what is donated against what is
    /// handled): its examples are Swift files, and only `proctor scan` reports it.
    package var judgedInSourcesOnly: Bool { scope.judgedBy == .scan }
}

/// What a finding says of the rule that made it: its id and severity. Every finding is built by
/// the engine from a violation (``RuleEngine``), so a finding always carries its rule's own
/// severity, or a lower one its violation states an assumption for; the severity is never chosen
/// where a violation is turned into a finding.
package struct RuleIdentity: Sendable {
    package let id: String
    package let severity: Severity
}

extension RuleDescription {
    package var identity: RuleIdentity { RuleIdentity(id: id, severity: defaultSeverity) }
}
