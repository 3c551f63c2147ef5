/// A single pass over a JSON text that enforces what json-c 0.16 lets through and records where
/// every value starts.
///
/// json-c in strict mode still accepts single-quoted strings, NaN, numbers that overflow a
/// double, lone UTF-16 surrogates, and silently keeps the last of duplicate keys; it also
/// reports errors only as byte offsets. This scanner rejects all of those with a precise offset
/// and the JSON Pointer of the value being read, so json-c only ever sees text that is valid
/// RFC 8259. It does not build values: json-c does, and ``JSONCParser`` pairs json-c's values
/// with the offsets recorded here, in document order; or, for a large document,
/// ``TextTreeBuilder`` reads the text again with the counts recorded here.
struct StrictScanner: ~Copyable {
    /// Byte offsets of every value, in pre-order (an object or array before its contents).
    private(set) var valueOffsets: [Int] = []
    /// Byte offsets of every object key's opening quote, in document order.
    private(set) var keyOffsets: [Int] = []
    /// The number of elements or members of every array and object, in pre-order, recorded
    /// instead of the offsets when the tree is built from the text (``TextTreeBuilder``), so that
    /// it can give each array its exact capacity: an array grown by doubling can hold up to twice
    /// what it needs, which on a file of millions of values is hundreds of megabytes.
    private(set) var containerCounts: [Int] = []
    /// Whether `valueOffsets` and `keyOffsets` are recorded (for json-c's tree) or
    /// `containerCounts` (for ``TextTreeBuilder``, which sees the offsets itself).
    private let recordsOffsets: Bool

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private let end: Int
    private let maximumDepth: Int

    fileprivate struct KeyRange {
        var start: Int  // first byte after the opening quote
        var end: Int  // offset of the closing quote
        var hasEscape: Bool
    }

    fileprivate struct Frame {
        var isObject: Bool
        var index = 0
        var keyBase = 0
        /// Where this container's count goes in `containerCounts`, when counts are recorded.
        var countSlot = 0
        var currentKey: KeyRange?
        /// Whether the object's keys are also in a set, the last of `keySets`. Kept out of the
        /// frame so that frames hold no references and cost no reference counting.
        var hasKeySet = false
    }

    private var frames: [Frame] = []
    private var keyStack: [KeyRange] = []
    /// Built only for objects with many keys, so small objects allocate nothing; one per such
    /// object being read, innermost last.
    private var keySets: [Set<KeyBytes>] = []
    /// Below this many keys a linear comparison (lengths first) is cheaper than hashing every key;
    /// above it the set keeps hostile objects with thousands of keys from going quadratic.
    private static let keySetThreshold = 64

    init(
        bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, maximumDepth: Int, recordingOffsets: Bool = true,
        reusing buffers: consuming ScannerBuffers = ScannerBuffers()
    ) {
        self.bytes = bytes
        self.position = start
        self.end = end
        self.maximumDepth = maximumDepth
        self.recordsOffsets = recordingOffsets
        // Swapped rather than copied, so each array stays uniquely referenced and emptying it
        // keeps its storage instead of allocating a new one.
        swap(&valueOffsets, &buffers.valueOffsets)
        swap(&keyOffsets, &buffers.keyOffsets)
        swap(&containerCounts, &buffers.containerCounts)
        swap(&frames, &buffers.frames)
        swap(&keyStack, &buffers.keyStack)
        valueOffsets.removeAll(keepingCapacity: true)
        keyOffsets.removeAll(keepingCapacity: true)
        containerCounts.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        keyStack.removeAll(keepingCapacity: true)
        // Payloads average one value per 10 to 20 bytes; reserving avoids regrowing the arrays.
        if recordingOffsets {
            let estimate = max(16, (end - start) / 12)
            valueOffsets.reserveCapacity(estimate)
            keyOffsets.reserveCapacity(estimate / 2)
        }
        frames.reserveCapacity(8)
        keyStack.reserveCapacity(32)
    }

    /// Hands the arrays back for the next document, once the offsets have been used.
    consuming func buffers() -> ScannerBuffers {
        ScannerBuffers(valueOffsets: valueOffsets, keyOffsets: keyOffsets, containerCounts: containerCounts, frames: frames, keyStack: keyStack)
    }

