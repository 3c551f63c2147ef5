/// How deep brackets nest in a Swift file, told from its bytes before it is parsed, against the
/// depths past which swift-syntax's parser (603) takes too long.
///
/// Two costs, measured with the release build on this machine (docs/scan.md, Robustness):
///
/// - `[` nested in `[`: to decide whether a `[` starts a type, the parser's lookahead reads what
///   follows twice, once as an inline array type (`[3 of Int]`) and once as an array or
///   dictionary type (`Parser.Lookahead.canParseCollectionTypeBody`), and each level inside does
///   the same, so the time doubles with each level: 0.04 s at 16 levels, 1.9 s at 22, and a
///   fuzzer's input with 34 did not finish in minutes.
/// - Brackets of any kind left open: when an opener is not closed, each level's error recovery
///   looks ahead for its closer through everything after it (`canRecoverTo`, `skipSingle`), so
///   the time grows with the cube of the depth (8 times for twice the depth).
///
/// - `<` after `<`, as in `a < b < c`: each `<` after a name makes the parser look ahead to see
///   whether a generic argument list starts there (`canParseAsGenericArgumentList`), and that
///   lookahead reads on through every `<` that follows a name, so a chain takes time quadratic in
///   its length: 0.04 s for 256, 0.8 s for 2,000, 5.3 s for 4,000, over 30 s for 16,000 (64 KB).
///   Such a `<` is open until a `>` closes it or something no generic argument list holds ends
///   the chain (`;`, `=`, `{`, an arithmetic operator, a string, the closer of a bracket around it).
///
/// Real code nests a few levels, so a file that goes deeper than any limit is refused,
/// located, instead of parsed. Brackets are matched as the parser matches them: a closer closes
/// only the opener of its own kind that is innermost, and one that does not match is passed
/// over, so an opener left open stays counted however the code after it closes others.
///
/// Brackets inside comments, the text of string literals, regex literals and identifiers in
/// backticks are not counted, as the parser does not see them; those in a string's
/// interpolation are, and the interpolation's own `\(` is a parenthesis. A one-line string ends
/// at its line, and so do the interpolations in it, as the lexer ends them; the brackets opened
/// in them and not closed are still open to the parser.
enum BracketNesting {
    /// A nesting swift-syntax's parser is slow on, and the deepest a file may go.
    enum Limit: Equatable, Sendable {
        /// `[` opened inside one another, counted alone.
        case squareBrackets
        /// `(`, `[`, `{` and `\(` open at once, of every kind together.
        case openBrackets
        /// `<` that may open a generic argument list, open at once.
        case angleBrackets

        /// The most levels a file may nest.
        var depth: Int {
            switch self {
            case .squareBrackets: BracketNesting.squareBracketLimit
            case .openBrackets: BracketNesting.openBracketLimit
            case .angleBrackets: BracketNesting.angleBracketLimit
            }
        }
    }

    /// Where a file first goes past a limit, and which.
    struct Refusal: Equatable, Sendable {
        /// The offset of the opener that goes one level past the limit.
        var offset: Int
        var limit: Limit
    }

    /// The deepest nesting of `[` parsed: twice the time of one level less, 0.04 s at most.
    static let squareBracketLimit = 16

    /// The most brackets open at once. Below it the parser's recovery stays fast (64 unclosed
    /// parentheses, braces or interpolations followed by 64 KB of code: 0.08 s at most), while
    /// 700 took 76 s; the deepest real file met has 24 open.
    static let openBracketLimit = 64

    /// The most `<` open at once: a chain of 256 takes 0.04 s, and a file of chains of 32 (the
    /// lookahead of each quadratic in its length) stays far below that; generic types nest a
    /// few levels.
    static let angleBracketLimit = 32

    /// Where the file first nests past a limit, or nil.
    static func firstRefusal(in text: String) -> Refusal? {
        var text = text
        return text.withUTF8 {
            firstRefusal(in: $0, squareBracketLimit: squareBracketLimit, openBracketLimit: openBracketLimit, angleBracketLimit: angleBracketLimit)
        }
    }

    /// What the bytes being read are part of, innermost last.
    private enum Context {
        /// A string literal's text: `"…"` or `"""…"""` (or in single quotes), raw with `hashes` `#`
        /// around it.
        case string(quote: UInt8, multiline: Bool, hashes: Int)
        /// The code of an interpolation, `\(…)`, in a string of one line or of several.
        case interpolation(multiline: Bool)
        /// Code after an opening `(`, `[` or `{`.
        case bracket(opener: UInt8)
        /// Code after a `<` that may open a generic argument list.
        case angle
    }

