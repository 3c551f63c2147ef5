import Foundation

// MARK: - Deterministic randomness

/// SplitMix64 (Steele, Lea and Flood 2014): tiny, fast and the same on every platform, so the
/// corpus is byte-for-byte the same on every machine and every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for one item of a stream, independent of every other item, so file 7 is the
    /// same whether the corpus holds 10,000 or 100,000 files.
    init(seed: UInt64, stream: UInt64, index: Int) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD6E8_FEB8_6659_FD93))
        state = mixer.next() ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (the modulo bias is irrelevant here).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func range(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability percent/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    mutating func pick<Element>(_ count: Int, of elements: [Element]) -> [Element] {
        var pool = elements
        var result: [Element] = []
        for _ in 0..<min(count, pool.count) { result.append(pool.remove(at: below(pool.count))) }
        return result
    }
}

// MARK: - A minimal JSON writer

/// Just enough JSON to write payloads: members keep their order, numbers are preformatted text
/// so the output never depends on floating-point printing.
indirect enum JSON {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case number(String)
    case bool(Bool)

    static func int(_ value: Int) -> JSON { .number(String(value)) }

    /// A decimal with `decimals` digits after the point, from an integer scaled by 10^decimals.
    static func fixed(_ scaled: Int, decimals: Int) -> JSON {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = abs(scaled)
        var fraction = String(magnitude % scale)
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        return .number("\(scaled < 0 ? "-" : "")\(magnitude / scale).\(fraction)")
    }

    /// Pretty output is what apps and people write (two-space indent, as in docs/rules);
    /// compact output is one line, as JSONEncoder writes it (and as JSON Lines needs).
    func write(into out: inout [UInt8], pretty: Bool, indent: Int = 0) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&out, indent + 1) }
                Self.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard !elements.isEmpty else { return out.append(contentsOf: "[]".utf8) }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&out, indent + 1) }
                element.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(&out, indent) }
            out.append(UInt8(ascii: "]"))
        case .string(let text):
            Self.writeString(text, into: &out)
        case .number(let text):
            out.append(contentsOf: text.utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        }
    }

    private static func newline(_ out: inout [UInt8], _ depth: Int) {
        out.append(0x0A)
        for _ in 0..<(depth * 2) { out.append(0x20) }
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x00..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u00" + (hex.count == 1 ? "0" : "") + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    var bytesPretty: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1400)
        write(into: &out, pretty: true)
        out.append(0x0A)
        return out
    }

    var bytesCompact: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1000)
        write(into: &out, pretty: false)
        return out
    }
}

// MARK: - Payloads

/// Builds realistic donation payloads: places apps donating `NSUserActivity` with `userInfo`,
/// `requiredUserInfoKeys` and a `contentAttributeSet` of Places fields, articles and recipes,
/// and `CSSearchableItem`s for places and photos. About 10% of documents carry one mistake a
/// rule or the decoder reports.
struct PayloadGenerator {
    static let version = 2
    let seed: UInt64
    /// Streams keep the directory corpus and the JSON Lines file independent.
    let stream: UInt64
    /// In 1,000ths: how many documents carry a mistake.
    var mistakePerMille = 100

    enum Kind: CaseIterable {
        case placeActivity, articleActivity, placeItem, photoItem, pair
        var hasItem: Bool { self == .placeItem || self == .photoItem || self == .pair }
    }

    enum Mistake: CaseIterable {
        case requiredKeyTypo, requiredKeyMissing, latitudeOutOfRange, navigationWithoutLongitude, webpageURLScheme
        case activityTypeNotReverseDNS, titleTooLong, descriptionTooLong, itemWithoutIdentifier, rankingHintOutOfRange
        case expired, unknownKeyTypo, duplicateIdentifier, relatedItemMissing, userInfoClass, phoneCallWithoutNumbers
        case requiredKeysUnset, domainIdentifierEmptyComponent, placeWithoutAddress
    }

    /// What document `index` is, from the first draws of its own generator only, so other
    /// documents can refer to it without building it.
    struct Plan {
        var kind: Kind
        var mistake: Mistake?
        /// Pretty-printed (two-space indent, as people write and as docs/rules shows) or compact
        /// (one line, as JSONEncoder writes); pretty documents carry fewer optional fields so
        /// every file stays near 1 KB.
        var pretty: Bool
    }

