import Foundation
import ProctorCore
import ProctorJSON

// What a media app puts in `MPNowPlayingInfoCenter.default().nowPlayingInfo`, with Apple's own key
// names (docs/media.md). Seed 000 (WWDC16 session 240, lines 213-221): when the system suggests a
// media app after a trigger (headphones plugged in), the app translates its item "to the
// nowPlayingInfo representation" and sets it, with the item's artwork, before its preparation
// handler completes; the Lock Screen then shows it "front and center".

/// `MPNowPlayingInfoCenter.nowPlayingInfo`, as the app sets it.
public struct NowPlayingInfo: Sendable {
    /// The type Apple documents for each key's value. Enumerations are written as their case
    /// names, as elsewhere in Proctor's payloads.
    public enum ValueType: Sendable {
        case string, number, wholeNumber, bool, date, url, artwork
        /// `MPNowPlayingInfoMediaType`.
        case mediaType
    }

    /// Every key Proctor reads, with its value's type: `MPMediaItemProperty…` keys describe the
    /// item, `MPNowPlayingInfoProperty…` keys the playback (Apple, MPNowPlayingInfoCenter: "Now
    /// Playing metadata properties" and "Additional metadata properties").
    public static let valueTypes: [(key: String, type: ValueType)] = [
        ("MPMediaItemPropertyTitle", .string), ("MPMediaItemPropertyArtist", .string), ("MPMediaItemPropertyAlbumTitle", .string),
        ("MPMediaItemPropertyAlbumArtist", .string), ("MPMediaItemPropertyGenre", .string), ("MPMediaItemPropertyComposer", .string),
        ("MPMediaItemPropertyPlaybackDuration", .number), ("MPMediaItemPropertyAlbumTrackNumber", .wholeNumber),
        ("MPMediaItemPropertyAlbumTrackCount", .wholeNumber), ("MPMediaItemPropertyDiscNumber", .wholeNumber),
        ("MPMediaItemPropertyDiscCount", .wholeNumber), ("MPMediaItemPropertyPersistentID", .wholeNumber),
        ("MPMediaItemPropertyArtwork", .artwork),
        ("MPNowPlayingInfoPropertyElapsedPlaybackTime", .number), ("MPNowPlayingInfoPropertyPlaybackRate", .number),
        ("MPNowPlayingInfoPropertyDefaultPlaybackRate", .number), ("MPNowPlayingInfoPropertyPlaybackProgress", .number),
        ("MPNowPlayingInfoPropertyPlaybackQueueIndex", .wholeNumber), ("MPNowPlayingInfoPropertyPlaybackQueueCount", .wholeNumber),
        ("MPNowPlayingInfoPropertyChapterNumber", .wholeNumber), ("MPNowPlayingInfoPropertyChapterCount", .wholeNumber),
        ("MPNowPlayingInfoPropertyIsLiveStream", .bool), ("MPNowPlayingInfoPropertyMediaType", .mediaType),
        ("MPNowPlayingInfoPropertyAssetURL", .url), ("MPNowPlayingInfoPropertyCurrentPlaybackDate", .date),
        ("MPNowPlayingInfoPropertyExternalContentIdentifier", .string), ("MPNowPlayingInfoPropertyExternalUserProfileIdentifier", .string),
        ("MPNowPlayingInfoPropertyServiceIdentifier", .string), ("MPNowPlayingInfoCollectionIdentifier", .string),
    ]
    /// Keys Apple documents whose values (language option groups) Proctor accepts without reading.
    public static let unmodelledKeys: Set<String> = [
        "MPNowPlayingInfoPropertyAvailableLanguageOptions", "MPNowPlayingInfoPropertyCurrentLanguageOptions",
    ]
    public static let keys = valueTypes.map(\.key)
    /// `MPNowPlayingInfoMediaType`'s cases.
    public static let mediaTypes = ["none", "audio", "video"]

    public static let title = "MPMediaItemPropertyTitle"
    public static let artist = "MPMediaItemPropertyArtist"
    public static let albumTitle = "MPMediaItemPropertyAlbumTitle"
    public static let artwork = "MPMediaItemPropertyArtwork"
    public static let duration = "MPMediaItemPropertyPlaybackDuration"
    public static let elapsed = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
    public static let rate = "MPNowPlayingInfoPropertyPlaybackRate"
    public static let progress = "MPNowPlayingInfoPropertyPlaybackProgress"
    public static let queueIndex = "MPNowPlayingInfoPropertyPlaybackQueueIndex"
    public static let queueCount = "MPNowPlayingInfoPropertyPlaybackQueueCount"
    public static let isLiveStream = "MPNowPlayingInfoPropertyIsLiveStream"

