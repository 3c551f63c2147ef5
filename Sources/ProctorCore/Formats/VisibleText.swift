/// How Proctor prints a value that came from its input (a path, a URL, a key, a title) in the
/// text, GitHub, Markdown and HTML reports, in `links check` and on standard error: the one
/// place that decides it, so that every printer shows such a value the same way.
///
/// Input is anybody's: a payload's file name or a donation's title can hold a line break
/// followed by `::error file=…::`, which GitHub Actions runs as a workflow command (it reads
/// them from standard output and standard error alike), or an escape sequence that recolours or
/// rewrites the terminal. So every control character, C0 (tab and line feed included), DEL and
/// C1, is written as Swift writes it in a literal, `\u{A}`, `\u{1B}`, `\u{85}`: visible, and
/// unable to end a line or reach the terminal. The runner also takes the older `##[command]`
/// form anywhere in a line, so the second `#` of a `##[` is written `\u{23}`.
///
/// A backslash is printed as itself, so a name that already spells `\u{A}` reads the same as
/// one that holds a line feed: the form is for reading, not for reversing. The JSON and SARIF
/// reports keep the exact text.
package enum VisibleText {
    /// `text` as Proctor prints it: unchanged unless it holds a control character or `##[`.
    package static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isControl(scalar) || startsCommand(scalars, at: index) {
                appendEscape(of: scalar, to: &result)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A path as Proctor prints it at the start of a line (`path:line:col: …`): escaped, and a
    /// relative path that begins with `::` (after spaces, which the runner skips) written
    /// `./::…`, the same file, so that it does not read as a workflow command.
    package static func path(_ path: String) -> String {
        let shown = escaped(path)
        guard let first = shown.utf8.first, first == UInt8(ascii: ":") || first == UInt8(ascii: " ") || first >= 0x80 else { return shown }
        return shown.drop(while: \.isWhitespace).hasPrefix("::") ? "./" + shown : shown
    }

    /// Whether ``escaped(_:)`` changes `text`. A scan of its bytes, which is all the ordinary
    /// case costs: reports of 10,000 files print hundreds of thousands of values.
    package static func needsEscaping(_ text: String) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ needsEscaping($0) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { needsEscaping($0) }
    }

    private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            // C1 controls are U+0080 to U+009F: 0xC2 then 0x80 to 0x9F in UTF-8.
            if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 { return true }
            if byte == UInt8(ascii: "#"), index + 2 < count, bytes[index + 1] == UInt8(ascii: "#"), bytes[index + 2] == UInt8(ascii: "[") {
                return true
            }
            index += 1
        }
        return false
    }

    /// C0 controls, DEL and C1 controls: what a terminal or a log reader acts on instead of showing.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Appends `\u{…}`, the scalar's value in uppercase hexadecimal, as a Swift literal writes it.
    /// The XML and HTML writers show the characters their formats forbid in the same form.
    package static func appendEscape(of scalar: Unicode.Scalar, to text: inout String) {
        text += "\\u{"
        text += String(scalar.value, radix: 16, uppercase: true)
        text += "}"
    }

    /// Whether the `#` at `index` is the second of a `##[`.
    private static func startsCommand(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        scalars[index] == "#" && index > 0 && scalars[index - 1] == "#" && index + 1 < scalars.count && scalars[index + 1] == "["
    }
}