    /// Scans exactly one JSON value surrounded by optional whitespace.
    mutating func scanDocument() throws(JSONInputError) {
        if let encoding = Self.otherUnicodeEncoding(bytes, from: position, to: end) {
            throw JSONInputError(
                .invalidUTF8, "the file is \(encoding) (it starts with that encoding's byte-order mark); JSON must be UTF-8 (RFC 8259 §8.1)",
                offset: position, pointer: .root)
        }
        skipWhitespace()
        guard position < end else {
            throw JSONInputError(.empty, "the document is empty; expected a JSON value", offset: position, pointer: .root)
        }
        try scanValue(depth: 0)
        skipWhitespace()
        if position < end {
            throw error(.trailingContent, "unexpected \(describe(position)) after the end of the JSON value")
        }
    }

    /// The name of the UTF-16 or UTF-32 encoding whose byte-order mark starts the text, if any:
    /// editors on Windows save such files, and "unexpected byte 0xFF" would not say why.
    private static func otherUnicodeEncoding(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        func starts(with mark: [UInt8]) -> Bool {
            end - start >= mark.count && mark.indices.allSatisfy { bytes[start + $0] == mark[$0] }
        }
        if starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        if starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        return nil
    }

    // MARK: - Values

    private mutating func scanValue(depth: Int) throws(JSONInputError) {
        skipWhitespace()
        guard position < end else { throw error(.truncated, "the input ends where a value was expected") }
        if recordsOffsets { valueOffsets.append(position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): try scanObject(depth: depth + 1)
        case UInt8(ascii: "["): try scanArray(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try scanString(isKey: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        case UInt8(ascii: "t"): try scanLiteral("true")
        case UInt8(ascii: "f"): try scanLiteral("false")
        case UInt8(ascii: "n"): try scanLiteral("null")
        case UInt8(ascii: "'"):
            throw error(.singleQuote, "single-quoted strings are not JSON; use double quotes")
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error(.nonFiniteNumber, "NaN and Infinity are not JSON numbers")
        default:
            throw error(.syntax, "unexpected \(describe(position)); expected a value")
        }
    }

    private mutating func enter(isObject: Bool, depth: Int) throws(JSONInputError) {
        if depth > maximumDepth {
            throw error(.tooDeep, "nesting is deeper than the limit of \(maximumDepth) levels")
        }
        var frame = Frame(isObject: isObject, keyBase: keyStack.count)
        if !recordsOffsets {
            frame.countSlot = containerCounts.count
            containerCounts.append(0)
        }
        frames.append(frame)
        position += 1
    }

    /// `isEmpty`: whether the container closes with no element or member; otherwise the frame's
    /// index is that of its last one.
    private mutating func leave(isEmpty: Bool) {
        let frame = frames.removeLast()
        if !recordsOffsets { containerCounts[frame.countSlot] = isEmpty ? 0 : frame.index + 1 }
        keyStack.removeSubrange(frame.keyBase...)
        if frame.hasKeySet { keySets.removeLast() }
        position += 1
    }

    private mutating func scanArray(depth: Int) throws(JSONInputError) {
        try enter(isObject: false, depth: depth)
        skipWhitespace()
        if position < end, bytes[position] == UInt8(ascii: "]") {
            leave(isEmpty: true)
            return
        }
        while true {
            try scanValue(depth: depth)
            skipWhitespace()
            guard position < end else { throw error(.truncated, "the input ends inside an array; expected ',' or ']'") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                let comma = position
                position += 1
                skipWhitespace()
                if position < end, bytes[position] == UInt8(ascii: "]") {
                    throw error(.trailingComma, "trailing comma before ']'", at: comma)
                }
                frames[frames.count - 1].index += 1
            case UInt8(ascii: "]"):
                leave(isEmpty: false)
                return
            default:
                throw error(.syntax, "unexpected \(describe(position)) in an array; expected ',' or ']'")
            }
        }
    }

    private mutating func scanObject(depth: Int) throws(JSONInputError) {
        try enter(isObject: true, depth: depth)
        skipWhitespace()
        if position < end, bytes[position] == UInt8(ascii: "}") {
            leave(isEmpty: true)
            return
        }
        while true {
            try scanMember()
            frames[frames.count - 1].currentKey = nil
            skipWhitespace()
            guard position < end else { throw error(.truncated, "the input ends inside an object; expected ',' or '}'") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                let comma = position
                position += 1
                skipWhitespace()
                if position < end, bytes[position] == UInt8(ascii: "}") {
                    throw error(.trailingComma, "trailing comma before '}'", at: comma)
                }
                // Counts members; pointers read an object's index nowhere.
                frames[frames.count - 1].index += 1
            case UInt8(ascii: "}"):
                leave(isEmpty: false)
                return
            default:
                throw error(.syntax, "unexpected \(describe(position)) in an object; expected ',' or '}'")
            }
        }
    }

    private mutating func scanMember() throws(JSONInputError) {
        skipWhitespace()
        guard position < end else { throw error(.truncated, "the input ends where an object key was expected") }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            break
        case UInt8(ascii: "'"):
            throw error(.singleQuote, "single-quoted keys are not JSON; use double quotes")
        default:
            throw error(.syntax, "unexpected \(describe(position)); object keys must be double-quoted strings")
        }
        let keyOffset = position
        let key = try scanString(isKey: true)
        try checkDuplicate(key, at: keyOffset)
        if recordsOffsets { keyOffsets.append(keyOffset) }
        frames[frames.count - 1].currentKey = key
        skipWhitespace()
        guard position < end else { throw error(.truncated, "the input ends after an object key; expected ':'") }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw error(.syntax, "unexpected \(describe(position)) after an object key; expected ':'")
        }
        position += 1
        try scanValue(depth: frames.count)
    }

