import Foundation
import ProctorJSON

/// A payload built in code: JSON with the property names of Apple's Swift API, exactly as a
/// payload file holds it (docs/input-format.md).
///
/// Write it with literals:
///
/// ```swift
/// let donation: Payload = .userActivity([
///     "activityType": "com.example.slicefinder.view-place",
///     "title": "Golden Crust Pizzeria",
///     "userInfo": ["placeID": "sf-0412"],
///     "requiredUserInfoKeys": ["placeID"],
///     "isEligibleForSearch": true,
/// ])
/// ```
///
/// An object keeps its keys in the order they are written, so the JSON text Proctor reads, and
/// every line number in a finding, is the same on every run.
public indirect enum Payload: Sendable, Hashable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction, such as a `rankingHint`.
    case integer(Int)
    /// A number with a fraction, such as a latitude.
    case number(Double)
    /// A string: dates are strings too, in RFC 3339 (`"2026-06-01T19:00:00Z"`).
    case string(String)
    /// An array, in order.
    case array([Payload])
    /// Keys in the order written; a key given twice is kept twice, and Proctor refuses the
    /// payload as it would a file (the input error `json_duplicate_key`, exit code 2).
    case object([(key: String, value: Payload)])

    /// An `NSUserActivity` donation: `{"userActivity": properties}`.
    public static func userActivity(_ properties: Payload) -> Payload { .object([("userActivity", properties)]) }
    /// A Core Spotlight item: `{"searchableItem": properties}`.
    public static func searchableItem(_ properties: Payload) -> Payload { .object([("searchableItem", properties)]) }
    /// A SiriKit interaction: `{"interaction": properties}`.
    public static func interaction(_ properties: Payload) -> Payload { .object([("interaction", properties)]) }

    /// The payload as JSON text, two spaces to a level, keys in the order written: the text
    /// Proctor's own writer gives emitted payloads and routes.
    public var jsonText: String {
        JSONWriter.write(node, indent: 2) + "\n"
    }

    /// The payload as the JSON layer's tree. Swift writes a double as 3.0, 0.25 or 1e+16, all
    /// JSON; NaN and infinity are not, and Proctor reports them as the parse error they would be
    /// in a file.
    private var node: JSONNode {
        switch self {
        case .null: JSONNode(.null, offset: 0)
        case .bool(let value): JSONNode(.bool(value), offset: 0)
        case .integer(let value): .integer(value)
        case .number(let value): JSONNode(.double(value), offset: 0)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(\.node))
        case .object(let members): .object(members.map { ($0.key, $0.value.node) })
        }
    }

    /// Whether two payloads are the same JSON, keys in the same order.
    public static func == (lhs: Payload, rhs: Payload) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Hashes the payload, keys in order, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let elements): hasher.combine(elements)
        case .object(let members):
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}

/// Payloads are written as literals: `nil`, `true`, `42`, `0.5`, `"text"`, `[...]` and `[key: value]`.
extension Payload: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Payload...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Payload)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }) }
}
