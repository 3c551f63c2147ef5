import ProctorCore
import ProctorJSON

/// Reads a Wallet pass's `pass.json` through the JSON layer: strict JSON (a trailing comma or a
/// duplicate key is an input error), then every key checked against Apple's `Pass` dictionary and
/// the dictionaries under it, each problem located by line, column and JSON Pointer.
///
/// The reader says what the file holds; the rules say what is wrong with it. So it reports only
/// what it cannot read: a value of the wrong JSON type (`type_mismatch`, an error) and a key Apple
/// does not define (`unknown_key`, a warning with a suggestion, as in a donation: Wallet ignores
/// the key). Whether a required key is present, a date well formed or a number in range is for the
/// `pass_*` rules, so that each has its documentation, examples and vectors.
package enum WalletPassReader {
    package struct Result: Sendable {
        /// Nil when the file is not JSON or not an object.
        package var pass: WalletPass?
        /// The parsed document, to locate what rules report by JSON Pointer.
        package var root: JSONNode?
        package var inputErrors: [InputError]
        package var diagnostics: [Diagnostic]
    }

    /// The top-level keys whose values Proctor reads into ``WalletPass``.
    static let modelledKeys = [
        "formatVersion", "passTypeIdentifier", "serialNumber", "teamIdentifier", "organizationName", "description",
        "boardingPass", "coupon", "eventTicket", "generic", "storeCard",
        "barcode", "barcodes",
        "relevantDate", "relevantDates", "expirationDate", "voided", "locations", "maxDistance", "beacons",
        "webServiceURL", "authenticationToken",
        "associatedStoreIdentifiers", "appLaunchURL",
        "backgroundColor", "foregroundColor", "labelColor", "footerBackgroundColor", "logoText", "groupingIdentifier",
        "sharingProhibited", "nfc",
    ]
    /// Documented top-level keys whose type is checked and nothing more: the links and contacts of
    /// poster event tickets and boarding passes (iOS 18), and flags of the pass's appearance.
    static let stringKeys = [
        "accessibilityURL", "addOnURL", "bagPolicyURL", "changeSeatURL", "contactVenueEmail", "contactVenuePhoneNumber",
        "contactVenueWebsite", "directionsInformationURL", "entertainmentURL", "eventLogoText", "managementURL", "merchandiseURL",
        "orderFoodURL", "parkingInformationURL", "purchaseAdditionalBaggageURL", "purchaseLoungeAccessURL", "purchaseParkingURL",
        "purchaseWifiURL", "registerServiceAnimalURL", "reportLostBagURL", "requestWheelchairURL", "sellURL", "transferURL",
        "transitInformationURL", "transitProviderEmail", "transitProviderPhoneNumber", "transitProviderWebsiteURL", "upgradeURL",
    ]
    static let boolKeys = ["suppressStripShine", "suppressHeaderDarkening", "useAutomaticColors"]
    /// Documented keys whose content Proctor does not look into: `userInfo` is the app's own
    /// dictionary, `semantics` and `upcomingPassInformation` are read only as an object and an array.
    static let opaqueObjectKeys = ["userInfo", "semantics"]
    static let opaqueArrayKeys = ["upcomingPassInformation"]
    static let stringArrayKeys = ["preferredStyleSchemes"]
    static let numberArrayKeys = ["auxiliaryStoreIdentifiers"]

    static var topLevelKeys: [String] {
        modelledKeys + stringKeys + boolKeys + opaqueObjectKeys + opaqueArrayKeys + stringArrayKeys + numberArrayKeys
    }

    static let styleKeys = WalletPass.fieldGroupKeys + ["transitType"]
    static let fieldKeys = [
        "key", "label", "value", "attributedValue", "changeMessage", "currencyCode", "dataDetectorTypes", "dateStyle",
        "ignoresTimeZone", "isRelative", "numberStyle", "row", "semantics", "textAlignment", "timeStyle",
    ]
    static let barcodeKeys = ["format", "message", "messageEncoding", "altText"]
    static let locationKeys = ["latitude", "longitude", "altitude", "relevantText"]
    static let beaconKeys = ["proximityUUID", "major", "minor", "relevantText"]
    static let relevantDatesKeys = ["date", "startDate", "endDate"]
    static let nfcKeys = ["message", "encryptionPublicKey", "requiresAuthentication"]

    package static func read(_ bytes: [UInt8], path: String) -> Result {
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .success(let node): root = node
        case .failure(let error): return Result(pass: nil, root: nil, inputErrors: [InputError(error, in: source, file: path)], diagnostics: [])
        }
        var reader = JSONFieldReader(codes: .payload) { offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        }
        let pass = decode(root, with: &reader)
        return Result(pass: pass, root: root, inputErrors: [], diagnostics: reader.problems)
    }

    /// Decodes a file already parsed, such as one written inline in a scenario or a vector;
    /// `locate` places a problem by its offset and its pointer within the file.
    package static func decode(
        _ root: JSONNode, locate: @escaping (Int, JSONPointer) -> SourceLocation
    ) -> (pass: WalletPass?, diagnostics: [Diagnostic]) {
        var reader = JSONFieldReader(codes: .payload, locate: locate)
        let pass = decode(root, with: &reader)
        return (pass, reader.problems)
    }

    private static func decode(_ root: JSONNode, with reader: inout JSONFieldReader) -> WalletPass? {
        guard let object = reader.object(root, .root, what: "a pass") else { return nil }
        reader.checkKeys(object, .root, allowed: topLevelKeys, in: "a pass")
        var pass = WalletPass()
        for member in object.members {
            let key = member.key
            let node = member.value
            let at = JSONPointer([key])
            pass.keys.append(key)
            switch key {
            case "formatVersion": pass.formatVersion = reader.number(node, at)
            case "passTypeIdentifier": pass.passTypeIdentifier = reader.string(node, at)
            case "serialNumber": pass.serialNumber = reader.string(node, at)
            case "teamIdentifier": pass.teamIdentifier = reader.string(node, at)
            case "organizationName": pass.organizationName = reader.string(node, at)
            case "description": pass.description = reader.string(node, at)
            case _ where WalletPass.styleKeys.contains(key):
                if let style = style(key, node, at, &reader) { pass.styles.append(style) }
            case "barcode": pass.barcode = barcode(node, at, &reader)
            case "barcodes": pass.barcodes = elements(node, at, &reader, barcode)
            case "relevantDate": pass.relevantDate = reader.string(node, at)
            case "relevantDates": pass.relevantDates = elements(node, at, &reader, relevantDates)
            case "expirationDate": pass.expirationDate = reader.string(node, at)
            case "voided": pass.voided = reader.bool(node, at)
            case "locations": pass.locations = elements(node, at, &reader, location)
            case "maxDistance": pass.maxDistance = reader.number(node, at)
            case "beacons": pass.beacons = elements(node, at, &reader, beacon)
            case "webServiceURL": pass.webServiceURL = reader.string(node, at)
            case "authenticationToken": pass.authenticationToken = reader.string(node, at)
            case "associatedStoreIdentifiers": pass.associatedStoreIdentifiers = numbers(node, at, &reader)
            case "appLaunchURL": pass.appLaunchURL = reader.string(node, at)
            case _ where WalletPass.colorKeys.contains(key):
                if let value = reader.string(node, at) { pass.colors.append(WalletPass.Color(key: key, value: value)) }
            case "logoText": pass.logoText = reader.string(node, at)
            case "groupingIdentifier": pass.groupingIdentifier = reader.string(node, at)
            case "sharingProhibited": pass.sharingProhibited = reader.bool(node, at)
            case "nfc": pass.nfc = nfc(node, at, &reader)
            case _ where stringKeys.contains(key): _ = reader.string(node, at)
            case _ where boolKeys.contains(key): _ = reader.bool(node, at)
            case _ where opaqueObjectKeys.contains(key): _ = reader.object(node, at, what: key)
            case _ where opaqueArrayKeys.contains(key): _ = reader.array(node, at)
            case _ where stringArrayKeys.contains(key): _ = reader.strings(node, at)
            case _ where numberArrayKeys.contains(key): _ = numbers(node, at, &reader)
            default: break  // unknown: reported by checkKeys
            }
        }
        return pass
    }

    /// The elements of an array, each decoded by `element`; nil when the value is not an array.
    private static func elements<Element>(
        _ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader,
        _ element: (JSONNode, JSONPointer, inout JSONFieldReader) -> Element?
    ) -> [Element]? {
        guard let nodes = reader.array(node, pointer) else { return nil }
        return nodes.enumerated().compactMap { index, item in element(item, pointer.appending(index), &reader) }
    }

    /// An array of numbers, each element that is not one reported.
    private static func numbers(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> [Double]? {
        guard let nodes = reader.array(node, pointer) else { return nil }
        let values = nodes.enumerated().compactMap { index, item in
            reader.number(item, pointer.appending(index))
        }
        return values.count == nodes.count ? values : nil
    }

    private static func style(_ key: String, _ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> WalletPass.Style? {
        guard let fields = reader.object(node, pointer, what: "a pass style") else { return nil }
        reader.checkKeys(fields, pointer, allowed: styleKeys, in: key)
        var style = WalletPass.Style(key: key, pointer: pointer)
        for member in fields.members {
            let at = pointer.appending(member.key)
            if member.key == "transitType" {
                style.hasTransitType = true
                style.transitType = reader.string(member.value, at)
            } else if WalletPass.fieldGroupKeys.contains(member.key) {
                style.fields += elements(member.value, at, &reader, field) ?? []
            }
        }
        return style
    }

    private static func field(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> WalletPass.Field? {
        guard let fields = reader.object(node, pointer, what: "a field") else { return nil }
        reader.checkKeys(fields, pointer, allowed: fieldKeys, in: "a field")
        var field = WalletPass.Field(pointer: pointer)
        for member in fields.members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "key": field.key = reader.string(member.value, at)
            case "label": field.label = reader.string(member.value, at)
            case "value", "attributedValue":
                switch member.value.value {
                case .string, .integer, .unsignedInteger, .double: if member.key == "value" { field.hasValue = true }
                default: reader.mismatch("a string or a number", member.value, at)
                }
            case "changeMessage", "currencyCode", "dateStyle", "numberStyle", "textAlignment", "timeStyle":
                _ = reader.string(member.value, at)
            case "ignoresTimeZone", "isRelative": _ = reader.bool(member.value, at)
            case "dataDetectorTypes": _ = reader.strings(member.value, at)
            case "row": field.row = reader.number(member.value, at)
            case "semantics": _ = reader.object(member.value, at, what: "semantics")
            default: break
            }
        }
        return field
    }

    private static func barcode(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> WalletPass.Barcode? {
        guard let fields = reader.object(node, pointer, what: "a barcode") else { return nil }
        reader.checkKeys(fields, pointer, allowed: barcodeKeys, in: "a barcode")
        var barcode = WalletPass.Barcode(pointer: pointer)
        barcode.format = fields["format"].flatMap { reader.string($0.value, pointer.appending("format")) }
        barcode.message = fields["message"].flatMap { reader.string($0.value, pointer.appending("message")) }
        barcode.messageEncoding = fields["messageEncoding"].flatMap { reader.string($0.value, pointer.appending("messageEncoding")) }
        barcode.altText = fields["altText"].flatMap { reader.string($0.value, pointer.appending("altText")) }
        return barcode
    }

    private static func location(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> WalletPass.Location? {
        guard let fields = reader.object(node, pointer, what: "a location") else { return nil }
        reader.checkKeys(fields, pointer, allowed: locationKeys, in: "a location")
        var location = WalletPass.Location(pointer: pointer)
        location.latitude = fields["latitude"].flatMap { reader.number($0.value, pointer.appending("latitude")) }
        location.longitude = fields["longitude"].flatMap { reader.number($0.value, pointer.appending("longitude")) }
        location.altitude = fields["altitude"].flatMap { reader.number($0.value, pointer.appending("altitude")) }
        location.relevantText = fields["relevantText"].flatMap { reader.string($0.value, pointer.appending("relevantText")) }
        return location
    }

    private static func beacon(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> WalletPass.Beacon? {
        guard let fields = reader.object(node, pointer, what: "a beacon") else { return nil }
        reader.checkKeys(fields, pointer, allowed: beaconKeys, in: "a beacon")
        var beacon = WalletPass.Beacon(pointer: pointer)
        beacon.proximityUUID = fields["proximityUUID"].flatMap { reader.string($0.value, pointer.appending("proximityUUID")) }
        beacon.major = fields["major"].flatMap { reader.number($0.value, pointer.appending("major")) }
        beacon.minor = fields["minor"].flatMap { reader.number($0.value, pointer.appending("minor")) }
        beacon.relevantText = fields["relevantText"].flatMap { reader.string($0.value, pointer.appending("relevantText")) }
        return beacon
    }

    private static func relevantDates(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> WalletPass.RelevantDates? {
        guard let fields = reader.object(node, pointer, what: "a relevant date") else { return nil }
        reader.checkKeys(fields, pointer, allowed: relevantDatesKeys, in: "a relevant date")
        var dates = WalletPass.RelevantDates(pointer: pointer)
        dates.date = fields["date"].flatMap { reader.string($0.value, pointer.appending("date")) }
        dates.startDate = fields["startDate"].flatMap { reader.string($0.value, pointer.appending("startDate")) }
        dates.endDate = fields["endDate"].flatMap { reader.string($0.value, pointer.appending("endDate")) }
        return dates
    }

    private static func nfc(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> WalletPass.NFC? {
        guard let fields = reader.object(node, pointer, what: "nfc") else { return nil }
        reader.checkKeys(fields, pointer, allowed: nfcKeys, in: "nfc")
        var nfc = WalletPass.NFC(pointer: pointer)
        nfc.message = fields["message"].flatMap { reader.string($0.value, pointer.appending("message")) }
        nfc.encryptionPublicKey = fields["encryptionPublicKey"].flatMap { reader.string($0.value, pointer.appending("encryptionPublicKey")) }
        nfc.requiresAuthentication = fields["requiresAuthentication"].flatMap { reader.bool($0.value, pointer.appending("requiresAuthentication")) }
        return nfc
    }
}
