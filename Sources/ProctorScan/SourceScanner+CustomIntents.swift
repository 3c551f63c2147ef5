import ProctorCore
import ProctorEngine
import ProctorInputs
import ProctorJSON
import ProctorLint
import ProctorPayloads
import ProctorRules

// SiriKit custom intents in `proctor scan` (docs/scan.md, "Custom intents"): the intent definition
// files found beside the Swift are read for their intents, and the Swift for the handlers of them.
// Kept apart from the activity extractor: the Swift is parsed for this only when the scan found a
// definition, and only the files that name a handling protocol or a dispatcher.

extension SourceScanner {
    /// Whether a scanned file is an intent definition file rather than Swift.
    static func isIntentDefinition(_ path: String) -> Bool { path.hasSuffix(IntentDefinitionReader.fileExtension) }

    /// Reads the definition files and the handling Swift of one app's files, judges the rules
    /// over custom intents, and returns a result for each definition file, with its findings.
    /// The definitions' own rules (`custom_intent_*`) are `proctor lint`'s, which reads the
    /// Info.plists of a whole repository; the scan does not judge them again.
    static func judgeCustomIntents(
        definitions: [SourceFile], swift: [(file: SourceFile, lines: SourceLines)], engine: RuleEngine, context: RuleContext
    ) -> [FileResult] {
        guard !definitions.isEmpty else { return [] }
        var results: [FileResult] = []
        var subject = SourceCustomIntents()
        var places: [String: ProctorCore.SourceLocation] = [:]
        for definition in definitions {
            var result = FileResult(path: definition.path)
            let read = IntentDefinitionReader.read(bytes: Array(definition.text.utf8), path: definition.path)
            result.inputErrors = read.inputErrors
            result.diagnostics = read.diagnostics
            result.wasChecked = read.inputErrors.isEmpty
            if let file = read.file {
                result.payloadCount = 1
                for intent in file.intents {
                    // Named by the file and the entry, so two files' entries stay apart.
                    let pointer = JSONPointer([definition.path] + intent.pointer.tokens)
                    var place =
                        read.positions?.location(of: intent.pointer, in: definition.path)
                        ?? ProctorCore.SourceLocation(file: definition.path, pointer: intent.pointer.description)
                    place.pointer = intent.pointer.description
                    places[pointer.description] = place
                    subject.intents.append(.init(intent: intent, pointer: pointer))
                }
            }
            results.append(result)
        }
        let defined = Set(subject.intents.map { $0.intent.className + "Handling" })
        let isHandling = { (name: String) in name.hasSuffix("IntentHandling") || defined.contains(name) }
        let found = handlingSwift(swift, isHandling: isHandling)
        // A subclass of a handler adopts its protocols too, and an adopter of a protocol refining
        // a handling protocol adopts that one.
        var superclasses: [String: String] = [:]
        var refinements: [String: [String]] = [:]
        for extractor in found {
            superclasses.merge(extractor.superclasses) { first, _ in first }
            refinements.merge(extractor.refinements) { first, second in first + second }
        }
        for conformance in found.flatMap(\.conformances) {
            for name in handlingProtocols(reachedFrom: conformance.protocolName, refinements: refinements) where isHandling(name) {
                subject.adopters[name, default: []].insert(conformance.type)
            }
        }
        for (type, _) in superclasses {
            let chain = ScannedEntryPoints.inheritanceChain(of: type, superclass: superclasses[type]) { superclasses[$0] }
            for (name, adopters) in subject.adopters where adopters.contains(where: { chain.dropFirst().contains($0) }) {
                subject.adopters[name]?.insert(type)
            }
        }
        subject.dispatchers = found.flatMap(\.dispatchers).map { .init(symbol: $0.symbol, returnedTypes: $0.returnedTypes, isOpaque: $0.isOpaque) }
        let locate = { (pointer: JSONPointer) -> ProctorCore.SourceLocation in
            var place = places[pointer.description] ?? ProctorCore.SourceLocation(file: pointer.tokens.first ?? "")
            place.pointer = JSONPointer(Array(pointer.tokens.dropFirst())).description
            return place
        }
        var findings: [Finding] = []
        engine.rules(judging: SourceCustomIntents.self).judge(subject, in: context, locate: locate, into: &findings)
        for finding in findings {
            guard let index = results.firstIndex(where: { $0.path == finding.location.file }) else { continue }
            results[index].findings.append(finding)
        }
        return results
    }

    /// What the Swift files that may handle intents hold: first those naming a handling protocol
    /// or a dispatcher (``CustomIntentExtractor/markers``), then, as long as they declare
    /// protocols refining a handling protocol, the files not yet read that name one of those
    /// (`class Handler: SoupHandler` where `protocol SoupHandler: OrderSoupIntentHandling`). Each
    /// file is read at most once.
    private static func handlingSwift(
        _ swift: [(file: SourceFile, lines: SourceLines)], isHandling: (String) -> Bool
    ) -> [CustomIntentExtractor.Found] {
        var found: [CustomIntentExtractor.Found] = []
        var unread = swift.map { Pair(file: $0.file, lines: $0.lines) }
        var markers = CustomIntentExtractor.markers
        var searched: Set<String> = []
        while !markers.isEmpty, !unread.isEmpty {
            searched.formUnion(markers)
            let words = markers
            let named = unread.map { pair in words.contains(where: { ByteSearch.contains($0, in: pair.file.text) }) }
            let batch = zip(unread, named).filter(\.1).map(\.0)
            unread = zip(unread, named).filter { !$0.1 }.map(\.0)
            found += DeepStack.concurrentMap(batch) { pair -> CustomIntentExtractor.Found in
                let extractor = CustomIntentExtractor(lines: pair.lines)
                extractor.walk(Self.parse(pair.file.text))
                return extractor.found
            }
            var refinements: [String: [String]] = [:]
            for extractor in found { refinements.merge(extractor.refinements) { first, second in first + second } }
            let refining = refinements.keys.filter { name in
                !isHandling(name) && handlingProtocols(reachedFrom: name, refinements: refinements).contains(where: isHandling)
            }
            markers = refining.filter { !searched.contains($0) }.sorted()
        }
        return found
    }

    /// The protocols `name` is or refines, through any number of refinements (each protocol
    /// followed once, so a cycle ends).
    static func handlingProtocols(reachedFrom name: String, refinements: [String: [String]]) -> Set<String> {
        var reached: Set<String> = [name]
        var queue = [name]
        while let next = queue.popLast() {
            for refined in refinements[next] ?? [] where reached.insert(refined).inserted { queue.append(refined) }
        }
        return reached
    }

    /// A Swift file and its lines, handed to the workers.
    private struct Pair: Sendable {
        var file: SourceFile
        var lines: SourceLines
    }
}
