import ProctorCore
import SwiftSyntax

/// The query items a URL handler reads by name (docs/scan.md, "URL routes"): through
/// `URLComponents` made of the URL, `queryItems?.first(where: { $0.name == "id" })`, `.first { … }`,
/// `.last(where:)`, `.filter { … }`, and a dictionary made of the items subscripted with a name.
/// Only a read the handler cannot go on without counts (``isNeeded(_:in:)``): a `guard let`, an
/// `if let` with no `else`, a `!`. A name the scan cannot resolve is noted, never guessed.
extension SourceExtractor {
    /// A query item read by name, and where.
    struct QueryItemRead {
        var name: StaticValue
        var position: Int
        var location: ProctorCore.SourceLocation
    }

    /// Binds `bound` when `value` is the URL's query items (`components.queryItems`,
    /// `URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems`) or a dictionary made
    /// of them (`Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value) })`,
    /// `items.reduce(into: [:]) { $0[$1.name] = $1.value }`).
    func bindQueryName(_ bound: String, to value: ExprSyntax, in names: inout URLNames) -> Bool {
        if isQueryList(value, names) {
            names.queryLists.insert(bound)
            return true
        }
        guard let call = Self.unwrappedURLExpression(value).as(FunctionCallExprSyntax.self) else { return false }
        let callee = ValueResolver.path(of: call.calledExpression)
        let isDictionary = callee == ["Dictionary"] || callee == ["Dictionary", "init"]
        let isReduction = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "reduce"
        guard isDictionary || isReduction else { return false }
        // Made of the query items: they are in it, and it names their names.
        let madeOfItems = Syntax(call).allDescendants.contains { node in
            guard let expression = node.as(ExprSyntax.self) else { return false }
            return isQueryList(expression, names)
        }
        let namesNames = Syntax(call).allDescendants.contains { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "name" }
        guard madeOfItems && namesNames else { return false }
        names.queryDictionaries.insert(bound)
        return true
    }

    /// `components.queryItems`, `URLComponents(url: url, …)?.queryItems`, or a name bound to them.
    private func isQueryList(_ expression: ExprSyntax, _ names: URLNames) -> Bool {
        let expression = Self.unwrappedURLExpression(expression)
        if let path = ValueResolver.path(of: expression), path.count == 1, names.queryLists.contains(path[0]) { return true }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "queryItems", let base = member.base
        else { return false }
        let source = Self.unwrappedURLExpression(base)
        if let path = ValueResolver.path(of: source), path.count == 1, names.components.contains(path[0]) { return true }
        return isComponents(source, names)
    }

    /// The query items `nodes` read by name, without a fallback. A name computed at run time, or
    /// a closure that chooses items by something else than a name compared with `==`, is noted in
    /// the handler's ``ScannedURLHandler/queryUndecided``.
    func queryItemReads(in nodes: [Syntax], _ names: URLNames, into handler: inout ScannedURLHandler) -> [QueryItemRead] {
        var reads: [QueryItemRead] = []
        for node in nodes where !Self.inGuardElse(node) {
            if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["first", "last", "filter"].contains(member.declName.baseName.text), let base = member.base, isQueryList(base, names)
            {
                let closure =
                    call.trailingClosure
                    ?? call.arguments.first(where: { $0.label == nil || $0.label?.text == "where" })?.expression.as(ClosureExprSyntax.self)
                guard let closure else { continue }
                // `filter { $0.name != "webhook_id" }` takes an item out: no read.
                if let elements = closure.statements.first?.item.as(SequenceExprSyntax.self)?.elements, closure.statements.count == 1,
                    elements.count == 3, Array(elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "!=",
                    elements.contains(where: { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "name" })
                {
                    continue
                }
                guard let name = comparedName(in: closure) else {
                    handler.queryUndecided.append(("chooses query items by something else than their name compared with ==", location(call)))
                    continue
                }
                if !Self.isNeeded(Syntax(call), in: nodes) { continue }
                reads.append(QueryItemRead(name: name, position: call.position.utf8Offset, location: location(call)))
            } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self),
                let path = ValueResolver.path(of: Self.unwrappedURLExpression(subscriptCall.calledExpression)), path.count == 1,
                names.queryDictionaries.contains(path[0]), subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first
            {
                if !Self.isNeeded(Syntax(subscriptCall), in: nodes) { continue }
                reads.append(
                    QueryItemRead(name: value(argument.expression), position: subscriptCall.position.utf8Offset, location: location(subscriptCall)))
            }
        }
        for read in reads where read.name.string == nil {
            handler.queryUndecided.append(
                ("reads a query item whose name is computed at run time (\(read.name.dynamicReason ?? "not a constant"))", read.location))
        }
        // In the order of the code.
        handler.queryUndecided.sort { $0.location < $1.location }
        return reads
    }

