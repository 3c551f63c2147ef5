import Foundation
import ProctorCore
import ProctorJSON

/// A donation read from an input document, with where it came from.
package struct DecodedDonation: Sendable {
    package var donation: Donation
    /// Pointer of the wrapper object (`""` for a file holding one donation, `/2` in an array).
    package var pointer: JSONPointer
    /// The rules the donation's `"proctor": {"ignore": {...}}` member accepts, with why.
    package var ignores: [Ignore] = []
    /// The values its `"proctor": {"computed": {...}}` member says the app computes at run time
    /// (as `proctor scan` writes them): they exist, with a value no one can know beforehand.
    package var computed: [JSONPointer] = []

    /// A rule a donation accepts breaking, with the reason, written where the rule id is.
    package struct Ignore: Sendable {
        package var rule: String
        package var reason: String
        package var location: SourceLocation
    }
}

/// A payload of another kind than a donation (`notification`), written in a donation file under
/// its own key, which the input kind owning that key decodes and judges.
package struct OtherPayload: Sendable {
    /// The key naming its kind.
    package var kind: String
    package var node: JSONNode
    /// Pointer of the wrapper object, as for a donation (`""`, or `/2` in an array).
    package var pointer: JSONPointer
    package var ignores: [DecodedDonation.Ignore]
}

