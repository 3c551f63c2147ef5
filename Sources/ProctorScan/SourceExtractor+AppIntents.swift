import ProctorCore
import SwiftSyntax

// App Intents (issue 34): the types a file declares that conform to AppIntent (or one of its
// refinements), AppEntity, AppEnum or AppShortcutsProvider, with what the system reads of them:
// titles, parameters, the default query, and each App Shortcut's phrases (docs/scan.md, "What it
// reads"). Which declaration is an intent is decided once every file is read, since an app may
// refine AppIntent with a protocol of its own or conform in an extension in another file
// (SourceScanner+AppIntents.swift).

/// One type declaration (or extension) of a file that names a protocol, with the App Intents
/// members it holds.
struct ScannedAppIntentDeclaration {
    /// A static member the system reads (`title`, `description`, `openAppWhenRun`,
    /// `defaultQuery`): its value and where it is written.
    struct Member {
        var value: StaticValue
        var location: ProctorCore.SourceLocation
    }

    /// An `@Parameter` property.
    struct Parameter {
        var name: String
        /// The type's name without `?` or `[ ]` (nil when the property has no type annotation).
        var type: String?
        /// The type as written (`[Folder]?`).
        var written: String?
        var title: StaticValue?
        var location: ProctorCore.SourceLocation
    }

    /// A spoken phrase of an App Shortcut: the literal's text with `${applicationName}` and
    /// `${parameter}` where it interpolates them, as AppShortcuts.strings writes them.
    struct Phrase {
        /// Nil when the phrase is computed at run time (`reason` says why).
        var text: String?
        var reason: String?
        var hasApplicationName = false
        /// The parameters it interpolates (`\(\.$note)`), by name, with where each is.
        var parameters: [(name: String, location: ProctorCore.SourceLocation)] = []
        var location: ProctorCore.SourceLocation
    }

    /// `AppShortcut(intent:phrases:shortTitle:systemImageName:)`.
    struct Shortcut {
        /// The intent's type as written (`OpenNoteIntent`, `Folders.Open`), nil when it is not a
        /// call Proctor reads.
        var intent: String?
        var phrases: [Phrase] = []
        /// Set when the phrases are not an array literal (a constant or a call): why.
        var phrasesComputed: String?
        var shortTitle: StaticValue?
        var systemImageName: StaticValue?
        var location: ProctorCore.SourceLocation
        /// Inside an `if`, a `switch` or a clause of `#if` that may not be compiled: the app may
        /// not have it.
        var isConditional = false
    }

    /// `static var appShortcuts: [AppShortcut]` of a provider.
    struct ShortcutList {
        var shortcuts: [Shortcut] = []
        /// What in the list is not an `AppShortcut(…)` call Proctor reads (a function's result, a
        /// loop), with where: those shortcuts are not known.
        var computed: [(reason: String, location: ProctorCore.SourceLocation)] = []
        var location: ProctorCore.SourceLocation
    }

    /// Its qualified path: the enclosing types and its name (`Folders.Open`); an extension's is
    /// the extended type as written. A protocol's is its name alone, as conformances name it.
    var name: String
    var location: ProctorCore.SourceLocation
    /// The names it inherits from or conforms to, generic arguments and modules dropped.
    var inherited: [String]
    var isExtension = false
    var isProtocol = false
    /// A class: its first inherited name may be a base class holding parameters the scan does
    /// not see.
    var isClass = false
    var title: Member?
    var description: Member?
    var openAppWhenRun: Member?
    var defaultQuery: Member?
    var parameters: [Parameter] = []
    var hasPerform = false
    /// Its `perform()` is `.result()` alone: running it does nothing (SourceExtractor+AppEntities.swift).
    var performDoesNothing = false
    var performLocation: ProctorCore.SourceLocation?
    /// An `IndexedEntity`'s own `attributeSet`: the attribute set properties its getter sets.
    var attributeSet: [String]?
    /// The type of a `target` property (an OpenIntent's item to open), its last name.
    var targetType: String?
    var appShortcuts: ShortcutList?
}

