import ProctorCore
import SwiftSyntax

/// The query items a URL handler reads by name (docs/scan.md, "URL routes"): through
/// `URLComponents` made of the URL, `queryItems?.first(where: { $0.name == "id" })`, `.first { … }`,
/// `.last(where:)`, `.filter { … }`, and a dictionary made of the items subscripted with a name.
/// A read with a fallback (`?.value ?? "all"`) is not one the screen needs and is not counted, as
/// for an activity's `userInfo` keys; any other read, optional chaining that carries on included,
/// is. A name the scan cannot resolve is noted, never guessed.
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
                guard let name = comparedName(in: closure) else {
                    handler.queryUndecided.append(("chooses query items by something else than their name compared with ==", location(call)))
                    continue
                }
                if Self.hasFallback(Syntax(call)) { continue }
                reads.append(QueryItemRead(name: name, position: call.position.utf8Offset, location: location(call)))
            } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self),
                let path = ValueResolver.path(of: Self.unwrappedURLExpression(subscriptCall.calledExpression)), path.count == 1,
                names.queryDictionaries.contains(path[0]), subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first
            {
                if Self.hasFallback(Syntax(subscriptCall)) { continue }
                reads.append(QueryItemRead(name: value(argument.expression), position: subscriptCall.position.utf8Offset, location: location(subscriptCall)))
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
}