    /// The mistakes that make sense for a kind of document.
    static func mistakes(for kind: Kind) -> [Mistake] {
        switch kind {
        case .placeActivity:
            [
                .requiredKeyTypo, .requiredKeyMissing, .latitudeOutOfRange, .navigationWithoutLongitude, .webpageURLScheme,
                .activityTypeNotReverseDNS, .titleTooLong, .descriptionTooLong, .expired, .unknownKeyTypo, .relatedItemMissing,
                .userInfoClass, .phoneCallWithoutNumbers, .requiredKeysUnset, .placeWithoutAddress,
            ]
        case .articleActivity:
            [
                .requiredKeyTypo, .requiredKeyMissing, .webpageURLScheme, .activityTypeNotReverseDNS, .titleTooLong,
                .descriptionTooLong, .expired, .unknownKeyTypo, .userInfoClass, .requiredKeysUnset, .domainIdentifierEmptyComponent,
            ]
        case .placeItem, .pair:
            [
                .itemWithoutIdentifier, .duplicateIdentifier, .rankingHintOutOfRange, .expired, .titleTooLong, .descriptionTooLong,
                .domainIdentifierEmptyComponent, .latitudeOutOfRange, .navigationWithoutLongitude, .phoneCallWithoutNumbers,
                .placeWithoutAddress,
            ]
        case .photoItem:
            [
                .itemWithoutIdentifier, .duplicateIdentifier, .domainIdentifierEmptyComponent, .expired, .latitudeOutOfRange,
                .rankingHintOutOfRange, .descriptionTooLong,
            ]
        }
    }

    func plan(_ index: Int) -> (Plan, SplitMix64) {
        var random = SplitMix64(seed: seed, stream: stream, index: index)
        let roll = random.below(100)
        let kind: Kind =
            switch roll {
            case 0..<38: .placeActivity
            case 38..<48: .articleActivity
            case 48..<75: .placeItem
            case 75..<85: .photoItem
            default: .pair
            }
        let mistake = random.below(1000) < mistakePerMille ? random.pick(Self.mistakes(for: kind)) : nil
        let pretty = kind != .pair && random.chance(45)
        return (Plan(kind: kind, mistake: mistake, pretty: pretty), random)
    }

    /// The identifier of the searchable item in document `index`, if it has one others may name.
    func itemIdentifier(_ index: Int) -> String? {
        let plan = plan(index).0
        guard plan.kind.hasItem, plan.mistake != .itemWithoutIdentifier, plan.mistake != .duplicateIdentifier else { return nil }
        return plan.kind == .photoItem ? "photo-\(index)" : "place-\(index)"
    }

    /// The nearest earlier document with a searchable item, for relatedUniqueIdentifier.
    func earlierItem(before index: Int) -> String? {
        var candidate = index - 1
        while candidate >= 0 && candidate >= index - 40 {
            if let identifier = itemIdentifier(candidate) { return identifier }
            candidate -= 1
        }
        return nil
    }

    /// Document `index`: its JSON and whether it was built with a mistake.
    func document(_ index: Int) -> (json: JSON, plan: Plan) {
        var (plan, random) = plan(index)
        // The target size of the pretty-printed file; the description fills the gap.
        let target = random.range(860...1160)
        var mistake = plan.mistake
        let pretty = plan.pretty
        let json: JSON
        switch plan.kind {
        case .placeActivity:
            json = .object([("userActivity", placeActivity(index, &random, &mistake, budget: target, pretty: pretty, lean: pretty))])
        case .articleActivity:
            json = .object([("userActivity", articleActivity(index, &random, &mistake, budget: target, pretty: pretty))])
        case .placeItem:
            json = .object([("searchableItem", placeItem(index, &random, &mistake, budget: target, pretty: pretty, lean: pretty))])
        case .photoItem:
            json = .object([("searchableItem", photoItem(index, &random, &mistake, budget: target, pretty: pretty))])
        case .pair:
            // An item and the activity that shows it, lean and compact for about 1 KB together.
            let item = placeItem(index, &random, &mistake, budget: target / 2, pretty: false, lean: true)
            var noMistake: Mistake? = nil
            let activity = placeActivity(index, &random, &noMistake, budget: target / 2, pretty: false, lean: true, relatedTo: "place-\(index)")
            json = .array([.object([("searchableItem", item)]), .object([("userActivity", activity)])])
        }
        // A mistake that did not apply to the kind leaves the document clean.
        if mistake != nil { plan.mistake = nil }
        return (json, plan)
    }

