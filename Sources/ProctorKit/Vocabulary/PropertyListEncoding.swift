import Foundation

/// Measures `userInfo` the way the Handoff size guideline is read: as an encoded binary property
/// list, written by Foundation's `PropertyListSerialization`.
///
/// Apple does not say how it measures the payload; the model assumes the binary property list.
/// Types a property list cannot hold are mapped to their nearest encodable form, an assumption
/// stated in docs/rules/handoff_payload_size.md: a URL is its absolute string, a set an array,
/// `NSNull` an empty string, and an object named with `$class` an empty string.
enum PropertyListEncoding {
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
