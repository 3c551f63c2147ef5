import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// A canonical JSON text of property-list values, in the donation encoding with keys sorted,
/// so that two `userInfo` dictionaries compare by what they hold.
enum PropertyListText {
    static func canonical(_ entries: [PropertyListEntry]) -> String {
        var output = ""
        write(.dictionary(entries), into: &output)
        return output
    }

    private static func write(_ value: PropertyListValue, into output: inout String) {
        switch value {
        case .string(let text): JSONWriter.writeString(text, into: &output)
        case .integer(let number): output += String(number)
        case .unsignedInteger(let number): output += String(number)
        case .real(let number): output += "\(number)"
        case .boolean(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .date(let date): tagged("$date", DateFormat.format(date), into: &output)
        case .data(let data): tagged("$data", data.base64EncodedString(), into: &output)
        case .url(let url): tagged("$url", url, into: &output)
        case .object(let className): tagged("$class", className, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element.value, into: &output)
            }
            output += "]"
        case .set(let elements):
            // A set has no order: compare its members sorted by their text.
            let members = elements.map { element -> String in
                var text = ""
                write(element.value, into: &text)
                return text
            }.sorted()
            output += "{\"$set\":[" + members.joined(separator: ",") + "]}"
        case .dictionary(let entries):
            output += "{"
            for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += "," }
                JSONWriter.writeString(entry.key, into: &output)
                output += ":"
                write(entry.value, into: &output)
            }
            output += "}"
        }
    }

    private static func tagged(_ tag: String, _ text: String, into output: inout String) {
        output += "{\"\(tag)\":"
        JSONWriter.writeString(text, into: &output)
        output += "}"
    }
}
