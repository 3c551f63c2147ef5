import ProctorJSON

/// A kind of scenario step: everything about it in one type and one file of this folder — the
/// key that names it, the keys its body takes, its JSON Schema, how its body is decoded (with
/// located problems), the line that names it in test cases, and what playing it does to the
/// model. Adding a step is a file here and one line in ``ScenarioSteps/all``.
protocol ScenarioStep: Sendable {
    /// The key that names the step in a scenario file.
    static var name: String { get }
    /// The keys its body takes, in the order messages list them. The decoder refuses any other,
    /// and a test holds the schema to them.
    static var keys: [String] { get }
    /// The JSON Schema of its body (docs/scenario.schema.json, `$defs/step.<name>`).
    static var schema: [String: Any] { get }
    /// Decodes the body at `pointer`, reporting problems through `decoder`; nil when it cannot
    /// be played. `number` is the step's 1-based number; `context` is what earlier steps defined.
    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self?
    /// A short description for test case names and messages.
    var summary: String { get }
    /// Plays the step: changes the model, records the test cases it makes.
    func play(_ step: Step, on player: inout ScenarioPlayer)
    /// The device the step acts on, for its lane on the timeline; nil for one that acts on none
    /// (the clock). A step that names its device conforms to ``StepOnOneDevice`` and gets this.
    func device(on player: ScenarioPlayer) -> Int?
    /// Whether the timeline shows the step as an event of its own: `expect` is not, each of its
    /// expectations is one.
    static var isOnTimeline: Bool { get }
    /// Checks what only the whole decoded scenario shows (a name that no step defines), after
    /// every step is decoded, reporting through `decoder`. Most steps check nothing here.
    static func checkScenario(_ steps: [Step], app: ScenarioApp, decoder: inout ScenarioDecoder)
}

extension ScenarioStep {
    func device(on player: ScenarioPlayer) -> Int? { nil }
    static var isOnTimeline: Bool { true }
    static func checkScenario(_ steps: [Step], app: ScenarioApp, decoder: inout ScenarioDecoder) {}
}

extension ScenarioStep where Self: StepOnOneDevice {
    func device(on player: ScenarioPlayer) -> Int? { device }
}

/// The steps a scenario may take, in the order the schema and messages list them.
enum ScenarioSteps {
    static let all: [any ScenarioStep.Type] = [
        BecomeCurrentStep.self,
        ResignCurrentStep.self,
        InvalidateStep.self,
        IndexStep.self,
        DeleteSearchableItemsStep.self,
        DeleteAllSearchableItemsStep.self,
        DeleteSavedUserActivitiesStep.self,
        DeleteAllSavedUserActivitiesStep.self,
        AdvanceClockStep.self,
        SearchSpotlightStep.self,
        AcceptHandoffStep.self,
        OpenURLStep.self,
        OpenUniversalLinkStep.self,
        BrowseInSafariStep.self,
        DonateStep.self,
        ShowScreenStep.self,
        DeleteInteractionsStep.self,
        DeleteAllInteractionsStep.self,
        TapContactCardStep.self,
        OpenCalendarEventStep.self,
        TapCheckInStep.self,
        RegisterForRemoteNotificationsStep.self,
        SendPushStep.self,
        TapNotificationStep.self,
        RemoveAppStep.self,
        InstallAppStep.self,
        RequestNotificationAuthorizationStep.self,
        MonitorRegionStep.self,
        StopMonitoringRegionStep.self,
        MoveDeviceStep.self,
        StartRangingBeaconsStep.self,
        LeaveAppStep.self,
        RequestCalendarAccessStep.self,
        AddCalendarEventStep.self,
        OpenEventURLStep.self,
        AddPassStep.self,
        FocusTextFieldStep.self,
        TapLocationSuggestionStep.self,
        RequestDirectionsStep.self,
        ConnectAudioRouteStep.self,
        TapPlayStep.self,
        TerminateAppStep.self,
        SetShortcutItemsStep.self,
        TapQuickActionStep.self,
        TapWidgetStep.self,
        ExpectStep.self,
    ]

    static let names = all.map { $0.name }

    static func named(_ name: String) -> (any ScenarioStep.Type)? {
        all.first { $0.name == name }
    }
}
