import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorFiles
import ProctorJSON
import ProctorLinks
import ProctorLint
import ProctorPayloads
import ProctorReports
import ProctorRules
import ProctorScan
import ProctorScenario

/// Runs the language-neutral vectors in `Conformance/` (format: Conformance/README.md, schema:
/// Conformance/case-schema.json). Each case gives input files, optional Info.plist facts and a
/// clock, and the exact findings, input errors and decoding diagnostics Proctor must produce:
/// anything missing or extra fails the case.
package enum ConformanceRunner {
    /// A case read from a case file.
    package struct Case: Sendable {
        package var description: String
        package var now: Date
        package var infoPlist: [String: JSONNode]?
        /// A file of the case whose path ends in `.plist`: the app's Info.plist as bytes, read as
        /// `--info-plist` reads one (XML or binary).
        package var infoPlistFile: Linter.InMemoryFile?
        /// Facts besides the Info.plist (deployment target, service names).
        package var configuration: AppConfiguration
        package var files: [Linter.InMemoryFile]
        /// When set, only these rules' findings are compared.
        package var rules: [String]?
        package var expected: Expectation
    }

    /// What a case expects, as comparable strings.
    package struct Expectation: Sendable {
        package var findings: [String]
        package var inputErrors: [String]
        package var diagnostics: [String]
        /// The payloads `proctor scan --emit-payloads` writes for the case's Swift files, each
        /// `NAME = canonical JSON`; compared only when the case gives them.
        package var payloads: [String]? = nil
        /// The routes file `--emit-routes` writes, as canonical JSON; compared only when given.
        package var routes: String? = nil
    }

    package static let defaultNow = "2026-06-01T12:00:00Z"
    /// The file name under which a case's inline Info.plist facts are reported.
    package static let infoPlistFile = "Info.plist"

    /// Runs every `*.json` case file under `paths` except the schemas (`*-schema.json`).
    package static func run(paths: [String], leavingOut outputs: RunOutputs = RunOutputs()) -> RunReport {
        let collected = InputFiles.collect(paths, selecting: .caseFiles, leavingOut: outputs)
        var suites: [RunReport.Suite] = collected.errors.map { RunReport.Suite(name: $0.location.file, inputErrors: [$0]) }
        suites += collected.notes.map(ScenarioRunner.skippedSuite)
        let inputs = collected.inputs.filter { !$0.path.hasSuffix("-schema.json") }
        // Nothing to run is no pass: a mistyped folder must not turn a CI step green.
        if !paths.isEmpty && inputs.isEmpty && collected.errors.isEmpty {
            suites.append(
                RunReport.Suite(
                    name: paths.joined(separator: " "),
                    inputErrors: [
                        InputError(
                            code: ProblemCode.noInputs, message: "no case files found (*.json, schemas aside)",
                            location: SourceLocation(file: paths[0]))
                    ]))
        }
        suites += Parallel.map(inputs, parallel: true) { input in
            // A scenario vector pins model behaviour through its own expectations: it passes when
            // every one of them holds.
            if input.path.hasSuffix(Scenario.fileSuffix) { return runScenarioVector(input, outputs: outputs) }
            // A link vector pins universal-link matching: one case per URL.
            if input.path.hasSuffix(LinkVectors.suffix) { return LinkVectors.run(input) }
            return runCaseFile(input)
        }
        suites.sort { $0.name < $1.name }
        let now = DateFormat.parse(defaultNow)!
        return RunReport(
            command: "conformance", timestamp: now, strict: false, rules: BuiltInRules.descriptions, checks: ScenarioCheck.reported, suites: suites)
    }

    static func runCaseFile(_ input: InputFiles.Input) -> RunReport.Suite {
        switch InputFiles.load(input, limit: JSONLimits.standard.maximumFileSize) {
        case .failure(let error): RunReport.Suite(name: input.path, inputErrors: [error])
        case .success(let bytes): runCaseFile(bytes: bytes, path: input.path)
        }
    }

    /// Runs the cases of a case file held in memory.
    package static func runCaseFile(bytes: [UInt8], path: String) -> RunReport.Suite {
        var suite = RunReport.Suite(name: path)
        let source = SourceText(bytes: bytes)
        let cases: [Case]
        do {
            cases = try decodeCaseFile(source, path: path)
        } catch {
            suite.inputErrors = [error]
            suite.cases = [
                .init(
                    classname: path, name: "case file",
                    outcome: .errored(
                        type: error.code.rawValue, message: error.message,
                        details: "\(error.location.compilerStyle): error: \(VisibleText.escaped(error.message))"))
            ]
            return suite
        }
        for (index, testCase) in cases.enumerated() {
            let name = String(format: "%03d %@", index + 1, testCase.description)
            suite.cases.append(.init(classname: path, name: name, outcome: evaluate(testCase)))
        }
        return suite
    }

    static func runScenarioVector(_ input: InputFiles.Input, outputs: RunOutputs = RunOutputs()) -> RunReport.Suite {
        // No name or tag filter: every vector is played.
        ScenarioRunner.runFile(
            input,
            options: RunOptions(
                now: DateFormat.parse(defaultNow)!, parallel: false, fileReferences: FileReferencePolicy(allowsOutside: false, outputs: outputs)))
            ?? RunReport.Suite(name: input.path)
    }

    /// Runs one case and compares what Proctor reports with what the case expects.
    package static func evaluate(_ testCase: Case) -> RunReport.TestCase.Outcome {
        let actual = actualResults(testCase)
        var problems: [String] = []
        compare("finding", expected: testCase.expected.findings, actual: actual.findings, into: &problems)
        compare("input error", expected: testCase.expected.inputErrors, actual: actual.inputErrors, into: &problems)
        compare("diagnostic", expected: testCase.expected.diagnostics, actual: actual.diagnostics, into: &problems)
        if let payloads = testCase.expected.payloads {
            compare("emitted payload", expected: payloads, actual: actual.payloads ?? [], into: &problems)
        }
        if let routes = testCase.expected.routes, routes != actual.routes {
            problems.append("emitted routes differ: expected \(routes); got \(actual.routes ?? "no routes file (the case has no .swift file)")")
        }
        guard !problems.isEmpty else { return .passed }
        // One line per difference: a difference that quotes the case shows it escaped.
        return .failed(type: "conformance", message: problems[0], details: problems.map(VisibleText.escaped).joined(separator: "\n"))
    }

    /// What Proctor reports for the case, in the same string form as the expectation.
    package static func actualResults(_ testCase: Case) -> Expectation {
        // The Info.plist: inline facts, or a .plist file read as --info-plist reads one.
        let plist: InfoPlistReader.Result? =
            if let facts = testCase.infoPlist {
                InfoPlistReader.extract(from: facts.mapValues(InfoPlistReader.foundationValue), source: infoPlistFile)
            } else if let file = testCase.infoPlistFile {
                InfoPlistReader.read(bytes: file.bytes, displayPath: file.path)
            } else {
                nil
            }
        let appInfo = testCase.configuration.apply(to: plist?.appInfo)
        // Files named *.scenario.json are played as scenarios, *.swift files scanned together as
        // an app's sources; the others are linted together.
        let scenarios = testCase.files.filter { $0.path.hasSuffix(Scenario.fileSuffix) }
        // Intent definition files are linted, and scanned with the Swift for their handlers;
        // entitlements files are linted, and scanned as the app's (its Communication
        // Notifications entitlement).
        let sources = testCase.files.filter {
            $0.path.hasSuffix(".swift") || $0.path.hasSuffix(".intentdefinition") || $0.path.hasSuffix(".entitlements")
        }
        let payloads = testCase.files.filter { !$0.path.hasSuffix(Scenario.fileSuffix) && !$0.path.hasSuffix(".swift") }
        var results = Linter.lint(files: payloads, appInfo: appInfo, options: LintOptions(now: testCase.now, parallel: false)).files
        var emittedPayloads: [String]?
        var emittedRoutes: String?
        if sources.contains(where: { $0.path.hasSuffix(".swift") }) {
            let scan = SourceScanner.scan(
                sources.map { SourceScanner.SourceFile(path: $0.path, text: String(decoding: $0.bytes, as: UTF8.self)) }, appInfo: appInfo,
                options: LintOptions(now: testCase.now, parallel: false),
                // The association files of the case, by the domain their folder names, for the
                // rules over universal links.
                sites: payloads.compactMap { file in
                    SiteAssociation.domain(servedAt: file.path).map { SourceScanner.SiteFile(path: file.path, domain: $0, bytes: file.bytes) }
                })
            results += scan.result.files
            emittedPayloads = scan.payloads.map { payloadKey(name: $0.fileName, text: $0.text) }
            emittedRoutes = canonicalJSON(scan.routesText)
        }
        var findings = results.flatMap(\.findings)
        var inputErrors = (plist?.inputErrors ?? []) + results.flatMap(\.inputErrors)
        var diagnostics = (plist?.diagnostics ?? []) + results.flatMap(\.diagnostics)
        for scenario in scenarios {
            guard
                let suite = ScenarioRunner.runFile(
                    bytes: scenario.bytes, path: scenario.path, options: RunOptions(now: testCase.now, parallel: false))
            else { continue }
            findings += suite.findings
            inputErrors += suite.inputErrors
            diagnostics += suite.diagnostics
        }
        findings = findings.filter { finding in testCase.rules.map { $0.contains(finding.ruleID) } ?? true }
        return Expectation(
            findings: findings.map { findingKey(ruleID: $0.ruleID, severity: $0.severity.rawValue, location: $0.location) },
            inputErrors: inputErrors.map { problemKey(code: $0.code.rawValue, location: $0.location) },
            diagnostics: diagnostics.map { problemKey(code: "\($0.code) \($0.severity.rawValue)", location: $0.location) },
            payloads: emittedPayloads, routes: emittedRoutes)
    }

    static func payloadKey(name: String, text: String) -> String {
        "\(name) = \(canonicalJSON(text))"
    }

    /// JSON text Proctor wrote, in canonical form; text that does not parse is kept as it is, so
    /// it differs from any expectation.
    static func canonicalJSON(_ text: String) -> String {
        guard case .success(let node) = JSONReader.parse(SourceText(bytes: Array(text.utf8))) else { return text }
        return JSONWriter.canonical(node)
    }

    static func findingKey(ruleID: String, severity: String, location: SourceLocation) -> String {
        "\(ruleID) \(severity) at \(location.file) \(location.pointer.map { $0.isEmpty ? "\"\"" : $0 } ?? "-")"
    }

    static func problemKey(code: String, location: SourceLocation) -> String {
        "\(code) at \(location.compilerStyle) \(location.pointer.map { $0.isEmpty ? "\"\"" : $0 } ?? "-")"
    }

    private static func compare(_ kind: String, expected: [String], actual: [String], into problems: inout [String]) {
        var remaining = actual
        for item in expected {
            if let index = remaining.firstIndex(of: item) {
                remaining.remove(at: index)
            } else {
                problems.append("missing \(kind): expected \(item)\(actual.isEmpty ? "" : "; got " + actual.joined(separator: ", "))")
            }
        }
        for item in remaining { problems.append("unexpected \(kind): \(item)") }
    }

    // MARK: - Reading case files

    static func decodeCaseFile(_ source: SourceText, path: String) throws(InputError) -> [Case] {
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .success(let node): root = node
        case .failure(let error):
            throw InputError(error, in: source, file: path)
        }
        var reader = CaseReader(path: path, source: source)
        return try reader.cases(root)
    }

    /// Reads a case file through ``JSONFieldReader``, the decoding layer of every JSON input, and
    /// stops at its first problem: a case file that cannot be read is one input error.
    private struct CaseReader {
        var reader: JSONFieldReader

        init(path: String, source: SourceText) {
            reader = JSONFieldReader(codes: .conformanceCase) { offset, pointer in
                SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
            }
        }

        /// The problem the reader reported last (or the one at `index`), to throw.
        func stop(at index: Int? = nil) -> InputError {
            guard let problem = index.flatMap({ reader.problems.indices.contains($0) ? reader.problems[$0] : nil }) ?? reader.problems.last else {
                return InputError(
                    code: ProblemCode.conformanceCaseInvalid, message: "the case file cannot be read", location: SourceLocation(file: ""))
            }
            return InputError(code: problem.code, message: problem.message, location: problem.location)
        }

        mutating func fail(_ message: String, _ node: JSONNode, _ pointer: JSONPointer) -> InputError {
            reader.invalid(message, node, pointer)
            return stop()
        }

        mutating func object(_ node: JSONNode, _ pointer: JSONPointer, what: String) throws(InputError) -> JSONObject {
            guard let object = reader.object(node, pointer, what: what) else { throw stop() }
            return object
        }

        mutating func array(_ node: JSONNode, _ pointer: JSONPointer) throws(InputError) -> [JSONNode] {
            guard let elements = reader.array(node, pointer) else { throw stop() }
            return elements
        }

        mutating func string(_ node: JSONNode, _ pointer: JSONPointer) throws(InputError) -> String {
            guard let text = reader.string(node, pointer) else { throw stop() }
            return text
        }

        mutating func optionalInt(_ object: JSONObject, _ key: String, _ pointer: JSONPointer) throws(InputError) -> Int? {
            guard let member = object[key] else { return nil }
            guard case .integer(let value) = member.value.value else {
                reader.mismatch("an integer", member.value, pointer.appending(key))
                throw stop()
            }
            return Int(value)
        }

        mutating func cases(_ root: JSONNode) throws(InputError) -> [Case] {
            let file = try object(root, .root, what: "a case file")
            guard let list = file["cases"] else {
                reader.missing("'cases'", root, .root)
                throw stop()
            }
            var result: [Case] = []
            for (index, node) in try array(list.value, JSONPointer(["cases"])).enumerated() {
                result.append(try decodeCase(node, JSONPointer(["cases", String(index)])))
            }
            return result
        }

        mutating func decodeCase(_ node: JSONNode, _ pointer: JSONPointer) throws(InputError) -> Case {
            let object = try object(node, pointer, what: "a case")
            let problemsBefore = reader.problems.count
            reader.checkKeys(object, pointer, allowed: ["description", "now", "infoPlist", "config", "files", "rules", "expect"], in: "a case")
            // The first unknown key, in document order, is the one reported.
            if reader.problems.count > problemsBefore { throw stop(at: problemsBefore) }
            guard let description = reader.required(object, "description", node, pointer) else { throw stop() }
            var now = DateFormat.parse(defaultNow)!
            if let member = object["now"] {
                let text = try string(member.value, pointer.appending("now"))
                guard let date = DateFormat.parse(text) else {
                    throw fail("'now' must be an RFC 3339 date with a zone", member.value, pointer.appending("now"))
                }
                now = date
            }
            var infoPlist: [String: JSONNode]?
            if let member = object["infoPlist"] {
                let facts = try self.object(member.value, pointer.appending("infoPlist"), what: "Info.plist facts")
                infoPlist = Dictionary(facts.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
            var configuration = AppConfiguration()
            if let member = object["config"] {
                switch AppConfiguration.decode(member.value) {
                case .success(let decoded): configuration = decoded
                case .failure(let problem):
                    var at = pointer.appending("config")
                    for token in problem.pointer.tokens { at = at.appending(token) }
                    throw fail(problem.message, member.value, at)
                }
            }
            guard let filesMember = reader.required(object, "files", node, pointer) else { throw stop() }
            var infoPlistFile: Linter.InMemoryFile?
            // Results name the first file listed unless they say otherwise.
            var firstPath = ""
            var files: [Linter.InMemoryFile] = []
            for (index, fileNode) in try array(filesMember, pointer.appending("files")).enumerated() {
                let filePointer = pointer.appending("files").appending(index)
                let fileObject = try self.object(fileNode, filePointer, what: "a file")
                let filePath = try required(fileObject, "path", fileNode, filePointer)
                // Results are keyed by path: two files of one name would be one file twice.
                if files.contains(where: { $0.path == filePath }) || infoPlistFile?.path == filePath {
                    throw fail("a case lists '\(filePath)' twice; give each file its own path", fileNode, filePointer.appending("path"))
                }
                let bytes: [UInt8]
                if let text = fileObject["text"] {
                    bytes = Array(try string(text.value, filePointer.appending("text")).utf8)
                } else if let json = fileObject["json"] {
                    bytes = Array(JSONWriter.write(json.value, indent: 2).utf8)
                } else if let base64 = fileObject["base64"] {
                    guard let data = Data(base64Encoded: try string(base64.value, filePointer.appending("base64"))) else {
                        throw fail("'base64' is not valid base64", base64.value, filePointer.appending("base64"))
                    }
                    bytes = Array(data)
                } else if let recipe = fileObject["pkpass"] {
                    // A pass bundle described as a recipe (docs/input-format.md, "Pass bundle recipes").
                    do {
                        bytes = try PassBundleRecipe.build(recipe.value)
                    } catch {
                        throw fail("'pkpass' is not a pass bundle recipe: \(error.description)", recipe.value, filePointer.appending("pkpass"))
                    }
                } else {
                    throw fail("a file needs 'json', 'text', 'base64' or 'pkpass' content", fileNode, filePointer)
                }
                if index == 0 { firstPath = filePath }
                let file = Linter.InMemoryFile(path: filePath, bytes: bytes)
                if filePath.hasSuffix(".plist") {
                    guard infoPlist == nil, infoPlistFile == nil else {
                        throw fail("a case has one Info.plist: inline 'infoPlist' facts or one file ending in .plist", fileNode, filePointer)
                    }
                    infoPlistFile = file
                } else {
                    files.append(file)
                }
            }
            var rules: [String]?
            if let member = object["rules"] {
                rules = try array(member.value, pointer.appending("rules")).enumerated().map { index, element throws(InputError) in
                    try string(element, pointer.appending("rules").appending(index))
                }
                for (index, id) in (rules ?? []).enumerated() where BuiltInRules.description(for: id) == nil {
                    throw fail("unknown rule '\(id)'", member.value, pointer.appending("rules").appending(index))
                }
            }
            var expected = Expectation(findings: [], inputErrors: [], diagnostics: [])

            if let member = object["expect"] {
                let expect = try self.object(member.value, pointer.appending("expect"), what: "expect")
                let expectPointer = pointer.appending("expect")
                let problemsBefore = reader.problems.count
                reader.checkKeys(expect, expectPointer, allowed: ["findings", "inputErrors", "diagnostics", "payloads", "routes"], in: "expect")
                if reader.problems.count > problemsBefore { throw stop(at: problemsBefore) }
                if let payloads = expect["payloads"] {
                    expected.payloads = []
                    for (index, item) in try array(payloads.value, expectPointer.appending("payloads")).enumerated() {
                        let at = expectPointer.appending("payloads").appending(index)
                        let fields = try self.object(item, at, what: "an expected payload")
                        let before = reader.problems.count
                        reader.checkKeys(fields, at, allowed: ["name", "json"], in: "an expected payload")
                        if reader.problems.count > before { throw stop(at: before) }
                        let name = try required(fields, "name", item, at)
                        guard let json = reader.required(fields, "json", item, at) else { throw stop() }
                        expected.payloads?.append("\(name) = \(JSONWriter.canonical(json))")
                    }
                }
                if let routes = expect["routes"] {
                    _ = try self.object(routes.value, expectPointer.appending("routes"), what: "an expected routes file")
                    expected.routes = JSONWriter.canonical(routes.value)
                }
                for (index, item) in try list(expect, "findings", expectPointer).enumerated() {
                    let at = expectPointer.appending("findings").appending(index)
                    let fields = try self.object(item, at, what: "an expected finding")
                    let rule = try required(fields, "ruleId", item, at)
                    guard let rule = BuiltInRules.description(for: rule) else { throw fail("unknown rule '\(rule)'", item, at) }
                    let severity =
                        try fields["severity"].map { member throws(InputError) in try string(member.value, at.appending("severity")) }
                        ?? rule.defaultSeverity.rawValue
                    let file = try fields["file"].map { member throws(InputError) in try string(member.value, at.appending("file")) } ?? firstPath
                    let location = SourceLocation(file: file, pointer: try required(fields, "pointer", item, at))
                    expected.findings.append(findingKey(ruleID: rule.id, severity: severity, location: location))
                }
                for kind in ["inputErrors", "diagnostics"] {
                    for (index, item) in try list(expect, kind, expectPointer).enumerated() {
                        let at = expectPointer.appending(kind).appending(index)
                        let fields = try self.object(item, at, what: "an expected problem")
                        var code = try required(fields, "code", item, at)
                        if kind == "diagnostics" {
                            code +=
                                " "
                                + (try fields["severity"].map { member throws(InputError) in try string(member.value, at.appending("severity")) }
                                    ?? "error")
                        }
                        let file = try fields["file"].map { member throws(InputError) in try string(member.value, at.appending("file")) } ?? firstPath
                        // A problem in a file that is not JSON (an Info.plist, a Swift file) has no
                        // pointer; one left out where Proctor reports a pointer never matches.
                        let pointer = fields["pointer"] == nil ? nil : try required(fields, "pointer", item, at)
                        let location = SourceLocation(
                            file: file, line: try optionalInt(fields, "line", at), column: try optionalInt(fields, "column", at),
                            pointer: pointer)
                        if kind == "inputErrors" {
                            expected.inputErrors.append(problemKey(code: code, location: location))
                        } else {
                            expected.diagnostics.append(problemKey(code: code, location: location))
                        }
                    }
                }
            }
            return Case(
                description: try string(description, pointer.appending("description")), now: now, infoPlist: infoPlist,
                infoPlistFile: infoPlistFile, configuration: configuration, files: files, rules: rules, expected: expected)
        }

        mutating func list(_ object: JSONObject, _ key: String, _ pointer: JSONPointer) throws(InputError) -> [JSONNode] {
            guard let member = object[key] else { return [] }
            return try array(member.value, pointer.appending(key))
        }

        mutating func required(_ object: JSONObject, _ key: String, _ node: JSONNode, _ pointer: JSONPointer) throws(InputError) -> String {
            guard let member = reader.required(object, key, node, pointer) else { throw stop() }
            return try string(member, pointer.appending(key))
        }
    }
}

extension JSONFieldReader.Codes {
    /// A conformance case file's codes: every problem is `conformance_case_invalid`, an unknown
    /// key included (a misspelt key would silently change what the case checks).
    static let conformanceCase = JSONFieldReader.Codes(
        typeMismatch: .conformanceCaseInvalid, missingValue: .conformanceCaseInvalid, invalidValue: .conformanceCaseInvalid,
        unknownKey: .conformanceCaseInvalid)
}
