import ProctorCore
import SwiftSyntax

/// URL handlers and the URLs they tell apart (docs/scan.md, "URL routes"): the URL is followed
/// from the handler's parameter through the names bound to it, its parts (`scheme`, `host`,
/// `path`, `lastPathComponent`, `pathComponents[i]`, `absoluteString`) and `URLComponents` made
/// of it; each `if`, `guard` or `switch` comparing a part with a constant tells a route apart,
/// the comparisons it is nested in included.
extension SourceExtractor {
    /// The parts of a URL a handler compares.
    enum URLPart: Equatable {
        case scheme, host, path, lastPathComponent, absoluteString
        /// `pathComponents[i]`, whose element 0 is "/".
        case pathComponent(Int)
    }

    /// The names a handler's body gives the URL and what it derives from it.
    struct URLNames {
        /// Names holding the URL itself.
        var urls: Set<String> = []
        /// Names holding what the URL is found in: the set of `UIOpenURLContext`s, one of them,
        /// or the activity whose `webpageURL` it is.
        var holders: Set<String> = []
        /// `URLComponents` made of the URL.
        var components: Set<String> = []
        /// Names holding one of its parts (`let scheme = url.scheme`).
        var parts: [String: URLPart] = [:]
        /// Names holding one of its parts converted to the app's enumeration (`if let action =
        /// Action(rawValue: host)`): the part, and the enumeration, whose cases' raw values it is.
        var enumerations: [String: (part: URLPart, type: String)] = [:]
        /// Names holding the URL's query items (`let items = components.queryItems`).
        var queryLists: Set<String> = []
        /// Names holding a dictionary made of them (`Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value) })`).
        var queryDictionaries: Set<String> = []
    }

    /// `application(_:open:options:)`, `scene(_:openURLContexts:)`, and a function of the app's
    /// taking a URL (`func handle(_ url: URL)`), which a handler may hand its URL to.
    func readURLFunction(_ function: FunctionDeclSyntax, labels: [String]) {
        guard let body = function.body else { return }
        let parameters = function.signature.parameterClause.parameters
        let name = function.name.text
        func parameterName(_ label: String) -> String? {
            parameters.first { $0.firstName.text == label }.map { ($0.secondName ?? $0.firstName).text }
        }
        var names = URLNames()
        let door: ScannedURLHandler.Door
        var isLaunchRead = false
        switch (name, labels) {
        case ("application", let labels) where labels.count >= 2 && labels[1] == "open":
            guard let url = parameterName("open") else { return }
            names.urls = [url]
            door = .appDelegate
        case ("scene", ["_", "openURLContexts"]):
            guard let contexts = parameterName("openURLContexts") else { return }
            names.holders = [contexts]
            door = .scene
        case ("application", let labels) where labels.contains("continue"):
            guard let activity = parameterName("continue") else { return }
            names.holders = [activity]
            door = .universalLink
        case ("scene", ["_", "continue"]):
            guard let activity = parameterName("continue") else { return }
            names.holders = [activity]
            door = .universalLink
        case ("application", let labels)
        where labels.count == 2 && ["didFinishLaunchingWithOptions", "willFinishLaunchingWithOptions"].contains(labels[1]):
            // The URL of a launch from scratch read from the options (`let url = launchOptions?[.url]
            // as? URL`): the names bound to it are the handler's URL. A launch method that binds
            // none is no URL handler (an app delegate without scenes gets the URL in
            // application(_:open:options:) too, which is read on its own).
            guard let options = parameterName(labels[1]) else { return }
            let bound = Self.launchURLNames(of: options, in: Syntax(body.statements))
            guard !bound.isEmpty else { return }
            names.urls = bound
            door = .appDelegate
            isLaunchRead = true
        default:
            // A function of the app's taking the URL, or the context that holds it.
            if let url = parameters.first(where: { Self.unwrappedTypeName($0.type) == "URL" }) {
                names.urls = [(url.secondName ?? url.firstName).text]
            } else if let context = parameters.first(where: { Self.unwrappedTypeName($0.type) == "UIOpenURLContext" }) {
                names.holders = [(context.secondName ?? context.firstName).text]
            } else {
                return
            }
            urlFunctions.append((name, urlHandler(.appDelegate, names: names, in: Syntax(body.statements), at: function.name)))
            return
        }
        var handler = urlHandler(door, names: names, in: Syntax(body.statements), at: function.name)
        // A continue handler that never reads a webpageURL is no URL handler.
        if door == .universalLink, !readsWebpageURL(in: Syntax(body.statements), of: names.holders) { return }
        handler.type = types.last ?? "(file)"
        handler.isLaunchRead = isLaunchRead
        urlHandlers.append(handler)
    }

