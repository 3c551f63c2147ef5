import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON

/// A rule: what it is (its ``RuleDescription``: id, severity, rationale, sources, examples) and
/// how it judges one kind of subject.
///
/// A subject is anything an input kind or the scenario model hands the engine: an
/// `NSUserActivity`, a searchable item, an attribute set, an interaction, a reservation, the app's
/// Info.plist, the facts of a whole lint run, an event the scenario model saw. A rule never
/// builds a finding and never decides whether it applies: it returns the places where its subject
/// breaks it, and ``RuleEngine`` skips it when the app facts it needs are unknown, then makes each
/// violation a finding with the rule's id and severity.
///
/// Adding a rule is a type conforming to this protocol and one line in ``BuiltInRules/all``.
package protocol Rule<Subject>: Sendable {
    associatedtype Subject: RuleSubject
    static var description: RuleDescription { get }
    func check(_ subject: Subject, in context: RuleContext) -> [Violation]
}

/// Something rules judge. Its scope says where such subjects come from, which decides where the
/// rules judging it run and how reports list them.
package protocol RuleSubject {
    static var scope: RuleScope { get }
}

/// Where a rule's subjects come from, told by what follows from it: which commands judge such
/// subjects, and whether they are the app's description. The engine, the reports and the
/// documentation read these properties, never a list of scopes, so a new kind of subject declares
/// its scope beside it (the scenario model's events and Swift sources declare theirs in
/// ProctorRules' `Subjects/`) and nothing here changes.
package struct RuleScope: Sendable, Equatable, CustomStringConvertible {
    /// The commands that may judge a subject.
    package struct Commands: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// `proctor lint`, and `proctor scan`'s payloads, which it judges through lint.
        package static let lint = Commands(rawValue: 1 << 0)
        /// `proctor run`: scenarios.
        package static let run = Commands(rawValue: 1 << 1)
        /// `proctor scan`: an app's Swift sources.
        package static let scan = Commands(rawValue: 1 << 2)
    }

    /// The scope's name, for messages.
    package var name: String
    /// The commands that judge such subjects.
    package var judgedBy: Commands
    /// Whether the subject is the app's description (its Info.plist): judged once per run, with
    /// findings located in that file, where reports list its rules.
    package var describesApp: Bool

    package init(name: String, judgedBy: Commands, describesApp: Bool = false) {
        self.name = name
        self.judgedBy = judgedBy
        self.describesApp = describesApp
    }

    package var description: String { name }

    /// A payload the app hands the system: judged in every file `proctor lint` reads, in every
    /// donation a scenario makes and in every donation `proctor scan` extracts.
    package static let payload = RuleScope(name: "payload", judgedBy: [.lint, .run, .scan])
    /// The app's Info.plist itself: judged once per lint run, findings located in the Info.plist.
    package static let infoPlist = RuleScope(name: "infoPlist", judgedBy: [.lint, .scan], describesApp: true)
    /// Everything a lint run read, across files (identifiers unique across the run).
    package static let run = RuleScope(name: "run", judgedBy: [.lint, .scan])
    /// The order of donations: across the files of a lint run, and across the `donate` steps of
    /// a scenario (an item's reference changing from one donation to the next).
    package static let history = RuleScope(name: "history", judgedBy: [.lint, .run, .scan])
}

