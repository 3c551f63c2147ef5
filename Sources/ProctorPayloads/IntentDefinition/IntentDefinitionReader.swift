import ProctorAppFacts
import ProctorCore
import ProctorJSON

/// Reads an `.intentdefinition` file through the property list layer the Info.plist uses
/// (``PropertyListFile``: DTDs and entities refused before Foundation parses, XML or binary),
/// then the keys Xcode's intent editor writes for each entry of `INIntents`.
///
/// The reader says what the file holds and reports only what it cannot read, each problem at
/// its line and column: a file that is no property list (`plist_invalid`, an input error: the file
/// is not judged), a top level or `INIntents` of the wrong type, an entry that is no dictionary
/// or a key of the wrong type (`type_mismatch`, and the entry is left out), an entry without
/// `INIntentName` (`missing_value`). What a readable entry lacks (a title, a category) is for the
/// `custom_intent_*` rules.
package enum IntentDefinitionReader {
    package struct Result: Sendable {
        /// Nil when the file is no property list or its top level is not a dictionary.
        package var file: IntentDefinitionFile?
        package var inputErrors: [InputError] = []
        package var diagnostics: [Diagnostic] = []
        /// Where each value is written, to locate what the rules report.
        package var positions: PropertyListPositions?
    }

    package static let fileExtension = ".intentdefinition"
    /// The largest file read. Xcode's intent editor writes some kilobytes per intent (the largest
    /// of eleven open-source apps' is 109 KB); Foundation's parser, its bridging and the positions
    /// read lint such a file at some 1.5 MB/s and with some 10 bytes of memory per byte, so a 60
    /// MiB one took 50 s and 650 MB, over the budget (docs/development.md, "Time and memory
    /// budget"), and a 4 MiB one 44 MB over the command's floor, over its 32 MB; at 2 MiB it
    /// holds. Refused before any parsing.
    package static let maximumFileSize = 2 * 1024 * 1024

    package static func read(bytes: [UInt8], path: String) -> Result {
        guard bytes.count <= maximumFileSize else {
            let error = InputError(
                code: .fileTooLarge,
                message:
                    "the intent definition file is \(bytes.count) bytes, over the \(maximumFileSize / 1_048_576) MiB Proctor reads of one; Xcode writes some kilobytes per intent",
                location: SourceLocation(file: path))
            return Result(file: nil, inputErrors: [error])
        }
        let plist: PropertyListFile
        switch PropertyListFile.read(bytes: bytes, displayPath: path, noun: "the intent definition file") {
        case .failure(var error):
            // Foundation names a line; the column is where that line's text starts.
            if let line = error.location.line { error.location.column = SourceText(bytes: bytes).firstNonBlankColumn(onLine: line) }
            return Result(file: nil, inputErrors: [error])
        case .success(let read): plist = read
        }
        let positions = plist.positions()
        var decoder = Decoder(path: path, positions: positions)
        let file = decoder.file(plist.root)
        return Result(file: file, diagnostics: decoder.diagnostics, positions: positions)
    }

    private struct Decoder {
        let path: String
        let positions: PropertyListPositions?
        var diagnostics: [Diagnostic] = []

        func location(_ pointer: JSONPointer) -> SourceLocation {
            positions?.location(of: pointer, in: path) ?? SourceLocation(file: path, pointer: pointer.description)
        }

        mutating func problem(_ code: ProblemCode, _ message: String, at pointer: JSONPointer) {
            diagnostics.append(Diagnostic(code: code, severity: .error, message: message, location: location(pointer)))
        }

        mutating func file(_ root: Any) -> IntentDefinitionFile? {
            guard let dictionary = root as? [String: Any] else {
                problem(
                    .typeMismatch, "an intent definition file is a dictionary at its top level, with INIntents; this one is not", at: JSONPointer())
                return nil
            }
            var intents: [IntentDefinition] = []
            if let list = dictionary["INIntents"] {
                let listPointer = JSONPointer(["INIntents"])
                if let entries = list as? [Any] {
                    for (index, entry) in entries.enumerated() {
                        if let intent = intent(entry, at: listPointer.appending(index)) { intents.append(intent) }
                    }
                } else {
                    problem(.typeMismatch, "INIntents is an array of intents; this one is not an array", at: listPointer)
                }
            }
            return IntentDefinitionFile(path: path, intents: intents)
        }

        mutating func intent(_ entry: Any, at pointer: JSONPointer) -> IntentDefinition? {
            guard let fields = entry as? [String: Any] else {
                problem(.typeMismatch, "an entry of INIntents is a dictionary describing one intent; this one is not", at: pointer)
                return nil
            }
            var wrong = false
            func text(_ key: String) -> String? {
                guard let value = fields[key] else { return nil }
                guard let text = value as? String else {
                    problem(.typeMismatch, "\(key) is a string; this one is not", at: pointer.appending(key))
                    wrong = true
                    return nil
                }
                return text
            }
            func flag(_ key: String) -> Bool {
                guard let value = fields[key] else { return false }
                guard let flag = Self.bool(value) else {
                    problem(.typeMismatch, "\(key) is a boolean (<true/> or <false/>); this one is not", at: pointer.appending(key))
                    wrong = true
                    return false
                }
                return flag
            }
            let name = text("INIntentName")
            var intent = IntentDefinition(
                name: name ?? "", customClassName: text("INIntentClassName"), classPrefix: text("INIntentClassPrefix"), type: text("INIntentType"),
                category: text("INIntentCategory"), title: text("INIntentTitle"), intentDescription: text("INIntentDescription"),
                isIneligibleForSuggestions: flag("INIntentIneligibleForSuggestions"), isConfigurable: flag("INIntentConfigurable"),
                isEligibleForWidgets: flag("INIntentEligibleForWidgets"), pointer: pointer)
            intent.parameters = parameters(fields["INIntentParameters"], at: pointer.appending("INIntentParameters"), wrong: &wrong)
            intent.responseCodes = responseCodes(fields["INIntentResponse"], at: pointer.appending("INIntentResponse"), wrong: &wrong)
            if name == nil && !wrong {
                problem(
                    .missingValue, "this intent has no INIntentName, the name Xcode generates its class from, so it is left out",
                    at: pointer)
                return nil
            }
            return wrong || (name ?? "").isEmpty ? nil : intent
        }

        mutating func parameters(_ value: Any?, at pointer: JSONPointer, wrong: inout Bool) -> [IntentDefinition.Parameter] {
            guard let value else { return [] }
            guard let entries = value as? [Any] else {
                problem(.typeMismatch, "INIntentParameters is an array of parameters; this one is not an array", at: pointer)
                wrong = true
                return []
            }
            var parameters: [IntentDefinition.Parameter] = []
            for (index, entry) in entries.enumerated() {
                guard let fields = entry as? [String: Any], let name = fields["INIntentParameterName"] as? String else {
                    problem(
                        .typeMismatch, "a parameter is a dictionary with an INIntentParameterName string; this one is not",
                        at: pointer.appending(index))
                    wrong = true
                    continue
                }
                parameters.append(
                    IntentDefinition.Parameter(
                        name: name, type: fields["INIntentParameterType"] as? String,
                        customType: (fields["INIntentParameterObjectType"] ?? fields["INIntentParameterEnumType"]) as? String,
                        hasDynamicOptions: fields["INIntentParameterSupportsDynamicEnumeration"].flatMap(Self.bool) ?? false))
            }
            return parameters
        }

        mutating func responseCodes(_ value: Any?, at pointer: JSONPointer, wrong: inout Bool) -> [String] {
            guard let value else { return [] }
            guard let response = value as? [String: Any] else {
                problem(.typeMismatch, "INIntentResponse is a dictionary; this one is not", at: pointer)
                wrong = true
                return []
            }
            guard let codes = response["INIntentResponseCodes"] else { return [] }
            guard let entries = codes as? [Any] else {
                problem(
                    .typeMismatch, "INIntentResponseCodes is an array of response codes; this one is not",
                    at: pointer.appending("INIntentResponseCodes"))
                wrong = true
                return []
            }
            return entries.compactMap { ($0 as? [String: Any])?["INIntentResponseCodeName"] as? String }
        }

        /// A property list boolean (`<true/>`, `<false/>`).
        static func bool(_ value: Any) -> Bool? { value as? Bool }
    }
}
