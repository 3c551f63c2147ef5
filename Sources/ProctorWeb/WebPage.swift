internal import CLibXML2
import Foundation
import ProctorCore
import ProctorJSON

/// What a web page tells Safari, link previews and Applebot about itself and the app: its
/// `<meta>` and `<link>` elements and its JSON-LD structured data, each with the line it is on.
/// No libxml2 type leaves this module.
package struct WebPage: Sendable {
    package struct Meta: Sendable {
        /// `name` (`apple-itunes-app`, `twitter:card`) or `property` (`og:title`, `al:ios:url`).
        package var key: String
        package var content: String?
        package var element: ElementPlace
        /// 1-based; 0 when unknown (libxml2 counts HTML lines only up to 65534).
        package var line: Int { element.line }
        /// Where it is in the tree, such as `/html/head/meta[@name='apple-itunes-app']`.
        package var path: String { element.path }
    }

    package struct Link: Sendable {
        package var rel: String
        package var href: String?
        package var element: ElementPlace
        package var line: Int { element.line }
        package var path: String { element.path }
    }

    /// A `<script type="application/ld+json">` element's text.
    package struct StructuredData: Sendable {
        package var text: String
        package var element: ElementPlace
        /// The line of the `<script>` element; the text starts on it or just after.
        package var line: Int { element.line }
        package var path: String { element.path }
        /// The byte offset in the page where the text starts, when the reader found the text
        /// there as written (not in a page libxml2 had to convert, such as one in Latin-1).
        package var offset: Int?
        /// Why the text is not one JSON document, when it is not: read once, with the page, for
        /// the rule that reports it (structured_data_json) as for the schema.org items.
        package var jsonError: JSONInputError?
    }

    package var title: String?
    package var metas: [Meta] = []
    package var links: [Link] = []
    package var structuredData: [StructuredData] = []
    /// The page's schema.org items: its microdata items in document order, then those of its
    /// JSON-LD blocks in document order, each block's only when it is valid JSON (a block that
    /// is not is the structured_data_json rule's to report).
    package var schemaItems: [SchemaItem] = []
    /// Set when libxml2 stopped reading the page because it nests elements more than 256 deep:
    /// the line where it stopped (0 when past the lines it counts). What follows is not in the page.
    package var unreadFromLine: Int?

    /// The content of the first `<meta>` with this name or property.
    package func meta(_ key: String) -> Meta? { metas.first { $0.key == key } }
}

