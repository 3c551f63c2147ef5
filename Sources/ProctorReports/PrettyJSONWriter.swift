/// Writes JSON as a stream, byte for byte in the layout `JSONEncoder` gives with
/// `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes`: two-space indentation,
/// `"key" : value`, an empty container as an opening and a closing bracket with a blank line
/// between, and the encoder's string escapes. The JSON report is written with it so that a
/// report of any size streams at the speed of the disk, while staying the same bytes the encoder
/// gave (the layout documented in docs/reports.md, which consumers may diff).
///
/// The caller writes each object's keys in sorted order (byte order, as the encoder sorts them);
/// debug builds check it.
struct PrettyJSONWriter {
    /// Where the JSON goes; the reporter takes it back when the document is written.
    var output: ReportOutput
    /// For each open container, whether a member was written in it yet.
    private var hasMembers: [Bool] = []
    #if DEBUG
        private var lastKeys: [String] = []
    #endif

    init(output: ReportOutput) {
        self.output = output
    }

    // MARK: Containers

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts the next member of the object being written: its key, ready for its value.
    mutating func key(_ name: String) {
        #if DEBUG
            assert(lastKeys[lastKeys.count - 1] < name, "keys must be written in sorted order: '\(name)' after '\(lastKeys[lastKeys.count - 1])'")
            lastKeys[lastKeys.count - 1] = name
        #endif
        startMember()
        output.write(byte: UInt8(ascii: "\""))
        output.write(string: name)
        output.write("\" : ")
    }

    /// Starts the next element of the array being written.
    mutating func element() {
        startMember()
    }

    // MARK: Values

    mutating func value(_ text: String) {
        output.write(byte: UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            Self.special.withUnsafeBufferPointer { special in
                var start = 0
                for index in 0..<bytes.count where special[Int(bytes[index])] {
                    output.write(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    output.write(string: Self.escape(bytes[index]))
                    start = index + 1
                }
                output.write(bytes: UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
        output.write(byte: UInt8(ascii: "\""))
    }

    mutating func value(_ number: Int) { output.write(string: String(number)) }
    mutating func value(_ flag: Bool) { output.write(flag ? "true" : "false") }

    // MARK: Members, for short

    mutating func member(_ name: String, _ text: String) {
        key(name)
        value(text)
    }

    mutating func member(_ name: String, _ number: Int) {
        key(name)
        value(number)
    }

    mutating func member(_ name: String, _ flag: Bool) {
        key(name)
        value(flag)
    }

    /// An array member, each element written by `write`.
    mutating func member<Element>(_ name: String, _ elements: [Element], _ write: (Element, inout PrettyJSONWriter) -> Void) {
        key(name)
        beginArray()
        for element in elements {
            self.element()
            write(element, &self)
        }
        endArray()
    }

    /// A member the encoder leaves out when it has no value (`encodeIfPresent`).
    mutating func member(_ name: String, ifPresent text: String?) {
        if let text { member(name, text) }
    }

    mutating func member(_ name: String, ifPresent number: Int?) {
        if let number { member(name, number) }
    }

    // MARK: Layout

    private mutating func open(_ bracket: UInt8) {
        output.write(byte: bracket)
        hasMembers.append(false)
        #if DEBUG
            lastKeys.append("")
        #endif
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = hasMembers.removeLast()
        #if DEBUG
            lastKeys.removeLast()
        #endif
        output.write(hadMembers ? "\n" : "\n\n")
        indent()
        output.write(byte: bracket)
    }

    private mutating func startMember() {
        output.write(hasMembers[hasMembers.count - 1] ? ",\n" : "\n")
        hasMembers[hasMembers.count - 1] = true
        indent()
    }

    private mutating func indent() {
        output.write(spaces: 2 * hasMembers.count)
    }

    /// The bytes a JSON string cannot hold as they are, as a table: a lookup per byte.
    private static let special: [Bool] = (0...255).map { $0 < 0x20 || $0 == Int(UInt8(ascii: "\"")) || $0 == Int(UInt8(ascii: "\\")) }

    /// The encoder's escape for a byte that JSON strings cannot hold as it is.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case 0x08: "\\b"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0C: "\\f"
        case 0x0D: "\\r"
        default: "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
        }
    }
}
