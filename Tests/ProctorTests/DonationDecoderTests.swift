import Foundation
import ProctorCore
import ProctorJSON
import ProctorVocabulary
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// Decodes one document with the vocabulary decoder, locating problems in `payload.json`.
private func decode(_ json: String) throws -> (donations: [DecodedDonation], diagnostics: [Diagnostic]) {
    let source = SourceText(bytes: Array(json.utf8))
    let root = try JSONReader.parse(source).get()
    var decoder = DonationDecoder { offset, pointer in
        let position = source.position(ofOffset: offset)
        return ProctorCore.SourceLocation(file: "payload.json", line: position.line, column: position.column, pointer: pointer.description)
    }
    let donations = decoder.decodeDocument(root)
    return (donations, decoder.diagnostics)
}

/// The only diagnostic of a document, which must exist.
private func onlyDiagnostic(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    let decoded = try decode(json)
    #expect(decoded.diagnostics.count == 1, "\(decoded.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return try #require(decoded.diagnostics.first, sourceLocation: sourceLocation)
}

private func activity(_ decoded: DecodedDonation?) -> UserActivity? {
    guard case .userActivity(let activity)? = decoded?.donation else { return nil }
    return activity
}

@Suite("Vocabulary decoding")
struct DonationDecoderTests {
    // MARK: - Unknown keys

