import ProctorCore
import ProctorVocabulary
import SwiftSyntax

/// Walks one Swift file for donations and launch handlers (docs/scan.md, "What it reads").
/// Everything is read from syntax alone: a value is what ``ValueResolver`` can tell statically,
/// else marked dynamic.
final class SourceExtractor: CompiledSyntaxVisitor {
    private let path: String
    private let lines: SourceLines
    private let resolver: ValueResolver
    var donations: [ScannedDonation] = []
    private(set) var handlers: [ScannedHandler] = []
    /// The handlers in each function of the app's that takes an activity, by its name.
    private(set) var activityFunctions: [(name: String, handlers: [ScannedHandler])] = []
    private(set) var stateUpdates: [ScannedStateUpdate] = []
    private(set) var entryPoints = ScannedEntryPoints()
    /// The URL handlers and what they tell apart (SourceExtractor+URLs.swift).
    var urlHandlers: [ScannedURLHandler] = []
    /// The functions of the app's that take a URL, by name, with what they tell apart.
    var urlFunctions: [(name: String, handler: ScannedURLHandler)] = []
    /// How many more SiriKit values the interaction being read may hold.
    var siriKitBudget = 0
    /// Where the reservation actions' activities of the interaction being read are made.
    var embeddedActivities: [ProctorCore.SourceLocation] = []
    /// The types that set their own `userActivity?.needsSave` outside the donation's scope, where.
    private(set) var needsSaveSetters: [(type: String, location: ProctorCore.SourceLocation)] = []
    /// Where a type writes its own `userActivity`'s userInfo (`userActivity?.userInfo = …`,
    /// `userActivity?.userInfo?["k"] = …`, `userActivity?.addUserInfoEntries(from:)`): outside
    /// the donation's scope, its keys are not all known.
    private(set) var userInfoWriters: [(type: String, location: ProctorCore.SourceLocation)] = []
    /// The enclosing types and functions, for symbols.
    private(set) var scopes: [String] = []
    /// The enclosing types alone, where names are looked up.
    private(set) var types: [String] = []
    /// The app's own initializers of NSUserActivity and CSSearchableItem this file declares.
    var appInitializers: [AppInitializer] = []
    /// While the body of one of them is read: its parameters' names, and its signature.
    var initializerParameters: (names: Set<String>, signature: String)?
    /// The Home Screen quick actions and widget links of the file (SourceExtractor+Doors.swift).
    var doors = ScannedDoors()
    /// The member a handler tells types apart by: an activity's `activityType`, or a quick
    /// action's `type` while its handlers are read (the same shapes of switch, if and guard).
    var typeMember = "activityType"
    /// The declarations of the file that may be App Intents' (SourceExtractor+AppIntents.swift).
    var appIntentDeclarations: [ScannedAppIntentDeclaration] = []
    /// The calls handing the system an app entity or an App Intent (SourceExtractor+AppEntities.swift).
    var entityUses: [ScannedEntityUse] = []
    /// When the file indexes app entities: the capitalized names it holds (the types it may index).
    var namesInIndexingFile: Set<String>?
    /// Notification content updated with an intent, and the functions of the app's that build
    /// or donate intents (SourceExtractor+CommunicationNotifications.swift).
    var contentUpdates: [ScannedContentUpdate] = []
    var intentBuilders: [ScannedIntentBuilder] = []
    var intentDonors: [ScannedIntentDonor] = []
    /// Each function body's calls, indexed once, and the intents bound to a name whose
    /// notification interaction is already written.
    var bodyCallIndexes: [SyntaxIdentifier: BodyCallIndex] = [:]
    var notificationIntents: Set<SyntaxIdentifier> = []

    /// The NSUserActivity properties a donation is read for, as Proctor's payloads name them.
    static let properties: Set<String> = [
        "title", "userInfo", "requiredUserInfoKeys", "keywords", "webpageURL", "referrerURL", "isEligibleForHandoff", "isEligibleForSearch",
        "isEligibleForPublicIndexing", "isEligibleForPrediction", "persistentIdentifier", "targetContentIdentifier", "needsSave",
        "supportsContinuationStreams", "contentAttributeSet",
    ]

    /// The CSSearchableItem properties a donation is read for (its initializer's labels among them).
    static let itemProperties: Set<String> = ["uniqueIdentifier", "domainIdentifier", "expirationDate", "attributeSet"]

    /// The CSSearchableItemAttributeSet properties Proctor's payloads name.
    static let attributeSetProperties = Set(AttributeSet.kinds.keys)

    /// The activity types the system sends that no app declares: a Spotlight item, a web page, a
    /// Spotlight search continued in the app.
    static let systemTypes: [String: String] = [
        "CSSearchableItemActionType": "com.apple.corespotlightitem",
        "NSUserActivityTypeBrowsingWeb": "NSUserActivityTypeBrowsingWeb",
        "CSQueryContinuationActionType": "com.apple.corespotlightquery",
    ]

    /// The `userInfo` keys the system writes: a Spotlight item's identifier.
    static let systemKeys: [String: String] = ["CSSearchableItemActivityIdentifier": "kCSSearchableItemActivityIdentifier"]

    /// The app's subclasses of NSUserActivity and CSSearchableItem, from every scanned file, by
    /// the kind of donation they make.
    let appClasses: [String: ScannedDonation.Kind]

    init(path: String, lines: SourceLines, resolver: ValueResolver, appClasses: [String: ScannedDonation.Kind] = [:]) {
        self.path = path
        self.lines = lines
        self.resolver = resolver
        self.appClasses = appClasses
        super.init(viewMode: .sourceAccurate)
    }

    func location(_ node: some SyntaxProtocol) -> ProctorCore.SourceLocation { lines.location(of: node) }

    var symbol: String { scopes.isEmpty ? "(file)" : scopes.joined(separator: ".") }

    func value(_ expression: ExprSyntax) -> StaticValue {
        // A parameter of the app's initializer being read: each caller gives its own.
        if let parameters = initializerParameters, let path = ValueResolver.path(of: expression), let first = path.first,
            parameters.names.contains(first)
        {
            return .dynamic(Self.parameterReason(path, of: parameters.signature))
        }
        var resolver = resolver
        resolver.types = types
        return resolver.value(of: expression)
    }

