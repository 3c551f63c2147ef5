import ProctorCore
import SwiftSyntax

// The other doors into an app than activities (issue 33): Home Screen quick actions, set in code
// and handled by the scene or app delegate, and the links of widgets (docs/scan.md, "What it
// reads").

/// What one file holds of quick actions and widget links.
struct ScannedDoors {
    /// A quick action the code makes for `shortcutItems`: `UIApplicationShortcutItem(type:…)` or
    /// `UIMutableApplicationShortcutItem(type:…)`.
    struct QuickAction {
        var type: StaticValue
        var location: ProctorCore.SourceLocation
        var symbol: String
    }

    /// A quick-action handler of one type the code tells apart (nil: it takes every type), and
    /// which path brings the action: `performActionFor` while the app runs, or the launch
    /// (`connectionOptions.shortcutItem`, `launchOptions[.shortcutItem]`).
    struct Handler {
        var handler: ScannedHandler
        var isColdLaunch: Bool
        /// The type whose method it is (the scene or app delegate).
        var owner: String
    }

    /// `windowScene(_:performActionFor:completionHandler:)` or
    /// `application(_:performActionFor:completionHandler:)` (or their `async` forms, without the
    /// completion handler).
    struct Performer {
        /// `windowScene` or `application`.
        var name: String
        var owner: String
        var symbol: String
        var location: ProctorCore.SourceLocation
        var isScene: Bool
        var superclass: String?
    }

    /// A `scene(_:willConnectTo:options:)`, and whether it reads `connectionOptions.shortcutItem`
    /// (or hands the options whole to other code).
    struct Connection {
        var owner: String
        var readsShortcutItem: Bool
    }

    /// An app delegate's `application(_:didFinishLaunchingWithOptions:)` (or `willFinish…`) that
    /// reads `launchOptions[.shortcutItem]`, and whether every `return` of it returns `true`.
    struct LaunchRead {
        var owner: String
        var symbol: String
        var location: ProctorCore.SourceLocation
        var alwaysReturnsTrue: Bool
    }

    /// `widgetURL(_:)`, or `Link(destination:)` in a file that imports WidgetKit: where a tap on
    /// a widget takes the user, handed to the app's URL handlers.
    struct WidgetLink {
        /// `widgetURL` or `Link`.
        var kind: String
        var url: StaticValue
        var location: ProctorCore.SourceLocation
        var symbol: String
        /// For a `widgetURL`: the branches it is in, from the innermost out, each an `if`, `switch`
        /// or `?:` of the declaration and which of its clauses (two modifiers in different clauses
        /// of one branch never apply together).
        var branches: [(branch: SyntaxIdentifier, clause: SyntaxIdentifier)] = []
    }

    var quickActions: [QuickAction] = []
    var handlers: [Handler] = []
    var performers: [Performer] = []
    var connections: [Connection] = []
    var launchReads: [LaunchRead] = []
    /// Functions of the app's that take a quick action (`func handle(_ item:
    /// UIApplicationShortcutItem)`), with the handlers they hold, for a handler that hands the
    /// action to one.
    var functions: [(name: String, handlers: [ScannedHandler])] = []
    var widgetLinks: [WidgetLink] = []
    /// `canOpenURL(_:)` calls, with the URL they ask about (SourceExtractor+QueriedSchemes.swift).
    var schemeQueries: [SchemeQuery] = []
    /// The file declares a function named `canOpenURL`: a call of that name on another value than
    /// `UIApplication`'s may be the app's own (a router asking whether it takes a URL).
    var declaresCanOpenURL = false
    /// The app delegate's `application(_:configurationForConnecting:options:)` reads
    /// `options.shortcutItem`: a SwiftUI app's usual launch read, for whichever scene delegate
    /// class it configures (the scan does not tell which, so it counts for every one).
    var configurationReadsShortcutItem = false
    /// The file imports WidgetKit: a `Link` in it is a widget's (nil until a call asks).
    var importsWidgetKit: Bool?

    var isEmpty: Bool {
        quickActions.isEmpty && handlers.isEmpty && performers.isEmpty && connections.isEmpty && functions.isEmpty && widgetLinks.isEmpty
            && schemeQueries.isEmpty && !configurationReadsShortcutItem && !declaresCanOpenURL
    }

    mutating func add(_ other: ScannedDoors) {
        quickActions += other.quickActions
        handlers += other.handlers
        performers += other.performers
        connections += other.connections
        launchReads += other.launchReads
        functions += other.functions
        widgetLinks += other.widgetLinks
        schemeQueries += other.schemeQueries
        declaresCanOpenURL = declaresCanOpenURL || other.declaresCanOpenURL
        configurationReadsShortcutItem = configurationReadsShortcutItem || other.configurationReadsShortcutItem
    }
}