    public var strings: [String: String] = [:]
    public var numbers: [String: Double] = [:]
    public var flags: [String: Bool] = [:]
    public var artworkImage: Artwork?
    public var pointer: JSONPointer

    public init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    public func pointer(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// `MPMediaItemArtwork(boundsSize:requestHandler:)`: the image's size in points, and the
    /// image the handler returns, by name (the app's asset or file).
    public struct Artwork: Sendable {
        public static let keys = ["boundsSize", "image"]
        public var width: Double
        public var height: Double
        public var image: String?
    }

    public var titleText: String? { strings[Self.title] }
    /// What the Lock Screen's player shows under the title: the artist and the album, as set.
    public var subtitle: String? {
        let parts = [strings[Self.artist], strings[Self.albumTitle]].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " — ")
    }
}

/// Maps a `nowPlayingInfo` payload onto ``NowPlayingInfo`` through the payload ``JSONFieldReader``:
/// each value must have its key's documented type; what the values mean together is the rules'.
package struct NowPlayingInfoDecoder {
    var reader: JSONFieldReader
    package var diagnostics: [Diagnostic] { reader.problems }

    package static let key = "nowPlayingInfo"
    private static let types = Dictionary(uniqueKeysWithValues: NowPlayingInfo.valueTypes.map { ($0.key, $0.type) })

    package init(locate: @escaping (Int, JSONPointer) -> SourceLocation) {
        self.reader = JSONFieldReader(codes: .payload, locate: locate)
    }

    package mutating func decode(_ node: JSONNode, at pointer: JSONPointer) -> NowPlayingInfo? {
        guard let object = reader.object(node, pointer, what: Self.key) else { return nil }
        let errorsBefore = reader.errorCount
        var info = NowPlayingInfo(pointer: pointer)
        for member in object.members {
            let at = pointer.appending(member.key)
            let value = member.value
            guard let type = Self.types[member.key] else {
                if !NowPlayingInfo.unmodelledKeys.contains(member.key) {
                    reader.unknownKey(member, in: Self.key, at: at, known: NowPlayingInfo.keys)
                }
                continue
            }
            switch type {
            case .string: info.strings[member.key] = reader.string(value, at)
            case .url: info.strings[member.key] = reader.nonEmptyString(value, at)
            case .number: info.numbers[member.key] = reader.number(value, at)
            case .wholeNumber: info.numbers[member.key] = reader.wholeNumber(value, at).map(Double.init)
            case .bool: info.flags[member.key] = reader.bool(value, at)
            case .date: if let date = reader.date(value, at) { info.numbers[member.key] = date.timeIntervalSince1970 }
            case .mediaType:
                guard let name = reader.string(value, at) else { continue }
                if NowPlayingInfo.mediaTypes.contains(name) {
                    info.strings[member.key] = name
                } else {
                    reader.invalid(
                        "'\(name)' is not an MPNowPlayingInfoMediaType\(Suggestion.phrase(for: name, among: NowPlayingInfo.mediaTypes)); write one of \(NowPlayingInfo.mediaTypes.joined(separator: ", "))",
                        value, at)
                }
            case .artwork: info.artworkImage = artwork(value, at)
            }
        }
        return reader.errorCount == errorsBefore ? info : nil
    }

    private mutating func artwork(_ node: JSONNode, _ pointer: JSONPointer) -> NowPlayingInfo.Artwork? {
        guard let fields = reader.object(node, pointer, what: "an MPMediaItemArtwork") else { return nil }
        reader.checkKeys(fields, pointer, allowed: NowPlayingInfo.Artwork.keys, in: "an MPMediaItemArtwork")
        guard let sizeNode = reader.required(fields, "boundsSize", node, pointer) else { return nil }
        let sizeAt = pointer.appending("boundsSize")
        guard let size = reader.object(sizeNode, sizeAt, what: "a size") else { return nil }
        reader.checkKeys(size, sizeAt, allowed: ["width", "height"], in: "a size")
        let width = reader.required(size, "width", sizeNode, sizeAt).flatMap { reader.number($0, sizeAt.appending("width")) }
        let height = reader.required(size, "height", sizeNode, sizeAt).flatMap { reader.number($0, sizeAt.appending("height")) }
        guard let width, let height else { return nil }
        for (side, value) in [("width", width), ("height", height)] where !(value > 0) {
            reader.invalid("the artwork's \(side) is \(value); an image's bounds size is positive", size[side]!.value, sizeAt.appending(side))
        }
        let image = fields["image"].flatMap { reader.nonEmptyString($0.value, pointer.appending("image")) }
        return NowPlayingInfo.Artwork(width: width, height: height, image: image)
    }
}