    // MARK: Vocabulary

    struct City {
        var name: String, state: String, country: String, postalCode: String
        var latitude: Int, longitude: Int  // micro-degrees
        var phonePrefix: String
        var streets: [String]
    }

    static let cities: [City] = [
        City(
            name: "Springfield", state: "IL", country: "United States", postalCode: "62701", latitude: 39_781_721, longitude: -89_650_148,
            phonePrefix: "+1 217 555", streets: ["Main St", "Monroe St", "Capitol Ave"]),
        City(
            name: "Cupertino", state: "CA", country: "United States", postalCode: "95014", latitude: 37_322_998, longitude: -122_032_182,
            phonePrefix: "+1 408 555", streets: ["Stevens Creek Blvd", "De Anza Blvd", "Infinite Loop"]),
        City(
            name: "Zürich", state: "ZH", country: "Switzerland", postalCode: "8001", latitude: 47_376_887, longitude: 8_541_694,
            phonePrefix: "+41 44 555", streets: ["Bahnhofstrasse", "Limmatquai", "Niederdorfstrasse"]),
        City(
            name: "Paris", state: "Île-de-France", country: "France", postalCode: "75004", latitude: 48_856_614, longitude: 2_352_222,
            phonePrefix: "+33 1 55 55", streets: ["Rue de Rivoli", "Rue des Rosiers", "Quai de la Tournelle"]),
        City(
            name: "São Paulo", state: "SP", country: "Brazil", postalCode: "01310-100", latitude: -23_550_520, longitude: -46_633_308,
            phonePrefix: "+55 11 5555", streets: ["Avenida Paulista", "Rua Augusta", "Rua Oscar Freire"]),
        City(
            name: "Tokyo", state: "Tokyo", country: "Japan", postalCode: "150-0041", latitude: 35_676_192, longitude: 139_650_311,
            phonePrefix: "+81 3 5555", streets: ["Jingumae", "Omotesando", "Dogenzaka"]),
        City(
            name: "Sydney", state: "NSW", country: "Australia", postalCode: "2000", latitude: -33_868_820, longitude: 151_209_296,
            phonePrefix: "+61 2 5550", streets: ["George St", "Pitt St", "Macquarie St"]),
        City(
            name: "Montréal", state: "QC", country: "Canada", postalCode: "H2X 1Y4", latitude: 45_501_689, longitude: -73_567_256,
            phonePrefix: "+1 514 555", streets: ["Rue Sainte-Catherine", "Boulevard Saint-Laurent", "Rue Saint-Denis"]),
        City(
            name: "Kraków", state: "Lesser Poland", country: "Poland", postalCode: "31-042", latitude: 50_064_650, longitude: 19_944_980,
            phonePrefix: "+48 12 555", streets: ["Floriańska", "Grodzka", "Szewska"]),
        City(
            name: "Cape Town", state: "Western Cape", country: "South Africa", postalCode: "8001", latitude: -33_924_869, longitude: 18_424_055,
            phonePrefix: "+27 21 555", streets: ["Long St", "Bree St", "Loop St"]),
        City(
            name: "Reykjavík", state: "Capital Region", country: "Iceland", postalCode: "101", latitude: 64_146_582, longitude: -21_942_635,
            phonePrefix: "+354 555", streets: ["Laugavegur", "Skólavörðustígur", "Austurstræti"]),
        City(
            name: "Berlin", state: "Berlin", country: "Germany", postalCode: "10115", latitude: 52_520_008, longitude: 13_404_954,
            phonePrefix: "+49 30 5555", streets: ["Torstraße", "Kastanienallee", "Oranienstraße"]),
    ]

