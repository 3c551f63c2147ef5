import ProctorCore
import ProctorJSON
import SwiftSyntax

// Communication notifications (issue 34, docs/scan.md): a notification's content updated with a
// message or call intent, `content.updating(from: intent)`, and whether an incoming
// `INInteraction` of that intent is donated first, as Apple's guide "Implementing communication
// notifications" orders it ("Donate the interaction before updating notification content").

/// Whether an intent is donated before the notification is updated with it, as a function's code
/// shows: an `INInteraction(intent:response:)` of it whose `donate` is called before.
struct ScannedIntentDonation {
    /// An interaction of the intent is donated before the update (or the builder's return).
    var donated = false
    /// The direction set on the donated interaction (`incoming`, `outgoing`), or why it is
    /// computed; nil when the code sets none.
    var direction: StaticValue?
    /// Where the donated interaction is made.
    var location: ProctorCore.SourceLocation?
    /// Its intent is an initializer the SiriKit reader follows, so its payload is judged (its
    /// direction by `interaction_direction`).
    var isJudgedAsPayload = false
    /// The functions of the app's the intent is handed to before the update (not to log it):
    /// one of them may donate it.
    var handedTo: [String] = []

    mutating func add(_ other: ScannedIntentDonation) {
        if !donated && other.donated {
            donated = true
            direction = other.direction
            location = other.location
            isJudgedAsPayload = other.isJudgedAsPayload
        }
        handedTo += other.handedTo.filter { !handedTo.contains($0) }
    }
}

/// `content.updating(from: intent)`.
struct ScannedContentUpdate {
    var location: ProctorCore.SourceLocation
    var symbol: String
    /// `INSendMessageIntent` or `INStartCallIntent`, when the scan tells it.
    var className: String?
    /// The function of the app's whose result the intent is (`buildIntent(…)`), found by name
    /// among the scanned files' intent builders.
    var builder: String?
    /// Why the scan cannot follow the intent, when it cannot.
    var unknownReason: String?
    /// The file imports both UserNotifications and Intents: an update whose intent is not
    /// followed is noted only then (elsewhere `updating(from:)` may be any type's method).
    var importsNotificationsAndIntents = false
    var donation = ScannedIntentDonation()
    /// The interaction the notification stands for, incoming, when the intent is built in this
    /// function and no donation of it is judged as a payload already.
    var interaction: ScannedDonation?
}

/// A function of the app's that returns a message or call intent (`func buildIntent(…) ->
/// INSendMessageIntent`), with what it builds and whether it donates it before returning.
struct ScannedIntentBuilder {
    var name: String
    var className: String
    var donation: ScannedIntentDonation
    var interaction: ScannedDonation?
}

/// A function of the app's that donates an interaction of an intent it is given
/// (`func donate(_ intent: INSendMessageIntent)`).
struct ScannedIntentDonor {
    var name: String
    var donation: ScannedIntentDonation
}

extension SourceExtractor {
    /// The intents a communication notification is updated with (Apple, "Implementing
    /// communication notifications": "To support INSendMessageIntent donations…"; "When the user
    /// receives an incoming call, you create an INStartCallIntent").
    static let notificationIntentClasses: Set<String> = ["INSendMessageIntent", "INStartCallIntent"]

