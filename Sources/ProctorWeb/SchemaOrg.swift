import Foundation
import ProctorJSON

/// Where a piece of markup is in its page: an element (its line, its rank among the elements of
/// its tag on that line, its path in the tree), or a value inside a JSON-LD block (its byte in
/// the page, and the script's path followed by the value's JSON Pointer in the block:
/// `/html/head/script[@type='application/ld+json'][1]/aggregateRating/ratingValue`). Lines,
/// columns and paths are worked out when asked, for the values a finding is about: a page may
/// hold millions of values, and none of them should cost its depth or its line's length.
package struct MarkupPlace: Sendable {
    enum Anchor: Sendable {
        case fixed(line: Int, column: Int?, path: String)
        case element(ElementPlace)
        /// `offset` is the value's byte in the page, nil when the block's text was not found
        /// there as written; then the value is placed at its script element.
        case json(script: ElementPlace, offset: Int?, pointer: JSONPointer, page: SourceText)
    }

    let anchor: Anchor

    /// A place given whole, for values made outside a page (tests, callers of the rules).
    package init(line: Int, column: Int? = nil, path: String) {
        anchor = .fixed(line: line, column: column, path: path)
    }

    init(_ element: ElementPlace) { anchor = .element(element) }

    init(script: ElementPlace, offset: Int?, pointer: JSONPointer, page: SourceText) {
        anchor = .json(script: script, offset: offset, pointer: pointer, page: page)
    }

    /// 1-based; 0 when unknown (an element past the lines libxml2 counts).
    package var line: Int {
        switch anchor {
        case .fixed(let line, _, _): line
        case .element(let element): element.line
        case .json(let script, let offset, _, let page): offset.map { page.position(ofOffset: $0).line } ?? script.line
        }
    }

    /// Known exactly for a value inside JSON-LD; an element's is found from its tag.
    package var column: Int? {
        switch anchor {
        case .fixed(_, let column, _): column
        case .element: nil
        case .json(_, let offset, _, let page): offset.map { page.position(ofOffset: $0).column }
        }
    }

    /// The element that holds the markup, when its column is found from its tag.
    package var element: ElementPlace? {
        switch anchor {
        case .fixed: nil
        case .element(let element): element
        case .json(let script, let offset, _, _): offset == nil ? script : nil
        }
    }

    package var path: String {
        switch anchor {
        case .fixed(_, _, let path): path
        case .element(let element): element.path
        case .json(let script, _, let pointer, _): script.path + pointer.description
        }
    }
}

/// A schema.org item, whichever syntax the page writes it in (JSON-LD or microdata): its types,
/// its properties in the order written, and where each is. The rules on schema.org judge this
/// one model, so an item means the same in either syntax.
package struct SchemaItem: Sendable {
    package enum Syntax: String, Sendable {
        case jsonLD = "JSON-LD"
        case microdata
    }

    /// The item's types: schema.org's by their local name (`Restaurant` for `@type: "Restaurant"`,
    /// `schema:Restaurant` or `https://schema.org/Restaurant`); another vocabulary's whole.
    package var types: [String]
    /// `@id` or `itemid`.
    package var id: String?
    /// The property this item is the value of (`aggregateRating`), nil for a top-level item: a
    /// nested item without a type is read as the type its property expects.
    package var property: String?
    package var properties: [SchemaProperty]
    package var place: MarkupPlace
    package var syntax: Syntax

    package init(types: [String], id: String? = nil, property: String? = nil, properties: [SchemaProperty] = [], place: MarkupPlace, syntax: Syntax) {
        self.types = types
        self.id = id
        self.property = property
        self.properties = properties
        self.place = place
        self.syntax = syntax
    }

    /// True when the item has one of these types, or has no type and is the value of one of
    /// these properties (an `aggregateRating` object without `@type` is an AggregateRating).
    package func isA(_ types: Set<String>, orValueOf properties: Set<String> = []) -> Bool {
        if self.types.isEmpty { return property.map(properties.contains) ?? false }
        return self.types.contains(where: types.contains)
    }

    /// The values of a property, in the order written (a JSON-LD array is several values).
    package func values(_ name: String) -> [SchemaValue] {
        properties.filter { $0.name == name }.map(\.value)
    }

    /// The first value of a property.
    package func value(_ name: String) -> SchemaValue? {
        properties.first { $0.name == name }?.value
    }

    /// This item and every item nested in it, depth first in document order, without recursion.
    package var withNestedItems: [SchemaItem] {
        var result: [SchemaItem] = []
        var stack = [self]
        while let item = stack.popLast() {
            result.append(item)
            for property in item.properties.reversed() {
                if case .item(let nested) = property.value.kind { stack.append(nested) }
            }
        }
        return result
    }
}