    static let placeNames = [
        "Tony's Pizza", "Blue Door Café", "Harbour Books", "Green Leaf Market", "Old Town Bakery", "Riverside Climbing Gym",
        "Sunset Ramen", "Museum of Light", "Northside Pharmacy", "Corner Coffee Roasters", "La Petite Crêperie",
        "The Copper Kettle", "Lakeside Yoga Studio", "Night Owl Records", "Garden Bistro", "Hilltop Observatory",
    ]
    static let categories = ["restaurant", "cafe", "bookshop", "market", "bakery", "gym", "museum", "pharmacy", "bar", "park"]
    static let tags = [
        "late-night", "vegan", "outdoor-seating", "wheelchair-accessible", "wifi", "family", "quiet", "dog-friendly", "cash-only", "reservations",
    ]
    static let sources = ["search", "map", "favorites", "recent", "share-sheet", "widget"]
    static let words = [
        "cozy", "spot", "known", "for", "its", "wood-fired", "crust", "friendly", "staff", "and", "a", "small", "terrace",
        "open", "late", "on", "weekends", "with", "seasonal", "menu", "local", "ingredients", "the", "view", "over",
        "river", "is", "worth", "visit", "near", "station", "quiet", "corner", "reading", "fresh", "bread", "every",
        "morning", "great", "coffee", "live", "music", "Thursdays", "book", "ahead", "groups", "café", "crème", "brûlée",
    ]
    static let articleTopics = [
        "Hiking the ridge trail", "Ten cafés worth the detour", "How to brew pour-over coffee", "A weekend in the old town",
        "Sourdough for beginners", "Night markets of the coast",
    ]

    // MARK: Builders

    private func placeActivity(
        _ index: Int, _ random: inout SplitMix64, _ mistake: inout Mistake?, budget: Int, pretty: Bool, lean: Bool,
        relatedTo: String? = nil
    ) -> JSON {
        let city = random.pick(Self.cities)
        let name = random.pick(Self.placeNames)
        let placeID = "p-\(index)"
        var activityType = random.pick(["com.example.places.view-place", "com.example.places.directions", "com.example.places.favorite"])
        if take(&mistake, .activityTypeNotReverseDNS) { activityType = "ViewPlace" }
        var title = "\(name), \(city.name)"
        if take(&mistake, .titleTooLong) {
            title = "\(name) — the best \(random.pick(Self.categories)) in \(city.name), open every day of the week including public holidays"
        }

        var userInfo: [(String, JSON)] = [
            ("placeID", .string(placeID)),
            ("source", .string(random.pick(Self.sources))),
            ("visitCount", .int(random.range(0...240))),
        ]
        if !lean {
            userInfo.append(("lastVisited", .object([("$date", .string(date(&random, years: 2024...2025)))])))
            userInfo.append(("tags", .array(random.pick(random.range(1...3), of: Self.tags).map(JSON.string))))
            userInfo.append(("rating", .fixed(random.range(10...50), decimals: 1)))
        }
        if take(&mistake, .userInfoClass) { userInfo.append(("sessionID", .object([("$class", .string("UUID"))]))) }

        var required: [JSON] = [.string("placeID")]
        if !lean && random.chance(50) { required.append(.string("source")) }
        if take(&mistake, .requiredKeyTypo) { required = [.string("placeId")] }
        if take(&mistake, .requiredKeyMissing) { required.append(.string("mapRegion")) }

        var members: [(String, JSON)] = [("activityType", .string(activityType))]
        members.append((take(&mistake, .unknownKeyTypo) ? "titel" : "title", .string(title)))
        members.append(("userInfo", .object(userInfo)))
        if !take(&mistake, .requiredKeysUnset) { members.append(("requiredUserInfoKeys", .array(required))) }
        if !lean {
            members.append(("keywords", .array(([name, city.name] + random.pick(2, of: Self.categories)).map(JSON.string))))
        }
        var webpageURL = "https://places.example.com/\(city.postalCode.replacingOccurrences(of: " ", with: "-"))/\(placeID)"
        if take(&mistake, .webpageURLScheme) { webpageURL = "ftp://places.example.com/\(placeID)" }
        members.append(("webpageURL", .string(webpageURL)))
        members.append(("isEligibleForSearch", .bool(true)))
        members.append(("isEligibleForPrediction", .bool(random.chance(60))))
        if !lean { members.append(("isEligibleForHandoff", .bool(random.chance(80)))) }
        if random.chance(20) { members.append(("isEligibleForPublicIndexing", .bool(true))) }
        if take(&mistake, .expired) {
            members.append(("expirationDate", .string("2021-03-01T00:00:00Z")))
        } else if random.chance(30) {
            members.append(("expirationDate", .string(date(&random, years: 2031...2036))))
        }
        members.append(("persistentIdentifier", .string("place-view-\(index)")))

        var set = placeAttributes(index, city: city, name: name, &random, &mistake, lean: lean)
        if take(&mistake, .relatedItemMissing) {
            set.append(("relatedUniqueIdentifier", .string("place-deleted-\(index)")))
        } else if let related = relatedTo ?? (random.chance(40) ? earlierItem(before: index) : nil) {
            set.append(("relatedUniqueIdentifier", .string(related)))
        }
        members.append(("contentAttributeSet", .object(set)))
        return fill(.object(members), budget: budget, pretty: pretty, &random, &mistake)
    }

