import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON
import ProctorVocabulary

/// `requestDirections`: the user asks Maps for directions (from `from`, else the current location,
/// to `to`, by `mode`) and picks the app among the routing apps Maps offers. Maps offers it only
/// when the app is a routing app for that mode with both ends in its coverage; then the app is
/// launched with the two map items, routed to the route that takes `directionsRequests`. When
/// Maps does not offer the app, the step fails unless an `expect.directions` examines it.
struct RequestDirectionsStep: ScenarioStep, StepOnOneDevice {
    static let name = "requestDirections"
    static let keys = ["device", "from", "to", "mode"]
    static let placeKeys = ["name", "latitude", "longitude", "address"]
    var device: Int
    var from: DirectionsModel.Place?
    var to: DirectionsModel.Place
    var mode: String?

    static var schema: [String: Any] {
        var place = ScenarioSchema.object([
            "name": ["type": "string", "minLength": 1], "latitude": ["type": "number", "minimum": -90, "maximum": 90],
            "longitude": ["type": "number", "minimum": -180, "maximum": 180], "address": ["type": "string", "minLength": 1],
        ])
        place["anyOf"] = [["required": ["latitude", "longitude"]], ["required": ["address"]]]
        place["dependentRequired"] = ["latitude": ["longitude"], "longitude": ["latitude"]]
        return ScenarioSchema.object(
            [
                "device": ScenarioSchema.device, "from": place, "to": place,
                "mode": ["enum": AppInfo.directionsModes, "description": "The transport mode asked for, such as MKDirectionsModeRideShare."],
            ], required: ["to"])
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let errorsBefore = decoder.reader.errorCount
        let device = decoder.deviceReference(fields, pointer, context: context)
        let from = fields["from"].flatMap { decoder.directionsPlace($0.value, pointer.appending("from")) }
        let to = decoder.reader.required(fields, "to", body, pointer).flatMap { decoder.directionsPlace($0, pointer.appending("to")) }
        var mode: String?
        if let member = fields["mode"], let text = decoder.reader.nonEmptyString(member.value, pointer.appending("mode")) {
            if AppInfo.directionsModes.contains(text) {
                mode = text
            } else {
                decoder.reader.report(
                    ProblemCode.scenarioInvalidValue,
                    "'\(text)' is not a directions mode\(Suggestion.phrase(for: text, among: AppInfo.directionsModes)); the modes are \(AppInfo.directionsModes.joined(separator: ", "))",
                    member.value, pointer.appending("mode"))
            }
        }
        guard let device, let to, decoder.reader.errorCount == errorsBefore else { return nil }
        return RequestDirectionsStep(device: device, from: from, to: to, mode: mode)
    }

    var summary: String { "ask Maps for directions to \(to.name.map { "'\($0)'" } ?? "a place")" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        // Without `from`, the start is where the device is, when a moveDevice step has said so.
        let here = player.model.location.state(of: device)
        let start =
            from
            ?? here.latitude.flatMap { latitude in
                here.longitude.map { DirectionsModel.Place(name: "the current location", latitude: latitude, longitude: $0) }
            }
        let refusal = DirectionsModel.refusal(from: start, to: to, mode: mode, app: player.scenario.app, hasApp: player.hasApp(device))
        player.features[DirectionsRequests.self].last = (step.number, refusal)
        if let refusal {
            player.refusals.append(
                .init(
                    subject: DirectionsRefusal(), step: step, name: summary, message: "Maps does not offer the app: \(refusal)",
                    expected: "Maps offers the app", actual: "not offered"))
            return
        }
        let delivery = Delivery(origin: .directionsRequest(source: from, destination: to), activityType: nil, userInfo: [], url: nil)
        let cause = "picking the app for directions in Maps on '\(player.deviceName(device))'"
        player.launch(step, device: device, cause: cause, delivery: delivery, outcome: LaunchRouter.route(delivery, app: player.scenario.app))
    }
}

extension ScenarioDecoder {
    /// A map item of a directions request: a name, coordinates, an address; coordinates may be
    /// missing (iOS 10), but then an address is needed.
    mutating func directionsPlace(_ node: JSONNode, _ pointer: JSONPointer) -> DirectionsModel.Place? {
        guard let fields = reader.object(node, pointer, what: "a place") else { return nil }
        reader.checkKeys(fields, pointer, allowed: RequestDirectionsStep.placeKeys, in: "a place")
        var place = DirectionsModel.Place()
        place.name = fields["name"].flatMap { reader.nonEmptyString($0.value, pointer.appending("name")) }
        place.address = fields["address"].flatMap { reader.nonEmptyString($0.value, pointer.appending("address")) }
        if fields["latitude"] != nil || fields["longitude"] != nil {
            place.latitude = coordinate(fields, "latitude", limit: 90, node, pointer)
            place.longitude = coordinate(fields, "longitude", limit: 180, node, pointer)
        }
        if !place.hasCoordinates && place.address == nil && fields["latitude"] == nil && fields["longitude"] == nil {
            reader.missing("coordinates (latitude and longitude) or an address", node, pointer)
            return nil
        }
        return place
    }
}

/// A directions request Maps did not offer the app for: examined by the `expect.directions` that
/// follows the request.
struct DirectionsRefusal: Hashable {}

/// The directions requests `expect.directions` examines.
struct DirectionsRequests: FeatureState {
    /// The last `requestDirections` and why Maps did not offer the app (nil when it did).
    var last: (step: Int, refusal: String?)?
}
