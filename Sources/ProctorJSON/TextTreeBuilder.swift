/// Builds the tree of a large document straight from its text, once ``StrictScanner`` has
/// accepted it, instead of converting json-c's tree.
///
/// json-c is the parser of record, and every document below ``JSONDocumentParser/largeDocumentBytes``
/// goes through it. On a large file its tree costs more than the budget allows by itself
/// (docs/development.md, "Time and memory budget"): every object holds a hash table of 16 entries
/// however few members it has, and every number is an allocation of its own, so a 60 MiB file of
/// small values made a tree of gigabytes, alive beside the Swift tree converted from it.
/// This walk needs no tree but the one it returns, and no array of offsets.
///
/// It gives what the conversion of json-c's tree gives, value for value (the tests compare both on
/// every document of the corpus, and the `json` fuzz target on every input): the scanner has
/// checked the text, so this only reads it. Integers are exact (`Int64`, or `UInt64` above
/// `Int64.max`, as json-c keeps them); other numbers are rounded as json-c's `strtod` rounds them;
/// strings have their escapes resolved as json-c does; members keep document order (json-c's
/// objects iterate in insertion order, and the scanner has refused duplicate keys).
struct TextTreeBuilder {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    /// The scanner's count of elements or members of every container, in pre-order.
    private let counts: [Int]
    private var nextCount = 0
    private let keys: KeyCache

    /// Scans `bytes[start..<end]` strictly, then builds its tree.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, limits: JSONLimits, keys: KeyCache
    ) throws(JSONInputError) -> JSONNode {
        var scanner = StrictScanner(bytes: bytes, start: start, end: end, maximumDepth: limits.maximumDepth, recordingOffsets: false)
        try scanner.scanDocument()
        var builder = TextTreeBuilder(bytes: bytes, position: start, counts: scanner.containerCounts, keys: keys)
        _ = consume scanner
        return try builder.value()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, position: Int, counts: [Int], keys: KeyCache) {
        self.bytes = bytes
        self.position = position
        self.counts = counts
        self.keys = keys
    }

    private mutating func value() throws(JSONInputError) -> JSONNode {
        skipWhitespace()
        let offset = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            let count = counts[nextCount]
            nextCount += 1
            var members: [JSONObject.Member] = []
            members.reserveCapacity(count)
            for index in 0..<count {
                if index > 0 { skipPast(UInt8(ascii: ",")) }
                skipWhitespace()
                let keyOffset = position
                let key = string(isKey: true)
                skipPast(UInt8(ascii: ":"))
                do {
                    members.append(JSONObject.Member(key: key, keyOffset: keyOffset, value: try value()))
                } catch {
                    throw error.inside(key)
                }
            }
            skipPast(UInt8(ascii: "}"))
            return JSONNode(.object(JSONObject(members: members)), offset: offset)
        case UInt8(ascii: "["):
            position += 1
            let count = counts[nextCount]
            nextCount += 1
            var elements: [JSONNode] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                if index > 0 { skipPast(UInt8(ascii: ",")) }
                do {
                    elements.append(try value())
                } catch {
                    throw error.inside(String(index))
                }
            }
            skipPast(UInt8(ascii: "]"))
            return JSONNode(.array(elements), offset: offset)
        case UInt8(ascii: "\""):
            return JSONNode(.string(string(isKey: false)), offset: offset)
        case UInt8(ascii: "t"):
            position += 4
            return JSONNode(.bool(true), offset: offset)
        case UInt8(ascii: "f"):
            position += 5
            return JSONNode(.bool(false), offset: offset)
        case UInt8(ascii: "n"):
            position += 4
            return JSONNode(.null, offset: offset)
        default:
            return JSONNode(try number(), offset: offset)
        }
    }

    /// Skips whitespace and the one structural character the scanner has seen there.
    private mutating func skipPast(_ character: UInt8) {
        skipWhitespace()
        assert(bytes[position] == character)
        position += 1
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The string whose opening quote is at `position`, with its escapes resolved.
    private mutating func string(isKey: Bool) -> String {
        let start = position + 1
        var index = start
        var hasEscape = false
        while bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                hasEscape = true
                index += 1  // the escaped character, which may be a quote
            }
            index += 1
        }
        position = index + 1
        if !hasEscape {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            return isKey ? keys.key(text) : String(decoding: text, as: UTF8.self)
        }
        let decoded = StrictScanner.decodeString(bytes, from: start, to: index)
        return decoded.withUnsafeBufferPointer { isKey ? keys.key($0) : String(decoding: $0, as: UTF8.self) }
    }

    private mutating func number() throws(JSONInputError) -> JSONValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        // The scanner has refused integers outside -2^63...2^64-1, so the magnitude fits.
        var magnitude: UInt64 = 0
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
            magnitude = magnitude &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
            position += 1
        }
        // A fraction or an exponent after the digits makes it a double; the scanner has checked
        // their form, so any of these bytes belongs to the number.
        var isInteger = true
        scan: while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                UInt8(ascii: "+"), UInt8(ascii: "-"):
                isInteger = false
                position += 1
            default:
                break scan
            }
        }
        if isInteger {
            if negative {
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
            return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
        }
        let number = Self.double(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        guard number.isFinite else {
            throw JSONInputError(.nonFiniteNumber, "number is too large for a 64-bit floating-point value", offset: start, pointer: .root)
        }
        return .double(number)
    }

    /// The number json-c's `strtod` reads. Both it and Swift's `Double(_:)` round correctly
    /// (IEEE 754's round to nearest, ties to even) and ignore the locale, so they agree on every
    /// number the scanner lets through; a number past the largest double is infinite in both.
    private static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        Double(Substring(decoding: text, as: UTF8.self)) ?? .infinity
    }
}

extension JSONInputError {
    /// The same error, its pointer one level further out: the value it was in sits under `token`.
    fileprivate func inside(_ token: String) -> JSONInputError {
        JSONInputError(code, message, offset: offset, pointer: JSONPointer([token] + pointer.tokens))
    }
}