extension SourceExtractor {
    static let quickActionClasses: Set<String> = ["UIApplicationShortcutItem", "UIMutableApplicationShortcutItem"]

    /// The delegate methods that bring a quick action, and the app's functions that take one.
    func readQuickActionEntryPoint(_ function: FunctionDeclSyntax, labels: [String]) {
        let name = function.name.text
        let owner = types.last ?? "(file)"
        let parameters = function.signature.parameterClause.parameters
        guard let body = function.body else { return }
        func parameterName(_ label: String) -> String? {
            parameters.first { $0.firstName.text == label }.map { ($0.secondName ?? $0.firstName).text }
        }
        if ["windowScene", "application"].contains(name), labels.count >= 2, labels[1] == "performActionFor",
            let item = parameterName("performActionFor")
        {
            doors.performers.append(
                .init(
                    name: name, owner: owner, symbol: symbol, location: location(function.name), isScene: name == "windowScene",
                    superclass: superclasses.last ?? nil))
            doors.handlers += quickActionHandlers(of: item, in: body, at: function.name).map { .init(handler: $0, isColdLaunch: false, owner: owner) }
            return
        }
        if name == "scene", labels.contains("willConnectTo"), let options = parameterName("options") {
            let reads = body.allDescendants.contains { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "shortcutItem" }
            let handedOn = Self.handsOn(options, in: body)
            doors.connections.append(.init(owner: owner, readsShortcutItem: reads || handedOn))
            if reads { doors.handlers += coldLaunchHandlers(in: body, at: function.name, owner: owner) }
            return
        }
        if name == "application", labels.count == 3, labels[1] == "configurationForConnecting" {
            let reads = body.allDescendants.contains { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "shortcutItem" }
            if reads {
                doors.configurationReadsShortcutItem = true
                doors.handlers += coldLaunchHandlers(in: body, at: function.name, owner: owner)
            }
            return
        }
        if name == "application", labels.count == 2, ["didFinishLaunchingWithOptions", "willFinishLaunchingWithOptions"].contains(labels[1]) {
            let reads = body.allDescendants.contains { node in
                node.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "shortcutItem"
                    || node.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIApplicationLaunchOptionsShortcutItemKey"
            }
            if reads {
                doors.handlers += coldLaunchHandlers(in: body, at: function.name, owner: owner)
                doors.launchReads.append(
                    .init(owner: owner, symbol: symbol, location: location(function.name), alwaysReturnsTrue: Self.alwaysReturnsTrue(body)))
            }
            return
        }
        // A function of the app's that takes a quick action.
        if let parameter = parameters.first(where: { Self.unwrappedTypeName($0.type).map(Self.quickActionClasses.contains) ?? false }) {
            doors.functions.append((name, quickActionHandlers(of: (parameter.secondName ?? parameter.firstName).text, in: body, at: function.name)))
        }
    }

    /// The handlers of a body that takes the quick action `name`, told apart by its `type` as
    /// activity handlers are by `activityType`.
    private func quickActionHandlers(of name: String, in body: CodeBlockSyntax, at place: some SyntaxProtocol) -> [ScannedHandler] {
        typeMember = "type"
        defer { typeMember = "activityType" }
        return handlers(of: name, in: body, at: place)
    }

    /// What a launch method does with the quick action it reads: handlers of the name it binds it
    /// to (`if let item = connectionOptions.shortcutItem`, `guard let item = launchOptions?[.shortcutItem]
    /// as? UIApplicationShortcutItem`); read another way (kept for later, as Apple's sample keeps it
    /// until the scene is active), it takes every type.
    private func coldLaunchHandlers(in body: CodeBlockSyntax, at place: some SyntaxProtocol, owner: String) -> [ScannedDoors.Handler] {
        var found: [ScannedHandler] = []
        for node in body.allDescendants {
            guard let binding = node.as(OptionalBindingConditionSyntax.self), let initial = binding.initializer?.value,
                let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                Syntax(initial).allDescendants.contains(where: {
                    $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "shortcutItem"
                        || $0.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIApplicationLaunchOptionsShortcutItemKey"
                }) || initial.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "shortcutItem"
            else { continue }
            found += quickActionHandlers(of: bound, in: body, at: place)
        }
        if found.isEmpty { found = [ScannedHandler(activityType: nil, location: location(place), symbol: symbol)] }
        return found.map { ScannedDoors.Handler(handler: $0, isColdLaunch: true, owner: owner) }
    }

