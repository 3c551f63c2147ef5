/// A JSON value converted from json-c into plain Swift, with the byte offset where it starts.
///
/// Offsets index the file's bytes (a skipped byte-order mark included), so any value can be
/// turned into a line and column through the document's ``SourceText``.
package struct JSONNode: Sendable {
    package var value: JSONValue
    /// Byte offset of the value's first character in the file.
    package var offset: Int

    package init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// The JSON data model, keeping integers exact and object members in document order.
package enum JSONValue: Sendable {
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
    package var typeName: String {
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
package struct JSONObject: Sendable {
    package struct Member: Sendable {
        package var key: String
        /// Byte offset of the key's opening quote.
        package var keyOffset: Int
        package var value: JSONNode

        package init(key: String, keyOffset: Int, value: JSONNode) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    package var members: [Member]

    package init(members: [Member]) {
        self.members = members
    }

    /// The member named `key`, if any. Payload objects are small, so a linear search is fastest.
    package subscript(key: String) -> Member? {
        members.first { $0.key == key }
    }

    package var count: Int { members.count }
}
