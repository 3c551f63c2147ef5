internal import CJSONC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every call into json-c lives in this file.
///
/// json-c builds the values; ``StrictScanner`` has already checked the text and recorded where
/// each value starts, so the conversion below walks json-c's tree in document order and pairs
/// each value with its offset. The whole tree becomes Swift values before json-c's objects are
/// released, and no C type leaves this file.
enum JSONCParser {
    /// Parses `bytes[start..<end]` as one JSON value.
    /// `buffers` are the scanner's arrays from the previous document, returned for the next one.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, limits: JSONLimits, tokener: Tokener,
        buffers: inout ScannerBuffers, keys: KeyCache
    ) throws(JSONInputError) -> JSONNode {
        var scanner = StrictScanner(
            bytes: bytes, start: start, end: end, maximumDepth: limits.maximumDepth,
            reusing: consume buffers)
        // On an error the buffers are dropped with the scanner; the next document allocates anew.
        buffers = ScannerBuffers()
        try scanner.scanDocument()

        let root = try tokener.parse(bytes, start: start, end: end)
        defer { json_object_put(root) }

        let node: JSONNode
        do {
            var converter = Converter(root: root, valueOffsets: scanner.valueOffsets, keyOffsets: scanner.keyOffsets, keys: keys)
            node = try converter.convert(root)
        }
        buffers = scanner.buffers()
        return node
    }

    /// A json-c tokener, reused across the lines of a JSON Lines file.
    final class Tokener {
        private let raw: UnsafeMutablePointer<json_tokener>

        init(maximumDepth: Int) {
            // Two more levels than the scanner allows, so the scanner always reports depth first.
            raw = json_tokener_new_ex(Int32(maximumDepth + 2))!
            // No JSON_TOKENER_VALIDATE_UTF8: the scanner has already validated every byte (RFC 3629,
            // stricter than json-c), and json-c's own check cost a fifth of its parsing time on the
            // benchmark corpus (0.067 s against 0.053 s for 10,000 files). Strict mode stays: it costs
            // nothing measurable and keeps json-c from accepting anything the scanner might miss.
            json_tokener_set_flags(raw, Int32(JSON_TOKENER_STRICT))
        }

        deinit { json_tokener_free(raw) }

        /// Returns json-c's root object (nil for a JSON `null`). The caller releases it.
        func parse(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) throws(JSONInputError) -> OpaquePointer? {
            json_tokener_reset(raw)
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            var root = json_tokener_parse_ex(raw, base + start, Int32(end - start))
            var status = json_tokener_get_error(raw)
            if root == nil && status == json_tokener_continue {
                // A bare top-level number is complete only once json-c sees a terminator.
                root = json_tokener_parse_ex(raw, "", 1)
                status = json_tokener_get_error(raw)
            }
            guard status == json_tokener_success else {
                json_object_put(root)
                let offset = start + Int(json_tokener_get_parse_end(raw))
                let reason = String(cString: json_tokener_error_desc(status))
                // The scanner accepts only RFC 8259 text, so reaching this means json-c and the
                // scanner disagree; report it rather than trusting either.
                throw JSONInputError(.syntax, "json-c rejected the text: \(reason)", offset: offset, pointer: .root)
            }
            return root
        }
    }

    private struct Converter {
        let valueOffsets: [Int]
        let keyOffsets: [Int]
        var nextValue = 0
        var nextKey = 0
        let keys: KeyCache
        /// The document's root, searched for the path of a rejected value: keeping the path of
        /// every value while converting would cost more than the rare search.
        let root: OpaquePointer?

        init(root: OpaquePointer?, valueOffsets: [Int], keyOffsets: [Int], keys: KeyCache) {
            self.root = root
            self.valueOffsets = valueOffsets
            self.keyOffsets = keyOffsets
            self.keys = keys
        }

        mutating func convert(_ object: OpaquePointer?) throws(JSONInputError) -> JSONNode {
            let offset = valueOffsets[nextValue]
            nextValue += 1
            switch json_object_get_type(object) {
            case json_type_null:
                return JSONNode(.null, offset: offset)
            case json_type_boolean:
                return JSONNode(.bool(json_object_get_boolean(object) != 0), offset: offset)
            case json_type_int:
                let signed = json_object_get_int64(object)
                if signed == Int64.max {
                    // get_int64 saturates; get_uint64 is exact for values above Int64.max.
                    let unsigned = json_object_get_uint64(object)
                    if unsigned > UInt64(Int64.max) { return JSONNode(.unsignedInteger(unsigned), offset: offset) }
                }
                return JSONNode(.integer(signed), offset: offset)
            case json_type_double:
                let number = json_object_get_double(object)
                guard number.isFinite else {
                    throw JSONInputError(
                        .nonFiniteNumber, "number is too large for a 64-bit floating-point value", offset: offset,
                        pointer: JSONPointer(Self.path(to: object!, in: root) ?? []))
                }
                return JSONNode(.double(number), offset: offset)
            case json_type_string:
                let length = Int(json_object_get_string_len(object))
                let text =
                    json_object_get_string(object).map { pointer in
                        pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                        }
                    } ?? ""
                return JSONNode(.string(text), offset: offset)
            case json_type_array:
                let count = json_object_array_length(object)
                var elements: [JSONNode] = []
                elements.reserveCapacity(count)
                for index in 0..<count {
                    elements.append(try convert(json_object_array_get_idx(object, index)))
                }
                return JSONNode(.array(elements), offset: offset)
            case json_type_object:
                var members: [JSONObject.Member] = []
                members.reserveCapacity(Int(json_object_object_length(object)))
                var iterator = json_object_iter_begin(object)
                var stop = json_object_iter_end(object)
                while json_object_iter_equal(&iterator, &stop) == 0 {
                    let keyOffset = keyOffsets[nextKey]
                    nextKey += 1
                    let key = keys.key(json_object_iter_peek_name(&iterator)!)
                    let value = try convert(json_object_iter_peek_value(&iterator))
                    members.append(JSONObject.Member(key: key, keyOffset: keyOffset, value: value))
                    json_object_iter_next(&iterator)
                }
                return JSONNode(.object(JSONObject(members: members)), offset: offset)
            default:
                return JSONNode(.null, offset: offset)
            }
        }

        /// The tokens of the path from `object` down to `target`, or nil when it is not inside.
        private static func path(to target: OpaquePointer, in object: OpaquePointer?) -> [String]? {
            guard let object else { return nil }
            if object == target { return [] }
            switch json_object_get_type(object) {
            case json_type_array:
                for index in 0..<json_object_array_length(object) {
                    if let rest = path(to: target, in: json_object_array_get_idx(object, index)) {
                        return [String(index)] + rest
                    }
                }
            case json_type_object:
                var iterator = json_object_iter_begin(object)
                var stop = json_object_iter_end(object)
                while json_object_iter_equal(&iterator, &stop) == 0 {
                    if let rest = path(to: target, in: json_object_iter_peek_value(&iterator)) {
                        return [String(cString: json_object_iter_peek_name(&iterator))] + rest
                    }
                    json_object_iter_next(&iterator)
                }
            default:
                break
            }
            return nil
        }
    }
}

