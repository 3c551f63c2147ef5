import Foundation

extension JSONNode {
    /// The JSON tree of plain Swift values: dictionaries with string keys, arrays, strings,
    /// booleans, integers and doubles, every object's keys sorted, so that what is written from
    /// it is the same on every run. Proctor's schemas are built this way, from the tables the
    /// decoders read. Anything else is a programming error.
    package init(plain value: Any) {
        let json: JSONValue
        switch value {
        case let object as [String: Any]:
            json = .object(
                JSONObject(members: object.keys.sorted().map { JSONObject.Member(key: $0, keyOffset: 0, value: JSONNode(plain: object[$0]!)) }))
        case let array as [Any]: json = .array(array.map { JSONNode(plain: $0) })
        case let text as String: json = .string(text)
        case let flag as Bool: json = .bool(flag)
        case let number as Int: json = .integer(Int64(number))
        case let number as Double: json = .double(number)
        default: preconditionFailure("a plain JSON value cannot be a \(type(of: value))")
        }
        self.init(json, offset: 0)
    }
}

extension JSONNode {
    /// Values built in code to be written (payloads, routes, baselines), not parsed: every
    /// offset is 0, and an object keeps its members in the order given.
    package static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(JSONObject(members: members.map { JSONObject.Member(key: $0.0, keyOffset: 0, value: $0.1) })), offset: 0)
    }

    package static func array(_ elements: [JSONNode]) -> JSONNode { JSONNode(.array(elements), offset: 0) }
    package static func string(_ text: String) -> JSONNode { JSONNode(.string(text), offset: 0) }
    package static func integer(_ number: Int) -> JSONNode { JSONNode(.integer(Int64(number)), offset: 0) }
}
