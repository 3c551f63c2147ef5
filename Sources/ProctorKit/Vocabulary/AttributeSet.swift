import Foundation
import ProctorJSON

/// A `CSSearchableItemAttributeSet`: the properties the input sets, by their Swift names.
public struct AttributeSet: Sendable {
    public enum Value: Sendable {
        case string(String)
        case strings([String])
        case number(Double)
        case boolean(Bool)
        case date(Date)
        case dates([Date])
        case url(String)
        case data(Data)
    }

    public var pointer: JSONPointer
    public var values: [String: Value]

    public init(pointer: JSONPointer, values: [String: Value] = [:]) {
        self.pointer = pointer
        self.values = values
    }

    public func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    public func string(_ key: String) -> String? {
        if case .string(let value)? = values[key] { return value }
        if case .url(let value)? = values[key] { return value }
        return nil
    }

    public func strings(_ key: String) -> [String]? {
        if case .strings(let value)? = values[key] { return value }
        return nil
    }

    public func number(_ key: String) -> Double? {
        if case .number(let value)? = values[key] { return value }
        return nil
    }

    /// Booleans that Core Spotlight stores as `NSNumber` (`supportsNavigation`) read true for
    /// `true` or any non-zero number.
    public func flag(_ key: String) -> Bool {
        switch values[key] {
        case .boolean(let value)?: value
        case .number(let value)?: value != 0
        default: false
        }
    }

    public var title: String? { string("title") }
    public var contentDescription: String? { string("contentDescription") }
    public var latitude: Double? { number("latitude") }
    public var longitude: Double? { number("longitude") }

    /// The kinds of value each documented property takes. Properties of the General, Places,
    /// Contacts, Events, Media, Documents and Messaging categories of the Core Spotlight headers.
    static let kinds: [String: Kind] = {
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
            "exposureProgram", "profileName", "meteringMode", "whiteBalance",         ]
        let stringLists: [String] = [
            "alternateNames", "contentTypeTree", "keywords", "actionIdentifiers", "phoneNumbers", "emailAddresses",
            "instantMessageAddresses", "authorNames", "authorEmailAddresses", "authorAddresses", "recipientNames",
            "recipientEmailAddresses", "recipientAddresses", "languages", "contributors", "editors", "projects",
            "participants", "accountHandles", "mailboxIdentifiers", "organizations", "publishers", "audiences", "coverage", "layerNames", "fontNames", "encodingApplications", "codecs", "mediaTypes", "performers",
        ]
        let numbers: [String] = [
            "rankingHint", "pageCount", "contentRating", "whiteBalance", "bitsPerSample", "exposureMode", "maxAperture", "containerOrder", "altitude", "latitude", "longitude", "speed", "imageDirection",
            "GPSTrack", "duration", "rating", "playCount", "audioSampleRate",
            "audioChannelCount", "tempo", "audioTrackNumber", "audioBitRate", "videoBitRate", "totalBitRate",
            "pixelHeight", "pixelWidth", "pixelCount", "orientation", "resolutionWidthDPI", "resolutionHeightDPI",
            "fileSize", "width", "height", "ISOSpeed", "fNumber", "exposureTime", "aperture", "focalLength",
        ]
        let flags: [String] = [
            "userCreated", "streamable", "focalLength35mm", "userOwned", "userCurated", "supportsPhoneCall", "supportsNavigation", "allDay",
            "isLikelyJunk", "flashOn", "redEyeOn", "hasAlphaChannel",         ]
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

    enum Kind {
        case string, strings, number, flag, date, dates, url, data
    }
}
