/// A JSON value in plain Swift (converted from json-c's tree, or built from the text of a large
/// document), with the byte offset where it starts.
///
/// Offsets index the file's bytes (a skipped byte-order mark included), so any value can be
/// turned into a line and column through the document's ``SourceText``.
package struct JSONNode: Sendable {
    package var value: JSONValue
    /// The offset in 32 bits: a node then takes 24 bytes instead of 32 (`JSONValue` takes 17),
    /// which on a large file of small values is a quarter of its tree. Files are at most 64 MiB
    /// (``JSONLimits``); only a text built in code could go past 4 GiB, and its offsets there
    /// would read as 4 GiB rather than stop the process.
    private var storedOffset: UInt32

    /// Byte offset of the value's first character in the file.
    package var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    package init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.storedOffset = UInt32(clamping: offset)
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
        package var value: JSONNode
        /// 32 bits, as ``JSONNode``'s offset, and last: a member then takes 48 bytes, not 56.
        private var storedKeyOffset: UInt32

        /// Byte offset of the key's opening quote.
        package var keyOffset: Int {
            get { Int(storedKeyOffset) }
            set { storedKeyOffset = UInt32(clamping: newValue) }
        }

        package init(key: String, keyOffset: Int, value: JSONNode) {
            self.key = key
            self.value = value
            self.storedKeyOffset = UInt32(clamping: keyOffset)
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
