import Foundation
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads
import ProctorWeb

/// Web pages (`.html`, `.htm`): what a page tells Safari, link previews and Applebot about the app
/// (Smart App Banners, structured data). Read with libxml2's HTML parser (``WebPageReader``).
package struct WebPageInput: PayloadInput {
    package init() {}

    package var name: String { "web page" }

    package func claims(path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm")
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        WebPageChecker(run: run)
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
            result.payloadCount = 1
            if let line = page.unreadFromLine {
                // An error, not a warning: part of the page was never read, so a clean result
                // would claim more than Proctor checked. The rules still judge what was read.
                result.diagnostics.append(
                    Diagnostic(
                        code: WebPageReader.nestedTooDeep, severity: .error,
                        message:
                            "the page nests elements more than 256 levels deep here; libxml2 stops reading at that depth, so the rest of the page is not checked (browsers render it, but flatten the markup to check it)",
                        location: line > 0 ? SourceLocation(file: path, line: line) : SourceLocation(file: path)))
            }
            let file = WebPageFile(page: page, path: path, source: SourceText(bytes: bytes))
            if let mention = file.mention { facts.add(mention, as: RunFacts.Pages.self) }
            pages.judge(
                file, in: context,
                locate: { pointer in
                    SourceLocation(file: path, pointer: pointer.description)
                }, into: &result.findings)
        }
        return result
    }
}
