import ProctorCore
import ProctorJSON

/// A kind of expectation an `expect` step states: everything about it in one type and one file of
/// this folder — the key that names it, its fields (from which the keys its body takes and its
/// JSON Schema are derived), how its body is decoded (with located problems), how it is judged
/// against the player's state, and its line on the timeline. Adding an expectation kind is a
/// file here and one line in ``ScenarioExpectations/all``.
protocol ScenarioExpectation: Sendable {
    /// The key that names the expectation in an `expect` step.
    static var name: String { get }
    /// The fields of its body, in the order messages list them: the decoder refuses any other
    /// key, and the schema's `properties` and `required` are these.
    static var fields: [ScenarioField] { get }
    /// What the schema states beyond the fields (`anyOf`, `not`, `minProperties`); none by default.
    static var constraints: [String: Any] { get }
    /// The JSON Schema of its body (docs/scenario.schema.json, `$defs/expect.<name>`): by
    /// default the closed object of `fields` with `constraints`.
    static var schema: [String: Any] { get }
    /// Decodes the body at `pointer`, reporting problems through `decoder`; nil when it cannot
    /// be judged. `context` is what earlier steps defined.
    static func decode(_ body: JSONNode, at pointer: JSONPointer, decoder: inout ScenarioDecoder, context: ScenarioDecoder.StepContext) -> Self?
    /// Judges the expectation at `step` against the player's state: nil when it holds. It may
    /// mark what it examines (a launch, a refusal, a finding) so the player does not fail it again.
    func evaluate(at step: Step, on player: inout ScenarioPlayer) -> ExpectationMismatch?
    /// The device it examines, for its lane on the timeline; nil for what is no device's.
    func device(on player: ScenarioPlayer) -> Int?
    /// One line on what it examines, for its entry on the timeline.
    func summary(on player: ScenarioPlayer) -> String
}

extension ScenarioExpectation {
    /// The keys its body takes, in the order messages list them (for `findings`, each expected
    /// finding's).
    static var keys: [String] { fields.map(\.key) }
    static var constraints: [String: Any] { [:] }
    static var schema: [String: Any] { fields.objectSchema.merging(constraints) { $1 } }
}

/// An expectation that names the device it examines in its `device` field.
protocol ExpectationOnOneDevice {
    var device: Int { get }
}

extension ScenarioExpectation where Self: ExpectationOnOneDevice {
    func device(on player: ScenarioPlayer) -> Int? { device }
}

/// One field of an expectation's body, described once: its key, whether the body needs it, and
/// its JSON Schema. The keys the decoder accepts and the schema's `properties` and `required`
/// are derived from a list of these, so the two cannot disagree.
struct ScenarioField {
    let key: String
    let isRequired: Bool
    let schema: [String: Any]

    static func required(_ key: String, _ schema: [String: Any]) -> ScenarioField {
        ScenarioField(key: key, isRequired: true, schema: schema)
    }

    static func optional(_ key: String, _ schema: [String: Any]) -> ScenarioField {
        ScenarioField(key: key, isRequired: false, schema: schema)
    }
}

extension [ScenarioField] {
    /// The closed object of these fields: their schemas as `properties`, the required ones (in
    /// order) as `required`.
    var objectSchema: [String: Any] {
        ScenarioSchema.object(Dictionary(uniqueKeysWithValues: map { ($0.key, $0.schema) }), required: filter(\.isRequired).map(\.key))
    }
}

/// The expectations an `expect` step may state, in the order the schema and messages list them.
enum ScenarioExpectations {
    static let all: [any ScenarioExpectation.Type] = [
        SpotlightExpectation.self,
        HandoffExpectation.self,
        LaunchExpectation.self,
        LinkExpectation.self,
        FindingsExpectation.self,
        IndexExpectation.self,
        ContactCardExpectation.self,
        CalendarExpectation.self,
        CheckInShortcutsExpectation.self,
        APNsExpectation.self,
        NotificationsExpectation.self,
        RegionsExpectation.self,
        RangingExpectation.self,
        AddedEventsExpectation.self,
        LockScreenExpectation.self,
        LocationSuggestionsExpectation.self,
        DirectionsExpectation.self,
    ]

    static let names = all.map { $0.name }

    static func named(_ name: String) -> (any ScenarioExpectation.Type)? {
        all.first { $0.name == name }
    }
}
