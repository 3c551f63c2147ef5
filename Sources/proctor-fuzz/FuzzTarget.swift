import Foundation
import ProctorAppFacts
import ProctorConfiguration
import ProctorConformance
import ProctorCore
import ProctorJSON
import ProctorLinks
import ProctorLint
import ProctorReports
import ProctorRules
import ProctorScan
import ProctorScenario
import ProctorXcode

/// The readers of untrusted bytes, each driven the way `proctor` drives it. A target must never
/// crash, hang or trip a sanitizer whatever the bytes; what it finds is not judged here (every
/// problem is a located error in the result), only that it returns.
enum FuzzTarget: String, CaseIterable {
    /// The strict scanner and json-c behind it: a whole document, then the same bytes as JSON Lines;
    /// and the tree of large documents built from the text, which must be json-c's.
    case json
    /// `proctor lint` on one `.json` file: parsing, the donation and interaction decoders, every rule.
    case lint
    /// `proctor lint` on one `.jsonl` file, line by line and split across runs as for large files.
    case lintLines = "lint-lines"
    /// `proctor lint` on one `.apns` file: the notification payload reader, then the push rules.
    case apns
    /// `proctor run` on one scenario file: the scenario decoder, the model and the expectations.
    case scenario
    /// `--info-plist`: XML and binary property lists, then the facts read from them.
    case infoPlist = "info-plist"
    /// `proctor conformance` on one case file.
    case conformance
    /// `proctor links check` on one apple-app-site-association file: the reader, then the
    /// matcher on URLs that reach every kind of component.
    case aasa
    /// `proctor lint` on one web page: libxml2's HTML parser, then the web page rules.
    case html
    /// `proctor lint` on one Wallet pass (`pass.json`): the pass reader, then the pass rules.
    case pass
    /// `proctor lint` on one signed pass bundle (`.pkpass`): the zip reader within its limits
    /// (damaged, hostile and bomb archives), the manifest, the signature, the images, the
    /// localizations, then the pass rules on the pass.json inside.
    case pkpass
    /// `proctor lint` on one routing app's coverage file (`.geojson`): the coverage reader, then
    /// the coverage rules.
    case coverage
    /// `proctor scan` on one Swift file: swift-syntax's parser, the constants, the extraction of
    /// donations and handlers, the transcriptions and every rule, the Swift suppressions.
    case swift
    /// A project's `.proctor.json` and a baseline file, the two readers `proctor lint` runs
    /// before any work: the same bytes through both.
    case config
    /// `proctor init` on one Xcode project file (`project.pbxproj`): Foundation's old-style
    /// property list parser, then the targets, their build settings resolved, their groups and
    /// files, under a root that does not exist (no file of the fuzzing machine is read).
    case xcodeProject = "xcode-project"
    /// `proctor lint` on one SiriKit intent definition (`.intentdefinition`): Foundation's property
    /// list parser, the positions read from the XML text (PropertyListPositions, which walks
    /// the bytes itself), the custom intents, then the custom-intent rules against an Info.plist
    /// that declares some of them.
    case intentDefinition = "intent-definition"

    /// URLs with a path, a query, a fragment, percent-encoding and non-ASCII text, for the matcher.
    private static let urls = [
        "https://example.com/", "https://example.com/buy/shoes?id=1&ref=mail#top", "https://example.com/en_US/pizza/",
        "https://EXAMPLE.com/caf%C3%A9/%E2%9C%93?q=%20", "https://example.com/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p", "https://example.com/???**",
    ]

    private static let ruleIDs = BuiltInRules.descriptions.map(\.id)

    /// The clock every target runs at, so a crash reproduces whatever the day.
    private static let now = DateFormat.parse("2026-06-01T12:00:00Z")!

    /// The reports read every field of a result, escaping included. SARIF is left out: its
    /// results are written by the same JSON writer as the JSON report, and the rest of it, the
    /// rules' metadata, does not depend on the input but costs 5 ms, a hundred times the rest.
    /// The HTML report also quotes the lines its problems are on: they are read from `bytes`, the
    /// input itself, whatever file a problem names.
    private func render(_ report: RunReport, lines bytes: [UInt8]) {
        for format in [ReportFormat.text, .json, .junit] { _ = format.render(report) }
        _ = ReportFormat.html.render(report, sources: SourceFiles { _ in .success(SourceText(bytes: bytes)) })
    }