extension SourceExtractor {
    /// The protocols of App Intents that make a type an app intent: `AppIntent` and those that
    /// refine it (Apple, App Intents, "App intent types" and SystemIntent's "Inherited By").
    static let appIntentProtocols: Set<String> = [
        "AppIntent", "OpenIntent", "ForegroundContinuableIntent", "AudioPlaybackIntent", "AudioRecordingIntent", "AudioStartingIntent",
        "LiveActivityIntent", "LiveActivityStartingIntent", "WidgetConfigurationIntent", "ControlConfigurationIntent", "SetValueIntent",
        "DeleteIntent", "ProgressReportingIntent", "SystemIntent", "CameraCaptureIntent", "URLRepresentableIntent",
        "ShowInAppSearchResultsIntent", "PredictableIntent", "SnippetIntent", "UndoableIntent", "TargetContentProvidingIntent",
        "PlayVideoIntent", "PushToTalkTransmissionIntent", "StartWorkoutIntent", "PauseWorkoutIntent", "ResumeWorkoutIntent",
        "StartDiveIntent",
    ]
    /// The protocols that make a type an entity a parameter and a phrase may hold.
    static let appEntityProtocols: Set<String> = ["AppEntity", "TransientAppEntity", "IndexedEntity", "FileEntity", "URLRepresentableEntity"]
    static let appEnumProtocols: Set<String> = ["AppEnum"]
    static let appShortcutsProviderProtocols: Set<String> = ["AppShortcutsProvider"]
    /// The static members an extension may add to an intent, an entity or a provider.
    static let appIntentsMembers: Set<String> = ["title", "description", "openAppWhenRun", "defaultQuery", "appShortcuts", "attributeSet"]

    /// Whether the extractor keeps a declaration: it names some protocol (which may be one of
    /// the app's refining AppIntent), or it is an extension that may add members to one.
    func readAppIntentsDeclaration(_ node: some DeclGroupSyntax, name: String, isExtension: Bool = false) {
        let inherited = (node.inheritanceClause?.inheritedTypes ?? []).map { Self.plainName($0.type) }
        // A type that names no protocol is none of App Intents' (most of an app's, and every
        // enum of a generated strings file): left before its members are looked at.
        guard !inherited.isEmpty || isExtension else { return }
        let members = Self.compiledMembers(of: node.memberBlock)
        // An extension that names no protocol keeps only the App Intents members it adds.
        if inherited.isEmpty {
            let adds = members.contains { member in
                if let variable = member.as(VariableDeclSyntax.self) {
                    let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
                    return Self.appIntentsMembers.contains(name) || Self.isParameter(variable)
                }
                return member.as(FunctionDeclSyntax.self)?.name.text == "perform"
            }
            guard adds else { return }
        }
        let isProtocol = node.is(ProtocolDeclSyntax.self)
        // Nested types of the same name (`Notes.Open`, `Folders.Open`) are different intents.
        let scope = isExtension || isProtocol ? [] : types
        var declaration = ScannedAppIntentDeclaration(
            name: (scope + [name]).joined(separator: "."), location: location(node.introducer), inherited: inherited)
        declaration.isExtension = isExtension
        declaration.isProtocol = isProtocol
        declaration.isClass = node.is(ClassDeclSyntax.self)
        guard !declaration.isProtocol else {
            appIntentDeclarations.append(declaration)
            return
        }
        for item in members {
            if let function = item.as(FunctionDeclSyntax.self), function.name.text == "perform",
                function.signature.parameterClause.parameters.isEmpty
            {
                declaration.hasPerform = true
                declaration.performDoesNothing = Self.performDoesNothing(function)
                declaration.performLocation = location(function.name)
            }
            guard let variable = item.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            if !isStatic, property == "attributeSet" { declaration.attributeSet = Self.attributeSetAssignments(in: binding) }
            // An OpenIntent's `target`, a parameter or (with the schema macros) a plain property.
            if !isStatic, property == "target", let type = binding.typeAnnotation?.type { declaration.targetType = Self.plainName(type) }
            if Self.isParameter(variable) {
                declaration.parameters.append(
                    .init(
                        name: property,
                        type: binding.typeAnnotation.map { Self.plainName($0.type) }, written: binding.typeAnnotation?.type.trimmedDescription,
                        title: Self.parameterTitle(variable).map { text(of: $0) }, location: location(binding.pattern)))
                continue
            }
            guard isStatic else { continue }
            switch property {
            case "title": declaration.title = member(binding).map { .init(value: text(of: $0), location: location(binding.pattern)) }
            case "description": declaration.description = member(binding).map { .init(value: text(of: $0), location: location(binding.pattern)) }
            case "openAppWhenRun": declaration.openAppWhenRun = member(binding).map { .init(value: value($0), location: location(binding.pattern)) }
            case "defaultQuery":
                declaration.defaultQuery = member(binding).map { .init(value: Self.queryType($0), location: location(binding.pattern)) }
            case "appShortcuts": declaration.appShortcuts = shortcutList(binding)
            default: break
            }
        }
        appIntentDeclarations.append(declaration)
    }