    @Test func unknownKeyIsAWarningWithASuggestion() throws {
        let json = "{\"userActivity\": {\n  \"activityType\": \"com.example.app.view\",\n  \"titel\": \"Tony's\"\n}}"
        let decoded = try decode(json)
        let diagnostic = try #require(decoded.diagnostics.first)
        #expect(decoded.diagnostics.count == 1)
        #expect(diagnostic.code == ProblemCode.unknownKey)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message.contains("did you mean 'title'?"), "\(diagnostic.message)")
        #expect(diagnostic.location.pointer == "/userActivity/titel")
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.location.column == 3, "reported at the key")
        // A warning does not stop the donation from being checked.
        #expect(decoded.donations.count == 1)
        #expect(activity(decoded.donations.first)?.title == nil)
    }

    @Test func unknownKeysInItemsAndAttributeSets() throws {
        let item = try onlyDiagnostic(#"{"searchableItem": {"uniqueIdentifier": "p1", "domainIdentifer": "photos"}}"#)
        #expect(item.message.contains("did you mean 'domainIdentifier'?"), "\(item.message)")
        #expect(item.location.pointer == "/searchableItem/domainIdentifer")
        let set = try onlyDiagnostic(#"{"searchableItem": {"uniqueIdentifier": "p1", "attributeSet": {"titel": "Beach"}}}"#)
        #expect(set.severity == .warning)
        #expect(set.message.contains("did you mean 'title'?"), "\(set.message)")
        #expect(set.location.pointer == "/searchableItem/attributeSet/titel")
    }

    @Test func unknownKeyFarFromEveryKnownKeyHasNoSuggestion() throws {
        let diagnostic = try onlyDiagnostic(#"{"userActivity": {"activityType": "com.example.app.view", "zzzzzzzz": 1}}"#)
        #expect(diagnostic.code == ProblemCode.unknownKey)
        #expect(!diagnostic.message.contains("did you mean"))
    }

    /// WWDC16 session 240: setting mapItem populates the content attribute set; what the activity's
    /// own set gives is kept, and each filled value points into the map item.
    @Test func aMapItemPopulatesTheAttributeSet() throws {
        let decoded = try decode(
            #"""
            {"userActivity": {"activityType": "com.example.places.view-place",
              "mapItem": {"name": "Tony's Pizza", "phoneNumber": "+1 415-555-0131",
                          "placemark": {"coordinate": {"latitude": 37.8, "longitude": -122.4}, "subThoroughfare": "1570", "thoroughfare": "Stockton St",
                                        "locality": "San Francisco", "administrativeArea": "CA", "postalCode": "94133", "country": "United States"}},
              "contentAttributeSet": {"namedLocation": "Tony's", "supportsNavigation": true}}}
            """#)
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics.map(\.message))")
        let set = try #require(activity(decoded.donations.first)?.contentAttributeSet)
        #expect(
            set.string("namedLocation") == "Tony's" && set.pointer("namedLocation").description == "/userActivity/contentAttributeSet/namedLocation")
        #expect(set.latitude == 37.8 && set.longitude == -122.4)
        #expect(set.pointer("latitude").description == "/userActivity/mapItem/placemark/coordinate/latitude")
        #expect(set.strings("phoneNumbers") == ["+1 415-555-0131"] && set.pointer("phoneNumbers").description == "/userActivity/mapItem/phoneNumber")
        #expect(set.string("city") == "San Francisco" && set.string("stateOrProvince") == "CA" && set.string("thoroughfare") == "Stockton St")
        #expect(set.flag("supportsNavigation"))
        // Half a coordinate is an error: CLLocationCoordinate2D has both.
        let half = try onlyDiagnostic(#"{"userActivity": {"activityType": "a.b.c", "mapItem": {"placemark": {"coordinate": {"latitude": 37.8}}}}}"#)
        #expect(half.severity == .error && half.location.pointer == "/userActivity/mapItem/placemark/coordinate")
    }

    @Test func unmodelledPropertyIsNamedAsNotChecked() throws {
        let diagnostic = try onlyDiagnostic(#"{"userActivity": {"activityType": "com.example.app.view", "shortcutAvailability": 1}}"#)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message.contains("not checked by Proctor yet"))
    }

    // MARK: - Wrong types

    @Test func wrongTypeIsAnErrorAtTheValue() throws {
        let json = "{\"userActivity\": {\n  \"activityType\": 42\n}}"
        let decoded = try decode(json)
        let diagnostic = try #require(decoded.diagnostics.first)
        #expect(decoded.diagnostics.count == 1)
        #expect(diagnostic.code == ProblemCode.typeMismatch)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "expected a string for 'activityType', found integer")
        #expect(diagnostic.location.pointer == "/userActivity/activityType")
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.location.column == 19, "reported at the value, not the key")
        #expect(decoded.donations.isEmpty, "a donation with an error is not checked")
    }

    @Test(arguments: [
        (#"{"userActivity": {"activityType": "a.b", "isEligibleForSearch": "yes"}}"#, "/userActivity/isEligibleForSearch", "a boolean"),
        (#"{"userActivity": {"activityType": "a.b", "keywords": ["x", 1]}}"#, "/userActivity/keywords/1", "a string"),
        (#"{"userActivity": {"activityType": "a.b", "keywords": "x"}}"#, "/userActivity/keywords", "an array"),
        (#"{"userActivity": {"activityType": "a.b", "userInfo": []}}"#, "/userActivity/userInfo", "an object"),
        (
            #"{"userActivity": {"activityType": "a.b", "contentAttributeSet": {"latitude": "48.1"}}}"#, "/userActivity/contentAttributeSet/latitude",
            "a number"
        ),
        (#"{"searchableItem": {"uniqueIdentifier": 7}}"#, "/searchableItem/uniqueIdentifier", "a string"),
        (#"{"searchableItem": []}"#, "/searchableItem", "an object"),
        (#"[{"userActivity": {"activityType": "a.b"}}, 3]"#, "/1", "a donation object"),
        (#""just a string""#, "", "a donation object or an array"),
    ])
    func wrongTypes(json: String, pointer: String, expected: String) throws {
        let diagnostic = try onlyDiagnostic(json)
        #expect(diagnostic.code == ProblemCode.typeMismatch)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.pointer == pointer)
        #expect(diagnostic.message.hasPrefix("expected \(expected)"), "\(diagnostic.message)")
    }

    @Test func unreadableDateIsAnError() throws {
        let diagnostic = try onlyDiagnostic(#"{"userActivity": {"activityType": "a.b", "expirationDate": "2026-06-01 12:00"}}"#)
        #expect(diagnostic.code == ProblemCode.invalidValue)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.pointer == "/userActivity/expirationDate")
        let zoneless = try onlyDiagnostic(#"{"searchableItem": {"uniqueIdentifier": "p", "expirationDate": "2026-06-01T12:00:00"}}"#)
        #expect(zoneless.code == ProblemCode.invalidValue)
    }

    @Test func flagsAcceptBooleansAndNumbers() throws {
        let decoded = try decode(
            #"{"searchableItem": {"uniqueIdentifier": "p", "attributeSet": {"supportsNavigation": true, "supportsPhoneCall": 1}}}"#)
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics.map(\.message))")
        #expect(decoded.donations.count == 1)
    }

    // MARK: - Siblings

    @Test func aDonationWithAnErrorIsSkippedButItsSiblingsAreChecked() throws {
        let json = """
            [
              {"userActivity": {"activityType": "ViewPlace", "title": 5}},
              {"userActivity": {"activityType": "ViewTrail"}},
              {"searchableItem": {"uniqueIdentifier": "p1", "attributeSet": {"title": "Beach", "rankingHint": 500}}}
            ]
            """
        let result = lint(json)
        let file = try #require(result.files.first)
        #expect(file.payloadCount == 2)
        #expect(file.diagnostics.map(\.location.pointer) == ["/0/userActivity/title"])
        #expect(file.wasChecked)
        // The first donation names a bad activity type too, but it is not checked.
        let reverseDNS = file.findings.filter { $0.ruleID == "activity_type_reverse_dns" }
        #expect(reverseDNS.map(\.location.pointer) == ["/1/userActivity/activityType"])
        #expect(file.findings.contains { $0.ruleID == "ranking_hint_range" && $0.location.pointer == "/2/searchableItem/attributeSet/rankingHint" })
        #expect(!file.findings.contains { $0.location.pointer?.hasPrefix("/0/") == true })
        #expect(result.report().exitCode == .inputError)
    }

    // MARK: - Tagged userInfo values

    @Test func taggedUserInfoValuesDecode() throws {
        let json = #"""
            {"userActivity": {"activityType": "com.example.app.view", "userInfo": {
              "when": {"$date": "2026-05-01T11:30:00+02:00"},
              "blob": {"$data": "aGVsbG8="},
              "site": {"$url": "https://example.com/p/42"},
              "tags": {"$set": ["pizza", 2]},
              "id": {"$class": "UUID"},
              "raw": {"$dictionary": {"$date": "not a date"}},
              "plain": {"a": 1, "b": [true, null, 1.5, 18446744073709551615]},
              "one": {"k": "v"}
            }}}
            """#
        let decoded = try decode(json)
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics.map(\.message))")
        let userInfo = try #require(activity(decoded.donations.first)?.userInfo)
        #expect(userInfo.map(\.key) == ["when", "blob", "site", "tags", "id", "raw", "plain", "one"])
        let values = Dictionary(uniqueKeysWithValues: userInfo.map { ($0.key, $0.value) })

        guard case .date(let date)? = values["when"] else {
            Issue.record("when: \(String(describing: values["when"]))")
            return
        }
        #expect(date == DateFormat.parse("2026-05-01T09:30:00Z"))
        guard case .data(let data)? = values["blob"] else {
            Issue.record("blob: \(String(describing: values["blob"]))")
            return
        }
        #expect(data == Data("hello".utf8))
        guard case .url(let url)? = values["site"] else {
            Issue.record("site: \(String(describing: values["site"]))")
            return
        }
        #expect(url == "https://example.com/p/42")
        guard case .set(let set)? = values["tags"] else {
            Issue.record("tags: \(String(describing: values["tags"]))")
            return
        }
        #expect(set.count == 2)
        #expect(set.map(\.pointer.description) == ["/userActivity/userInfo/tags/$set/0", "/userActivity/userInfo/tags/$set/1"])
        guard case .object(let className)? = values["id"] else {
            Issue.record("id: \(String(describing: values["id"]))")
            return
        }
        #expect(className == "UUID")
        guard case .dictionary(let raw)? = values["raw"] else {
            Issue.record("raw: \(String(describing: values["raw"]))")
            return
        }
        #expect(raw.map(\.key) == ["$date"], "$dictionary escapes a one-key object whose key starts with '$'")
        guard case .string(let rawText)? = raw.first?.value else {
            Issue.record("raw value: \(raw)")
            return
        }
        #expect(rawText == "not a date")
        guard case .dictionary(let plain)? = values["plain"] else {
            Issue.record("plain: \(String(describing: values["plain"]))")
            return
        }
        #expect(plain.map(\.key) == ["a", "b"])
        guard case .array(let array)? = plain.last?.value else {
            Issue.record("plain.b: \(plain)")
            return
        }
        #expect(array.count == 4)
        if case .unsignedInteger(let big) = array[3].value { #expect(big == UInt64.max) } else { Issue.record("\(array[3].value)") }
        guard case .dictionary(let one)? = values["one"] else {
            Issue.record("one: \(String(describing: values["one"]))")
            return
        }
        #expect(one.map(\.key) == ["k"])
    }

    @Test func unknownTagIsAnErrorWithASuggestion() throws {
        let json = #"{"userActivity": {"activityType": "com.example.app.view", "userInfo": {"site": {"$urll": "https://example.com"}}}}"#
        let decoded = try decode(json)
        let diagnostic = try #require(decoded.diagnostics.first)
        #expect(decoded.diagnostics.count == 1)
        #expect(diagnostic.code == ProblemCode.invalidValue)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("unknown tag '$urll'; did you mean '$url'?"), "\(diagnostic.message)")
        #expect(diagnostic.location.pointer == "/userActivity/userInfo/site/$urll")
        #expect(decoded.donations.isEmpty)
    }

    @Test(arguments: [
        (#"{"$date": "yesterday"}"#, "/userActivity/userInfo/v/$date", ProblemCode.invalidValue),
        (#"{"$data": "not base64!"}"#, "/userActivity/userInfo/v/$data", ProblemCode.invalidValue),
        (#"{"$url": 5}"#, "/userActivity/userInfo/v/$url", ProblemCode.typeMismatch),
        (#"{"$set": {}}"#, "/userActivity/userInfo/v/$set", ProblemCode.typeMismatch),
        (#"{"$dictionary": []}"#, "/userActivity/userInfo/v/$dictionary", ProblemCode.typeMismatch),
        (#"{"$class": null}"#, "/userActivity/userInfo/v/$class", ProblemCode.typeMismatch),
    ])
    func badTaggedValues(value: String, pointer: String, code: ProblemCode) throws {
        let diagnostic = try onlyDiagnostic(#"{"userActivity": {"activityType": "com.example.app.view", "userInfo": {"v": "# + value + "}}}")
        #expect(diagnostic.code == code)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.pointer == pointer)
    }

    // MARK: - Donation shapes

    @Test func missingActivityTypeIsAnError() throws {
        let decoded = try decode(#"[{"userActivity": {"title": "Tony's"}}]"#)
        let diagnostic = try #require(decoded.diagnostics.first)
        #expect(decoded.diagnostics.count == 1)
        #expect(diagnostic.code == ProblemCode.missingValue)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.pointer == "/0/userActivity")
        #expect(diagnostic.location.column == 19)
        #expect(decoded.donations.isEmpty)
    }

    @Test func aDonationWithTwoKindsIsAnError() throws {
        let json = #"{"userActivity": {"activityType": "a.b"}, "searchableItem": {"uniqueIdentifier": "p"}}"#
        let decoded = try decode(json)
        let diagnostic = try #require(decoded.diagnostics.first)
        #expect(decoded.diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.code == ProblemCode.invalidValue)
        #expect(diagnostic.message.contains("'userActivity' and 'searchableItem'"), "\(diagnostic.message)")
        #expect(diagnostic.location.pointer == "/searchableItem")
        #expect(diagnostic.location.column == 43, "at the second key")
        #expect(decoded.donations.isEmpty)
    }

    @Test(arguments: [("userActivty", "userActivity"), ("serchableItem", "searchableItem"), ("SearchableItem", "searchableItem")])
    func unknownKindSuggestsTheRightOne(kind: String, suggestion: String) throws {
        let diagnostic = try onlyDiagnostic("{\"\(kind)\": {}}")
        #expect(diagnostic.code == ProblemCode.unknownDonationKind)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("did you mean '\(suggestion)'?"), "\(diagnostic.message)")
        #expect(diagnostic.location.pointer == "/\(kind)")
        #expect(diagnostic.location.column == 2)
    }

    @Test func emptyDonationObjectIsAnError() throws {
        let diagnostic = try onlyDiagnostic(#"[{}]"#)
        #expect(diagnostic.code == ProblemCode.invalidValue)
        #expect(diagnostic.location.pointer == "/0")
    }

    @Test func decodedDonationsKeepTheirPointers() throws {
        let decoded = try decode(
            #"[{"searchableItem": {"uniqueIdentifier": "a"}}, {"userActivity": {"activityType": "a.b", "isEligibleForHandoff": false}}]"#)
        #expect(decoded.diagnostics.isEmpty)
        #expect(decoded.donations.map(\.pointer.description) == ["/0", "/1"])
        #expect(decoded.donations.map(\.donation.kind) == ["searchableItem", "userActivity"])
        let decodedActivity = try #require(activity(decoded.donations.last))
        #expect(decodedActivity.pointer.description == "/1/userActivity")
        #expect(decodedActivity.isEligibleForHandoff == false)
        #expect(decodedActivity.isEligibleForSearch == false)
    }
}
