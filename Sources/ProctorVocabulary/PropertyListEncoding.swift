import Foundation

/// Measures `userInfo` the way the Handoff size guideline is read: as an encoded binary property
/// list, written by Foundation's `PropertyListSerialization`.
///
/// Apple does not say how it measures the payload; the model assumes the binary property list.
/// Types a property list cannot hold are mapped to their nearest encodable form, an assumption
/// stated in docs/rules/handoff_payload_size.md: a URL is its absolute string, a set an array,
/// `NSNull` an empty string, and an object named with `$class` an empty string.
package enum PropertyListEncoding {
    /// The exact encoded size when it may exceed `limit`; nil when it certainly does not (or
    /// cannot be encoded). Encoding costs as much as parsing the whole file, so a cheap upper
    /// bound rules out the common small payload first.
    package static func binarySize(of entries: [PropertyListEntry], ifOver limit: Int) -> Int? {
        guard upperBound(of: entries) > limit, let size = binarySize(of: entries), size > limit else { return nil }
        return size
    }

    /// A bound no encoding can exceed: the 8-byte header and 32-byte trailer, every object at its
    /// largest (markers with 9-byte lengths, strings as UTF-16 when not ASCII, 16-byte integers,
    /// 8-byte object references) and an 8-byte offset-table entry per object. Uniquing in the real
    /// writer only makes the file smaller.
    static func upperBound(of entries: [PropertyListEntry]) -> Int {
        var objects = 1
        var bytes = 10 + entries.count * 16
        for entry in entries {
            bytes += stringBound(entry.key) + bound(entry.value, objects: &objects)
            objects += 1
        }
        return 40 + bytes + objects * 8
    }

    private static func stringBound(_ text: String) -> Int {
        10 + max(text.utf8.count, 2 * text.utf16.count)
    }

    private static func bound(_ value: PropertyListValue, objects: inout Int) -> Int {
        objects += 1
        switch value {
        case .string(let text), .url(let text): return stringBound(text)
        case .object(let name): return stringBound(name)
        case .integer, .unsignedInteger: return 17
        case .real, .date: return 9
        case .boolean, .null: return 10
        case .data(let data): return 10 + data.count
        case .array(let elements), .set(let elements):
            return elements.reduce(10 + elements.count * 8) { $0 + bound($1.value, objects: &objects) }
        case .dictionary(let entries):
            var total = 10 + entries.count * 16
            for entry in entries {
                objects += 1
                total += stringBound(entry.key) + bound(entry.value, objects: &objects)
            }
            return total
        }
    }

    static func binarySize(of entries: [PropertyListEntry]) -> Int? {
        let dictionary = foundationDictionary(entries)
        return try? PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0).count
    }

    private static func foundationDictionary(_ entries: [PropertyListEntry]) -> [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(entries.count)
        for entry in entries { dictionary[entry.key] = foundationValue(entry.value) }
        return dictionary
    }

    private static func foundationValue(_ value: PropertyListValue) -> Any {
        switch value {
        case .string(let text): text
        case .integer(let number): number
        case .unsignedInteger(let number): number
        case .real(let number): number
        case .boolean(let flag): flag
        case .date(let date): date
        case .data(let data): data
        case .url(let text): text
        case .null, .object: ""
        case .array(let elements), .set(let elements): elements.map { foundationValue($0.value) }
        case .dictionary(let entries): foundationDictionary(entries)
        }
    }
}
