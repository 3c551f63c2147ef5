extension JSONNode {
    /// Whether two trees are the same to the bit: values, offsets of values and keys, members in
    /// order, strings byte for byte, doubles by their bit pattern (so `-0.0` differs from `0.0`).
    /// What the tests and the `json` fuzz target ask of json-c's path and ``TextTreeBuilder``'s.
    package func isIdentical(to other: JSONNode) -> Bool {
        guard offset == other.offset else { return false }
        switch (value, other.value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && zip(a.members, b.members).allSatisfy {
                    $0.key.utf8.elementsEqual($1.key.utf8) && $0.keyOffset == $1.keyOffset && $0.value.isIdentical(to: $1.value)
                }
        default: return false
        }
    }
}
