import Foundation
import ProctorCore
import ProctorJSON

/// A Wallet pass as its `pass.json` file describes it (Apple's Wallet Passes reference, `Pass`):
/// the values Proctor checks, each part with the JSON Pointer where it is written. Values are
/// kept as written (dates and colors as strings, numbers as numbers), so that the rules, not the
/// decoder, say what is wrong with them. A key the decoder could not read (a type mismatch) is nil,
/// and the rules do not judge a pass with such a problem.
public struct WalletPass: Sendable {
    /// The five pass styles, exactly one of which a pass has.
    public static let styleKeys = ["boardingPass", "coupon", "eventTicket", "generic", "storeCard"]
    /// The transit types a boarding pass may name.
    public static let transitTypes = ["PKTransitTypeAir", "PKTransitTypeBoat", "PKTransitTypeBus", "PKTransitTypeGeneric", "PKTransitTypeTrain"]
    /// The barcode formats.
    public static let barcodeFormats = ["PKBarcodeFormatQR", "PKBarcodeFormatPDF417", "PKBarcodeFormatAztec", "PKBarcodeFormatCode128"]
    /// The keys that hold a color, a CSS-style `rgb(r, g, b)` triple.
    public static let colorKeys = ["backgroundColor", "foregroundColor", "labelColor", "footerBackgroundColor"]
    /// The five groups of fields a style holds.
    public static let fieldGroupKeys = ["headerFields", "primaryFields", "secondaryFields", "auxiliaryFields", "backFields", "additionalInfoFields"]

    /// The top-level keys the file writes, in document order.
    public var keys: [String] = []

    // Standard keys, which every pass has.
    public var formatVersion: Double?
    public var passTypeIdentifier: String?
    public var serialNumber: String?
    public var teamIdentifier: String?
    public var organizationName: String?
    public var description: String?

    /// The style keys the file writes (one, in a well-formed pass), in document order.
    public var styles: [Style] = []

    public var barcode: Barcode?
    public var barcodes: [Barcode]?

    // Relevance and expiry.
    public var relevantDate: String?
    public var relevantDates: [RelevantDates]?
    public var expirationDate: String?
    public var voided: Bool?
    public var locations: [Location]?
    public var maxDistance: Double?
    public var beacons: [Beacon]?

    // Updates.
    public var webServiceURL: String?
    public var authenticationToken: String?

    // The associated app.
    public var associatedStoreIdentifiers: [Double]?
    public var appLaunchURL: String?

    // Appearance and grouping.
    public var colors: [Color] = []
    public var logoText: String?
    public var groupingIdentifier: String?
    public var sharingProhibited: Bool?
    public var nfc: NFC?

    public init() {}

    /// The pointer of a top-level key.
    public func pointer(_ key: String) -> JSONPointer { JSONPointer([key]) }

    /// Whether the file writes the top-level key (whatever its value).
    public func has(_ key: String) -> Bool { keys.contains(key) }

    /// The style, when the pass has exactly one.
    public var style: Style? { styles.count == 1 ? styles[0] : nil }

    /// A pass date: a W3C timestamp (the W3C note "Date and Time Formats") with hours and minutes,
    /// optionally seconds and a decimal fraction, and a time zone designator, `Z` or `+hh:mm`:
    /// `2026-12-24T18:00-08:00`, `2026-12-24T18:00:30Z`. Nil for anything else, a date without a
    /// time or a time without a zone included. Read with ``DateFormat`` (RFC 3339, which is the
    /// same profile with seconds required), the seconds supplied when they are left out.
    public static func date(_ text: String) -> Date? {
        if let date = DateFormat.parse(text) { return date }
        // YYYY-MM-DDThh:mm followed by the zone: the form without seconds.
        let bytes = Array(text.utf8)
        guard bytes.count > 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"),
            [UInt8(ascii: "Z"), UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[16])
        else { return nil }
        return DateFormat.parse(String(decoding: bytes[..<16], as: UTF8.self) + ":00" + String(decoding: bytes[16...], as: UTF8.self))
    }

    /// `boardingPass`, `coupon`, ...: the fields of a pass and, for a boarding pass, its transit type.
    public struct Style: Sendable {
        /// One of ``WalletPass/styleKeys``.
        public var key: String
        public var transitType: String?
        /// Whether `transitType` is written (whatever its value).
        public var hasTransitType = false
        /// The fields of every group, in document order.
        public var fields: [Field] = []
        public var pointer: JSONPointer

        public init(key: String, pointer: JSONPointer) {
            self.key = key
            self.pointer = pointer
        }
    }

    /// A field of a pass: a label and a value shown on its front or back.
    public struct Field: Sendable {
        public var key: String?
        public var label: String?
        /// Whether the field has a value (a string or a number; a date is a string).
        public var hasValue = false
        public var pointer: JSONPointer

        public init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A barcode: `barcode` (deprecated) or an element of `barcodes`.
    public struct Barcode: Sendable {
        public var format: String?
        public var message: String?
        public var messageEncoding: String?
        public var altText: String?
        public var pointer: JSONPointer

        public init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A place where the pass is relevant.
    public struct Location: Sendable {
        public var latitude: Double?
        public var longitude: Double?
        public var altitude: Double?
        public var relevantText: String?
        public var pointer: JSONPointer

        public init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A Bluetooth Low Energy beacon near which the pass is relevant.
    public struct Beacon: Sendable {
        public var proximityUUID: String?
        public var major: Double?
        public var minor: Double?
        public var relevantText: String?
        public var pointer: JSONPointer

        public init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// An element of `relevantDates` (iOS 18): a date, or an interval from `startDate` to `endDate`.
    public struct RelevantDates: Sendable {
        public var date: String?
        public var startDate: String?
        public var endDate: String?
        public var pointer: JSONPointer

        public init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A color key and its value as written.
    public struct Color: Sendable {
        public var key: String
        public var value: String
    }

    /// The payload sent to an Apple Pay terminal (Value Added Services).
    public struct NFC: Sendable {
        public var message: String?
        public var encryptionPublicKey: String?
        public var requiresAuthentication: Bool?
        public var pointer: JSONPointer

        public init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }
}
