import Foundation
import ProctorCore
import ProctorJSON

// What a media app puts in `MPNowPlayingInfoCenter.default().nowPlayingInfo`, with Apple's own key
// names (docs/media.md). Seed 000 (WWDC16 session 240, lines 214-222): when the system suggests a
// media app after a trigger (headphones plugged in), the app translates its item "to the
// nowPlayingInfo representation" and sets it, with the item's artwork, before its preparation
// handler completes; the Lock Screen then shows it "front and center".

/// `MPNowPlayingInfoCenter.nowPlayingInfo`, as the app sets it.
package struct NowPlayingInfo: Sendable {
    /// The type Apple documents for each key's value. Enumerations are written as their case
    /// names, as elsewhere in Proctor's payloads.
    package enum ValueType: Sendable {
        case string, number, wholeNumber, bool, date, url, artwork
        /// `MPNowPlayingInfoMediaType`.
        case mediaType
        /// `MPMediaEntityPersistentID`, a UInt64.
        case persistentID
    }

    /// The values of the `MPMediaItemProperty…` constants (Media Player's KVC keys), which a
    /// dictionary dumped at run time holds in place of the names Swift code writes; the
    /// `MPNowPlayingInfoProperty…` constants' values are their names.
    package static let runtimeNames: [String: String] = [
        "title": "MPMediaItemPropertyTitle", "artist": "MPMediaItemPropertyArtist", "albumTitle": "MPMediaItemPropertyAlbumTitle",
        "albumArtist": "MPMediaItemPropertyAlbumArtist", "genre": "MPMediaItemPropertyGenre", "composer": "MPMediaItemPropertyComposer",
        "playbackDuration": "MPMediaItemPropertyPlaybackDuration", "albumTrackNumber": "MPMediaItemPropertyAlbumTrackNumber",
        "albumTrackCount": "MPMediaItemPropertyAlbumTrackCount", "discNumber": "MPMediaItemPropertyDiscNumber",
        "discCount": "MPMediaItemPropertyDiscCount", "persistentID": "MPMediaItemPropertyPersistentID", "artwork": "MPMediaItemPropertyArtwork",
    ]

    /// Every key Proctor reads, with its value's type: `MPMediaItemProperty…` keys describe the
    /// item, `MPNowPlayingInfoProperty…` keys the playback (Apple, MPNowPlayingInfoCenter: "Now
    /// Playing metadata properties" and "Additional metadata properties").
    package static let valueTypes: [(key: String, type: ValueType)] = [
        ("MPMediaItemPropertyTitle", .string), ("MPMediaItemPropertyArtist", .string), ("MPMediaItemPropertyAlbumTitle", .string),
        ("MPMediaItemPropertyAlbumArtist", .string), ("MPMediaItemPropertyGenre", .string), ("MPMediaItemPropertyComposer", .string),
        ("MPMediaItemPropertyPlaybackDuration", .number), ("MPMediaItemPropertyAlbumTrackNumber", .wholeNumber),
        ("MPMediaItemPropertyAlbumTrackCount", .wholeNumber), ("MPMediaItemPropertyDiscNumber", .wholeNumber),
        ("MPMediaItemPropertyDiscCount", .wholeNumber), ("MPMediaItemPropertyPersistentID", .persistentID),
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
    package static let unmodelledKeys: Set<String> = [
        "MPNowPlayingInfoPropertyAvailableLanguageOptions", "MPNowPlayingInfoPropertyCurrentLanguageOptions",
    ]
    package static let keys = valueTypes.map(\.key)
    /// `MPNowPlayingInfoMediaType`'s cases.
    package static let mediaTypes = ["none", "audio", "video"]

    package static let title = "MPMediaItemPropertyTitle"
    package static let artist = "MPMediaItemPropertyArtist"
    package static let albumTitle = "MPMediaItemPropertyAlbumTitle"
    package static let artwork = "MPMediaItemPropertyArtwork"
    package static let duration = "MPMediaItemPropertyPlaybackDuration"
    package static let elapsed = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
    package static let rate = "MPNowPlayingInfoPropertyPlaybackRate"
    package static let progress = "MPNowPlayingInfoPropertyPlaybackProgress"
    package static let queueIndex = "MPNowPlayingInfoPropertyPlaybackQueueIndex"
    package static let queueCount = "MPNowPlayingInfoPropertyPlaybackQueueCount"
    package static let isLiveStream = "MPNowPlayingInfoPropertyIsLiveStream"

    package var strings: [String: String] = [:]
    package var numbers: [String: Double] = [:]
    package var flags: [String: Bool] = [:]
    package var artworkImage: Artwork?
    package var pointer: JSONPointer
    /// The key each value is written under, by the constant's name, when it is the runtime value.
    package var writtenKeys: [String: String] = [:]

    package init(pointer: JSONPointer) {
        self.pointer = pointer
    }

    /// Where the value of the constant `key` is written.
    package func pointer(_ key: String) -> JSONPointer { pointer.appending(writtenKeys[key] ?? key) }

    /// `MPMediaItemArtwork(boundsSize:requestHandler:)`: the image's size in points, and the
    /// image the handler returns, by name (the app's asset or file).
    package struct Artwork: Sendable {
        package static let keys = ["boundsSize", "image"]
        package var width: Double
        package var height: Double
        package var image: String?
    }

    package var titleText: String? { strings[Self.title] }
    /// What the Lock Screen's player shows under the title: the artist and the album, as set.
    package var subtitle: String? {
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
        var seen: Set<String> = []
        for member in object.members {
            let at = pointer.appending(member.key)
            let value = member.value
            let name = NowPlayingInfo.runtimeNames[member.key] ?? member.key
            guard let type = Self.types[name] else {
                if !NowPlayingInfo.unmodelledKeys.contains(member.key) {
                    reader.unknownKey(member, in: Self.key, at: at, known: NowPlayingInfo.keys)
                }
                continue
            }
            guard seen.insert(name).inserted else {
                reader.invalid("'\(member.key)' is \(name) again, written by its name and by its value; keep one", value, at)
                continue
            }
            if name != member.key { info.writtenKeys[name] = member.key }
            switch type {
            case .string: info.strings[name] = reader.string(value, at)
            case .url: info.strings[name] = reader.nonEmptyString(value, at)
            case .number: info.numbers[name] = reader.number(value, at)
            case .wholeNumber: info.numbers[name] = reader.wholeNumber(value, at).map(Double.init)
            case .persistentID:
                // A UInt64: JSON keeps integers past Int64 exact, so read the value as written.
                switch value.value {
                case .unsignedInteger: break
                case .integer(let number) where number >= 0: break
                case .integer, .double:
                    reader.invalid("a persistent ID is a whole number from 0 to 18446744073709551615 (UInt64)", value, at)
                default: _ = reader.number(value, at)
                }
            case .bool: info.flags[name] = reader.bool(value, at)
            case .date: if let date = reader.date(value, at) { info.numbers[name] = date.timeIntervalSince1970 }
            case .mediaType:
                guard let mediaType = reader.string(value, at) else { continue }
                if NowPlayingInfo.mediaTypes.contains(mediaType) {
                    info.strings[name] = mediaType
                } else {
                    reader.invalid(
                        "'\(mediaType)' is not an MPNowPlayingInfoMediaType\(Suggestion.phrase(for: mediaType, among: NowPlayingInfo.mediaTypes)); write one of \(NowPlayingInfo.mediaTypes.joined(separator: ", "))",
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
        var sides: [Double] = []
        for side in ["width", "height"] {
            guard let node = reader.required(size, side, sizeNode, sizeAt), let value = reader.number(node, sizeAt.appending(side)) else { continue }
            if !(value > 0) {
                let written = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
                reader.invalid("the artwork's \(side) is \(written); an image's bounds size is positive", node, sizeAt.appending(side))
            }
            sides.append(value)
        }
        guard sides.count == 2 else { return nil }
        let (width, height) = (sides[0], sides[1])
        let image = fields["image"].flatMap { reader.nonEmptyString($0.value, pointer.appending("image")) }
        return NowPlayingInfo.Artwork(width: width, height: height, image: image)
    }
}