    /// Whether every `return` of a body (not of a closure or a function inside it) returns the
    /// literal `true`: one that returns `false` or a computed value may tell UIKit it handled the
    /// quick action.
    private static func alwaysReturnsTrue(_ body: CodeBlockSyntax) -> Bool {
        var stack = Array(body.statements.children(viewMode: .sourceAccurate))
        var returns = 0
        while let node = stack.popLast() {
            if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { continue }
            if let returned = node.as(ReturnStmtSyntax.self) {
                returns += 1
                guard returned.expression?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) else { return false }
                continue
            }
            stack += node.children(viewMode: .sourceAccurate)
        }
        return returns > 0
    }

    /// Whether a body hands `name` whole to a call (`handle(connectionOptions)`).
    private static func handsOn(_ name: String, in body: CodeBlockSyntax) -> Bool {
        body.allDescendants.contains { node in
            guard let argument = node.as(LabeledExprSyntax.self), argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true else {
                return false
            }
            return ValueResolver.path(of: argument.expression) == [name]
        }
    }

    /// Quick actions made in code, and widgets' links.
    func readDoorCall(_ node: FunctionCallExprSyntax) {
        let path = ValueResolver.path(of: node.calledExpression)
        if let path, path.count == 1 || path.count == 2 && path[1] == "init", Self.quickActionClasses.contains(path[0]),
            let type = node.arguments.first(where: { $0.label?.text == "type" })
        {
            doors.quickActions.append(.init(type: value(type.expression), location: location(node), symbol: symbol))
            return
        }
        // A modifier applies to the view before it (`.widgetURL(url)` with no base is an enum case
        // or a static member of the app's, such as `return .widgetURL(url)`).
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "widgetURL", member.base != nil,
            let argument = node.arguments.first, node.arguments.count == 1
        {
            doors.widgetLinks.append(
                .init(
                    kind: "widgetURL", url: url(argument.expression), location: location(member.declName), symbol: symbol,
                    branches: Self.branches(of: node)))
            return
        }
        if path == ["Link"], importsWidgetKit(node), let destination = node.arguments.first(where: { $0.label?.text == "destination" }) {
            doors.widgetLinks.append(.init(kind: "Link", url: url(destination.expression), location: location(node), symbol: symbol))
        }
    }

    /// The clauses of the `if`, `switch` and `?:` that `node` is in, innermost first, up to the
    /// declaration that holds it.
    private static func branches(of node: some SyntaxProtocol) -> [(branch: SyntaxIdentifier, clause: SyntaxIdentifier)] {
        var found: [(branch: SyntaxIdentifier, clause: SyntaxIdentifier)] = []
        var child = Syntax(node)
        while let parent = child.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(VariableDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) { break }
            if let conditional = parent.as(IfExprSyntax.self), child.id == conditional.body.id || child.id == conditional.elseBody?.id {
                found.append((parent.id, child.id))
            } else if parent.is(SwitchCaseSyntax.self), let switchExpression = parent.parent?.parent?.as(SwitchExprSyntax.self) {
                found.append((switchExpression.id, parent.id))
            } else if let ternary = parent.as(TernaryExprSyntax.self), child.id == ternary.thenExpression.id || child.id == ternary.elseExpression.id
            {
                found.append((parent.id, child.id))
            }
            child = parent
        }
        return found
    }

    /// Whether the file `node` is in is widget code: it imports WidgetKit (anywhere, an `#if`
    /// included) and names what only widget code names (a `Widget`, a timeline, a widget
    /// family, `widgetURL`), so that an app's settings screen that imports WidgetKit only to
    /// reload timelines is not read for its links. Found once per file.
    private func importsWidgetKit(_ node: some SyntaxProtocol) -> Bool {
        if let known = doors.importsWidgetKit { return known }
        var imports = false
        var namesWidget = false
        for token in node.root.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if name == "WidgetKit", token.parent?.is(ImportPathComponentSyntax.self) == true { imports = true }
            if Self.widgetNames.contains(name) { namesWidget = true }
            if imports && namesWidget { break }
        }
        doors.importsWidgetKit = imports && namesWidget
        return imports && namesWidget
    }

    /// Names only a widget's code uses.
    static let widgetNames: Set<String> = [
        "Widget", "WidgetBundle", "WidgetConfiguration", "StaticConfiguration", "IntentConfiguration", "AppIntentConfiguration",
        "ActivityConfiguration", "TimelineEntry", "TimelineProvider", "IntentTimelineProvider", "AppIntentTimelineProvider", "widgetFamily",
        "WidgetFamily", "widgetURL",
    ]

    /// A URL's text: `URL(string: "…")` (unwrapped or not), or a constant holding one.
    func url(_ expression: ExprSyntax) -> StaticValue {
        var expression = expression
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { expression = unwrapped.expression }
        if let call = expression.as(FunctionCallExprSyntax.self), let path = ValueResolver.path(of: call.calledExpression),
            path == ["URL"] || path == ["URL", "init"], call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "string"
        {
            return value(argument.expression)
        }
        if expression.is(NilLiteralExprSyntax.self) { return .dynamic("nil: no URL") }
        let found = value(expression)
        if case .dynamic(let reason) = found { return .dynamic("a URL computed at run time (\(reason))") }
        return found
    }
}
