import Foundation
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorInputs
import ProctorJSON
import ProctorPayloads
import ProctorReports
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

private let clean = #"{"userActivity": {"activityType": "com.example.app.view", "title": "View"}}"#
private let errorFinding = #"{"userActivity": {"activityType": "com.example.app.view", "isEligibleForSearch": true}}"#  // activity_title_required
private let warningFinding = #"{"userActivity": {"activityType": "ViewPlace"}}"#  // activity_type_reverse_dns

private func options(strict: Bool = false, parallel: Bool = false, limits: JSONLimits = .standard) -> LintOptions {
    LintOptions(now: fixedNow, strict: strict, limits: limits, parallel: parallel)
}

@Suite("Linter")
struct LinterTests {
    @Test func directoriesAreSearchedRecursivelyForJSONAndJSONLines() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("b.json", clean)
        try directory.write("a/z.jsonl", clean + "\n")
        try directory.write("a/deeper/y.json", clean)
        try directory.write("notes.txt", "not JSON")
        try directory.write("payload.json.bak", "{")
        try directory.write(".hidden/x.json", "{")
        try directory.write("a/.git/config.json", "{")
        try directory.write(".build/debug/out.json", "{")
        try directory.write(".dotfile.json", "{")
        try FileManager.default.createDirectory(atPath: directory.path("folder.json"), withIntermediateDirectories: true)

