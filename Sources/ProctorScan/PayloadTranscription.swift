import ProctorCore
import ProctorJSON

/// A donation found in Swift, written as the `{"userActivity": {...}}` payload `proctor lint`
/// reads, with the Swift place of every value it holds, so that the payload rules judge it and
/// each finding lands on the line that causes it. What the code computes at run time is left
/// out, except a string, which is written as "…": its key exists, its content is unknown (size
/// rules then judge a lower bound, and a title is present).
struct PayloadTranscription {
    /// The payload's text.
    var text: String
    /// The `NSUserActivity` object it holds.
    private var activity: JSONNode
    /// The Swift place of each JSON Pointer the payload holds; the donation's own place for the
    /// rest.
    var places: [String: SourceLocation]
    var donationPlace: SourceLocation
    /// Properties left out, and why, for the notes.
    var leftOut: [(key: String, reason: String, place: SourceLocation)] = []

    static let placeholder = "…"

    init?(_ donation: ScannedDonation) {
        guard let type = donation.activityType.string else { return nil }
        donationPlace = donation.location
        places = ["/userActivity": donation.location, "/userActivity/activityType": donation.location]
        var members: [(String, JSONNode)] = [("activityType", Self.node(.string(type)))]
        var written: Set<String> = []
        // The last assignment of each property is the one the system sees.
        for property in donation.properties.reversed() where written.insert(property.key).inserted {
            let at = JSONPointer(["userActivity", property.key])
            let pointer = at.description
            switch property.value {
            case .bool, .number, .string, .array, .dictionary:
                members.append((property.key, Self.node(property.value)))
                places[pointer] = property.location
                for entry in property.entries { places[at.appending(entry.key).description] = entry.location }
            case .dynamic(let reason):
                // A title computed at run time is there; its length is unknown.
                if property.key == "title" {
                    members.append((property.key, Self.node(.string(Self.placeholder))))
                    places[pointer] = property.location
                } else {
                    leftOut.append((property.key, reason, property.location))
                }
            }
        }
        activity = .object([members[0]] + members.dropFirst().sorted { $0.0 < $1.0 })
        text = JSONWriter.write(.object([("userActivity", activity)]), indent: 2) + "\n"
    }

    /// The payload as `--emit-payloads` writes it: the same donation, with where it is in the
    /// Swift sources under `proctor.source`, which lint reads as a comment.
    func emittedText(symbol: String) -> String {
        let source = JSONNode.object([
            ("file", .string(donationPlace.file)), ("line", .integer(donationPlace.line ?? 0)), ("column", .integer(donationPlace.column ?? 0)),
            ("symbol", .string(symbol)),
        ])
        return JSONWriter.write(.object([("userActivity", activity), ("proctor", .object([("source", source)]))]), indent: 2) + "\n"
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
    private static func node(_ value: StaticValue) -> JSONNode {
        switch value {
        case .string(let text): return .string(text)
        case .bool(let flag): return JSONNode(.bool(flag), offset: 0)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return JSONNode(.integer(Int64(number)), offset: 0) }
            return JSONNode(.double(number), offset: 0)
        case .array(let elements): return .array(elements.map(node))
        case .dictionary(let pairs): return .object(pairs.map { ($0.key, node($0.value)) })
        case .dynamic: return .string(placeholder)
        }
    }
}
