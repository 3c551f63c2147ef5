import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorReports
import ProctorRules

/// What a scan found of App Intents, as `--emit-intents` writes it: each intent with its title,
/// parameters and whether it opens the app, each entity and enumeration with its query, and each
/// App Shortcut with its phrases (docs/scan.md, "Reusing what it extracts"). A value computed at
/// run time is left out and listed under `computed`, with why.
package struct ExtractedAppIntents: Sendable, Equatable {
    package struct Parameter: Sendable, Equatable {
        package var name: String
        /// The type as written (`[Folder]?`).
        package var type: String?
        package var title: String?
        /// `entity` or `enum` when the type is one of the app's.
        package var kind: String?
    }

    package struct Intent: Sendable, Equatable {
        package var name: String
        /// The App Intents protocols (and the app's own refining them) it conforms to.
        package var conformsTo: [String]
        package var title: String?
        package var description: String?
        package var openAppWhenRun: Bool?
        package var perform: Bool
        package var parameters: [Parameter]
        package var computed: [(key: String, reason: String)]
        package var source: String

        package static func == (lhs: Intent, rhs: Intent) -> Bool { lhs.source == rhs.source && lhs.name == rhs.name }
    }

    package struct Entity: Sendable, Equatable {
        package var name: String
        /// `entity` or `enum`.
        package var kind: String
        package var defaultQuery: String?
        /// It conforms to IndexedEntity.
        package var indexed = false
        /// The attribute set properties its own `attributeSet` sets (IndexedEntity, iOS 18).
        package var attributeSet: [String]?
        package var computed: [(key: String, reason: String)]
        package var source: String

        package static func == (lhs: Entity, rhs: Entity) -> Bool { lhs.source == rhs.source && lhs.name == rhs.name }
    }

    /// A call handing the system an entity (Spotlight, an activity) or an intent (a donation).
    package struct EntityUse: Sendable, Equatable {
        /// `indexAppEntities`, `deleteAppEntities`, `associateAppEntity`, `CSSearchableItem(appEntity:)`,
        /// `appEntityIdentifier` or `donate`.
        package var kind: String
        /// The entity's or intent's type, as the scan resolved it.
        package var type: String?
        /// Why the type is not known.
        package var computed: String?
        /// A donation of the intent its own `perform()` runs.
        package var inOwnPerform = false
        package var source: String
    }

    package struct Shortcut: Sendable, Equatable {
        package var provider: String
        package var intent: String?
        /// Each phrase's text, `${applicationName}` and `${parameter}` where it interpolates them.
        package var phrases: [String]
        package var shortTitle: String?
        package var systemImageName: String?
        package var isConditional: Bool
        package var computed: [(key: String, reason: String)]
        package var source: String

        package static func == (lhs: Shortcut, rhs: Shortcut) -> Bool { lhs.source == rhs.source }
    }

    package var intents: [Intent] = []
    package var entities: [Entity] = []
    package var shortcuts: [Shortcut] = []
    /// Entities indexed in (or deleted from) Spotlight, and attribute sets associated with one.
    package var spotlight: [EntityUse] = []
    /// Activities associated with an entity (`appEntityIdentifier`).
    package var activities: [EntityUse] = []
    /// App Intents donated.
    package var donations: [EntityUse] = []
    /// What may make App Shortcuts that the scan cannot read, with where.
    package var leftOut: [String] = []

    static let generator = "proctor scan --emit-intents"

    package var isEmpty: Bool {
        intents.isEmpty && entities.isEmpty && shortcuts.isEmpty && spotlight.isEmpty && activities.isEmpty && donations.isEmpty && leftOut.isEmpty
    }

    /// Whether `bytes` are a file `--emit-intents` wrote.
    package static func isEmitted(_ bytes: [UInt8]) -> Bool {
        guard case .success(let root) = JSONReader.parse(SourceText(bytes: bytes)), case .object(let object) = root.value,
            case .string(let generator)? = object["generatedBy"]?.value.value
        else { return false }
        return generator == Self.generator
    }

    mutating func add(_ other: ExtractedAppIntents) {
        intents += other.intents.filter { !intents.contains($0) }
        entities += other.entities.filter { !entities.contains($0) }
        shortcuts += other.shortcuts.filter { !shortcuts.contains($0) }
        spotlight += other.spotlight.filter { !spotlight.contains($0) }
        activities += other.activities.filter { !activities.contains($0) }
        donations += other.donations.filter { !donations.contains($0) }
        leftOut += other.leftOut.filter { !leftOut.contains($0) }
    }

    /// The file `--emit-intents` writes.
    package var text: String {
        func computed(_ pairs: [(key: String, reason: String)]) -> [(String, JSONNode)] {
            pairs.isEmpty ? [] : [("computed", .object(pairs.map { ($0.key, .string($0.reason)) }))]
        }
        func bool(_ value: Bool) -> JSONNode { JSONNode(.bool(value), offset: 0) }
        let intents = intents.map { intent -> JSONNode in
            var members: [(String, JSONNode)] = [("name", .string(intent.name)), ("conformsTo", .array(intent.conformsTo.map(JSONNode.string)))]
            if let title = intent.title { members.append(("title", .string(title))) }
            if let description = intent.description { members.append(("description", .string(description))) }
            if let open = intent.openAppWhenRun { members.append(("openAppWhenRun", bool(open))) }
            members.append(("perform", bool(intent.perform)))
            members.append(
                (
                    "parameters",
                    .array(
                        intent.parameters.map { parameter in
                            var fields: [(String, JSONNode)] = [("name", .string(parameter.name))]
                            if let type = parameter.type { fields.append(("type", .string(type))) }
                            if let kind = parameter.kind { fields.append(("kind", .string(kind))) }
                            if let title = parameter.title { fields.append(("title", .string(title))) }
                            return .object(fields)
                        })
                ))
            return .object(members + computed(intent.computed) + [("source", .string(intent.source))])
        }
        let entities = entities.map { entity -> JSONNode in
            var members: [(String, JSONNode)] = [("name", .string(entity.name)), ("kind", .string(entity.kind))]
            if let query = entity.defaultQuery { members.append(("defaultQuery", .string(query))) }
            if entity.indexed { members.append(("indexed", bool(true))) }
            if let attributes = entity.attributeSet { members.append(("attributeSet", .array(attributes.map(JSONNode.string)))) }
            return .object(members + computed(entity.computed) + [("source", .string(entity.source))])
        }
        let shortcuts = shortcuts.map { shortcut -> JSONNode in
            var members: [(String, JSONNode)] = [("provider", .string(shortcut.provider))]
            if let intent = shortcut.intent { members.append(("intent", .string(intent))) }
            members.append(("phrases", .array(shortcut.phrases.map(JSONNode.string))))
            if let title = shortcut.shortTitle { members.append(("shortTitle", .string(title))) }
            if let image = shortcut.systemImageName { members.append(("systemImageName", .string(image))) }
            if shortcut.isConditional { members.append(("conditional", bool(true))) }
            return .object(members + computed(shortcut.computed) + [("source", .string(shortcut.source))])
        }
        func uses(_ uses: [EntityUse], typeKey: String) -> JSONNode {
            .array(
                uses.map { use in
                    var members: [(String, JSONNode)] = [("kind", .string(use.kind))]
                    if let type = use.type { members.append((typeKey, .string(type))) }
                    if let reason = use.computed { members.append(("computed", .object([(typeKey, .string(reason))]))) }
                    if use.inOwnPerform { members.append(("inOwnPerform", bool(true))) }
                    return .object(members + [("source", .string(use.source))])
                })
        }
        var members: [(String, JSONNode)] = [
            ("generatedBy", .string(Self.generator)), ("intents", .array(intents)), ("entities", .array(entities)),
            ("shortcuts", .array(shortcuts)),
        ]
        // Written only when the app has some, so a file of App Shortcuts alone reads as before.
        if !spotlight.isEmpty { members.append(("spotlight", uses(spotlight, typeKey: "entity"))) }
        if !activities.isEmpty { members.append(("activities", uses(activities, typeKey: "entity"))) }
        if !donations.isEmpty { members.append(("donations", uses(donations, typeKey: "intent"))) }
        if !leftOut.isEmpty { members.append(("leftOut", .array(leftOut.map(JSONNode.string)))) }
        return JSONWriter.write(.object(members), indent: 2) + "\n"
    }
}