    /// A type as written without `?` or `!` (`URL` for `URL?`, `UIApplication.ShortcutItem`), nil
    /// for other shapes (generic, tuple, function, `inout` types). Asked of every parameter of every
    /// function read, so it reads the tokens instead of `trimmedDescription`, which builds a
    /// trimmed copy of the node: those copies were a tenth of the extraction's time.
    static func unwrappedTypeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return unwrappedTypeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrappedTypeName(unwrapped.wrappedType) }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            let base = member.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil
        {
            return base.name.text + "." + member.name.text
        }
        return nil
    }

    /// The value of a constant named by its path (`Kind.readArticle.rawValue`).
    func value(ofPath path: [String]) -> StaticValue {
        var resolver = resolver
        resolver.types = types
        return resolver.constants.value(of: path, within: types, resolver: resolver)
            ?? .dynamic("'\(path.joined(separator: "."))' is not a constant Proctor can resolve in the scanned files")
    }

    // MARK: - Scopes

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        scopes.append(name)
        // An extension of `A.B` is inside A and B.
        types += name.split(separator: ".").map(String.init)
        return .visitChildren
    }

    private func leave() {
        let name = scopes.removeLast()
        types.removeLast(name.split(separator: ".").count)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        readAppIntentsDeclaration(node, name: node.name.text)
        return enter(node.name.text)
    }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    /// The first type each enclosing class inherits from, where a scene delegate's base class
    /// may implement what it does not.
    private(set) var superclasses: [String?] = []
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        superclasses.append(superclass)
        // Also read with the constants, except a class declared inside a function's body.
        if let superclass { entryPoints.superclasses[node.name.text] = superclass }
        readAppIntentsDeclaration(node, name: node.name.text)
        return enter(node.name.text)
    }
    override func visitPost(_ node: ClassDeclSyntax) {
        superclasses.removeLast()
        leave()
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        readAppIntentsDeclaration(node, name: node.name.text)
        return enter(node.name.text)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        readAppIntentsDeclaration(node, name: Self.qualifiedName(node.extendedType), isExtension: true)
        return enter(node.extendedType.trimmedDescription)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        readAppIntentsDeclaration(node, name: node.name.text)
        return enter(node.name.text)
    }
    // A protocol of the app's may refine AppIntent (`protocol NoteIntent: AppIntent`).
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        readAppIntentsDeclaration(node, name: node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }
    /// Whether each enclosing variable declaration opened a scope.
    private var variableScopes: [Bool] = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // A property (`var body: some View`) is a scope of its own; a local `let` is not.
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) ?? false
        variableScopes.append(isMember)
        if isMember { scopes.append(node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "var") }
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) {
        if variableScopes.removeLast() { scopes.removeLast() }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        scopes.append("\(node.name.text)(\(labels))")
        if node.name.text == "canOpenURL" { doors.declaresCanOpenURL = true }
        readUIKitHandler(node)
        readActivityFunction(node)
        readStateUpdate(node)
        let parameterLabels = node.signature.parameterClause.parameters.map(\.firstName.text)
        readEntryPoint(node, labels: parameterLabels)
        readQuickActionEntryPoint(node, labels: parameterLabels)
        readURLFunction(node, labels: parameterLabels)
        readIntentFunction(node)
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

    // An initializer is a scope as a function is: `Type.init(place:)`.
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        let labels = parameters.map { "\($0.firstName.text):" }.joined()
        scopes.append("init(\(labels))")
        // `extension NSUserActivity { convenience init(…) }`, or an initializer of the app's
        // subclass: what its body builds, for its callers.
        if let type = types.last, Self.donationKind(ofClass: type) ?? appClasses[type] != nil {
            initializerParameters = (Set(parameters.map { ($0.secondName ?? $0.firstName).text }), "\(type).init(\(labels))")
            if let found = readAppInitializer(node) { appInitializers.append(found) }
            initializerParameters = nil
        }
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) { scopes.removeLast() }

    // MARK: - Donations: NSUserActivity(activityType:) and what its scope does with it

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        let items = Array(node)
        for (index, item) in items.enumerated() {
            for (name, call, stored, type) in Self.activitiesCreated(by: item, classes: appClasses) {
                var donation: ScannedDonation
                if let typeArgument = call.arguments.first(where: { $0.label?.text == "activityType" }) {
                    donation = ScannedDonation(activityType: value(typeArgument.expression), location: location(call), symbol: symbol)
                } else if let appCall = Self.appInitializerCall(call, of: type, kind: .userActivity) {
                    // `NSUserActivity(type: …, title: …)`: the app's own initializer, followed once all files are read.
                    donation = self.donation(madeBy: appCall, at: call, kind: .userActivity)
                } else {
                    continue
                }
                if stored {
                    // Assigned to a property: the responder's own `userActivity` is made current
                    // by UIKit; any other is kept for code elsewhere, which may make it current.
                    if name == "userActivity" {
                        donation.currentness = .madeCurrent
                        donation.responder = types.last
                        donation.currentOnlyAsResponder = true
                    } else {
                        donation.currentness = .handedOn
                    }
                }
                for later in items[(index + 1)...] {
                    // `userActivity = NSUserActivity(…)` again: another activity from there on.
                    if Self.activitiesCreated(by: later, classes: appClasses).contains(where: { $0.name == name }) { break }
                    read(uses: name, in: Syntax(later), into: &donation)
                }
                donations.append(donation)
            }
        }
        return .visitChildren
    }

    /// The activities a statement creates, by the name the code after it uses: `let a =
    /// NSUserActivity(activityType: …)` (or `let a: NSUserActivity = .init(activityType: …)`), and
    /// an assignment to a property, `userActivity = NSUserActivity(…)` or `self.current = …`
    /// (`stored`); with the class called, `NSUserActivity` or one of `classes`, the app's
    /// subclasses.
    static func activitiesCreated(
        by item: CodeBlockItemSyntax, classes: [String: ScannedDonation.Kind] = [:]
    ) -> [(name: String, call: FunctionCallExprSyntax, stored: Bool, type: String)] {
        switch item.item {
        case .decl(let declaration):
            guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
            return variable.bindings.compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    let type = activityClass(call, declaredType: binding.typeAnnotation?.type, classes: classes)
                else { return nil }
                return (name, call, false, type)
            }
        case .expr(let expression):
            guard let sequence = expression.as(SequenceExprSyntax.self) else { return [] }
            let parts = Array(sequence.elements)
            guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self), let target = ValueResolver.path(of: parts[0]), target.count == 1,
                let call = parts[2].as(FunctionCallExprSyntax.self), let type = activityClass(call, declaredType: nil, classes: classes)
            else { return [] }
            return [(target[0], call, true, type)]
        default:
            return []
        }
    }

    /// The class `NSUserActivity(activityType: …)` (or `.init(activityType: …)` where the type is
    /// written) makes: NSUserActivity, or one of the app's subclasses of it; nil for any other call.
    private static func activityClass(_ call: FunctionCallExprSyntax, declaredType: TypeSyntax?, classes: [String: ScannedDonation.Kind]) -> String? {
        func isActivity(_ name: String) -> Bool { name == "NSUserActivity" || classes[name] == .userActivity }
        guard var path = ValueResolver.path(of: call.calledExpression) else { return nil }
        if path.last == "init" { path.removeLast() }
        if path.isEmpty, let declared = declaredType?.trimmedDescription, isActivity(declared) { return declared }
        return path.count == 1 && isActivity(path[0]) ? path[0] : nil
    }

    /// `override func updateUserActivityState(_ activity: NSUserActivity)`: what it writes.
    private func readStateUpdate(_ function: FunctionDeclSyntax) {
        guard function.name.text == "updateUserActivityState", let type = types.last, let body = function.body,
            let parameter = function.signature.parameterClause.parameters.first, function.signature.parameterClause.parameters.count == 1
        else { return }
        var written = ScannedDonation(activityType: .dynamic("not a donation"), location: location(function.name), symbol: symbol)
        read(uses: (parameter.secondName ?? parameter.firstName).text, in: Syntax(body), into: &written, markingBranches: false)
        stateUpdates.append(ScannedStateUpdate(type: type, symbol: symbol, location: location(function.name), properties: written.properties))
    }

    /// The scene and app delegate methods that launch the app with something to show:
    /// `scene(_:continue:)`, `scene(_:willConnectTo:options:)`, and the URL handlers.
    private func readEntryPoint(_ function: FunctionDeclSyntax, labels: [String]) {
        let name = function.name.text
        let type = types.last ?? "(file)"
        if (name == "scene" || name == "application") && labels.contains("continue"), entryPoints.firstHandler == nil {
            entryPoints.firstHandler = (symbol, location(function.name))
        }
        switch (name, labels) {
        case ("scene", ["_", "continue"]):
            entryPoints.continuations.append(
                .init(type: type, symbol: symbol, location: location(function.name), superclass: superclasses.last ?? nil))
        case ("scene", let labels) where labels.contains("willConnectTo"):
            let members =
                function.body.map { body in body.allDescendants.compactMap { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text } } ?? []
            // The options handed whole to other code (`handle(connectionOptions)`): that code may read both.
            let options = function.signature.parameterClause.parameters.first { $0.firstName.text == "options" }.map {
                ($0.secondName ?? $0.firstName).text
            }
            let handedOn =
                function.body.map { body in
                    body.allDescendants.contains { node in
                        guard let argument = node.as(LabeledExprSyntax.self), argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true else {
                            return false
                        }
                        return ValueResolver.path(of: argument.expression) == options.map { [$0] }
                    }
                } ?? false
            entryPoints.connections.append(
                .init(
                    type: type, readsUserActivities: handedOn || members.contains("userActivities"),
                    readsURLContexts: handedOn || members.contains("urlContexts")))
            if handedOn || members.contains("urlContexts") { entryPoints.urlHandlers.append(symbol) }
        case ("scene", ["_", "openURLContexts"]):
            entryPoints.urlHandlers.append(symbol)
        case ("application", let labels) where labels.count >= 2 && labels[1] == "open":
            entryPoints.urlHandlers.append(symbol)
        case ("application", let labels)
        where labels.count == 2 && ["didFinishLaunchingWithOptions", "willFinishLaunchingWithOptions"].contains(labels[1]):
            // A launch method binding `launchOptions?[.url]` opens URLs (SourceExtractor+URLs.swift).
            let options = function.signature.parameterClause.parameters.first { $0.firstName.text == labels[1] }.map {
                ($0.secondName ?? $0.firstName).text
            }
            if let options, let body = function.body, !Self.launchURLNames(of: options, in: Syntax(body.statements)).isEmpty {
                entryPoints.urlHandlers.append(symbol)
            }
        default:
            break
        }
    }

    /// `userActivity?.needsSave = true` in a type: it asks UIKit to save its activity later.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let parts = Array(node.elements)
        readEntityIdentifierAssignment(parts)
        if parts.count == 3, parts[1].is(AssignmentExprSyntax.self), ValueResolver.path(of: parts[0]) == ["userActivity", "needsSave"],
            value(parts[2]) == .bool(true), let type = types.last
        {
            needsSaveSetters.append((type, location(node)))
        }
        if parts.count >= 3, parts[1].is(AssignmentExprSyntax.self), let type = types.last,
            ValueResolver.path(of: parts[0]) == ["userActivity", "userInfo"]
                || parts[0].as(SubscriptCallExprSyntax.self).map({ ValueResolver.path(of: $0.calledExpression) == ["userActivity", "userInfo"] })
                    == true
        {
            userInfoWriters.append((type, location(node)))
        }
        return .visitChildren
    }

    /// What the code after the declaration does with the activity named `name`.
    /// `markingBranches`: whether a property set inside a branch is computed (not in a
    /// responder's `updateUserActivityState(_:)`, whose guards only skip what it cannot add).
    func read(uses name: String, in node: Syntax, into donation: inout ScannedDonation, markingBranches: Bool = true) {
        let uses = UseCollector(name: name, properties: donation.kind == .searchableItem ? Self.itemProperties : Self.properties)
        uses.root = node.id
        uses.walk(node)
        for (key, expression, place) in uses.assignments {
            if key == "userInfo" { donation.userInfoPlaces.append(location(place)) }
            // `nil` on some paths only: the value is still there on the others (and is marked
            // computed below).
            if markingBranches, expression.is(NilLiteralExprSyntax.self), uses.conditionallySet.contains(key) { continue }
            if key == "contentAttributeSet" || key == "attributeSet" {
                recordAttributeSet(key, expression, at: location(place), near: place, into: &donation)
            } else {
                record(key, expression, at: location(place), into: &donation)
            }
        }
        for (expression, place) in uses.userInfoAdditions {
            donation.userInfoPlaces.append(location(place))
            record("userInfo", expression, at: location(place), into: &donation, merging: true)
        }
        // An entry written through a subscript (`activity.userInfo?["url"] = …`) is one the scan
        // does not read: the userInfo holds more than its literal says.
        if uses.userInfoSubscripted { donation.userInfoIsIncomplete = true }
        // A property set inside an if, a switch or a loop has the value of whichever path ran:
        // computed at run time, not the last one written (which made the result depend on the
        // order of the branches).
        for key in uses.conditionallySet.sorted() where markingBranches {
            guard let index = donation.properties.lastIndex(where: { $0.key == key && !$0.fromStateUpdate }) else { continue }
            donation.properties[index].value = .dynamic("set inside an if, a switch or a loop, so its value depends on the path the code takes")
            donation.properties[index].entries = []
        }
        donation.hasDelegate = donation.hasDelegate || uses.delegateSet
        donation.handedToOtherCode = donation.handedToOtherCode || uses.handedOn
        if uses.madeCurrent {
            let currentByCall = donation.currentness == .madeCurrent && !donation.currentOnlyAsResponder
            donation.currentness = .madeCurrent
            if uses.assignedToOwnResponder { donation.responder = types.last }
            donation.currentOnlyAsResponder = !currentByCall && !uses.calledBecomeCurrent && uses.assignedToOwnResponder
        } else if uses.handedOn && donation.currentness == .never {
            donation.currentness = .handedOn
        }
    }

    private func record(
        _ key: String, _ expression: ExprSyntax, at place: ProctorCore.SourceLocation, into donation: inout ScannedDonation, merging: Bool = false
    ) {
        // `nil` leaves the property unset.
        if expression.is(NilLiteralExprSyntax.self) {
            donation.properties.removeAll { $0.key == key }
            return
        }
        var property = ScannedDonation.Property(key: key, value: value(expression), location: place)
        if let dictionary = expression.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content {
            property.entries = elements.compactMap { element in value(element.key).string.map { ($0, location(element)) } }
        }
        if merging, let earlier = donation.property(key), case .dictionary(let old) = earlier.value, case .dictionary(let added) = property.value {
            property.value = .dictionary(old.filter { pair in !added.contains { $0.key == pair.key } } + added)
            property.entries = earlier.entries + property.entries
            property.location = earlier.location
        }
        donation.properties.append(property)
    }

    // MARK: - Core Spotlight: CSSearchableItem and its attribute set

    /// `CSSearchableItem(uniqueIdentifier:domainIdentifier:attributeSet:)`, and what the code after
    /// `let item = …` sets on it. Indexed or returned, it is the index's: a tap on it continues
    /// `CSSearchableItemActionType`.
    private func readSearchableItem(_ call: FunctionCallExprSyntax, of type: String) {
        // `CSSearchableItem(note: note)`: the app's own initializer, followed once all files are read.
        var item =
            Self.appInitializerCall(call, of: type, kind: .searchableItem).map { donation(madeBy: $0, at: call, kind: .searchableItem) }
            ?? searchableItem(builtBy: call)
        if let (name, following) = Self.binding(of: call) {
            for later in following { read(uses: name, in: Syntax(later), into: &item) }
            item.currentness = .handedOn
        }
        donations.append(item)
    }

    /// The item Apple's `CSSearchableItem(uniqueIdentifier:domainIdentifier:attributeSet:)` builds
    /// (called as such, or as `self.init(…)` in an initializer of the app's), with its arguments.
    func searchableItem(builtBy call: FunctionCallExprSyntax) -> ScannedDonation {
        var item = ScannedDonation(activityType: .string(Self.systemTypes["CSSearchableItemActionType"]!), location: location(call), symbol: symbol)
        item.kind = .searchableItem
        item.currentness = .handedOn
        for argument in call.arguments {
            guard let label = argument.label?.text, Self.itemProperties.contains(label) else { continue }
            if label == "attributeSet" {
                recordAttributeSet(label, argument.expression, at: location(argument), near: Syntax(call), into: &item)
            } else {
                record(label, argument.expression, at: location(argument), into: &item)
            }
        }
        return item
    }

    /// For `let name = <expression>` (or `var`) in a block: the name, and the block's items after it.
    static func binding(of expression: some SyntaxProtocol) -> (String, [CodeBlockItemSyntax])? {
        guard let clause = expression.parent?.as(InitializerClauseSyntax.self), let binding = clause.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        var node = Syntax(binding)
        while !node.is(CodeBlockItemSyntax.self) {
            guard let parent = node.parent else { return nil }
            node = parent
        }
        guard let list = node.parent?.as(CodeBlockItemListSyntax.self), let index = list.firstIndex(where: { Syntax($0) == node }) else { return nil }
        return (name, Array(list[list.index(after: index)...]))
    }

    /// An attribute set given as `expression` at `near`: built there (`CSSearchableItemAttributeSet(…)`),
    /// or a name declared so in an enclosing block before `near`, with the properties the code sets
    /// on it, each at its line. A number or a date computed at run time is left out (noted); a
    /// string is kept as "…", as for an activity.
    private func recordAttributeSet(
        _ key: String, _ expression: ExprSyntax, at place: ProctorCore.SourceLocation, near: Syntax, into donation: inout ScannedDonation
    ) {
        var following: [CodeBlockItemSyntax] = []
        var name: String?
        var built = expression
        if !Self.isAttributeSetInit(expression) {
            guard let path = ValueResolver.path(of: expression), path.count == 1, let declared = Self.declaration(named: path[0], before: near),
                let initializer = declared.initializer, Self.isAttributeSetInit(initializer)
            else {
                donation.leftOut.append((key, "not an attribute set built in the same function, which the scan follows", place))
                return
            }
            name = path[0]
            following = declared.following
            built = initializer
        }
        // `CSSearchableItemAttributeSet(note: note)`: the app's own initializer, whose body sets
        // what it sets (Simplenote's sets the title); not Apple's with nothing set.
        if let call = built.as(FunctionCallExprSyntax.self) {
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            if !Self.appleAttributeSetLabels.contains(labels) {
                donation.leftOut.append(
                    (
                        key,
                        "built by the app's own initializer CSSearchableItemAttributeSet(\(labels.map { $0 + ":" }.joined())), which the scan does not follow",
                        place
                    ))
                return
            }
        }
        var pairs: [(key: String, value: StaticValue)] = []
        var entries: [(key: String, location: ProctorCore.SourceLocation)] = []
        if let name {
            let uses = UseCollector(name: name, properties: Self.attributeSetProperties)
            for item in following { uses.walk(item) }
            for (property, valueExpression, node) in uses.assignments {
                let found = value(valueExpression)
                // A whole value computed at run time is kept only where "…" is one the property takes.
                if case .dynamic = found, let kind = AttributeSet.kinds[property], kind != .string, kind != .url {
                    donation.leftOut.append(("\(key).\(property)", found.dynamicReason ?? "computed at run time", location(node)))
                    continue
                }
                pairs.removeAll { $0.key == property }
                entries.removeAll { $0.key == property }
                pairs.append((property, found))
                entries.append((property, location(node)))
            }
        }
        var property = ScannedDonation.Property(key: key, value: .dictionary(pairs), location: place)
        property.entries = entries
        donation.properties.append(property)
    }

    /// The labels of Core Spotlight's own initializers of an attribute set: `init(contentType:)`,
    /// `init(itemContentType:)` and `init()`.
    static let appleAttributeSetLabels: [[String]] = [["contentType"], ["itemContentType"], []]

    private static func isAttributeSetInit(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        return ValueResolver.path(of: call.calledExpression) == ["CSSearchableItemAttributeSet"]
    }

    /// `let name = …` in the nearest enclosing block that declares it before `near`: its
    /// initializer, and the block's items after it (where the code configures what it made).
    static func declaration(named name: String, before near: Syntax) -> (initializer: ExprSyntax?, following: [CodeBlockItemSyntax])? {
        var node = near
        while let parent = node.parent {
            if let list = parent.as(CodeBlockItemListSyntax.self), let position = list.firstIndex(where: { Syntax($0) == node }) {
                for index in list[..<position].indices.reversed() {
                    guard case .decl(let declaration) = list[index].item, let variable = declaration.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return (binding.initializer?.value, Array(list[list.index(after: index)...]))
                    }
                }
            }
            node = parent
        }
        return nil
    }

    // MARK: - SwiftUI: .userActivity(_:_:) and .onContinueUserActivity(_:perform:)

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        readDoorCall(node)
        readSchemeQuery(node)
        readContentUpdate(node)
        readEntityUse(node)
        // `CSSearchableItem(appEntity:)` is made from the entity, not from Core Spotlight's own values.
        if node.arguments.first?.label?.text == "appEntity" { return .visitChildren }
        if ValueResolver.path(of: node.calledExpression) == ["userActivity", "addUserInfoEntries"], let type = types.last {
            userInfoWriters.append((type, location(node)))
        }
        switch ValueResolver.path(of: node.calledExpression) {
        case ["CSSearchableItem"]:
            readSearchableItem(node, of: "CSSearchableItem")
            return .visitChildren
        case let path? where path.count == 1 && appClasses[path[0]] == .searchableItem:
            // `NoteItem(note: note)`: the app's subclass.
            readSearchableItem(node, of: path[0])
            return .visitChildren
        case ["INInteraction"]:
            readInteraction(node)
            return .visitChildren
        default: break
        }
        // `index.deleteSearchableItems(…)`, or unqualified inside an extension of the index.
        switch Self.calledName(node.calledExpression) {
        case "deleteSearchableItems":
            // By identifiers or by domains: either way the app takes items out of the index.
            entryPoints.deletesItems = true
            if let argument = node.arguments.first(where: { $0.label?.text == "withDomainIdentifiers" }) {
                entryPoints.domainDeletions.append((value(argument.expression), symbol, location(argument.expression)))
            }
        case "deleteAllSearchableItems": entryPoints.deletesItems = true
        default: break
        }
        if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "onOpenURL" {
            entryPoints.urlHandlers.append(symbol)
            readURLModifier(node, name: "onOpenURL")
            return .visitChildren
        }
        // SwiftUI's modifiers take the type and a closure (or a function) at least: an enum case of
        // the app's own named `userActivity`, `.userActivity(activity)`, is not one.
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            let typeArgument = node.arguments.first, typeArgument.label == nil,
            node.arguments.count + (node.trailingClosure == nil ? 0 : 1) >= 2
        else { return .visitChildren }
        let closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self)
        switch member.declName.baseName.text {
        case "userActivity":
            // `.userActivity("type") { activity in ... }`, or with `element:` the last parameter.
            var donation = ScannedDonation(activityType: value(typeArgument.expression), location: location(member.declName), symbol: symbol)
            donation.currentness = .advertisedBySwiftUI
            if let closure, let name = Self.parameterNames(of: closure).last {
                read(uses: name, in: Syntax(closure.statements), into: &donation)
                donation.currentness = .advertisedBySwiftUI
            }
            donations.append(donation)
        case "onContinueUserActivity":
            if entryPoints.firstHandler == nil { entryPoints.firstHandler = (symbol, location(member.declName)) }
            var handler = ScannedHandler(activityType: value(typeArgument.expression), location: location(member.declName), symbol: symbol)
            if let closure, let name = Self.parameterNames(of: closure).first {
                handler.keysRead = keysRead(from: name, in: Syntax(closure.statements))
            }
            handlers.append(handler)
            if handler.activityType?.string == Self.systemTypes["NSUserActivityTypeBrowsingWeb"] {
                readURLModifier(node, name: member.declName.baseName.text)
            }
        default: break
        }
        return .visitChildren
    }

    static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names): names.map(\.name.text)
        case .parameterClause(let clause): clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: []
        }
    }

    // MARK: - UIKit: application(_:continue:restorationHandler:), scene(_:continue:)

    private func readUIKitHandler(_ function: FunctionDeclSyntax) {
        guard ["application", "scene"].contains(function.name.text), let body = function.body,
            let parameter = function.signature.parameterClause.parameters.first(where: { $0.firstName.text == "continue" })
        else { return }
        handlers += handlers(of: (parameter.secondName ?? parameter.firstName).text, in: body, at: function.name)
    }

    /// A function of the app's own that takes an activity (`func handle(_ activity:
    /// NSUserActivity)`): the handlers it holds, for a launch handler that hands the activity to
    /// it (resolved across files once all are read).
    private func readActivityFunction(_ function: FunctionDeclSyntax) {
        let parameters = function.signature.parameterClause.parameters
        guard !(["application", "scene"].contains(function.name.text) && parameters.contains { $0.firstName.text == "continue" }),
            let body = function.body,
            let parameter = parameters.first(where: { Self.unwrappedTypeName($0.type) == "NSUserActivity" })
        else { return }
        activityFunctions.append((function.name.text, handlers(of: (parameter.secondName ?? parameter.firstName).text, in: body, at: function.name)))
    }

    /// The handlers of a body that takes the activity named `name`: one per type it tells apart,
    /// or one that takes every type (at `place`), which may hand the activity to a function of
    /// the app's.
    func handlers(of name: String, in body: CodeBlockSyntax, at place: some SyntaxProtocol) -> [ScannedHandler] {
        var handlers: [ScannedHandler] = []
        let symbol = symbol
        var found = false
        let nodes = body.statements.compiledDescendants
        let rawValueTypes = Self.rawValueTypes(of: name, among: nodes, member: typeMember)
        // Each way the code tells types apart: a switch, an if, a guard.
        for node in nodes {
            if let switchExpression = node.as(SwitchExprSyntax.self),
                let enumeration = switchedType(switchExpression.subject, of: name, rawValueTypes)
            {
                for switchCase in Self.compiledCases(of: switchExpression) {
                    // `case nil:` of a conversion to the app's enumeration is every other type,
                    // as `default:` is.
                    let isDefault: Bool
                    if case .case(let label) = switchCase.label {
                        isDefault =
                            enumeration != nil
                            && label.caseItems.allSatisfy {
                                $0.pattern.as(ExpressionPatternSyntax.self)?.expression.is(NilLiteralExprSyntax.self) == true
                            }
                    } else {
                        isDefault = true
                    }
                    guard !isDefault, case .case(let label) = switchCase.label else {
                        // A `default:` that does more than leave may take any type (an intent it
                        // recognises by its interaction, say).
                        if !Self.onlyLeaves(switchCase.statements, logging: typeMember != "activityType") {
                            handlers.append(ScannedHandler(activityType: nil, location: location(switchCase), symbol: symbol))
                            found = true
                        }
                        continue
                    }
                    // A case that leaves the handler (`return false`), or, in a switch on the
                    // app's enumeration, does nothing with nothing after the switch (`case .none:
                    // break`, which an exhaustive switch needs), handles nothing.
                    if Self.onlyLeaves(switchCase.statements, logging: typeMember != "activityType"),
                        !switchCase.statements.allSatisfy({ $0.item.is(BreakStmtSyntax.self) })
                            || enumeration != nil && Self.isLastStatement(switchExpression)
                    {
                        continue
                    }
                    for item in label.caseItems {
                        // `case X:`, or `case let t where t == X:`; another pattern may take any type.
                        var type: StaticValue?
                        if let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression {
                            // A case of the app's enumeration of types (`case .readArticle:`) is its raw value.
                            type = enumeration.flatMap { caseValue(expression, of: $0) } ?? value(expression)
                        } else if let binding = item.pattern.as(ValueBindingPatternSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier
                            .text,
                            let condition = item.whereClause?.condition.as(SequenceExprSyntax.self)
                        {
                            type = comparison(condition, of: [binding])
                        }
                        var handler = ScannedHandler(activityType: type, location: location(item), symbol: symbol)
                        handler.keysRead = keysRead(from: name, in: Syntax(switchCase.statements))
                        handlers.append(handler)
                        found = true
                    }
                }
            } else if let ifExpression = node.as(IfExprSyntax.self), let type = comparedType(ifExpression.conditions, of: name, rawValueTypes) {
                var handler = ScannedHandler(activityType: type, location: location(ifExpression), symbol: symbol)
                handler.keysRead = keysRead(
                    from: name, in: Syntax(ifExpression.body), scope: Syntax(body),
                    only: [Syntax(ifExpression.conditions), Syntax(ifExpression.body)])
                handlers.append(handler)
                found = true
            } else if let guardStatement = node.as(GuardStmtSyntax.self), let type = comparedType(guardStatement.conditions, of: name, rawValueTypes)
            {
                // What follows the guard handles that type: its conditions and the rest of its block.
                var handler = ScannedHandler(activityType: type, location: location(guardStatement), symbol: symbol)
                var following: [Syntax] = [Syntax(guardStatement.conditions)]
                if let item = guardStatement.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
                    let index = list.firstIndex(where: { Syntax($0) == Syntax(item) })
                {
                    following += list[list.index(after: index)...].map(Syntax.init)
                }
                handler.keysRead = keysRead(from: name, in: Syntax(body), scope: Syntax(body), only: following)
                handlers.append(handler)
                found = true
            }
        }
        let delegate = Self.function(handedActivity: name, in: nodes)
        if !found {
            var handler = ScannedHandler(activityType: nil, location: location(place), symbol: symbol)
            handler.keysRead = keysRead(from: name, in: Syntax(body))
            handler.delegatesTo = delegate
            handlers.append(handler)
        } else if let delegate {
            // Some types told apart here, the others handed on (`if … == NSUserActivityTypeBrowsingWeb
            // { … } else { router.handle(userActivity) }`): the function's handlers too, when found.
            var handler = ScannedHandler(activityType: nil, location: location(place), symbol: symbol)
            handler.delegatesTo = delegate
            handler.onlyIfFollowed = true
            handlers.append(handler)
        }
        return handlers
    }

    /// The one function of the app's a body hands the activity to (`coordinator.handle(activity)`,
    /// `continueActivity(activity)`): its name, or nil when there is none or more than one.
    private static func function(handedActivity name: String, in nodes: [Syntax]) -> String? {
        var callees: Set<String> = []
        for node in nodes {
            guard let call = node.as(FunctionCallExprSyntax.self),
                call.arguments.contains(where: { ValueResolver.path(of: $0.expression) == [name] }),
                let callee = calledName(call.calledExpression), !loggingFunctions.contains(callee)
            else { continue }
            callees.insert(callee)
        }
        return callees.count == 1 ? callees.first : nil
    }

    /// The name of the function a call calls, whatever it is called on: `handle` in
    /// `handle(a)`, `coordinator.handle(a)` and `appDelegate()?.handle(a)` (a member of a call's
    /// result, which has no path of names).
    static func calledName(_ callee: ExprSyntax) -> String? {
        callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? callee.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// What code hands an activity to only to log it or pass it around: not a handler.
    private static let loggingFunctions: Set<String> = [
        "print", "debugPrint", "dump", "NSLog", "os_log", "log", "trace", "debug", "info", "notice", "warning", "error", "fault", "critical",
        "assert", "precondition", "post",
    ]

    private func isActivityType(_ expression: ExprSyntax, of name: String) -> Bool {
        ValueResolver.path(of: expression) == [name, typeMember]
    }

    /// What a switch tells apart: the activity type itself (nil), or the app's enumeration of
    /// types it was converted to; not a switch on the type when it is neither.
    private func switchedType(_ subject: ExprSyntax, of name: String, _ rawValueTypes: RawValueTypes) -> String?? {
        if isActivityType(subject, of: name) { return .some(nil) }
        return rawValueTypes.type(of: subject, of: name).map { .some($0) }
    }

    /// The app's enumerations of activity types a handler converts the type to, by the names
    /// bound to them: `guard let kind = ActivityType(rawValue: userActivity.activityType)`.
    private struct RawValueTypes {
        var enumerations: [String: String] = [:]
        var member = "activityType"

        /// The enumeration `subject` is a value of: a name bound above, or the conversion itself
        /// (`switch ActivityType(rawValue: userActivity.activityType)`).
        func type(of subject: ExprSyntax, of name: String) -> String? {
            if let path = ValueResolver.path(of: subject), path.count == 1 { return enumerations[path[0]] }
            return SourceExtractor.enumeration(convertedBy: subject, of: name, member: member)
        }
    }

    private static func rawValueTypes(of name: String, among nodes: [Syntax], member: String) -> RawValueTypes {
        var found = RawValueTypes(member: member)
        for node in nodes {
            if let binding = node.as(OptionalBindingConditionSyntax.self),
                let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, let enumeration = enumeration(convertedBy: value, of: name, member: member)
            {
                found.enumerations[bound] = enumeration
            } else if let binding = node.as(PatternBindingSyntax.self), let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, let enumeration = enumeration(convertedBy: value, of: name, member: member)
            {
                found.enumerations[bound] = enumeration
            }
        }
        return found
    }

    /// `E(rawValue: userActivity.activityType)` (with `!` or `?` after it): E.
    fileprivate static func enumeration(convertedBy expression: ExprSyntax, of name: String, member: String = "activityType") -> String? {
        var expression = expression
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { expression = unwrapped.expression }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "rawValue", ValueResolver.path(of: argument.expression) == [name, member],
            var type = ValueResolver.path(of: call.calledExpression)
        else { return nil }
        if type.last == "init" { type.removeLast() }
        return type.count == 1 ? type[0] : nil
    }

    /// `userActivity.activityType == X` (either way round) among `conditions`: X's value; or
    /// `kind == .readArticle`, where `kind` is the type converted to the app's enumeration: the
    /// case's raw value.
    private func comparedType(_ conditions: ConditionElementListSyntax, of name: String, _ rawValueTypes: RawValueTypes) -> StaticValue? {
        for condition in conditions {
            guard case .expression(let expression) = condition.condition, let sequence = expression.as(SequenceExprSyntax.self) else { continue }
            if let type = comparison(sequence, of: [name, typeMember]) { return type }
            for (bound, enumeration) in rawValueTypes.enumerations.sorted(by: { $0.key < $1.key }) {
                if let type = comparison(sequence, of: [bound], as: enumeration) { return type }
            }
        }
        return nil
    }

    /// `subject == X` or `X == subject`, where `subject` is the path given: X's value.
    private func comparison(_ sequence: SequenceExprSyntax, of subject: [String], as enumeration: String? = nil) -> StaticValue? {
        let parts = Array(sequence.elements)
        guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return nil }
        let other: ExprSyntax
        if ValueResolver.path(of: parts[0]) == subject {
            other = parts[2]
        } else if ValueResolver.path(of: parts[2]) == subject {
            other = parts[0]
        } else {
            return nil
        }
        guard let enumeration else { return value(other) }
        return caseValue(other, of: enumeration) ?? value(other)
    }

    /// `.readArticle` or `ActivityType.readArticle` of the app's enumeration of types: its raw value.
    private func caseValue(_ expression: ExprSyntax, of enumeration: String) -> StaticValue? {
        guard let path = ValueResolver.path(of: expression), let member = path.last,
            path.count == 1 && expression.as(MemberAccessExprSyntax.self)?.base == nil || path.count == 2 && path[0] == enumeration
        else { return nil }
        return value(ofPath: [enumeration, member, "rawValue"])
    }

    /// The `userInfo` keys read from the activity `name` in `node`: `name.userInfo?["key"]`, and
    /// through a constant that holds its userInfo (`let info = name.userInfo`).
    /// Reads with a fallback (`userInfo?["tab"] as? String ?? "menu"`) are left out: the screen
    /// does without them. Aliases are looked for in `scope` (the whole handler), keys in `nodes`.
    private func keysRead(from name: String, in node: Syntax, scope: Syntax? = nil, only nodes: [Syntax]? = nil) -> [(
        key: StaticValue, location: ProctorCore.SourceLocation
    )] {
        var holders: Set<[String]> = [[name, "userInfo"]]
        for descendant in (scope ?? node).compiledDescendants {
            if let binding = descendant.as(PatternBindingSyntax.self), let alias = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let initial = binding.initializer?.value, ValueResolver.path(of: Self.unwrapped(initial)) == [name, "userInfo"]
            {
                holders.insert([alias])
            } else if let binding = descendant.as(OptionalBindingConditionSyntax.self),
                let alias = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let initial = binding.initializer?.value, ValueResolver.path(of: Self.unwrapped(initial)) == [name, "userInfo"]
            {
                holders.insert([alias])
            }
        }
        var keys: [(key: StaticValue, location: ProctorCore.SourceLocation)] = []
        for descendant in (nodes ?? [node]).flatMap(\.compiledDescendants) {
            guard let subscriptCall = descendant.as(SubscriptCallExprSyntax.self), let base = ValueResolver.path(of: subscriptCall.calledExpression),
                holders.contains(base), let argument = subscriptCall.arguments.first, !Self.hasFallback(subscriptCall)
            else { continue }
            keys.append((value(argument.expression), location(subscriptCall)))
        }
        return keys
    }

    /// The cases of a switch, those in the clauses of an `#if` an iOS build compiles included.
    private static func compiledCases(of switchExpression: SwitchExprSyntax) -> [SwitchCaseSyntax] {
        var cases: [SwitchCaseSyntax] = []
        func add(_ list: SwitchCaseListSyntax) {
            for element in list {
                switch element {
                case .switchCase(let switchCase): cases.append(switchCase)
                case .ifConfigDecl(let conditional):
                    for clause in PlatformConditions.clausesCompiledOnIOS(conditional) {
                        if case .switchCases(let inner)? = clause.elements { add(inner) }
                    }
                }
            }
        }
        add(switchExpression.cases)
        return cases
    }

    /// Whether nothing follows the statement `node` is in, in its block and the blocks around it
    /// up to the function's body.
    private static func isLastStatement(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(InitializerDeclSyntax.self) { return true }
            if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.last?.id != item.id {
                return false
            }
            current = parent
        }
        return true
    }

    /// Whether `statements` only leave: `break`, `return`, `return false`, `return nil`.
    /// With `logging`, a call that only logs or stops a debug build (`assertionFailure()`,
    /// `logger.error(…)`) leaves too: a quick action's `default:` does that for a type it does not
    /// know (activity handlers keep their reading, which reports depend on).
    private static func onlyLeaves(_ statements: CodeBlockItemListSyntax, logging: Bool = false) -> Bool {
        statements.allSatisfy { item in
            if item.item.is(BreakStmtSyntax.self) { return true }
            // `completionHandler(false)`: a quick action's handler says it did nothing.
            if let call = item.item.as(FunctionCallExprSyntax.self) {
                return reportsFailure(call)
                    || logging
                        && calledName(call.calledExpression).map { loggingFunctions.union(["assertionFailure", "fatalError"]).contains($0) } == true
            }
            guard let returned = item.item.as(ReturnStmtSyntax.self) else { return false }
            guard let expression = returned.expression else { return true }
            if let call = expression.as(FunctionCallExprSyntax.self) { return reportsFailure(call) }
            return expression.is(NilLiteralExprSyntax.self) || expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
        }
    }

    /// A call of a bare name with `false` alone (`completionHandler(false)`).
    private static func reportsFailure(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.is(DeclReferenceExprSyntax.self) && call.arguments.count == 1 && call.trailingClosure == nil
            && call.arguments.first?.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
    }

    /// Whether `read` is on the left of `??` in the expression it is part of.
    private static func hasFallback(_ read: SubscriptCallExprSyntax) -> Bool {
        var node = Syntax(read)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) {
            if let list = parent.as(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) == true {
                let elements = Array(list)
                guard let index = elements.firstIndex(where: { Syntax($0) == node }) else { return false }
                return elements[(index + 1)...].contains { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }
            }
            node = parent
        }
        return false
    }

    /// `x as? [String: Any]`, `x!`: the expression inside.
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let cast = expression.as(SequenceExprSyntax.self), let first = cast.elements.first, cast.elements.count >= 2 { return first }
        if let cast = expression.as(AsExprSyntax.self) { return cast.expression }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return unwrapped.expression }
        return expression
    }
}

