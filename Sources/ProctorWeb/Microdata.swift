internal import CLibXML2
import Foundation

/// Collects a page's microdata items (WHATWG HTML, "Microdata") while the reader walks the tree:
/// an element with `itemscope` is an item, of the types in its `itemtype` and with its `itemid`;
/// each element with `itemprop` inside it is a property of the nearest item around it, and an
/// element with both is a nested item as that property's value. Items are kept flat, each with
/// its parent, and nested at the end, so the walk needs no recursion. `itemref` is not followed.
struct MicrodataCollector {
    private struct Builder {
        var types: [String]
        var id: String?
        var property: String?
        var place: PendingPlace
        var properties: [(name: String, value: Value)] = []
        /// True when the item is the value of a property of another item.
        var isNested = false
    }

    private enum Value {
        case text(String, PendingPlace)
        case item(Int)
    }

    private var builders: [Builder] = []
    /// Bytes of property text kept so far. Past ``textBudget`` a value keeps its first
    /// ``textAfterBudget`` bytes only: each value is bounded already, but nested properties
    /// around the same text would each keep their own copy, and a page's worth of them must not
    /// cost many times the page.
    private var keptText = 0
    static let textBudget = 8 * 1024 * 1024
    static let textAfterBudget = 64

    /// Reads one element; `owner` is the item whose properties the element's `itemprop` adds to,
    /// if any. Returns the item the element's children belong to.
    mutating func visit(_ node: xmlNodePtr, name: String, number: Int32, line: Int, tree: inout ElementTreeBuilder, owner: Int?) -> Int? {
        let names = (Self.attribute(node, "itemprop") ?? "").split(whereSeparator: \.isWhitespace).map { SchemaOrgNames.localName(String($0)) }
        let isItem = xmlHasProp(node, "itemscope") != nil
        guard isItem || (!names.isEmpty && owner != nil) else { return owner }
        // A property name is a word or a URL; in the path it is written as a JSON Pointer
        // token would escape it, so the path stays a valid pointer.
        let predicate =
            names.first.map {
                "[@itemprop=\(WebPageReader.quoted($0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")))]"
            } ?? "[@itemscope]"
        let place = PendingPlace(node: number, tag: tree.tag(of: number), line: line, rank: tree.rank(of: number, line: line), predicate: predicate)
        if isItem {
            let types = (Self.attribute(node, "itemtype") ?? "").split(whereSeparator: \.isWhitespace).map { SchemaOrgNames.localName(String($0)) }
            let index = builders.count
            builders.append(Builder(types: types, id: Self.attribute(node, "itemid"), property: owner == nil ? nil : names.first, place: place))
            if let owner {
                for property in names { builders[owner].properties.append((property, .item(index))) }
                builders[index].isNested = !names.isEmpty
            }
            return index
        }
        if let owner {
            var value = Self.value(of: node, name: name)
            if keptText > Self.textBudget { value = String(decoding: value.utf8.prefix(Self.textAfterBudget), as: UTF8.self) }
            keptText += value.utf8.count
            for property in names { builders[owner].properties.append((property, .text(value, place))) }
        }
        return owner
    }

    /// The page's top-level items, nested items inside them. Children come after their parents
    /// in the flat list, so building from the end finishes every child before its parent. An
    /// item that is the value of several properties (`itemprop="author creator"`) is built once
    /// and given to the first of them, so that nothing inside it is judged twice.
    func items(in tree: ElementTree) -> [SchemaItem] {
        var built: [SchemaItem?] = Array(repeating: nil, count: builders.count)
        for index in builders.indices.reversed() {
            let builder = builders[index]
            var properties: [SchemaProperty] = []
            var placed: Set<Int> = []
            for (name, value) in builder.properties {
                switch value {
                case .text(let text, let place):
                    properties.append(SchemaProperty(name: name, value: SchemaValue(.text(text), place: MarkupPlace(place.place(in: tree)))))
                case .item(let child):
                    if let item = built[child], placed.insert(child).inserted {
                        var item = item
                        item.property = name
                        properties.append(SchemaProperty(name: name, value: SchemaValue(.item(item), place: item.place)))
                    }
                }
            }
            built[index] = SchemaItem(
                types: builder.types, id: builder.id, property: builder.property, properties: properties,
                place: MarkupPlace(builder.place.place(in: tree)),
                syntax: .microdata)
        }
        return builders.indices.filter { !builders[$0].isNested }.compactMap { built[$0] }
    }

    /// The element's property value (WHATWG HTML, "Values"): `content` for meta, the URL for
    /// elements that link or embed, `datetime` for time, `value` for data and meter, else its
    /// text. A `content` attribute on any other element is honoured too, as schema.org's
    /// guidelines allow for "simple machine-readable values alongside more human-friendly
    /// formatting" (`<span itemprop="price" content="189.00">$189</span>`).
    private static func value(of node: xmlNodePtr, name: String) -> String {
        let attributeName: String? =
            switch name {
            case "meta": "content"
            case "audio", "embed", "iframe", "img", "source", "track", "video": "src"
            case "a", "area", "link": "href"
            case "object": "data"
            case "data", "meter": "value"
            case "time": "datetime"
            default: nil
            }
        if let attributeName, let value = attribute(node, attributeName) { return value }
        if let content = attribute(node, "content") { return content }
        return boundedText(of: node).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The element's text content, up to 4 KB of it and 10,000 nodes looked at: a property
    /// value is a name or a number, and an element that wraps the whole page (a description on
    /// the body) must not cost the page's size once for every property around it.
    private static func boundedText(of node: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        var visited = 0
        var stack: [xmlNodePtr] = []
        var child = node.pointee.last
        while let current = child {
            stack.append(current)
            child = current.pointee.prev
        }
        while let current = stack.popLast(), bytes.count < 4096, visited < 10_000 {
            visited += 1
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                var pointer = content
                while pointer.pointee != 0 && bytes.count < 4096 {
                    bytes.append(pointer.pointee)
                    pointer += 1
                }
            } else if current.pointee.type == XML_ELEMENT_NODE {
                var grandchild = current.pointee.last
                while let next = grandchild {
                    stack.append(next)
                    grandchild = next.pointee.prev
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { proctor_xml_free(value) }
        return String(cString: value)
    }
}
