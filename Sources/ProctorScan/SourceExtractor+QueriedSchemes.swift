import ProctorCore
import SwiftSyntax

/// A `canOpenURL(_:)` call, with the URL it asks about when the scan can tell it: a literal
/// (`URL(string: "fb://profile")!`), a constant holding one, or a `let` of the enclosing code
/// bound to one (`if let url = URL(string: "fb://")`, `canOpenURL(url)`).
struct SchemeQuery {
    var url: StaticValue
    var location: ProctorCore.SourceLocation
    var symbol: String
    /// Called on `UIApplication.shared` (or an `application` or `app` naming it): surely UIKit's
    /// method. Another base may be a wrapper that forwards to it, or the app's own method.
    var onUIApplication: Bool
}

extension SourceExtractor {
    /// `UIApplication.shared.canOpenURL(url)`, `application.canOpenURL(url)`.
    func readSchemeQuery(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "canOpenURL",
            member.base != nil, call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil
        else { return }
        var expression = argument.expression
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { expression = unwrapped.expression }
        var found = url(expression)
        if found.string == nil, let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let initial = Self.localLet(named: name, before: Syntax(call))
        {
            var initial = initial
            if let unwrapped = initial.as(ForceUnwrapExprSyntax.self) { initial = unwrapped.expression }
            found = url(initial)
        }
        let base = member.base?.trimmedDescription ?? ""
        let onUIApplication = ["UIApplication.shared", "UIApplication.shared()", "application", "app"].contains(base)
        doors.schemeQueries.append(SchemeQuery(url: found, location: location(call), symbol: symbol, onUIApplication: onUIApplication))
    }

    /// The value the nearest `let name = …` (or `if let`, `guard let`) before `node` in the code
    /// around it binds, up to the function or closure that holds it.
    static func localLet(named name: String, before node: Syntax) -> ExprSyntax? {
        func bound(in conditions: ConditionElementListSyntax, before limit: Int) -> ExprSyntax? {
            var found: ExprSyntax?
            for condition in conditions where condition.position.utf8Offset < limit {
                if case .optionalBinding(let binding) = condition.condition, binding.bindingSpecifier.tokenKind == .keyword(.let),
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                {
                    found = binding.initializer?.value
                }
            }
            return found
        }
        var child = node
        while let parent = child.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(AccessorDeclSyntax.self)
                || parent.is(InitializerDeclSyntax.self)
            {
                return nil
            }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                var found: ExprSyntax?
                for item in list where item.endPosition.utf8Offset <= child.position.utf8Offset {
                    if let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.let) {
                        for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                            found = binding.initializer?.value
                        }
                    } else if let guardStatement = item.item.as(GuardStmtSyntax.self),
                        let value = bound(in: guardStatement.conditions, before: guardStatement.endPosition.utf8Offset)
                    {
                        found = value
                    }
                }
                if let found { return found }
            } else if let conditions = parent.as(ConditionElementListSyntax.self) {
                if let found = bound(in: conditions, before: child.position.utf8Offset) { return found }
            } else if let ifExpression = parent.as(IfExprSyntax.self), child.id == ifExpression.body.id {
                if let found = bound(in: ifExpression.conditions, before: ifExpression.body.position.utf8Offset) { return found }
            }
            child = parent
        }
        return nil
    }
}
