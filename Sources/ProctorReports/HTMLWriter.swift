import ProctorCore

/// Writes HTML into a ``ReportOutput`` so that nothing from the input can become markup.
///
/// Tag and attribute names are `StaticString`s: only literals in Proctor's source can name them.
/// Every text and attribute value goes through ``escape(_:attribute:)``: `&`, `<` and `>` always,
/// quotes in attribute values, and the characters HTML has no business showing (every control
/// character, as ``VisibleText`` shows them in every report, and U+FFFE, U+FFFF) written as
/// `\u{1B}`, so an escape sequence or a stray line break in a message is seen, not swallowed or
/// taken for one of Proctor's. A message that quotes `<script>` is therefore text on the page.
/// Two kinds of text keep one control character each: ``lines(_:)`` the line breaks Proctor put
/// between the lines of a failed check's details, ``sourceLine(_:)`` the tabs of a file's line.
struct HTMLWriter {
    /// Where the HTML goes; the reporter takes it back when the document is written.
    var output: ReportOutput

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

    /// Text of several lines that Proctor joined with line breaks (a failed check's details):
    /// the breaks stay, each line is escaped, so a break from the input is shown, not kept.
    mutating func lines(_ text: String) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { output.write("\n") }
            output.write(string: Self.escape(String(line), attribute: false))
        }
    }

    /// A line of a source file, in a `<pre>`: its tabs are its layout and stay; everything else is
    /// escaped as ``text(_:)`` escapes it.
    mutating func sourceLine(_ text: String) {
        for (index, piece) in text.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { output.write("\t") }
            output.write(string: Self.escape(String(piece), attribute: false))
        }
    }

    /// `text` as HTML text (or, with `attribute`, as a double-quoted attribute value).
    static func escape(_ text: String, attribute: Bool) -> String {
        // Most names and messages need nothing: a scan of their bytes says so.
        guard
            VisibleText.needsEscaping(text)
                || text.utf8.contains(where: {
                    $0 == 0xEF || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                        || (attribute && ($0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")))
                })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        // Controls first, as every report shows them; then what HTML itself needs.
        for scalar in VisibleText.escaped(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "'" where attribute: result += "&#39;"
            case "\u{FFFE}", "\u{FFFF}": VisibleText.appendEscape(of: scalar, to: &result)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
