import ProctorCore
import SwiftSyntax

// The app's own initializers of NSUserActivity and CSSearchableItem, declared in an extension
// (`extension NSUserActivity { convenience init(type: String, title: String) { … } }`) or in a
// subclass (`final class NoteActivity: NSUserActivity { init(note: Note) { … } }`): a call with
// their labels is the app's initializer, whose body builds the donation (docs/scan.md, "What it
// reads"). Apple's initializers keep Apple's labels.

/// An initializer the app declares in an extension of `NSUserActivity` or `CSSearchableItem`, or
/// in a subclass of either, and the donation its body builds: the activity type or the item's
/// arguments given to `self.init(…)` or `super.init(…)`, and what it sets on `self` after. A
/// value from one of its parameters is computed at run time.
struct AppInitializer {
    /// The class it initializes, as its callers name it: Apple's, or the app's subclass.
    var calledType: String
    /// Its argument labels, `_` for none.
    var labels: [String]
    var donation: ScannedDonation

    var signature: String { AppInitializerCall(calledType: calledType, labels: labels).signature }
}

/// A call whose labels are none of Apple's initializers' for that class: `NSUserActivity(type:
/// "…", title: "…")`, `CSSearchableItem(note: note)`.
struct AppInitializerCall {
    var calledType: String
    var labels: [String]

    /// `NSUserActivity(type:title:)`.
    var signature: String { "\(calledType)(\(labels.map { "\($0):" }.joined()))" }
}

extension SourceExtractor {
    /// The labels of Apple's initializers of each class (`init()` among them): a call with these
    /// is Apple's.
    static let appleInitializerLabels: [ScannedDonation.Kind: Set<[String]>] = [
        .userActivity: [["activityType"], []],
        .searchableItem: [["uniqueIdentifier", "domainIdentifier", "attributeSet"], []],
    ]

    /// The kind of donation an initializer of `type` makes.
    static func donationKind(ofClass type: String) -> ScannedDonation.Kind? {
        switch type {
        case "NSUserActivity": .userActivity
        case "CSSearchableItem": .searchableItem
        default: nil
        }
    }

    /// `call` of `type` (Apple's class or the app's subclass of it, which inherits Apple's
    /// initializers), when its labels are none of Apple's: the app's initializer.
    static func appInitializerCall(_ call: FunctionCallExprSyntax, of type: String, kind: ScannedDonation.Kind) -> AppInitializerCall? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard let apple = appleInitializerLabels[kind], !apple.contains(labels) else { return nil }
        return AppInitializerCall(calledType: type, labels: labels)
    }

    /// A donation made by the app's initializer `call`: what its body builds is added once the
    /// files are all read (``SourceScanner/resolveAppInitializers(in:declared:)``).
    func donation(madeBy call: AppInitializerCall, at node: some SyntaxProtocol, kind: ScannedDonation.Kind) -> ScannedDonation {
        var donation = ScannedDonation(
            activityType: .dynamic("made by \(call.signature), an initializer of the app's"), location: location(node), symbol: symbol)
        donation.kind = kind
        donation.initializer = call
        if kind == .searchableItem { donation.currentness = .handedOn }
        return donation
    }

    /// `convenience init(note: Note)` in an extension of NSUserActivity or CSSearchableItem, or an
    /// initializer of the app's subclass of either: the donation its body builds with
    /// `self.init(…)` or `super.init(…)` and the properties it sets on `self` after.
    func readAppInitializer(_ node: InitializerDeclSyntax) -> AppInitializer? {
        guard let type = types.last, types.count == 1, let kind = Self.donationKind(ofClass: type) ?? appClasses[type], let body = node.body else {
            return nil
        }
        let statements = Array(body.statements)
        guard let index = statements.firstIndex(where: { Self.delegatedInit($0) != nil }), let call = Self.delegatedInit(statements[index]) else {
            return nil
        }
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        var donation: ScannedDonation
        switch kind {
        case .userActivity:
            // `self.init(activityType: …)`; another initializer of the app's is not followed.
            guard let typeArgument = call.arguments.first(where: { $0.label?.text == "activityType" }) else { return nil }
            donation = ScannedDonation(activityType: value(typeArgument.expression), location: location(call), symbol: symbol)
        case .searchableItem:
            guard Self.appInitializerCall(call, of: type, kind: kind) == nil else { return nil }
            donation = searchableItem(builtBy: call)
        case .interaction:
            return nil
        }
        for later in statements[(index + 1)...] { read(uses: "self", in: Syntax(later), into: &donation) }
        return AppInitializer(calledType: type, labels: labels, donation: donation)
    }

    /// `self.init(…)` or `super.init(…)` as a statement (or after `try`): the call.
    private static func delegatedInit(_ item: CodeBlockItemSyntax) -> FunctionCallExprSyntax? {
        guard case .expr(var expression) = item.item else { return nil }
        if let attempt = expression.as(TryExprSyntax.self) { expression = attempt.expression }
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "init",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" || member.base?.is(SuperExprSyntax.self) == true
        else { return nil }
        return call
    }

    /// The reason a value read from one of the initializer's parameters (`type`, `note.title`)
    /// is not known.
    static func parameterReason(_ path: [String], of signature: String) -> String {
        let parameter = "the parameter '\(path[0])' of the app's initializer \(signature), which each caller gives at run time"
        return path.count == 1 ? parameter : "'\(path.joined(separator: "."))' is read from \(parameter)"
    }
}