    /// SwiftUI's `.onOpenURL { url in … }` (or `{ handle(url: $0) }`, or a function named), and
    /// `.onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in … }` reading its
    /// `webpageURL`.
    func readURLModifier(_ call: FunctionCallExprSyntax, name: String) {
        let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        let place = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
        var names = URLNames()
        let parameter = closure.flatMap { Self.parameterNames(of: $0).first } ?? "$0"
        if name == "onOpenURL" {
            names.urls = [parameter]
        } else {
            names.holders = [parameter]
        }
        var handler: ScannedURLHandler
        if let closure {
            handler = urlHandler(name == "onOpenURL" ? .swiftUI : .universalLink, names: names, in: Syntax(closure.statements), at: place)
            if name != "onOpenURL", !readsWebpageURL(in: Syntax(closure.statements), of: names.holders) { return }
        } else if name == "onOpenURL", let function = call.arguments.first?.expression, let callee = ValueResolver.path(of: function)?.last {
            // `.onOpenURL(perform: handle)`: that function's routes.
            handler = ScannedURLHandler(door: .swiftUI, type: types.last ?? "(file)", symbol: symbol, location: location(place))
            handler.delegatesTo = callee
        } else {
            return
        }
        handler.type = types.last ?? "(file)"
        urlHandlers.append(handler)
    }

    private func readsWebpageURL(in node: Syntax, of holders: Set<String>) -> Bool {
        node.compiledDescendants.contains { descendant in
            guard let member = descendant.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "webpageURL",
                let base = member.base, let path = ValueResolver.path(of: base)
            else { return false }
            return path.count == 1 && holders.contains(path[0])
        }
    }

    /// One comparison of a URL's part with a value, and the code it decides.
    private struct URLTest {
        /// Each way the test holds (`a || b` is two), each a list of comparisons that all hold.
        var alternatives: [[(part: URLPart, value: StaticValue, prefix: Bool)]]
        var position: Int
        var scope: Range<Int>
        /// The code that runs only when it holds, its conditions included (an `if` and its body, a
        /// `guard` and the rest of its block, a `case` and its statements): where a query item read
        /// is this comparison's.
        var reach: Range<Int>
        var location: ProctorCore.SourceLocation
    }

