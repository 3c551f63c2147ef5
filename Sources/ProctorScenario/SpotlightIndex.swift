/// What a device's Spotlight index holds, searchable in time proportional to the entries a query
/// could match rather than to the whole index.
///
/// Each entry's text is folded and split into words once, when it is indexed
/// (``SpotlightQuery/words(of:)``). Every word files its entry under its first letter and under its
/// first two letters; a query word can only be the start of a word filed under its own first one
/// or two letters, so the entries filed under every query word's key are the only ones that can
/// match. ``SpotlightQuery/match(_:in:)`` then judges those alone, on the words kept with them:
/// the results are exactly those of matching every entry.
struct SpotlightIndex {
    /// An entry: an indexed item or activity, by its identifier or handle.
    enum Key: Hashable {
        case item(String)
        case activity(String)
    }

    /// An entry's words, folded and split once.
    struct Words {
        var title: [String]
        var keywords: [String]
        var description: [String]
        /// Every word is ASCII, so prefixes can be compared byte by byte.
        var isASCII: Bool
    }

    /// What a search needs of an entry, kept with it so that a query reads nothing else.
    struct Entry {
        var key: Key
        var words: Words
        /// The title results show.
        var title: String
        var rankingHint: Double
        /// When it was indexed, for ordering: the most recent first.
        var sequence: Int
    }

    /// The entries by a number of their own: sets of numbers are cheaper to hash and intersect
    /// than sets of keys.
    private var entries: [Int: Entry] = [:]
    private var numbers: [Key: Int] = [:]
    private var nextNumber = 0
    /// The entries with a word starting with each one- or two-letter key: keys of ASCII
    /// letters as numbers (cheaper to hash than strings), others as text.
    private var buckets: [Bucket: Set<Int>] = [:]

    /// A word's first letter, or its first two, as a bucket key.
    private enum Bucket: Hashable {
        case ascii(Int)
        case text(String)

        /// The key of `word`'s first `count` characters (1 or 2), by characters as `hasPrefix`
        /// compares them: a letter with a combining mark is not its ASCII base letter.
        init(_ word: String, count: Int) {
            // Fast path: when the first `count` bytes and the byte after them are ASCII (or the
            // word ends), those bytes are whole characters (a combining mark is never ASCII), so
            // the key is read from them without breaking graphemes. Same key as below.
            var utf8 = word.utf8.makeIterator()
            let first = utf8.next()
            let second = utf8.next()
            let third = utf8.next()
            if let first, first < 0x80 {
                if count == 1, (second ?? 0) < 0x80 {
                    self = .ascii(Int(first) | 1 << 16)
                    return
                }
                if count == 2, second == nil {
                    self = .ascii(Int(first) | 1 << 16)
                    return
                }
                if count == 2, let second, second < 0x80, (third ?? 0) < 0x80 {
                    self = .ascii(Int(first) << 8 | Int(second) | 2 << 16)
                    return
                }
            }
            var number = 0
            var characters = 0
            for character in word.prefix(count) {
                guard let ascii = character.asciiValue else {
                    self = .text(String(word.prefix(count)))
                    return
                }
                number = number << 8 | Int(ascii)
                characters += 1
            }
            self = .ascii(number | characters << 16)
        }
    }

    /// Adds or replaces an entry; an entry without a title is not searchable and is removed.
    mutating func set(_ key: Key, title: String?, keywords: [String], description: String?, rankingHint: Double, sequence: Int) {
        remove(key)
        guard let title else { return }
        var words = Words(
            title: SpotlightQuery.words(of: title), keywords: keywords.flatMap(SpotlightQuery.words),
            description: SpotlightQuery.words(of: description ?? ""), isASCII: false)
        words.isASCII = (words.title + words.keywords + words.description).allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        let number = nextNumber
        nextNumber += 1
        entries[number] = Entry(key: key, words: words, title: title, rankingHint: rankingHint, sequence: sequence)
        numbers[key] = number
        Self.forEachBucket(of: words) { buckets[$0, default: []].insert(number) }
    }

    mutating func remove(_ key: Key) {
        guard let number = numbers.removeValue(forKey: key), let entry = entries.removeValue(forKey: number) else { return }
        Self.forEachBucket(of: entry.words) { bucket in
            buckets[bucket]?.remove(number)
            if buckets[bucket]?.isEmpty == true { buckets[bucket] = nil }
        }
    }

    mutating func removeAll() {
        entries = [:]
        numbers = [:]
        buckets = [:]
    }

    /// The entries that may match every word of `needles` (all of them when there is no word).
    func candidates(for needles: [String]) -> [Entry] {
        guard !needles.isEmpty else { return Array(entries.values) }
        var sets: [Set<Int>] = []
        for needle in needles {
            guard let set = buckets[Bucket(needle, count: 2)] else { return [] }
            sets.append(set)
        }
        sets.sort { $0.count < $1.count }
        var result = sets[0]
        for set in sets.dropFirst() where !result.isEmpty { result.formIntersection(set) }
        return result.compactMap { entries[$0] }
    }

    /// Calls `body` with each bucket key of the entry's words (a key may come more than once).
    private static func forEachBucket(of words: Words, _ body: (Bucket) -> Void) {
        for list in [words.title, words.keywords, words.description] {
            for word in list {
                body(Bucket(word, count: 1))
                body(Bucket(word, count: 2))
            }
        }
    }
}