/// One value of a property.
package struct SchemaProperty: Sendable {
    /// schema.org's local name (`ratingValue`), or another vocabulary's whole IRI.
    package var name: String
    package var value: SchemaValue

    package init(name: String, value: SchemaValue) {
        self.name = name
        self.value = value
    }
}

package struct SchemaValue: Sendable {
    package indirect enum Kind: Sendable {
        /// A string in JSON-LD; every microdata value that is not an item.
        case text(String)
        /// A JSON number, as written.
        case number(Double)
        case bool(Bool)
        case item(SchemaItem)
        /// A JSON-LD node reference (`{"@id": "#address"}`): the node is described elsewhere, so
        /// no rule judges it here as a value.
        case reference(String)
    }

    package var kind: Kind
    package var place: MarkupPlace

    package init(_ kind: Kind, place: MarkupPlace) {
        self.kind = kind
        self.place = place
    }

    /// The value as text: a string, or a number or boolean as JSON writes it.
    package var text: String? {
        switch kind {
        case .text(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let bool): bool ? "true" : "false"
        case .item, .reference: nil
        }
    }

    package var item: SchemaItem? {
        if case .item(let item) = kind { return item }
        return nil
    }

    /// The IRI of a JSON-LD node reference.
    package var reference: String? {
        if case .reference(let iri) = kind { return iri }
        return nil
    }

    /// How the value is written, for messages: `'4,6'`, `4.6`, `a PostalAddress`.
    package var written: String {
        switch kind {
        case .text(let text): "'\(text)'"
        case .number, .bool: text ?? ""
        case .item(let item): item.types.first.map { "a \($0)" } ?? "an item"
        case .reference(let iri): "a reference to '\(iri)'"
        }
    }
}

/// schema.org names as pages write them.
package enum SchemaOrgNames {
    /// The local name of a schema.org type or property written in full (`https://schema.org/Offer`,
    /// `http://schema.org/Offer`, `schema:Offer`), or the name as written.
    package static func localName(_ written: String) -> String {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        for prefix in ["https://schema.org/", "http://schema.org/", "https://www.schema.org/", "http://www.schema.org/", "schema:"]
        where trimmed.hasPrefix(prefix) {
            return String(trimmed.dropFirst(prefix.count))
        }
        return trimmed
    }
}

/// Reads the schema.org items of a JSON-LD block: a node object, an array of them, or a
/// `@graph`, with nested objects as items. Offsets map to the page through the block's start.
enum JSONLDItems {
    struct Block {
        /// The `<script>` element, for values whose position is unknown.
        var element: ElementPlace
        /// The byte offset in the page where the block's text starts, when found.
        var offset: Int?
        var page: SourceText
    }

    static func items(of root: JSONNode, in block: Block) -> [SchemaItem] {
        var items: [SchemaItem] = []
        for (node, pointer) in nodeObjects(root, at: .root) {
            if let item = item(node, at: pointer, property: nil, in: block) { items.append(item) }
        }
        return items
    }

