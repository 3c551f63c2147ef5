import Foundation
import ProctorAppFacts
import ProctorEngine
import ProctorInputs
import ProctorReports
import ProctorRules

extension LintResult {
    /// The report of a lint run: one suite per file, one test case per evaluated (file, rule),
    /// plus an `input` case that errors when the file could not be read or decoded. The cases are
    /// a recipe, made only by the reports that list them (``RunReport/Suite/cases``).
    package func report() -> RunReport {
        // The rules as the run judged with them: those turned off are not listed, and a
        // severity the project chose is the rule's in SARIF and JUnit too.
        let rules = options.engine.descriptions.sorted { $0.id < $1.id }
        let (strict, appInfo, scansSources) = (options.strict, appInfo, scansSources)
        // What keeps a rule from running is the run's (its facts), the same for every file: worked
        // out once here, not for each of the 1.4 million cases of a 10,000-file lint.
        let unmet = rules.map { $0.unmetRequirement(appInfo, scanningSources: scansSources) }
        let suites = files.map { file -> RunReport.Suite in
            RunReport.Suite(
                name: file.path, inputErrors: file.inputErrors, diagnostics: file.diagnostics, findings: file.findings,
                failedCase: Self.hasFailedCase(file, strict: strict),
                cases: {
                    Self.cases(of: file, rules: rules, strict: strict, appInfo: appInfo, scansSources: scansSources, unmet: unmet, selection: $0)
                })
        }
        var report = RunReport(command: scansSources ? "scan" : "lint", timestamp: options.now, strict: options.strict, rules: rules, suites: suites)
        report.noPayloadFiles = noPayloadFiles
        report.judged = judged ?? tallies
        return report
    }

    /// What a lint judged, by kind: the donations (and the payloads written beside them, listed
    /// even when there are none, so that a run over nothing of the app's says `0 donations`),
    /// then the files of every other kind that were read, in the order ``InputKinds/payloads``
    /// lists them, then the Info.plists.
    var tallies: [RunReport.Tally] {
        var counts = [Int](repeating: 0, count: InputKinds.payloads.count)
        let declared = options.declaredFiles
        for file in files where file.wasChecked && file.payloadCount > 0 {
            // A property list is an Info.plist (counted apart) unless it was named as another kind.
            let isDeclared = InputKinds.payloads.contains { $0.claims(declared: DeclaredFiles.normalized(file.path), in: declared) }
            if !isDeclared && InputKinds.isAppDescription(path: file.path, isWalked: false) { continue }
            let kind = InputKinds.payloadKind(forPath: file.path, declared: declared)
            // A donation file holds many payloads; a file of any other kind is one.
            counts[kind] += file.payloadCount
        }
        var tallies: [RunReport.Tally] = []
        // The donations first, always; then the other kinds read, in the order they are listed.
        for (kind, input) in InputKinds.payloads.enumerated() where input is DonationInput {
            tallies.append(Self.tally(input.name, counts[kind]))
        }
        for (kind, input) in InputKinds.payloads.enumerated() where counts[kind] > 0 && !(input is DonationInput) {
            tallies.append(Self.tally(input.name, counts[kind]))
        }
        if infoPlistCount > 0 { tallies.append(Self.tally("Info.plist", infoPlistCount)) }
        return tallies
    }

