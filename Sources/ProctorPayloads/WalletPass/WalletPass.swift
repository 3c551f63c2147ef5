import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON

/// A Wallet pass as its `pass.json` file describes it (Apple's Wallet Passes reference, `Pass`):
/// the values Proctor checks, each part with the JSON Pointer where it is written. Values are
/// kept as written (dates and colors as strings, numbers as numbers), so that the rules, not the
/// decoder, say what is wrong with them. A key the decoder could not read (a type mismatch) is nil,
/// and the rules do not judge a pass with such a problem.
package struct WalletPass: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }
    /// The file at the heart of a pass package.
    package static let fileName = "pass.json"

    /// The five pass styles, exactly one of which a pass has.
    package static let styleKeys = ["boardingPass", "coupon", "eventTicket", "generic", "storeCard"]
    /// The transit types a boarding pass may name.
    package static let transitTypes = ["PKTransitTypeAir", "PKTransitTypeBoat", "PKTransitTypeBus", "PKTransitTypeGeneric", "PKTransitTypeTrain"]
    /// The barcode formats.
    package static let barcodeFormats = ["PKBarcodeFormatQR", "PKBarcodeFormatPDF417", "PKBarcodeFormatAztec", "PKBarcodeFormatCode128"]
    /// The keys that hold a color, a CSS-style `rgb(r, g, b)` triple.
    package static let colorKeys = ["backgroundColor", "foregroundColor", "labelColor", "footerBackgroundColor"]
    /// The five groups of fields a style holds.
    package static let fieldGroupKeys = ["headerFields", "primaryFields", "secondaryFields", "auxiliaryFields", "backFields", "additionalInfoFields"]

    /// The top-level keys the file writes, in document order.
    package var keys: [String] = []

    // Standard keys, which every pass has.
    package var formatVersion: Double?
    package var passTypeIdentifier: String?
    package var serialNumber: String?
    package var teamIdentifier: String?
    package var organizationName: String?
    package var description: String?

    /// The style keys the file writes (one, in a well-formed pass), in document order.
    package var styles: [Style] = []

    package var barcode: Barcode?
    package var barcodes: [Barcode]?

    // Relevance and expiry.
    package var relevantDate: String?
    package var relevantDates: [RelevantDates]?
    package var expirationDate: String?
    package var voided: Bool?
    package var locations: [Location]?
    package var maxDistance: Double?
    package var beacons: [Beacon]?

    // Updates.
    package var webServiceURL: String?
    package var authenticationToken: String?

    // The associated app.
    package var associatedStoreIdentifiers: [Double]?
    package var appLaunchURL: String?

    // Appearance and grouping.
    package var colors: [Color] = []
    package var logoText: String?
    package var groupingIdentifier: String?
    package var sharingProhibited: Bool?
    package var nfc: NFC?

    package init() {}

    /// The pointer of a top-level key.
    package func pointer(_ key: String) -> JSONPointer { JSONPointer([key]) }

    /// Whether the file writes the top-level key (whatever its value).
    package func has(_ key: String) -> Bool { keys.contains(key) }

    /// The style, when the pass has exactly one.
    package var style: Style? { styles.count == 1 ? styles[0] : nil }

    /// A pass date: a W3C timestamp (the W3C note "Date and Time Formats") with hours and minutes,
    /// optionally seconds and a decimal fraction, and a time zone designator, `Z` or `+hh:mm`:
    /// `2026-12-24T18:00-08:00`, `2026-12-24T18:00:30Z`. Nil for anything else, a date without a
    /// time or a time without a zone included. Read with ``DateFormat`` (RFC 3339, which is the
    /// same profile with seconds required), the seconds supplied when they are left out.
    package static func date(_ text: String) -> Date? {
        if let date = DateFormat.parse(text) { return date }
        // YYYY-MM-DDThh:mm followed by the zone: the form without seconds.
        let bytes = Array(text.utf8)
        guard bytes.count > 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"),
            [UInt8(ascii: "Z"), UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[16])
        else { return nil }
        return DateFormat.parse(String(decoding: bytes[..<16], as: UTF8.self) + ":00" + String(decoding: bytes[16...], as: UTF8.self))
    }

    /// `boardingPass`, `coupon`, ...: the fields of a pass and, for a boarding pass, its transit type.
    package struct Style: Sendable {
        /// One of ``WalletPass/styleKeys``.
        package var key: String
        package var transitType: String?
        /// Whether `transitType` is written (whatever its value).
        package var hasTransitType = false
        /// The fields of every group, in document order.
        package var fields: [Field] = []
        package var pointer: JSONPointer

        package init(key: String, pointer: JSONPointer) {
            self.key = key
            self.pointer = pointer
        }
    }

    /// A field of a pass: a label and a value shown on its front or back.
    package struct Field: Sendable {
        package var key: String?
        package var label: String?
        /// Whether the field has a value (a string or a number; a date is a string).
        package var hasValue = false
        /// `row`, when it is a number: which row of an event ticket's auxiliary fields it is on.
        package var row: Double?
        package var pointer: JSONPointer

        package init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A barcode: `barcode` (deprecated) or an element of `barcodes`.
    package struct Barcode: Sendable {
        package var format: String?
        package var message: String?
        package var messageEncoding: String?
        package var altText: String?
        package var pointer: JSONPointer

        package init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A place where the pass is relevant.
    package struct Location: Sendable {
        package var latitude: Double?
        package var longitude: Double?
        package var altitude: Double?
        package var relevantText: String?
        package var pointer: JSONPointer

        package init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A Bluetooth Low Energy beacon near which the pass is relevant.
    package struct Beacon: Sendable {
        package var proximityUUID: String?
        package var major: Double?
        package var minor: Double?
        package var relevantText: String?
        package var pointer: JSONPointer

        package init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// An element of `relevantDates` (iOS 18): a date, or an interval from `startDate` to `endDate`.
    package struct RelevantDates: Sendable {
        package var date: String?
        package var startDate: String?
        package var endDate: String?
        package var pointer: JSONPointer

        package init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }

    /// A color key and its value as written.
    package struct Color: Sendable {
        package var key: String
        package var value: String
    }

    /// The payload sent to an Apple Pay terminal (Value Added Services).
    package struct NFC: Sendable {
        package var message: String?
        package var encryptionPublicKey: String?
        package var requiresAuthentication: Bool?
        package var pointer: JSONPointer

        package init(pointer: JSONPointer) {
            self.pointer = pointer
        }
    }
}
