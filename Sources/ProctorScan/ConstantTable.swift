import SwiftSyntax

/// The constants of the scanned files an expression may name: `static let` and `let` properties
/// of types (`Activity.viewPlace`), file-level `let`s, and enum cases' raw values
/// (`ActivityType.viewPlace.rawValue`, an undeclared raw value of a `String` enum being the
/// case's name). A bare name (`viewPlace`) resolves when exactly one constant has it. The table is
/// built from every file first, so a constant may be used in a file before the one declaring it.
struct ConstantTable {
    /// By qualified name (`Activity.viewPlace`, `ActivityType.viewPlace.rawValue`), the
    /// initializer and the file it is in.
    private(set) var expressions: [String: ExprSyntax] = [:]
    /// Raw values already known as text (an enum case without an explicit raw value).
    private(set) var texts: [String: String] = [:]
    /// Bare names, to the qualified names that end with them.
    private var bare: [String: Set<String>] = [:]

    mutating func add(_ file: SourceFileSyntax) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        for (name, expression) in collector.expressions { record(name, expression: expression) }
        for (name, text) in collector.texts { record(name, text: text) }
    }

    private mutating func record(_ name: String, expression: ExprSyntax? = nil, text: String? = nil) {
        if let expression { expressions[name] = expression }
        if let text { texts[name] = text }
        let last = name.hasSuffix(".rawValue") ? String(name.dropLast(".rawValue".count)) : name
        bare[String(last.split(separator: ".").last ?? ""), default: []].insert(name)
    }

    /// The value of the constant `path` names, resolved with `resolver`; nil when no constant has
    /// that name.
    func value(of path: [String], resolver: ValueResolver) -> StaticValue? {
        var name = path.joined(separator: ".")
        if expressions[name] == nil && texts[name] == nil {
            // `Self.x`, `Type.x` seen from inside the type, and a bare `x`, through its unique owner.
            let key = path.last == "rawValue" && path.count >= 2 ? path[path.count - 2] : (path.last ?? "")
            let wanted = path.last == "rawValue" ? { (candidate: String) in candidate.hasSuffix(".rawValue") } : { !$0.hasSuffix(".rawValue") }
            let candidates = (bare[key] ?? []).filter(wanted)
            guard candidates.count == 1, let only = candidates.first, path.first == "Self" || path.count == 1 || only.hasSuffix(name) else { return nil }
            name = only
        }
        if let text = texts[name] { return .string(text) }
        guard let expression = expressions[name] else { return nil }
        return resolver.value(of: expression)
    }

    /// Walks the declarations, with the names of the types they are in.
    private final class Collector: SyntaxVisitor {
        var expressions: [(String, ExprSyntax)] = []
        var texts: [(String, String)] = []
        private var types: [String] = []

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            types.append(name)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.extendedType.trimmedDescription) }
        override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }

        private var enumIsString: [Bool] = []

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            enumIsString.append(inherited.contains("String"))
            return enter(node.name.text)
        }

        override func visitPost(_ node: EnumDeclSyntax) {
            types.removeLast()
            enumIsString.removeLast()
        }

        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
            let owner = (types + [node.name.text]).joined(separator: ".")
            if let raw = node.rawValue?.value {
                expressions.append((owner + ".rawValue", raw))
            } else if enumIsString.last == true {
                texts.append((owner + ".rawValue", node.name.text))
            }
            return .skipChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            // Only `let`s: a `var` may change before the app uses it.
            guard node.bindingSpecifier.tokenKind == .keyword(.let) else { return .skipChildren }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { continue }
                expressions.append(((types + [name]).joined(separator: "."), value))
            }
            return .skipChildren
        }
    }
}
