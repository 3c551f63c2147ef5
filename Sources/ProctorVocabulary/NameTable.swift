/// A fixed set of names with a value each, looked up faster than a `[String: Value]`.
///
/// A dictionary hashes the whole name with SipHash on every lookup, and the decoder looks up every
/// key of every payload. Here a name is bucketed by its length and its first and last bytes, which
/// are read in constant time, and compared only with the names of its bucket (usually none or one).
struct NameTable<Value: Sendable>: Sendable {
    private static var bucketCount: Int { 256 }
    /// Entries grouped by bucket: bucket `b` is `entries[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private let entries: [(name: String, value: Value)]
    private let bucketStarts: [Int]

    init(_ table: [String: Value]) {
        var buckets = [[(name: String, value: Value)]](repeating: [], count: Self.bucketCount)
        for (name, value) in table.sorted(by: { $0.key < $1.key }) {
            guard let bucket = Self.bucket(of: name) else { preconditionFailure("names must be ASCII: \(name)") }
            buckets[bucket].append((name, value))
        }
        var starts = [0]
        for bucket in buckets { starts.append(starts[starts.count - 1] + bucket.count) }
        entries = buckets.flatMap { $0 }
        bucketStarts = starts
    }

    subscript(name: String) -> Value? {
        guard let bucket = Self.bucket(of: name) else {
            // A non-ASCII name can still equal an ASCII one (U+212A KELVIN SIGN is canonically
            // equivalent to K), so it is compared with every name, as a dictionary would.
            return entries.first { $0.name == name }?.value
        }
        var index = bucketStarts[bucket]
        let end = bucketStarts[bucket + 1]
        while index < end {
            if entries[index].name == name { return entries[index].value }
            index += 1
        }
        return nil
    }

    /// The bucket of an ASCII name; nil for any other. Non-ASCII names are kept out of the table.
    private static func bucket(of name: String) -> Int? {
        // withUTF8 reads the bytes in place; iterating `utf8` generically costs several times more.
        var name = name
        return name.withUTF8 { bytes -> Int? in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            for byte in bytes where byte >= 0x80 { return nil }
            return (bytes.count &* 31 &+ Int(first) &* 7 &+ Int(last)) % bucketCount
        }
    }
}