    static func firstRefusal(in bytes: UnsafeBufferPointer<UInt8>, squareBracketLimit: Int, openBracketLimit: Int, angleBracketLimit: Int) -> Refusal?
    {
        var contexts: [Context] = []
        // Brackets open (interpolations included), `[` open, and interpolations open in
        // strings of one line, which all end at the line's end.
        var depth = 0
        var squares = 0
        var oneLineInterpolations = 0
        var angles = 0
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
        /// `hashes` `#` around it; nil when it is not closed (on its line, for one without `#`),
        /// or, for one without `#`, when a `)` closes no group in it: the lexer then reads the
        /// `/` as an operator, and what follows as code.
        func regexEnd(from offset: Int, hashes: Int) -> Int? {
            var cursor = offset + 1
            var groups = 0
            var characterClasses = 0
            while cursor < count {
                let byte = bytes[cursor]
                if hashes == 0, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
                switch byte {
                case UInt8(ascii: "\\"):
                    cursor += 2
                    continue
                case UInt8(ascii: "(") where characterClasses == 0:
                    groups += 1
                case UInt8(ascii: ")") where characterClasses == 0:
                    if groups == 0, hashes == 0 { return nil }
                    groups = max(0, groups - 1)
                case UInt8(ascii: "["):
                    characterClasses += 1
                case UInt8(ascii: "]"):
                    characterClasses = max(0, characterClasses - 1)
                case UInt8(ascii: "/"):
                    var closing = 0
                    while closing < hashes, at(cursor + 1 + closing) == UInt8(ascii: "#") { closing += 1 }
                    if closing == hashes { return cursor + 1 + hashes }
                default:
                    break
                }
                cursor += 1
            }
            return nil
        }
        /// Opens a bracket at `index`: the refusal if it goes past a limit.
        func enter(_ context: Context, square: Bool = false) -> Refusal? {
            contexts.append(context)
            depth += 1
            if square {
                squares += 1
                if squares > squareBracketLimit { return Refusal(offset: index, limit: .squareBrackets) }
            }
            return depth > openBracketLimit ? Refusal(offset: index, limit: .openBrackets) : nil
        }
        /// Ends the chain of `<` innermost: what comes next is no generic argument.
        func endAngles() {
            while case .angle? = contexts.last {
                contexts.removeLast()
                angles -= 1
            }
        }
        /// Closes the innermost bracket when `matches` it; passes over the closer otherwise.
        func close(if matches: (Context) -> Bool) {
            endAngles()
            guard let innermost = contexts.last, matches(innermost) else { return }
            contexts.removeLast()
            depth -= 1
            switch innermost {
            case .bracket(opener: UInt8(ascii: "[")): squares -= 1
            case .interpolation(multiline: false): oneLineInterpolations -= 1
            default: break
            }
        }
        /// At a line's end in code: every string of one line around it ends there, with its
        /// interpolation, as the lexer ends them. Their `\(` and the brackets opened inside
        /// them are left open, as the parser sees them.
        func endOneLineStrings() {
            var position = contexts.count - 1
            while position >= 0, oneLineInterpolations > 0 {
                switch contexts[position] {
                case .bracket, .angle:
                    position -= 1
                case .interpolation(multiline: false):
                    contexts[position] = .bracket(opener: UInt8(ascii: "("))
                    oneLineInterpolations -= 1
                    // The string the interpolation is in is just below it.
                    contexts.remove(at: position - 1)
                    position -= 2
                case .interpolation(multiline: true), .string:
                    return
                }
            }
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
                        if !multiline { oneLineInterpolations += 1 }
                        if let refusal = enter(.interpolation(multiline: multiline)) { return refusal }
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
                    // Its line's end is also the end of the strings it is interpolated in.
                    continue
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if oneLineInterpolations > 0 { endOneLineStrings() }
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
                endAngles()
                // swift-syntax reads text in single quotes as a string too, to recover from it.
                var hashes = 0
                while index - hashes - 1 >= literalEnd, bytes[index - hashes - 1] == UInt8(ascii: "#") { hashes += 1 }
                let multiline = at(index + 1) == byte && at(index + 2) == byte
                contexts.append(.string(quote: byte, multiline: multiline, hashes: hashes))
                index += multiline ? 3 : 1
                continue
            case UInt8(ascii: "("):
                if let refusal = enter(.bracket(opener: byte)) { return refusal }
            case UInt8(ascii: "{"):
                endAngles()
                if let refusal = enter(.bracket(opener: byte)) { return refusal }
            case UInt8(ascii: "<") where !Self.isOperatorCharacter(at(index - 1)) && !Self.isOperatorCharacter(at(index + 1)):
                // A `<` alone, which may open a generic argument list (`<<`, `<=` and `..<` do not).
                contexts.append(.angle)
                angles += 1
                if angles > angleBracketLimit { return Refusal(offset: index, limit: .angleBrackets) }
            case UInt8(ascii: ">") where at(index - 1) != UInt8(ascii: "-"):
                if case .angle? = contexts.last {
                    contexts.removeLast()
                    angles -= 1
                }
            case UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "|"),
                UInt8(ascii: "^"), UInt8(ascii: "\\"):
                // No generic argument list holds these.
                endAngles()
            case UInt8(ascii: "&") where at(index + 1) == UInt8(ascii: "&"):
                endAngles()
            case UInt8(ascii: "["):
                if let refusal = enter(.bracket(opener: byte), square: true) { return refusal }
            case UInt8(ascii: ")"):
                close {
                    switch $0 {
                    case .bracket(opener: UInt8(ascii: "(")), .interpolation: true
                    default: false
                    }
                }
            case UInt8(ascii: "]"):
                close { if case .bracket(opener: UInt8(ascii: "[")) = $0 { true } else { false } }
            case UInt8(ascii: "}"):
                close { if case .bracket(opener: UInt8(ascii: "{")) = $0 { true } else { false } }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether `byte` can be part of an operator: a `<` beside one is part of a longer operator.
    private static func isOperatorCharacter(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return Array("/=-+!*%<>&|^~.".utf8).contains(byte)
    }

    /// Whether the `/` at `offset` opens a regex literal rather than dividing: it stands where an
    /// operand starts (after an opening bracket, a comma, an operator or a keyword's colon, or at
    /// the start of a line), and no space follows it.
    private static func startsBareRegex(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + 1 < bytes.count,
            ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "=")].contains(bytes[offset + 1])
        else { return false }
        var before = offset - 1
        while before >= 0, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
        guard before >= 0 else { return true }
        return Array("([{,=:;!&|?^~+-*<>%\n\r".utf8).contains(bytes[before])
    }
}
