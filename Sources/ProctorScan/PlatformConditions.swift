import SwiftSyntax

/// Which clauses of an `#if` an iOS build may compile, as far as their conditions alone say.
///
/// The scan reads an iOS app: code under `#if os(macOS)`, or after an `#if os(iOS)` in its
/// `#else`, is not compiled into it, and what it donates is not the app's (a Mac app's activity
/// types judged against the iOS Info.plist were errors, found by scanning an app built for both).
/// Only what holds on every iOS build is decided: `os(…)` (iOS, also on Mac Catalyst and
/// visionOS's iPad apps), `canImport(UIKit)`, and `!`, `&&`, `||` and parentheses over them. Any
/// other condition (a `DEBUG` flag, `swift(>=6)`, `targetEnvironment(macCatalyst)`, and
/// `canImport(AppKit)`, true in the app's Mac Catalyst build) may hold in some build, so its
/// clause is read.
enum PlatformConditions {
    /// The clauses of `node` an iOS build may compile, in order.
    static func clausesCompiledOnIOS(_ node: IfConfigDeclSyntax) -> [IfConfigClauseSyntax] {
        var compiled: [IfConfigClauseSyntax] = []
        for clause in node.clauses {
            // `#else` holds when nothing before it did.
            let holds = clause.condition.map(value(of:)) ?? true
            if holds != false { compiled.append(clause) }
            // A clause that surely holds is the one compiled: the ones after it are not.
            if holds == true { break }
        }
        return compiled
    }

    /// Whether `condition` holds on iOS: nil when it depends on more than the platform.
    static func value(of condition: ExprSyntax) -> Bool? {
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return value(of: only.expression)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return value(of: prefix.expression).map { !$0 }
        }
        if let sequence = condition.as(SequenceExprSyntax.self) { return value(of: Array(sequence.elements)) }
        if let infix = condition.as(InfixOperatorExprSyntax.self) {
            return value(of: [infix.leftOperand, infix.operator, infix.rightOperand])
        }
        guard let call = condition.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil,
            let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        switch function {
        case "os": return name == "iOS"
        case "canImport" where name == "UIKit": return true
        default: return nil
        }
    }

    /// The parser leaves operators unfolded: `a || b && c` is five parts. `&&` binds tighter
    /// than `||`, and unknown parts are combined as unknown (true or unknown is true; false and
    /// unknown is false). Any other operator makes the whole unknown.
    private static func value(of parts: [ExprSyntax]) -> Bool? {
        guard parts.count % 2 == 1 else { return nil }
        var alternatives: [Bool?] = []
        var conjunction: Bool? = true
        for (index, part) in parts.enumerated() {
            if index % 2 == 1 {
                switch part.as(BinaryOperatorExprSyntax.self)?.operator.text {
                case "&&": continue
                case "||":
                    alternatives.append(conjunction)
                    conjunction = true
                default: return nil
                }
            } else {
                let operand = value(of: part)
                if conjunction == false || operand == false {
                    conjunction = false
                } else if conjunction == nil || operand == nil {
                    conjunction = nil
                }
            }
        }
        alternatives.append(conjunction)
        if alternatives.contains(true) { return true }
        return alternatives.allSatisfy { $0 == false } ? false : nil
    }
}

/// A visitor of what an iOS build compiles: the clauses of an `#if` for another platform are not
/// walked. The scan's readers of declarations, donations and their uses are all one.
class CompiledSyntaxVisitor: SyntaxVisitor {
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for clause in PlatformConditions.clausesCompiledOnIOS(node) { walk(clause) }
        return .skipChildren
    }
}
