/// Writes a ``JSONNode`` back as JSON text, keeping member order, so that values embedded in a
/// larger document (conformance cases) can be checked as files of their own.
package enum JSONWriter {
    /// Compact when `indent` is nil; otherwise one member per line, indented by `indent` spaces.
    package static func write(_ node: JSONNode, indent: Int? = nil) -> String {
        var output = ""
        write(node.value, into: &output, indent: indent, level: 0)
        return output
    }

    /// Compact, with every object's members sorted by key: two values are the same JSON exactly
    /// when their canonical texts are equal, whatever order their members were written in.
    package static func canonical(_ node: JSONNode) -> String {
        write(sortingMembers(node))
    }

    private static func sortingMembers(_ node: JSONNode) -> JSONNode {
        switch node.value {
        case .array(let elements): JSONNode(.array(elements.map(sortingMembers)), offset: node.offset)
        case .object(let object):
            JSONNode(
                .object(
                    JSONObject(
                        members: object.members.map { JSONObject.Member(key: $0.key, keyOffset: $0.keyOffset, value: sortingMembers($0.value)) }
                            .sorted { $0.key < $1.key })),
                offset: node.offset)
        default: node
        }
    }

    private static func write(_ value: JSONValue, into output: inout String, indent: Int?, level: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .unsignedInteger(let number): output += String(number)
        case .double(let number): output += number.description
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent, level + 1)
                write(element.value, into: &output, indent: indent, level: level + 1)
            }
            newline(&output, indent, level)
            output += "]"
        case .object(let object):
            guard object.count > 0 else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent, level + 1)
                writeString(member.key, into: &output)
                output += indent == nil ? ":" : ": "
                write(member.value.value, into: &output, indent: indent, level: level + 1)
            }
            newline(&output, indent, level)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int?, _ level: Int) {
        guard let indent else { return }
        output += "\n" + String(repeating: " ", count: indent * level)
    }

    package static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    output += "\\u" + hex4(scalar.value).lowercased()
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