extension SourceScanner {
    /// The system's value types a parameter may have, none of them an AppEntity or an AppEnum.
    static let systemValueTypes: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Date", "DateComponents", "URL", "Decimal", "Measurement", "IntentFile", "IntentPerson",
        "IntentCurrencyAmount", "IntentPaymentMethod", "CLPlacemark", "Duration", "AttributedString", "Color",
    ]

    /// The last name of a qualified path: `Open` for `Folders.Open`.
    static func shortName(_ path: String) -> String { path.split(separator: ".").last.map(String.init) ?? path }

    /// The app's App Intents, entities and App Shortcuts, from the declarations of every file of
    /// one app: the rules judged (their findings into `findings`), what is computed noted (into
    /// `notes`), and the listing `--emit-intents` writes.
    static func judgeAppIntents(
        _ declarations: [ScannedAppIntentDeclaration], uses: [ScannedEntityUse] = [], indexingNames: Set<String>? = nil, engine: RuleEngine,
        context: RuleContext, into findings: inout [Finding], notes: inout [Diagnostic]
    ) -> (listing: ExtractedAppIntents, judged: [RunReport.Tally], files: Set<String>) {
        // The app's own protocols refining AppIntent, AppEntity or AppEnum count as they do.
        var intentNames = SourceExtractor.appIntentProtocols
        var entityNames = SourceExtractor.appEntityProtocols
        var enumNames = SourceExtractor.appEnumProtocols
        let protocols = declarations.filter(\.isProtocol)
        func grow(_ names: inout Set<String>) -> Bool {
            var grew = false
            for declared in protocols where !names.contains(declared.name) && declared.inherited.contains(where: names.contains) {
                names.insert(declared.name)
                grew = true
            }
            return grew
        }
        // The protocols that make an entity indexed, an intent an OpenIntent, one that hands its
        // target to a scene, and one the system opens by its URL.
        var indexedNames: Set<String> = ["IndexedEntity"]
        var openNames: Set<String> = ["OpenIntent"]
        var sceneNames: Set<String> = ["TargetContentProvidingIntent", "UISceneAppIntent"]
        var urlIntentNames: Set<String> = ["URLRepresentableIntent"]
        // Until no protocol is added: one may refine another the app declares.
        while true {
            var grew = [grow(&intentNames), grow(&entityNames), grow(&enumNames), grow(&indexedNames), grow(&openNames)]
            grew += [grow(&sceneNames), grow(&urlIntentNames)]
            if !grew.contains(true) { break }
        }
        // Each type's declarations (its own and its extensions'), in the order of the files.
        var order: [String] = []
        var byName: [String: [ScannedAppIntentDeclaration]] = [:]
        for declaration in declarations where !declaration.isProtocol {
            if byName[declaration.name] == nil { order.append(declaration.name) }
            byName[declaration.name, default: []].append(declaration)
        }
        func inherited(_ name: String) -> [String] {
            var seen: [String] = []
            for name in byName[name]?.flatMap(\.inherited) ?? [] where !seen.contains(name) { seen.append(name) }
            return seen
        }
        func primary(_ name: String) -> ScannedAppIntentDeclaration? {
            byName[name].flatMap { group in group.first { !$0.isExtension } ?? group.first }
        }
        let intents = order.filter { inherited($0).contains(where: intentNames.contains) }
        let entities = Set(order.filter { inherited($0).contains(where: entityNames.contains) })
        let enums = Set(order.filter { inherited($0).contains(where: enumNames.contains) })
        let providers = order.filter { inherited($0).contains(where: SourceExtractor.appShortcutsProviderProtocols.contains) }
        var files: Set<String> = []
        var listing = ExtractedAppIntents()
        var subject = SourceAppIntents()
        var places: [String: ProctorCore.SourceLocation] = [:]
        func place(_ pointer: JSONPointer, _ location: ProctorCore.SourceLocation) { places[pointer.description] = location }
        func note(_ message: String, at location: ProctorCore.SourceLocation) {
            notes.append(Diagnostic(code: dynamicValue, severity: .note, message: message, location: location))
        }
        func source(_ location: ProctorCore.SourceLocation, _ symbol: String) -> String {
            "\(location.file):\(location.line ?? 0):\(location.column ?? 0) (\(symbol))"
        }
        // A parameter's type is compared by its last name (`FolderEntity` for `Folders.FolderEntity`).
        let entityTypes = Set(entities.map(Self.shortName))
        let enumTypes = Set(enums.map(Self.shortName))
        func kind(of type: String?) -> SourceAppIntents.ParameterKind {
            guard let type else { return .unknown }
            if entityTypes.contains(type) { return .entity }
            if enumTypes.contains(type) { return .enumeration }
            return systemValueTypes.contains(type) ? .otherType(type) : .unknown
        }

        // The intents: their texts, parameters and whether they open the app.
        var parametersOf: [String: (parameters: [String: String?], complete: Bool)] = [:]
        for name in intents {
            guard let group = byName[name], let first = primary(name) else { continue }
            files.formUnion(group.map(\.location.file))
            let title = group.lazy.compactMap(\.title).first
            let description = group.lazy.compactMap(\.description).first
            let openApp = group.lazy.compactMap(\.openAppWhenRun).first
            let parameters = group.flatMap(\.parameters)
            // A class may inherit parameters from a base class of the app's the scan does not
            // follow; a struct or an enumeration has only those declared.
            let baseClass = first.isClass && first.inherited.first.map { !intentNames.contains($0) && $0 != "NSObject" } == true
            let types = Dictionary(parameters.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            parametersOf[name] = (types, !first.isExtension && !baseClass)
            var computed: [(key: String, reason: String)] = []
            if let title {
                if let text = title.value.string {
                    let pointer = JSONPointer([name, "title"])
                    place(pointer, title.location)
                    subject.texts.append(.init(what: "the title of \(name)", text: text, pointer: pointer))
                } else {
                    let reason = title.value.dynamicReason ?? "not a string"
                    computed.append(("title", reason))
                    note("the title of \(name) is computed at run time (\(reason)); it is not checked", at: title.location)
                }
            }
            if let description, description.value.string == nil {
                computed.append(("description", description.value.dynamicReason ?? "not a string"))
            }
            if let openApp, !(openApp.value == .bool(true) || openApp.value == .bool(false)) {
                computed.append(("openAppWhenRun", openApp.value.dynamicReason ?? "not a Boolean"))
            }
            for parameter in parameters {
                guard let title = parameter.title else { continue }
                if let text = title.string {
                    let pointer = JSONPointer([name, "parameter", parameter.name, "title"])
                    place(pointer, parameter.location)
                    subject.texts.append(.init(what: "the title of \(name)'s parameter '\(parameter.name)'", text: text, pointer: pointer))
                } else {
                    computed.append(("parameters/\(parameter.name)/title", title.dynamicReason ?? "not a string"))
                }
            }
            listing.intents.append(
                .init(
                    name: name, conformsTo: inherited(name).filter(intentNames.contains), title: title?.value.string,
                    description: description?.value.string,
                    openAppWhenRun: openApp.flatMap { if case .bool(let open) = $0.value { open } else { nil } },
                    perform: group.contains(where: \.hasPerform),
                    parameters: parameters.map { parameter in
                        let kind: String? =
                            switch kind(of: parameter.type) {
                            case .entity: "entity"
                            case .enumeration: "enum"
                            default: nil
                            }
                        return .init(name: parameter.name, type: parameter.written, title: parameter.title?.string, kind: kind)
                    },
                    computed: computed, source: source(first.location, name)))
        }
        // The entities and enumerations, with their default query.
        for name in order where entities.contains(name) || enums.contains(name) {
            guard let group = byName[name], let first = primary(name) else { continue }
            files.formUnion(group.map(\.location.file))
            let query = group.lazy.compactMap(\.defaultQuery).first
            var computed: [(key: String, reason: String)] = []
            if let query, query.value.string == nil { computed.append(("defaultQuery", query.value.dynamicReason ?? "not a type")) }
            listing.entities.append(
                .init(
                    name: name, kind: entities.contains(name) ? "entity" : "enum", defaultQuery: query?.value.string,
                    indexed: inherited(name).contains(where: indexedNames.contains), attributeSet: group.lazy.compactMap(\.attributeSet).first,
                    computed: computed, source: source(first.location, name)))
        }
        // Entities in Spotlight and activities, intents donated, and OpenIntents (SourceScanner+AppEntities.swift).
        let entityFacts = AppEntityFacts(
            byName: byName, intents: intents, entities: entities, enums: enums, inherited: inherited, indexedNames: indexedNames,
            openNames: openNames, sceneNames: sceneNames, urlIntentNames: urlIntentNames)
        files.formUnion(
            entityFacts.judge(uses, indexingNames: indexingNames, listing: &listing, subject: &subject, place: place, note: note, source: source))
        // A shortcut's intent as written (`Folders.Open`), looked up as Swift does from inside its
        // provider (`Notes.Shortcuts` finds `Notes.Open` written `Open`), else by its last name
        // when one intent alone has it; several have it: none is guessed.
        func resolve(_ written: String, from provider: String) -> (intent: String?, candidates: [String]) {
            var scope = provider.split(separator: ".").map(String.init)
            while true {
                let candidate = (scope + [written]).joined(separator: ".")
                if parametersOf[candidate] != nil { return (candidate, []) }
                if scope.isEmpty { break }
                scope.removeLast()
            }
            let candidates = intents.filter { Self.shortName($0) == Self.shortName(written) }
            return (candidates.count == 1 ? candidates[0] : nil, candidates)
        }
        // The App Shortcuts of every provider, in the order written.
        for name in providers {
            guard let group = byName[name], let list = group.lazy.compactMap(\.appShortcuts).first else { continue }
            files.formUnion(group.map(\.location.file))
            let symbol = "\(name).appShortcuts"
            for entry in list.computed {
                subject.hasUnreadShortcuts = true
                listing.leftOut.append("\(source(entry.location, symbol)): \(entry.reason)")
                note("\(entry.reason); they are not checked", at: entry.location)
            }
            for (index, shortcut) in list.shortcuts.enumerated() {
                let pointer = JSONPointer([symbol, String(index)])
                place(pointer, shortcut.location)
                var computed: [(key: String, reason: String)] = []
                var intent = shortcut.intent
                if let written = intent {
                    let found = resolve(written, from: name)
                    if let resolved = found.intent {
                        intent = resolved
                    } else if found.candidates.count > 1 {
                        let reason =
                            "'\(written)' may be any of \(found.candidates.sorted().joined(separator: ", ")); Proctor does not guess which"
                        computed.append(("intent", reason))
                        note(
                            "the intent of \(name)'s App Shortcut is ambiguous: \(reason); its phrases' parameters are not checked",
                            at: shortcut.location)
                    }
                } else {
                    computed.append(("intent", "not an initializer call of an intent"))
                }
                let known = intent.flatMap { parametersOf[$0] }
                let whose = "\(name)'s App Shortcut\(intent.map { " for \($0)" } ?? "")"
                var phrases: [SourceAppIntents.Phrase] = []
                if let reason = shortcut.phrasesComputed {
                    computed.append(("phrases", reason))
                    note("the phrases of \(name)'s App Shortcut are \(reason); they are not checked", at: shortcut.location)
                }
                for (number, phrase) in shortcut.phrases.enumerated() {
                    let phrasePointer = pointer.appending("phrases").appending(String(number))
                    place(phrasePointer, phrase.location)
                    guard let text = phrase.text else {
                        let reason = phrase.reason ?? "computed at run time"
                        computed.append(("phrases/\(number)", reason))
                        note("a phrase of \(name)'s App Shortcut is computed at run time (\(reason)); it is not checked", at: phrase.location)
                        continue
                    }
                    let parameters = phrase.parameters.map { parameter -> SourceAppIntents.PhraseParameter in
                        let parameterPointer = phrasePointer.appending(parameter.name)
                        place(parameterPointer, parameter.location)
                        var found = SourceAppIntents.ParameterKind.unknown
                        if let known {
                            if let type = known.parameters[parameter.name] {
                                found = kind(of: type)
                            } else if known.complete {
                                found = .notAParameter
                            }
                        }
                        return .init(name: parameter.name, kind: found, pointer: parameterPointer)
                    }
                    phrases.append(.init(text: text, hasApplicationName: phrase.hasApplicationName, parameters: parameters, pointer: phrasePointer))
                    subject.texts.append(.init(what: "a phrase of \(whose)", text: text, pointer: phrasePointer))
                }
                if let title = shortcut.shortTitle {
                    if let text = title.string {
                        let titlePointer = pointer.appending("shortTitle")
                        place(titlePointer, shortcut.location)
                        subject.texts.append(.init(what: "the short title of \(whose)", text: text, pointer: titlePointer))
                    } else {
                        computed.append(("shortTitle", title.dynamicReason ?? "not a string"))
                    }
                }
                if let image = shortcut.systemImageName, image.string == nil {
                    computed.append(("systemImageName", image.dynamicReason ?? "not a string"))
                }
                subject.shortcuts.append(
                    .init(provider: name, intent: intent, phrases: phrases, isConditional: shortcut.isConditional, pointer: pointer))
                listing.shortcuts.append(
                    .init(
                        provider: name, intent: intent, phrases: shortcut.phrases.compactMap(\.text), shortTitle: shortcut.shortTitle?.string,
                        systemImageName: shortcut.systemImageName?.string, isConditional: shortcut.isConditional, computed: computed,
                        source: source(shortcut.location, symbol)))
            }
        }
        let locate = { (pointer: JSONPointer) -> ProctorCore.SourceLocation in
            var written = pointer.tokens
            while !written.isEmpty && places[JSONPointer(written).description] == nil { written.removeLast() }
            var location = places[JSONPointer(written).description] ?? ProctorCore.SourceLocation(file: "")
            location.pointer = pointer.description
            return location
        }
        engine.rules(judging: SourceAppIntents.self).judge(subject, in: context, locate: locate, into: &findings)
        let judged = [
            RunReport.Tally(key: "appIntents", singular: "App Intent", plural: "App Intents", count: listing.intents.count),
            RunReport.Tally(key: "appShortcuts", singular: "App Shortcut", plural: "App Shortcuts", count: listing.shortcuts.count),
            RunReport.Tally(key: "appEntities", singular: "app entity", plural: "app entities", count: listing.entities.count),
        ]
        return (listing, judged, files)
    }
}
