import ProctorCore
import ProctorJSON

/// Where every value of an XML property list is written, by JSON Pointer over the property list
/// (`/INIntents/0/INIntentTitle`): the line and column of a dictionary entry's `<key>`, or of an
/// array entry's opening tag, or of the top-level value (the empty pointer).
///
/// ``PropertyListLines`` finds top-level keys and the entries of top-level arrays, which is all an
/// Info.plist's rules point at; a document whose entries nest (an `.intentdefinition` file's
/// intents, their parameters and response codes) needs the positions of nested values too. One
/// forward pass over the text, comments already blanked, follows the tags with a stack of the
/// open containers; it reads the structure only, since Foundation has parsed (and validated) the
/// values. A binary property list has no positions.
package struct PropertyListPositions: Sendable {
    private var positions: [String: Position] = [:]

    /// A 1-based line and column.
    package struct Position: Sendable, Equatable {
        package var line: Int
        package var column: Int

        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The position of the value at `pointer`; nil when the text has none there.
    package func position(of pointer: JSONPointer) -> Position? { positions[pointer.description] }

    /// A location in `file` for the value at `pointer`, with its line and column when known.
    package func location(of pointer: JSONPointer, in file: String) -> SourceLocation {
        let position = positions[pointer.description]
        return SourceLocation(file: file, line: position?.line, column: position?.column, pointer: pointer.description)
    }

    /// The positions in the text of an XML property list (comments blanked, as ``PropertyListLines``
    /// keeps them).
    init(text bytes: [UInt8]) {
        /// An open container: a dictionary waits for a key, then for its value; an array counts
        /// its entries.
        enum Container {
            case dictionary(pointer: JSONPointer, pendingKey: (name: String, position: Position)?)
            case array(pointer: JSONPointer, count: Int)
        }
        var stack: [Container] = []
        var line = 1
        var lineStart = 0
        var index = 0
        var sawTopLevel = false

        /// Records the value that opens at `position` and returns its pointer.
        func place(_ position: Position) -> JSONPointer? {
            guard let last = stack.indices.last else {
                guard !sawTopLevel else { return nil }
                sawTopLevel = true
                positions[""] = position
                return JSONPointer()
            }
            switch stack[last] {
            case .dictionary(let pointer, let pendingKey):
                guard let key = pendingKey else { return nil }
                stack[last] = .dictionary(pointer: pointer, pendingKey: nil)
                let child = pointer.appending(key.name)
                positions[child.description] = key.position
                return child
            case .array(let pointer, let count):
                stack[last] = .array(pointer: pointer, count: count + 1)
                let child = pointer.appending(count)
                positions[child.description] = position
                return child
            }
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let position = Position(line: line, column: index - lineStart + 1)
            // The tag's name and where it ends; a processing instruction or DOCTYPE is skipped.
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ">") {
                if bytes[end] == 0x0A {
                    line += 1
                    lineStart = end + 1
                }
                end += 1
            }
            let tag = bytes[(index + 1)..<min(end, bytes.count)]
            index = end + 1
            guard let first = tag.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            let closing = first == UInt8(ascii: "/")
            let selfClosing = tag.last == UInt8(ascii: "/")
            let nameBytes = tag.drop { $0 == UInt8(ascii: "/") }.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != UInt8(ascii: "/") }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if closing {
                if name == "dict" || name == "array" { _ = stack.popLast() }
                continue
            }
            switch name {
            case "plist":
                continue
            case "key":
                // The key's text runs to the next `<`; entities are decoded so that the pointer
                // matches the key Foundation read.
                var textEnd = index
                while textEnd < bytes.count, bytes[textEnd] != UInt8(ascii: "<") { textEnd += 1 }
                let key = selfClosing ? "" : Self.decodingEntities(String(decoding: bytes[index..<textEnd], as: UTF8.self))
                if let last = stack.indices.last, case .dictionary(let pointer, _) = stack[last] {
                    stack[last] = .dictionary(pointer: pointer, pendingKey: (key, position))
                }
            case "dict", "array":
                guard let pointer = place(position), !selfClosing else { continue }
                stack.append(name == "dict" ? .dictionary(pointer: pointer, pendingKey: nil) : .array(pointer: pointer, count: 0))
            default:
                // A scalar: <string>, <integer>, <real>, <true/>, <false/>, <date>, <data>.
                _ = place(position)
            }
        }
    }

    /// `text` with the five predefined XML entities and character references decoded.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { return result + rest[ampersand...] }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                if entity.hasPrefix("#"), let value = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value)
                {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += rest[ampersand...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