    /// Runs the target on one input.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .json:
            let source = SourceText(bytes: bytes)
            let converted = JSONReader.parse(source)
            _ = JSONReader.parseLines(source)
            // Large documents are built from the text rather than from json-c's tree: both must
            // give the same tree, or the same error, on every input.
            let built = JSONDocumentParser(largeDocumentBytes: 0).parse(source)
            switch (converted, built) {
            case (.success(let left), .success(let right)) where left.isIdentical(to: right): break
            case (.failure(let left), .failure(let right)) where left == right: break
            default: fatalError("json-c's tree and the text's differ: \(converted) against \(built)")
            }
        case .lint, .lintLines, .apns:
            let path = self == .lint ? "fuzz.json" : self == .apns ? "fuzz.apns" : "fuzz.jsonl"
            let file = Linter.InMemoryFile(path: path, bytes: bytes)
            let appInfo = AppInfo(
                source: "Info.plist", bundleIdentifier: "com.example.app", userActivityTypes: ["com.example.app.view"],
                urlSchemes: ["example"], intentsSupported: ["INSendMessageIntent"])
            let result = Linter.lint(files: [file], appInfo: appInfo, options: LintOptions(now: Self.now, parallel: self == .lintLines))
            render(result.report(), lines: bytes)
        case .scenario:
            // No directory: an `infoPlist` reference must not read the fuzzing machine's files.
            // The timeline too, as an HTML report has it recorded.
            let options = RunOptions(now: Self.now, parallel: false, recordsTimeline: true)
            if let suite = ScenarioRunner.runFile(bytes: bytes, path: "fuzz.scenario.json", directory: "/nonexistent", options: options) {
                render(ScenarioRunner.report([suite], options: options), lines: bytes)
            }
        case .infoPlist:
            let read = InfoPlistReader.read(bytes: bytes, displayPath: "Info.plist")
            if let appInfo = read.appInfo {
                _ = Linter.lint(files: [], appInfo: appInfo, options: LintOptions(now: Self.now, parallel: false)).report()
            }
        case .conformance:
            _ = ConformanceRunner.runCaseFile(bytes: bytes, path: "fuzz.json")
        case .aasa:
            let read = SiteAssociationReader.read(bytes, path: "apple-app-site-association", domain: "example.com")
            guard let association = read.association else { return }
            let matcher = UniversalLinkMatcher(sites: [.init(domain: "example.com", association: association, file: "apple-app-site-association")])
            for url in Self.urls { _ = matcher.verdict(for: url) }
        case .html:
            let result = Linter.lint(
                files: [Linter.InMemoryFile(path: "fuzz.html", bytes: bytes)], appInfo: nil, options: LintOptions(now: Self.now, parallel: false))
            render(result.report(), lines: bytes)
        case .intentDefinition:
            let appInfo = AppInfo(
                source: "Info.plist", bundleIdentifier: "com.example.app", userActivityTypes: ["OrderSoupIntent"],
                intentsSupported: ["OrderSoupIntent"])
            let file = Linter.InMemoryFile(path: "Base.lproj/Fuzz.intentdefinition", bytes: bytes)
            render(Linter.lint(files: [file], appInfo: appInfo, options: LintOptions(now: Self.now, parallel: false)).report(), lines: bytes)
        case .pass, .pkpass, .coverage:
            let path =
                switch self {
                case .pass: "Fuzz.pkpass/pass.json"
                case .pkpass: "Fuzz.pkpass"
                default: "fuzz.geojson"
                }
            let file = Linter.InMemoryFile(path: path, bytes: bytes)
            render(Linter.lint(files: [file], appInfo: nil, options: LintOptions(now: Self.now, parallel: false)).report(), lines: bytes)
        case .swift:
            // Bytes that are not UTF-8 are refused before parsing, as scan refuses the file.
            guard let text = String(validating: bytes, as: UTF8.self) else { return }
            let result = SourceScanner.scan(
                [SourceScanner.SourceFile(path: "Fuzz.swift", text: text)], appInfo: nil, options: LintOptions(now: Self.now, parallel: false)
            ).result
            render(result.report(), lines: bytes)
        case .xcodeProject:
            guard case .success(let project) = XcodeProject.read(bytes: bytes, path: "Fuzz.xcodeproj", root: "/nonexistent") else { return }
            for target in project.targets {
                _ = project.extensions(of: target)
                for key in target.settings.keys { _ = target.settings.resolved(key) }
            }
        case .config:
            if case .success(let configuration) = ProjectConfiguration.read(bytes, path: "project/.proctor.json", knownRules: Self.ruleIDs) {
                _ = configuration.lintPaths?.value.map(configuration.resolve)
            }
            if case .success(let baseline) = Baseline.read(bytes, path: "proctor-baseline.json") {
                var result = Linter.lint(files: [], appInfo: nil, options: LintOptions(now: Self.now, parallel: false))
                var report = result.report()
                report.addUnused(result.apply(baseline), of: baseline, strict: true)
                render(report, lines: bytes)
            }
        }
    }
}