/// Maps parsed JSON onto Apple's vocabulary, collecting decoding diagnostics.
///
/// Values are read through ``JSONFieldReader``, the decoding layer every JSON input shares: unknown
/// keys are warnings with a suggestion; values of the wrong type and unreadable dates are errors at
/// that value. A donation with an error is left out of rule checking, because what the
/// app would donate is unknown; its siblings are still decoded and checked.
package struct DonationDecoder {
    /// Reads the values and reports the problems, worded and graded like every JSON input's.
    var reader: JSONFieldReader
    package var diagnostics: [Diagnostic] { reader.problems }
    var errorCount: Int { reader.errorCount }
    /// Donations met by ``decodeDocument(_:)`` (each element of an array, or the document itself),
    /// decoded or not: the ones it did not return were left out for their decoding errors.
    package private(set) var donationsMet = 0
    /// The keys of the other payloads a donation file may hold (`notification`), which other
    /// input kinds decode: ``decodeDocument(_:)`` sets them aside in ``otherPayloads``.
    package var otherKinds: [String] = []
    /// The payloads of ``otherKinds`` met, in document order.
    package private(set) var otherPayloads: [OtherPayload] = []
    /// The pointers, as written, of the values the donation being decoded marks computed at run
    /// time: a required one is not missing.
    var computed: Set<String> = []

    package init(locate: @escaping (Int, JSONPointer) -> SourceLocation) {
        self.reader = JSONFieldReader(codes: .payload, locate: locate)
    }

    static let userActivityKeys: [String] = UserActivityField.allCases.map { "\($0)" }
    /// The properties of `userActivity`, by their key names.
    private enum UserActivityField: CaseIterable {
        case activityType, title, userInfo, requiredUserInfoKeys, keywords, webpageURL, referrerURL, expirationDate
        case isEligibleForHandoff, isEligibleForSearch, isEligibleForPublicIndexing, isEligibleForPrediction
        case persistentIdentifier, targetContentIdentifier, supportsContinuationStreams, contentAttributeSet, mapItem, needsSave
    }
    /// Looked up once per key: a `switch` over strings compares the key with each name in turn.
    private static let userActivityFields = NameTable(
        Dictionary(uniqueKeysWithValues: UserActivityField.allCases.map { ("\($0)", $0) }))
    /// Real `NSUserActivity` properties that Proctor does not model yet: named, then ignored.
    static let userActivityUnmodelledKeys: Set<String> = [
        "shortcutAvailability", "suggestedInvocationPhrase", "appClipActivationPayload",
        "detectedBarcodeDescriptor", "externalMediaContentIdentifier", "delegate", "interaction",
    ]
    static let searchableItemKeys: [String] = ["uniqueIdentifier", "domainIdentifier", "expirationDate", "attributeSet"]
    static let searchableItemUnmodelledKeys: Set<String> = ["isUpdate", "updateListenerOptions"]
    static let donationKinds = DonationKind.allCases.map(\.rawValue)
    /// The keys naming a donation's kind (`userActivity`, `searchableItem`, `interaction`).
    package static var kindNames: [String] { donationKinds }
    static let userInfoTags: [String] = ["$date", "$data", "$url", "$set", "$class", "$dictionary"]

    /// Whether a document is shaped as a payload file at all: an object with a key naming a kind
    /// of payload (`kinds`: the donations' and `otherKinds`), or one close enough to be its typo,
    /// or an array whose first objects include one. A walk at a repository's root meets asset
    /// catalogs' `Contents.json`, package manifests and animations: none is a broken donation,
    /// and a walk leaves them out (a file named on the command line is judged whatever it holds).
    package static func isPayloadShaped(_ root: JSONNode, otherKinds: [String]) -> Bool {
        let kinds = donationKinds + otherKinds
        func namesKind(_ object: JSONObject) -> Bool {
            object.members.contains { member in
                member.key != proctorKey && (kinds.contains(member.key) || Suggestion.closest(to: member.key, among: kinds) != nil)
            }
        }
        switch root.value {
        case .object(let object):
            return namesKind(object)
        case .array(let elements):
            // The first few are enough: a payload array's elements are all payloads, and a large
            // array of something else is not read key by key.
            return elements.prefix(16).contains { element in
                if case .object(let object) = element.value { return namesKind(object) }
                return false
            }
        default:
            return false
        }
    }

    /// Decodes a document: one donation object, or an array of them.
    package mutating func decodeDocument(_ root: JSONNode) -> [DecodedDonation] {
        switch root.value {
        case .array(let elements):
            donationsMet += elements.count
            // Reserved, not grown: a decoded donation is some hundreds of bytes, and compactMap's
            // doubling held up to twice the array, plus the copy, on a file of many donations.
            var donations: [DecodedDonation] = []
            donations.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let donation = decodeDonation(element, at: JSONPointer.root.appending(index)) { donations.append(donation) }
            }
            return donations
        case .object:
            donationsMet += 1
            return decodeDonation(root, at: .root).map { [$0] } ?? []
        default:
            donationsMet += 1
            reader.report(ProblemCode.typeMismatch, "expected a donation object or an array of donations, found \(root.value.typeName)", root, .root)
            return []
        }
    }

    private mutating func decodeDonation(_ node: JSONNode, at pointer: JSONPointer) -> DecodedDonation? {
        guard case .object(let wrapper) = node.value else {
            reader.report(
                ProblemCode.typeMismatch, "expected a donation object such as {\"userActivity\": {...}}, found \(node.value.typeName)", node, pointer)
            return nil
        }
        let kinds = Self.donationKinds
        // "proctor" beside the kind is Proctor's own: the rules this donation accepts breaking.
        // Found without making a second array: nearly every donation has its kind alone.
        var kindMember: JSONObject.Member?
        var extraMember: JSONObject.Member?
        for candidate in wrapper.members where candidate.key != Self.proctorKey {
            if kindMember == nil { kindMember = candidate } else if extraMember == nil { extraMember = candidate }
        }
        guard let member = kindMember else {
            reader.report(
                ProblemCode.invalidValue, "a payload is an object with one key naming its kind (\((kinds + otherKinds).joined(separator: ", ")))",
                node, pointer)
            return nil
        }
        if let extra = extraMember {
            reader.report(
                ProblemCode.invalidValue,
                "a payload has exactly one key naming its kind (besides \"proctor\"); found '\(member.key)' and '\(extra.key)'",
                offset: extra.keyOffset, pointer: pointer.appending(extra.key))
            return nil
        }
        let payloadPointer = pointer.appending(member.key)
        let notes = readProctor(in: wrapper, at: pointer, kind: member.key)
        guard let kind = DonationKind(rawValue: member.key) else {
            if otherKinds.contains(member.key) {
                donationsMet -= 1
                otherPayloads.append(OtherPayload(kind: member.key, node: member.value, pointer: pointer, ignores: notes.ignores))
                return nil
            }
            let all = kinds + otherKinds
            reader.report(
                ProblemCode.unknownDonationKind,
                "unknown payload kind '\(member.key)'; Proctor reads \(Suggestion.list(all.map { "'\($0)'" }))\(Suggestion.phrase(for: member.key, among: all))",
                offset: member.keyOffset, pointer: payloadPointer)
            return nil
        }
        computed = Set(notes.computed.map(\.description))
        defer { computed = [] }
        return decodePayload(kind, member.value, at: payloadPointer).map {
            DecodedDonation(donation: $0, pointer: pointer, ignores: notes.ignores, computed: notes.computed)
        }
    }

    static let proctorKey = "proctor"

    /// What the wrapper's `proctor` member says, if it has one besides its kind.
    private mutating func readProctor(in wrapper: JSONObject, at pointer: JSONPointer, kind: String) -> (
        ignores: [DecodedDonation.Ignore], computed: [JSONPointer]
    ) {
        guard wrapper.count > 1, let member = wrapper[Self.proctorKey] else { return ([], []) }
        return readProctor(member.value, at: pointer.appending(Self.proctorKey), payload: pointer, kind: kind)
    }
    /// `"proctor": {"source": {"file", "line", "column", "symbol"}}`: where `proctor scan
    /// --emit-payloads` found the donation in Swift. Read as a comment (no rule uses it), but held
    /// to its shape, so a hand edit that breaks it is said.
    private mutating func readSource(_ node: JSONNode, at pointer: JSONPointer) {
        guard let object = reader.object(node, pointer, what: "source") else { return }
        reader.checkKeys(object, pointer, allowed: ["file", "line", "column", "symbol"], in: "source")
        for key in ["file", "symbol"] {
            if let member = object[key] { _ = reader.string(member.value, pointer.appending(key)) }
        }
        for key in ["line", "column"] {
            guard let member = object[key], let number = reader.number(member.value, pointer.appending(key), expected: "a whole number, 0 or more")
            else { continue }
            if Int(exactly: number).map({ $0 < 0 }) ?? true {
                reader.report(ProblemCode.invalidValue, "\(key) is a whole number, 0 or more", member.value, pointer.appending(key))
            }
        }
    }

    package static let suppressionWithoutReason = ProblemCode(
        "suppression_without_reason", summary: "A donation ignores a rule without saying why; the finding is not suppressed.")

    /// `"proctor": {"computed": {"/userActivity/userInfo": "why", ...}}`: pointers, from the
    /// payload's own object (`payload`), of values the app computes at run time, with why. Each
    /// must point into the payload; whether a value is there is not asked (one computed whole
    /// is left out of the payload, one partly known holds what is known).
    private mutating func readComputed(_ node: JSONNode, at pointer: JSONPointer, payload: JSONPointer, kind: String) -> [JSONPointer] {
        guard let object = reader.object(node, pointer, what: "computed") else { return [] }
        var computed: [JSONPointer] = []
        for member in object.members {
            let at = pointer.appending(member.key)
            guard let reason = reader.string(member.value, at) else { continue }
            // As for an ignore: a value marked computed silences rules, so it says why.
            guard !reason.allSatisfy(\.isWhitespace) else {
                reader.report(
                    ProblemCode.invalidValue, "say why the value is computed, such as \"built from the booking at run time\"", member.value, at)
                continue
            }
            guard let relative = JSONPointer(parsing: member.key), relative.tokens.count >= 2, relative.tokens[0] == kind else {
                reader.report(
                    ProblemCode.invalidValue, "'\(member.key)' is not a JSON Pointer into the payload: one starts with '/\(kind)/'",
                    offset: member.keyOffset, pointer: at)
                continue
            }
            computed.append(JSONPointer(payload.tokens + relative.tokens))
        }
        return computed
    }

    /// `"proctor": {"ignore": {"rule_id": "why"}, "computed": {...}, "source": {...}}`. An ignore's
    /// reason is required: an empty one is an error, and that rule is not ignored. Whether the id
    /// names a rule is the linter's to say.
    private mutating func readProctor(_ node: JSONNode, at pointer: JSONPointer, payload: JSONPointer, kind: String) -> (
        ignores: [DecodedDonation.Ignore], computed: [JSONPointer]
    ) {
        guard let object = reader.object(node, pointer, what: "proctor") else { return ([], []) }
        reader.checkKeys(object, pointer, allowed: ["computed", "ignore", "source"], in: "proctor")
        if let member = object["source"] { readSource(member.value, at: pointer.appending("source")) }
        let computed = object["computed"].map { readComputed($0.value, at: pointer.appending("computed"), payload: payload, kind: kind) } ?? []
        guard let member = object["ignore"], let rules = reader.object(member.value, pointer.appending("ignore"), what: "ignore") else {
            return ([], computed)
        }
        var ignores: [DecodedDonation.Ignore] = []
        for rule in rules.members {
            let at = pointer.appending("ignore").appending(rule.key)
            guard let reason = reader.string(rule.value, at) else { continue }
            guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                reader.report(
                    Self.suppressionWithoutReason,
                    "ignoring '\(rule.key)' needs a reason, such as \"marketing chose the long title\"; without one the finding stands",
                    rule.value, at)
                continue
            }
            ignores.append(.init(rule: rule.key, reason: reason, location: reader.location(offset: rule.keyOffset, pointer: at)))
        }
        return (ignores, computed)
    }

    // MARK: - NSUserActivity

    mutating func decodeUserActivity(_ node: JSONNode, at pointer: JSONPointer) -> UserActivity? {
        guard let object = reader.object(node, pointer, what: "userActivity") else { return nil }
        var activity = UserActivity(pointer: pointer)
        for member in object.members {
            let value = member.value
            switch Self.userActivityFields[member.key] {
            case .activityType?: activity.activityType = reader.string(value, pointer.appending(member.key))
            case .title?: activity.title = reader.string(value, pointer.appending(member.key))
            case .userInfo?: activity.userInfo = dictionary(value, pointer.appending(member.key))
            case .requiredUserInfoKeys?: activity.requiredUserInfoKeys = reader.strings(value, pointer.appending(member.key))
            case .keywords?: activity.keywords = reader.strings(value, pointer.appending(member.key))
            case .webpageURL?: activity.webpageURL = reader.string(value, pointer.appending(member.key))
            case .referrerURL?: activity.referrerURL = reader.string(value, pointer.appending(member.key))
            case .expirationDate?: activity.expirationDate = reader.date(value, pointer.appending(member.key))
            case .isEligibleForHandoff?: activity.isEligibleForHandoff = reader.bool(value, pointer.appending(member.key)) ?? true
            case .isEligibleForSearch?: activity.isEligibleForSearch = reader.bool(value, pointer.appending(member.key)) ?? false
            case .isEligibleForPublicIndexing?: activity.isEligibleForPublicIndexing = reader.bool(value, pointer.appending(member.key)) ?? false
            case .isEligibleForPrediction?: activity.isEligibleForPrediction = reader.bool(value, pointer.appending(member.key)) ?? false
            case .persistentIdentifier?: activity.persistentIdentifier = reader.string(value, pointer.appending(member.key))
            case .targetContentIdentifier?: activity.targetContentIdentifier = reader.string(value, pointer.appending(member.key))
            case .supportsContinuationStreams?: activity.supportsContinuationStreams = reader.bool(value, pointer.appending(member.key)) ?? false
            case .contentAttributeSet?: activity.contentAttributeSet = attributeSet(value, pointer.appending(member.key))
            case .mapItem?: activity.mapItem = mapItem(value, pointer.appending(member.key))
            case .needsSave?: activity.needsSave = reader.bool(value, pointer.appending(member.key)) ?? false
            case nil:
                reader.unknownKey(
                    member, in: "userActivity", at: pointer.appending(member.key), known: Self.userActivityKeys,
                    unmodelled: Self.userActivityUnmodelledKeys)
            }
        }
        // A type computed at run time is there, unknown: the rules judging it are skipped.
        if object["activityType"] == nil && !isComputed(pointer.appending("activityType")) {
            reader.report(ProblemCode.missingValue, "userActivity has no activityType; NSUserActivity(activityType:) requires one", node, pointer)
        }
        if let mapItem = activity.mapItem { activity.contentAttributeSet = mapItem.populate(activity.contentAttributeSet) }
        return activity
    }

    // MARK: - MKMapItem

    private mutating func mapItem(_ node: JSONNode, _ pointer: JSONPointer) -> MapItem? {
        guard let object = reader.object(node, pointer, what: "mapItem") else { return nil }
        var item = MapItem(pointer: pointer)
        for member in object.members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "name": item.name = reader.string(member.value, at)
            case "phoneNumber": item.phoneNumber = reader.string(member.value, at)
            case "url": item.url = reader.string(member.value, at)
            case "timeZone": item.timeZone = reader.string(member.value, at)
            case "pointOfInterestCategory": item.pointOfInterestCategory = reader.string(member.value, at)
            case "placemark": item.placemark = placemark(member.value, at)
            default: reader.unknownKey(member, in: "mapItem", at: at, known: MapItem.keys)
            }
        }
        return item
    }

    private mutating func placemark(_ node: JSONNode, _ pointer: JSONPointer) -> MapItem.Placemark? {
        guard let object = reader.object(node, pointer, what: "placemark") else { return nil }
        var placemark = MapItem.Placemark(pointer: pointer)
        for member in object.members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "coordinate":
                // A CLLocationCoordinate2D: both degrees, or none.
                guard let coordinate = reader.object(member.value, at, what: "coordinate") else { continue }
                for part in coordinate.members {
                    switch part.key {
                    case "latitude": placemark.latitude = reader.number(part.value, at.appending(part.key))
                    case "longitude": placemark.longitude = reader.number(part.value, at.appending(part.key))
                    default: reader.unknownKey(part, in: "coordinate", at: at.appending(part.key), known: ["latitude", "longitude"])
                    }
                }
                if (coordinate["latitude"] == nil) != (coordinate["longitude"] == nil) {
                    reader.report(ProblemCode.missingValue, "a coordinate has both latitude and longitude (CLLocationCoordinate2D)", member.value, at)
                }
            case "name": placemark.name = reader.string(member.value, at)
            case "thoroughfare": placemark.thoroughfare = reader.string(member.value, at)
            case "subThoroughfare": placemark.subThoroughfare = reader.string(member.value, at)
            case "locality": placemark.locality = reader.string(member.value, at)
            case "subLocality": placemark.subLocality = reader.string(member.value, at)
            case "administrativeArea": placemark.administrativeArea = reader.string(member.value, at)
            case "subAdministrativeArea": placemark.subAdministrativeArea = reader.string(member.value, at)
            case "postalCode": placemark.postalCode = reader.string(member.value, at)
            case "country": placemark.country = reader.string(member.value, at)
            case "isoCountryCode": placemark.isoCountryCode = reader.string(member.value, at)
            case "postalAddress":
                guard let address = reader.object(member.value, at, what: "postalAddress") else { continue }
                var parts: [String: String] = [:]
                for part in address.members {
                    if MapItem.postalAddressKeys.contains(part.key) {
                        if let text = reader.string(part.value, at.appending(part.key)) { parts[part.key] = text }
                    } else {
                        reader.unknownKey(part, in: "postalAddress", at: at.appending(part.key), known: MapItem.postalAddressKeys)
                    }
                }
                placemark.postalAddress = parts
            default: reader.unknownKey(member, in: "placemark", at: at, known: MapItem.placemarkKeys)
            }
        }
        return placemark
    }

    // MARK: - CSSearchableItem

    private mutating func decodeSearchableItem(_ node: JSONNode, at pointer: JSONPointer) -> SearchableItem? {
        guard let object = reader.object(node, pointer, what: "searchableItem") else { return nil }
        var item = SearchableItem(pointer: pointer)
        for member in object.members {
            switch member.key {
            case "uniqueIdentifier": item.uniqueIdentifier = reader.string(member.value, pointer.appending(member.key))
            case "domainIdentifier": item.domainIdentifier = reader.string(member.value, pointer.appending(member.key))
            case "expirationDate": item.expirationDate = reader.date(member.value, pointer.appending(member.key))
            case "attributeSet": item.attributeSet = attributeSet(member.value, pointer.appending(member.key))
            default:
                reader.unknownKey(
                    member, in: "searchableItem", at: pointer.appending(member.key), known: Self.searchableItemKeys,
                    unmodelled: Self.searchableItemUnmodelledKeys)
            }
        }
        return item
    }

    // MARK: - CSSearchableItemAttributeSet

    private mutating func attributeSet(_ node: JSONNode, _ pointer: JSONPointer) -> AttributeSet? {
        guard let object = reader.object(node, pointer, what: pointer.tokens.last ?? "attributeSet") else { return nil }
        var set = AttributeSet(pointer: pointer)
        set.reserveCapacity(object.count)
        // Read the shared table once per set, not once per key: every read retains it, and
        // threads retaining the same object contend for its cache line.
        let properties = AttributeSet.properties
        for member in object.members {
            guard let (kind, id) = properties[member.key] else {
                reader.unknownKey(
                    member, in: "the attribute set", at: pointer.appending(member.key), known: AttributeSet.kinds.keys.sorted(), unmodelled: [])
                continue
            }
            let value: AttributeSet.Value?
            switch kind {
            case .string: value = reader.string(member.value, pointer.appending(member.key)).map { .string($0) }
            case .strings: value = reader.strings(member.value, pointer.appending(member.key)).map { .strings($0) }
            case .number: value = reader.number(member.value, pointer.appending(member.key)).map { .number($0) }
            case .flag:
                // NSNumber booleans: true/false or 0/1.
                if case .bool(let flag) = member.value.value {
                    value = .boolean(flag)
                } else {
                    value = reader.number(member.value, pointer.appending(member.key), expected: "a boolean or a number").map { .number($0) }
                }
            case .date: value = reader.date(member.value, pointer.appending(member.key)).map { .date($0) }
            case .dates:
                value = reader.array(member.value, pointer.appending(member.key)).map { elements in
                    .dates(
                        elements.enumerated().compactMap { index, element in reader.date(element, pointer.appending(member.key).appending(index)) })
                }
            case .url: value = reader.string(member.value, pointer.appending(member.key)).map { .url($0) }
            case .data: value = reader.base64(member.value, pointer.appending(member.key)).map { .data($0) }
            }
            // JSON keys are unique here (the scanner rejects duplicates), so no key is set twice.
            if let value { set.append(member.key, id: id, value) }
        }
        return set
    }

    // MARK: - userInfo

    private mutating func dictionary(_ node: JSONNode, _ pointer: JSONPointer) -> [PropertyListEntry]? {
        guard let object = reader.object(node, pointer, what: "userInfo") else { return nil }
        return entries(of: object, at: pointer)
    }

    private mutating func entries(of object: JSONObject, at pointer: JSONPointer) -> [PropertyListEntry] {
        object.members.map { member in
            PropertyListEntry(key: member.key, value: propertyListValue(member.value, pointer.appending(member.key)), parent: pointer)
        }
    }

    private mutating func propertyListValue(_ node: JSONNode, _ lazyPointer: @autoclosure () -> JSONPointer) -> PropertyListValue {
        switch node.value {
        case .null: return .null
        case .bool(let value): return .boolean(value)
        case .integer(let value): return .integer(value)
        case .unsignedInteger(let value): return .unsignedInteger(value)
        case .double(let value): return .real(value)
        case .string(let value): return .string(value)
        case .array(let elements):
            let pointer = lazyPointer()
            return .array(
                elements.enumerated().map { index, element in
                    PropertyListElement(value: propertyListValue(element, pointer.appending(index)), parent: pointer, index: index)
                })
        case .object(let members):
            let pointer = lazyPointer()
            guard members.count == 1, let tag = members.members.first, tag.key.hasPrefix("$") else {
                return .dictionary(entries(of: members, at: pointer))
            }
            let at = pointer.appending(tag.key)
            switch tag.key {
            case "$date": return reader.date(tag.value, at).map { .date($0) } ?? .null
            case "$data": return reader.base64(tag.value, at).map { .data($0) } ?? .null
            case "$url": return reader.string(tag.value, at).map { .url($0) } ?? .null
            case "$class": return reader.string(tag.value, at).map { .object(className: $0) } ?? .null
            case "$set":
                guard let elements = reader.array(tag.value, at) else { return .null }
                return .set(
                    elements.enumerated().map { index, element in
                        PropertyListElement(value: propertyListValue(element, at.appending(index)), parent: at, index: index)
                    })
            case "$dictionary":
                guard let inner = reader.object(tag.value, at, what: "$dictionary") else { return .null }
                return .dictionary(entries(of: inner, at: at))
            default:
                reader.report(
                    ProblemCode.invalidValue,
                    "unknown tag '\(tag.key)'\(Suggestion.phrase(for: tag.key, among: Self.userInfoTags)); a one-key object whose key starts with '$' is a tagged value (\(Self.userInfoTags.joined(separator: ", "))); wrap a plain dictionary in {\"$dictionary\": ...}",
                    offset: tag.keyOffset, pointer: at)
                return .null
            }
        }
    }
}

// MARK: - Payloads embedded in other documents

extension DonationDecoder {
    /// Decodes a payload without its `{"kind": ...}` wrapper: a donation file's, a scenario step's
    /// `userActivity` or an `index` step's items. Nil when the payload has an error.
    package mutating func decodePayload(_ kind: DonationKind, _ node: JSONNode, at pointer: JSONPointer) -> Donation? {
        let errorsBefore = errorCount
        let donation: Donation?
        switch kind {
        case .userActivity: donation = decodeUserActivity(node, at: pointer).map { .userActivity($0) }
        case .searchableItem: donation = decodeSearchableItem(node, at: pointer).map { .searchableItem($0) }
        case .interaction: donation = decodeInteraction(node, at: pointer).map { .interaction($0) }
        }
        return errorCount == errorsBefore ? donation : nil
    }

    /// Decodes a `userInfo` dictionary written in the donation encoding (tagged values included).
    package mutating func decodeUserInfo(_ node: JSONNode, at pointer: JSONPointer) -> [PropertyListEntry]? {
        let errorsBefore = errorCount
        let entries = dictionary(node, pointer)
        return errorCount == errorsBefore ? entries : nil
    }
}