    private func articleActivity(_ index: Int, _ random: inout SplitMix64, _ mistake: inout Mistake?, budget: Int, pretty: Bool) -> JSON {
        let topic = random.pick(Self.articleTopics)
        var activityType = random.pick(["com.example.reader.open-article", "com.example.recipes.view-recipe"])
        if take(&mistake, .activityTypeNotReverseDNS) { activityType = "open article" }
        var title = topic
        if take(&mistake, .titleTooLong) {
            title = topic + ": everything you need to know before you go, with maps, opening hours and a packing list"
        }
        let articleID = "a-\(index)"
        var userInfo: [(String, JSON)] = [
            ("articleID", .string(articleID)),
            ("scrollOffset", .fixed(random.range(0...99_999), decimals: 2)),
            ("publishedAt", .object([("$date", .string(date(&random, years: 2023...2025)))])),
            ("canonicalURL", .object([("$url", .string("https://reader.example.com/articles/\(articleID)"))])),
            ("sections", .object([("$set", .array(random.pick(2, of: ["intro", "gear", "route", "food", "tips"]).map(JSON.string)))])),
            ("isPremium", .bool(random.chance(25))),
        ]
        if take(&mistake, .userInfoClass) { userInfo.append(("heroImage", .object([("$class", .string("UIImage"))]))) }
        var required: [JSON] = [.string("articleID"), .string("scrollOffset")]
        if take(&mistake, .requiredKeyTypo) { required = [.string("articleId")] }
        if take(&mistake, .requiredKeyMissing) { required.append(.string("readingTime")) }
        var webpageURL = "https://reader.example.com/articles/\(articleID)"
        if take(&mistake, .webpageURLScheme) { webpageURL = "reader://articles/\(articleID)" }
        var members: [(String, JSON)] = [
            ("activityType", .string(activityType)),
            (take(&mistake, .unknownKeyTypo) ? "tilte" : "title", .string(title)),
            ("userInfo", .object(userInfo)),
        ]
        if !take(&mistake, .requiredKeysUnset) { members.append(("requiredUserInfoKeys", .array(required))) }
        members += [
            ("keywords", .array(random.pick(3, of: Self.words).map(JSON.string))),
            ("webpageURL", .string(webpageURL)),
            ("referrerURL", .string("https://www.example.org/search?q=\(index)")),
            ("isEligibleForSearch", .bool(true)),
            ("isEligibleForHandoff", .bool(true)),
            ("isEligibleForPrediction", .bool(random.chance(50))),
            ("targetContentIdentifier", .string("article/\(articleID)")),
        ]
        if take(&mistake, .expired) { members.append(("expirationDate", .string("2022-12-31T23:59:59+01:00"))) }
        var set: [(String, JSON)] = [
            ("title", .string(title)),
            ("contentType", .string("public.text")),
            ("authorNames", .array([.string(random.pick(["Ana Souza", "Jonas Weber", "Mei Tanaka", "Chloé Martin"]))])),
            ("contentCreationDate", .string(date(&random, years: 2023...2025))),
            ("thumbnailURL", .string("https://cdn.example.com/thumbs/\(articleID).jpg")),
        ]
        if take(&mistake, .domainIdentifierEmptyComponent) { set.append(("domainIdentifier", .string("articles..travel"))) }
        members.append(("contentAttributeSet", .object(set)))
        return fill(.object(members), budget: budget, pretty: pretty, &random, &mistake)
    }