extension SourceScanner {
    /// The app's subclasses of NSUserActivity and CSSearchableItem (directly or through another
    /// of the app's classes), from every class of the scanned files and the one it inherits from.
    static func appDonationClasses(_ superclasses: [(type: String, superclass: String)]) -> [String: ScannedDonation.Kind] {
        var bases: [String: String] = [:]
        for (type, superclass) in superclasses where bases[type] == nil { bases[type] = superclass }
        var found: [String: ScannedDonation.Kind] = [:]
        for type in bases.keys {
            var current = type
            for _ in 0..<16 {
                guard let base = bases[current] else { break }
                if let kind = SourceExtractor.donationKind(ofClass: base) {
                    found[type] = kind
                    break
                }
                current = base
            }
        }
        return found
    }

    /// Each donation made by an initializer of the app's gets what that initializer's body builds,
    /// when the scanned files declare exactly one with its labels; with what the caller sets after
    /// it, which comes later. Otherwise it stays unchecked, with a note saying why.
    static func resolveAppInitializers(
        in scanned: inout [(path: String, donations: [ScannedDonation], handlers: [ScannedHandler])], declared: [AppInitializer]
    ) {
        var bySignature: [String: [AppInitializer]] = [:]
        for initializer in declared { bySignature[initializer.signature, default: []].append(initializer) }
        for index in scanned.indices {
            for position in scanned[index].donations.indices {
                let site = scanned[index].donations[position]
                guard let call = site.initializer else { continue }
                guard let found = bySignature[call.signature], found.count == 1 else {
                    let why =
                        bySignature[call.signature] == nil
                        ? "which none of the scanned files declares" : "which the scanned files declare more than once"
                    scanned[index].donations[position].activityType = .dynamic("made by \(call.signature), an initializer of the app's \(why)")
                    continue
                }
                var merged = found[0].donation
                merged.location = site.location
                merged.symbol = site.symbol
                // What the caller sets comes after what the initializer sets.
                merged.properties += site.properties
                merged.leftOut += site.leftOut
                merged.computed += site.computed
                merged.places.merge(site.places) { _, caller in caller }
                merged.userInfoPlaces += site.userInfoPlaces
                merged.userInfoIsIncomplete = merged.userInfoIsIncomplete || site.userInfoIsIncomplete
                merged.hasDelegate = merged.hasDelegate || site.hasDelegate
                merged.isEmbedded = site.isEmbedded
                // Made current in the initializer, or as the caller makes it.
                if merged.currentness != .madeCurrent && (site.currentness != .never || merged.currentness == .never) {
                    merged.currentness = site.currentness
                    merged.responder = site.responder
                    merged.currentOnlyAsResponder = site.currentOnlyAsResponder
                }
                merged.initializer = nil
                scanned[index].donations[position] = merged
            }
        }
    }
}