    /// `x.updating(from: intent)`: the intent, how it is built and whether it is donated first.
    func readContentUpdate(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "updating",
            call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "from", call.trailingClosure == nil
        else { return }
        var update = ScannedContentUpdate(location: location(member.declName), symbol: symbol)
        update.importsNotificationsAndIntents = Self.importsNotificationsAndIntents(call)
        let body = Self.enclosingBody(of: Syntax(call))
        var expression = Self.intentExpression(argument.expression)
        var intentName: String?
        var bound: SyntaxIdentifier?
        if let path = ValueResolver.path(of: expression), path.count == 1 {
            intentName = path[0]
            if let binding = Self.binding(named: path[0], before: Syntax(call)) {
                bound = binding.id
                update.className = Self.intentClass(of: binding.typeAnnotation?.type)
                if let initializer = binding.initializer?.value {
                    expression = Self.intentExpression(initializer)
                } else {
                    update.unknownReason = "'\(path[0])' is declared without a value in \(symbol)"
                }
            } else if let body, Self.parameterNames(ofFunctionAround: body).contains(path[0]) {
                update.unknownReason =
                    "the intent is the parameter '\(path[0])' of \(symbol): the caller builds it, and whether it donates an interaction of it first is the caller's"
            } else {
                update.unknownReason = "'\(path[0])' is not bound in \(symbol) (a property, or a value computed elsewhere)"
            }
        }
        if update.unknownReason == nil {
            if let built = expression.as(FunctionCallExprSyntax.self), let callee = ValueResolver.path(of: built.calledExpression),
                callee.count == 1, Self.notificationIntentClasses.contains(callee[0])
            {
                update.className = callee[0]
            } else if let built = expression.as(FunctionCallExprSyntax.self), let name = Self.calledName(built.calledExpression),
                !Self.notificationIntentClasses.contains(name)
            {
                update.builder = name
            } else if update.className == nil {
                update.unknownReason = "the intent is computed in a way the scan does not follow"
            }
        }
        if let intentName, let body {
            update.donation = intentDonation(of: intentName, in: body, before: call.positionAfterSkippingLeadingTrivia)
        }
        // One interaction per intent: several updates with the intent bound to one name stand
        // for the same notification's.
        if update.className != nil, update.builder == nil, !(update.donation.donated && update.donation.isJudgedAsPayload),
            bound.map({ notificationIntents.insert($0).inserted }) ?? true
        {
            update.interaction = notificationInteraction(argument.expression, near: Syntax(call))
        }
        contentUpdates.append(update)
    }

    /// A function returning a message or call intent (a builder), or donating an interaction of
    /// an intent it takes (a donor).
    func readIntentFunction(_ node: FunctionDeclSyntax) {
        guard let body = node.body else { return }
        if let className = Self.intentClass(of: node.signature.returnClause?.type) {
            var builder = ScannedIntentBuilder(name: node.name.text, className: className, donation: ScannedIntentDonation())
            if let returned = Self.lastReturn(in: body) {
                let expression = Self.intentExpression(returned.expression)
                if let path = ValueResolver.path(of: expression), path.count == 1 {
                    builder.donation = intentDonation(of: path[0], in: Syntax(body), before: returned.node.positionAfterSkippingLeadingTrivia)
                }
                if !(builder.donation.donated && builder.donation.isJudgedAsPayload) {
                    builder.interaction = notificationInteraction(returned.expression, near: returned.node)
                }
            }
            intentBuilders.append(builder)
        }
        for parameter in node.signature.parameterClause.parameters
        where Self.intentClass(of: parameter.type) != nil || Self.unwrappedTypeName(parameter.type) == "INIntent" {
            let name = (parameter.secondName ?? parameter.firstName).text
            let donation = intentDonation(of: name, in: Syntax(body), before: body.endPosition)
            if donation.donated { intentDonors.append(ScannedIntentDonor(name: node.name.text, donation: donation)) }
        }
    }

    /// Whether `body` donates an interaction of the intent named `name` before `position`: an
    /// `INInteraction(intent: name, …)` whose `donate` is called (`interaction.donate { … }`,
    /// `try await interaction.donate()`, or on the initializer itself), and the direction set
    /// on it. Closures in the body count (a donation inside `withCheckedContinuation`).
    func intentDonation(of name: String, in body: Syntax, before position: AbsolutePosition) -> ScannedIntentDonation {
        // Indexed once per body: a function with many updates would otherwise walk it for each.
        let index: BodyCallIndex
        if let known = bodyCallIndexes[body.id] {
            index = known
        } else {
            index = BodyCallIndex(body)
            bodyCallIndexes[body.id] = index
        }
        var found = ScannedIntentDonation()
        for (call, boundTo, isDonatedInPlace) in index.interactions[name] ?? [] where call.positionAfterSkippingLeadingTrivia < position {
            var donated = isDonatedInPlace
            var direction: StaticValue?
            if !donated, let interaction = boundTo {
                donated = (index.donations[interaction] ?? []).contains { $0 < position }
                if let value = index.directions[interaction] { direction = directionValue(value) }
            }
            guard donated else { continue }
            found.donated = true
            found.direction = direction
            found.location = location(call)
            if let initializer = Self.declaration(named: name, before: Syntax(call))?.initializer.map(Self.intentExpression),
                let built = initializer.as(FunctionCallExprSyntax.self), let path = ValueResolver.path(of: built.calledExpression),
                path.count == 1, Self.intentClasses.contains(path[0])
            {
                found.isJudgedAsPayload = true
            }
            break
        }
        for (place, called) in index.handed[name] ?? [] where place < position && !found.handedTo.contains(called) {
            found.handedTo.append(called)
        }
        return found
    }

