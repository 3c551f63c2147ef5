import ProctorCore
import ProctorJSON

/// Reads an `apple-app-site-association` file through the JSON layer: strict JSON (a byte-order
/// mark, a trailing comma or a duplicate key is an input error, as iOS refuses such a file), then
/// every key checked, each problem located by line, column and JSON Pointer.
package enum SiteAssociationReader {
    package struct Result: Sendable {
        /// Nil when the file is not JSON or not an object.
        package var association: SiteAssociation?
        /// The parsed document, to locate what rules report by JSON Pointer.
        package var root: JSONNode?
        package var inputErrors: [InputError]
        package var diagnostics: [Diagnostic]
    }

    package static let serviceKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let appLinksKeys = ["details", "defaults", "substitutionVariables", "apps"]
    static let detailsKeys = ["appID", "appIDs", "components", "paths", "defaults"]
    static let componentKeys = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]
    static let defaultsKeys = ["caseSensitive", "percentEncoded"]

    package static func read(_ bytes: [UInt8], path: String, domain: String? = nil) -> Result {
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .success(let node): root = node
        case .failure(let error):
            return Result(association: nil, root: nil, inputErrors: [InputError(error, in: source, file: path)], diagnostics: [])
        }
        var reader = JSONFieldReader(codes: .siteAssociation) { offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            // Apple documents plain JSON and says nothing of a byte-order mark; validators and
            // CDNs have refused files that start with one, so it is reported (a warning).
            reader.report(.aasaByteOrderMark, "the file starts with a UTF-8 byte-order mark; serve plain JSON without one", offset: 0, pointer: .root)
        }
        let association = decode(root, domain: domain, with: &reader)
        return Result(association: association, root: root, inputErrors: [], diagnostics: reader.problems)
    }

    /// Decodes a file already parsed, such as one written inline in a scenario or a vector;
    /// `locate` places a problem by its offset and its pointer within the file.
    package static func decode(
        _ root: JSONNode, domain: String?, locate: @escaping (Int, JSONPointer) -> SourceLocation
    ) -> (association: SiteAssociation?, diagnostics: [Diagnostic]) {
        var reader = JSONFieldReader(codes: .siteAssociation, locate: locate)
        let association = decode(root, domain: domain, with: &reader)
        return (association, reader.problems)
    }

    private static func decode(_ root: JSONNode, domain: String?, with reader: inout JSONFieldReader) -> SiteAssociation? {
        var association = SiteAssociation(domain: domain)
        guard let object = reader.object(root, .root, what: "an apple-app-site-association file") else { return nil }
        reader.checkKeys(object, .root, allowed: serviceKeys, in: "an apple-app-site-association file")
        if let member = object["applinks"] {
            association.applinks = appLinks(member.value, JSONPointer(["applinks"]), &reader)
        }
        for service in ["webcredentials", "appclips", "activitycontinuation"] {
            guard let member = object[service] else { continue }
            let pointer = JSONPointer([service])
            guard let fields = reader.object(member.value, pointer, what: service) else { continue }
            reader.checkKeys(fields, pointer, allowed: ["apps"], in: service)
            let apps = reader.required(fields, "apps", member.value, pointer).flatMap { reader.strings($0, pointer.appending("apps")) }
            switch service {
            case "webcredentials": association.webcredentials = apps
            case "appclips": association.appclips = apps
            default: association.activitycontinuation = apps
            }
        }
        return association
    }

    private static func appLinks(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> AppLinks? {
        guard let fields = reader.object(node, pointer, what: "applinks") else { return nil }
        reader.checkKeys(fields, pointer, allowed: appLinksKeys, in: "applinks")
        var links = AppLinks()
        if let member = fields["defaults"] { links.defaults = options(member.value, pointer.appending("defaults"), keys: defaultsKeys, &reader) }
        if let member = fields["apps"] { links.apps = reader.strings(member.value, pointer.appending("apps")) }
        if let member = fields["substitutionVariables"] {
            let at = pointer.appending("substitutionVariables")
            if let variables = reader.object(member.value, at, what: "substitutionVariables") {
                for variable in variables.members {
                    let name = variable.key
                    if name.contains(where: { $0 == "$" || $0 == "(" || $0 == ")" }) {
                        reader.invalid(
                            "substitution variable name '\(name)' contains '$', '(' or ')', which names cannot hold", variable.value,
                            at.appending(name))
                        continue
                    }
                    guard let values = reader.strings(variable.value, at.appending(name)) else { continue }
                    for (index, value) in values.enumerated() where value.contains("$(") {
                        reader.invalid(
                            "the value '\(value)' of '\(name)' refers to another substitution variable, which values cannot", variable.value,
                            at.appending(name).appending(index))
                    }
                    links.substitutionVariables[name] = values.filter { !$0.contains("$(") }
                }
            }
        }
        let detailsPointer = pointer.appending("details")
        guard let member = reader.required(fields, "details", node, pointer) else { return links }
        if case .object = member.value {
            reader.invalid(
                "details is a dictionary keyed by app ID, the format iOS 9 used; write an array of objects with appIDs and components", member,
                detailsPointer)
            return links
        }
        for (index, element) in (reader.array(member, detailsPointer) ?? []).enumerated() {
            if let entry = details(element, detailsPointer.appending(index), &reader) { links.details.append(entry) }
        }
        return links
    }

    private static func details(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> Details? {
        guard let fields = reader.object(node, pointer, what: "a details entry") else { return nil }
        reader.checkKeys(fields, pointer, allowed: detailsKeys, in: "a details entry")
        var appIDs: [String] = []
        if let member = fields["appIDs"], let ids = reader.strings(member.value, pointer.appending("appIDs")) { appIDs += ids }
        if let member = fields["appID"], let id = reader.string(member.value, pointer.appending("appID")) { appIDs.append(id) }
        if fields["appIDs"] == nil && fields["appID"] == nil { reader.missing("'appIDs' (or the legacy 'appID')", node, pointer) }
        var entry = Details(appIDs: appIDs, pointer: pointer)
        if fields["appIDs"] == nil && fields["appID"] != nil { entry.appIDsKey = "appID" }
        if let member = fields["defaults"] { entry.defaults = options(member.value, pointer.appending("defaults"), keys: defaultsKeys, &reader) }
        if let member = fields["paths"] { entry.paths = reader.strings(member.value, pointer.appending("paths")) }
        if let member = fields["components"] {
            let at = pointer.appending("components")
            entry.components = (reader.array(member.value, at) ?? []).enumerated().compactMap { index, element in
                component(element, at.appending(index), &reader)
            }
        }
        if entry.components == nil && entry.paths == nil { reader.missing("'components' (or the legacy 'paths')", node, pointer) }
        return entry
    }

    private static func component(_ node: JSONNode, _ pointer: JSONPointer, _ reader: inout JSONFieldReader) -> Component? {
        guard let fields = reader.object(node, pointer, what: "a component") else { return nil }
        reader.checkKeys(fields, pointer, allowed: componentKeys, in: "a component")
        var component = Component(pointer: pointer)
        component.options = options(node, pointer, keys: nil, &reader)
        component.path = fields["/"].flatMap { reader.string($0.value, pointer.appending("/")) }
        component.fragment = fields["#"].flatMap { reader.string($0.value, pointer.appending("#")) }
        component.comment = fields["comment"].flatMap { reader.string($0.value, pointer.appending("comment")) }
        component.exclude = fields["exclude"].flatMap { reader.bool($0.value, pointer.appending("exclude")) } ?? false
        if let member = fields["?"] {
            let at = pointer.appending("?")
            switch member.value.value {
            case .string(let pattern):
                component.query = .pattern(pattern)
            case .object(let items):
                component.query = .items(
                    items.members.compactMap { item in
                        reader.string(item.value, at.appending(item.key)).map { (name: item.key, pattern: $0) }
                    })
            default:
                reader.mismatch("a pattern or a dictionary of query item patterns", member.value, at)
            }
        }
        return component
    }

    /// `caseSensitive` and `percentEncoded` of an object; `keys` checks the object's keys too
    /// (for a `defaults` object, whose keys are only these).
    private static func options(_ node: JSONNode, _ pointer: JSONPointer, keys: [String]?, _ reader: inout JSONFieldReader) -> MatchOptions {
        guard let fields = reader.object(node, pointer, what: "defaults") else { return MatchOptions() }
        if let keys { reader.checkKeys(fields, pointer, allowed: keys, in: "defaults") }
        return MatchOptions(
            caseSensitive: fields["caseSensitive"].flatMap { reader.bool($0.value, pointer.appending("caseSensitive")) },
            percentEncoded: fields["percentEncoded"].flatMap { reader.bool($0.value, pointer.appending("percentEncoded")) })
    }
}
