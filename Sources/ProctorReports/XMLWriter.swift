import ProctorCore

/// A minimal XML writer that escapes every attribute and text node and shows the characters XML
/// 1.0 forbids (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF) as `\u{1B}`,
/// since even inside CDATA they make the whole file unreadable. It never writes CDATA, so `]]>`
/// in a message needs no special case.
struct XMLWriter {
    /// Where the XML goes; the reporter takes it back when the document is written.
    var output: ReportOutput
    private var depth = 0

    init(output: ReportOutput) {
        self.output = output
    }

    mutating func raw(_ text: StaticString) { output.write(text) }

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        startTag(name, attributes)
        output.write(">\n")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        indent()
        output.write("</")
        output.write(string: name)
        output.write(">\n")
    }

    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        startTag(name, attributes)
        output.write("/>\n")
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text: String) {
        startTag(name, attributes)
        output.write(">")
        write(escaped: text, attribute: false)
        output.write("</")
        output.write(string: name)
        output.write(">\n")
    }

    // An element whose text is written in pieces: the system-out of a whole run.

    /// `<name>`, indented; its text follows with ``text(_:)``, then ``closeText(_:)``.
    mutating func openText(_ name: String) {
        beginTag(name)
        output.write(">")
    }

    /// A piece of an element's text, escaped.
    mutating func text(_ text: String) {
        write(escaped: text, attribute: false)
    }

    /// `</name>` on the line the text ends on.
    mutating func closeText(_ name: String) {
        output.write("</")
        output.write(string: name)
        output.write(">\n")
    }

    // An element written piece by piece, without an array of attributes: JUnit's passed case,
    // written 1.4 million times for a 10,000-file lint in JUnit's per-rule form.

    /// `<name`, indented; attributes follow, then ``endEmptyTag()``.
    mutating func beginTag(_ name: String) {
        indent()
        output.write("<")
        output.write(string: name)
    }

    /// ` name="value"`, the value escaped.
    mutating func attribute(_ name: String, _ value: String) {
        output.write(" ")
        output.write(string: name)
        output.write("=\"")
        write(escaped: value, attribute: true)
        output.write("\"")
    }

    mutating func endEmptyTag() {
        output.write("/>\n")
    }

    /// Ends a tag begun with ``beginTag(_:)`` that has content; ``close(_:)`` ends the element.
    mutating func endOpenTag() {
        output.write(">\n")
        depth += 1
    }

    /// `<name a="v" ...`, indented, without its closing bracket.
    private mutating func startTag(_ name: String, _ attributes: [(String, String)]) {
        beginTag(name)
        for (name, value) in attributes { attribute(name, value) }
    }

    /// Writes `text` escaped. Most names and messages need no escaping: a scan of their bytes
    /// says so, and they are written as they are.
    private mutating func write(escaped text: String, attribute: Bool) {
        let clean = text.utf8.withContiguousStorageIfAvailable { bytes in
            let special = Self.special.withUnsafeBufferPointer { special in bytes.contains { special[Int($0)] } }
            if !special { output.write(bytes: bytes) }
            return !special
        }
        if clean != true { output.write(string: Self.escape(text, attribute: attribute)) }
    }

    /// The bytes that send a text to ``escape(_:attribute:)``, as a table: a lookup per byte
    /// instead of six comparisons (the scan was a fifth of a 10,000-file JUnit report's cost).
    /// 0xEF starts U+FFFE and U+FFFF, and other characters, which the slow path keeps.
    private static let special: [Bool] = (0...255).map { byte in
        byte < 0x20 || [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0xEF].contains(UInt8(byte))
    }

    private mutating func indent() {
        output.write(spaces: 2 * depth)
    }

    /// `text` with what XML needs escaped, escaped, and what XML 1.0 forbids, shown.
    static func escape(_ text: String, attribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\n" where attribute: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where attribute: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    // Forbidden in XML 1.0: shown as every report shows a control character,
                    // instead of breaking the file. DEL and C1 controls are XML 1.0 characters,
                    // kept as they are, like everything else a structured report holds.
                    VisibleText.appendEscape(of: scalar, to: &result)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