    /// A direction as written: `.incoming`, `INInteractionDirection.incoming`, else what the
    /// value resolver reads (computed at run time, with why).
    private func directionValue(_ expression: ExprSyntax) -> StaticValue {
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base == nil || ValueResolver.path(of: member.base!) == ["INInteractionDirection"]
        {
            return .string(member.declName.baseName.text)
        }
        return value(expression)
    }

    /// The interaction a communication notification stands for, as the payload the system is to
    /// be handed: the intent `expression` (at `near`) read as a donation's is, and direction
    /// incoming. Nil when the intent is not an initializer of a message or call intent the
    /// SiriKit reader follows.
    private func notificationInteraction(_ expression: ExprSyntax, near: Syntax) -> ScannedDonation? {
        siriKitBudget = Self.siriKitValueLimit
        let unwrapped = Self.intentExpression(expression)
        // Where the intent is built: its initializer, when a name bound to one is given.
        var built = Syntax(unwrapped)
        if let name = ValueResolver.path(of: unwrapped), name.count == 1,
            let initializer = Self.declaration(named: name[0], before: near)?.initializer
        {
            built = Syntax(Self.intentExpression(initializer))
        }
        var interaction = ScannedDonation(activityType: .dynamic("an intent the scan cannot follow"), location: location(built), symbol: symbol)
        interaction.kind = .interaction
        interaction.currentness = .handedOn
        interaction.standsForNotification = true
        let root = JSONPointer(["interaction"])
        guard let (className, fields) = siriKitObject(unwrapped, near: near, key: "intent", path: root.appending("intent"), into: &interaction),
            Self.notificationIntentClasses.contains(className)
        else { return nil }
        interaction.activityType = .string(className)
        var property = ScannedDonation.Property(
            key: "intent", value: .dictionary([(className, .dictionary(fields.map { ($0.key, $0.value) }))]), location: location(built))
        property.entries = fields.map { ($0.key, $0.location) }
        property.entryPrefix = [className]
        interaction.properties.append(property)
        // What the notification needs: "Set the interaction's direction to incoming".
        interaction.properties.append(ScannedDonation.Property(key: "direction", value: .string("incoming"), location: location(near)))
        return interaction
    }

    /// `try`, `await`, parentheses, `!` and casts (`as! INSendMessageIntent`) taken off.
    static func intentExpression(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        for _ in 0..<16 {
            if let tried = current.as(TryExprSyntax.self) {
                current = tried.expression
            } else if let awaited = current.as(AwaitExprSyntax.self) {
                current = awaited.expression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
                only.label == nil
            {
                current = only.expression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let cast = current.as(AsExprSyntax.self) {
                current = cast.expression
            } else if let sequence = current.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first
            {
                // Unfolded, as the parser leaves it: `x as! T`.
                current = first
            } else {
                break
            }
        }
        return current
    }

    /// `INSendMessageIntent` or `INStartCallIntent`, when `type` names one (optional or not).
    static func intentClass(of type: TypeSyntax?) -> String? {
        type.flatMap(unwrappedTypeName).flatMap { notificationIntentClasses.contains($0) ? $0 : nil }
    }

    /// The binding `let name …` (or `var`) in the nearest enclosing block that declares it
    /// before `near`, with its type annotation and initializer.
    static func binding(named name: String, before near: Syntax) -> PatternBindingSyntax? {
        var node = near
        while let parent = node.parent {
            if let list = parent.as(CodeBlockItemListSyntax.self), let position = list.firstIndex(where: { Syntax($0) == node }) {
                for index in list[..<position].indices.reversed() {
                    guard case .decl(let declaration) = list[index].item, let variable = declaration.as(VariableDeclSyntax.self) else { continue }
                    if let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) {
                        return binding
                    }
                }
            }
            node = parent
        }
        return nil
    }

    /// The body of the function, initializer or accessor around `node` (closures inside it are
    /// part of it); outside any (top-level code, a closure stored in a property), the file, so
    /// that a donation anywhere before the update counts rather than none.
    static func enclosingBody(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) { return function.body.map(Syntax.init) }
            if let initializer = candidate.as(InitializerDeclSyntax.self) { return initializer.body.map(Syntax.init) }
            if let accessor = candidate.as(AccessorBlockSyntax.self) { return Syntax(accessor) }
            current = candidate.parent
        }
        return node.root
    }

    /// The parameters' names of the function or initializer whose body is `body`.
    static func parameterNames(ofFunctionAround body: Syntax) -> Set<String> {
        let parameters =
            body.parent?.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
            ?? body.parent?.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
        return Set((parameters.map(Array.init) ?? []).map { ($0.secondName ?? $0.firstName).text })
    }

    /// The last `return` with a value of the function whose body is `body` (not of a closure or
    /// a function inside it), or its single expression when it has no `return`.
    static func lastReturn(in body: CodeBlockSyntax) -> (expression: ExprSyntax, node: Syntax)? {
        if body.statements.count == 1, case .expr(let expression) = body.statements.first!.item {
            return (expression, Syntax(expression))
        }
        let returns = IntentReturnCollector(viewMode: .sourceAccurate)
        returns.walk(body)
        guard let last = returns.returns.last, let expression = last.expression else { return nil }
        return (expression, Syntax(last))
    }

    /// Whether the file of `node` imports both UserNotifications and Intents.
    static func importsNotificationsAndIntents(_ node: some SyntaxProtocol) -> Bool {
        guard let file = node.root.as(SourceFileSyntax.self) else { return false }
        let imported = Set(
            file.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
        return imported.contains("UserNotifications") && imported.contains("Intents")
    }
}

