import ProctorJSON
import Testing

/// Parses `text` (as UTF-8) with the strict reader.
func parse(_ text: String, limits: JSONLimits = .standard) -> Result<JSONNode, JSONInputError> {
    JSONReader.parse(SourceText(bytes: Array(text.utf8)), limits: limits)
}

/// Parses raw bytes with the strict reader.
func parse(bytes: [UInt8], limits: JSONLimits = .standard) -> Result<JSONNode, JSONInputError> {
    JSONReader.parse(SourceText(bytes: bytes), limits: limits)
}

/// Structural equality of two JSON values, comparing members in order.
func sameValue(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b && a.sign == b.sign
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { sameValue($0.value, $1.value) }
    case (.object(let a), .object(let b)):
        return a.count == b.count
            && zip(a.members, b.members).allSatisfy {
                $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && sameValue($0.value.value, $1.value.value)
            }
    default: return false
    }
}

/// The members of an object node, or nil.
func members(_ node: JSONNode) -> [JSONObject.Member]? {
    guard case .object(let object) = node.value else { return nil }
    return object.members
}

/// The elements of an array node, or nil.
func elements(_ node: JSONNode) -> [JSONNode]? {
    guard case .array(let elements) = node.value else { return nil }
    return elements
}
