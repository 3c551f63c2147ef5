/// Finding a value's position from its pointer, for problems found after parsing (a rule's
/// finding, a decoding diagnostic raised away from the node).
extension JSONNode {
    /// The byte offset of the value at `pointer` below this node, or of its deepest existing
    /// ancestor: where a problem about that value is reported.
    package func offset(of pointer: JSONPointer) -> Int {
        deepestNode(at: pointer).node.offset
    }

    /// The offset of the member `key` of the object at `container`, without building the
    /// member's pointer.
    package func offset(ofMember key: String, in container: JSONPointer) -> Int {
        let (node, found) = deepestNode(at: container)
        return (found ? Self.child(key, of: node) : nil)?.offset ?? node.offset
    }

    /// The value at `pointer`, or its deepest existing ancestor; `found` tells which.
    private func deepestNode(at pointer: JSONPointer) -> (node: JSONNode, found: Bool) {
        var node = self
        for token in pointer.tokens {
            guard let child = Self.child(token, of: node) else { return (node, false) }
            node = child
        }
        return (node, true)
    }

    private static func child(_ token: String, of node: JSONNode) -> JSONNode? {
        switch node.value {
        case .object(let object):
            return object[token]?.value
        case .array(let elements):
            guard let index = Int(token), elements.indices.contains(index) else { return nil }
            return elements[index]
        default:
            return nil
        }
    }
}
