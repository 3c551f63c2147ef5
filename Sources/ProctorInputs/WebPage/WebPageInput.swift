import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorWeb

/// Web pages (`.html`, `.htm`): what a page tells Safari, link previews and Applebot about the app
/// (Smart App Banners, structured data). Read with libxml2's HTML parser (``WebPageReader``).
public struct WebPageInput: PayloadInput {
    public init() {}

    public var name: String { "web page" }

    public func claims(path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm")
    }

    public func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        WebPageChecker(run: run)
    }
}

/// A whole page as the rules see it, and where its elements are written.
public struct WebPageFile: RuleSubject, Sendable {
    public static var scope: RuleScope { .payload }
    public var page: WebPage
    public var path: String
    let source: SourceText

    /// The location of an element: its line, the column of its tag on that line (libxml2 gives
    /// lines only), and its path in the tree as the pointer. Line 0 is unknown: no line, no column.
    public func location(line: Int, tag: String, path elementPath: String) -> SourceLocation {
        guard line > 0 else { return SourceLocation(file: path, pointer: elementPath) }
        return SourceLocation(file: path, line: line, column: column(ofTag: tag, onLine: line), pointer: elementPath)
    }

    /// The location of a line inside an element's text (structured data), when known.
    public func location(line: Int, column: Int?, path elementPath: String) -> SourceLocation {
        guard line > 0 else { return SourceLocation(file: path, pointer: elementPath) }
        return SourceLocation(file: path, line: line, column: column ?? 1, pointer: elementPath)
    }

    /// The location of a piece of markup: its own line and column when known (a JSON-LD value),
    /// else its line and the column of its tag.
    public func location(of place: MarkupPlace) -> SourceLocation {
        if place.column != nil || place.tag == nil { return location(line: place.line, column: place.column, path: place.path) }
        return location(line: place.line, tag: place.tag ?? "", path: place.path)
    }

    /// The location of a byte of the page, with the path of what is there.
    public func location(ofOffset offset: Int, path elementPath: String) -> SourceLocation {
        let position = source.position(ofOffset: offset)
        return SourceLocation(file: path, line: position.line, column: position.column, pointer: elementPath)
    }

    /// The offset where each line starts, made once per page: a column costs a search of its
    /// own line only, however many findings the page has.
    let lineStarts: [Int]

    init(page: WebPage, path: String, source: SourceText) {
        self.page = page
        self.path = path
        self.source = source
        var starts = [0]
        for (index, byte) in source.bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// What the rules across files need of the page: the URL it states for itself (the
    /// canonical link, else `og:url`) and its markup about apps. Nil for a page that states no URL.
    var mention: RunFacts.PageMention? {
        let canonical = page.links.first { $0.rel.split(separator: " ").contains("canonical") && $0.href != nil }
        let url: (text: String, location: SourceLocation)
        if let canonical, let href = canonical.href {
            url = (href, location(line: canonical.line, tag: "link", path: canonical.path))
        } else if let og = page.meta("og:url"), let content = og.content {
            url = (content, location(line: og.line, tag: "meta", path: og.path))
        } else {
            return nil
        }
        let markup = page.metas.filter { $0.key == "apple-itunes-app" || $0.key.hasPrefix("al:") || $0.key.hasPrefix("twitter:app:") }
        return RunFacts.PageMention(
            path: path, url: url.text.trimmingCharacters(in: .whitespaces), urlLocation: url.location,
            appMarkup: markup.map { ($0.key, $0.content ?? "") })
    }

    private func column(ofTag tag: String, onLine line: Int) -> Int {
        let bytes = source.bytes
        guard line >= 1, line <= lineStarts.count else { return 1 }
        let start = lineStarts[line - 1]
        var index = start
        let needle = Array(("<" + tag).utf8)
        while index + needle.count <= bytes.count && bytes[index] != 0x0A {
            if zip(needle, bytes[index..<index + needle.count]).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                return String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars.count + 1
            }
            index += 1
        }
        return 1
    }
}

final class WebPageChecker: PayloadChecker {
    private let pages: SubjectRules<WebPageFile>
    private let context: RuleContext

    init(run: PayloadRun) {
        pages = run.engine.rules()
        context = run.context
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        var result = FileResult(path: path)
        switch WebPageReader.read(bytes, path: path) {
        case .failure(let error):
            result.inputErrors = [error]
        case .success(let page):
            result.wasChecked = true
            result.donationCount = 1
            if let line = page.unreadFromLine {
                // An error, not a warning: part of the page was never read, so a clean result
                // would claim more than Proctor checked. The rules still judge what was read.
                result.diagnostics.append(Diagnostic(
                    code: WebPageReader.nestedTooDeep, severity: .error,
                    message: "the page nests elements more than 256 levels deep here; libxml2 stops reading at that depth, so the rest of the page is not checked (browsers render it, but flatten the markup to check it)",
                    location: line > 0 ? SourceLocation(file: path, line: line) : SourceLocation(file: path)))
            }
            let file = WebPageFile(page: page, path: path, source: SourceText(bytes: bytes))
            if let mention = file.mention { facts.pages.append(mention) }
            pages.judge(file, in: context, locate: { pointer in
                SourceLocation(file: path, pointer: pointer.description)
            }, into: &result.findings)
        }
        return result
    }
}