    /// A tally named after a kind's noun: `web page`, `web pages`, `webPages`.
    static func tally(_ noun: String, _ count: Int) -> RunReport.Tally {
        let plural = noun.hasSuffix("s") ? noun + "es" : noun + "s"
        let words = plural.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "." })
        let key = words.enumerated().map { index, word in
            index == 0 ? (word == "Info" ? "info" : word.prefix(1).lowercased() + word.dropFirst()) : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        return RunReport.Tally(key: key, singular: noun, plural: plural, count: count)
    }

    /// Whether one of the cases ``cases(of:rules:strict:appInfo:)`` makes fails: the input case
    /// under `--strict` when the file has only decoding warnings, or a rule case when a finding
    /// fails the run (every finding is of a rule the file's cases list).
    static func hasFailedCase(_ file: FileResult, strict: Bool) -> Bool {
        let inputProblems = !file.inputErrors.isEmpty || file.diagnostics.contains { $0.severity == .error }
        if !inputProblems && file.diagnostics.contains(where: { $0.severity == .warning && $0.severity.failsRun(strict: strict) }) { return true }
        return file.wasChecked && file.findings.contains { $0.suppression == nil && $0.severity.failsRun(strict: strict) }
    }

    /// The file's cases; `unmet` holds each rule's ``RuleDescription/unmetRequirement(_:scanningSources:)``
    /// when the caller worked them out once for the run.
    static func cases(
        of file: FileResult, rules: [RuleDescription], strict: Bool, appInfo: AppInfo?, scansSources: Bool = false, unmet: [String?]? = nil,
        selection: RunReport.CaseList.Selection = .all
    ) -> RunReport.CaseList {
        var cases = RunReport.CaseList(selection)
        let decodeErrors = file.diagnostics.filter { $0.severity == .error }
        let inputProblems =
            file.inputErrors.map { ($0.code, $0.message, $0.compilerLine()) } + decodeErrors.map { ($0.code, $0.message, $0.compilerLine()) }
        // Decoding errors are input problems above; a warning fails the run only under --strict.
        let strictWarnings = file.diagnostics.filter { $0.severity == .warning && $0.severity.failsRun(strict: strict) }
        if let first = inputProblems.first {
            let details = inputProblems.map(\.2).joined(separator: "\n")
            cases.add(.init(classname: file.path, name: "input", outcome: .errored(type: first.0.rawValue, message: first.1, details: details)))
        } else if let first = strictWarnings.first {
            // Under --strict a decoding warning (an unknown key) fails the run, so it fails here too.
            let details = strictWarnings.map { $0.compilerLine() }.joined(separator: "\n")
            cases.add(
                .init(classname: file.path, name: "input", outcome: .failed(type: first.code.rawValue, message: first.message, details: details)))
        } else if !file.wasChecked, let note = file.diagnostics.first(where: { $0.severity == .note }) {
            // An entry the directory walk left out (a pipe, a second name for a file).
            cases.add(.init(classname: file.path, name: "input", outcome: .skipped(reason: note.message)))
        } else {
            cases.addPassed(classname: file.path, name: "input")
        }
        guard file.wasChecked, !file.heldNothingToJudge else { return cases }
        // The Info.plist's own result lists the rules that judge it; a payload file, the others.
        let isInfoPlist = appInfo?.isFromInfoPlist == true && file.path == appInfo?.source
        let unmet = unmet ?? rules.map { $0.unmetRequirement(appInfo, scanningSources: scansSources) }
        let leftOut = Self.leftOutReason(file)
        for (rule, unmetReason) in zip(rules, unmet) where rule.judgesInfoPlist == isInfoPlist {
            if let reason = unmetReason {
                cases.add(.init(classname: file.path, name: rule.id, outcome: .skipped(reason: reason)))
                continue
            }
            // Most files have no finding: nothing to look for, rule after rule.
            let failing =
                file.findings.isEmpty
                ? [] : file.findings.filter { $0.ruleID == rule.id && $0.suppression == nil && $0.severity.failsRun(strict: strict) }
            if let first = failing.first {
                let details = failing.map { $0.compilerLine() }.joined(separator: "\n")
                cases.add(
                    .init(
                        classname: file.path, name: rule.id,
                        outcome: .failed(type: rule.id, message: "\(first.location.compilerStyle): \(first.message)", details: details)))
            } else if let accepted = file.findings.first(where: { $0.ruleID == rule.id && $0.suppression != nil })?.suppression {
                // Accepted, not passed: the case says so, with the reason (a baseline).
                cases.add(.init(classname: file.path, name: rule.id, outcome: .skipped(reason: "accepted: \(accepted)")))
            } else if let reason = leftOut {
                // A rule that saw only some of the donations, or none, has not passed the file.
                cases.add(.init(classname: file.path, name: rule.id, outcome: .skipped(reason: reason)))
            } else {
                cases.addPassed(classname: file.path, name: rule.id)
            }
        }
        return cases
    }

    /// Why a rule that found nothing in `file` did not pass it: some of its donations were left
    /// out for their decoding errors. Nil when every donation was checked.
    static func leftOutReason(_ file: FileResult) -> String? {
        let leftOut = file.leftOutPayloadCount
        guard leftOut > 0 else { return nil }
        let total = leftOut + file.payloadCount
        let donations = total == 1 ? "donation" : "donations"
        if file.payloadCount == 0 {
            return
                "not checked: the file's \(total == 1 ? "" : "\(total) ")\(donations) \(total == 1 ? "has" : "have") decoding errors (see the input case)"
        }
        return
            "\(leftOut) of \(total) \(donations) not checked for decoding errors (see the input case); nothing found in the other \(file.payloadCount)"
    }
}