    // MARK: - Duplicate keys

    private mutating func checkDuplicate(_ key: KeyRange, at offset: Int) throws(JSONInputError) {
        let frameIndex = frames.count - 1
        let base = frames[frameIndex].keyBase
        if frames[frameIndex].hasKeySet {
            if keySets[keySets.count - 1].insert(keyBytes(key)).inserted == false {
                throw duplicate(key, at: offset)
            }
        } else {
            // Indices rather than a slice: a slice would retain the array for every key.
            var index = base
            while index < keyStack.count {
                if keysEqual(keyStack[index], key) { throw duplicate(key, at: offset) }
                index += 1
            }
            if keyStack.count - base >= Self.keySetThreshold {
                var set = Set<KeyBytes>()
                for earlier in keyStack[base...] { set.insert(keyBytes(earlier)) }
                set.insert(keyBytes(key))
                keySets.append(set)
                frames[frameIndex].hasKeySet = true
            }
        }
        keyStack.append(key)
    }

    private func duplicate(_ key: KeyRange, at offset: Int) -> JSONInputError {
        let name = String(decoding: decodedKey(key), as: UTF8.self)
        return JSONInputError(
            .duplicateKey, "duplicate key '\(name)' in an object; JSON parsers disagree on which value wins",
            offset: offset, pointer: currentPointer().appending(name))
    }

    private func keysEqual(_ left: KeyRange, _ right: KeyRange) -> Bool {
        if !left.hasEscape && !right.hasEscape {
            guard left.end - left.start == right.end - right.start else { return false }
            var index = 0
            while index < left.end - left.start {
                if bytes[left.start + index] != bytes[right.start + index] { return false }
                index += 1
            }
            return true
        }
        return decodedKey(left) == decodedKey(right)
    }

