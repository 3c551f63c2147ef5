import ProctorCore
import SwiftSyntax

// App entities in Spotlight and activities, and App Intents donated (issue 34): the calls that
// hand the system an entity or an intent, with the type each names when the syntax says it
// (docs/scan.md, "What it reads"). Which type is an entity or an intent is decided once every
// file is read (SourceScanner+AppEntities.swift); what the syntax does not say is kept as a
// reason, never guessed.

/// One call that hands the system an app entity or an App Intent.
struct ScannedEntityUse {
    enum Kind: String {
        /// `index.indexAppEntities(_:priority:)`.
        case indexAppEntities
        /// `index.deleteAppEntities(identifiedBy:ofType:)` (and the other deletions of entities).
        case deleteAppEntities
        /// `attributeSet.associateAppEntity(_:priority:)` (or a searchable item's).
        case associateAppEntity
        /// `CSSearchableItem(appEntity:)`.
        case searchableItem
        /// `activity.appEntityIdentifier = EntityIdentifier(…)`.
        case appEntityIdentifier
        /// `IntentDonationManager.shared.donate(intent:)`, `intent.donate()`, `donate(result:)`.
        case donation
    }

    var kind: Kind
    /// The entity's (or, for a donation, the intent's) type as written, when the syntax names it.
    var type: String?
    /// Why the type is not known, when it is not.
    var reason: String?
    /// The enclosing types, where a written type is looked up.
    var scope: [String]
    /// A donation of the intent the system runs: `donate()` or `donate(intent: self)` inside the
    /// `perform()` of the type in `scope`.
    var donatesSelfInPerform = false
    /// `donate(intent:)`: the donation manager's method, whose argument is an App Intent whatever
    /// the scan knows of its type.
    var isDonationManagerCall = false
    var location: ProctorCore.SourceLocation
    var symbol: String
}

extension SourceExtractor {
    /// The entity-indexing methods of Core Spotlight's extensions for App Intents.
    private static let indexingCalls: [String: ScannedEntityUse.Kind] = [
        "indexAppEntities": .indexAppEntities, "deleteAppEntities": .deleteAppEntities, "deleteAllAppEntities": .deleteAppEntities,
        "associateAppEntity": .associateAppEntity,
    ]

    /// A call handing the system an entity or an intent (called for every call the file makes).
    func readEntityUse(_ call: FunctionCallExprSyntax) {
        guard let name = Self.calledName(call.calledExpression) else { return }
        if let kind = Self.indexingCalls[name] {
            noteEntityIndexing(kind, at: call)
            var use = entityUse(kind, at: call)
            switch kind {
            case .deleteAppEntities:
                // `ofType: NoteEntity.self` names the type.
                if let type = call.arguments.first(where: { $0.label?.text == "ofType" })?.expression {
                    (use.type, use.reason) = Self.metatype(type)
                } else {
                    use.reason = "the type is given by the entities' own type, which Proctor does not infer"
                }
            default:
                if let first = call.arguments.first?.expression { (use.type, use.reason) = entityType(of: first) }
            }
            entityUses.append(use)
            return
        }
        if ValueResolver.path(of: call.calledExpression).map({ $0 == ["CSSearchableItem"] || $0 == ["CSSearchableItem", "init"] }) == true,
            let argument = call.arguments.first(where: { $0.label?.text == "appEntity" })
        {
            noteEntityIndexing(.searchableItem, at: call)
            var use = entityUse(.searchableItem, at: call)
            (use.type, use.reason) = entityType(of: argument.expression)
            entityUses.append(use)
            return
        }
        if name == "donate" { readDonation(call) }
    }

