/// How deep `[` nest in a Swift file, told from its bytes before it is parsed.
///
/// swift-syntax's parser (603) takes time exponential in that depth. To decide whether a `[` starts
/// a type, its lookahead reads what follows twice, once as an inline array type (`[3 of Int]`) and
/// once as an array or dictionary type (`Parser.Lookahead.canParseCollectionTypeBody`), and each
/// level nested inside does the same: the time doubles with each level. Measured on this machine:
/// 0.04 s at 16 levels, 1.9 s at 22, and a fuzzer's input with 34 did not finish in minutes.
/// Real code nests a few levels (a matrix literal, a subscript inside a subscript), so a file that
/// nests deeper than ``limit`` is refused, located, instead of parsed.
///
/// Brackets inside comments, the text of string literals, regex literals and identifiers in
/// backticks are not counted, as the parser does not see them; brackets in a string's
/// interpolation are. A `]` lowers the depth, never below 0.
enum BracketNesting {
    /// The deepest nesting of `[` parsed: twice the time of one level less, 0.04 s at most.
    static let limit = 16

    /// The offset of the first `[` that opens deeper than `limit`, or nil.
    static func firstTooDeep(in text: String, limit: Int = limit) -> Int? {
        var text = text
        return text.withUTF8 { firstTooDeep(in: $0, limit: limit) }
    }

    /// What the bytes being read are part of, innermost last.
    private enum Context {
        /// A string literal's text: `"…"` or `"""…"""` (or in single quotes), raw with `hashes` `#`
        /// around it.
        case string(quote: UInt8, multiline: Bool, hashes: Int)
        /// The code of an interpolation, `\(…)`, with the parentheses opened inside it.
        case interpolation(parentheses: Int)
    }

    static func firstTooDeep(in bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int? {
        var contexts: [Context] = []
        var depth = 0
        var index = 0
        let count = bytes.count
        // Where the last string, regex or identifier in backticks ended: a `#` before it is that
        // literal's, not the start of the next one's (`#"a"#"b"`).
        var literalEnd = 0
        func at(_ offset: Int) -> UInt8? { offset >= 0 && offset < count ? bytes[offset] : nil }
        /// Whether `"` (or `'`) and then `hashes` `#` start at `offset` (`"""` when multiline).
        func closes(at offset: Int, quote: UInt8, multiline: Bool, hashes: Int) -> Int? {
            let quotes = multiline ? 3 : 1
            for step in 0..<quotes where at(offset + step) != quote { return nil }
            for step in 0..<hashes where at(offset + quotes + step) != UInt8(ascii: "#") { return nil }
            return quotes + hashes
        }
        /// The offset past the end of the regex literal whose opening `/` is at `offset`, with
        /// `hashes` `#` around it; nil when it is not closed (on its line, for one without `#`).
        func regexEnd(from offset: Int, hashes: Int) -> Int? {
            var cursor = offset + 1
            while cursor < count {
                let byte = bytes[cursor]
                if hashes == 0, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
                if byte == UInt8(ascii: "\\") {
                    cursor += 2
                    continue
                }
                if byte == UInt8(ascii: "/") {
                    var closing = 0
                    while closing < hashes, at(cursor + 1 + closing) == UInt8(ascii: "#") { closing += 1 }
                    if closing == hashes { return cursor + 1 + hashes }
                }
                cursor += 1
            }
            return nil
        }
        while index < count {
            let byte = bytes[index]
            if case .string(let quote, let multiline, let hashes)? = contexts.last {
                if byte == UInt8(ascii: "\\") {
                    // An escape: `\` and the string's hashes; `\(` opens an interpolation.
                    var next = index + 1
                    var escaped = true
                    for _ in 0..<hashes where escaped {
                        if at(next) == UInt8(ascii: "#") { next += 1 } else { escaped = false }
                    }
                    if escaped, at(next) == UInt8(ascii: "(") {
                        contexts.append(.interpolation(parentheses: 0))
                        index = next + 1
                    } else if escaped, !multiline, at(next) == UInt8(ascii: "\n") || at(next) == UInt8(ascii: "\r") {
                        // A one-line string still ends at its line.
                        index = next
                    } else {
                        index = escaped ? next + 1 : index + 1
                    }
                    continue
                }
                if let length = closes(at: index, quote: quote, multiline: multiline, hashes: hashes) {
                    contexts.removeLast()
                    index += length
                    literalEnd = index
                    continue
                }
                // A one-line string ends at its line, closed or not, as the parser ends it.
                if !multiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    contexts.removeLast()
                    literalEnd = index
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                // Block comments nest in Swift.
                var comments = 1
                index += 2
                while index < count, comments > 0 {
                    if bytes[index] == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                        comments += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                        comments -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                }
                continue
            case UInt8(ascii: "/") where Self.startsBareRegex(bytes, at: index):
                // `/[a-z]+/`: a regex literal; its brackets are no parser's.
                if let end = regexEnd(from: index, hashes: 0) {
                    index = end
                    literalEnd = end
                    continue
                }
            case UInt8(ascii: "#"):
                // `#/…/#`: an extended regex literal, which may span lines.
                var hashes = 1
                while at(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if at(index + hashes) == UInt8(ascii: "/"), let end = regexEnd(from: index + hashes, hashes: hashes) {
                    index = end
                    literalEnd = end
                    continue
                }
            case UInt8(ascii: "`"):
                // An identifier in backticks (Swift 6.2 allows any text in it) ends on its line.
                var end = index + 1
                while end < count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if at(end) == UInt8(ascii: "`") {
                    index = end + 1
                    literalEnd = index
                    continue
                }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // swift-syntax reads text in single quotes as a string too, to recover from it.
                var hashes = 0
                while index - hashes - 1 >= literalEnd, bytes[index - hashes - 1] == UInt8(ascii: "#") { hashes += 1 }
                let multiline = at(index + 1) == byte && at(index + 2) == byte
                contexts.append(.string(quote: byte, multiline: multiline, hashes: hashes))
                index += multiline ? 3 : 1
                continue
            case UInt8(ascii: "("):
                if case .interpolation(let parentheses)? = contexts.last { contexts[contexts.count - 1] = .interpolation(parentheses: parentheses + 1) }
            case UInt8(ascii: ")"):
                if case .interpolation(let parentheses)? = contexts.last {
                    if parentheses == 0 {
                        contexts.removeLast()
                    } else {
                        contexts[contexts.count - 1] = .interpolation(parentheses: parentheses - 1)
                    }
                }
            case UInt8(ascii: "["):
                depth += 1
                if depth > limit { return index }
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether the `/` at `offset` opens a regex literal rather than dividing: it stands where an
    /// operand starts (after an opening bracket, a comma, an operator or a keyword's colon, or at
    /// the start of a line), and no space follows it.
    private static func startsBareRegex(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + 1 < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "=")].contains(bytes[offset + 1])
        else { return false }
        var before = offset - 1
        while before >= 0, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
        guard before >= 0 else { return true }
        return Array("([{,=:;!&|?^~+-*<>%\n\r".utf8).contains(bytes[before])
    }
}