extension UInt64 {
    fileprivate func rotateLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}

/// Object keys too long to be stored inline in a `String`, kept from one document to the next.
///
/// Payload files repeat the same few dozen property names (`isEligibleForSearch`,
/// `contentAttributeSet`, ...), so handing out the String made for the first file saves allocating,
/// copying and validating a new one for every key of every later file. A slot holds the last key
/// that hashed to it, so the cache stays small whatever the input.
final class KeyCache {
    /// Keys of up to 15 UTF-8 bytes are stored inline by `String` and cost no allocation.
    private static let inlineLimit = 15
    private static let longestCached = 64
    private var slots = [String?](repeating: nil, count: 256)

    func key(_ name: UnsafePointer<CChar>) -> String {
        let length = strlen(name)
        return name.withMemoryRebound(to: UInt8.self, capacity: length) { key(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The same for a key's UTF-8 bytes (``TextTreeBuilder`` reads keys from the text).
    func key(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let length = bytes.count
        guard let start = bytes.baseAddress else { return "" }
        guard length > Self.inlineLimit && length <= Self.longestCached else {
            return String(decoding: bytes, as: UTF8.self)
        }
        // The length and the first and last eight bytes (every cached key has at least 16)
        // spread property names over the slots well enough; a miss only costs a new String.
        let raw = UnsafeRawPointer(start)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        var hash = (head ^ tail.rotateLeft(29) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        let slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        if var cached = slots[slot],
            cached.withUTF8({ $0.count == length && memcmp($0.baseAddress!, start, length) == 0 })
        {
            return cached
        }
        let key = String(decoding: bytes, as: UTF8.self)
        slots[slot] = key
        return key
    }
}

/// Raw json-c parsing with no checks and no conversion: the reference the benchmark measures
/// Proctor against. Not for production use.
package enum JSONCReferenceParser {
    /// Parses `bytes` with json-c in strict mode and returns whether it succeeded.
    ///
    /// `validatingUTF8` adds `JSON_TOKENER_VALIDATE_UTF8`, as anyone parsing untrusted files
    /// strictly with json-c alone would; without it the reference does what the linter asks of
    /// json-c once its scanner has checked the text.
    package static func parse(_ bytes: UnsafeRawBufferPointer, validatingUTF8: Bool = true) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        guard let tokener = json_tokener_new_ex(66) else { return false }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT) | (validatingUTF8 ? Int32(JSON_TOKENER_VALIDATE_UTF8) : 0))
        var root = json_tokener_parse_ex(tokener, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        if root == nil && json_tokener_get_error(tokener) == json_tokener_continue {
            root = json_tokener_parse_ex(tokener, "", 1)
        }
        defer { json_object_put(root) }
        return json_tokener_get_error(tokener) == json_tokener_success
    }
}