/// App facts a rule cannot be judged without.
package struct RuleRequirements: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Facts read from `--info-plist` (the declared activity types, the intents).
    package static let infoPlist = RuleRequirements(rawValue: 1 << 0)
    /// The bundle identifier, from the Info.plist or `--bundle-identifier`.
    package static let bundleIdentifier = RuleRequirements(rawValue: 1 << 1)
    /// The iOS deployment target, from `MinimumOSVersion` or `--deployment-target`.
    package static let deploymentTarget = RuleRequirements(rawValue: 1 << 2)

    /// The facts these app facts provide.
    package init(metBy appInfo: AppInfo?) {
        self = []
        if appInfo?.isFromInfoPlist == true { insert(.infoPlist) }
        if appInfo?.bundleIdentifier != nil { insert(.bundleIdentifier) }
        if appInfo?.deploymentTarget != nil { insert(.deploymentTarget) }
    }

    /// Why these requirements are not met by `met`, or nil when they are: the first missing fact.
    package func unmet(by met: RuleRequirements) -> String? {
        let missing = subtracting(met)
        if missing.contains(.infoPlist) { return "needs --info-plist" }
        if missing.contains(.bundleIdentifier) {
            return "needs the bundle identifier (CFBundleIdentifier in --info-plist, or --bundle-identifier)"
        }
        if missing.contains(.deploymentTarget) {
            return "needs the deployment target (MinimumOSVersion in --info-plist, or --deployment-target)"
        }
        return nil
    }
}

/// What a rule may consult besides its subject.
package struct RuleContext: Sendable {
    package let appInfo: AppInfo?
    /// The clock against which expiration dates are judged.
    package let now: Date
    /// The requirements these facts meet, worked out once: the engine tests them for every rule
    /// and subject.
    package let met: RuleRequirements
    /// The app's platform, iOS when nothing names one (``AppInfo/platform``), and the oldest
    /// version it supports there (``AppInfo/minimumRelease``): what ``RuleAvailability`` is
    /// matched against.
    package let platform: Platform
    package let minimumVersion: OSVersion?
    /// The values of the document being judged that the app computes at run time (a payload's
    /// `"proctor": {"computed": ...}`, as `proctor scan` writes what it cannot resolve): a
    /// violation resting on one of them (``Violation/restsOn``) is not reported.
    package var computed: [JSONPointer] = []

    package init(appInfo: AppInfo?, now: Date) {
        self.appInfo = appInfo
        self.now = now
        self.met = RuleRequirements(metBy: appInfo)
        self.platform = appInfo?.platform ?? .iOS
        self.minimumVersion = appInfo?.minimumRelease?.version
    }

    /// The app's deployment target, when known; version-dependent rules are skipped without it.
    package var deploymentTarget: OSVersion? { appInfo?.deploymentTarget }

    /// Whether the values at `pointers` are all known: none is computed at run time, nor inside a
    /// value that is.
    @inlinable package func knows(_ pointers: [JSONPointer]) -> Bool {
        computed.isEmpty || !pointers.contains { value in computed.contains { value.isWithin($0) } }
    }
}

/// One place where a subject breaks a rule.
package struct Violation: Sendable {
    /// Where, in the terms the rule knows.
    package enum Place: Sendable {
        /// Inside the document the subject was decoded from; whoever handed the subject to the
        /// engine says which file and line that is.
        case pointer(JSONPointer)
        /// Already located, by a rule whose subject spans files (``RunFacts``).
        case location(SourceLocation)
    }

    package var message: String
    package var place: Place
    /// Set, and lower than the rule's severity, when the violation rests on an assumption the run
    /// could not check (a fact the user did not give, such as the deployment target): its
    /// finding says so at this severity, a note, instead of failing a run that may be right. A
    /// violation is never reported above its rule's severity.
    package var assumedSeverity: Severity?
    /// The values the verdict rests on knowing, when that is not plain from where it is: an
    /// absent `webpageURL`, the `userInfo` a required key is missing from. When the payload marks
    /// one of them as computed at run time, the violation is a guess and is not reported.
    package var restsOn: [JSONPointer] = []

    package init(_ message: String, at pointer: JSONPointer, restingOn values: [JSONPointer] = []) {
        self.message = message
        self.place = .pointer(pointer)
        self.restsOn = values
    }

    /// A violation that holds only under an assumption the message states: reported at
    /// `severity` (or the rule's own, when that is lower).
    package init(assuming message: String, at pointer: JSONPointer, severity: Severity = .note) {
        self.message = message
        self.place = .pointer(pointer)
        self.assumedSeverity = severity
    }

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.place = .location(location)
    }

    package init(_ message: String, at place: Place) {
        self.message = message
        self.place = place
    }
}
