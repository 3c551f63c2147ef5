import ProctorCore
import ProctorJSON

/// A donation found in Swift, written as the `{"userActivity": {...}}` or `{"searchableItem":
/// {...}}` payload `proctor lint` reads, with the Swift place of every value it holds, so that the payload rules judge it and
/// each finding lands on the line that causes it. What the code computes at run time is left
/// out, except a string, which is written as "…": its key exists, its content is unknown (size
/// rules then judge a lower bound, and a title is present).
struct PayloadTranscription {
    /// The payload's text.
    var text: String
    /// The payload's kind, its one key: `userActivity` or `searchableItem`.
    let root: String
    /// The `NSUserActivity` or `CSSearchableItem` object it holds.
    private var activity: JSONNode
    /// The Swift place of each JSON Pointer the payload holds; the donation's own place for the
    /// rest.
    var places: [String: SourceLocation]
    var donationPlace: SourceLocation
    /// Properties left out, and why, for the notes.
    var leftOut: [(key: String, reason: String, place: SourceLocation)] = []
    /// The values the code computes at run time, by their pointers, with why: the payload lists
    /// them under `proctor.computed`, so that lint neither asks for a required one nor reports a
    /// finding that rests on one.
    private(set) var computed: [(pointer: JSONPointer, reason: String)] = []
    /// The pointers of the values written as "…": a rule judging their text judges a stand-in,
    /// so its findings there are dropped.
    private(set) var placeholders: Set<String> = []

    static let placeholder = "…"

    /// The string properties written as "…" when computed at run time: that they are set matters
    /// to the rules (a title, an item's identifier), and any text is one they take.
    static let keptWhenComputed: Set<String> = ["title", "uniqueIdentifier", "domainIdentifier", "persistentIdentifier", "targetContentIdentifier"]

    init?(_ donation: ScannedDonation) {
        guard let type = donation.activityType.string else { return nil }
        root = donation.kind.rawValue
        activity = .object([])
        text = ""
        donationPlace = donation.location
        places = ["/\(root)": donation.location]
        var members: [(String, JSONNode)] = []
        if donation.kind == .userActivity {
            members.append(("activityType", .string(type)))
            places["/userActivity/activityType"] = donation.location
        }
        leftOut = donation.leftOut.map { ($0.key, $0.reason, $0.location) }
        for (pointer, place) in donation.places { places[pointer] = place }
        if donation.kind == .interaction {
            computed = donation.computed
        } else {
            // An attribute set's value, `contentAttributeSet.rankingHint`, or a whole property.
            computed = donation.leftOut.map { (JSONPointer([root] + $0.key.split(separator: ".").map(String.init)), $0.reason) }
        }
        if donation.userInfoIsIncomplete { computed.append((JSONPointer([root, "userInfo"]), "entries are added at run time")) }
        var written: Set<String> = []
        // The last assignment of each property is the one the system sees.
        for property in donation.properties.reversed() where written.insert(property.key).inserted {
            let at = JSONPointer([root, property.key])
            let pointer = at.description
            switch property.value {
            case .bool, .number, .string, .array, .dictionary:
                members.append((property.key, node(property.value, at: at)))
                places[pointer] = property.location
                for entry in property.entries { places[JSONPointer(at.tokens + property.entryPrefix + [entry.key]).description] = entry.location }
            case .dynamic(let reason):
                // A title or an identifier computed at run time is there; its text is unknown.
                if Self.keptWhenComputed.contains(property.key) {
                    members.append((property.key, node(property.value, at: at)))
                    places[pointer] = property.location
                } else {
                    leftOut.append((property.key, reason, property.location))
                    computed.append((at, reason))
                }
            }
        }
        // activityType first, then the properties by name.
        let fixed = donation.kind == .userActivity ? 1 : 0
        activity = .object(Array(members.prefix(fixed)) + members.dropFirst(fixed).sorted { $0.0 < $1.0 })
        text = JSONWriter.write(.object([(root, activity)] + proctorMember(source: nil)), indent: 2) + "\n"
    }

    /// The payload's `proctor` member: where the donation is in Swift, when given, and the values
    /// computed at run time (the first reason given for each). None when neither.
    private func proctorMember(source: JSONNode?) -> [(String, JSONNode)] {
        var members: [(String, JSONNode)] = []
        if !computed.isEmpty {
            var seen: Set<String> = []
            let unique = computed.filter { seen.insert($0.pointer.description).inserted }
            members.append(
                ("computed", .object(unique.sorted { $0.pointer < $1.pointer }.map { ($0.pointer.description, JSONNode.string($0.reason)) })))
        }
        if let source { members.append(("source", source)) }
        return members.isEmpty ? [] : [("proctor", .object(members))]
    }

    /// The payload as `--emit-payloads` writes it: the same donation, with where it is in the
    /// Swift sources under `proctor.source`, which lint reads as a comment.
    func emittedText(symbol: String) -> String {
        let source = JSONNode.object([
            ("file", .string(donationPlace.file)), ("line", .integer(donationPlace.line ?? 0)), ("column", .integer(donationPlace.column ?? 0)),
            ("symbol", .string(symbol)),
        ])
        return JSONWriter.write(.object([(root, activity)] + proctorMember(source: source)), indent: 2) + "\n"
    }

    /// The place a finding at `pointer` belongs to: that of the longest pointer written.
    func place(of pointer: String) -> SourceLocation {
        var candidate = pointer
        while !candidate.isEmpty {
            if let place = places[candidate] { return place }
            guard let slash = candidate.lastIndex(of: "/") else { break }
            candidate = String(candidate[..<slash])
        }
        return donationPlace
    }

    /// A value as the payload writes it; a run-time value inside a collection as "…". The
    /// payload decoder judges whether it is one the property takes.
    private mutating func node(_ value: StaticValue, at pointer: JSONPointer) -> JSONNode {
        switch value {
        case .string(let text): return .string(text)
        case .bool(let flag): return JSONNode(.bool(flag), offset: 0)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return JSONNode(.integer(Int64(number)), offset: 0) }
            return JSONNode(.double(number), offset: 0)
        case .array(let elements):
            var nodes: [JSONNode] = []
            for (index, element) in elements.enumerated() { nodes.append(node(element, at: pointer.appending(index))) }
            return .array(nodes)
        case .dictionary(let pairs):
            var members: [(String, JSONNode)] = []
            for pair in pairs { members.append((pair.key, node(pair.value, at: pointer.appending(pair.key)))) }
            return .object(members)
        case .dynamic(let reason):
            // Text computed at run time: written as a stand-in, and listed as computed.
            placeholders.insert(pointer.description)
            computed.append((pointer, reason))
            return .string(Self.placeholder)
        }
    }
}