    private func placeItem(
        _ index: Int, _ random: inout SplitMix64, _ mistake: inout Mistake?, budget: Int, pretty: Bool, lean: Bool
    ) -> JSON {
        let city = random.pick(Self.cities)
        let name = random.pick(Self.placeNames)
        var members: [(String, JSON)] = []
        if take(&mistake, .duplicateIdentifier), let earlier = earlierItem(before: index) {
            members.append(("uniqueIdentifier", .string(earlier)))
        } else if !take(&mistake, .itemWithoutIdentifier) {
            members.append(("uniqueIdentifier", .string("place-\(index)")))
        }
        var domain = "places.\(random.pick(["saved", "visited", "nearby"])).\(city.country.lowercased().replacingOccurrences(of: " ", with: "-"))"
        if take(&mistake, .domainIdentifierEmptyComponent) { domain = "places..saved" }
        members.append(("domainIdentifier", .string(domain)))
        if take(&mistake, .expired) {
            members.append(("expirationDate", .string("2020-06-30T12:00:00Z")))
        } else {
            members.append(("expirationDate", .string(date(&random, years: 2031...2036))))
        }
        var set: [(String, JSON)] = [
            (
                "title",
                .string(
                    take(&mistake, .titleTooLong)
                        ? "\(name) in \(city.name): reviews, opening hours, menu, photos and directions from your current location" : name)
            )
        ]
        set += placeAttributes(index, city: city, name: name, &random, &mistake, lean: lean)
        var hint = random.range(1...100)
        if take(&mistake, .rankingHintOutOfRange) { hint = 150 }
        set.append(("rankingHint", .int(hint)))
        if !lean {
            set.append(("keywords", .array(([city.name] + random.pick(2, of: Self.categories) + random.pick(1, of: Self.tags)).map(JSON.string))))
            set.append(("contentURL", .string("https://places.example.com/p-\(index)")))
            set.append(("lastUsedDate", .string(date(&random, years: 2024...2025))))
        }
        members.append(("attributeSet", .object(set)))
        return fill(.object(members), budget: budget, pretty: pretty, &random, &mistake, descriptionKey: "contentDescription", in: "attributeSet")
    }

    private func photoItem(_ index: Int, _ random: inout SplitMix64, _ mistake: inout Mistake?, budget: Int, pretty: Bool) -> JSON {
        let city = random.pick(Self.cities)
        var members: [(String, JSON)] = []
        if take(&mistake, .duplicateIdentifier), let earlier = earlierItem(before: index) {
            members.append(("uniqueIdentifier", .string(earlier)))
        } else if !take(&mistake, .itemWithoutIdentifier) {
            members.append(("uniqueIdentifier", .string("photo-\(index)")))
        }
        members.append(
            ("domainIdentifier", .string(take(&mistake, .domainIdentifierEmptyComponent) ? "album-\(index % 97)." : "album-\(index % 97).favorites")))
        if take(&mistake, .expired) { members.append(("expirationDate", .string("2023-01-01T00:00:00+09:00"))) }
        var latitude = city.latitude + random.range(-20_000...20_000)
        if take(&mistake, .latitudeOutOfRange) { latitude += 100_000_000 }
        var set: [(String, JSON)] = [
            ("title", .string("\(random.pick(["Sunset", "Harbour", "Market", "Street", "Rooftop"])) in \(city.name)")),
            ("contentType", .string("public.jpeg")),
            ("contentCreationDate", .string(date(&random, years: 2019...2025))),
            ("keywords", .array([.string(city.name), .string(random.pick(["travel", "family", "food", "architecture"]))])),
            ("pixelWidth", .int(4032)), ("pixelHeight", .int(3024)),
            ("latitude", .fixed(latitude, decimals: 6)),
            ("longitude", .fixed(city.longitude + random.range(-20_000...20_000), decimals: 6)),
            ("namedLocation", .string(city.name)),
            ("city", .string(city.name)),
            ("country", .string(city.country)),
            ("acquisitionMake", .string("Apple")),
            ("acquisitionModel", .string(random.pick(["iPhone 15 Pro", "iPhone 14", "iPhone 13 mini"]))),
            ("thumbnailData", .string("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")),
        ]
        if take(&mistake, .rankingHintOutOfRange) { set.append(("rankingHint", .int(-5))) }
        members.append(("attributeSet", .object(set)))
        return fill(.object(members), budget: budget, pretty: pretty, &random, &mistake, descriptionKey: "contentDescription", in: "attributeSet")
    }

