import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorWeb

/// A whole page as the rules see it, and where its elements are written.
package struct WebPageFile: RuleSubject, Sendable {
    package static var scope: RuleScope { .payload }
    package var page: WebPage
    package var path: String
    let source: SourceText

    /// The location of an element, with its path in the tree as the pointer (or `path`, for
    /// something inside it). libxml2 gives the line where the element's start tag ends; the
    /// column is that of its `<tag` there, the element's rank among the kept elements of its tag
    /// on the line saying which (minified pages put many on one line). When the line holds fewer
    /// such tags than elements, the first ones began on an earlier line (a start tag written over
    /// several lines), and are found by looking back. Line 0 is unknown: no line, no column.
    package func location(of element: ElementPlace, path elementPath: String? = nil) -> SourceLocation {
        let pointer = elementPath ?? element.path
        guard element.line > 0, element.line <= source.lineStarts.count else { return SourceLocation(file: path, pointer: pointer) }
        let lineStart = source.lineStarts[element.line - 1]
        let lineEnd = element.line < source.lineStarts.count ? source.lineStarts[element.line] : source.bytes.count
        let needle = Array(("<" + element.tagName).utf8)
        var starts: [Int] = []
        var index = lineStart
        // Bounded: a finding looks at 64 KB of its line at most, however long the line.
        let searchEnd = min(lineEnd, lineStart + Self.searchLimit)
        while index < searchEnd, starts.count < element.onItsLine {
            if tag(needle, startsAt: index) { starts.append(index) }
            index += 1
        }
        let earlier = max(0, element.onItsLine - starts.count)
        var offset: Int?
        if element.rank > earlier {
            offset = starts.count > element.rank - earlier - 1 ? starts[element.rank - earlier - 1] : nil
        } else {
            // The (earlier - rank + 1)th tag before the line, looking back at most 4 KB.
            var skip = earlier - element.rank
            var back = lineStart - 1
            while back >= max(0, lineStart - Self.lookBack) {
                if tag(needle, startsAt: back) {
                    if skip == 0 {
                        offset = back
                        break
                    }
                    skip -= 1
                }
                back -= 1
            }
        }
        guard let offset else { return SourceLocation(file: path, line: element.line, column: 1, pointer: pointer) }
        let position = source.position(ofOffset: offset)
        return SourceLocation(file: path, line: position.line, column: position.column, pointer: pointer)
    }

    static let searchLimit = 1 << 16
    static let lookBack = 1 << 12

    /// `<tag` at `index`, in any case, followed by what ends a tag name (so `<a` is not `<abbr`).
    private func tag(_ needle: [UInt8], startsAt index: Int) -> Bool {
        let bytes = source.bytes
        guard bytes[index] == UInt8(ascii: "<"), index + needle.count <= bytes.count else { return false }
        for offset in 1..<needle.count where bytes[index + offset] | 0x20 != needle[offset] | 0x20 { return false }
        guard index + needle.count < bytes.count else { return true }
        let next = bytes[index + needle.count]
        return next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0x0C
    }

    /// The location of a piece of markup: a JSON-LD value's own line and column, an element's
    /// (``location(of:path:)``), or a place given whole.
    package func location(of place: MarkupPlace) -> SourceLocation {
        if let element = place.element { return location(of: element, path: place.path) }
        guard place.line > 0 else { return SourceLocation(file: path, pointer: place.path) }
        return SourceLocation(file: path, line: place.line, column: place.column ?? 1, pointer: place.path)
    }

    /// The location of a byte of the page, with the path of what is there.
    package func location(ofOffset offset: Int, path elementPath: String) -> SourceLocation {
        let position = source.position(ofOffset: offset)
        return SourceLocation(file: path, line: position.line, column: position.column, pointer: elementPath)
    }

    package init(page: WebPage, path: String, source: SourceText) {
        self.page = page
        self.path = path
        self.source = source
    }

    /// What the rules across files need of the page: the URL it states for itself (the
    /// canonical link, else `og:url`) and its markup about apps. Nil for a page that states no URL.
    package var mention: RunFacts.PageMention? {
        let canonical = page.links.first { $0.rel.split(separator: " ").contains("canonical") && $0.href != nil }
        let url: (text: String, location: SourceLocation)
        if let canonical, let href = canonical.href {
            url = (href, location(of: canonical.element))
        } else if let og = page.meta("og:url"), let content = og.content {
            url = (content, location(of: og.element))
        } else {
            return nil
        }
        let markup = page.metas.filter { $0.key == "apple-itunes-app" || $0.key.hasPrefix("al:") || $0.key.hasPrefix("twitter:app:") }
        return RunFacts.PageMention(
            path: path, url: url.text.trimmingCharacters(in: .whitespaces), urlLocation: url.location,
            appMarkup: markup.map { ($0.key, $0.content ?? "") })
    }
}
