import ProctorCore
import SwiftSyntax

/// What a file's Swift says about handling SiriKit custom intents (docs/scan.md, "Custom
/// intents"): the types that adopt a handling protocol, and the dispatchers that hand SiriKit an
/// object for an intent. A visitor of its own, run only when the scan found intent definition
/// files, over the files that name a handling protocol or a dispatcher.
///
/// Xcode generates, for each custom intent, a handling protocol named after the intent's class
/// (`OrderSoupIntent` → `OrderSoupIntentHandling`), and SiriKit asks the Intents extension's
/// `handler(for:)` (an `INExtension`) or, from iOS 14, the app delegate's
/// `application(_:handlerFor:)` for "an object that conforms to the protocol for handling
/// intents of the same type" (Apple, "Dispatching intents to handlers").
final class CustomIntentExtractor: CompiledSyntaxVisitor {
    /// A type's adoption of a protocol (or, for a class, its superclass: the scanner keeps the
    /// handling protocols and those refining one), in its declaration or an extension.
    struct Conformance: Sendable {
        var type: String
        var protocolName: String
        var location: ProctorCore.SourceLocation
    }

    /// `handler(for:)` or `application(_:handlerFor:)`: the types of the objects it returns.
    struct Dispatcher: Sendable {
        var symbol: String
        var location: ProctorCore.SourceLocation
        /// The types whose objects it returns: `return OrderSoupIntentHandler()`,
        /// `return Handler.shared`, and the enclosing type for `return self`.
        var returnedTypes: Set<String> = []
        /// It returns something the scan cannot tell the type of (a value of a helper, a
        /// variable), so which handlers it returns is not known.
        var isOpaque = false
    }

    /// What a file holds, handed back from the workers.
    struct Found: Sendable {
        var conformances: [Conformance]
        var dispatchers: [Dispatcher]
        var superclasses: [String: String]
        var refinements: [String: [String]]
    }

    var found: Found {
        Found(conformances: conformances, dispatchers: dispatchers, superclasses: superclasses, refinements: refinements)
    }

    private let lines: SourceLines
    private(set) var conformances: [Conformance] = []
    private(set) var dispatchers: [Dispatcher] = []
    /// Each class and the first type it inherits from, to find a subclass of a handler.
    private(set) var superclasses: [String: String] = [:]
    /// Each protocol and the protocols it refines (`protocol SoupHandling:
    /// OrderSoupIntentHandling`), so that an adopter of the one adopts the other.
    private(set) var refinements: [String: [String]] = [:]
    private var types: [String] = []

    /// The words a file names when it adopts a handling protocol or dispatches intents: only
    /// such files are parsed for this.
    static let markers = ["Handling", "handler(for", "handlerFor"]

    init(lines: SourceLines) {
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    /// Every name of an inheritance clause is kept: a protocol refining a handling protocol
    /// may be declared in another file, so which ones matter is known only once all are read.
    private func adopt(_ type: String, _ clause: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
        for name in Self.inheritedNames(clause) {
            conformances.append(Conformance(type: type, protocolName: name, location: lines.location(of: node)))
        }
    }

    /// The names of an inheritance clause, without their module (`Module.OrderSoupIntentHandling`
    /// names the same protocol) and without generic arguments.
    private static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        (clause?.inheritedTypes ?? []).compactMap { inherited in
            let written = inherited.type.trimmedDescription.split(separator: "<").first.map(String.init) ?? ""
            let name = written.split(separator: ".").last.map(String.init) ?? ""
            return name.isEmpty ? nil : name
        }
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let refined = Self.inheritedNames(node.inheritanceClause)
        if !refined.isEmpty { refinements[node.name.text, default: []] += refined }
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        adopt(node.name.text, node.inheritanceClause, at: node.name)
        if let first = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription { superclasses[node.name.text] = first }
        types.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        adopt(node.name.text, node.inheritanceClause, at: node.name)
        types.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        adopt(node.name.text, node.inheritanceClause, at: node.name)
        types.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
        adopt(name, node.inheritanceClause, at: node.extendedType)
        types.append(name)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        let labels = parameters.map(\.firstName.text)
        // `handler(for:)` of an `INExtension` (or another `INIntentHandlerProviding`) takes an
        // `INIntent`; a `handler(for:)` taking anything else is some other API's.
        let takesAnIntent = parameters.first.map { $0.type.trimmedDescription.split(separator: ".").last == "INIntent" } ?? false
        let isDispatcher =
            (node.name.text == "handler" && labels == ["for"] && takesAnIntent)
            || (node.name.text == "application" && labels == ["_", "handlerFor"])
        guard isDispatcher, let body = node.body, let owner = types.last else { return .visitChildren }
        var dispatcher = Dispatcher(
            symbol: "\(owner).\(node.name.text)(\(labels.map { "\($0):" }.joined()))", location: lines.location(of: node.name))
        let returns = ReturnCollector(viewMode: .sourceAccurate)
        returns.walk(body)
        // A body of one expression returns it.
        let returned =
            returns.values + (body.statements.count == 1 ? body.statements.compactMap { $0.item.as(ExprSyntax.self) } : [])
        for value in returned {
            if let type = Self.typeReturned(by: value, owner: owner) {
                dispatcher.returnedTypes.insert(type)
            } else if !Self.returnsNothing(value) {
                dispatcher.isOpaque = true
            }
        }
        dispatchers.append(dispatcher)
        return .visitChildren
    }

    /// The type of the object `value` is, when the code says it: `T()`, `T(…)`, `T.shared`,
    /// `T.init()`, `self`; nil otherwise.
    static func typeReturned(by value: ExprSyntax, owner: String) -> String? {
        var value = value
        // `X() as Any`, `X()!`
        if let cast = value.as(AsExprSyntax.self) { value = cast.expression }
        if let forced = value.as(ForceUnwrapExprSyntax.self) { value = forced.expression }
        if value.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { return owner }
        if let call = value.as(FunctionCallExprSyntax.self) {
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, isTypeName(name) { return name }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, isTypeName(base)
            {
                return base
            }
            return nil
        }
        // `Handler.shared`: a type's shared instance.
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            isTypeName(base), ["shared", "default", "instance"].contains(member.declName.baseName.text)
        {
            return base
        }
        return nil
    }

    /// `nil`, or a call that never returns (`fatalError(…)`): no object.
    static func returnsNothing(_ value: ExprSyntax) -> Bool {
        if value.is(NilLiteralExprSyntax.self) { return true }
        if let call = value.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return ["fatalError", "preconditionFailure"].contains(name)
        }
        return false
    }

    private static func isTypeName(_ name: String) -> Bool { name.first?.isUppercase == true }
}

/// The values a function body returns, its nested closures and functions aside.
private final class ReturnCollector: SyntaxVisitor {
    var values: [ExprSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression { values.append(expression) }
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