/// What a body's calls say about interactions, by name, in source order: the
/// `INInteraction(intent: name, …)` calls, where `x.donate` is called, the last `x.direction`
/// assigned, and the functions of the app's each name is handed to.
struct BodyCallIndex {
    /// Each interaction of the intent of a name: the call, the name it is bound to (`let
    /// interaction = INInteraction(…)`), and whether `donate` is called on the call itself.
    var interactions: [String: [(call: FunctionCallExprSyntax, boundTo: String?, isDonatedInPlace: Bool)]] = [:]
    var donations: [String: [AbsolutePosition]] = [:]
    var directions: [String: ExprSyntax] = [:]
    var handed: [String: [(position: AbsolutePosition, called: String)]] = [:]

    /// What code hands a value to only to print it, or the update itself: no donor.
    private static let notDonors: Set<String> = ["updating", "print", "debugPrint", "dump", "NSLog"]

    /// The name `let name = call` binds the call to, without looking for the statement's place.
    private static func boundName(of call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call)
        // `try`, `await` around the call.
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
        guard let clause = node.parent?.as(InitializerClauseSyntax.self), let binding = clause.parent?.as(PatternBindingSyntax.self) else {
            return nil
        }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    init(_ body: Syntax) {
        let collector = BodyCallCollector(viewMode: .sourceAccurate)
        collector.walk(body)
        for call in collector.calls {
            let callee = ValueResolver.path(of: call.calledExpression)
            if callee == ["INInteraction"] {
                if let intent = call.arguments.first(where: { $0.label?.text == "intent" }),
                    let path = ValueResolver.path(of: SourceExtractor.intentExpression(intent.expression)), path.count == 1
                {
                    let member = call.parent?.as(MemberAccessExprSyntax.self)
                    let inPlace = member?.declName.baseName.text == "donate" && member?.parent?.is(FunctionCallExprSyntax.self) == true
                    interactions[path[0], default: []].append((call, Self.boundName(of: call), inPlace))
                }
                continue
            }
            if let callee, callee.count == 2, callee[1] == "donate" {
                donations[callee[0], default: []].append(call.positionAfterSkippingLeadingTrivia)
            }
            guard let called = SourceExtractor.calledName(call.calledExpression), !Self.notDonors.contains(called) else { continue }
            for argument in call.arguments {
                guard let path = ValueResolver.path(of: SourceExtractor.intentExpression(argument.expression)), path.count == 1 else { continue }
                handed[path[0], default: []].append((call.positionAfterSkippingLeadingTrivia, called))
            }
        }
        for (target, value) in collector.assignments {
            if let path = ValueResolver.path(of: target), path.count == 2, path[1] == "direction" { directions[path[0]] = value }
        }
    }
}

/// Every call in a body, closures included, and every assignment (`a.b = c`), in source order.
final class BodyCallCollector: CompiledSyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    var assignments: [(target: ExprSyntax, value: ExprSyntax)] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }

    // Unfolded, as the parser leaves it: `a.b = c` is a sequence of three.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let parts = Array(node.elements)
        if parts.count == 3, parts[1].is(AssignmentExprSyntax.self) { assignments.append((parts[0], parts[2])) }
        return .visitChildren
    }

    // A function declared inside the body is its own.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The `return` statements of a body, not those of closures or functions inside it.
final class IntentReturnCollector: CompiledSyntaxVisitor {
    var returns: [ReturnStmtSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        returns.append(node)
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