    /// `activity.appEntityIdentifier = EntityIdentifier(for: NoteEntity.self, identifier: id)`.
    func readEntityIdentifierAssignment(_ parts: [ExprSyntax]) {
        guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self), let target = ValueResolver.path(of: parts[0]),
            target.last == "appEntityIdentifier", !parts[2].is(NilLiteralExprSyntax.self)
        else { return }
        var use = entityUse(.appEntityIdentifier, at: parts[0])
        if let call = parts[2].as(FunctionCallExprSyntax.self), let callee = ValueResolver.path(of: call.calledExpression),
            callee == ["EntityIdentifier"] || callee == ["EntityIdentifier", "init"] || callee == ["init"]
        {
            if let type = call.arguments.first(where: { $0.label?.text == "for" })?.expression {
                // `for: NoteEntity.self, identifier:` names the type; `for: note` is an entity of some type.
                (use.type, use.reason) = type.is(MemberAccessExprSyntax.self) ? Self.metatype(type) : entityType(of: type)
            } else {
                use.reason = "an EntityIdentifier Proctor cannot read (no 'for:' argument)"
            }
        } else {
            use.reason = "an identifier computed at run time ('\(parts[2].trimmedDescription.prefix(40))')"
        }
        entityUses.append(use)
    }

    /// `IntentDonationManager.shared.donate(intent: OpenNoteIntent(…))`, `intent.donate()`,
    /// `try await OpenNoteIntent(…).donate(result:)`, and inside an intent's own `perform()`,
    /// `donate()` or `donate(intent: self)`. SiriKit's `interaction.donate(completion:)` is no
    /// App Intents donation, nor is a call the scan cannot tell is one (nothing is recorded).
    private func readDonation(_ call: FunctionCallExprSyntax) {
        let labels = call.arguments.map { $0.label?.text }
        if call.trailingClosure != nil || labels.contains("completion") { return }
        let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        let inPerform = scopes.last == "perform()"
        if labels.first == "intent", let intent = call.arguments.first?.expression {
            // The donation manager's method: whatever the receiver, `intent:` is an App Intent.
            var use = entityUse(.donation, at: call)
            use.isDonationManagerCall = true
            if ValueResolver.path(of: intent) == ["self"] {
                use.type = types.joined(separator: ".")
                use.donatesSelfInPerform = inPerform
            } else {
                (use.type, use.reason) = intentType(of: intent)
            }
            entityUses.append(use)
            return
        }
        guard labels.isEmpty || labels == ["result"] else { return }
        var use = entityUse(.donation, at: call)
        if base == nil || base.flatMap(ValueResolver.path(of:)) == ["self"] {
            // `donate()` on the intent itself: only inside one of its methods is it an intent's.
            guard inPerform || scopes.contains(where: { $0.hasSuffix(")") }) else { return }
            use.type = types.joined(separator: ".")
            use.donatesSelfInPerform = inPerform
        } else if let base {
            (use.type, use.reason) = intentType(of: base)
            // `interaction.donate()` and other receivers the scan cannot name: not known to be an intent.
            if use.type == nil { return }
        }
        entityUses.append(use)
    }

    private func entityUse(_ kind: ScannedEntityUse.Kind, at node: some SyntaxProtocol) -> ScannedEntityUse {
        ScannedEntityUse(kind: kind, scope: types, location: location(node), symbol: symbol)
    }

    /// A file that indexes entities: the type names it holds, for the types it may index that its
    /// calls do not name (`index.indexAppEntities(snapshot.entities)`).
    private func noteEntityIndexing(_ kind: ScannedEntityUse.Kind, at call: FunctionCallExprSyntax) {
        guard kind != .deleteAppEntities, namesInIndexingFile == nil else { return }
        let root = Syntax(call).root
        var names: Set<String> = []
        for token in root.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true { names.insert(name) }
        }
        namesInIndexingFile = names
    }

    /// `NoteEntity.self`: `NoteEntity`.
    private static func metatype(_ expression: ExprSyntax) -> (String?, String?) {
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self", let base = member.base,
            let path = ValueResolver.path(of: base)
        {
            return (path.joined(separator: "."), nil)
        }
        return (nil, "a type Proctor cannot name ('\(expression.trimmedDescription.prefix(40))')")
    }

    /// The type of the entities an expression holds, when the syntax says it: `[NoteEntity(…)]`,
    /// `NoteEntity(…)`, a name bound earlier in the function to one of those (or declared with
    /// its type), `notes.map(NoteEntity.init)`.
    private func entityType(of expression: ExprSyntax) -> (String?, String?) {
        if let array = expression.as(ArrayExprSyntax.self) {
            let types = Set(array.elements.map { entityType(of: $0.expression).0 })
            if types.count == 1, let type = types.first, let type { return (type, nil) }
            return (nil, "an array of entities Proctor cannot name one type of")
        }
        // `Array(snapshot.entities[range])`: a collection of what its argument holds (Home Assistant's shape).
        if let call = expression.as(FunctionCallExprSyntax.self), let path = ValueResolver.path(of: call.calledExpression),
            path.count == 1 && Self.collectionTypes.contains(path[0]), call.arguments.count == 1, let argument = call.arguments.first
        {
            return entityType(of: argument.expression)
        }
        if let type = Self.constructedType(expression) { return (type, nil) }
        // `notes.map(NoteEntity.init)` or `.map { NoteEntity(note: $0) }`.
        if let call = expression.as(FunctionCallExprSyntax.self), Self.calledName(call.calledExpression) == "map" {
            if let function = call.arguments.first?.expression, let path = ValueResolver.path(of: function), path.last == "init", path.count > 1 {
                return (path.dropLast().joined(separator: "."), nil)
            }
            if let closure = call.trailingClosure, closure.statements.count == 1, case .expr(let body)? = closure.statements.first?.item,
                let type = Self.constructedType(body)
            {
                return (type, nil)
            }
        }
        if let path = ValueResolver.path(of: expression), path.count == 1, let bound = boundType(of: path[0], near: expression) {
            return (bound, nil)
        }
        return (nil, "entities computed at run time ('\(expression.trimmedDescription.prefix(40))'), whose type Proctor does not infer")
    }

    /// The standard collections whose initializer copies another collection.
    private static let collectionTypes: Set<String> = ["Array", "Set", "ContiguousArray"]

    /// The type of an intent an expression holds: `OpenNoteIntent(…)`, or a name bound to one.
    private func intentType(of expression: ExprSyntax) -> (String?, String?) {
        if let type = Self.constructedType(expression) { return (type, nil) }
        if let path = ValueResolver.path(of: expression), path.count == 1, let bound = boundType(of: path[0], near: expression) {
            return (bound, nil)
        }
        return (nil, "an intent computed at run time ('\(expression.trimmedDescription.prefix(40))'), whose type Proctor does not infer")
    }

    /// `NoteEntity(…)` or `Notes.Entity.init(…)`: the type it makes (a name that starts with a
    /// capital, as types do; `makeNote(…)` is a function, not a type).
    private static func constructedType(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self), var path = ValueResolver.path(of: call.calledExpression) else { return nil }
        if path.last == "init" { path.removeLast() }
        guard let last = path.last, last.first?.isUppercase == true else { return nil }
        return path.joined(separator: ".")
    }

    /// The type `name` was bound to earlier in an enclosing block: `let intent = OpenNoteIntent()`
    /// or `let notes: [NoteEntity] = …`.
    private func boundType(of name: String, near node: some SyntaxProtocol) -> String? {
        // A type the scan can name: `NoteEntity`, `[Notes.Entity]?`; not `some AppEntity` or a tuple.
        func named(_ type: TypeSyntax) -> String? {
            let name = Self.qualifiedName(type)
            return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? name : nil
        }
        var current = Syntax(node).parent
        while let node = current {
            if let block = node.as(CodeBlockItemListSyntax.self) {
                for item in block {
                    guard case .decl(let declaration) = item.item, let variable = declaration.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let declared = binding.typeAnnotation?.type { return named(declared) }
                        if let value = binding.initializer?.value, let type = Self.constructedType(value) { return type }
                    }
                }
            }
            // A parameter of the enclosing function: `func index(_ notes: [NoteEntity])`.
            if let function = node.as(FunctionDeclSyntax.self) {
                for parameter in function.signature.parameterClause.parameters where (parameter.secondName ?? parameter.firstName).text == name {
                    return named(parameter.type)
                }
                break
            }
            if node.is(ClosureExprSyntax.self) { break }
            current = node.parent
        }
        return nil
    }

    /// A `perform()` whose body is `.result()` alone (or `return .result()`): the intent does
    /// nothing when it runs.
    static func performDoesNothing(_ function: FunctionDeclSyntax) -> Bool {
        guard let statements = function.body?.statements, statements.count == 1, let item = statements.first?.item else { return false }
        var expression: ExprSyntax?
        if case .expr(let bare) = item { expression = bare }
        if case .stmt(let statement) = item, let returned = statement.as(ReturnStmtSyntax.self) { expression = returned.expression }
        guard let call = expression?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "result"
        else { return false }
        return member.base == nil
    }

    /// The attribute set properties an `IndexedEntity`'s `attributeSet` getter sets
    /// (`attributes.contentDescription = …`), sorted.
    static func attributeSetAssignments(in binding: PatternBindingSyntax) -> [String] {
        guard let accessors = binding.accessorBlock else { return [] }
        var names: Set<String> = []
        for node in accessors.allDescendants {
            guard let sequence = node.as(SequenceExprSyntax.self) else { continue }
            let parts = Array(sequence.elements)
            guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
                let member = parts[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text, attributeSetProperties.contains(member)
            else { continue }
            names.insert(member)
        }
        return names.sorted()
    }
}