        let result = Linter.lint(paths: [directory.path], options: options())
        let root = directory.path
        #expect(result.files.map(\.path) == ["\(root)/a/deeper/y.json", "\(root)/a/z.jsonl", "\(root)/b.json"])
        #expect(result.files.allSatisfy { $0.inputErrors.isEmpty && $0.wasChecked && $0.payloadCount == 1 })
        #expect(result.report().exitCode == .success)
    }

    /// Which kind reads a file is decided by the registry alone: donations claim `.json` and
    /// `.jsonl` but leave scenarios to `proctor run`, association files and passes are claimed by
    /// their name, and a file no kind claims goes to the donation kind.
    @Test func inputKindsClaimFilesByName() {
        #expect(
            InputKinds.payloads.map(\.name) == [
                "Wallet pass", "donation", "apple-app-site-association file", "web page", "entitlements file", "notification payload",
                "coverage file",
                "Wallet pass bundle", "intent definition file",
            ])
        // A SiriKit intent definition is claimed by its extension, wherever it lies.
        #expect(
            InputKinds.payloadKind(forPath: "Shared/Base.lproj/Intents.intentdefinition") == 8 && InputKinds.claims(path: "Intents.intentdefinition"))
        // A signed bundle is a .pkpass file; the pass.json of an unpacked bundle folder is a pass.
        #expect(InputKinds.payloadKind(forPath: "passes/Coffee.pkpass") == 7 && InputKinds.claims(path: "Coffee.pkpass"))
        #expect(InputKinds.payloadKind(forPath: "passes/Coffee.pkpass/pass.json") == 0 && !InputKinds.claims(path: "passes/.pkpass"))
        #expect(InputKinds.payloadKind(forPath: "push/upgrade.apns") == 5)
        #expect(InputKinds.payloadKind(forPath: "routing/coverage.geojson") == 6 && InputKinds.claims(path: "coverage.geojson"))
        #expect(InputKinds.payloadKind(forPath: "App/App.entitlements") == 4)
        // A file named for what it is (--aasa, --entitlements) is read as such, whatever its name.
        let declared = DeclaredFiles(entitlements: ["./config/app-entitlements.plist"], sites: [("example.com", "fixtures/aasa.json")])
        #expect(InputKinds.payloadKind(forPath: "fixtures/aasa.json", declared: declared) == 2)
        #expect(InputKinds.payloadKind(forPath: "config/app-entitlements.plist", declared: declared) == 4)
        #expect(InputKinds.payloadKind(forPath: "fixtures/other.json", declared: declared) == 1)
        #expect(InputKinds.payloadKind(forPath: "site/places/sf-0412.html") == 3 && InputKinds.payloadKind(forPath: "INDEX.HTM") == 3)
        #expect(InputKinds.payloadKind(forPath: "site/.well-known/apple-app-site-association") == 2)
        #expect(InputKinds.payloadKind(forPath: "apple-app-site-association") == 2)
        #expect(InputKinds.payloadKind(forPath: "my-apple-app-site-association") == 1)
        #expect(InputKinds.claims(path: "a/b.json") && InputKinds.claims(path: "export.jsonl"))
        #expect(
            !InputKinds.claims(path: "trip.scenario.json") && !InputKinds.claims(path: "GoogleService-Info.plist")
                && !InputKinds.claims(path: "Root.plist"))
        // A walk reads an Info.plist as the property list it is (issue 31); named, any .plist.
        #expect(InputKinds.claims(path: "Info.plist") && InputKinds.claims(path: "App/Info.plist"))
        #expect(InputKinds.isAppDescription(path: "Root.plist", isWalked: false) && !InputKinds.isAppDescription(path: "Root.plist", isWalked: true))
        #expect(InputKinds.payloadKind(forPath: "notes.txt") == 1)
        #expect(InputKinds.infoPlist.name == "Info.plist")
    }

    /// A page nested past libxml2's limit is partly unread: an error where reading stopped (exit
    /// 2, as for any input not read whole), while the part read is still judged.
    @Test func aPageNestedTooDeepIsAnInputProblemAndItsStartIsStillJudged() {
        let page =
            "<html><head><meta name=\"apple-itunes-app\" content=\"app-id=x\"></head><body>\n" + String(repeating: "<div>", count: 300)
            + "</body></html>"
        let result = Linter.lint(files: [.init(path: "deep.html", bytes: Array(page.utf8))], appInfo: nil, options: options())
        let file = result.files[0]
        #expect(file.diagnostics.map { "\($0.code.rawValue) \($0.severity) \($0.location.line ?? -1)" } == ["html_nested_too_deep error 2"])
        #expect(file.findings.map(\.ruleID) == ["smart_app_banner"])
        #expect(result.report().exitCode == .inputError)
    }

    @Test func outputIsSortedByPathWhateverTheOrderGiven() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        for name in ["c.json", "a.json", "b.json", "B.json", "a10.json", "a2.json"] { try directory.write(name, clean) }
        let paths = ["c.json", "a2.json", "B.json", "a.json", "b.json", "a10.json"].map(directory.path)
        let result = Linter.lint(paths: paths, options: options())
        let names = result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect(names == ["B.json", "a.json", "a10.json", "a2.json", "b.json", "c.json"])
        // A file named twice, or through its directory too, is checked once.
        let twice = Linter.lint(paths: [directory.path("a.json"), directory.path("a.json")], options: options())
        #expect(twice.files.count == 1)
    }

    @Test func aNamedFileIsReadWhateverItsExtension() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write("payload.txt", warningFinding)
        let result = Linter.lint(paths: [path], options: options())
        #expect(result.files.map(\.path) == [path])
        #expect(result.files.first?.findings.map(\.ruleID) == ["activity_type_reverse_dns"])
    }

    @Test func jsonLinesFilesAreReadLineByLine() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = try directory.write("items.jsonl", clean + "\n\n" + warningFinding + "\n{\"bad\": \n" + clean + "\n")
        let file = try #require(Linter.lint(paths: [path], options: options()).files.first)
        #expect(file.payloadCount == 3)
        #expect(file.inputErrors.map(\.code.rawValue) == ["json_truncated"])
        #expect(file.inputErrors.first?.location.line == 4)
        #expect(file.findings.map(\.location.line) == [3])
        #expect(file.findings.first?.location.pointer == "/userActivity/activityType")
    }

    @Test func aMissingPathIsAnInputErrorAndTheRestIsStillChecked() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let good = try directory.write("good.json", warningFinding)
        let missing = directory.path("missing.json")
        let result = Linter.lint(paths: [missing, good], options: options())
        #expect(result.files.map(\.path) == [good, missing].sorted())
        let missingResult = try #require(result.files.first { $0.path == missing })
        #expect(missingResult.inputErrors.map(\.code) == [ProblemCode.fileUnreadable])
        #expect(!missingResult.wasChecked)
        let goodResult = try #require(result.files.first { $0.path == good })
        #expect(goodResult.wasChecked)
        #expect(goodResult.findings.map(\.ruleID) == ["activity_type_reverse_dns"])
        #expect(result.report().exitCode == .inputError)
    }

    @Test func aDirectoryWithoutInputsIsAnError() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("readme.md", "# nothing")
        let result = Linter.lint(paths: [directory.path], options: options())
        #expect(result.files.flatMap(\.inputErrors).map(\.code) == [ProblemCode.noInputs])
        #expect(result.report().exitCode == .inputError)
    }

    @Test func aFileOverTheSizeLimitIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let big = try directory.write(
            "big.json", #"{"userActivity": {"activityType": "ViewPlace", "title": "\#(String(repeating: "x", count: 200))"}}"#)
        let small = try directory.write("small.json", #"{"userActivity": {"activityType": "Vp"}}"#)
        let limits = JSONLimits(maximumDepth: 64, maximumFileSize: 100)
        let result = Linter.lint(paths: [big, small], options: options(limits: limits))
        let bigResult = try #require(result.files.first { $0.path == big })
        #expect(bigResult.inputErrors.map(\.code) == [ProblemCode.fileTooLarge])
        #expect(bigResult.inputErrors.first?.message.contains("100") == true)
        #expect(bigResult.findings.isEmpty && !bigResult.wasChecked)
        let smallResult = try #require(result.files.first { $0.path == small })
        #expect(smallResult.inputErrors.isEmpty)
        #expect(smallResult.findings.map(\.ruleID) == ["activity_type_reverse_dns"])
        // One byte under the limit is fine, one over is not.
        let under = try directory.write("under.json", "[" + String(repeating: " ", count: 97) + "]")
        #expect(Linter.lint(paths: [under], options: options(limits: limits)).files.first?.inputErrors.isEmpty == true)
        let over = try directory.write("over.json", "[" + String(repeating: " ", count: 99) + "]")
        #expect(Linter.lint(paths: [over], options: options(limits: limits)).files.first?.inputErrors.map(\.code) == [ProblemCode.fileTooLarge])
    }

    /// A donation with a decoding error is left out of the checks, so a rule that found nothing in
    /// its file has not passed the file: the report says it was not (fully) checked.
    @Test func rulesAreNotReportedAsPassedOnDonationsLeftOutForDecodingErrors() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let broken = #"{"userActivity": {"activityType": 7}}"#
        let mixed = try directory.write("mixed.json", "[\(errorFinding), \(broken), \(clean)]")
        let alone = try directory.write("alone.json", broken)
        let notADonation = try directory.write("number.json", "42")
        let good = try directory.write("good.json", clean)
        // Named, a document that is no payload at all is judged (a walk would leave it out).
        let result = Linter.lint(paths: [directory.path, notADonation], options: options())
        #expect(result.files.map(\.leftOutPayloadCount) == [1, 0, 1, 1])
        #expect(result.noPayloadFiles == 0)
        let walked = Linter.lint(paths: [directory.path], options: options())
        #expect(walked.files.map(\.path) == [alone, good, mixed] && walked.noPayloadFiles == 1)
        let report = result.report()
        func cases(_ path: String) throws -> [String: RunReport.TestCase.Outcome] {
            let suite = try #require(report.suites.first { $0.name == path })
            return Dictionary(uniqueKeysWithValues: suite.cases.map { ($0.name, $0.outcome) })
        }
        let mixedCases = try cases(mixed)
        #expect(mixedCases["input"]?.isError == true)
        #expect(mixedCases["activity_title_required"]?.isFailure == true, "a finding in a checked donation still fails its rule")
        #expect(
            mixedCases["activity_type_reverse_dns"]
                == .skipped(reason: "1 of 3 donations not checked for decoding errors (see the input case); nothing found in the other 2"))
        #expect(
            try cases(alone)["activity_type_reverse_dns"]
                == .skipped(reason: "not checked: the file's donation has decoding errors (see the input case)"))
        #expect(try cases(notADonation)["activity_type_reverse_dns"]?.isSkipped == true)
        #expect(try cases(good)["activity_type_reverse_dns"] == .passed)
    }

    /// A large JSON Lines file is checked in runs of lines on all cores; what it reports must not
    /// depend on where the runs start: line numbers, decoding problems, broken lines, and the
    /// run-wide checks that compare donations from different runs of lines.
    @Test func aJSONLinesFileSplitAcrossCoresReportsWhatOneCoreDoes() throws {
        var lines: [String] = []
        for index in 0..<300 {
            switch index % 10 {
            case 0: lines.append(errorFinding)
            case 1: lines.append(warningFinding)
            case 2: lines.append(#"{"searchableItem": {"uniqueIdentifier": "item-\#(index % 70)", "attributeSet": {"title": "T"}}}"#)
            case 3:
                lines.append(
                    #"{"userActivity": {"activityType": "com.example.app.view", "title": "V", "contentAttributeSet": {"relatedUniqueIdentifier": "item-\#(index)"}}}"#
                )
            case 4: lines.append(index % 50 == 4 ? "{\"userActivity\": " : "")
            case 5: lines.append(#"{"userActivity": {"activityType": 7}}"#)
            default: lines.append(clean)
            }
        }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let context = RuleContext(appInfo: nil, now: fixedNow)
        let serialRun = PayloadRun(engine: BuiltInRules.engine, context: context, limits: .standard, parallel: false)
        var serialFacts = RunFacts()
        let serial = DonationChecker(run: serialRun).check(bytes: bytes, path: "big.jsonl", facts: &serialFacts)
        let split = JSONLinesSplit(threshold: 1, chunkBytes: 700)
        #expect(DonationChecker.lineChunks(of: SourceText(bytes: bytes), bytesPerChunk: split.chunkBytes).count > 10)
        var parallelRun = serialRun
        parallelRun.parallel = true
        var parallelFacts = RunFacts()
        let parallel = DonationChecker(run: parallelRun, split: split).check(bytes: bytes, path: "big.jsonl", facts: &parallelFacts)
        #expect(!serial.findings.isEmpty && !serial.diagnostics.isEmpty && !serial.inputErrors.isEmpty)
        #expect(parallel.findings == serial.findings)
        #expect(parallel.diagnostics == serial.diagnostics)
        #expect(parallel.inputErrors == serial.inputErrors)
        #expect(parallel.payloadCount == serial.payloadCount && parallel.wasChecked && serial.wasChecked)
        #expect(parallelFacts.itemIdentifiers.map(\.location) == serialFacts.itemIdentifiers.map(\.location))
        #expect(parallelFacts.relatedIdentifiers.map(\.location) == serialFacts.relatedIdentifiers.map(\.location))
        // The run rules see the duplicates across runs of lines.
        var runFacts = RunFacts()
        runFacts.append(parallelFacts)
        var runFindings: [Finding] = []
        BuiltInRules.engine.rules(judging: RunFacts.self).judge(
            runFacts, in: context, locate: { SourceLocation(file: "", pointer: $0.description) }, into: &runFindings)
        #expect(runFindings.contains { $0.ruleID == "searchable_item_identifier_unique" })
    }

    /// Most files are read in one call that asks for one byte more than fstat reported; files
    /// whose size fstat does not know (procfs reports 0) are read to their end all the same.
    @Test func theLoaderReadsWholeFilesWhateverSizeFstatReports() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let empty = try directory.write("empty.json", "")
        #expect(try InputFiles.load(empty, limit: 100).get() == [])
        let text = #"{"userActivity": {"activityType": "com.example.place"}}"#
        let exact = try directory.write("exact.json", text)
        #expect(try InputFiles.load(exact, limit: 1_000).get() == Array(text.utf8))
        #if os(Linux)
            let status = try InputFiles.load("/proc/self/status", limit: 1_000_000).get()
            #expect(status.count > 100)
            #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
            #expect(status.last == UInt8(ascii: "\n"))
        #endif
    }

    /// The limit is inclusive ("files larger than this many bytes are rejected"). The loader reads
    /// into a buffer of exactly the file's size and, once it is full, refuses the file before it
    /// has read the end of file, so a file of exactly `maximumFileSize` bytes is refused.
    @Test func aFileOfExactlyTheSizeLimitIsRead() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let exact = try directory.write("exact.json", "[" + String(repeating: " ", count: 98) + "]")
        let result = Linter.lint(paths: [exact], options: options(limits: JSONLimits(maximumDepth: 64, maximumFileSize: 100)))
        let file = try #require(result.files.first)
        #expect(file.inputErrors.isEmpty, "\(file.inputErrors.map(\.message))")
        #expect(file.wasChecked)
    }

    @Test func aDirectoryNamedAsAFileIsUnreadable() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try FileManager.default.createDirectory(atPath: directory.path("dir.json"), withIntermediateDirectories: true)
        try directory.write("dir.json/inner.json", clean)
        let result = Linter.lint(paths: [directory.path("dir.json")], options: options())
        #expect(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["inner.json"])
    }

    // MARK: - Exit codes

    private func exitCode(_ files: [String: String], strict: Bool = false) throws -> ProctorReports.ExitStatus {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        for (name, text) in files { try directory.write(name, text) }
        return Linter.lint(paths: [directory.path], options: options(strict: strict)).report().exitCode
    }

    @Test func exitCodes() throws {
        #expect(try exitCode(["a.json": clean]) == .success)
        #expect(try exitCode(["a.json": clean], strict: true) == .success)
        #expect(try exitCode(["a.json": errorFinding]) == .problemsFound)
        #expect(try exitCode(["a.json": warningFinding]) == .success)
        #expect(try exitCode(["a.json": warningFinding], strict: true) == .problemsFound)
        #expect(try exitCode(["a.json": errorFinding, "b.json": #"{"userActivity": ,}"#]) == .inputError, "input errors win over findings")
        #expect(try exitCode(["a.json": #"{"userActivity": {"activityType": 1}}"#]) == .inputError, "a decoding error is an input problem")
        let unknownKey = #"{"userActivity": {"activityType": "com.example.app.view", "titel": "x"}}"#
        #expect(try exitCode(["a.json": unknownKey]) == .success)
        #expect(try exitCode(["a.json": unknownKey], strict: true) == .problemsFound, "an unknown key is a warning")
        let note = #"{"userActivity": {"activityType": "com.example.app.view", "contentAttributeSet": {"relatedUniqueIdentifier": "r"}}}"#
        #expect(try exitCode(["a.json": note], strict: true) == .success, "notes never fail")
    }

    @Test func reportCasesFollowTheFindings() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("a.json", errorFinding)
        try directory.write("b.json", #"[{"userActivity": {}},]"#)
        let report = Linter.lint(paths: [directory.path], options: options()).report()
        #expect(report.suites.count == 2)
        let a = try #require(report.suites.first)
        #expect(a.cases.first?.name == "input")
        #expect(a.cases.first?.outcome == .passed)
        // A payload file lists every rule but those about the Info.plist itself, which its own suite lists.
        let payloadRules = BuiltInRules.descriptions.filter { !$0.judgesInfoPlist }
        #expect(a.cases.count == 1 + payloadRules.count)
        let titleCase = try #require(a.cases.first { $0.name == "activity_title_required" })
        guard case .failed(let type, _, _) = titleCase.outcome else {
            Issue.record("activity_title_required should fail: \(titleCase.outcome)")
            return
        }
        #expect(type == "activity_title_required")
        let skipped = a.cases.filter { if case .skipped = $0.outcome { true } else { false } }.map(\.name)
        #expect(
            Set(skipped)
                == Set(
                    payloadRules.filter {
                        $0.needsInfoPlist || $0.needsBundleIdentifier || $0.needsDeploymentTarget || $0.judgedInScenariosOnly
                            || $0.judgedInSourcesOnly
                    }.map(\.id)), "rules needing app facts are skipped without them, and lint skips the rules only scenarios judge")
        let b = try #require(report.suites.last)
        #expect(b.cases.count == 1, "an unreadable file has only its input case")
        guard case .errored(let code, _, _)? = b.cases.first?.outcome else {
            Issue.record("b.json input case: \(String(describing: b.cases.first?.outcome))")
            return
        }
        #expect(code == "json_trailing_comma")
    }

    // MARK: - Run rules

    @Test func crossFileDuplicateIdentifierIsReportedAtTheSecondFile() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let item = #"{"searchableItem": {"uniqueIdentifier": "photo-1", "attributeSet": {"title": "Beach"}}}"#
        let first = try directory.write("a.json", item)
        let second = try directory.write("b/c.jsonl", "\n" + item + "\n")
        let result = Linter.lint(paths: [directory.path], options: options())
        let findings = result.files.flatMap(\.findings).filter { $0.ruleID == "searchable_item_identifier_unique" }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.location.file == second)
        #expect(finding.location.line == 2)
        #expect(finding.location.pointer == "/searchableItem/uniqueIdentifier")
        #expect(finding.severity == .warning)
        #expect(finding.message.contains(first), "the message names the first occurrence: \(finding.message)")
        #expect(result.files.first { $0.path == first }?.findings.isEmpty == true)
    }

    @Test func relatedItemInAnotherFileResolves() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("items.json", #"{"searchableItem": {"uniqueIdentifier": "recipe-9", "attributeSet": {"title": "Tart"}}}"#)
        try directory.write(
            "activity.json",
            #"{"userActivity": {"activityType": "com.example.recipes.view", "contentAttributeSet": {"relatedUniqueIdentifier": "recipe-9"}}}"#)
        let findings = Linter.lint(paths: [directory.path], options: options()).files.flatMap(\.findings)
        #expect(!findings.contains { $0.ruleID == "related_item_missing" })
        try FileManager.default.removeItem(atPath: directory.path("items.json"))
        let alone = Linter.lint(paths: [directory.path], options: options()).files.flatMap(\.findings)
        #expect(alone.map(\.ruleID) == ["related_item_missing"])
    }

    // MARK: - Parallelism

    @Test func parallelAndSequentialRunsAgree() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let samples = [
            clean, errorFinding, warningFinding, #"[{"userActivity": {}},]"#, #"{"userActivity": {"activityType": "a", "activityType": "b"}}"#,
            #"[{"searchableItem": {"uniqueIdentifier": "dup", "attributeSet": {"title": "A", "rankingHint": 9}}}]"#,
            #"{"userActivity": {"activityType": 3}}"#,
            #"{"userActivity": {"activityType": "com.example.app.view", "contentAttributeSet": {"relatedUniqueIdentifier": "dup"}}}"#,
        ]
        for index in 0..<40 {
            try directory.write("d\(index % 4)/file\(index).json", samples[index % samples.count])
        }
        try directory.write("lines.jsonl", samples.joined(separator: "\n"))
        let sequential = Linter.lint(paths: [directory.path], options: options(parallel: false)).report()
        let parallel = Linter.lint(paths: [directory.path], options: options(parallel: true)).report()
        #expect(sequential.suites.count == 41)
        for format in ReportFormat.allCases {
            #expect(format.render(parallel) == format.render(sequential), "\(format.rawValue) differs between parallel and sequential runs")
        }
        #expect(parallel.allFindings.contains { $0.ruleID == "searchable_item_identifier_unique" })
    }

    // MARK: - In memory

    @Test func inMemoryFilesAreSortedAndChecked() {
        let result = Linter.lint(
            files: [
                Linter.InMemoryFile(path: "z.json", bytes: Array(warningFinding.utf8)),
                Linter.InMemoryFile(path: "a.jsonl", bytes: Array((clean + "\n" + warningFinding).utf8)),
            ],
            appInfo: nil, options: options())
        #expect(result.files.map(\.path) == ["a.jsonl", "z.json"])
        #expect(result.files.map(\.payloadCount) == [2, 1])
        #expect(result.files.flatMap(\.findings).map(\.location.compilerStyle) == ["a.jsonl:2:35", "z.json:1:35"])
    }
}