    /// The name of a type as the scan compares it: `AppEntity` for `AppIntents.AppEntity`,
    /// `Note` for `Note?` or `[Note]`, generic arguments dropped.
    static func plainName(_ type: TypeSyntax) -> String { path(of: type).last ?? type.trimmedDescription }

    /// A type's path as written, generic arguments dropped: `["Notes", "Open"]` for `Notes.Open`.
    static func qualifiedName(_ type: TypeSyntax) -> String { path(of: type).joined(separator: ".") }

    private static func path(of type: TypeSyntax) -> [String] {
        var type = type
        while true {
            if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
            } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                type = unwrapped.wrappedType
            } else if let array = type.as(ArrayTypeSyntax.self) {
                type = array.element
            } else if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else {
                break
            }
        }
        if let member = type.as(MemberTypeSyntax.self) { return path(of: member.baseType) + [member.name.text] }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        return [type.trimmedDescription]
    }

    /// The members of a type an iOS build compiles: those of `#if` clauses for other platforms
    /// left out.
    static func compiledMembers(of block: MemberBlockSyntax) -> [DeclSyntax] {
        var found: [DeclSyntax] = []
        func add(_ list: MemberBlockItemListSyntax) {
            for item in list {
                if let conditional = item.decl.as(IfConfigDeclSyntax.self) {
                    for clause in PlatformConditions.clausesCompiledOnIOS(conditional) {
                        if case .decls(let nested)? = clause.elements { add(nested) }
                    }
                } else {
                    found.append(item.decl)
                }
            }
        }
        add(block.members)
        return found
    }

    private static func isParameter(_ variable: VariableDeclSyntax) -> Bool {
        variable.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Parameter" }
    }

    /// `@Parameter(title: "Note")`: the title's expression.
    private static func parameterTitle(_ variable: VariableDeclSyntax) -> ExprSyntax? {
        for attribute in variable.attributes {
            guard let attribute = attribute.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "Parameter",
                case .argumentList(let arguments)? = attribute.arguments
            else { continue }
            return arguments.first { $0.label?.text == "title" }?.expression
        }
        return nil
    }

    /// The value a static property gives: its initial value, or what its getter returns when
    /// the getter is one expression (`static var title: LocalizedStringResource { "Open" }`).
    private func member(_ binding: PatternBindingSyntax) -> ExprSyntax? {
        if let initial = binding.initializer?.value { return initial }
        return Self.getterStatements(binding).flatMap(Self.onlyExpression)
    }

    /// The statements of a property's getter, written `{ … }` or `get { … }`.
    private static func getterStatements(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let statements)?: return statements
        case .accessors(let accessors)?: return accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body?.statements
        case nil: return nil
        }
    }

    private static func onlyExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if case .expr(let expression) = item { return expression }
        if case .stmt(let statement) = item, let returned = statement.as(ReturnStmtSyntax.self) { return returned.expression }
        return nil
    }

    /// A text the system shows: a string, `LocalizedStringResource("…")`, `IntentDescription("…")`,
    /// `String(localized: "…")` or `LocalizedStringKey("…")`, or a constant holding one. Where the
    /// type is implied (`static var title: LocalizedStringResource = .init(…)`, Home Assistant's
    /// shape), `.init(…)` is one of them too. A key with a `defaultValue:` is that value: the text
    /// shown where no localization has the key.
    func text(of expression: ExprSyntax) -> StaticValue {
        if let call = expression.as(FunctionCallExprSyntax.self), let path = ValueResolver.path(of: call.calledExpression),
            let type = path.first, type == "init" && path.count == 1 || Self.textTypes.contains(type) && (path.count == 1 || path == [type, "init"])
        {
            if let fallback = call.arguments.first(where: { $0.label?.text == "defaultValue" }) { return text(of: fallback.expression) }
            if let first = call.arguments.first, first.label == nil || first.label?.text == "localized" { return text(of: first.expression) }
        }
        return value(expression)
    }

    /// The types whose initializer's first argument is the text (or its key).
    private static let textTypes: Set<String> = ["LocalizedStringResource", "IntentDescription", "String", "LocalizedStringKey"]

    /// `static var defaultQuery = NoteQuery()`: the query's type.
    private static func queryType(_ expression: ExprSyntax) -> StaticValue {
        if let call = expression.as(FunctionCallExprSyntax.self), var path = ValueResolver.path(of: call.calledExpression) {
            if path.last == "init" { path.removeLast() }
            if let name = path.last { return .string(name) }
        }
        return .dynamic("a query Proctor cannot name (not an initializer call)")
    }

    // MARK: - App Shortcuts

    /// `static var appShortcuts: [AppShortcut] { … }`: its App Shortcuts, as a result builder
    /// lists them or an array returns them.
    private func shortcutList(_ binding: PatternBindingSyntax) -> ScannedAppIntentDeclaration.ShortcutList {
        var list = ScannedAppIntentDeclaration.ShortcutList(location: location(binding.pattern))
        if let initial = binding.initializer?.value {
            readShortcuts(in: Syntax(initial), conditional: false, into: &list)
            return list
        }
        if let statements = Self.getterStatements(binding) { readShortcuts(in: Syntax(statements), conditional: false, into: &list) }
        return list
    }

    /// The App Shortcuts `node` makes: `AppShortcut(…)` calls as statements, in array literals
    /// and returns, through `if`, `switch` and `#if` (conditional there); anything else that may
    /// make some is noted as computed.
    private func readShortcuts(in node: Syntax, conditional: Bool, into list: inout ScannedAppIntentDeclaration.ShortcutList) {
        if let statements = node.as(CodeBlockItemListSyntax.self) {
            for statement in statements { readShortcuts(in: Syntax(statement.item), conditional: conditional, into: &list) }
            return
        }
        if let expressionStatement = node.as(ExpressionStmtSyntax.self) {
            readShortcuts(in: Syntax(expressionStatement.expression), conditional: conditional, into: &list)
            return
        }
        if let returned = node.as(ReturnStmtSyntax.self) {
            if let expression = returned.expression { readShortcuts(in: Syntax(expression), conditional: conditional, into: &list) }
            return
        }
        if let array = node.as(ArrayExprSyntax.self) {
            for element in array.elements { readShortcuts(in: Syntax(element.expression), conditional: conditional, into: &list) }
            return
        }
        if let conditionalCompilation = node.as(IfConfigDeclSyntax.self) {
            let clauses = PlatformConditions.clausesCompiledOnIOS(conditionalCompilation)
            // One clause that surely holds is compiled; several may each be.
            let isConditional = conditional || clauses.count != 1 || clauses.first?.condition.map(PlatformConditions.value(of:)) != true
            for clause in clauses {
                switch clause.elements {
                case .statements(let statements)?: readShortcuts(in: Syntax(statements), conditional: isConditional, into: &list)
                default: break
                }
            }
            return
        }
        if let branch = node.as(IfExprSyntax.self) {
            readShortcuts(in: Syntax(branch.body.statements), conditional: true, into: &list)
            switch branch.elseBody {
            case .ifExpr(let next)?: readShortcuts(in: Syntax(next), conditional: true, into: &list)
            case .codeBlock(let block)?: readShortcuts(in: Syntax(block.statements), conditional: true, into: &list)
            case nil: break
            }
            return
        }
        if let switchExpression = node.as(SwitchExprSyntax.self) {
            for item in switchExpression.cases {
                if let switchCase = item.as(SwitchCaseSyntax.self) {
                    readShortcuts(in: Syntax(switchCase.statements), conditional: true, into: &list)
                }
            }
            return
        }
        if let call = node.as(FunctionCallExprSyntax.self), let path = ValueResolver.path(of: call.calledExpression),
            path == ["AppShortcut"] || path == ["AppShortcut", "init"]
        {
            var shortcut = shortcut(call)
            shortcut.isConditional = conditional
            list.shortcuts.append(shortcut)
            return
        }
        // A declaration in a builder's body (`let phrase = …`) makes no shortcut.
        if node.is(VariableDeclSyntax.self) { return }
        list.computed.append(("'\(node.trimmedDescription.prefix(60))' may make App Shortcuts Proctor cannot read", location(node)))
    }

    private func shortcut(_ call: FunctionCallExprSyntax) -> ScannedAppIntentDeclaration.Shortcut {
        var shortcut = ScannedAppIntentDeclaration.Shortcut(location: location(call.calledExpression))
        for argument in call.arguments {
            switch argument.label?.text {
            case "intent":
                if let intentCall = argument.expression.as(FunctionCallExprSyntax.self),
                    var path = ValueResolver.path(of: intentCall.calledExpression)
                {
                    if path.last == "init" { path.removeLast() }
                    // As written (`Folders.Open`): the scan resolves it as Swift looks names up.
                    if !path.isEmpty { shortcut.intent = path.joined(separator: ".") }
                }
            case "phrases":
                if let array = argument.expression.as(ArrayExprSyntax.self) {
                    shortcut.phrases = array.elements.map { phrase($0.expression) }
                } else {
                    shortcut.phrasesComputed = "phrases that are not an array literal (\(value(argument.expression).dynamicReason ?? "a constant"))"
                }
            case "shortTitle": shortcut.shortTitle = text(of: argument.expression)
            case "systemImageName": shortcut.systemImageName = value(argument.expression)
            default: break
            }
        }
        return shortcut
    }

    /// A phrase literal: its text, `\(.applicationName)` written `${applicationName}`, and each
    /// `\(\.$parameter)` written `${parameter}`.
    private func phrase(_ expression: ExprSyntax) -> ScannedAppIntentDeclaration.Phrase {
        var phrase = ScannedAppIntentDeclaration.Phrase(location: location(expression))
        guard let literal = expression.as(StringLiteralExprSyntax.self) else {
            let resolved = value(expression)
            if let text = resolved.string {
                phrase.text = text
            } else {
                phrase.reason = resolved.dynamicReason ?? "not a string"
            }
            return phrase
        }
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let part):
                text += ValueResolver.unescaped(part.content.text)
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let part = interpolation.expressions.first?.expression else {
                    phrase.reason = "an interpolation Proctor cannot read"
                    return phrase
                }
                if let member = part.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "applicationName",
                    Self.isPhraseTokenType(member.base)
                {
                    text += "${applicationName}"
                    phrase.hasApplicationName = true
                } else if let keyPath = part.as(KeyPathExprSyntax.self), let name = Self.parameterName(keyPath) {
                    text += "${\(name)}"
                    phrase.parameters.append((name, location(part)))
                } else if let constant = value(part).string {
                    text += constant
                } else {
                    phrase.reason = "it interpolates '\(part.trimmedDescription.prefix(40))', which is neither the app's name nor a parameter"
                    return phrase
                }
            }
        }
        phrase.text = text
        return phrase
    }

    /// `.applicationName` names the token with its type implied; `AppShortcutPhraseToken.applicationName`
    /// (or `AppIntents.AppShortcutPhraseToken.applicationName`) spells the type out, the same token.
    private static func isPhraseTokenType(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        return ValueResolver.path(of: base).map { $0 == ["AppShortcutPhraseToken"] || $0 == ["AppIntents", "AppShortcutPhraseToken"] } ?? false
    }

    /// `\.$note` or `\OpenNoteIntent.$note`: `note`.
    private static func parameterName(_ keyPath: KeyPathExprSyntax) -> String? {
        guard keyPath.components.count == 1, let component = keyPath.components.first,
            case .property(let property) = component.component
        else { return nil }
        let name = property.declName.baseName.text
        return name.hasPrefix("$") ? String(name.dropFirst()) : nil
    }
}