    /// A key as the set of a large object holds it: the text itself when the key has no escape.
    private func keyBytes(_ key: KeyRange) -> KeyBytes {
        key.hasEscape ? .decoded(decodedKey(key)) : .text(UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]))
    }

    /// The UTF-8 bytes a key stands for, with escapes resolved. Only called for keys with escapes
    /// and for messages.
    private func decodedKey(_ key: KeyRange) -> [UInt8] {
        StrictScanner.decodeString(bytes, from: key.start, to: key.end)
    }

    /// Decodes the contents of a string the scanner has already validated.
    static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexValue(bytes, at: index))
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = UInt32(hexValue(bytes, at: index + 2))
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                result.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default: result.append(escape)
            }
        }
        return result
    }

    private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        var value = 0
        for offset in 0..<4 {
            value = value << 4 | hexDigit(bytes[index + offset])!
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Strings

    private mutating func scanString(isKey: Bool) throws(JSONInputError) -> KeyRange {
        let open = position
        position += 1
        var hasEscape = false
        while true {
            // Fast path over printable ASCII, the bulk of every payload.
            while position < end {
                let byte = bytes[position]
                // One unsigned comparison tests 0x20 <= byte < 0x80.
                if byte &- 0x20 >= 0x60 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
                position += 1
            }
            guard position < end else {
                throw error(.truncated, "the input ends inside a string that starts at \(describeOffset(open))")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return KeyRange(start: open + 1, end: position - 1, hasEscape: hasEscape)
            } else if byte == UInt8(ascii: "\\") {
                hasEscape = true
                try scanEscape(isKey: isKey)
            } else if byte < 0x20 {
                throw error(.controlCharacter, "control character U+\(hex4(UInt32(byte))) must be escaped inside a string")
            } else {
                try scanUTF8Sequence()
            }
        }
    }

    private mutating func scanEscape(isKey: Bool) throws(JSONInputError) {
        let start = position
        guard position + 1 < end else { throw error(.truncated, "the input ends inside an escape sequence") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try scanUnicodeEscape()
            if (0xDC00...0xDFFF).contains(unit) {
                throw error(.loneSurrogate, "\\u\(hex4(unit)) is a low surrogate without a high surrogate before it", at: start)
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error(.loneSurrogate, "\\u\(hex4(unit)) is a high surrogate without a low surrogate after it", at: start)
                }
                let low = try scanUnicodeEscape()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.loneSurrogate, "\\u\(hex4(unit)) is a high surrogate followed by \\u\(hex4(low)), not a low surrogate", at: start)
                }
            }
            if unit == 0 && isKey {
                // json-c stores keys as C strings: "a\u0000b" would become "a" and could merge
                // with another key. Refuse it rather than read a different object.
                throw error(.unsupportedKey, "object keys containing \\u0000 are not supported", at: start)
            }
        default:
            throw error(.invalidEscape, "invalid escape sequence '\\\(printable(bytes[position + 1]))'")
        }
    }

    /// Reads `\uXXXX` at `position` and returns the code unit.
    private mutating func scanUnicodeEscape() throws(JSONInputError) -> UInt32 {
        let start = position
        position += 2
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard position < end else { throw error(.truncated, "the input ends inside a \\u escape", at: start) }
            guard let digit = Self.hexDigit(bytes[position]) else {
                throw error(.invalidEscape, "\\u must be followed by four hexadecimal digits", at: start)
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    /// Validates one UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
    private mutating func scanUTF8Sequence() throws(JSONInputError) {
        let lead = bytes[position]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondHigh = 0x9F
        case 0xF0:
            length = 4
            secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondHigh = 0x8F
        default: throw error(.invalidUTF8, "byte 0x\(hex2(lead)) is not valid UTF-8")
        }
        guard position + length <= end else { throw error(.invalidUTF8, "truncated UTF-8 sequence") }
        let second = bytes[position + 1]
        guard second >= secondLow && second <= secondHigh else {
            throw error(.invalidUTF8, "byte 0x\(hex2(lead)) 0x\(hex2(second)) is not valid UTF-8")
        }
        for index in 2..<length where bytes[position + index] & 0xC0 != 0x80 {
            throw error(.invalidUTF8, "byte 0x\(hex2(bytes[position + index])) is not valid UTF-8 here")
        }
        position += length
    }

    // MARK: - Numbers and literals

    private mutating func scanNumber() throws(JSONInputError) {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < end else { throw error(.truncated, "the input ends inside a number", at: start) }
        let digitsStart = position
        switch bytes[position] {
        case UInt8(ascii: "0"):
            position += 1
            if position < end, isDigit(bytes[position]) {
                throw error(.syntax, "numbers must not have leading zeros", at: start)
            }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            while position < end, isDigit(bytes[position]) { position += 1 }
        case UInt8(ascii: "I"), UInt8(ascii: "N"):
            throw error(.nonFiniteNumber, "NaN and Infinity are not JSON numbers", at: start)
        default:
            throw error(.syntax, "'-' must be followed by a digit", at: start)
        }
        let integerDigits = position - digitsStart
        var isInteger = true
        if position < end, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try requireDigits(numberStart: start, after: "'.'")
        }
        if position < end, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            try requireDigits(numberStart: start, after: "the exponent")
        }
        if isInteger && integerDigits >= 19 && !integerFits(digitsStart: digitsStart, count: integerDigits, negative: negative) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            throw error(.integerOverflow, "integer \(text) does not fit in 64 bits; write it as a string to keep it exact", at: start)
        }
    }

    private mutating func requireDigits(numberStart: Int, after what: String) throws(JSONInputError) {
        guard position < end else { throw error(.truncated, "the input ends inside a number", at: numberStart) }
        guard isDigit(bytes[position]) else { throw error(.syntax, "expected a digit after \(what)", at: position) }
        while position < end, isDigit(bytes[position]) { position += 1 }
    }

    /// Integers from -2^63 to 2^64-1 are kept exactly; anything wider would be rounded by json-c.
    private func integerFits(digitsStart: Int, count: Int, negative: Bool) -> Bool {
        let limit = Array((negative ? "9223372036854775808" : "18446744073709551615").utf8)
        if count != limit.count { return count < limit.count }
        for index in 0..<count where bytes[digitsStart + index] != limit[index] {
            return bytes[digitsStart + index] < limit[index]
        }
        return true
    }

    private mutating func scanLiteral(_ literal: StaticString) throws(JSONInputError) {
        let start = position
        let length = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: length)
        for index in 0..<length {
            guard position + index < end else { throw error(.truncated, "the input ends inside '\(literal)'", at: start) }
            guard bytes[position + index] == expected[index] else {
                throw error(.syntax, "unexpected \(describe(start)); expected a value", at: start)
            }
        }
        position += length
        if position < end, isLetter(bytes[position]) {
            throw error(.syntax, "unexpected \(describe(start)); expected a value", at: start)
        }
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while position < end {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// A short, printable description of the character at `offset` for messages.
    private func describe(_ offset: Int) -> String {
        guard offset < end else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F {
            // Show a whole word so `nul` or `True` reads naturally.
            var stop = offset
            if isLetter(byte) {
                while stop < end, stop - offset < 16, isLetter(bytes[stop]) || isDigit(bytes[stop]) { stop += 1 }
            } else {
                stop = offset + 1
            }
            return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<stop]), as: UTF8.self))'"
        }
        return "byte 0x\(hex2(byte))"
    }

    private func describeOffset(_ offset: Int) -> String { "byte \(offset)" }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x\(hex2(byte))"
    }

    private func error(_ code: JSONInputError.Code, _ message: String, at offset: Int? = nil) -> JSONInputError {
        JSONInputError(code, message, offset: offset ?? position, pointer: currentPointer())
    }

    /// The pointer of the value being read, rebuilt from the frame stack only when an error occurs.
    private func currentPointer() -> JSONPointer {
        var pointer = JSONPointer.root
        for frame in frames {
            if frame.isObject {
                guard let key = frame.currentKey else { break }
                pointer = pointer.appending(String(decoding: decodedKey(key), as: UTF8.self))
            } else {
                pointer = pointer.appending(frame.index)
            }
        }
        return pointer
    }
}

/// The bytes a key stands for, hashed and compared as such: the key's own text when it has no
/// escape (its text is then its value), or the key decoded. A set of `[UInt8]` allocated an array
/// for every key of a large object, which was most of the time of reading an object of millions
/// of keys. The text outlives the scanner's sets: they are the scanner's.
private enum KeyBytes: Hashable {
    case text(UnsafeBufferPointer<UInt8>)
    case decoded([UInt8])

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .text(let text): body(text)
        case .decoded(let bytes): bytes.withUnsafeBufferPointer(body)
        }
    }

    static func == (left: KeyBytes, right: KeyBytes) -> Bool {
        left.withBytes { a in right.withBytes { b in a.count == b.count && a.elementsEqual(b) } }
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// The scanner's arrays, kept between documents so that a parser reading many small files
/// allocates them once rather than once per file.
struct ScannerBuffers {
    fileprivate var valueOffsets: [Int] = []
    fileprivate var keyOffsets: [Int] = []
    fileprivate var containerCounts: [Int] = []
    fileprivate var frames: [StrictScanner.Frame] = []
    fileprivate var keyStack: [StrictScanner.KeyRange] = []
}

func hex2(_ value: UInt8) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