/// A lint report's cases are a recipe: the failure it declares without making them must be the
/// one they show, on every kind of file (clean, findings of each severity, decoding warnings and
/// errors, unreadable) with and without --strict.
@Suite("Lint report cases")
struct LintReportCaseTests {
    @Test(arguments: [false, true])
    func theDeclaredFailureIsTheCasesFailure(strict: Bool) {
        let documents = [
            #"{"userActivity": {"activityType": "com.example.app.view", "title": "Lemon tart"}}"#,
            #"{"userActivity": {"activityType": "view", "title": "Lemon tart"}}"#,
            #"{"userActivity": {"activityType": "com.example.app.view", "isEligibleForSearch": true}}"#,
            #"{"userActivity": {"activityType": "com.example.app.view", "title": "\#(String(repeating: "Very long lemon tart ", count: 5))"}}"#,
            #"{"userActivity": {"activityType": "com.example.app.view", "titel": "Lemon tart"}}"#,
            #"{"userActivity": {"activityType": 7}}"#,
            #"{"userActivity": "#,
            #"[{"searchableItem": {"uniqueIdentifier": "a", "attributeSet": {"title": "A"}}}, {"searchableItem": {"uniqueIdentifier": "a", "attributeSet": {"title": "B"}}}]"#,
        ]
        let files = documents.enumerated().map { Linter.InMemoryFile(path: "file-\($0.offset).json", bytes: Array($0.element.utf8)) }
        let report = Linter.lint(files: files, appInfo: nil, options: LintOptions(now: fixedNow, strict: strict, parallel: false)).report()
        #expect(report.suites.count == documents.count)
        var sawFailure = false
        for suite in report.suites {
            let cases = suite.cases
            #expect(!cases.isEmpty, "\(suite.name)")
            let fails = cases.contains { $0.outcome.isFailure }
            sawFailure = sawFailure || fails
            #expect(suite.hasFailedCase == fails, "\(suite.name): declared \(suite.hasFailedCase), cases \(fails) (strict: \(strict))")
        }
        #expect(sawFailure)
    }
}
