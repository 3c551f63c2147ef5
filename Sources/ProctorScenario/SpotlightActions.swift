import ProctorVocabulary

/// The quick action icons a Spotlight result shows (docs/system-model.md, "Spotlight quick
/// actions"). Seed 000 (lines 80-81): an attribute set that says the content "supports both
/// navigation and phone call" is presented "in Spotlight Search results UI, with the right quick
/// action icons to make a phone call or get directions". Apple's CSSearchableItemAttributeSet
/// documents what each needs: `supportsPhoneCall` with `phoneNumbers`, `supportsNavigation` with a
/// place to go to. The seed calls coordinates optional, so a text address is enough for
/// directions (assumption: Maps geocodes it, as it does for a map item without coordinates).
enum SpotlightAction: String, CaseIterable {
    case call, directions

    /// The address keys Maps can route to without coordinates.
    static let addressKeys = ["fullyFormattedAddress", "thoroughfare", "subThoroughfare", "city", "postalCode", "stateOrProvince", "country"]

    /// The actions a result of `attributes` shows, in the order of ``allCases``.
    static func shown(for attributes: AttributeSet?) -> [SpotlightAction] {
        guard let attributes else { return [] }
        var actions: [SpotlightAction] = []
        if attributes.flag("supportsPhoneCall"), (attributes.strings("phoneNumbers") ?? []).contains(where: { !$0.allSatisfy(\.isWhitespace) }) {
            actions.append(.call)
        }
        let hasCoordinates = attributes.latitude != nil && attributes.longitude != nil
        let hasAddress = addressKeys.contains { !(attributes.string($0) ?? "").allSatisfy(\.isWhitespace) }
        if attributes.flag("supportsNavigation"), hasCoordinates || hasAddress {
            actions.append(.directions)
        }
        return actions
    }
}

extension SystemModel {
    /// The quick actions a Spotlight result shows on `device`.
    func actions(of result: SearchResult, device: Int) -> [SpotlightAction] {
        switch entry(of: result, device: device) {
        case .item(let indexed): SpotlightAction.shown(for: indexed.item.attributeSet)
        case .activity(let indexed): SpotlightAction.shown(for: indexed.activity.contentAttributeSet)
        case nil: []
        }
    }
}
