/// What a feature keeps in the player beside the model, for its expectations to examine later
/// (the last universal link opened, the last push sent and the answers examined, the last
/// directions request): one value per type, as `RuleEngine` groups rules by the type they judge.
/// A feature declares its state type beside its steps, and reads and changes it through
/// `player.features[State.self]`; the player names none of them.
protocol FeatureState {
    /// The state before any step of the feature ran.
    init()
}

/// The features' states, keyed by type.
struct FeatureStates {
    private var values: [ObjectIdentifier: any FeatureState] = [:]

    /// The state of type `State`: its initial value until a step changes it.
    subscript<State: FeatureState>(_ type: State.Type) -> State {
        get { values[ObjectIdentifier(type)] as? State ?? State() }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