/// What code does with one activity after creating it: assignments to its properties,
/// `addUserInfoEntries(from:)`, `becomeCurrent()`, assignment to a `userActivity`, or handing it on.
final class UseCollector: CompiledSyntaxVisitor {
    let name: String
    var assignments: [(key: String, value: ExprSyntax, node: Syntax)] = []
    var userInfoAdditions: [(value: ExprSyntax, node: Syntax)] = []
    var madeCurrent = false
    /// Assigned to `userActivity` of the enclosing object itself (`userActivity = a`, `self.userActivity = a`).
    var assignedToOwnResponder = false
    /// `becomeCurrent()` is called on it.
    var calledBecomeCurrent = false
    var delegateSet = false
    var handedOn = false
    /// An entry of its userInfo is written through a subscript (`a.userInfo?["k"] = v`).
    var userInfoSubscripted = false

    /// The properties of the object an assignment to is read.
    let properties: Set<String>
    /// The node the walk starts at: a branch above it is not one of the activity's.
    var root: SyntaxIdentifier?
    /// The properties set (or userInfo added to) inside a branch or a loop below ``root``.
    var conditionallySet: Set<String> = []

    /// Whether `node` runs only on some paths from ``root``: inside an if's or a switch case's
    /// body, a guard's else, a loop or a catch.
    private func isConditional(_ node: Syntax) -> Bool {
        guard let root else { return false }
        var child = node
        while let parent = child.parent, child.id != root {
            if parent.is(SwitchCaseSyntax.self) || parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self)
                || parent.is(RepeatStmtSyntax.self)
                || parent.is(CatchClauseSyntax.self) || parent.is(TernaryExprSyntax.self)
            {
                return true
            }
            if let branch = parent.as(IfExprSyntax.self), child.id == branch.body.id || child.id == branch.elseBody?.id { return true }
            if let guardStatement = parent.as(GuardStmtSyntax.self), child.id == guardStatement.body.id { return true }
            // `#if DEBUG`: some builds compile it, some do not. The one clause every iOS build
            // compiles (the `#else` of `#if os(macOS)`) is not a branch.
            if let clause = parent.as(IfConfigClauseSyntax.self), let conditional = clause.parent?.parent?.as(IfConfigDeclSyntax.self) {
                let alwaysCompiled =
                    PlatformConditions.clausesCompiledOnIOS(conditional).count == 1
                    && (clause.condition.map(PlatformConditions.value(of:)) ?? true) == true
                if !alwaysCompiled { return true }
            }
            child = parent
        }
        return false
    }

    init(name: String, properties: Set<String>) {
        self.name = name
        self.properties = properties
        super.init(viewMode: .sourceAccurate)
    }

    /// The member of the object read that `path` names: `title` in `a.title`; for `self` (an
    /// initializer of the app's reading what it sets on itself), `self.title`, whose path is
    /// `title`, and a bare `title`.
    private func member(_ path: [String]) -> String? {
        if path.count == 2, path[0] == name { return path[1] }
        if name == "self", path.count == 1 { return path[0] }
        return nil
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let parts = Array(node.elements)
        guard parts.count >= 3 else { return .visitChildren }
        if parts[1].is(AssignmentExprSyntax.self), let entry = parts[0].as(SubscriptCallExprSyntax.self),
            ValueResolver.path(of: entry.calledExpression).flatMap(member) == "userInfo"
        {
            userInfoSubscripted = true
        }
        let assigned: ExprSyntax
        if parts[1].is(AssignmentExprSyntax.self) {
            // The parser leaves operators unfolded: `a = "x" + b` is one sequence of five parts,
            // and the assignment, of the lowest precedence, takes all that follows it: handed on
            // as a sequence of its own, read as a value (its places are the assignment's). A
            // literal's type written after it (`[...] as [String: Any]`) changes nothing.
            if parts.count == 5, parts[3].is(UnresolvedAsExprSyntax.self) {
                assigned = parts[2]
            } else {
                assigned = parts.count == 3 ? parts[2] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(parts[2...])))
            }
        } else if let compound = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text, compound.hasSuffix("="),
            !["==", "!=", "<=", ">=", "===", "!=="].contains(compound)
        {
            // `a.title += " (open)"`: the value is the old one changed at run time, read as
            // `a.title + " (open)"`, which names no constant.
            assigned = ExprSyntax(
                SequenceExprSyntax(
                    elements: ExprListSyntax([parts[0], ExprSyntax(BinaryOperatorExprSyntax(operator: .binaryOperator("+")))] + parts[2...])))
        } else {
            return .visitChildren
        }
        if let target = ValueResolver.path(of: parts[0]) {
            if let property = member(target), properties.contains(property) {
                assignments.append((property, assigned, Syntax(node)))
                // The value is the last one written unless a branch writes it after.
                if isConditional(Syntax(node)) { conditionallySet.insert(property) } else { conditionallySet.remove(property) }
            } else if member(target) == "delegate" {
                delegateSet = true
            } else if parts.count == 3, parts[1].is(AssignmentExprSyntax.self), ValueResolver.path(of: parts[2]) == [name] {
                // A responder's or a scene's userActivity: UIKit makes it current. Stored
                // anywhere else, it is handed on.
                if target.last == "userActivity" {
                    madeCurrent = true
                    if target == ["userActivity"] { assignedToOwnResponder = true }
                } else {
                    handedOn = true
                }
            }
        }
        return .visitChildren
    }

    // A declaration of the same name starts another activity: what follows it is not this one's.

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        guard let index = node.firstIndex(where: { Self.declares(name, $0) }) else { return .visitChildren }
        for item in node[..<index] { walk(item) }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        SourceExtractor.parameterNames(of: node).contains(name) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name } ? .skipChildren : .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        let rebinds = node.conditions.contains { element in
            element.condition.as(OptionalBindingConditionSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        guard rebinds else { return .visitChildren }
        walk(node.conditions)
        if let elseBody = node.elseBody { walk(elseBody) }
        return .skipChildren
    }

    private static func declares(_ name: String, _ item: CodeBlockItemSyntax) -> Bool {
        // `userActivity = NSUserActivity(…)` again: another activity from there on.
        if SourceExtractor.activitiesCreated(by: item).contains(where: { $0.name == name }) { return true }
        guard case .decl(let declaration) = item.item, let variable = declaration.as(VariableDeclSyntax.self) else { return false }
        return variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = ValueResolver.path(of: node.calledExpression).flatMap(member), ["becomeCurrent", "addUserInfoEntries"].contains(callee) {
            switch callee {
            case "becomeCurrent":
                madeCurrent = true
                calledBecomeCurrent = true
            case "addUserInfoEntries":
                // Entries added on some paths only are kept: adding is the same in any order.
                if let argument = node.arguments.first { userInfoAdditions.append((argument.expression, Syntax(node))) }
            default: break
            }
        } else if node.arguments.contains(where: { ValueResolver.path(of: $0.expression) == [name] }) {
            handedOn = true
        }
        return .visitChildren
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression, ValueResolver.path(of: expression) == [name] { handedOn = true }
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// Every node below this one an iOS build compiles, in source order: the clauses of an `#if`
    /// for another platform are left out (``PlatformConditions``).
    var compiledDescendants: [Syntax] { descendants(compiledOnly: true) }

    /// Every node below this one, in source order.
    var allDescendants: [Syntax] { descendants(compiledOnly: false) }

    private func descendants(compiledOnly: Bool) -> [Syntax] {
        var nodes: [Syntax] = []
        var stack = Array(children(viewMode: .sourceAccurate).reversed())
        while let node = stack.popLast() {
            if compiledOnly, let conditional = node.as(IfConfigDeclSyntax.self) {
                stack += PlatformConditions.clausesCompiledOnIOS(conditional).map(Syntax.init).reversed()
                continue
            }
            nodes.append(node)
            stack += node.children(viewMode: .sourceAccurate).reversed()
        }
        return nodes
    }
}
