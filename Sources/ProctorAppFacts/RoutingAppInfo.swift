import ProctorJSON

// What an Info.plist says of a routing app (docs/routing.md): the modes it gives directions for
// and the document type that lets Maps hand it a directions request.

extension AppInfo {
    /// The values `MKDirectionsApplicationSupportedModes` may hold (Information Property List Key
    /// Reference; `MKDirectionsModeRideShare` since iOS 10).
    package static let directionsModes = [
        "MKDirectionsModeCar", "MKDirectionsModeBus", "MKDirectionsModeTrain", "MKDirectionsModeSubway", "MKDirectionsModeStreetCar",
        "MKDirectionsModePlane", "MKDirectionsModeBike", "MKDirectionsModeFerry", "MKDirectionsModeTaxi", "MKDirectionsModePedestrian",
        "MKDirectionsModeRideShare", "MKDirectionsModeOther",
    ]

    /// The content type of the document type a routing app declares, "exactly as shown".
    package static let directionsRequestContentType = "com.apple.maps.directionsrequest"

    /// A `CFBundleDocumentTypes` entry: the content types it declares (`LSItemContentTypes`).
    package struct DocumentType: Sendable {
        package var contentTypes: [String]

        package init(contentTypes: [String]) {
            self.contentTypes = contentTypes
        }
    }

    /// Whether the app registers as a routing app: it has `MKDirectionsApplicationSupportedModes`.
    package var isRoutingApp: Bool { directionsModes != nil }
}

/// Where a routing app's keys are in an Info.plist: the reader records their lines there, and the
/// rules that judge them report there.
package enum RoutingAppPointers {
    package static let supportedModes = JSONPointer(["MKDirectionsApplicationSupportedModes"])
    package static let documentTypes = JSONPointer(["CFBundleDocumentTypes"])

    /// A content type of a document type entry.
    package static func contentType(entry: Int, index: Int) -> JSONPointer {
        documentTypes.appending(entry).appending("LSItemContentTypes").appending(index)
    }
}

extension InfoPlistReader {
    /// Reads `MKDirectionsApplicationSupportedModes` and the content types of
    /// `CFBundleDocumentTypes` into `info`, with the lines the routing rules report at.
    static func extractRoutingApp(
        from root: [String: Any], into info: inout AppInfo, lineOf: (String) -> Int?, linesOfEntries: (String) -> [Int],
        wrongType: (String, String) -> Void
    ) {
        let modesKey = RoutingAppPointers.supportedModes.tokens[0]
        if let value = root[modesKey] {
            if let modes = value as? [Any], modes.allSatisfy({ $0 is String }) {
                info.directionsModes = modes.compactMap { $0 as? String }
                let pointer = RoutingAppPointers.supportedModes.description
                info.lines[pointer] = lineOf(modesKey)
                for (index, line) in linesOfEntries(modesKey).prefix(modes.count).enumerated() { info.lines[pointer + "/\(index)"] = line }
            } else {
                wrongType(modesKey, "an array of strings")
            }
        }
        let typesKey = RoutingAppPointers.documentTypes.tokens[0]
        guard let value = root[typesKey] else { return }
        guard let entries = value as? [Any] else {
            wrongType(typesKey, "an array of dictionaries")
            return
        }
        info.lines[RoutingAppPointers.documentTypes.description] = lineOf(typesKey)
        var documentTypes: [AppInfo.DocumentType] = []
        for entry in entries {
            var contentTypes: [String] = []
            if let types = (entry as? [String: Any])?["LSItemContentTypes"] {
                if let strings = types as? [Any], strings.allSatisfy({ $0 is String }) {
                    contentTypes = strings.compactMap { $0 as? String }
                } else {
                    wrongType(typesKey, "an array of dictionaries whose LSItemContentTypes are arrays of strings")
                }
            }
            documentTypes.append(AppInfo.DocumentType(contentTypes: contentTypes))
        }
        info.documentTypes = documentTypes
    }
}
