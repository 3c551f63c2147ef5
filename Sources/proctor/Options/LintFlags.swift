import ArgumentParser
import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorReports

extension Lint {
    /// The options `lint`, `scan` and `config print` share: what the configuration file can also say.
    struct Flags: ParsableArguments {
        @Argument(
            help:
                "Files or directories; - reads standard input (lint: one JSON document; scan: one Swift file). Default: lint.paths of .proctor.json.")
        var paths: [String] = []

        @Option(help: "The app's Info.plist (XML or binary). Rules that need it are skipped without it.")
        var infoPlist: String?

        @Option(help: "The bundle identifier, overriding CFBundleIdentifier and expanding $(PRODUCT_BUNDLE_IDENTIFIER).")
        var bundleIdentifier: String?

        @Option(help: "The app's iOS deployment target, e.g. 15.0 (overrides MinimumOSVersion). Version-dependent rules are skipped without one.")
        var deploymentTarget: String?

        @Option(
            name: .customLong("service-name"),
            help: ArgumentHelp("A messaging service the app speaks (INSendMessageIntent.serviceName); repeat for each.", valueName: "name"))
        var serviceNames: [String] = []

        @Option(help: "The app's Apple Developer Team ID: with the bundle identifier, the app ID apple-app-site-association files must name.")
        var teamIdentifier: String?

        @Option(
            name: .customLong("entitlements"),
            help: ArgumentHelp(
                "The app's .entitlements file (XML or binary), for its Associated Domains (and, in proctor scan, the Communication Notifications entitlement). Repeatable; .entitlements files in the directories given are read too.",
                valueName: "path"))
        var entitlements: [String] = []

        @Option(
            name: .customLong("aasa"),
            help: ArgumentHelp(
                "The apple-app-site-association file a domain serves, whatever its name or folder. Repeatable.", valueName: "domain=path"))
        var sites: [SiteArgument] = []

        @Flag(inversion: .prefixedNo, help: "Treat warnings as errors (--no-strict overrides strict: true in .proctor.json).")
        var strict: Bool?

        @OptionGroup var filter: PathFilterOptions

        @OptionGroup var output: ReportOptions

        @Option(
            help: ArgumentHelp(
                "How the JUnit report lists its test cases: file (one per input file, failed with each finding that fails the run; the default) or rule (one per file and rule, for per-rule analytics; a 10,000-file lint lists 1.4 million).",
                valueName: "file|rule"))
        var junitCases: JUnitCases?

        @Option(help: ArgumentHelp("Hide the findings this baseline file holds; report only new ones.", valueName: "path"))
        var baseline: String?

        @Option(help: ArgumentHelp("Record every finding of this run in a baseline file, and hide them.", valueName: "path"))
        var writeBaseline: String?

        @Flag(inversion: .prefixedNo, help: "Fail when a baseline entry matches no finding, so the baseline only shrinks.")
        var baselineStrict: Bool?

        var reports: [ReportRequest] { output.reports }

        func validate() throws {
            if let deploymentTarget, OSVersion(deploymentTarget) == nil {
                throw ValidationError("--deployment-target '\(deploymentTarget)' is not an iOS version such as 15.0")
            }
            if serviceNames.contains(where: \.isEmpty) {
                throw ValidationError("--service-name needs a non-empty name")
            }
            if let teamIdentifier, !AppConfiguration.isTeamIdentifier(teamIdentifier) {
                throw ValidationError("--team-identifier '\(teamIdentifier)' is not a Team ID: ten uppercase letters and digits, such as ABCDE12345")
            }
        }
    }
}