    /// Places fields of a `CSSearchableItemAttributeSet` (no title).
    private func placeAttributes(
        _ index: Int, city: City, name: String, _ random: inout SplitMix64, _ mistake: inout Mistake?, lean: Bool
    ) -> [(String, JSON)] {
        let street = random.pick(city.streets)
        let number = random.range(1...220)
        var latitude = city.latitude + random.range(-30_000...30_000)
        if take(&mistake, .latitudeOutOfRange) { latitude = latitude > 0 ? latitude + 100_000_000 : latitude - 100_000_000 }
        var set: [(String, JSON)] = []
        if !take(&mistake, .placeWithoutAddress) {
            set.append(("namedLocation", .string(name)))
            if !lean {
                set.append(("thoroughfare", .string(street)))
                set.append(("subThoroughfare", .string(String(number))))
                set.append(("city", .string(city.name)))
                set.append(("stateOrProvince", .string(city.state)))
                set.append(("postalCode", .string(city.postalCode)))
                set.append(("country", .string(city.country)))
            }
            set.append(("fullyFormattedAddress", .string("\(number) \(street), \(city.postalCode) \(city.name), \(city.country)")))
        }
        set.append(("latitude", .fixed(latitude, decimals: 6)))
        if !take(&mistake, .navigationWithoutLongitude) {
            set.append(("longitude", .fixed(city.longitude + random.range(-30_000...30_000), decimals: 6)))
        }
        set.append(("supportsNavigation", random.chance(50) ? .bool(true) : .int(1)))
        if !take(&mistake, .phoneCallWithoutNumbers) {
            set.append(("phoneNumbers", .array([.string("\(city.phonePrefix) \(String(1000 + random.below(9000)))")])))
        }
        set.append(("supportsPhoneCall", .bool(true)))
        return set
    }

    // MARK: Helpers

    /// Applies `candidate` when it is the pending mistake, once.
    private func take(_ mistake: inout Mistake?, _ candidate: Mistake) -> Bool {
        guard mistake == candidate else { return false }
        mistake = nil
        return true
    }

    private func date(_ random: inout SplitMix64, years: ClosedRange<Int>) -> String {
        let year = random.range(years)
        let month = random.range(1...12)
        let day = random.range(1...28)
        let hour = random.range(0...23)
        let minute = random.range(0...59)
        let zone = random.pick(["Z", "Z", "+02:00", "-05:00", "+09:00"])
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):00\(zone)"
    }

    /// Adds a `contentDescription` to the attribute set (the object under `container`, or under
    /// `contentAttributeSet` for an activity) sized so the whole pretty-printed payload lands
    /// near `budget` bytes; at most 300 characters unless the mistake asks for more.
    private func fill(
        _ payload: JSON, budget: Int, pretty: Bool, _ random: inout SplitMix64, _ mistake: inout Mistake?,
        descriptionKey: String = "contentDescription", in container: String = "contentAttributeSet"
    ) -> JSON {
        guard case .object(var members) = payload, let setIndex = members.firstIndex(where: { $0.0 == container }),
            case .object(var set) = members[setIndex].1
        else { return payload }
        // Measured as it will be written: one level down in a single-donation file.
        let wrapped = JSON.object([("k", payload)])
        let current = pretty ? wrapped.bytesPretty.count : wrapped.bytesCompact.count
        let overhead = (pretty ? 12 : 6) + descriptionKey.utf8.count
        var length = min(299, max(24, budget - current - overhead))  // plus the final period
        if take(&mistake, .descriptionTooLong) { length = 340 + random.below(200) }
        var text = ""
        while text.utf8.count < length {
            if !text.isEmpty { text += " " }
            text += random.pick(Self.words)
        }
        // Trim by characters (never inside a UTF-8 sequence), to the nearest word end.
        while text.count > length, let space = text.lastIndex(of: " ") { text = String(text[..<space]) }
        set.insert((descriptionKey, .string(text.prefix(1).uppercased() + text.dropFirst() + ".")), at: min(1, set.count))
        members[setIndex].1 = .object(set)
        return .object(members)
    }
}

