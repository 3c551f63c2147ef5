import SwiftParser
import SwiftSyntax

/// The constants of the scanned files an expression may name: `static let` and `let` properties
/// of types (`Activity.viewPlace`), file-level `let`s, and enum cases' raw values
/// (`ActivityType.viewPlace.rawValue`, an undeclared raw value of a `String` enum being the
/// case's name). Names are looked up as Swift does (``qualifiedName(of:within:)``). The table is
/// built from every file first, so a constant may be used in a file before the one declaring it.
struct ConstantTable {
    /// By qualified name (`Activity.viewPlace`, `ActivityType.viewPlace.rawValue`), the
    /// initializer's text. Text, not the syntax node: a node keeps its whole file's tree alive, and
    /// the scan lets each file's tree go once it is read. It is parsed again when it is used.
    private(set) var expressions: [String: String] = [:]
    /// Raw values already known as text (an enum case without an explicit raw value).
    private(set) var texts: [String: String] = [:]
    /// The types each constant is declared in, for the names its initializer uses.
    private var owners: [String: [String]] = [:]
    /// The names of the types the scanned files declare (classes, structs, enumerations, actors).
    private(set) var declaredTypes: Set<String> = []

    /// The constants one file declares: collected on its own (files are read in parallel), then
    /// added in file order, so a later declaration of a name wins as before.
    struct Declarations: Sendable {
        fileprivate var expressions: [(String, [String], String)]
        fileprivate var texts: [(String, String)]
        /// Each class of the file and the first type it inherits from, its base class if it has
        /// one: where a scene delegate's base class is found.
        var superclasses: [(type: String, superclass: String)]
        /// The types of the file that are surely no UIKit responder: structs, enumerations,
        /// actors and classes that inherit from nothing.
        var nonResponders: [String] = []

        /// A file's, when it declares nothing (or is not read).
        init() { self.init(expressions: [], texts: [], superclasses: []) }

        fileprivate init(
            expressions: [(String, [String], String)], texts: [(String, String)], superclasses: [(type: String, superclass: String)],
            nonResponders: [String] = []
        ) {
            self.expressions = expressions
            self.texts = texts
            self.superclasses = superclasses
            self.nonResponders = nonResponders
        }
    }

    static func declarations(in file: SourceFileSyntax) -> Declarations {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        return Declarations(
            expressions: collector.expressions.map { ($0.0, $0.1, $0.2.trimmedDescription) }, texts: collector.texts,
            superclasses: collector.superclasses,
            nonResponders: collector.nonResponders)
    }

    mutating func add(_ declarations: Declarations) {
        for (name, owner, expression) in declarations.expressions {
            expressions[name] = expression
            owners[name] = owner
        }
        for (name, text) in declarations.texts { texts[name] = text }
        declaredTypes.formUnion(declarations.superclasses.map(\.type))
        declaredTypes.formUnion(declarations.nonResponders)
    }

    /// The qualified name of the constant `path` names where `types` enclose the use, as Swift
    /// looks it up: `Self.x` and a bare `x` in the innermost enclosing type that has it, then at
    /// file level; `Type.x` as written, or inside an enclosing type (`Outer.Type.x`). A bare name
    /// is never taken from an unrelated type, so a parameter or a local named like someone else's
    /// constant stays unresolved.
    func qualifiedName(of path: [String], within types: [String]) -> String? {
        func known(_ name: String) -> Bool { expressions[name] != nil || texts[name] != nil }
        var path = path
        if path.first == "Self" {
            guard !types.isEmpty else { return nil }
            path = types + path.dropFirst()
        }
        for depth in stride(from: types.count, through: 0, by: -1) {
            let name = (types.prefix(depth) + path).joined(separator: ".")
            if known(name) { return name }
        }
        return nil
    }

    /// The value of the constant `path` names at a use enclosed by `types`, resolved with
    /// `resolver`; nil when no constant has that name.
    func value(of path: [String], within types: [String], resolver: ValueResolver) -> StaticValue? {
        guard let name = qualifiedName(of: path, within: types) else { return nil }
        if let text = texts[name] { return .string(text) }
        guard let text = expressions[name] else { return nil }
        // Each constant is resolved once: constants built from constants (a = b + b, b = c + c, …)
        // would otherwise cost twice as much per level.
        if let known = memo.values[name] { return known }
        guard !resolver.resolving.contains(name) else { return .dynamic("'\(name)' is defined through itself") }
        // The constant's own initializer is read where it is written: inside its type.
        var inside = resolver
        inside.types = owners[name] ?? []
        inside.resolving.insert(name)
        // The same nesting limit as the files' parse (SourceScanner.parse), in every build.
        var source = text
        let value = source.withUTF8 { buffer in
            var parser = Parser(buffer, maximumNestingLevel: 256)
            return inside.value(of: ExprSyntax.parse(from: &parser))
        }
        memo.values[name] = value
        return value
    }

    /// Constants already resolved, by qualified name; shared by the copies of the table a
    /// resolver holds.
    private var memo = Memo()

    /// The same constants with a cache of their own, for a file read on another thread.
    func withOwnCache() -> ConstantTable {
        var copy = self
        copy.memo = Memo()
        return copy
    }

    private final class Memo: @unchecked Sendable {
        var values: [String: StaticValue] = [:]
    }

    /// Walks the declarations, with the names of the types they are in.
    /// Constants another platform's build declares are not the iOS app's.
    private final class Collector: CompiledSyntaxVisitor {
        var expressions: [(String, [String], ExprSyntax)] = []
        var texts: [(String, String)] = []
        var superclasses: [(type: String, superclass: String)] = []
        var nonResponders: [String] = []
        private var types: [String] = []

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            types.append(name)
            return .visitChildren
        }

        /// An extension of `A.B` declares inside A and B.
        private var extensionDepths: [Int] = []

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            nonResponders.append(node.name.text)
            return enter(node.name.text)
        }
        override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            if let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription {
                superclasses.append((node.name.text, superclass))
            } else {
                nonResponders.append(node.name.text)
            }
            return enter(node.name.text)
        }
        override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let names = node.extendedType.trimmedDescription.split(separator: ".").map(String.init)
            types += names
            extensionDepths.append(names.count)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast(extensionDepths.removeLast()) }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            nonResponders.append(node.name.text)
            return enter(node.name.text)
        }
        override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }

        private var enumIsString: [Bool] = []

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            enumIsString.append(inherited.contains("String"))
            nonResponders.append(node.name.text)
            return enter(node.name.text)
        }

        override func visitPost(_ node: EnumDeclSyntax) {
            types.removeLast()
            enumIsString.removeLast()
        }

        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
            let owner = (types + [node.name.text]).joined(separator: ".")
            if let raw = node.rawValue?.value {
                expressions.append((owner + ".rawValue", types, raw))
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
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else {
                    continue
                }
                expressions.append(((types + [name]).joined(separator: "."), types, value))
            }
            return .skipChildren
        }
    }
}