    /// The top-level node objects: the root object, each element of a root array, and the
    /// elements of a `@graph` wherever it is at the top.
    private static func nodeObjects(_ node: JSONNode, at pointer: JSONPointer) -> [(JSONNode, JSONPointer)] {
        switch node.value {
        case .array(let elements):
            return elements.enumerated().flatMap { index, element -> [(JSONNode, JSONPointer)] in
                if case .object = element.value { return nodeObjects(element, at: pointer.appending(index)) }
                return []
            }
        case .object(let object):
            if let graph = object["@graph"] {
                // A graph's own object holds the context and the graph; its nodes are the items.
                return nodeObjects(graph.value, at: pointer.appending("@graph"))
            }
            return [(node, pointer)]
        default:
            return []
        }
    }

    /// The item an object is; nil for a reference (`{"@id": ...}` alone) or a value object.
    /// Recursion is bounded by the JSON layer's depth limit (64).
    private static func item(_ node: JSONNode, at pointer: JSONPointer, property: String?, in block: Block) -> SchemaItem? {
        guard case .object(let object) = node.value else { return nil }
        // A reference to a node described elsewhere (Yoast's @graph pages link their nodes so):
        // no item here, so nothing to judge as if it were an empty one.
        if object.count == 1, object["@id"] != nil { return nil }
        var types: [String] = []
        var id: String?
        var properties: [SchemaProperty] = []
        for member in object.members {
            let memberPointer = pointer.appending(member.key)
            switch member.key {
            case "@type":
                switch member.value.value {
                case .string(let type): types.append(SchemaOrgNames.localName(type))
                case .array(let elements):
                    for case .string(let type) in elements.map(\.value) { types.append(SchemaOrgNames.localName(type)) }
                default: break
                }
            case "@id":
                if case .string(let text) = member.value.value { id = text }
            case let key where key.hasPrefix("@"):
                continue
            default:
                let name = SchemaOrgNames.localName(member.key)
                for (value, valuePointer) in flattened(member.value, at: memberPointer) {
                    if let converted = self.value(value, at: valuePointer, property: name, in: block) {
                        properties.append(SchemaProperty(name: name, value: converted))
                    }
                }
            }
        }
        return SchemaItem(
            types: types, id: id, property: property, properties: properties, place: place(node.offset, pointer, in: block), syntax: .jsonLD)
    }

    /// The values an array stands for, nested arrays and `@list`/`@set` objects flattened.
    private static func flattened(_ node: JSONNode, at pointer: JSONPointer) -> [(JSONNode, JSONPointer)] {
        switch node.value {
        case .array(let elements):
            return elements.enumerated().flatMap { flattened($1, at: pointer.appending($0)) }
        case .object(let object):
            if let list = object["@list"] ?? object["@set"] { return flattened(list.value, at: pointer.appending(list.key)) }
            return [(node, pointer)]
        default:
            return [(node, pointer)]
        }
    }

    private static func value(_ node: JSONNode, at pointer: JSONPointer, property: String, in block: Block) -> SchemaValue? {
        let here = place(node.offset, pointer, in: block)
        switch node.value {
        case .string(let text): return SchemaValue(.text(text), place: here)
        case .integer(let number): return SchemaValue(.number(Double(number)), place: here)
        case .unsignedInteger(let number): return SchemaValue(.number(Double(number)), place: here)
        case .double(let number): return SchemaValue(.number(number), place: here)
        case .bool(let bool): return SchemaValue(.bool(bool), place: here)
        case .null, .array: return nil
        case .object(let object):
            // A value object ({"@value": "4.6"}) is its value.
            if let literal = object["@value"] { return value(literal.value, at: pointer.appending("@value"), property: property, in: block) }
            // A reference ({"@id": ...} alone) stands for a node described elsewhere: its IRI,
            // as microdata writes a linked value (an interactionType of https://schema.org/LikeAction).
            if object.count == 1, let reference = object["@id"], case .string(let iri) = reference.value.value {
                return SchemaValue(.reference(iri), place: here)
            }
            return item(node, at: pointer, property: property, in: block).map { SchemaValue(.item($0), place: here) }
        }
    }

    private static func place(_ offset: Int, _ pointer: JSONPointer, in block: Block) -> MarkupPlace {
        MarkupPlace(script: block.element, offset: block.offset.map { $0 + offset }, pointer: pointer, page: block.page)
    }
}
