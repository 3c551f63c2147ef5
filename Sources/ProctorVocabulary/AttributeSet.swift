import Foundation
import ProctorJSON

/// A `CSSearchableItemAttributeSet`: the properties the input sets, by their Swift names.
package struct AttributeSet: Sendable {
    package enum Value: Sendable {
        case string(String)
        case strings([String])
        case number(Double)
        case boolean(Bool)
        case date(Date)
        case dates([Date])
        case url(String)
        case data(Data)
    }

    package var pointer: JSONPointer
    /// The properties in the order they were written, each with the number of its name in
    /// ``properties`` (-1 for a name Proctor does not know). A set holds a handful of properties,
    /// so a linear search beats hashing for the many lookups the rules make, and comparing
    /// numbers beats comparing names; building the array costs one allocation, not a hash table.
    private var entries: [(key: String, id: Int, value: Value)]
    /// Where properties filled from elsewhere were written (an activity's `mapItem`), by name;
    /// empty for a set read from one object, whose properties are all under ``pointer``.
    private var origins: [(key: String, pointer: JSONPointer)] = []

    /// The properties by name.
    package var values: [String: Value] {
        get { Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }) }
        set { entries = newValue.map { (key: $0.key, id: Self.properties[$0.key]?.id ?? -1, value: $0.value) } }
    }

    package init(pointer: JSONPointer, values: [String: Value] = [:]) {
        self.pointer = pointer
        self.entries = values.map { (key: $0.key, id: Self.properties[$0.key]?.id ?? -1, value: $0.value) }
    }

    /// Adds a property that is not set yet: the decoder's keys come from one JSON object, whose
    /// keys the strict scanner has checked are distinct. `id` is the key's number in ``properties``.
    mutating func append(_ key: String, id: Int, _ value: Value) {
        entries.append((key: key, id: id, value: value))
    }

    mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    package subscript(key: String) -> Value? {
        guard let id = Self.properties[key]?.id else {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        // An entry has this number exactly when its key is this name.
        for entry in entries where entry.id == id { return entry.value }
        return nil
    }

    /// Where the property `key` was written: under the set's own object, or where a filled
    /// property came from.
    package func pointer(_ key: String) -> JSONPointer {
        for origin in origins where origin.key == key { return origin.pointer }
        return pointer.appending(key)
    }

    /// Whether some of the set's properties were filled from elsewhere: an activity's `mapItem`,
    /// which says the set describes a place.
    package var isFilledFromMapItem: Bool { !origins.isEmpty }

    /// Sets `key` to `value`, written at `origin`, unless the set already has it: what an API
    /// that populates a set does (``MapItem/populate(_:)``).
    mutating func fill(_ key: String, _ value: Value, from origin: JSONPointer) {
        guard self[key] == nil else { return }
        entries.append((key: key, id: Self.properties[key]?.id ?? -1, value: value))
        origins.append((key: key, pointer: origin))
    }

    package func string(_ key: String) -> String? {
        switch self[key] {
        case .string(let value)?, .url(let value)?: value
        default: nil
        }
    }

    package func strings(_ key: String) -> [String]? {
        if case .strings(let value)? = self[key] { return value }
        return nil
    }

    package func number(_ key: String) -> Double? {
        if case .number(let value)? = self[key] { return value }
        return nil
    }

    /// Booleans that Core Spotlight stores as `NSNumber` (`supportsNavigation`) read true for
    /// `true` or any non-zero number.
    package func flag(_ key: String) -> Bool {
        switch self[key] {
        case .boolean(let value)?: value
        case .number(let value)?: value != 0
        default: false
        }
    }

    package var title: String? { string("title") }
    package var contentDescription: String? { string("contentDescription") }
    package var latitude: Double? { number("latitude") }
    package var longitude: Double? { number("longitude") }

    /// The kinds of value each documented property takes. Properties of the General, Places,
    /// Contacts, Events, Media, Documents and Messaging categories of the Core Spotlight headers.
    package static let kinds: [String: Kind] = {
        var table: [String: Kind] = [:]
        let strings: [String] = [
            "displayName", "path", "relatedUniqueIdentifier", "weakRelatedUniqueIdentifier", "contentType",
            "title", "version", "domainIdentifier", "containerTitle", "containerDisplayName", "containerIdentifier",
            "sharedItemContentType", "contentDescription", "textContent", "identifier", "headline", "instructions",
            "thoroughfare", "subThoroughfare", "postalCode", "city", "stateOrProvince", "country",
            "fullyFormattedAddress", "namedLocation", "subject", "theme", "creator", "kind", "comment", "copyright",
            "information", "album", "artist", "genre", "composer", "lyricist", "musicalGenre", "keySignature",
            "timeSignature", "audioEncodingApplication", "director", "producer", "originalFormat", "originalSource",
            "role", "ratingDescription", "EXIFGPSVersion", "accountIdentifier", "fileName", "rights", "deliveryType",
            "cameraOwner", "lensModel", "acquisitionMake", "acquisitionModel", "colorSpace",
            "exposureProgram", "profileName", "meteringMode",
        ]
        let stringLists: [String] = [
            "alternateNames", "contentTypeTree", "keywords", "actionIdentifiers", "phoneNumbers", "emailAddresses",
            "instantMessageAddresses", "authorNames", "authorEmailAddresses", "authorAddresses", "recipientNames",
            "recipientEmailAddresses", "recipientAddresses", "languages", "contributors", "editors", "projects",
            "participants", "accountHandles", "mailboxIdentifiers", "organizations", "publishers", "audiences", "coverage", "layerNames", "fontNames",
            "encodingApplications", "codecs", "mediaTypes", "performers",
        ]
        let numbers: [String] = [
            "rankingHint", "pageCount", "contentRating", "whiteBalance", "bitsPerSample", "exposureMode", "maxAperture", "containerOrder", "altitude",
            "latitude", "longitude", "speed", "imageDirection",
            "GPSTrack", "duration", "rating", "playCount", "audioSampleRate",
            "audioChannelCount", "tempo", "audioTrackNumber", "audioBitRate", "videoBitRate", "totalBitRate",
            "pixelHeight", "pixelWidth", "pixelCount", "orientation", "resolutionWidthDPI", "resolutionHeightDPI",
            "fileSize", "width", "height", "ISOSpeed", "fNumber", "exposureTime", "aperture", "focalLength",
        ]
        let flags: [String] = [
            "userCreated", "streamable", "focalLength35mm", "userOwned", "userCurated", "supportsPhoneCall", "supportsNavigation", "allDay",
            "isLikelyJunk", "flashOn", "redEyeOn", "hasAlphaChannel",
        ]
        let dates: [String] = [
            "metadataModificationDate", "timestamp", "startDate", "endDate", "dueDate", "completionDate",
            "contentCreationDate", "contentModificationDate", "lastUsedDate", "addedDate", "downloadedDate",
            "recordingDate",
        ]
        for name in strings { table[name] = .string }
        for name in stringLists { table[name] = .strings }
        for name in numbers { table[name] = .number }
        for name in flags { table[name] = .flag }
        for name in dates { table[name] = .date }
        table["importantDates"] = .dates
        table["contentURL"] = .url
        table["thumbnailURL"] = .url
        table["thumbnailData"] = .data
        table["HTMLContentData"] = .data
        table["darkThumbnailURL"] = .url
        return table
    }()

    /// Every documented property with its kind and a number of its own, for the decoder's lookup
    /// of every key and the rules' lookups of values.
    static let properties: NameTable<(kind: Kind, id: Int)> = {
        var numbered: [String: (kind: Kind, id: Int)] = [:]
        for (id, name) in kinds.keys.sorted().enumerated() { numbered[name] = (kinds[name]!, id) }
        return NameTable(numbered)
    }()

    package enum Kind: Sendable {
        case string, strings, number, flag, date, dates, url, data
    }
}
