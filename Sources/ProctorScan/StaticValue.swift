import SwiftSyntax

/// What the scanner knows of an expression's value without running the app: a literal, a
/// constant it resolved in the scanned files, or `dynamic` with the reason it could not. Nothing
/// is guessed: a rule that needs a dynamic value is skipped, and says why.
enum StaticValue: Equatable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case array([StaticValue])
    /// A dictionary literal, in the order written.
    case dictionary([(key: String, value: StaticValue)])
    case dynamic(String)

    static func == (lhs: StaticValue, rhs: StaticValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.dynamic(let a), .dynamic(let b)): a == b
        default: false
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var isDynamic: Bool {
        switch self {
        case .dynamic: true
        case .array(let elements): elements.contains(where: \.isDynamic)
        case .dictionary(let pairs): pairs.contains { $0.value.isDynamic }
        default: false
        }
    }

    /// The reason it is dynamic, for a message: the first dynamic part's.
    var dynamicReason: String? {
        switch self {
        case .dynamic(let reason): reason
        case .array(let elements): elements.lazy.compactMap(\.dynamicReason).first
        case .dictionary(let pairs): pairs.lazy.compactMap(\.value.dynamicReason).first
        default: nil
        }
    }
}

/// Resolves expressions to ``StaticValue``s: literals, string concatenation and interpolation of
/// resolvable parts, the constants of the scanned files (`static let`, file-level `let`, an enum
/// case's raw value), and `Bundle.main.bundleIdentifier` when the app's identifier is known.
struct ValueResolver {
    let constants: ConstantTable
    let bundleIdentifier: String?
    /// The constants being resolved, outermost first: one met again is defined through itself.
    var resolving: Set<String> = []
    /// The types that enclose the expression being read, outermost first: where a bare name or
    /// `Self` is looked up.
    var types: [String] = []

    /// Strings longer than this are not built: no activity property needs them, and constants
    /// that double at each level would grow without bound.
    static let maximumStringLength = 64 * 1024

    func value(of expression: ExprSyntax) -> StaticValue {
        let resolved = unboundedValue(of: expression)
        if case .string(let text) = resolved, text.utf8.count > Self.maximumStringLength { return .dynamic("a string over 64 KiB") }
        return resolved
    }

    private func unboundedValue(of expression: ExprSyntax) -> StaticValue {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return string(literal) }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.tokenKind == .keyword(.true)) }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(StaticValue.number)
                ?? .dynamic("an integer Proctor cannot read")
        }
        if let literal = expression.as(FloatLiteralExprSyntax.self) {
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(StaticValue.number)
                ?? .dynamic("a number Proctor cannot read")
        }
        if let array = expression.as(ArrayExprSyntax.self) { return .array(array.elements.map { value(of: $0.expression) }) }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return .dictionary([]) }
            var pairs: [(key: String, value: StaticValue)] = []
            for element in elements {
                guard let key = value(of: element.key).string else { return .dynamic("a dictionary key that is not a constant string") }
                pairs.append((key, value(of: element.value)))
            }
            return .dictionary(pairs)
        }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return value(of: unwrapped.expression) }
        if let parenthesized = expression.as(TupleExprSyntax.self), parenthesized.elements.count == 1, let only = parenthesized.elements.first {
            return value(of: only.expression)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) { return concatenation(sequence) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return self.call(call) }
        if let path = Self.path(of: expression) {
            if path == ["Bundle", "main", "bundleIdentifier"] {
                return bundleIdentifier.map(StaticValue.string)
                    ?? .dynamic("Bundle.main.bundleIdentifier, and no Info.plist or --bundle-identifier gives it")
            }
            // The system's constants (CSSearchableItemActivityIdentifier as a userInfo key, say).
            if path.count == 1, let system = SourceExtractor.systemTypes[path[0]] ?? SourceExtractor.systemKeys[path[0]] { return .string(system) }
            if let constant = constants.value(of: path, within: types, resolver: self) { return constant }
            return .dynamic("'\(path.joined(separator: "."))' is not a constant Proctor can resolve in the scanned files")
        }
        return .dynamic("an expression computed at run time")
    }

    /// `Set(["a"])`, `URL(string: "https://...")`, `Array([...])`: the literal they wrap.
    private func call(_ call: FunctionCallExprSyntax) -> StaticValue {
        let name = Self.path(of: call.calledExpression)?.joined(separator: ".")
        let arguments = Array(call.arguments)
        switch name {
        case "Set", "Array", "NSSet", "Set<String>":
            if arguments.count == 1 { return value(of: arguments[0].expression) }
        case "URL":
            if arguments.count == 1, arguments[0].label?.text == "string" { return value(of: arguments[0].expression) }
        case "NSStringFromClass":
            // `NSStringFromClass(INStartCallIntent.self)`: an intent's activity type, spelt as
            // Apple's samples do. Only classes whose name has no module prefix: SiriKit's, and
            // the app's custom intents, which Xcode generates from the intent definition file
            // with `@objc(<name>)` (so none of the scanned files declares them); a Swift class of
            // the scanned files is named with its module.
            if arguments.count == 1, let path = Self.path(of: arguments[0].expression), path.count == 2, path[1] == "self",
                path[0].hasPrefix("IN") || path[0].hasSuffix("Intent") && !constants.declaredTypes.contains(path[0])
            {
                return .string(path[0])
            }
        default: break
        }
        return .dynamic("the value of a call to \(name ?? "a function")")
    }

    private func string(_ literal: StringLiteralExprSyntax) -> StaticValue {
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let part):
                text += Self.unescaped(part.content.text)
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let part = interpolation.expressions.first,
                    let resolved = value(of: part.expression).string
                else { return .dynamic("a string interpolating a value computed at run time") }
                text += resolved
            }
        }
        return .string(text)
    }

    /// `a + b + c` of strings; other operators are not constant folding Proctor does.
    private func concatenation(_ sequence: SequenceExprSyntax) -> StaticValue {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { return .dynamic("an expression computed at run time") }
        var text = ""
        for (index, element) in elements.enumerated() {
            if index % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return .dynamic("an expression computed at run time") }
                continue
            }
            let resolved = value(of: element)
            guard let part = resolved.string else {
                if case .dynamic = resolved { return resolved }
                return .dynamic("a string built from a value that is not a string")
            }
            text += part
            if text.utf8.count > Self.maximumStringLength { return .dynamic("a string over 64 KiB") }
        }
        return .string(text)
    }

    /// The names of `a.b.c` (with `self.`, optional chaining and `!` left out), or nil for
    /// anything else.
    static func path(of expression: ExprSyntax) -> [String]? {
        // Iterative, from the outermost member inwards: a chain of thousands of members must not
        // cost a copy per level, nor a stack frame.
        var names: [String] = []
        var current = expression
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                if reference.baseName.text != "self" || names.isEmpty { names.append(reference.baseName.text) }
                break
            } else if let member = current.as(MemberAccessExprSyntax.self) {
                names.append(member.declName.baseName.text)
                guard let base = member.base else { break }
                current = base
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else if let unwrapped = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else {
                return nil
            }
        }
        return names.reversed()
    }

    /// A string segment's text with Swift's escapes resolved (\n, \t, \", \\, \u{...}).
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let escaped = characters.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u":
                var hex = ""
                while let next = characters.next(), next != "}" {
                    if next != "{" { hex.append(next) }
                }
                if let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) { result.unicodeScalars.append(scalar) }
            default: result.append(escaped)
            }
        }
        return result
    }
}
