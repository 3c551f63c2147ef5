import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorLinks
import ProctorPayloads

/// The app's `.entitlements` files (XML or binary property lists), for their Associated Domains
/// (`com.apple.developer.associated-domains`): which domains' association files iOS reads for the
/// app. Found by name in directory walks, or named by `--entitlements`. Each entry is judged
/// where it is written; the valid ones join the run's facts for the rules across files.
package struct EntitlementsInput: PayloadInput {
    package init() {}

    package var name: String { "entitlements file" }

    package func claims(path: String) -> Bool {
        path.lowercased().hasSuffix(".entitlements")
    }

    package func claims(declared path: String, in files: DeclaredFiles) -> Bool {
        files.entitlements.contains(path)
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        EntitlementsChecker(run: run)
    }
}

final class EntitlementsChecker: PayloadChecker {
    private let files: SubjectRules<EntitlementsFile>
    private let context: RuleContext

    init(run: PayloadRun) {
        files = run.engine.rules()
        context = run.context
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        var result = FileResult(path: path)
        let read = EntitlementsReader.read(bytes: bytes, path: path)
        result.inputErrors = read.inputErrors
        result.diagnostics = read.diagnostics
        guard var domains = read.domains else { return result }
        result.wasChecked = true
        result.payloadCount = 1
        let lines = read.lines
        let source = SourceText(bytes: bytes)
        // Entries carry their line; the rules across files report at them, so with the column too.
        for index in domains.indices {
            if let line = domains[index].location.line { domains[index].location.column = source.firstNonBlankColumn(onLine: line) }
        }
        facts.add(RunFacts.EntitlementsMention(path: path, domains: domains), as: RunFacts.Entitlements.self)
        files.judge(
            EntitlementsFile(path: path, domains: domains, invalidEntries: read.invalidEntries), in: context,
            locate: { pointer in
                let text = pointer.description
                guard let line = lines[text] else { return SourceLocation(file: path, pointer: text) }
                return SourceLocation(file: path, line: line, column: source.firstNonBlankColumn(onLine: line), pointer: text)
            }, into: &result.findings)
        return result
    }
}
