import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads

/// SiriKit intent definition files (`.intentdefinition`, docs/input-format.md): the custom intents
/// an app defines in Xcode's intent editor. Each file is judged on its own by the rules on its
/// entries, and its intents join the run's facts, where the rules across files hold them against
/// the Info.plists of the run (the intents the app and its extensions support, the activity types
/// the app takes).
package struct IntentDefinitionInput: PayloadInput {
    package init() {}

    package var name: String { "intent definition file" }

    package func claims(path: String) -> Bool {
        path.hasSuffix(IntentDefinitionReader.fileExtension)
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        IntentDefinitionChecker(run: run)
    }
}

/// Reads and judges intent definition files, one at a time. An entry that could not be read is
/// left out (its diagnostic says why); the others are judged.
final class IntentDefinitionChecker: PayloadChecker {
    private let files: SubjectRules<IntentDefinitionFile>
    private let context: RuleContext

    init(run: PayloadRun) {
        files = run.engine.rules()
        context = run.context
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        var result = FileResult(path: path)
        let read = IntentDefinitionReader.read(bytes: bytes, path: path)
        result.inputErrors = read.inputErrors
        result.diagnostics = read.diagnostics
        result.wasChecked = read.inputErrors.isEmpty
        guard let file = read.file else {
            result.leftOutPayloadCount = read.inputErrors.isEmpty ? 1 : 0
            return result
        }
        result.payloadCount = 1
        let locate = { (pointer: JSONPointer) in
            read.positions?.location(of: pointer, in: path) ?? SourceLocation(file: path, pointer: pointer.description)
        }
        for intent in file.intents {
            facts.add(RunFacts.DefinedIntent(intent: intent, location: locate(intent.pointer)), as: RunFacts.IntentDefinitions.self)
        }
        files.judge(file, in: context, locate: locate, into: &result.findings)
        return result
    }
}