    /// `{ $0.name == "id" }`, `{ item in "id" == item.name }`, `{ $0.name.lowercased() == "id" }`:
    /// the name compared.
    private func comparedName(in closure: ClosureExprSyntax) -> StaticValue? {
        let parameter = Self.parameterNames(of: closure).first ?? "$0"
        guard closure.statements.count == 1, let item = closure.statements.first?.item else { return nil }
        let expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
        guard let sequence = expression?.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return nil }
        func isName(_ side: ExprSyntax) -> Bool {
            ValueResolver.path(of: Self.unwrappedURLExpression(side)) == [parameter, "name"]
        }
        if isName(elements[0]) { return value(elements[2]) }
        if isName(elements[2]) { return value(elements[0]) }
        return nil
    }

    /// The calls in `nodes` that hand the URL (or components made of it) to a function of the
    /// app's, by the function's name: its query items are the route's when the scan finds it.
    func urlCalls(in nodes: [Syntax], _ names: URLNames) -> [(name: String, position: Int)] {
        nodes.compactMap { node in
            guard let call = node.as(FunctionCallExprSyntax.self),
                call.arguments.contains(where: { argument in
                    ValueResolver.path(of: Self.unwrappedURLExpression(argument.expression)).map { path in
                        path.count == 1 && names.urls.contains(path[0])
                    } ?? false
                }),
                let callee = Self.calledName(call.calledExpression), !Self.urlLoggingFunctions.contains(callee), !Self.urlDerivations.contains(callee)
            else { return nil }
            return (callee, call.position.utf8Offset)
        }
    }

    /// Whether `node` is in a `guard`'s `else`, which runs when the screen cannot be shown: what
    /// it reads is no query item the screen needs.
    private static func inGuardElse(_ node: Syntax) -> Bool {
        var child = node
        while let parent = child.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            if let guardStatement = parent.as(GuardStmtSyntax.self), child.id == guardStatement.body.id { return true }
            child = parent
        }
        return false
    }

    /// The constant names of `reads`, sorted, once each.
    static func names(of reads: [QueryItemRead]) -> [String] {
        Array(Set(reads.compactMap(\.name.string))).sorted()
    }

    /// Whether the code cannot go on without the item `read` reads: it is force-unwrapped, bound
    /// by a `guard let`, or by an `if let` with no `else`, directly or through the name a `let`
    /// gives it (`let id = …?.value`, then `guard let id`). A read with a fallback (`?? "inbox"`),
    /// or kept optional and carried on (compared, passed, given a fallback later), is not needed:
    /// the handler copes without it, as Home Assistant's and NetNewsWire's do.
    static func isNeeded(_ read: Syntax, in nodes: [Syntax]) -> Bool {
        if hasFallback(read) { return false }
        // Up through what reads the item's value: `?.value`, `!`, `as? String`, a call on it.
        var expression = read
        while let parent = expression.parent {
            if let unwrapped = parent.as(ForceUnwrapExprSyntax.self), unwrapped.expression.id == expression.id { return true }
            if parent.is(MemberAccessExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == expression.id
            {
                expression = parent
                continue
            }
            if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self),
                list.count == 3, list.first?.id == expression.id, list.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
            {
                expression = Syntax(sequence)
                continue
            }
            break
        }
        guard let initializer = expression.parent?.as(InitializerClauseSyntax.self) else { return false }
        if let binding = initializer.parent?.as(OptionalBindingConditionSyntax.self) { return leaves(without: binding) }
        // `let id = read`: what the code does with `id`.
        guard let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return false }
        let position = binding.endPosition.utf8Offset
        return nodes.contains { node in
            guard node.position.utf8Offset >= position else { return false }
            if let unwrapped = node.as(ForceUnwrapExprSyntax.self) {
                return unwrapped.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            }
            guard let rebinding = node.as(OptionalBindingConditionSyntax.self),
                rebinding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { return false }
            let source = rebinding.initializer?.value
            guard source == nil || source?.as(DeclReferenceExprSyntax.self)?.baseName.text == name else { return false }
            return leaves(without: rebinding)
        }
    }

    /// Whether the code bound by `binding` runs only with the item: a `guard`'s, or an `if`'s
    /// with no `else` (which would do something without it) that nothing but leaving follows in
    /// its block (`if let q { search(q); return }; showSearch()` goes on without `q`).
    private static func leaves(without binding: OptionalBindingConditionSyntax) -> Bool {
        var node = Syntax(binding)
        while let parent = node.parent {
            if parent.is(GuardStmtSyntax.self) { return true }
            if let ifExpression = parent.as(IfExprSyntax.self) {
                guard ifExpression.elseBody == nil else { return false }
                return codeAfter(Syntax(ifExpression)).allSatisfy(isLeaving)
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            node = parent
        }
        return false
    }

    /// Whether `read` is on the left of `??` in the expression it is part of.
    static func hasFallback(_ read: Syntax) -> Bool {
        var node = read
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(ClosureExprSyntax.self) {
            if let list = parent.as(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) == true {
                let elements = Array(list)
                guard let index = elements.firstIndex(where: { Syntax($0) == node }) else { return false }
                if elements[(index + 1)...].contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }) { return true }
            }
            node = parent
        }
        return false
    }

    /// The statements after `node`'s own in the block that holds it (none when it is no statement
    /// of a block).
    static func codeAfter(_ node: Syntax) -> [CodeBlockItemSyntax] {
        var child = node
        while let parent = child.parent {
            if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) {
                return list.filter { $0.position.utf8Offset >= item.endPosition.utf8Offset }
            }
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) { return [] }
            child = parent
        }
        return []
    }

    /// `return`, `throw`, `break`, `continue` or `fatalError(…)`: the statement leaves the code
    /// that holds it.
    static func isLeaving(_ item: CodeBlockItemSyntax) -> Bool {
        if item.item.is(ReturnStmtSyntax.self) || item.item.is(ThrowStmtSyntax.self) || item.item.is(BreakStmtSyntax.self)
            || item.item.is(ContinueStmtSyntax.self)
        {
            return true
        }
        let call = item.item.as(FunctionCallExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
        return call?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "fatalError"
    }
}
