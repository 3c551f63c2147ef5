import ProctorCore
import ProctorJSON

/// Reads a coverage file through the JSON layer: strict JSON (a comment, which Apple forbids in a
/// coverage file, is an input error like a trailing comma), then the GeoJSON objects Apple's
/// listing and its wrappers use, each problem located by line, column and JSON Pointer.
///
/// The reader says what the file holds; the rules say what is wrong with it. So it reports only
/// what it cannot read: a value of the wrong JSON type (`type_mismatch`, an error: the file is
/// then not judged, as App Store Connect could not read it either), a missing `type` or
/// `coordinates` (`missing_value`), a collection member that is not a feature (`invalid_value`),
/// and a key GeoJSON does not define there (`unknown_key`, a warning with a suggestion). Whether
/// the geometry is one MultiPolygon, how many polygons it has and whether its rings are closed
/// and its coordinates on Earth are for the `coverage_*` rules.
///
/// Linear in the file: every value is visited once, and a pointer is built only for a value
/// with a problem.
package enum CoverageFileReader {
    package struct Result: Sendable {
        /// Nil when the file is not JSON, not an object or has no `type`.
        package var file: CoverageFile?
        /// The parsed document, to locate what rules report by JSON Pointer.
        package var root: JSONNode?
        package var inputErrors: [InputError]
        package var diagnostics: [Diagnostic]
    }

    /// The keys of each object, as RFC 7946 defines them (`bbox` is allowed on every object).
    static let geometryKeys = ["type", "coordinates", "bbox"]
    static let collectionKeys = ["type", "geometries", "bbox"]
    static let featureKeys = ["type", "geometry", "properties", "id", "bbox"]
    static let featureCollectionKeys = ["type", "features", "bbox"]

    package static func read(_ bytes: [UInt8], path: String, limits: JSONLimits = .standard) -> Result {
        read(bytes, path: path, parser: JSONDocumentParser(limits: limits))
    }

    /// Reads with a parser kept from one file to the next.
    package static func read(_ bytes: [UInt8], path: String, parser: JSONDocumentParser) -> Result {
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch parser.parse(source) {
        case .success(let node): root = node
        case .failure(let error): return Result(file: nil, root: nil, inputErrors: [InputError(error, in: source, file: path)], diagnostics: [])
        }
        let decoded = decode(root) { offset, pointer in SourceLocation(file: path, offset: offset, pointer: pointer, in: source) }
        return Result(file: decoded.file, root: root, inputErrors: [], diagnostics: decoded.diagnostics)
    }

    /// Decodes a file already parsed; `locate` places a problem by its offset and pointer.
    package static func decode(
        _ root: JSONNode, locate: @escaping (Int, JSONPointer) -> SourceLocation
    ) -> (file: CoverageFile?, diagnostics: [Diagnostic]) {
        var decoder = Decoder(reader: JSONFieldReader(codes: .payload, locate: locate))
        let file = decoder.file(root)
        return (file, decoder.reader.problems)
    }

    private struct Decoder {
        var reader: JSONFieldReader
        var file = CoverageFile()

        mutating func file(_ root: JSONNode) -> CoverageFile? {
            guard let object = reader.object(root, .root, what: "a GeoJSON geometry"),
                let type = type(of: object, root, .root)
            else { return nil }
            switch type {
            case CoverageFile.Wrapper.feature.rawValue:
                file.wrapper = .feature
                feature(object, root, .root)
            case CoverageFile.Wrapper.featureCollection.rawValue:
                file.wrapper = .featureCollection
                featureCollection(object, root)
            default:
                geometry(object, root, type: type, .root)
            }
            return file
        }

        /// The object's `type`, a string; nil (reported) when it has none.
        mutating func type(of object: JSONObject, _ node: JSONNode, _ pointer: JSONPointer) -> String? {
            guard let value = reader.required(object, "type", node, pointer) else { return nil }
            return reader.string(value, pointer.appending("type"))
        }

        mutating func featureCollection(_ object: JSONObject, _ node: JSONNode) {
            reader.checkKeys(object, .root, allowed: CoverageFileReader.featureCollectionKeys, in: "a FeatureCollection")
            bbox(object, .root)
            guard let features = reader.required(object, "features", node, .root) else { return }
            guard let elements = reader.array(features, JSONPointer(["features"])) else { return }
            if elements.isEmpty { file.missingGeometries.append(JSONPointer(["features"])) }
            for (index, element) in elements.enumerated() {
                let at = JSONPointer(["features", String(index)])
                guard let member = reader.object(element, at, what: "a Feature"), let type = type(of: member, element, at) else { continue }
                guard type == CoverageFile.Wrapper.feature.rawValue else {
                    reader.invalid(
                        "'\(type)' is not a Feature: the members of a FeatureCollection's features are Feature objects",
                        member["type"]?.value ?? element, at.appending("type"))
                    continue
                }
                feature(member, element, at)
            }
        }

        mutating func feature(_ object: JSONObject, _ node: JSONNode, _ pointer: JSONPointer) {
            reader.checkKeys(object, pointer, allowed: CoverageFileReader.featureKeys, in: "a Feature")
            bbox(object, pointer)
            if let properties = object["properties"], !Self.isNull(properties.value) {
                _ = reader.object(properties.value, pointer.appending("properties"), what: "properties")
            }
            if let id = object["id"] {
                switch id.value.value {
                case .string, .integer, .unsignedInteger, .double: break
                default: reader.mismatch("a string or a number", id.value, pointer.appending("id"))
                }
            }
            guard let member = object["geometry"] else {
                reader.missing("'geometry'", node, pointer)
                return
            }
            let at = pointer.appending("geometry")
            if Self.isNull(member.value) {
                file.missingGeometries.append(at)
                return
            }
            guard let geometry = reader.object(member.value, at, what: "a GeoJSON geometry"), let type = type(of: geometry, member.value, at) else {
                return
            }
            self.geometry(geometry, member.value, type: type, at)
        }

        static func isNull(_ node: JSONNode) -> Bool {
            if case .null = node.value { return true }
            return false
        }

        mutating func geometry(_ object: JSONObject, _ node: JSONNode, type: String, _ pointer: JSONPointer) {
            file.geometries.append(CoverageFile.Geometry(type: type, pointer: pointer))
            bbox(object, pointer)
            if type == "GeometryCollection" {
                reader.checkKeys(object, pointer, allowed: CoverageFileReader.collectionKeys, in: "a GeometryCollection")
                if let geometries = object["geometries"] { _ = reader.array(geometries.value, pointer.appending("geometries")) }
                return
            }
            reader.checkKeys(
                object, pointer, allowed: CoverageFileReader.geometryKeys, in: "a \(type == CoverageFile.multiPolygonType ? type : "geometry")")
            guard type == CoverageFile.multiPolygonType else {
                // Another geometry (a Polygon, a misspelt type): the rules say it is not a
                // MultiPolygon; its coordinates are not read.
                return
            }
            guard let coordinates = object["coordinates"] else {
                reader.missing("'coordinates'", node, pointer)
                return
            }
            if let polygons = multiPolygon(coordinates.value, pointer) {
                file.multiPolygons.append(CoverageMultiPolygon(pointer: pointer, polygons: polygons))
            }
        }

        /// A `bbox`: an array of numbers; what they say is not judged.
        mutating func bbox(_ object: JSONObject, _ pointer: JSONPointer) {
            guard let bbox = object["bbox"] else { return }
            guard let elements = reader.array(bbox.value, pointer.appending("bbox")) else { return }
            for (index, element) in elements.enumerated() {
                _ = reader.number(element, pointer.appending("bbox").appending(index))
            }
        }

        /// `coordinates` of a MultiPolygon: polygons of rings of positions. Nil when a value
        /// has the wrong type (each one reported).
        mutating func multiPolygon(_ node: JSONNode, _ base: JSONPointer) -> [CoverageMultiPolygon.Polygon]? {
            let errors = reader.errorCount
            guard case .array(let polygonNodes) = node.value else {
                reader.mismatch("an array of polygons", for: "coordinates", node, base.appending("coordinates"))
                return nil
            }
            var polygons: [CoverageMultiPolygon.Polygon] = []
            polygons.reserveCapacity(polygonNodes.count)
            for (p, polygonNode) in polygonNodes.enumerated() {
                guard case .array(let ringNodes) = polygonNode.value else {
                    reader.mismatch("a polygon (an array of rings)", for: "", polygonNode, base.appending("coordinates").appending(p))
                    continue
                }
                var rings: [[CoverageMultiPolygon.Position]] = []
                rings.reserveCapacity(ringNodes.count)
                for (r, ringNode) in ringNodes.enumerated() {
                    guard case .array(let positionNodes) = ringNode.value else {
                        reader.mismatch("a ring (an array of positions)", for: "", ringNode, base.appending("coordinates").appending(p).appending(r))
                        continue
                    }
                    var ring: [CoverageMultiPolygon.Position] = []
                    ring.reserveCapacity(positionNodes.count)
                    for (i, positionNode) in positionNodes.enumerated() {
                        if let position = position(positionNode, base, p, r, i) { ring.append(position) }
                    }
                    rings.append(ring)
                }
                polygons.append(CoverageMultiPolygon.Polygon(rings: rings))
            }
            return reader.errorCount == errors ? polygons : nil
        }

        /// A position: an array of numbers, longitude first.
        mutating func position(_ node: JSONNode, _ base: JSONPointer, _ p: Int, _ r: Int, _ i: Int) -> CoverageMultiPolygon.Position? {
            guard case .array(let numbers) = node.value else {
                reader.mismatch(
                    "a position ([longitude, latitude])", for: "", node, base.appending("coordinates").appending(p).appending(r).appending(i))
                return nil
            }
            var position = CoverageMultiPolygon.Position(longitude: nil, latitude: nil, count: numbers.count)
            var isNumbers = true
            for (index, number) in numbers.enumerated() {
                let value: Double
                switch number.value {
                case .integer(let integer): value = Double(integer)
                case .unsignedInteger(let integer): value = Double(integer)
                case .double(let double): value = double
                default:
                    let name = index == 0 ? "a number (the longitude)" : index == 1 ? "a number (the latitude)" : "a number"
                    reader.mismatch(name, for: "", number, base.appending("coordinates").appending(p).appending(r).appending(i).appending(index))
                    isNumbers = false
                    continue
                }
                switch index {
                case 0: position.longitude = value
                case 1: position.latitude = value
                case 2: position.altitude = value
                default: break
                }
            }
            return isNumbers ? position : nil
        }
    }
}
