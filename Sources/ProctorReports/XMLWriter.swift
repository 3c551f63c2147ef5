/// A minimal XML writer that escapes every attribute and text node and drops the characters XML
/// 1.0 forbids (control characters, U+FFFE, U+FFFF), which make a whole file unreadable even
/// inside CDATA. It never writes CDATA, so `]]>` in a message needs no special case.
struct XMLWriter {
    /// Where the XML goes; the reporter takes it back when the document is written.
    var output: ReportOutput
    private var depth = 0

    init(output: ReportOutput) {
        self.output = output
    }

    mutating func raw(_ text: String) { output.write(text) }

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        startTag(name, attributes)
        output.write(">\n")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        indent()
        output.write("</")
        output.write(name)
        output.write(">\n")
    }

    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        startTag(name, attributes)
        output.write("/>\n")
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text: String) {
        startTag(name, attributes)
        output.write(">")
        output.write(Self.escape(text, attribute: false))
        output.write("</")
        output.write(name)
        output.write(">\n")
    }

    /// `<name a="v" ...`, indented, without its closing bracket.
    private mutating func startTag(_ name: String, _ attributes: [(String, String)]) {
        indent()
        output.write("<")
        output.write(name)
        for (attribute, value) in attributes {
            output.write(" ")
            output.write(attribute)
            output.write("=\"")
            output.write(Self.escape(value, attribute: true))
            output.write("\"")
        }
    }

    private static let indentations = (0..<16).map { String(repeating: "  ", count: $0) }

    private mutating func indent() {
        output.write(depth < Self.indentations.count ? Self.indentations[depth] : String(repeating: "  ", count: depth))
    }

    static func escape(_ text: String, attribute: Bool) -> String {
        // Most names and messages need no escaping: a byte scan says so without building a copy.
        // 0xEF starts U+FFFE and U+FFFF (and other characters, which then take the slow path).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == 0xEF }) {
            return text
        }
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
                    // Forbidden in XML 1.0: show it instead of breaking the file.
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
