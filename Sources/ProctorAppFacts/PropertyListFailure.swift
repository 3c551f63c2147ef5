/// Foundation's reason for refusing a text property list, made into a located, short message.
///
/// Foundation names a line for most failures ("Close tag on line 8 …"), but not for the two that
/// happen before its parser starts: bytes the declared encoding cannot hold ("Unable to convert
/// string to correct encoding") and an encoding name it does not know ("Encountered unknown
/// encoding (…)"), which also repeats the name whole, however long. For those Proctor finds the
/// place itself: the first byte that is not UTF-8, or the XML declaration. Every piece of the
/// file's text a message quotes is cut to ``excerptLength`` characters, with control characters
/// escaped, so a hostile file cannot fill a report or a terminal with its own bytes.
struct PropertyListFailure {
    var message: String
    /// Nil only for a binary property list, which has no lines (its messages give byte offsets).
    var line: Int?

    /// How many characters of the file's text a message quotes at most.
    static let excerptLength = 40

    init(reason: String, noun: String, bytes: [UInt8]) {
        let prefix = "\(noun) is not a valid XML or binary property list: "
        if bytes.starts(with: Array("bplist".utf8)) {
            message = prefix + Self.shortened(reason)
            line = nil
            return
        }
        let declaration = XMLDeclaration(bytes)
        if reason.contains("unknown encoding") {
            let name = declaration?.encoding.map { "'\(Self.excerpt($0))'" } ?? "its encoding"
            message = prefix + "the XML declaration names \(name), an encoding Foundation does not know; write UTF-8"
            line = declaration?.encodingLine ?? 1
            return
        }
        if reason.contains("convert string to correct encoding"),
            let bad = Self.firstByteNotUTF8(in: bytes, declaredEncoding: declaration?.encoding)
        {
            let line = PropertyListSafety.line(at: bad, in: bytes)
            let lineStart = bytes[..<bad].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let before = String(decoding: bytes[max(lineStart, bad - Self.excerptLength)..<bad], as: UTF8.self)
            message =
                prefix + "byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) on line \(line) is not UTF-8"
                + (before.isEmpty ? "" : ", after '\(Self.excerpt(before, keepingEnd: true))'")
            self.line = line
            return
        }
        message = prefix + Self.shortened(reason)
        line = Self.lineNamed(in: reason) ?? Self.lastLine(ifEndedEarly: reason, bytes) ?? declaration?.line ?? 1
    }

    /// The line Foundation's reason names.
    private static func lineNamed(in reason: String) -> Int? {
        guard let range = reason.range(of: "line ") else { return nil }
        return Int(reason[range.upperBound...].prefix { $0.isNumber })
    }

    /// For a text property list that ends too early, the last line, where it ends.
    private static func lastLine(ifEndedEarly reason: String, _ bytes: [UInt8]) -> Int? {
        guard reason.contains("EOF") else { return nil }
        return 1 + bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - (bytes.last == 0x0A ? 1 : 0)
    }

    /// The offset of the first byte of a sequence that is not UTF-8, in a file that declares
    /// UTF-8 or no encoding; nil for another encoding, whose bytes Proctor does not decode
    /// (Foundation reads any byte in a file declared US-ASCII or ISO-8859-1).
    static func firstByteNotUTF8(in bytes: [UInt8], declaredEncoding: String?) -> Int? {
        guard declaredEncoding.map({ ["utf-8", "utf8"].contains($0.lowercased()) }) ?? true else { return nil }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            let length = utf8SequenceLength(bytes, at: index)
            guard length > 0 else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing past U+10FFFF), or 0 when there is none.
    private static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let (length, secondRange): (Int, ClosedRange<UInt8>) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            default: (0, 0x80...0xBF)
            }
        guard length > 0, index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[next]) { return 0 }
        return length
    }

    /// `text` as a message quotes it: control characters escaped (`\n`, `\t`, `\u{1B}`), and
    /// at most ``excerptLength`` characters, the rest marked by `…` (at the start when
    /// `keepingEnd`, for the text just before a place).
    static func excerpt(_ text: String, keepingEnd: Bool = false) -> String {
        let characters = Array(text)
        let kept =
            characters.count <= excerptLength
            ? characters[...] : keepingEnd ? characters.suffix(excerptLength) : characters.prefix(excerptLength)
        var escaped = ""
        for scalar in String(kept).unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        guard kept.count < characters.count else { return escaped }
        return keepingEnd ? "…" + escaped : escaped + "…"
    }

    /// Foundation's reason with what it quotes from the file cut short: each run of text
    /// between spaces to ``excerptLength`` characters (a tag name, an unexpected character),
    /// control characters escaped.
    static func shortened(_ reason: String) -> String {
        reason.split(separator: " ", omittingEmptySubsequences: false).map { excerpt(String($0)) }.joined(separator: " ")
    }
}

/// The XML declaration that opens a text property list (`<?xml version="1.0" encoding="UTF-8"?>`):
/// its line and the encoding it names.
struct XMLDeclaration {
    var line: Int
    var encoding: String?
    var encodingLine: Int?

    /// Nil when the text does not open with a declaration (after a byte-order mark and blanks).
    init?(_ bytes: [UInt8]) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard bytes[start...].starts(with: "<?xml".utf8) else { return nil }
        line = PropertyListSafety.line(at: start, in: bytes)
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
        let declaration = bytes[start..<end]
        let key = Array("encoding".utf8)
        guard let found = declaration.indices.first(where: { declaration[$0...].starts(with: key) }) else { return }
        encodingLine = PropertyListSafety.line(at: found, in: bytes)
        var index = found + key.count
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") { index += 1 }
        guard index < end else { return }
        let quote = bytes[index]
        let valueEnd = bytes[(index + 1)..<end].firstIndex(of: quote) ?? end
        encoding = String(decoding: bytes[(index + 1)..<valueEnd], as: UTF8.self)
    }
}
