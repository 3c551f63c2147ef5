import ProctorVocabulary

/// The rules Proctor ships, sorted by id. A test checks the order and that ids are unique.
public enum BuiltInRules {
    public static let donationRules: [any DonationRule] = [
        ActivityTitleRequiredRule(),
        ActivityTypeBundlePrefixRule(),
        ActivityTypeDeclaredRule(),
        ActivityTypeReverseDNSRule(),
        CheckInActionRule(),
        CheckInActivityRule(),
        CommunicationRecipientsRule(),
        CoordinateRangeRule(),
        DateRangeOrderRule(),
        DateRangeTimeZoneRule(),
        DeprecatedCallIntentRule(),
        DescriptionLengthRule(),
        DomainIdentifierComponentsRule(),
        ExpirationDatePastRule(),
        FlightIdentificationRule(),
        HandoffPayloadSizeRule(),
        IntentHandlingDeclaredRule(),
        InteractionActivityTypeDeclaredRule(),
        InteractionDirectionRule(),
        MessageServiceNameRule(),
        NavigationRequiresCoordinatesRule(),
        PersonHandleTypeRule(),
        PhoneCallRequiresNumbersRule(),
        PlaceTextAddressRule(),
        PlacemarkLocationRule(),
        PublicIndexingRequiresIdentityRule(),
        PublicIndexingWithoutSearchRule(),
        RankingHintRangeRule(),
        ReferrerURLSchemeRule(),
        RequiredUserInfoKeysExistRule(),
        RequiredUserInfoKeysUnsetRule(),
        ReservationContainerReferenceRule(),
        ReservationItemReferenceUniqueRule(),
        ReservationItemReferencesUnsetRule(),
        ReservationRequiresIOS14Rule(),
        ReservationResponseRule(),
        ReservationStatusKnownRule(),
        SearchableItemIdentifierRequiredRule(),
        SearchableItemTitleRule(),
        TitleLengthRule(),
        UserInfoValueTypesRule(),
        WebpageURLSchemeRule(),
    ]

    public static let runRules: [any RunRule] = [
        RelatedItemMissingRule(),
        // Judged by the scenario model only (ScenarioRules.swift); they find nothing in lint.
        ReservationDonationOncePerViewRule(),
        ReservationDonationUnrelatedScreenRule(),
        ReservationItemReferenceStableRule(),
        SearchableItemIdentifierUniqueRule(),
    ]

    /// Rules about the Info.plist itself, run once per run.
    public static let infoPlistRules: [any InfoPlistRule] = [
        IntentsRestrictedWhileLockedSupportedRule(),
    ]

    /// Every rule's description, sorted by id.
    public static let descriptions: [RuleDescription] = {
        let all = donationRules.map { type(of: $0).description } + runRules.map { type(of: $0).description }
            + infoPlistRules.map { type(of: $0).description }
        return all.sorted { $0.id < $1.id }
    }()

    public static func description(for id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// The rule id closest to a misspelt one, when it is a plausible typo.
    public static func suggestion(for id: String) -> String? {
        Suggestion.closest(to: id, among: descriptions.map(\.id))
    }
}