    /// The routes of a body taking the URL (or its holder) by `names`.
    func urlHandler(_ door: ScannedURLHandler.Door, names seeds: URLNames, in body: Syntax, at place: some SyntaxProtocol) -> ScannedURLHandler {
        var handler = ScannedURLHandler(door: door, type: types.last ?? "(file)", symbol: symbol, location: location(place))
        let nodes = body.compiledDescendants
        var names = seeds
        // The names bound to the URL, its holders and its parts, in source order.
        for node in nodes {
            var bound: String?
            var initial: ExprSyntax?
            if let binding = node.as(PatternBindingSyntax.self) {
                bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                initial = binding.initializer?.value
            } else if let binding = node.as(OptionalBindingConditionSyntax.self) {
                bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                // `if let url` binds the name it shadows.
                initial = binding.initializer?.value ?? bound.map { ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier($0))) }
            }
            guard let bound, let initial else { continue }
            let value = Self.unwrappedURLExpression(initial)
            if bindQueryName(bound, to: value, in: &names) {
                continue
            } else if let converted = enumeration(convertedBy: value, names) {
                names.enumerations[bound] = converted
            } else if isComponents(value, names) {
                names.components.insert(bound)
            } else if let part = urlPart(of: value, names) {
                names.parts[bound] = part
            } else if let path = ValueResolver.path(of: value), let first = path.first {
                if names.urls.contains(first), path.count == 1 {
                    names.urls.insert(bound)
                } else if names.holders.contains(first) {
                    if ["url", "webpageURL"].contains(path.last) { names.urls.insert(bound) } else if path.count <= 2 { names.holders.insert(bound) }
                }
            }
        }
        // The comparisons, and the code that runs for the URLs one of them turns away.
        var tests: [URLTest] = []
        var away: [Range<Int>] = []
        for node in nodes {
            if let ifExpression = node.as(IfExprSyntax.self) {
                let constraints = conditionConstraints(ifExpression.conditions, names, into: &handler)
                guard !constraints.isEmpty else {
                    // `if urlString.contains(…)`: it runs for URLs no route says, so no route's
                    // query items are read there.
                    if Self.comparesURL(ifExpression.conditions, names) {
                        away.append(ifExpression.position.utf8Offset..<ifExpression.body.endPosition.utf8Offset)
                    }
                    continue
                }
                tests.append(
                    URLTest(
                        alternatives: constraints, position: ifExpression.position.utf8Offset,
                        scope: ifExpression.body.position.utf8Offset..<ifExpression.body.endPosition.utf8Offset,
                        reach: ifExpression.position.utf8Offset..<ifExpression.body.endPosition.utf8Offset, location: location(ifExpression)))
                // Its `else` runs for the URLs it does not take; so does the code after it when
                // its body always leaves (`if url.host == "new" { …; return }`).
                if let other = ifExpression.elseBody {
                    away.append(other.position.utf8Offset..<other.endPosition.utf8Offset)
                } else if let last = ifExpression.body.statements.last, Self.isLeaving(last) {
                    let after = Self.codeAfter(Syntax(ifExpression))
                    if let first = after.first, let end = after.last?.endPosition.utf8Offset {
                        away.append(first.position.utf8Offset..<end)
                    }
                }
            } else if let guardStatement = node.as(GuardStmtSyntax.self) {
                let constraints = conditionConstraints(guardStatement.conditions, names, into: &handler)
                guard !constraints.isEmpty else {
                    if Self.comparesURL(guardStatement.conditions, names),
                        let list = guardStatement.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)
                    {
                        away.append(guardStatement.position.utf8Offset..<list.endPosition.utf8Offset)
                    }
                    continue
                }
                // The rest of its block.
                var end = guardStatement.endPosition.utf8Offset
                if let item = guardStatement.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) {
                    end = list.endPosition.utf8Offset
                }
                tests.append(
                    URLTest(
                        alternatives: constraints, position: guardStatement.position.utf8Offset,
                        scope: guardStatement.endPosition.utf8Offset..<end, reach: guardStatement.position.utf8Offset..<end,
                        location: location(guardStatement)))
                away.append(guardStatement.body.position.utf8Offset..<guardStatement.body.endPosition.utf8Offset)
            } else if let switchExpression = node.as(SwitchExprSyntax.self),
                let (part, enumeration) = switchedURLPart(switchExpression.subject, names)
            {
                for element in switchExpression.cases {
                    guard case .switchCase(let switchCase) = element else { continue }
                    guard case .case(let label) = switchCase.label else {
                        // `default:` runs for the URLs no case takes.
                        away.append(switchCase.position.utf8Offset..<switchCase.endPosition.utf8Offset)
                        continue
                    }
                    // A case that only leaves takes nothing.
                    if Self.onlyLeavesURLCase(switchCase.statements) { continue }
                    for item in label.caseItems {
                        guard let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression else {
                            handler.undecided.append(("a case of a switch on the URL's \(Self.describe(part)) that is no constant", location(item)))
                            continue
                        }
                        // A case of the app's enumeration (`case .navigate:`) is its raw value.
                        let found = enumeration.flatMap { urlCaseValue(expression, of: $0) } ?? value(expression)
                        tests.append(
                            URLTest(
                                alternatives: [[(part, found, false)]], position: item.position.utf8Offset,
                                scope: switchCase.statements.position.utf8Offset..<switchCase.statements.endPosition.utf8Offset,
                                reach: switchCase.position.utf8Offset..<switchCase.statements.endPosition.utf8Offset, location: location(item)))
                    }
                }
            }
        }
        // The query items read by name, and the functions of the app's the URL is handed to, each
        // the route's whose comparisons it runs under (SourceExtractor+QueryItems.swift).
        let queryReads = queryItemReads(in: nodes, names, into: &handler)
        let urlCalls = urlCalls(in: nodes, names)
        /// Whether code at `position` runs for the URLs of the route whose comparisons reach `allowed`.
        func runs(at position: Int, under allowed: Set<Range<Int>>) -> Bool {
            if away.contains(where: { range in
                range.contains(position) && !tests.contains { range.contains($0.position) && $0.reach.contains(position) }
            }) {
                return false
            }
            return Set(tests.filter { $0.reach.contains(position) }.map(\.reach)).isSubset(of: allowed)
        }
        handler.wideQueryItems = Self.names(of: queryReads.filter { runs(at: $0.position, under: []) })
        // A route per comparison that decides no other: the comparisons around it, and its own.
        for test in tests where !tests.contains(where: { $0.position != test.position && test.scope.contains($0.position) }) {
            let chain = tests.filter { $0.scope.contains(test.position) } + [test]
            let reaches = Set(chain.map(\.reach))
            // Every way the chain holds: one alternative of each test (bounded: real code has one or two).
            var ways: [[(part: URLPart, value: StaticValue, prefix: Bool)]] = [[]]
            for link in chain {
                ways = ways.flatMap { way in link.alternatives.map { way + $0 } }
                if ways.count > 64 {
                    ways = []
                    handler.undecided.append(("tells more than 64 combinations of URL parts apart", test.location))
                    break
                }
            }
            for way in ways {
                var route = ScannedURLRoute(location: test.location)
                route.queryItems = Self.names(of: queryReads.filter { runs(at: $0.position, under: reaches) })
                route.queryCalls = Array(Set(urlCalls.filter { runs(at: $0.position, under: reaches) }.map(\.name))).sorted()
                var reason: String?
                for (part, found, isPrefix) in way {
                    guard let text = found.string else {
                        reason =
                            "compares the URL's \(Self.describe(part)) with a value computed at run time (\(found.dynamicReason ?? "not a constant"))"
                        break
                    }
                    if let problem = Self.apply(part, text, prefix: isPrefix, to: &route) {
                        reason = problem
                        break
                    }
                }
                if let reason {
                    handler.undecided.append((reason, test.location))
                } else if !handler.routes.contains(route) {
                    handler.routes.append(route)
                }
            }
        }
        if tests.isEmpty {
            // Nothing told apart here: the one function of the app's the URL is handed to.
            var callees: Set<String> = []
            for node in nodes {
                guard let call = node.as(FunctionCallExprSyntax.self),
                    call.arguments.contains(where: { argument in
                        ValueResolver.path(of: Self.unwrappedURLExpression(argument.expression)).map { path in
                            path.count == 1 && (names.urls.contains(path[0]) || names.holders.contains(path[0]) && !seeds.holders.contains(path[0]))
                                || path.count >= 2 && names.holders.contains(path[0]) && path.count <= 3
                        } ?? false
                    }),
                    let callee = Self.calledName(call.calledExpression), !Self.urlLoggingFunctions.contains(callee),
                    !Self.urlDerivations.contains(callee)
                else { continue }
                callees.insert(ValueResolver.path(of: call.calledExpression)?.joined(separator: ".") ?? callee)
            }
            if callees.count == 1, let callee = callees.first {
                handler.delegatesTo = callee.split(separator: ".").last.map(String.init)
                handler.handedTo = callee
            } else if callees.count > 1 {
                handler.handedTo = callees.sorted().joined(separator: ", ")
            }
        }
        return handler
    }

    /// Whether a condition (not a binding) names the URL or one of its parts: a comparison the
    /// scan could not read as a route.
    private static func comparesURL(_ conditions: ConditionElementListSyntax, _ names: URLNames) -> Bool {
        let known = names.urls.union(names.components).union(names.holders).union(names.parts.keys).union(names.enumerations.keys)
        return conditions.contains { condition in
            guard case .expression(let expression) = condition.condition else { return false }
            return (Syntax(expression).allDescendants + [Syntax(expression)]).contains { node in
                node.as(DeclReferenceExprSyntax.self).map { known.contains($0.baseName.text) } ?? false
            }
        }
    }

    /// Whether a case only leaves: `break`, `return`, or `return` of a literal (`false`, `nil`);
    /// `return open(url)` does the work.
    private static func onlyLeavesURLCase(_ statements: CodeBlockItemListSyntax) -> Bool {
        statements.allSatisfy { item in
            if item.item.is(BreakStmtSyntax.self) { return true }
            guard let returned = item.item.as(ReturnStmtSyntax.self) else { return false }
            guard let expression = returned.expression else { return true }
            return expression.is(NilLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
        }
    }

    /// Calls that make another value of the URL, which the handler then compares or hands on.
    static let urlDerivations: Set<String> = ["URLComponents", "URL", "String", "NSURL", "URLRequest"]

    /// Calls that only log or keep a URL.
    static let urlLoggingFunctions: Set<String> = [
        "print", "debugPrint", "dump", "NSLog", "os_log", "log", "trace", "debug", "info", "notice", "warning", "error", "fault", "critical",
        "assert", "precondition", "Current",
    ]

    /// What `part` compared with `text` says of the route; a reason when it cannot be written as
    /// a pattern.
    private static func apply(_ part: URLPart, _ text: String, prefix: Bool, to route: inout ScannedURLRoute) -> String? {
        switch part {
        case .scheme:
            route.scheme = text.hasSuffix(":") ? String(text.dropLast()) : text
        case .host:
            if prefix { return "compares the URL's host by its start" }
            route.host = text
        case .path:
            let path = text.hasPrefix("/") ? text : "/" + text
            if prefix {
                let components = path.split(separator: "/").map(String.init)
                route.path = components.isEmpty ? .any : .prefix(components)
            } else {
                route.path = .exact(path)
            }
        case .lastPathComponent:
            if prefix { return "compares the URL's last path component by its start" }
            route.path = .last(text)
        case .pathComponent(let index):
            if prefix { return "compares a path component by its start" }
            var known: [String] = []
            if case .prefix(let components) = route.path { known = components }
            guard index == known.count + 1 else { return "compares path component \(index) without those before it" }
            route.path = .prefix(known + [text])
        case .absoluteString:
            guard let scheme = URLPattern.scheme(of: text) else { return "compares the whole URL with '\(text)', which has no scheme" }
            route.scheme = scheme
            var rest = text.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//") else {
                if !(prefix && rest.isEmpty) { return "compares the whole URL with '\(text)', which has no host" }
                return nil
            }
            rest = rest.dropFirst(2)
            let hostEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
            let host = String(rest[..<hostEnd])
            let path = rest[hostEnd...]
            if path.contains("?") || path.contains("#") { return "compares the whole URL with '\(text)', query and all" }
            if host.isEmpty, prefix, path.isEmpty { return nil }
            if prefix && path.isEmpty {
                // `hasPrefix("app://se")` could be the start of a longer host.
                return "compares the whole URL by its start '\(text)', which may end inside the host"
            }
            route.host = host
            let components = path.split(separator: "/").map(String.init)
            if prefix {
                route.path = components.isEmpty ? .any : .prefix(components)
            } else {
                route.path = path.isEmpty ? .any : .exact(String(path))
            }
        }
        return nil
    }

    static func describe(_ part: URLPart) -> String {
        switch part {
        case .scheme: "scheme"
        case .host: "host"
        case .path: "path"
        case .lastPathComponent: "last path component"
        case .absoluteString: "text"
        case .pathComponent(let index): "path component \(index)"
        }
    }

    /// The ways a list of conditions holds, each the comparisons of URL parts it makes (the
    /// conditions together: `if let scheme = url.scheme, scheme == "x"`); empty when it compares
    /// none. A comparison the scan cannot read as a route (`contains(_:)`) is noted undecided.
    private func conditionConstraints(
        _ conditions: ConditionElementListSyntax, _ names: URLNames, into handler: inout ScannedURLHandler
    ) -> [[(part: URLPart, value: StaticValue, prefix: Bool)]] {
        var ways: [[(part: URLPart, value: StaticValue, prefix: Bool)]] = [[]]
        var found = false
        for condition in conditions {
            guard case .expression(let expression) = condition.condition else { continue }
            let alternatives = urlAlternatives(in: expression, names, into: &handler)
            guard !alternatives.isEmpty else { continue }
            found = true
            ways = ways.flatMap { way in alternatives.map { way + $0 } }
        }
        return found ? ways : []
    }

    /// `a || b`: each side's comparisons, when every side compares a URL part.
    private func urlAlternatives(
        in expression: ExprSyntax, _ names: URLNames, into handler: inout ScannedURLHandler
    ) -> [[(part: URLPart, value: StaticValue, prefix: Bool)]] {
        guard let sequence = expression.as(SequenceExprSyntax.self),
            sequence.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" })
        else {
            if let alternatives = membership(expression, names) { return alternatives }
            noteUndecided(expression, names, into: &handler)
            let constraints = urlConstraints(in: expression, names)
            return constraints.isEmpty ? [] : [constraints]
        }
        var sides: [[ExprSyntax]] = [[]]
        for part in sequence.elements {
            if part.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" { sides.append([]) } else { sides[sides.count - 1].append(part) }
        }
        var alternatives: [[(part: URLPart, value: StaticValue, prefix: Bool)]] = []
        for side in sides {
            let expression = side.count == 1 ? side[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(side)))
            let constraints = urlConstraints(in: expression, names)
            // A side that compares no URL part holds for any URL: the test tells nothing apart.
            if constraints.isEmpty { return [] }
            alternatives.append(constraints)
        }
        return alternatives
    }

    /// What a switch's subject is: a part of the URL, or a part converted to the app's
    /// enumeration (by a name bound above, or in place).
    private func switchedURLPart(_ subject: ExprSyntax, _ names: URLNames) -> (URLPart, String?)? {
        let subject = Self.unwrappedURLExpression(subject)
        if let part = urlPart(of: subject, names) { return (part, nil) }
        if let path = ValueResolver.path(of: subject), path.count == 1, let converted = names.enumerations[path[0]] {
            return (converted.part, converted.type)
        }
        if let converted = enumeration(convertedBy: subject, names) { return (converted.part, converted.type) }
        return nil
    }

    /// `Action(rawValue: url.host)` (with `lowercased()`, `!` or `?`): the part and `Action`.
    private func enumeration(convertedBy expression: ExprSyntax, _ names: URLNames) -> (part: URLPart, type: String)? {
        guard let call = Self.unwrappedURLExpression(expression).as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let argument = call.arguments.first, argument.label?.text == "rawValue",
            let part = urlPart(of: Self.unwrappedURLExpression(argument.expression), names),
            var type = ValueResolver.path(of: call.calledExpression)
        else { return nil }
        if type.last == "init" { type.removeLast() }
        return type.count == 1 ? (part, type[0]) : nil
    }

    /// `.navigate` or `Action.navigate` of the app's enumeration: its raw value.
    private func urlCaseValue(_ expression: ExprSyntax, of enumeration: String) -> StaticValue? {
        guard let path = ValueResolver.path(of: expression), let member = path.last,
            path.count == 1 && expression.as(MemberAccessExprSyntax.self)?.base == nil || path.count == 2 && path[0] == enumeration
        else { return nil }
        return value(ofPath: [enumeration, member, "rawValue"])
    }

    /// `["http", "https"].contains(url.scheme)`: one alternative per element.
    private func membership(_ expression: ExprSyntax, _ names: URLNames) -> [[(part: URLPart, value: StaticValue, prefix: Bool)]]? {
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "contains", let array = member.base?.as(ArrayExprSyntax.self), call.arguments.count == 1,
            let argument = call.arguments.first, argument.label == nil,
            let part = urlPart(of: Self.unwrappedURLExpression(argument.expression), names)
        else { return nil }
        return array.elements.map { [(part, value($0.expression), false)] }
    }

    /// `urlString.contains("…")`, `url.host?.hasSuffix(…)`: the handler tells URLs apart in a way
    /// no pattern says.
    private func noteUndecided(_ expression: ExprSyntax, _ names: URLNames, into handler: inout ScannedURLHandler) {
        for node in expression.allDescendants + [Syntax(expression)] {
            guard let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["contains", "hasSuffix", "range"].contains(member.declName.baseName.text), let base = member.base,
                let part = urlPart(of: Self.unwrappedURLExpression(base), names)
            else { continue }
            handler.undecided.append(
                ("compares the URL's \(Self.describe(part)) with \(member.declName.baseName.text)(_:), which no URL pattern says", location(call)))
        }
    }

    private func urlConstraints(in expression: ExprSyntax, _ names: URLNames) -> [(URLPart, StaticValue, Bool)] {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            // `a && b`: each side.
            var groups: [[ExprSyntax]] = [[]]
            for part in parts {
                if part.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" { groups.append([]) } else { groups[groups.count - 1].append(part) }
            }
            if parts.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" }) { return [] }
            return groups.flatMap { group -> [(URLPart, StaticValue, Bool)] in
                if group.count == 1 { return urlConstraints(in: group[0], names) }
                guard group.count == 3, group[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return [] }
                if let part = urlPart(of: Self.unwrappedURLExpression(group[0]), names) { return [(part, value(group[2]), false)] }
                if let part = urlPart(of: Self.unwrappedURLExpression(group[2]), names) { return [(part, value(group[0]), false)] }
                return []
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, let argument = call.arguments.first, call.arguments.count == 1
        {
            let method = member.declName.baseName.text
            guard method == "hasPrefix" || method == "starts" && argument.label?.text == "with",
                let part = urlPart(of: Self.unwrappedURLExpression(base), names)
            else { return [] }
            return [(part, value(argument.expression), true)]
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return urlConstraints(in: inner.expression, names)
        }
        return []
    }

    /// The part of the URL `expression` is: `url.scheme`, `url.host()`, `components.path`,
    /// `url.pathComponents[1]`, a name bound to one.
    private func urlPart(of expression: ExprSyntax, _ names: URLNames) -> URLPart? {
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), let path = ValueResolver.path(of: subscriptCall.calledExpression),
            path.count == 2, names.urls.contains(path[0]) || names.components.contains(path[0]), path[1] == "pathComponents",
            let index = subscriptCall.arguments.first.flatMap({ Int($0.expression.trimmedDescription) })
        {
            return .pathComponent(index)
        }
        var expression = expression
        // `url.host()`, `url.path(percentEncoded: false)`.
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.arguments.allSatisfy({ $0.label?.text == "percentEncoded" })
        {
            expression = call.calledExpression
        }
        guard let path = ValueResolver.path(of: expression) else { return nil }
        if path.count == 1, let part = names.parts[path[0]] { return part }
        let isURL = { (name: String) in names.urls.contains(name) || names.components.contains(name) }
        // `url.pathComponents.last`.
        if path.count == 3, isURL(path[0]), path[1] == "pathComponents", path[2] == "last" { return .lastPathComponent }
        // `activity.webpageURL?.host`, `context.url.host`.
        if path.count == 3, names.holders.contains(path[0]), ["url", "webpageURL"].contains(path[1]) { return Self.part(named: path[2]) }
        // `contexts.first?.url.host`.
        if path.count == 4, names.holders.contains(path[0]), path[2] == "url" { return Self.part(named: path[3]) }
        guard path.count == 2, isURL(path[0]) else { return nil }
        if names.components.contains(path[0]), path[1] == "string" { return .absoluteString }
        return Self.part(named: path[1])
    }

    private static func part(named member: String) -> URLPart? {
        switch member {
        case "scheme": .scheme
        case "host": .host
        case "path", "relativePath": .path
        case "lastPathComponent": .lastPathComponent
        case "absoluteString", "relativeString", "description": .absoluteString
        default: nil
        }
    }

    /// `URLComponents(url: url, resolvingAgainstBaseURL: …)` or `URLComponents(string:
    /// url.absoluteString)`.
    func isComponents(_ expression: ExprSyntax, _ names: URLNames) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self), ValueResolver.path(of: call.calledExpression) == ["URLComponents"],
            let argument = call.arguments.first
        else { return false }
        let source = Self.unwrappedURLExpression(argument.expression)
        if argument.label?.text == "url", let path = ValueResolver.path(of: source) {
            return path.count == 1 && names.urls.contains(path[0]) || path.count >= 2 && names.holders.contains(path[0]) && path.last == "url"
        }
        if argument.label?.text == "string" { return urlPart(of: source, names) == .absoluteString }
        return false
    }

    /// The names a launch method binds its launch options' URL to: `let url = launchOptions?[.url]
    /// as? URL`, `if let url = options[UIApplication.LaunchOptionsKey.url] as? URL`.
    static func launchURLNames(of options: String, in body: Syntax) -> Set<String> {
        var found: Set<String> = []
        for node in body.compiledDescendants {
            var bound: String?
            var initial: ExprSyntax?
            if let binding = node.as(PatternBindingSyntax.self) {
                bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                initial = binding.initializer?.value
            } else if let binding = node.as(OptionalBindingConditionSyntax.self) {
                bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                initial = binding.initializer?.value
            }
            guard let bound, let initial, let subscriptCall = unwrappedURLExpression(initial).as(SubscriptCallExprSyntax.self),
                ValueResolver.path(of: unwrappedURLExpression(subscriptCall.calledExpression)) == [options],
                subscriptCall.arguments.count == 1, let key = subscriptCall.arguments.first?.expression
            else { continue }
            let keyPath = key.as(MemberAccessExprSyntax.self).map { member in
                (member.base.flatMap { ValueResolver.path(of: $0) } ?? []) + [member.declName.baseName.text]
            }
            if keyPath == ["url"] || keyPath == ["UIApplication", "LaunchOptionsKey", "url"]
                || key.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIApplicationLaunchOptionsURLKey"
            {
                found.insert(bound)
            }
        }
        return found
    }

    /// `x?`, `x!`, `x as? T`, `x.lowercased()`, `(x)`: the expression compared is x's.
    static func unwrappedURLExpression(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        for _ in 0..<8 {
            if let unwrapped = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
                current = inner.expression
            } else if let call = current.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["lowercased", "uppercased"].contains(member.declName.baseName.text), let base = member.base
            {
                current = base
            } else if let sequence = current.as(SequenceExprSyntax.self), let first = sequence.elements.first, sequence.elements.count == 3,
                sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
            {
                current = first
            } else {
                break
            }
        }
        return current
    }
}
