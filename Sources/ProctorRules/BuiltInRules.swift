import ProctorCore
import ProctorEngine
import ProctorVocabulary

/// The rules Proctor ships. Adding a rule is one line here (a test checks the list is sorted by
/// id and the ids unique); the engine groups the rules by the subject each judges.
public enum BuiltInRules {
    public static let all: [any Rule] = [
        SiteAssociationAppIDFormatRule(),
        SiteAssociationDomainEntitledRule(),
        SiteAssociationNamesAppRule(),
        SiteAssociationSizeRule(),
        SiteAssociationUnreachableComponentRule(),
        ActivityTitleRequiredRule(),
        ActivityTypeBundlePrefixRule(),
        ActivityTypeDeclaredRule(),
        ActivityTypeReverseDNSRule(),
        AppLinksIOSRule(),
        AssociatedDomainEntryRule(),
        AssociatedDomainSiteFileRule(),
        BeaconMajorMinorRule(),
        BeaconUUIDRule(),
        CalendarEventDatesRule(),
        CalendarEventTimeZoneRule(),
        CalendarEventURLRule(),
        CheckInActionRule(),
        CheckInActivityRule(),
        CommunicationRecipientsRule(),
        CoordinateRangeRule(),
        CoverageBareGeometryRule(),
        CoverageCoordinatesRule(),
        CoverageMultiPolygonRule(),
        CoveragePolygonClosedRule(),
        CoveragePolygonCountRule(),
        CoveragePolygonHolesRule(),
        CoveragePolygonPointsRule(),
        CoveragePolygonPositionsRule(),
        DateRangeOrderRule(),
        DateRangeTimeZoneRule(),
        DeprecatedCallIntentRule(),
        DescriptionLengthRule(),
        DescriptionRepeatsTitleRule(),
        DomainIdentifierComponentsRule(),
        ExpirationDatePastRule(),
        FlightIdentificationRule(),
        HandoffPayloadSizeRule(),
        IntentHandlingDeclaredRule(),
        IntentsRestrictedWhileLockedSupportedRule(),
        InteractionActivityTypeDeclaredRule(),
        InteractionDirectionRule(),
        KeywordsRepeatTitleRule(),
        MediaNowPlayingBeforeCompletionRule(),
        MediaPrepareOfflineErrorRule(),
        MediaPrepareWithoutPlayingRule(),
        MessageServiceNameRule(),
        NavigationRequiresCoordinatesRule(),
        NowPlayingArtworkRule(),
        NowPlayingPositionRule(),
        NowPlayingQueueRule(),
        NowPlayingTitleRule(),
        OpenGraphBasicsRule(),
        PassAppLaunchRule(),
        PassBarcodeRule(),
        PassBarcodeDeprecatedRule(),
        PassBeaconsRule(),
        PassColorsRule(),
        PassDatesRule(),
        PassFieldsRule(),
        PassIdentifiersRule(),
        PassLocationsRule(),
        PassRelevanceRule(),
        PassRequiredKeysRule(),
        PassStyleRule(),
        PassWebServiceRule(),
        PersonHandleTypeRule(),
        PhoneCallRequiresNumbersRule(),
        PlaceNameRule(),
        PlaceStreetAddressRule(),
        PlaceTextAddressRule(),
        PlacemarkLocationRule(),
        PlayMediaBackgroundAudioRule(),
        PlayMediaIntentContentRule(),
        PlayMediaIntentHandledRule(),
        PublicActivityUserDataRule(),
        PublicIndexingRequiresIdentityRule(),
        PublicIndexingWithoutSearchRule(),
        PushAlertContentRule(),
        PushAPSRequiredRule(),
        PushAPSValuesRule(),
        PushBackgroundShapeRule(),
        PushHeaderValuesRule(),
        PushPayloadSizeRule(),
        PushQuietHoursRule(),
        PushServiceExtensionAlertRule(),
        PushTopicRule(),
        PushTypeDeclaredRule(),
        PushTypeMatchesPayloadRule(),
        RankingHintRangeRule(),
        ReferrerURLSchemeRule(),
        RegionCenterRangeRule(),
        RegionIdentifierRule(),
        RegionLimitRule(),
        RegionNotifiesRule(),
        RegionRadiusRule(),
        RegionUsageDescriptionRule(),
        RelatedItemMissingRule(),
        RequiredUserInfoKeysExistRule(),
        RequiredUserInfoKeysUnsetRule(),
        ReservationContainerReferenceRule(),
        ReservationDonationOncePerViewRule(),
        ReservationDonationUnrelatedScreenRule(),
        ReservationItemReferenceStableRule(),
        ReservationItemReferenceUniqueRule(),
        ReservationItemReferencesUnsetRule(),
        ReservationRequiresIOS14Rule(),
        ReservationResponseRule(),
        ReservationStatusKnownRule(),
        ReservationValueDecoratedRule(),
        RoutingAppDocumentTypeRule(),
        RoutingAppModesRule(),
        SchemaOrgInteractionCounterRule(),
        SchemaOrgLocationRule(),
        SchemaOrgOfferRule(),
        SchemaOrgRatingRule(),
        SchemaOrgRecipeRule(),
        SchemaOrgSearchActionRule(),
        SchemaOrgTelephoneRule(),
        SearchableItemIdentifierRequiredRule(),
        SearchableItemIdentifierUniqueRule(),
        SearchableItemTitleRule(),
        SmartAppBannerRule(),
        StructuredDataJSONRule(),
        TitleLengthRule(),
        TwitterCardRule(),
        UserInfoValueTypesRule(),
        WebPageDeepLinkRule(),
        WebPageDeepLinkSchemeRule(),
        WebpageURLSchemeRule(),
    ]

    /// The built-in rules, grouped by subject: what lint and scenarios judge with.
    public static let engine = RuleEngine(all)

    /// Every rule's description, sorted by id.
    public static var descriptions: [RuleDescription] { engine.descriptions }

    /// The rules a scenario judges: every payload rule on each donation, the donation-order rules
    /// across its steps, and the rules about what the model saw. The run and Info.plist rules are
    /// lint's.
    public static var judgedInScenarios: [RuleDescription] {
        descriptions.filter { [.payload, .history, .scenario].contains($0.scope) }
    }

    public static func description(for id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// The rule id closest to a misspelt one, when it is a plausible typo.
    public static func suggestion(for id: String) -> String? {
        Suggestion.closest(to: id, among: descriptions.map(\.id))
    }
}
