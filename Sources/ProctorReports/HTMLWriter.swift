/// Writes HTML into a ``ReportOutput`` so that nothing from the input can become markup.
///
/// Tag and attribute names are `StaticString`s: only literals in Proctor's source can name them.
/// Every text and attribute value goes through ``escape(_:attribute:)``: `&`, `<` and `>` always,
/// quotes in attribute values, and the characters HTML has no business showing (control
/// characters other than tab and line feed, U+FFFE, U+FFFF) written as `\u{1B}`, as the text
/// report shows them, so an escape sequence or a stray carriage return in a message is seen, not
/// swallowed. A message that quotes `<script>` is therefore text on the page.
struct HTMLWriter {
    /// Where the HTML goes; the reporter takes it back when the document is written.
    var output: ReportOutput

    init(output: ReportOutput) {
        self.output = output
    }

    /// Markup written as it is: only literals, never input.
    mutating func raw(_ markup: StaticString) { output.write(markup) }

    /// `<tag attribute="value" ...>`.
    mutating func start(_ tag: StaticString, _ attributes: [(StaticString, String)] = []) {
        output.write("<")
        output.write(tag)
        for (name, value) in attributes {
            output.write(" ")
            output.write(name)
            output.write("=\"")
            output.write(string: Self.escape(value, attribute: true))
            output.write("\"")
        }
        output.write(">")
    }

    /// `</tag>`.
    mutating func end(_ tag: StaticString) {
        output.write("</")
        output.write(tag)
        output.write(">")
    }

    /// `<tag ...>text</tag>`.
    mutating func element(_ tag: StaticString, _ attributes: [(StaticString, String)] = [], _ text: String) {
        start(tag, attributes)
        self.text(text)
        end(tag)
    }

    /// Text, escaped.
    mutating func text(_ text: String) {
        output.write(string: Self.escape(text, attribute: false))
    }

    /// `text` as HTML text (or, with `attribute`, as a double-quoted attribute value).
    static func escape(_ text: String, attribute: Bool) -> String {
        // Most names and messages need nothing: a scan of their bytes says so.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xEF || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || (attribute && ($0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'"))) })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "'" where attribute: result += "&#39;"
            case "\n" where attribute: result += "&#10;"
            case "\t" where attribute: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
