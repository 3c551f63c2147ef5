import Foundation
import ProctorCore
import ProctorJSON
import ProctorLinks
import ProctorVocabulary

/// The JSON Schema (draft 2020-12) of scenario files, built from the same tables the decoders
/// read (step kinds, attribute-set properties, launch failures), so the two cannot drift apart
/// on vocabulary. `proctor schema` prints it; docs/scenario.schema.json is the committed copy,
/// and a test fails when that copy is stale.
///
/// The schema checks structure and types. What only the decoder can check is documented in
/// docs/scenario-format.md: references by name (devices, routes, activities), names used twice,
/// steps that need an earlier step, and unknown keys inside donation payloads, which are
/// warnings there as in `proctor lint` (so the schema allows them).
package enum ScenarioSchema {
    package static let identifier = "urn:proctor:schema:scenario:1"

    /// The schema as `docs/scenario.schema.json` holds it: keys sorted, two-space indents, written
    /// by the same JSONWriter as every JSON Proctor writes.
    package static var text: String {
        JSONWriter.write(JSONNode(plain: document), indent: 2) + "\n"
    }

    static var document: [String: Any] {
        [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": identifier,
            "title": "Proctor scenario (format \(Scenario.formatVersion))",
            "description": "A scenario for `proctor run`: an app, its devices, a clock and ordered steps. See docs/scenario-format.md.",
            "type": "object",
            "required": ["format", "name", "clock", "app", "steps"],
            "additionalProperties": false,
            "properties": [
                "$schema": ["type": "string", "description": "The schema this file follows, for editors; Proctor ignores it."],
                "format": ["const": Scenario.formatVersion, "description": "The version of the scenario format."],
                "name": nonEmpty("The scenario's name, as reports print it."),
                "description": ["type": "string", "description": "What the scenario shows, in a sentence or two."],
                "tags": ["type": "array", "items": ["type": "string"], "description": "Labels for `proctor run --tag`."],
                "clock": ref("date", "The clock when the first step runs."),
                "app": ref("app"),
                "devices": [
                    "type": "array", "minItems": 1, "items": ref("device"),
                    "description": "Devices signed in to the same account; steps name them with 'device'. Default: one 'iPhone' with the app.",
                ],
                "system": [
                    "type": "object", "additionalProperties": false,
                    "description": "Limits the scenario states where Apple publishes only a recommendation; the model applies none unless stated.",
                    "properties": [
                        "handoffUserInfoLimit": [
                            "type": "integer", "minimum": 1,
                            "description":
                                "Fail a Handoff whose userInfo encodes to more bytes than this, as a binary property list, with userInfoTooLarge. Apple recommends 3 KB or less (3072) and publishes no hard limit.",
                        ],
                        "maximumRegionMonitoringDistance": [
                            "type": "number", "minimum": 0,
                            "description":
                                "Meters: monitoring a circular region with a larger radius fails with regionMonitoringFailure. The device's value is undocumented; without it no radius fails.",
                        ],
                        "regionCushion": [
                            "type": "number", "minimum": 0, "default": 0,
                            "description":
                                "Meters past a circular region's edge a device must go before its exit is reported (Apple's undocumented 'system-defined cushion').",
                        ],
                    ],
                ],
                "sites": [
                    "type": "object",
                    "description":
                        "The web: each domain's apple-app-site-association file, inline or as a path relative to the scenario. A domain not listed serves none.",
                    "additionalProperties": ["anyOf": [["type": "object"], ["type": "string", "minLength": 1]]],
                ],
                "steps": ["type": "array", "items": ref("step"), "description": "What happens, in order."],
            ],
            "$defs": definitions,
        ]
    }

    private static var definitions: [String: Any] {
        var defs: [String: Any] = [
            "date": [
                "type": "string",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$",
                "description": "RFC 3339 with a time zone, such as 2026-06-01T09:30:00Z.",
            ],
            "base64": [
                "type": "string", "pattern": "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
                "description": "Standard base64 (RFC 4648).",
            ],
            "strings": ["type": "array", "items": ["type": "string"]],
            "deviceName": nonEmpty("The name of one of the scenario's devices; the first device when absent."),
            "app": app,
            "route": route,
            "routesFile": object(
                ["from": nonEmpty("A routes file, relative to the scenario, as proctor scan --emit-routes writes it.")], required: ["from"]),
            "device": object(
                [
                    "name": nonEmpty("Unique among the devices."), "appInstalled": ["type": "boolean", "default": true],
                    "timeZone": nonEmpty("The user's IANA time zone, such as America/New_York; UTC when absent."),
                    "quietHours": object(
                        [
                            "from": ["type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"],
                            "to": ["type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"],
                        ],
                        required: ["from", "to"]),
                    "doNotDisturb": ["type": "boolean", "default": false, "description": "Whether the device silences its quietHours."],
                ], required: ["name"]
            ).merging(["dependentRequired": ["doNotDisturb": ["quietHours"]]]) { $1 },
            "notification": notification,
            "calendarEvent": object([
                "title": ["type": "string"], "startDate": ref("date"), "endDate": ref("date"), "timeZone": ["type": ["string", "null"]],
                "isAllDay": ["type": "boolean"], "location": ["type": "string"], "url": ["type": "string"], "notes": ["type": "string"],
                "alarms": [
                    "type": "array",
                    "items": object(["relativeOffset": ["type": "number"], "absoluteDate": ref("date")]).merging([
                        "oneOf": [["required": ["relativeOffset"]], ["required": ["absoluteDate"]]]
                    ]) { $1 },
                ],
            ]),
            "circularRegion": object(
                [
                    "identifier": nonEmpty("Tells the app's regions apart."),
                    "center": object(["latitude": ["type": "number"], "longitude": ["type": "number"]], required: ["latitude", "longitude"]),
                    "radius": ["type": "number", "description": "Meters."], "notifyOnEntry": ["type": "boolean"], "notifyOnExit": ["type": "boolean"],
                ], required: ["identifier", "center", "radius"]),
            "beaconRegion": object(
                [
                    "identifier": nonEmpty("Tells the app's regions apart."), "uuid": ["type": "string"], "proximityUUID": ["type": "string"],
                    "major": ["type": "integer"], "minor": ["type": "integer"], "notifyOnEntry": ["type": "boolean"],
                    "notifyOnExit": ["type": "boolean"],
                    "notifyEntryStateOnDisplay": ["type": "boolean"],
                ], required: ["identifier"]
            ).merging(["oneOf": [["required": ["uuid"]], ["required": ["proximityUUID"]]]]) { $1 },
            "step": step,
            "userActivity": userActivity,
            "searchableItem": searchableItem,
            "interaction": interaction,
            "nullableString": ["type": ["string", "null"]],
            "attributeSet": attributeSet,
            "propertyListValue": propertyListValue,
            "userInfo": [
                "type": "object", "additionalProperties": ref("propertyListValue"),
                "description": "userInfo in the donation encoding: JSON values, and one-key tagged objects for dates, data, URLs, sets and classes.",
            ],
        ]
        for kind in ScenarioSteps.all { defs["step." + kind.name] = kind.schema }
        for kind in ScenarioExpectations.all { defs["expect." + kind.name] = kind.schema }
        return defs
    }

    // MARK: - App

    private static var app: [String: Any] {
        var schema = object(
            [
                "bundleIdentifier": nonEmpty("CFBundleIdentifier; also expands $(PRODUCT_BUNDLE_IDENTIFIER) in the facts."),
                "teamIdentifier": ["type": "string", "pattern": "^[A-Z0-9]{10}$", "description": "The Apple Developer Team ID."],
                "info": [
                    "type": "object",
                    "description":
                        "Info.plist facts inline, with the plist's own keys (NSUserActivityTypes, CFBundleURLTypes, CFBundleIdentifier, ...).",
                    "properties": [
                        "CFBundleIdentifier": ["type": "string"],
                        "NSUserActivityTypes": ref("strings"),
                        "CFBundleURLTypes": ["type": "array", "items": ["type": "object", "properties": ["CFBundleURLSchemes": ref("strings")]]],
                        "INIntentsSupported": ref("strings"),
                        "UIBackgroundModes": ref("strings"),
                    ],
                ],
                "infoPlist": nonEmpty("The app's real Info.plist (XML or binary), relative to the scenario file."),
                "deploymentTarget": [
                    "type": "string", "pattern": "^[0-9]+(\\.[0-9]+){0,2}$",
                    "description": "The iOS deployment target, such as 15.0; overrides MinimumOSVersion.",
                ],
                "serviceNames": [
                    "type": "array", "items": ["type": "string", "minLength": 1],
                    "description": "The messaging services the app speaks (serviceName values).",
                ],
                "associatedDomains": [
                    "type": "array", "items": ["type": "string", "pattern": "^(applinks|webcredentials|activitycontinuation|appclips):"],
                    "description":
                        "The Associated Domains entitlement, such as applinks:example.com; absent: every domain of sites is assumed listed.",
                ],
                "coverageFile": nonEmpty(
                    "A routing app's .geojson coverage file, relative to the scenario: Maps offers the app only for places inside it."),
                "entitlements": nonEmpty(
                    "The app's .entitlements file (XML or binary), relative to the scenario file, for its Associated Domains; instead of associatedDomains."
                ),
                "routes": [
                    "oneOf": [["type": "array", "items": ["oneOf": [ref("route"), ref("routesFile")]]], ref("routesFile")],
                    "description": "The app's launch handlers; {\"from\": FILE} takes those of a routes file proctor scan --emit-routes wrote.",
                ],
                "media": object([
                    "prepare": object([
                        "nowPlayingInfo": [
                            "type": "object",
                            "description": "MPNowPlayingInfoCenter.nowPlayingInfo as the app sets it, with Media Player's key names (docs/media.md).",
                        ],
                        "setsNowPlayingInfo": [
                            "enum": PlaybackPreparation.Timing.allCases.map(\.rawValue),
                            "description": "When the app sets nowPlayingInfo: before its completion handler (the default) or after.",
                        ],
                        "completion": [
                            "enum": PlaybackPreparation.Completion.allCases.map(\.rawValue),
                            "description": "What the app passes its completion handler: success (the default) or an error.",
                        ],
                        "streamsContent": ["type": "boolean", "description": "The content is fetched over the network."],
                        "errorsWhenOffline": [
                            "type": "boolean", "description": "With streamsContent: the app passes an error when the device has no network.",
                        ],
                        "startsPlayback": ["type": "boolean", "description": "The app starts playing while it prepares."],
                    ]).merging([
                        "description":
                            "What the app's MPPlayableContentDelegate does when the system asks it to prepare a playback queue after a trigger.",
                        "dependentRequired": ["setsNowPlayingInfo": ["nowPlayingInfo"]],
                        "dependentSchemas": [
                            "errorsWhenOffline": ["required": ["streamsContent"], "properties": ["streamsContent": ["const": true]]]
                        ],
                    ]) { $1 }
                ]).merging(["description": "A media app's answers to the system (docs/media.md)."]) { $1 },
                "regionHandlers": [
                    "type": "array", "description": "What the app does when a region event wakes it.",
                    "items": object(
                        [
                            "region": nonEmpty("The region's identifier."), "event": ["enum": ["entry", "exit"]],
                            "minimumInterval": [
                                "type": "number", "minimum": 0,
                                "description":
                                    "Seconds: an event of the region sooner after the last one handled is ignored (the app's own safety check).",
                            ],
                            "postNotification": object([
                                "title": ["type": "string"], "subtitle": ["type": "string"], "body": ["type": "string"],
                                "categoryIdentifier": ["type": "string"],
                                "threadIdentifier": ["type": "string"], "userInfo": ref("userInfo"),
                                "interruptionLevel": ["enum": ["passive", "active", "timeSensitive", "critical"]],
                            ]).merging(["anyOf": [["required": ["title"]], ["required": ["body"]]]]) { $1 },
                        ], required: ["region", "event"]),
                ],
            ], required: ["routes"])
        schema["oneOf"] = [["required": ["info"]], ["required": ["infoPlist"]]]
        return schema
    }

    private static var route: [String: Any] {
        var schema = object(
            [
                "name": nonEmpty("Unique among the routes; launch expectations name it."),
                "activityTypes": [
                    "type": "array", "items": ["type": "string"],
                    "description": "Activity types the handler accepts, including com.apple.corespotlightitem for Core Spotlight results.",
                ],
                "identifierPrefix": ["type": "string", "description": "For com.apple.corespotlightitem: only identifiers starting with this."],
                "reservationItems": [
                    "enum": ReservationItemsKind.allCases.map(\.rawValue),
                    "description": "For INGetReservationDetailsIntent launches: only the whole reservation (none) or only one item (one).",
                ],
                "urls": [
                    "type": "array", "items": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9+.-]*:"],
                    "description": "URL patterns: * is any text without '/', ** any text.",
                ],
                "notificationCategories": [
                    "type": "array", "items": ["type": "string"],
                    "description": "Notification categories (aps.category) a tapped notification of which reaches this route.",
                ],
                "notificationKeys": [
                    "type": "array", "items": ["type": "string"], "description": "The app's own payload keys that bring a tapped notification here.",
                ],
                "directionsRequests": [
                    "type": "boolean", "description": "Takes directions requests from Maps (a routing app's MKDirectionsRequest).",
                ],
                "needsCoordinates": [
                    "type": "boolean", "description": "For directions requests: reads the map items' coordinates and does not geocode an address.",
                ],
                "shortcutItemTypes": [
                    "type": "array", "items": ["type": "string"],
                    "description": "Home Screen quick-action types (UIApplicationShortcutItem.type) the app's handler routes here.",
                ],
                "coldLaunch": [
                    "type": "boolean",
                    "description":
                        "Default true. False: the handler takes what this route accepts only while the app runs (scene(_:openURLContexts:), windowScene(_:performActionFor:) without connectionOptions), so a launch of an app that is not running fails with coldLaunchUnhandled.",
                ],
                "userInfoKeys": [
                    "type": "array", "items": ["type": "string"],
                    "description":
                        "The userInfo keys the handler needs to restore its screen (for a notification: the payload's own keys; for a quick action: its item's userInfo keys).",
                ],
                "queryItems": [
                    "type": "array", "items": ["type": "string"],
                    "description":
                        "For a route with urls: the query items the handler reads by name (?id=…); a URL that reaches the route without one fails with missingQueryItem.",
                ],
                "handledIn": [
                    "type": "array", "items": ["type": "string"],
                    "description": "Where proctor scan found the handler (path:line:column and symbol); a comment.",
                ],
            ], required: ["name"])
        schema["anyOf"] = [
            ["required": ["activityTypes"], "properties": ["activityTypes": ["minItems": 1]]],
            ["required": ["urls"], "properties": ["urls": ["minItems": 1]]],
            ["required": ["notificationCategories"], "properties": ["notificationCategories": ["minItems": 1]]],
            ["required": ["notificationKeys"], "properties": ["notificationKeys": ["minItems": 1]]],
            ["required": ["directionsRequests"], "properties": ["directionsRequests": ["const": true]]],
            ["required": ["shortcutItemTypes"], "properties": ["shortcutItemTypes": ["minItems": 1]]],
        ]
        schema["dependentRequired"] = ["needsCoordinates": ["directionsRequests"]]
        schema["dependentSchemas"] = [
            "identifierPrefix": [
                "required": ["activityTypes"], "properties": ["activityTypes": ["contains": ["const": SystemActivityType.spotlightItem]]],
            ],
            "reservationItems": [
                "required": ["activityTypes"], "properties": ["activityTypes": ["contains": ["const": IntentClass.getReservationDetails.rawValue]]],
            ],
        ]
        return schema
    }

    // MARK: - Steps

    private static var step: [String: Any] {
        [
            "description": "An object with exactly one key, naming the step.",
            "oneOf": ScenarioSteps.names.map { name in
                object([name: ref("step." + name)], required: [name])
            },
        ]
    }

    /// What the bodies of several steps share.
    static var device: [String: Any] { ref("deviceName") }
    static var activityHandle: [String: Any] { nonEmpty("The scenario's name for an activity object, defined by becomeCurrent.") }
    static var onlyDevice: [String: Any] { object(["device": device]) }

    /// A list of titles (or other strings), as several expectations compare them.
    static var titles: [String: Any] { ["type": "array", "items": ["type": "string"]] }

    // MARK: - Donations

    /// A remote notification request, as in a donation file's `notification` (docs/notifications.md).
    private static var notification: [String: Any] {
        let apsKeys = Dictionary(uniqueKeysWithValues: APSDictionary.keys.map { ($0, [String: Any]()) })
        var aps: [String: Any] = ["type": "object", "properties": apsKeys]
        aps["properties"] = apsKeys.merging([
            "alert": ["type": ["string", "object"]], "badge": ["type": "integer"], "sound": ["type": ["string", "object"]],
            "content-available": ["type": "integer"], "mutable-content": ["type": "integer"], "category": ["type": "string"],
            "thread-id": ["type": "string"], "interruption-level": ["enum": APSDictionary.interruptionLevels], "relevance-score": ["type": "number"],
        ]) { $1 }
        return object(
            [
                "headers": [
                    "type": "object", "description": "The request's HTTP headers (names case-insensitive).",
                    "properties": [
                        "apns-push-type": ["type": "string"], "apns-priority": ["type": ["integer", "string"]], "apns-topic": ["type": "string"],
                        "apns-expiration": ["type": ["integer", "string"]], "apns-collapse-id": ["type": "string"], "apns-id": ["type": "string"],
                    ],
                ],
                "payload": ["type": "object", "properties": ["aps": aps], "description": "The JSON payload: aps, and the app's own keys beside it."],
            ], required: ["payload"])
    }

    private static var userActivity: [String: Any] {
        let strings = ref("strings")
        var properties: [String: Any] = [
            "activityType": ["type": "string"], "title": ["type": "string"], "userInfo": ref("userInfo"),
            "requiredUserInfoKeys": strings, "keywords": strings, "webpageURL": ["type": "string"], "referrerURL": ["type": "string"],
            "expirationDate": ref("date"), "persistentIdentifier": ["type": "string"], "targetContentIdentifier": ["type": "string"],
            "contentAttributeSet": ref("attributeSet"), "mapItem": mapItem,
        ]
        for flag in [
            "isEligibleForHandoff", "isEligibleForSearch", "isEligibleForPublicIndexing", "isEligibleForPrediction", "supportsContinuationStreams",
            "needsSave",
        ] {
            properties[flag] = ["type": "boolean"]
        }
        // Unknown keys are warnings, as in donation files, so they are allowed here.
        return [
            "type": "object", "required": ["activityType"], "properties": properties,
            "description": "An NSUserActivity, with the Swift API's property names.",
        ]
    }

    /// An MKMapItem (`MapItem`), from its key tables; unknown keys are warnings, so allowed.
    private static var mapItem: [String: Any] {
        let string: [String: Any] = ["type": "string"]
        let degrees: [String: Any] = ["type": "number"]
        var placemark: [String: Any] = [:]
        var postalAddress: [String: Any] = [:]
        for key in MapItem.postalAddressKeys { postalAddress[key] = string }
        for key in MapItem.placemarkKeys {
            switch key {
            case "coordinate":
                placemark[key] = [
                    "type": "object", "properties": ["latitude": degrees, "longitude": degrees], "required": ["latitude", "longitude"],
                ]
            case "postalAddress": placemark[key] = ["type": "object", "properties": postalAddress]
            default: placemark[key] = string
            }
        }
        var properties: [String: Any] = [:]
        for key in MapItem.keys { properties[key] = key == "placemark" ? ["type": "object", "properties": placemark] : string }
        return [
            "type": "object", "properties": properties,
            "description": "An MKMapItem; setting it fills the content attribute set (docs/input-format.md).",
        ]
    }

    /// An INInteraction, built from the decoder's key tables (`DonationDecoder.InteractionKeys`).
    /// Like the other donations it allows unknown keys, which the decoder only warns about.
    private static var interaction: [String: Any] {
        typealias Keys = DonationDecoder.InteractionKeys
        let string: [String: Any] = ["type": "string"]
        let speakable: [String: Any] = ["anyOf": [string, open(Keys.speakableString.map { ($0, string) }, required: ["spokenPhrase"])]]
        let speakables: [String: Any] = ["type": "array", "items": speakable]
        let components = open(Keys.dateComponents.map { ($0, $0 == "timeZone" ? string : ["type": "integer"]) })
        let range = open(Keys.range.map { ($0, ["anyOf": [components, ["type": "null"]]]) })
        let placemark = open([
            ("name", string),
            ("location", open(Keys.location.map { ($0, ["type": "number"]) }, required: Keys.location)),
            ("postalAddress", open(Keys.postalAddress.map { ($0, string) })), ("timeZone", string),
        ])
        let handle = open(Keys.personHandle.map { ($0, string) }, required: ["type"])
        let person = open(
            Keys.person.map { key -> (String, [String: Any]) in
                switch key {
                case "personHandle": (key, handle)
                case "aliases": (key, ["type": "array", "items": handle])
                case "nameComponents": (key, open(Keys.nameComponents.map { ($0, string) }))
                case "isMe": (key, ["type": "boolean"])
                default: (key, string)
                }
            })
        let people: [String: Any] = ["type": "array", "items": person]
        let seat = open(Keys.seat.map { ($0, string) })
        let codes = open(Keys.airline.map { ($0, string) })
        let gate = open([("airport", codes), ("terminal", string), ("gate", string)], required: ["airport"])
        let flight = open(
            Keys.flight.map { key -> (String, [String: Any]) in
                switch key {
                case "airline": (key, codes)
                case "boardingTime", "flightDuration": (key, range)
                case "departureAirportGate", "arrivalAirportGate": (key, gate)
                default: (key, string)
                }
            })
        let activity = ref("userActivity")
        let action = open([("type", ["enum": ReservationActionType.allCases.map(\.rawValue)]), ("validDuration", range), ("userActivity", activity)])
        // A reservation property's schema, by name; the subclass tables give the names.
        func property(_ key: String, trip: DonationDecoder.TripKeys?) -> [String: Any] {
            switch key {
            case "itemReference": return speakable
            case "bookingTime": return ref("date")
            case "actions": return ["type": "array", "items": action]
            case "reservedSeat": return seat
            case "flight": return flight
            case "reservationDuration", "rentalDuration": return range
            case "lodgingBusinessLocation", "restaurantLocation", "pickupLocation", "dropOffLocation": return placemark
            case "numberOfAdults", "numberOfChildren", "partySize": return ["type": "integer", "minimum": 0]
            case "rentalCar": return open(Keys.rentalCar.map { ($0, string) }, required: ["rentalCompanyName"])
            case "event":
                return open(
                    Keys.ticketedEvent.map { name -> (String, [String: Any]) in
                        switch name {
                        case "eventDuration": (name, range)
                        case "location": (name, placemark)
                        default: (name, string)
                        }
                    })
            case "trainTrip", "busTrip", "boatTrip":
                guard let trip else { return [:] }
                return open(
                    trip.all.map { name in
                        (name, name == "tripDuration" ? range : name == trip.departure || name == trip.arrival ? placemark : string)
                    })
            default: return string
            }
        }
        let reservationClasses = ReservationClass.allCases.map { reservationClass -> [String: Any] in
            let trip: DonationDecoder.TripKeys? =
                switch reservationClass {
                case .train: .train
                case .bus: .bus
                case .boat: .boat
                default: nil
                }
            let (own, required) = DonationDecoder.reservationKeys(reservationClass)
            let body = open((Keys.reservation + own).map { ($0, property($0, trip: trip)) }, required: ["itemReference"] + required)
            return object([reservationClass.rawValue: body], required: [reservationClass.rawValue])
        }
        let mediaItem = open(Keys.mediaItem.map { ($0, string) })
        let intents = IntentClass.allCases.map { intentClass -> [String: Any] in
            let keys: [String] =
                switch intentClass {
                case .sendMessage: Keys.sendMessage
                case .startCall: Keys.startCall
                case .startAudioCall: Keys.startAudioCall
                case .startVideoCall: Keys.startVideoCall
                case .getReservationDetails: Keys.getReservationDetails
                case .playMedia: Keys.playMedia
                }
            let body = open(
                keys.map { key -> (String, [String: Any]) in
                    switch key {
                    case "recipients", "contacts": (key, people)
                    case "sender": (key, person)
                    case "speakableGroupName", "reservationContainerReference": (key, speakable)
                    case "reservationItemReferences": (key, ["anyOf": [speakables, ["type": "null"]]])
                    case "mediaItems": (key, ["type": "array", "items": mediaItem])
                    case "mediaContainer": (key, mediaItem)
                    case "playShuffled", "resumePlayback": (key, ["type": "boolean"])
                    case "playbackSpeed": (key, ["type": "number"])
                    default: (key, string)
                    }
                })
            return object([intentClass.rawValue: body], required: [intentClass.rawValue])
        }
        let response = open([("code", string), ("reservations", ["type": "array", "items": ["oneOf": reservationClasses]])])
        let interval = open([("start", ref("date")), ("end", ref("date")), ("duration", ["type": "number", "minimum": 0])], required: ["start"])
        return open(
            [
                ("intent", ["oneOf": intents, "description": "The intent, as a one-key object naming its class."]),
                ("response", response),
                ("direction", ["enum": InteractionDirection.allCases.map(\.rawValue)]),
                ("identifier", string), ("groupIdentifier", string), ("dateInterval", interval),
                ("intentHandlingStatus", ["enum": IntentHandlingStatus.allCases.map(\.rawValue)]),
            ], required: ["intent"], description: "An INInteraction, with the Swift API's property names.")
    }

    /// An object of known properties that, like donations, allows unknown ones (warnings).
    private static func open(_ properties: [(String, [String: Any])], required: [String] = [], description: String? = nil) -> [String: Any] {
        var schema: [String: Any] = ["type": "object", "properties": Dictionary(properties, uniquingKeysWith: { first, _ in first })]
        if !required.isEmpty { schema["required"] = required }
        if let description { schema["description"] = description }
        return schema
    }

    private static var searchableItem: [String: Any] {
        [
            "type": "object",
            "properties": [
                "uniqueIdentifier": ["type": "string"], "domainIdentifier": ["type": "string"], "expirationDate": ref("date"),
                "attributeSet": ref("attributeSet"),
            ],
            "description": "A CSSearchableItem.",
        ]
    }

    private static var attributeSet: [String: Any] {
        var properties: [String: Any] = [:]
        for (key, kind) in AttributeSet.kinds {
            switch kind {
            case .string, .url: properties[key] = ["type": "string"]
            case .strings: properties[key] = ref("strings")
            case .number: properties[key] = ["type": "number"]
            case .flag: properties[key] = ["type": ["boolean", "number"]]
            case .date: properties[key] = ref("date")
            case .dates: properties[key] = ["type": "array", "items": ref("date")]
            case .data: properties[key] = ref("base64")
            }
        }
        return ["type": "object", "properties": properties, "description": "A CSSearchableItemAttributeSet, with the Swift API's property names."]
    }

    private static var propertyListValue: [String: Any] {
        let value = ref("propertyListValue")
        return [
            "anyOf": [
                ["type": ["null", "boolean", "number", "string"]],
                ["type": "array", "items": value],
                object(["$date": ref("date")], required: ["$date"]),
                object(["$data": ref("base64")], required: ["$data"]),
                object(["$url": ["type": "string"]], required: ["$url"]),
                object(["$class": ["type": "string"]], required: ["$class"]),
                object(["$set": ["type": "array", "items": value]], required: ["$set"]),
                object(["$dictionary": ["type": "object", "additionalProperties": value]], required: ["$dictionary"]),
                [
                    "type": "object", "additionalProperties": value,
                    // A one-key object whose key starts with '$' is a tag, and only the tags above exist.
                    "not": ["minProperties": 1, "maxProperties": 1, "propertyNames": ["pattern": "^\\$"]],
                ],
            ]
        ]
    }

    // MARK: - Helpers

    static func ref(_ name: String, _ description: String? = nil) -> [String: Any] {
        var schema: [String: Any] = ["$ref": "#/$defs/\(name)"]
        if let description { schema["description"] = description }
        return schema
    }

    /// At least one letter or digit; the decoder folds and splits the text into words.
    static var query: [String: Any] {
        ["type": "string", "pattern": "[0-9A-Za-z\u{00AA}-\u{FFFF}]", "description": "What the user types: words matched as prefixes."]
    }

    static func nonEmpty(_ description: String) -> [String: Any] {
        ["type": "string", "minLength": 1, "description": description]
    }

    static func object(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
        var schema: [String: Any] = ["type": "object", "properties": properties, "additionalProperties": false]
        if !required.isEmpty { schema["required"] = required }
        return schema
    }
}
