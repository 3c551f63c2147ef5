import ProctorCore
import ProctorJSON
import ProctorRules

/// The app's entities in Spotlight and activities, its intents donated, and its OpenIntents,
/// from every file of one app (issue 34): what `--emit-intents` lists of them, and the facts the
/// rules judge (SourceAppIntents). A type the syntax does not name is listed with why, never
/// guessed; a rule that would rest on it is not judged.
struct AppEntityFacts {
    /// Each type's declarations (its own and its extensions').
    var byName: [String: [ScannedAppIntentDeclaration]]
    /// The qualified names of the app's intents, entities and enumerations.
    var intents: [String]
    var entities: Set<String>
    var enums: Set<String>
    /// What a type inherits from or conforms to, over all its declarations.
    var inherited: (String) -> [String]
    /// The protocols (Apple's and the app's refining them) that make an entity indexed, an
    /// intent an OpenIntent, one that hands its target to a scene, and one opened by its URL.
    var indexedNames: Set<String>
    var openNames: Set<String>
    var sceneNames: Set<String>
    var urlIntentNames: Set<String>

    /// The system protocols of an entity the system opens through the app's URL handling.
    private static let urlEntityProtocols: Set<String> = ["URLRepresentableEntity"]

    /// A type as written, looked up from `scope` as Swift looks names up, else by its last name
    /// when one of `among` alone has it.
    private func resolve(_ written: String, from scope: [String], among names: [String]) -> String? {
        var scope = scope
        while true {
            let candidate = (scope + [written]).joined(separator: ".")
            if names.contains(candidate) { return candidate }
            if scope.isEmpty { break }
            scope.removeLast()
        }
        let candidates = names.filter { SourceScanner.shortName($0) == SourceScanner.shortName(written) }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// The listing and the facts; returns the files that hold what it judged.
    func judge(
        _ uses: [ScannedEntityUse], indexingNames: Set<String>?, listing: inout ExtractedAppIntents, subject: inout SourceAppIntents,
        place: (JSONPointer, ProctorCore.SourceLocation) -> Void, note: (String, ProctorCore.SourceLocation) -> Void,
        source: (ProctorCore.SourceLocation, String) -> String
    ) -> Set<String> {
        var files: Set<String> = []
        let entityNames = entities.sorted()
        var indexedByCall: Set<String> = []
        for use in uses {
            var type = use.type
            var reason = use.reason
            switch use.kind {
            case .donation:
                // An intent of the app's, or one the donation manager's `intent:` names; any other
                // receiver of `donate()` (a method of the app's, SiriKit's interaction) is no App Intent.
                if let written = type, let intent = resolve(written, from: use.scope, among: intents) {
                    type = intent
                    if use.donatesSelfInPerform {
                        let pointer = JSONPointer([intent, "perform()", "donate"])
                        place(pointer, use.location)
                        subject.selfDonations.append(.init(intent: intent, pointer: pointer))
                    }
                } else if !use.isDonationManagerCall {
                    continue
                }
                files.insert(use.location.file)
                listing.donations.append(
                    .init(
                        kind: "donate", type: type, computed: reason, inOwnPerform: use.donatesSelfInPerform, source: source(use.location, use.symbol)
                    ))
            case .appEntityIdentifier:
                if let written = type { type = resolve(written, from: use.scope, among: entityNames) ?? written }
                listing.activities.append(.init(kind: "appEntityIdentifier", type: type, computed: reason, source: source(use.location, use.symbol)))
            case .indexAppEntities, .deleteAppEntities, .associateAppEntity, .searchableItem:
                if let written = type {
                    type = resolve(written, from: use.scope, among: entityNames) ?? written
                    if use.kind != .deleteAppEntities, let type { indexedByCall.insert(type) }
                } else if reason == nil {
                    reason = "not named"
                }
                let kind =
                    switch use.kind {
                    case .searchableItem: "CSSearchableItem(appEntity:)"
                    default: use.kind.rawValue
                    }
                listing.spotlight.append(.init(kind: kind, type: type, computed: reason, source: source(use.location, use.symbol)))
            }
        }

        // OpenIntents: the types their targets are, and those whose perform() shows nothing.
        var targets: Set<String> = []
        var targetUnknown: (name: String, location: ProctorCore.SourceLocation)?
        for name in intents where inherited(name).contains(where: openNames.contains) {
            guard let group = byName[name], let first = group.first(where: { !$0.isExtension }) ?? group.first else { continue }
            guard let target = group.lazy.compactMap(\.targetType).first else {
                targetUnknown = targetUnknown ?? (name, first.location)
                continue
            }
            targets.insert(target)
            let conformances = inherited(name)
            guard let perform = group.first(where: \.hasPerform), perform.performDoesNothing, let location = perform.performLocation,
                !conformances.contains(where: sceneNames.contains), !conformances.contains(where: urlIntentNames.contains),
                let entity = resolve(target, from: [], among: entityNames + enums.sorted()),
                !inherited(entity).contains(where: Self.urlEntityProtocols.contains)
            else { continue }
            let pointer = JSONPointer([name, "perform()"])
            place(pointer, location)
            subject.idleOpenIntents.append(.init(name: name, target: entity, pointer: pointer))
            files.insert(location.file)
        }

        // Entities indexed in Spotlight: each needs an OpenIntent for Spotlight to open it.
        guard let indexingNames else { return files }
        for name in entityNames where inherited(name).contains(where: indexedNames.contains) {
            let short = SourceScanner.shortName(name)
            guard indexingNames.contains(short) || indexedByCall.contains(name),
                let conformance = byName[name]?.first(where: { $0.inherited.contains(where: indexedNames.contains) })
            else { continue }
            if let unknown = targetUnknown {
                note(
                    "\(name) is indexed in Spotlight, but the target of \(unknown.name) (an OpenIntent) is not a property whose type Proctor reads; whether an OpenIntent opens \(name) is not checked",
                    conformance.location)
                continue
            }
            let pointer = JSONPointer([name, "IndexedEntity"])
            place(pointer, conformance.location)
            subject.indexedEntities.append(.init(name: name, hasOpenIntent: targets.contains(short), pointer: pointer))
            files.insert(conformance.location.file)
        }
        return files
    }
}