// MARK: - Corpus on disk

/// A directory of payload files with a manifest written last; a corpus whose manifest matches is
/// reused as is.
struct Corpus {
    static let seed: UInt64 = 0x5052_4F43_544F_5231  // "PROCTOR1"
    static let manifestName = ".proctor-bench-manifest"

    let directory: String
    let manifest: String
    /// False when an existing corpus with a matching manifest was reused.
    var generated = false

    /// `count` files, 1,000 to a shard folder, in `root/files-<count>`.
    static func files(count: Int, root: String) -> Corpus {
        let generator = PayloadGenerator(seed: seed, stream: 1)
        let directory = root + "/files-\(count)"
        let manifest = "proctor-bench corpus\ngenerator \(PayloadGenerator.version)\nseed \(seed)\nstream 1\nfiles \(count)\n"
        var corpus = Corpus(directory: directory, manifest: manifest)
        guard !corpus.isCurrent else { return corpus }
        corpus.generated = true
        corpus.reset()
        for shard in 0..<((count + 999) / 1000) {
            mkdirs(directory + "/" + shardName(shard))
        }
        for index in 0..<count {
            let path = directory + "/" + shardName(index / 1000) + "/donation-\(pad(index, 6)).json"
            let document = generator.document(index)
            write(document.plan.pretty ? document.json.bytesPretty : document.json.bytesCompact + [0x0A], to: path)
        }
        corpus.writeManifest()
        return corpus
    }

    /// One JSON Lines file of at least `megabytes` MB (10^6 bytes), in `root/jsonl-<n>mb`.
    static func jsonLines(megabytes: Int, root: String) -> (Corpus, path: String) {
        let generator = PayloadGenerator(seed: seed, stream: 2)
        let directory = root + "/jsonl-\(megabytes)mb"
        let path = directory + "/donations.jsonl"
        let manifest = "proctor-bench jsonl\ngenerator \(PayloadGenerator.version)\nseed \(seed)\nstream 2\nbytes \(megabytes * 1_000_000)\n"
        var corpus = Corpus(directory: directory, manifest: manifest)
        guard !corpus.isCurrent else { return (corpus, path) }
        corpus.generated = true
        corpus.reset()
        mkdirs(directory)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(megabytes * 1_000_000 + 4096)
        var index = 0
        while bytes.count < megabytes * 1_000_000 {
            bytes += generator.document(index).json.bytesCompact
            bytes.append(0x0A)
            index += 1
        }
        write(bytes, to: path)
        corpus.writeManifest()
        return (corpus, path)
    }

    var isCurrent: Bool {
        (try? String(contentsOfFile: directory + "/" + Self.manifestName, encoding: .utf8)) == manifest
    }

    private func reset() {
        try? FileManager.default.removeItem(atPath: directory)
        Self.mkdirs(directory)
    }

    private func writeManifest() {
        Self.write(Array(manifest.utf8), to: directory + "/" + Self.manifestName)
    }

    private static func shardName(_ shard: Int) -> String { "shard-" + pad(shard, 3) }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func mkdirs(_ path: String) {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    static func write(_ bytes: [UInt8], to path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write \(path)")
        }
    }
}
