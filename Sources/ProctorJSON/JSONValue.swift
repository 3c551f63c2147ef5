/// A JSON value converted from json-c into plain Swift, with the byte offset where it starts.
///
/// Offsets index the file's bytes (a skipped byte-order mark included), so any value can be
/// turned into a line and column through the document's ``SourceText``.
public struct JSONNode: Sendable {
    public var value: JSONValue
    /// Byte offset of the value's first character in the file.
    public var offset: Int

    public init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// The JSON data model, keeping integers exact and object members in document order.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// An integer that fits in `Int64`.
    case integer(Int64)
    /// A positive integer above `Int64.max` and at most `UInt64.max`.
    case unsignedInteger(UInt64)
    /// A number written with a fraction or an exponent; always finite.
    case double(Double)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)

    /// The name of the value's JSON type, as messages print it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .unsignedInteger: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// A JSON object whose members keep the order they were written in.
///
/// Duplicate keys never reach this type: the strict scanner rejects them.
public struct JSONObject: Sendable {
    public struct Member: Sendable {
        public var key: String
        /// Byte offset of the key's opening quote.
        public var keyOffset: Int
        public var value: JSONNode

        public init(key: String, keyOffset: Int, value: JSONNode) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    public var members: [Member]

    public init(members: [Member]) {
        self.members = members
    }

    /// The member named `key`, if any. Payload objects are small, so a linear search is fastest.
    public subscript(key: String) -> Member? {
        members.first { $0.key == key }
    }

    public var count: Int { members.count }
}