/// Reads HTML with libxml2's HTML parser, recovering from broken markup as browsers do: no
/// network, no entity expansion from outside, and at most 256 levels of nesting (libxml2's own
/// limit without HTML_PARSE_HUGE), so any input parses in bounded time and memory.
package enum WebPageReader {
    /// Pages are read whole, into libxml2's tree: a larger file is an input error rather than a
    /// long wait. The same 64 MB as every input; a 50 MB page of dense markup takes 3.7 s and
    /// 1.1 GB at its peak in a release build (measured, docs/links.md).
    package static let maximumFileSize = 64 * 1024 * 1024

    package static let notHTML = ProblemCode("html_unreadable", summary: "A web page could not be parsed as HTML.")
    package static let nestedTooDeep = ProblemCode(
        "html_nested_too_deep", summary: "A web page nests elements more than 256 levels deep; the parser stopped there.")

    /// libxml2 asks for xmlInitParser once, before threads parse at the same time (its
    /// global dictionary and error state); lint reads pages on every core.
    private static let initialized: Void = xmlInitParser()

    package static func read(_ bytes: [UInt8], path: String) -> Result<WebPage, InputError> {
        _ = initialized
        guard !bytes.isEmpty else {
            return .failure(InputError(code: notHTML, message: "the page is empty", location: SourceLocation(file: path, line: 1)))
        }
        guard bytes.count <= maximumFileSize else {
            return .failure(
                InputError(
                    code: .fileTooLarge,
                    message: "the page is \(bytes.count) bytes, over the \(maximumFileSize / 1024 / 1024) MB Proctor reads of a web page",
                    location: SourceLocation(file: path)))
        }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        // A parser context of our own, rather than htmlReadMemory, so that the error that ends a
        // parse early (nesting past 256 levels) can be read back instead of passing in silence.
        guard let parser = htmlNewParserCtxt() else {
            return .failure(InputError(code: notHTML, message: "libxml2 could not start a parser", location: SourceLocation(file: path, line: 1)))
        }
        defer { htmlFreeParserCtxt(parser) }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                htmlCtxtReadMemory(parser, characters, Int32(clamping: buffer.count), path, "UTF-8", options)
            }
        }
        guard let document else {
            return .failure(
                InputError(code: notHTML, message: "libxml2 could not parse the page as HTML", location: SourceLocation(file: path, line: 1)))
        }
        defer { xmlFreeDoc(document) }
        var page = WebPage()
        page.unreadFromLine = unreadFromLine(parser)
        // Depth-first without recursion: the tree is at most 256 deep, but an explicit stack
        // costs nothing and leaves no doubt. Each node goes with its parent's number in the
        // element tree and the microdata item its itemprop belongs to, if any.
        var tree = ElementTreeBuilder()
        var collected = Collected()
        var microdata = MicrodataCollector()
        var stack: [(node: xmlNodePtr, parent: Int32, item: Int?)] = []
        if let root = xmlDocGetRootElement(document) { stack.append((root, -1, nil)) }
        while let (node, parent, item) = stack.popLast() {
            var childParent = parent
            var childItem = item
            if node.pointee.type == XML_ELEMENT_NODE {
                let name = String(cString: node.pointee.name).lowercased()
                let number = tree.add(name, parent: parent)
                childParent = number
                let line = line(of: node)
                visit(node, name: name, number: number, line: line, tree: &tree, into: &collected)
                childItem = microdata.visit(node, name: name, number: number, line: line, tree: &tree, owner: item)
            }
            var child = node.pointee.last
            while let current = child {
                stack.append((current, childParent, childItem))
                child = current.pointee.prev
            }
        }
        let elements = tree.build()
        page.title = collected.title
        page.metas = collected.metas.map { WebPage.Meta(key: $0.key, content: $0.content, element: $0.place.place(in: elements)) }
        page.links = collected.links.map { WebPage.Link(rel: $0.rel, href: $0.href, element: $0.place.place(in: elements)) }
        page.structuredData = collected.scripts.map { WebPage.StructuredData(text: $0.text, element: $0.place.place(in: elements)) }
        page.schemaItems = microdata.items(in: elements)
        let source = SourceText(bytes: bytes)
        locateStructuredData(&page, in: source)
        for index in page.structuredData.indices {
            let block = page.structuredData[index]
            switch JSONReader.parse(SourceText(bytes: Array(block.text.utf8))) {
            case .failure(let error): page.structuredData[index].jsonError = error
            case .success(let root):
                page.schemaItems += JSONLDItems.items(of: root, in: JSONLDItems.Block(element: block.element, offset: block.offset, page: source))
            }
        }
        return .success(page)
    }

    /// What the walk keeps of the page's head elements until the element tree is built.
    private struct Collected {
        var title: String?
        var metas: [(key: String, content: String?, place: PendingPlace)] = []
        var links: [(rel: String, href: String?, place: PendingPlace)] = []
        var scripts: [(text: String, place: PendingPlace)] = []
    }

    /// Finds where each JSON-LD block's text starts in the page, so that a value inside it has
    /// its own line and column. libxml2 gives a `<script>` element the line where its start tag
    /// ends, so the text starts on that line, right after a `>`: the first one there whose
    /// following bytes are the text's own (its first 256 bytes, which is proof enough). Blocks
    /// are in document order, so each search starts where the last block's text ended, and a
    /// block not found (a page libxml2 converted from another encoding) gives up the rest of its
    /// line: no byte is searched twice, whatever the page.
    static func locateStructuredData(_ page: inout WebPage, in source: SourceText) {
        let bytes = source.bytes
        var cursor = 0
        for index in page.structuredData.indices {
            let block = page.structuredData[index]
            let text = Array(block.text.utf8.prefix(256))
            guard block.line > 0, block.line <= source.lineStarts.count, !text.isEmpty else { continue }
            let lineEnd = block.line < source.lineStarts.count ? source.lineStarts[block.line] : bytes.count
            var position = max(cursor, source.lineStarts[block.line - 1])
            cursor = lineEnd
            while position < lineEnd {
                if bytes[position] == UInt8(ascii: ">"), position + 1 + text.count <= bytes.count,
                    bytes[(position + 1)..<(position + 1 + text.count)].elementsEqual(text)
                {
                    page.structuredData[index].offset = position + 1
                    cursor = position + 1 + block.text.utf8.count
                    break
                }
                position += 1
            }
        }
    }

    private static func visit(_ node: xmlNodePtr, name: String, number: Int32, line: Int, tree: inout ElementTreeBuilder, into page: inout Collected)
    {
        guard ["title", "meta", "link", "script"].contains(name) else { return }
        func place(_ predicate: String) -> PendingPlace {
            PendingPlace(node: number, tag: tree.tag(of: number), line: line, rank: tree.rank(of: number, line: line), predicate: predicate)
        }
        switch name {
        case "title" where page.title == nil:
            page.title = text(of: node)
        case "meta":
            if let property = attribute(node, "property") ?? attribute(node, "name") {
                let which = attribute(node, "property") != nil ? "property" : "name"
                page.metas.append((property.lowercased(), attribute(node, "content"), place("[@\(which)=\(quoted(property))]")))
            }
        case "link":
            if let rel = attribute(node, "rel") {
                page.links.append((rel.lowercased(), attribute(node, "href"), place("[@rel=\(quoted(rel))]")))
            }
        case "script":
            if attribute(node, "type")?.lowercased().trimmingCharacters(in: .whitespaces) == "application/ld+json" {
                let index = page.scripts.count + 1
                page.scripts.append((text(of: node) ?? "", place("[@type='application/ld+json'][\(index)]")))
            }
        default:
            break
        }
    }

    /// An attribute value in a path predicate, quoted as XPath 1.0 can: in single quotes unless
    /// it holds one, then in double quotes (a value with both keeps its single quotes, doubled
    /// out of the way as `''`, which is still unambiguous to read).
    static func quoted(_ value: String) -> String {
        if !value.contains("'") { return "'\(value)'" }
        if !value.contains("\"") { return "\"\(value)\"" }
        return "'\(value.replacingOccurrences(of: "'", with: "''"))'"
    }

    /// The element's line. libxml2's HTML parser keeps lines in 16 bits: from 65535 on, the line
    /// is unknown (0) rather than wrong.
    static func line(of node: xmlNodePtr) -> Int {
        let line = Int(xmlGetLineNo(node))
        return line >= 65535 ? 0 : line
    }

    /// The line where libxml2 stopped reading because the page nests elements deeper than its
    /// limit, or nil when it read the whole page. Its HTML parser recovers from every other
    /// problem, so a parse ends early only when libxml2 halts it, which sets `disableSAX` (2.9's
    /// xmlHaltParser; 2.9 reports the depth as XML_ERR_INTERNAL_ERROR, later versions as a
    /// resource limit, so the flag is what is checked). The line is the last error's: the
    /// error's own line is a full integer, unlike a node's.
    private static func unreadFromLine(_ parser: htmlParserCtxtPtr) -> Int? {
        guard parser.pointee.disableSAX != 0 else { return nil }
        let line = xmlCtxtGetLastError(parser).map { Int($0.pointee.line) } ?? 0
        return max(line, 0)
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { proctor_xml_free(value) }
        return String(cString: value)
    }

    private static func text(of node: xmlNodePtr) -> String? {
        guard let content = xmlNodeGetContent(node) else { return nil }
        defer { proctor_xml_free(content) }
        return String(cString: content)
    }
}
