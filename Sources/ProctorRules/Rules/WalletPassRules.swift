import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorVocabulary

// Rules on Wallet passes (docs/input-format.md, "Wallet passes"). Their examples are files named
// pass.json, which the Wallet pass input reads: a gift card (a store card) that every rule passes,
// changed where the example says.

private let passReference = "Apple, Wallet Passes: Pass (developer.apple.com/documentation/walletpasses/pass)"
private let topLevelKeys = "Apple, PassKit Package Format Reference (archived): Top-Level Keys"
private let lowerLevelKeys = "Apple, PassKit Package Format Reference (archived): Lower-Level Keys"
private let fieldDictionaryKeys = "Apple, PassKit Package Format Reference (archived): Field Dictionary Keys"
private let lockScreen = "Apple, Wallet Passes: Showing a Pass on the Lock Screen"
private let walletGuide = "Apple, Wallet Developer Guide (archived): Pass Design and Creation"
private let passFile = WalletPass.fileName

/// The members of the example gift card, in order.
private let giftCard: [(key: String, value: String)] = [
    ("formatVersion", "1"),
    ("passTypeIdentifier", #""pass.com.example.store.giftcard""#),
    ("serialNumber", #""GC-4417-0032""#),
    ("teamIdentifier", #""A1B2C3D4E5""#),
    ("organizationName", #""Example Store""#),
    ("description", #""Example Store gift card""#),
    ("storeCard", #"{"primaryFields": [{"key": "balance", "label": "BALANCE", "value": 25, "currencyCode": "USD"}]}"#),
    ("locations", #"[{"latitude": 37.3318, "longitude": -122.0312, "relevantText": "Example Store is nearby."}]"#),
]

/// The example gift card with members replaced, added (at the end, in the order given) or removed
/// (nil).
private func pass(_ changes: KeyValuePairs<String, String?> = [:]) -> String {
    var members = giftCard
    for (key, value) in changes {
        if let index = members.firstIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
        } else if let value {
            members.append((key, value))
        }
    }
    return "{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
}

/// `count` copies of `element`, as a JSON array.
private func array(_ element: String, count: Int) -> String {
    "[" + Array(repeating: element, count: count).joined(separator: ", ") + "]"
}

/// A number as a message shows it: whole numbers without a fraction.
private func shown(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// The identity and description every pass needs.
struct PassRequiredKeysRule: Rule {
    static let stringKeys = ["passTypeIdentifier", "serialNumber", "teamIdentifier", "organizationName", "description"]

    static let description = RuleDescription(
        id: "pass_required_keys",
        name: "Pass Has Its Required Keys",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "A pass.json must give formatVersion 1 and a non-empty passTypeIdentifier, serialNumber, teamIdentifier, organizationName and description.",
        rationale: """
            Apple's Pass dictionary marks six keys Required: formatVersion ("The value must be 1"), \
            passTypeIdentifier (which must match the certificate that signs the pass), serialNumber \
            (unique among the passes of its type), teamIdentifier, organizationName (shown on the \
            pass and on the lock screen) and description (read by VoiceOver to tell passes apart). \
            A pass that lacks one is not a valid pass, so Wallet will not add it. Proctor reports a \
            missing key at the top of the file, and a value that is empty or only spaces, or a \
            formatVersion other than 1, where it is written.
            """,
        sources: [passReference + " [H]", topLevelKeys + ": Standard Keys, read through a translation and copies of the page [M]"],
        passing: [RuleExample(pass(), named: passFile)],
        failing: [
            RuleExample(pass(["formatVersion": "2", "serialNumber": #"" ""#]), named: passFile, at: ["/formatVersion", "/serialNumber"]),
            RuleExample(pass(["teamIdentifier": nil]), named: passFile, at: [""]),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if !pass.has("formatVersion") {
            violations.append(Violation("the pass has no formatVersion, which must be 1, so Wallet will not add it", at: .root))
        } else if let version = pass.formatVersion, version != 1 {
            violations.append(
                Violation(
                    "formatVersion is \(shown(version)); the only format is 1, so Wallet will not add the pass", at: pass.pointer("formatVersion")))
        }
        let values = [pass.passTypeIdentifier, pass.serialNumber, pass.teamIdentifier, pass.organizationName, pass.description]
        for (key, value) in zip(Self.stringKeys, values) {
            if !pass.has(key) {
                violations.append(Violation("the pass has no '\(key)', which every pass needs, so Wallet will not add it", at: .root))
            } else if let value, value.allSatisfy(\.isWhitespace) {
                violations.append(Violation("'\(key)' is empty; every pass needs one, so Wallet will not add it", at: pass.pointer(key)))
            }
        }
        return violations
    }
}

/// The pass type identifier and the team identifier have the forms Apple issues.
struct PassIdentifiersRule: Rule {
    static let description = RuleDescription(
        id: "pass_identifiers",
        name: "Pass Identifiers Have Apple's Form",
        category: .wallet,
        defaultSeverity: .error,
        summary: "A passTypeIdentifier must start with 'pass.' in reverse-DNS style, and a teamIdentifier must be the ten-character Team ID.",
        rationale: """
            The Wallet Developer Guide: the pass type identifier "always begins with pass. and uses \
            reverse DNS style", for example pass.com.example.membership-card, and it must match the \
            certificate that signs the pass, which Apple issues only for identifiers of that form. \
            The team identifier is the Team ID of the developer account, a 10-character string \
            (WWDC15 session 701). A pass whose identifiers do not match its certificate fails its \
            signature check, so Wallet will not add it. Proctor checks the prefix and the characters \
            (letters, digits, '-' and '.') of the pass type identifier, and that the team identifier \
            is ten upper-case letters or digits; whether they match the certificate is for the \
            signing step.
            """,
        sources: [
            walletGuide + ": passes are identified by pass type identifier and serial number [H]",
            "WWDC15 session 701, \"Wallet: The Home for Apple Pay and More\": the team identifier, read in a copy of the slides [M]",
        ],
        passing: [RuleExample(pass(["passTypeIdentifier": #""pass.com.example.store.gift-card""#]), named: passFile)],
        failing: [
            RuleExample(
                pass(["passTypeIdentifier": #""com.example.store.giftcard""#, "teamIdentifier": #""a1b2c3d4e""#]), named: passFile,
                at: ["/passTypeIdentifier", "/teamIdentifier"])
        ])

    static func isPassTypeIdentifier(_ text: String) -> Bool {
        guard text.hasPrefix("pass.") else { return false }
        let rest = text.dropFirst(5)
        return !rest.isEmpty && !rest.hasPrefix(".") && !rest.hasSuffix(".") && !rest.contains("..")
            && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }

    static func isTeamIdentifier(_ text: String) -> Bool {
        text.count == 10 && text.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if let identifier = pass.passTypeIdentifier, !identifier.isEmpty, !Self.isPassTypeIdentifier(identifier) {
            violations.append(
                Violation(
                    "'\(identifier)' is not a pass type identifier: write 'pass.' and a reverse-DNS name, such as pass.com.example.membership-card, as registered with Apple; no certificate signs any other",
                    at: pass.pointer("passTypeIdentifier")))
        }
        if let team = pass.teamIdentifier, !team.isEmpty, !Self.isTeamIdentifier(team) {
            violations.append(
                Violation(
                    "'\(team)' is not a Team ID: write the ten upper-case letters and digits of the developer account that signs the pass",
                    at: pass.pointer("teamIdentifier")))
        }
        return violations
    }
}

/// Exactly one style, and a boarding pass's transit type.
struct PassStyleRule: Rule {
    static let description = RuleDescription(
        id: "pass_style",
        name: "Pass Has One Style",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "A pass must have one of boardingPass, coupon, eventTicket, generic and storeCard (and should have only one), and a boarding pass, and only a boarding pass, a documented transitType.",
        rationale: """
            The style key says what kind of pass it is and holds its fields: Apple's reference \
            defines five, boardingPass, coupon, eventTicket, generic and storeCard. A pass without \
            one has nothing Wallet can lay out. Apple does not say what Wallet does with two; \
            Proctor assumes a pass is of one kind, as in every Apple example, and reports each style \
            after the first as a warning. transitType is "Required for boarding passes; otherwise \
            not allowed", and must be PKTransitTypeAir, PKTransitTypeBoat, PKTransitTypeBus, \
            PKTransitTypeGeneric or PKTransitTypeTrain. Proctor reports a pass without a style at \
            the top of the file, and transit types where they are written or missing.
            """,
        sources: [passReference + " [H]", lowerLevelKeys + ": Pass Structure Dictionary Keys, transitType [H]"],
        passing: [
            RuleExample(pass(), named: passFile),
            RuleExample(
                pass([
                    "storeCard": nil,
                    "boardingPass":
                        #"{"transitType": "PKTransitTypeTrain", "primaryFields": [{"key": "from", "label": "ZÜRICH HB", "value": "ZRH"}, {"key": "to", "label": "BERN", "value": "BRN"}]}"#,
                    "relevantDate": #""2026-07-01T08:02+02:00""#,
                ]), named: passFile),
        ],
        failing: [
            RuleExample(pass(["storeCard": nil]), named: passFile, at: [""]),
            RuleExample(
                pass(["coupon": #"{"primaryFields": [{"key": "offer", "label": "OFFER", "value": "10% off"}]}"#]), named: passFile, at: ["/coupon"],
                severity: .warning),
            RuleExample(
                pass([
                    "storeCard": nil, "boardingPass": #"{"primaryFields": [{"key": "from", "label": "SAN FRANCISCO", "value": "SFO"}]}"#,
                    "relevantDate": #""2026-07-01T07:15-07:00""#,
                ]), named: passFile,
                at: ["/boardingPass"]),
            RuleExample(
                pass([
                    "storeCard": nil,
                    "boardingPass":
                        #"{"transitType": "PKTransitTypeTrian", "primaryFields": [{"key": "from", "label": "ZÜRICH HB", "value": "ZRH"}]}"#,
                    "relevantDate": #""2026-07-01T08:02+02:00""#,
                ]),
                named: passFile, at: ["/boardingPass/transitType"]),
            RuleExample(
                pass([
                    "storeCard": #"{"transitType": "PKTransitTypeGeneric", "primaryFields": [{"key": "balance", "label": "BALANCE", "value": 25}]}"#
                ]),
                named: passFile, at: ["/storeCard/transitType"]),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        let names = WalletPass.styleKeys.joined(separator: ", ")
        if pass.styles.isEmpty {
            violations.append(Violation("the pass has no style key (\(names)), so Wallet has nothing to lay out and will not add it", at: .root))
        }
        for style in pass.styles.dropFirst() {
            violations.append(
                Violation(
                    assuming:
                        "the pass already has the style '\(pass.styles[0].key)'; a pass is of one kind, so Wallet may refuse it or ignore this one",
                    at: style.pointer, severity: .warning))
        }
        for style in pass.styles {
            let types = WalletPass.transitTypes.map { "'\($0)'" }.joined(separator: ", ")
            if style.key == "boardingPass" {
                if !style.hasTransitType {
                    violations.append(Violation("a boarding pass needs a transitType (\(types)), so Wallet will not add this one", at: style.pointer))
                } else if let type = style.transitType, !WalletPass.transitTypes.contains(type) {
                    violations.append(
                        Violation(
                            "'\(type)' is not a transit type: use one of \(types)\(Suggestion.phrase(for: type, among: WalletPass.transitTypes))",
                            at: style.pointer.appending("transitType")))
                }
            } else if style.hasTransitType {
                violations.append(
                    Violation("transitType is allowed only in a boardingPass, not in a \(style.key)", at: style.pointer.appending("transitType")))
            }
        }
        return violations
    }
}

/// Every field has a key and a value, and no two fields share a key.
struct PassFieldsRule: Rule {
    static let description = RuleDescription(
        id: "pass_fields",
        name: "Pass Fields Have Unique Keys And Values",
        category: .wallet,
        defaultSeverity: .error,
        summary: "Every field of a pass must have a key and a value, and no two fields of the pass may share a key.",
        rationale: """
            A field's key and value are Required, and "The key must be unique within the scope of \
            the entire pass", across the header, primary, secondary, auxiliary and back fields: \
            the key is how an update finds the field whose value changed (and shows its \
            changeMessage), and how Wallet tells fields apart. A field without a value shows \
            nothing. Proctor reports a field without a key or a value at the field, and each field \
            whose key an earlier field of the pass already uses.
            """,
        sources: [fieldDictionaryKeys + " [H]", passReference + ": PassFields and PassFieldContent [H]"],
        passing: [
            RuleExample(
                pass([
                    "storeCard":
                        #"{"headerFields": [{"key": "card", "label": "CARD", "value": "4417"}], "primaryFields": [{"key": "balance", "label": "BALANCE", "value": 25, "currencyCode": "USD"}], "backFields": [{"key": "terms", "label": "TERMS", "value": "Not redeemable for cash."}]}"#
                ]),
                named: passFile)
        ],
        failing: [
            RuleExample(
                pass([
                    "storeCard":
                        #"{"headerFields": [{"key": "balance", "label": "BALANCE", "value": 25}], "primaryFields": [{"key": "balance", "label": "BALANCE", "value": 25}], "backFields": [{"label": "TERMS", "value": "Not redeemable for cash."}, {"key": "phone", "label": "PHONE"}]}"#
                ]),
                named: passFile, at: ["/storeCard/primaryFields/0", "/storeCard/backFields/0", "/storeCard/backFields/1"])
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        var seen: [String: JSONPointer] = [:]
        for style in pass.styles {
            for field in style.fields {
                if let key = field.key {
                    if let first = seen[key] {
                        violations.append(
                            Violation(
                                "the key '\(key)' is already used by the field at \(first); keys must be unique in the whole pass, or updates change the wrong field",
                                at: field.pointer))
                    } else {
                        seen[key] = field.pointer
                    }
                } else {
                    violations.append(Violation("the field has no key; every field needs one, unique in the pass", at: field.pointer))
                }
                if !field.hasValue {
                    violations.append(Violation("the field '\(field.key ?? field.label ?? "")' has no value, so it shows nothing", at: field.pointer))
                }
            }
        }
        return violations
    }
}

/// An auxiliary field's row is the first or the second.
struct PassFieldRowRule: Rule {
    static let description = RuleDescription(
        id: "pass_field_row",
        name: "Pass Field Row Is 0 Or 1",
        category: .wallet,
        defaultSeverity: .error,
        summary: "A field's row must be 0 or 1, the two rows of auxiliary fields an event ticket has.",
        rationale: """
            Apple documents row on auxiliary fields: "A number you use to add a row to the \
            auxiliary field in an event ticket pass type. Set the value to 1 to add an auxiliary \
            row. Each row displays up to four fields", with the possible values 0 and 1. Any other \
            number names a row the pass does not have, so where the field shows is not what the \
            pass says. Apple does not say what Wallet does with row on another group's field or in \
            another style, so Proctor judges only the value, wherever it is written.
            """,
        sources: [passReference + ": PassFields.AuxiliaryFields, row [H]"],
        passing: [
            RuleExample(
                pass([
                    "storeCard": nil,
                    "eventTicket":
                        #"{"primaryFields": [{"key": "event", "label": "EVENT", "value": "Gala"}], "auxiliaryFields": [{"key": "door", "label": "DOOR", "value": "7 PM"}, {"key": "seat", "label": "SEAT", "value": "12C", "row": 1}]}"#,
                ]), named: passFile)
        ],
        failing: [
            RuleExample(
                pass([
                    "storeCard": nil,
                    "eventTicket":
                        #"{"primaryFields": [{"key": "event", "label": "EVENT", "value": "Gala"}], "auxiliaryFields": [{"key": "door", "label": "DOOR", "value": "7 PM", "row": 2}, {"key": "seat", "label": "SEAT", "value": "12C", "row": 0.5}]}"#,
                ]), named: passFile, at: ["/eventTicket/auxiliaryFields/0/row", "/eventTicket/auxiliaryFields/1/row"])
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        pass.styles.flatMap(\.fields).compactMap { field in
            guard let row = field.row, row != 0, row != 1 else { return nil }
            return Violation(
                "row is \(shown(row)), but a pass has two rows of auxiliary fields, 0 (the default) and 1; write 0 or 1",
                at: field.pointer.appending("row"))
        }
    }
}

/// Barcodes that Wallet can draw.
struct PassBarcodeRule: Rule {
    static let description = RuleDescription(
        id: "pass_barcode",
        name: "Pass Barcode Is Complete",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "Every barcode of a pass must have a documented format, a message and a messageEncoding, and the legacy barcode key must not use Code 128.",
        rationale: """
            A barcode's format, message and messageEncoding are Required. The format is one of \
            PKBarcodeFormatQR, PKBarcodeFormatPDF417, PKBarcodeFormatAztec and \
            PKBarcodeFormatCode128; the message is the payload the scanner reads; messageEncoding is \
            the IANA character set that turns the message into bytes, "such as iso-8859-1" (the \
            usual one; use another only if the scanners read it). The system shows the first \
            barcode of barcodes it can display, so a broken one is skipped or, alone, leaves the pass \
            without a barcode at the till. Code 128 "may only be used for dictionaries in the \
            barcodes array": the deprecated barcode key is for iOS 8 and earlier, which cannot draw \
            it. Proctor does not check that the encoding is a registered IANA name.
            """,
        sources: [
            passReference + ": Pass.Barcodes [H]",
            lowerLevelKeys + ": Barcode Dictionary Keys (the Code 128 restriction, read through copies of the page) [M]",
        ],
        passing: [
            RuleExample(
                pass([
                    "barcodes":
                        #"[{"format": "PKBarcodeFormatQR", "message": "GC-4417-0032", "messageEncoding": "iso-8859-1", "altText": "4417 0032"}, {"format": "PKBarcodeFormatCode128", "message": "GC44170032", "messageEncoding": "iso-8859-1"}]"#
                ]),
                named: passFile)
        ],
        failing: [
            RuleExample(
                pass([
                    "barcodes":
                        #"[{"format": "PKBarcodeFormatQRCode", "message": "GC-4417-0032", "messageEncoding": "iso-8859-1"}, {"format": "PKBarcodeFormatPDF417", "messageEncoding": "iso-8859-1"}, {"format": "PKBarcodeFormatAztec", "message": "GC-4417-0032", "messageEncoding": ""}]"#
                ]),
                named: passFile, at: ["/barcodes/0/format", "/barcodes/1", "/barcodes/2/messageEncoding"]),
            RuleExample(
                pass([
                    "barcode": #"{"format": "PKBarcodeFormatCode128", "message": "GC44170032", "messageEncoding": "iso-8859-1"}"#,
                    "barcodes": #"[{"format": "PKBarcodeFormatCode128", "message": "GC44170032", "messageEncoding": "iso-8859-1"}]"#,
                ]), named: passFile, at: ["/barcode/format"]),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        let barcodes = (pass.barcode.map { [$0] } ?? []) + (pass.barcodes ?? [])
        let formats = WalletPass.barcodeFormats.map { "'\($0)'" }.joined(separator: ", ")
        for barcode in barcodes {
            var missing: [String] = []
            if let format = barcode.format {
                if !WalletPass.barcodeFormats.contains(format) {
                    violations.append(
                        Violation(
                            "'\(format)' is not a barcode format: use one of \(formats)\(Suggestion.phrase(for: format, among: WalletPass.barcodeFormats))",
                            at: barcode.pointer.appending("format")))
                } else if format == "PKBarcodeFormatCode128" && barcode.pointer == pass.pointer("barcode") {
                    violations.append(
                        Violation(
                            "Code 128 may be used only in the barcodes array: the legacy barcode key is for iOS 8 and earlier, which cannot draw it",
                            at: barcode.pointer.appending("format")))
                }
            } else {
                missing.append("format")
            }
            if barcode.message == nil { missing.append("message") }
            if let encoding = barcode.messageEncoding {
                if encoding.allSatisfy(\.isWhitespace) {
                    violations.append(
                        Violation(
                            "messageEncoding is empty: name the IANA character set of the message, usually 'iso-8859-1'",
                            at: barcode.pointer.appending("messageEncoding")))
                }
            } else {
                missing.append("messageEncoding")
            }
            if !missing.isEmpty {
                violations.append(
                    Violation(
                        "the barcode has no \(Suggestion.list(missing.map { "'\($0)'" })), so Wallet cannot draw it", at: barcode.pointer))
            }
        }
        return violations
    }
}

/// `barcodes` rather than the deprecated `barcode`.
struct PassBarcodeDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "pass_barcode_deprecated",
        name: "Pass Uses barcodes",
        category: .wallet,
        defaultSeverity: .warning,
        summary: "A pass should give its barcode in barcodes; the barcode key alone is deprecated.",
        rationale: """
            Apple's reference: barcode is "deprecated. Use barcodes instead." The barcodes array \
            (iOS 9) holds the barcode and its fallbacks, and the system shows the first one the \
            device can display; only barcodes may use Code 128. A warning, as Apple deprecates \
            rather than forbids the key: iOS still reads it. Keeping barcode beside barcodes, for \
            iOS 8 and earlier, is fine and not reported.
            """,
        sources: [passReference + ": barcode and barcodes [H]"],
        passing: [
            RuleExample(
                pass(["barcodes": #"[{"format": "PKBarcodeFormatQR", "message": "GC-4417-0032", "messageEncoding": "iso-8859-1"}]"#]), named: passFile
            ),
            RuleExample(
                pass([
                    "barcode": #"{"format": "PKBarcodeFormatQR", "message": "GC-4417-0032", "messageEncoding": "iso-8859-1"}"#,
                    "barcodes": #"[{"format": "PKBarcodeFormatQR", "message": "GC-4417-0032", "messageEncoding": "iso-8859-1"}]"#,
                ]), named: passFile),
        ],
        failing: [
            RuleExample(
                pass(["barcode": #"{"format": "PKBarcodeFormatQR", "message": "GC-4417-0032", "messageEncoding": "iso-8859-1"}"#]), named: passFile,
                at: ["/barcode"])
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        guard pass.has("barcode"), !pass.has("barcodes") else { return [] }
        return [
            Violation(
                "the barcode key is deprecated since iOS 9: give the barcode in the barcodes array (keep barcode beside it only for iOS 8 and earlier)",
                at: pass.pointer("barcode"))
        ]
    }
}

/// At most ten locations, each a point on Earth.
struct PassLocationsRule: Rule {
    static let limit = 10

    static let description = RuleDescription(
        id: "pass_locations",
        name: "Pass Locations Are At Most Ten Points On Earth",
        category: .wallet,
        defaultSeverity: .error,
        summary: "A pass may have at most 10 locations, each with a latitude within -90...90 and a longitude within -180...180.",
        rationale: """
            "A pass can have only 10 relevant locations. If your pass needs more locations, such as \
            a coupon for a chain of stores, start with the best ones" and update the pass to change \
            them (Showing a Pass on the Lock Screen); the reference calls locations "An array of up \
            to 10 objects". A location's latitude and longitude, in degrees, are Required; values \
            outside -90...90 and -180...180 name no place on Earth (often the two swapped), so the \
            pass is never relevant there. Proctor reports a longer array at the array, a location \
            without coordinates at the location, and a coordinate out of range where it is written.
            """,
        sources: [lockScreen + " [H]", passReference + ": locations, Pass.Locations [H]", lowerLevelKeys + ": Location Dictionary Keys [H]"],
        passing: [
            RuleExample(
                pass([
                    "locations":
                        #"[{"latitude": 37.3318, "longitude": -122.0312, "relevantText": "Example Store is nearby."}, {"latitude": -33.8688, "longitude": 151.2093, "altitude": 12.5}]"#
                ]),
                named: passFile)
        ],
        failing: [
            RuleExample(
                pass(["locations": array(#"{"latitude": 37.3318, "longitude": -122.0312}"#, count: 11)]), named: passFile, at: ["/locations"]),
            RuleExample(
                pass([
                    "locations":
                        #"[{"latitude": 37.3318, "relevantText": "Example Store is nearby."}, {"latitude": -122.0312, "longitude": 37.3318}, {"latitude": 40.7484, "longitude": -193.9857}]"#
                ]),
                named: passFile, at: ["/locations/0", "/locations/1/latitude", "/locations/2/longitude"]),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        guard let locations = pass.locations else { return [] }
        var violations: [Violation] = []
        if locations.count > Self.limit {
            violations.append(
                Violation(
                    "the pass has \(locations.count) locations; a pass can have only \(Self.limit): keep the best ones and update the pass to change them",
                    at: pass.pointer("locations")))
        }
        for location in locations {
            let missing = [("latitude", location.latitude), ("longitude", location.longitude)].filter { $0.1 == nil }.map(\.0)
            if !missing.isEmpty {
                violations.append(
                    Violation(
                        "the location has no \(missing.joined(separator: " or ")), so it is no place the pass can be relevant at",
                        at: location.pointer))
            }
            if let latitude = location.latitude, !CoordinateAxis.latitude.contains(latitude) {
                let swapped = location.longitude.map { CoordinateAxis.latitude.contains($0) } == true ? "; are latitude and longitude swapped?" : ""
                violations.append(Violation("latitude \(shown(latitude)) is outside -90...90\(swapped)", at: location.pointer.appending("latitude")))
            }
            if let longitude = location.longitude, !CoordinateAxis.longitude.contains(longitude) {
                violations.append(Violation("longitude \(shown(longitude)) is outside -180...180", at: location.pointer.appending("longitude")))
            }
        }
        return violations
    }
}

/// At most ten beacons, each an iBeacon identity.
struct PassBeaconsRule: Rule {
    static let limit = 10

    static let description = RuleDescription(
        id: "pass_beacons",
        name: "Pass Beacons Are At Most Ten iBeacon Identities",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "A pass may have beacons of at most 10 UUIDs (and should have at most 10 beacons), each with a proximityUUID that is a UUID and, when given, a major and minor within 0...65535.",
        rationale: """
            Showing a Pass on the Lock Screen: "Add up to ten different UUIDs for iBeacons to the \
            beacons array". Each beacon's proximityUUID is Required, and major and minor are \
            "16-bit unsigned integer"s (Core Location's CLBeaconMajorValue and CLBeaconMinorValue \
            are UInt16; seed 003: "Each of them is a 16-bit integer"). A UUID that is not 8-4-4-4-12 \
            hexadecimal digits, or a major or minor outside 0...65535 or with a fraction, is no \
            beacon's identity, so the pass never shows near it. Apple counts UUIDs: more than ten \
            different ones is an error; more than ten entries under fewer UUIDs is a warning, as \
            Proctor assumes the limit holds for entries too.
            """,
        sources: [
            lockScreen + " [H]", lowerLevelKeys + ": Beacon Dictionary Keys [H]", "Apple, Core Location: CLBeaconMajorValue, CLBeaconMinorValue [H]",
        ],
        passing: [
            RuleExample(
                pass([
                    "beacons":
                        #"[{"proximityUUID": "F7826DA6-4FA2-4E98-8024-BC5B71E0893E", "major": 1, "minor": 65535, "relevantText": "Welcome to Example Store."}, {"proximityUUID": "e2c56db5-dffb-48d2-b060-d0f5a71096e0"}]"#
                ]),
                named: passFile)
        ],
        failing: [
            RuleExample(
                pass([
                    "beacons": "[" + (10..<21).map { #"{"proximityUUID": "F7826DA6-4FA2-4E98-8024-BC5B71E089\#($0)"}"# }.joined(separator: ", ") + "]"
                ]),
                named: passFile, at: ["/beacons"]),
            RuleExample(
                pass([
                    "beacons": "["
                        + (1...11).map { #"{"proximityUUID": "F7826DA6-4FA2-4E98-8024-BC5B71E0893E", "major": \#($0)}"# }.joined(separator: ", ")
                        + "]"
                ]),
                named: passFile, at: ["/beacons"], severity: .warning),
            RuleExample(
                pass([
                    "beacons":
                        #"[{"proximityUUID": "F7826DA6-4FA2-4E98-8024", "major": 1}, {"proximityUUID": "F7826DA6-4FA2-4E98-8024-BC5B71E0893E", "major": -1, "minor": 70000}, {"major": 2.5}]"#
                ]),
                named: passFile, at: ["/beacons/0/proximityUUID", "/beacons/1/major", "/beacons/1/minor", "/beacons/2", "/beacons/2/major"]),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        guard let beacons = pass.beacons else { return [] }
        var violations: [Violation] = []
        let uuids = Set(beacons.compactMap { $0.proximityUUID?.uppercased() })
        if uuids.count > Self.limit {
            violations.append(
                Violation(
                    "the pass has \(uuids.count) different beacon UUIDs; a pass can have up to \(Self.limit): give the beacons of a chain one UUID and tell the stores apart by major and minor",
                    at: pass.pointer("beacons")))
        } else if beacons.count > Self.limit {
            violations.append(
                Violation(
                    assuming:
                        "the pass has \(beacons.count) beacons; Apple allows up to \(Self.limit) UUIDs, and Proctor assumes up to \(Self.limit) entries: a beacon without a major matches every beacon of its UUID",
                    at: pass.pointer("beacons"), severity: .warning))
        }
        for beacon in beacons {
            if let uuid = beacon.proximityUUID {
                if !isUUID(uuid) {
                    violations.append(
                        Violation(
                            "'\(uuid)' is not a UUID (8-4-4-4-12 hexadecimal digits), so no beacon matches it",
                            at: beacon.pointer.appending("proximityUUID")))
                }
            } else {
                violations.append(Violation("the beacon has no proximityUUID, so no beacon matches it", at: beacon.pointer))
            }
            for (key, value) in [("major", beacon.major), ("minor", beacon.minor)] {
                guard let value, !(value == value.rounded() && (0...65535).contains(value)) else { continue }
                violations.append(
                    Violation(
                        "\(key) \(shown(value)) is not a 16-bit unsigned integer (0...65535), so no beacon matches it",
                        at: beacon.pointer.appending(key)))
            }
        }
        return violations
    }
}

/// The web service that updates the pass: HTTPS, with its token.
struct PassWebServiceRule: Rule {
    static let minimumTokenLength = 16

    static let description = RuleDescription(
        id: "pass_web_service",
        name: "Pass Web Service Is HTTPS With A Token",
        category: .wallet,
        defaultSeverity: .error,
        summary: "A pass's webServiceURL must be an https URL, given with an authenticationToken of at least 16 characters.",
        rationale: """
            A pass that can be updated names the web service iOS registers it with, and the token \
            its requests carry ("ApplePass" and the token, in the Authorization header). The \
            archived reference: "The web service must use the HTTPS protocol"; HTTP works only on \
            devices configured for development, through a setting, so a pass with an http URL \
            never registers on customers' devices and never updates. The token "must be 16 \
            characters or longer". A webServiceURL without a token gives the service no way to \
            authenticate the device. A token without a webServiceURL is never sent; Proctor assumes \
            it was meant for a web service and reports it as a warning.
            """,
        sources: [
            topLevelKeys + ": Web Service Keys, read through copies of the page [M]", passReference + ": webServiceURL, authenticationToken [H]",
            "Apple, PassKit Web Service Reference (archived): the Authorization header [H]",
        ],
        passing: [
            RuleExample(
                pass(["webServiceURL": #""https://passes.example.com/wallet""#, "authenticationToken": #""vxwxd7J8AlNNFPS8k0a0FfUFtq0ewzFdc""#]),
                named: passFile)
        ],
        failing: [
            RuleExample(
                pass(["webServiceURL": #""http://passes.example.com/wallet""#, "authenticationToken": #""gc-4417""#]), named: passFile,
                at: ["/webServiceURL", "/authenticationToken"]),
            RuleExample(pass(["webServiceURL": #""passes.example.com/wallet""#]), named: passFile, at: ["/webServiceURL", "/webServiceURL"]),
            RuleExample(
                pass(["authenticationToken": #""vxwxd7J8AlNNFPS8k0a0FfUFtq0ewzFdc""#]), named: passFile, at: ["/authenticationToken"],
                severity: .warning),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if let text = pass.webServiceURL {
            let url = URL(string: text)
            let scheme = url?.scheme?.lowercased()
            if scheme == "http" {
                violations.append(
                    Violation(
                        "the web service is http: iOS reaches it only over HTTPS (HTTP only on a device set up for development), so the pass never updates on customers' devices",
                        at: pass.pointer("webServiceURL")))
            } else if scheme != "https" || (url?.host ?? "").isEmpty {
                violations.append(
                    Violation(
                        "'\(text)' is not an https URL with a host, so iOS cannot register the pass for updates", at: pass.pointer("webServiceURL")))
            }
            if pass.authenticationToken == nil {
                violations.append(
                    Violation(
                        "webServiceURL is set without an authenticationToken, so the web service cannot authenticate the devices that register the pass",
                        at: pass.pointer("webServiceURL")))
            }
        } else if pass.authenticationToken != nil {
            violations.append(
                Violation(
                    assuming: "authenticationToken is set without a webServiceURL, so it is never sent: was a webServiceURL left out?",
                    at: pass.pointer("authenticationToken"), severity: .warning))
        }
        if let token = pass.authenticationToken, token.count < Self.minimumTokenLength {
            violations.append(
                Violation(
                    "the authenticationToken is \(token.count) characters; it must be \(Self.minimumTokenLength) or longer",
                    at: pass.pointer("authenticationToken")))
        }
        return violations
    }
}

/// Dates Wallet can read.
struct PassDatesRule: Rule {
    static let description = RuleDescription(
        id: "pass_dates",
        name: "Pass Dates Are W3C Timestamps",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "relevantDate, expirationDate and the dates of relevantDates must be W3C timestamps with hours, minutes and a time zone, and an interval needs its endDate.",
        rationale: """
            Apple: relevantDate is "a W3C timestamp" and, like expirationDate, "The value must be a \
            complete date that includes hours and minutes, and may optionally include seconds". \
            The W3C profile writes a time with its zone designator, Z or +hh:mm \
            (2026-12-24T18:00-08:00, as in Apple's example). A date Wallet cannot read makes the \
            pass never relevant, or never expire. Proctor accepts YYYY-MM-DDThh:mm, with optional \
            seconds and fraction, then the zone, and refuses a date without a time or a zone. In \
            relevantDates (iOS 18), an element with a startDate needs its endDate.
            """,
        sources: [
            passReference + ": relevantDate, expirationDate, Pass.RelevantDates [H]", "W3C, Date and Time Formats (NOTE-datetime) [H]",
            lockScreen + ": the example relevantDate [H]",
        ],
        passing: [
            RuleExample(pass(["expirationDate": #""2027-01-31T23:59-08:00""#]), named: passFile),
            RuleExample(
                pass([
                    "storeCard": nil, "eventTicket": #"{"primaryFields": [{"key": "event", "label": "EVENT", "value": "Holiday workshop"}]}"#,
                    "relevantDate": #""2026-12-24T18:00:00.5Z""#,
                    "relevantDates":
                        #"[{"startDate": "2026-12-24T17:30-08:00", "endDate": "2026-12-24T20:00-08:00"}, {"date": "2026-12-26T10:00+01:00"}]"#,
                ]), named: passFile),
        ],
        failing: [
            RuleExample(
                pass([
                    "expirationDate": #""2027-01-31""#, "relevantDate": #""2026-12-24T18:00:00""#,
                    "relevantDates": #"[{"startDate": "2026-12-24T17:30-08:00"}, {"date": "24/12/2026 18:00"}]"#,
                ]), named: passFile, at: ["/expirationDate", "/relevantDate", "/relevantDates/0", "/relevantDates/1/date"])
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        func judge(_ text: String?, _ pointer: JSONPointer) {
            guard let text, WalletPass.date(text) == nil else { return }
            let problem: String
            if text.count == 10, DateFormat.parse(text + "T00:00:00Z") != nil {
                problem = "has no time: Apple requires hours and minutes, and a time zone"
            } else if WalletPass.date(text + "Z") != nil {
                problem = "has no time zone: add Z or the offset, such as -08:00"
            } else {
                problem = "is not a W3C timestamp with hours, minutes and a time zone, such as 2026-12-24T18:00-08:00"
            }
            violations.append(Violation("'\(text)' \(problem), so Wallet cannot read it", at: pointer))
        }
        judge(pass.relevantDate, pass.pointer("relevantDate"))
        judge(pass.expirationDate, pass.pointer("expirationDate"))
        for dates in pass.relevantDates ?? [] {
            judge(dates.date, dates.pointer.appending("date"))
            judge(dates.startDate, dates.pointer.appending("startDate"))
            judge(dates.endDate, dates.pointer.appending("endDate"))
            if dates.startDate != nil && dates.endDate == nil {
                violations.append(Violation("the interval has a startDate but no endDate, which an interval needs", at: dates.pointer))
            }
        }
        return violations
    }
}

/// Colors written as Apple shows them.
struct PassColorsRule: Rule {
    static let description = RuleDescription(
        id: "pass_colors",
        name: "Pass Colors Are RGB Triples",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "backgroundColor, foregroundColor, labelColor and footerBackgroundColor must be CSS-style rgb(r, g, b) triples with components 0...255.",
        rationale: """
            Apple's reference gives each color "as a CSS-style RGB triple, such as rgb(23, 187, \
            82)". A hex color (#17BB52), a color name, rgba() or a component over 255 is not that \
            form, and Wallet does not use it: the pass falls back to colors it chooses, which may \
            leave text unreadable on the background. Proctor accepts rgb( ), in any case, with three \
            whole numbers from 0 to 255 separated by commas, spaces allowed around them.
            """,
        sources: [passReference + ": backgroundColor, foregroundColor, labelColor, footerBackgroundColor [H]"],
        passing: [
            RuleExample(
                pass(["foregroundColor": #""rgb(255, 255, 255)""#, "backgroundColor": #""rgb(23,187,82)""#, "labelColor": #""rgb( 0 , 64 , 32 )""#]),
                named: passFile)
        ],
        failing: [
            RuleExample(
                pass(["foregroundColor": ##""#FFFFFF""##, "backgroundColor": #""rgb(23, 187, 282)""#, "labelColor": #""rgba(0, 0, 0, 0.6)""#]),
                named: passFile,
                at: ["/foregroundColor", "/backgroundColor", "/labelColor"])
        ])

    /// The components of `rgb(r, g, b)`, or nil.
    static func components(_ text: String) -> [Int]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("rgb("), trimmed.hasSuffix(")") else { return nil }
        let parts = trimmed.dropFirst(4).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3 else { return nil }
        let values = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        return values.count == 3 ? values : nil
    }

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        pass.colors.compactMap { color in
            if let values = Self.components(color.value) {
                guard let over = values.first(where: { $0 > 255 }) else { return nil }
                return Violation(
                    "'\(color.value)' has the component \(over), over 255, so Wallet does not use the color", at: pass.pointer(color.key))
            }
            var hint = ""
            let hex = color.value.hasPrefix("#") ? color.value.dropFirst() : ""
            if hex.count == 6, let value = Int(hex, radix: 16) {
                hint = ": write rgb(\(value >> 16), \(value >> 8 & 0xFF), \(value & 0xFF))"
            }
            return Violation(
                "'\(color.value)' is not a CSS-style rgb(r, g, b) triple, so Wallet does not use the color\(hint)", at: pass.pointer(color.key))
        }
    }
}

/// The associated app the pass launches.
struct PassAppLaunchRule: Rule {
    static let description = RuleDescription(
        id: "pass_app_launch",
        name: "Pass Launch URL Has An App",
        category: .wallet,
        defaultSeverity: .warning,
        summary: "A pass with an appLaunchURL should list its app in associatedStoreIdentifiers, whose entries should be App Store identifiers.",
        rationale: """
            appLaunchURL is "A URL the system passes to the associated app from \
            associatedStoreIdentifiers during launch"; the archived reference adds "If this key is \
            present, the associatedStoreIdentifiers key must also be present". Without an \
            associated app the URL goes nowhere: the pass still works, so Proctor warns. \
            associatedStoreIdentifiers holds App Store identifiers, the number in the app's App \
            Store URL (id1130498044): a zero, a negative number or a fraction names no app, so the \
            link on the pass opens nothing.
            """,
        sources: [
            passReference + ": appLaunchURL, associatedStoreIdentifiers [H]",
            topLevelKeys + ": Associated App Keys, read through copies of the page [M]",
        ],
        passing: [
            RuleExample(
                pass(["associatedStoreIdentifiers": "[1130498044]", "appLaunchURL": #""examplestore://giftcards/GC-4417-0032""#]), named: passFile)
        ],
        failing: [
            RuleExample(pass(["appLaunchURL": #""examplestore://giftcards/GC-4417-0032""#]), named: passFile, at: ["/appLaunchURL"]),
            RuleExample(
                pass(["associatedStoreIdentifiers": "[]", "appLaunchURL": #""examplestore://giftcards/GC-4417-0032""#]), named: passFile,
                at: ["/appLaunchURL"]),
            RuleExample(
                pass(["associatedStoreIdentifiers": "[0, 1130498044.5]"]), named: passFile,
                at: ["/associatedStoreIdentifiers/0", "/associatedStoreIdentifiers/1"]),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        let identifiers = pass.associatedStoreIdentifiers ?? []
        if pass.appLaunchURL != nil && identifiers.isEmpty {
            violations.append(
                Violation(
                    "appLaunchURL is set but associatedStoreIdentifiers names no app, so no app ever receives the URL",
                    at: pass.pointer("appLaunchURL")))
        }
        for (index, identifier) in identifiers.enumerated() where !(identifier >= 1 && identifier == identifier.rounded()) {
            violations.append(
                Violation(
                    "\(shown(identifier)) is not an App Store identifier (the whole number in the app's App Store URL), so the pass links to no app",
                    at: pass.pointer("associatedStoreIdentifiers").appending(index)))
        }
        return violations
    }
}

/// The pass can show on the lock screen.
struct PassRelevanceRule: Rule {
    /// The styles a date makes relevant.
    static let datedStyles = ["boardingPass", "eventTicket", "generic"]

    static let description = RuleDescription(
        id: "pass_relevance",
        name: "Pass Can Be Relevant",
        category: .wallet,
        defaultSeverity: .warning,
        summary:
            "A pass should be relevant somewhere or at some time Wallet honours: locations or beacons, or a relevantDate for a boarding pass, event ticket or generic pass, which boarding passes and event tickets should have.",
        rationale: """
            Showing a Pass on the Lock Screen: a pass "can be relevant on a date, at a location, \
            or both" (or near a beacon), and the date is set "for boarding passes, event tickets, \
            and generic passes"; "Coupons, store cards, and generic passes must provide locations" \
            to be relevant. A pass with none of these, or a coupon or store card with only a date, \
            never appears on the lock screen. The archived reference calls relevantDate \
            "Recommended for event tickets and boarding passes". Warnings: a pass not meant for the \
            lock screen may accept them with an ignore. When and where Wallet shows a relevant pass \
            is not judged here.
            """,
        sources: [lockScreen + " [H]", topLevelKeys + ": Relevance Keys, relevantDate, read through copies of the page [M]"],
        passing: [
            RuleExample(pass(), named: passFile),
            RuleExample(
                pass([
                    "locations": nil, "storeCard": nil,
                    "eventTicket": #"{"primaryFields": [{"key": "event", "label": "EVENT", "value": "Holiday workshop"}]}"#,
                    "relevantDate": #""2026-12-24T18:00-08:00""#,
                ]), named: passFile),
        ],
        failing: [
            RuleExample(pass(["locations": nil]), named: passFile, at: [""]),
            RuleExample(pass(["locations": nil, "relevantDate": #""2026-12-24T18:00-08:00""#]), named: passFile, at: ["/relevantDate"]),
            RuleExample(
                pass(["storeCard": nil, "eventTicket": #"{"primaryFields": [{"key": "event", "label": "EVENT", "value": "Holiday workshop"}]}"#]),
                named: passFile,
                at: ["/eventTicket"]),
        ])

    func check(_ pass: WalletPass, in context: RuleContext) -> [Violation] {
        guard let style = pass.style else { return [] }
        let dateKey = pass.relevantDate != nil ? "relevantDate" : (pass.relevantDates?.isEmpty == false ? "relevantDates" : nil)
        let hasPlace = pass.locations?.isEmpty == false || pass.beacons?.isEmpty == false
        let datesCount = Self.datedStyles.contains(style.key)
        if !hasPlace && (dateKey == nil || !datesCount) {
            if let dateKey {
                return [
                    Violation(
                        "a \(style.key) is relevant only near its locations or beacons, not on a date, and this one has none, so Wallet never shows it on the lock screen",
                        at: pass.pointer(dateKey))
                ]
            }
            return [Violation("the pass has no locations, beacons or relevantDate, so Wallet never shows it on the lock screen", at: .root)]
        }
        if dateKey == nil && (style.key == "eventTicket" || style.key == "boardingPass") {
            return [
                Violation(
                    "\(style.key == "eventTicket" ? "an" : "a") \(style.key) should have a relevantDate, so Wallet shows it on the lock screen when it is needed, not only near its locations",
                    at: style.pointer)
            ]
        }
        return []
    }
}
