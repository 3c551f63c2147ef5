import Foundation

/// The elements of a page that Proctor keeps a place for, as a tree of names: each element is its
/// parent's number and its tag, so a path costs one entry however deep the element is, and is
/// spelt out (`/html/head/meta`) only when a finding needs it. Keeping every path as a string
/// would cost the depth for each element: up to 256 names for every `<meta>` of a hostile page.
package final class ElementTree: Sendable {
    private let parents: [Int32]
    private let tags: [Int32]
    private let tagNames: [String]
    /// How many kept elements of a tag libxml2 puts on a line, by `line << 32 | tag`: a page whose
    /// start tags share a line (minified) is located by the element's rank among them.
    private let perLine: [Int: Int32]

    fileprivate init(parents: [Int32], tags: [Int32], tagNames: [String], perLine: [Int: Int32]) {
        self.parents = parents
        self.tags = tags
        self.tagNames = tagNames
        self.perLine = perLine
    }

    /// `/html/body/div`: the names from the root down to `node`.
    func path(of node: Int32) -> String {
        var names: [Substring] = []
        var current = node
        while current >= 0 {
            names.append(Substring(tagNames[Int(tags[Int(current)])]))
            current = parents[Int(current)]
        }
        return "/" + names.reversed().joined(separator: "/")
    }

    func count(line: Int, tag: Int32) -> Int { Int(perLine[line << 32 | Int(tag)] ?? 1) }

    func tagName(_ tag: Int32) -> String { tagNames[Int(tag)] }
}

/// Where an element is: the line libxml2 gives it (where its start tag ends; 0 past the 65,534
/// lines it counts), its rank among the kept elements of its tag on that line, and its path in the
/// tree with a predicate that names it (`[@name='apple-itunes-app']`).
package struct ElementPlace: Sendable {
    let tree: ElementTree
    let node: Int32
    let tag: Int32
    package let line: Int
    /// 1-based, among the kept elements of the same tag on the same line, in document order.
    package let rank: Int
    let predicate: String

    /// The element's path, such as `/html/head/meta[@name='apple-itunes-app']`.
    package var path: String { tree.path(of: node) + predicate }
    /// The element's tag name, lower case.
    package var tagName: String { tree.tagName(tag) }
    /// How many kept elements of its tag are on its line.
    package var onItsLine: Int { tree.count(line: line, tag: tag) }
}

/// Builds the tree while the reader walks the page in document order.
struct ElementTreeBuilder {
    private var parents: [Int32] = []
    private var tags: [Int32] = []
    private var tagNames: [String] = []
    private var tagNumbers: [String: Int32] = [:]
    private var perLine: [Int: Int32] = [:]

    /// Adds an element under `parent` (-1 for the root); returns its number.
    mutating func add(_ name: String, parent: Int32) -> Int32 {
        let tag: Int32
        if let known = tagNumbers[name] {
            tag = known
        } else {
            tag = Int32(tagNames.count)
            tagNames.append(name)
            tagNumbers[name] = tag
        }
        parents.append(parent)
        tags.append(tag)
        return Int32(parents.count - 1)
    }

    /// Counts a kept element on its line; returns its rank there.
    mutating func rank(of node: Int32, line: Int) -> Int {
        let key = line << 32 | Int(tags[Int(node)])
        let rank = (perLine[key] ?? 0) + 1
        perLine[key] = rank
        return Int(rank)
    }

    func tag(of node: Int32) -> Int32 { tags[Int(node)] }

    func build() -> ElementTree { ElementTree(parents: parents, tags: tags, tagNames: tagNames, perLine: perLine) }
}

/// A kept element before the tree is built: what an ``ElementPlace`` is made of.
struct PendingPlace {
    var node: Int32
    var tag: Int32
    var line: Int
    var rank: Int
    var predicate: String

    func place(in tree: ElementTree) -> ElementPlace {
        ElementPlace(tree: tree, node: node, tag: tag, line: line, rank: rank, predicate: predicate)
    }
}
