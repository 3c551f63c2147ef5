import ProctorCore
import SwiftSyntax

/// Lines and columns of a Swift file's text, as swift-syntax counts them (1-based; a column counts
/// UTF-8 bytes), from the text the scan already holds. swift-syntax's own converter first
/// rebuilds the text from the tree, which was a seventh of the scan's time.
struct SourceLines: Sendable {
    let path: String
    /// The byte offset where each line starts.
    private let starts: [Int]

    init(path: String, text: String) {
        self.path = path
        var text = text
        // Nearly every file ends its lines with LF alone: found at machine speed.
        if let starts = text.withUTF8({ bytes in
            ByteSearch.contains("\r", in: bytes) ? nil : [0] + ByteSearch.offsets(after: UInt8(ascii: "\n"), in: bytes)
        }) {
            self.starts = starts
            return
        }
        var starts = [0]
        var offset = 0
        var afterCarriageReturn = false
        // A line ends at LF, at CR LF, and at a CR alone, as Swift's lexer counts them.
        for byte in text.utf8 {
            if afterCarriageReturn && byte != UInt8(ascii: "\n") { starts.append(offset) }
            offset += 1
            if byte == UInt8(ascii: "\n") { starts.append(offset) }
            afterCarriageReturn = byte == UInt8(ascii: "\r")
        }
        if afterCarriageReturn { starts.append(offset) }
        self.starts = starts
    }

    /// Where `offset` is: the last line starting at or before it.
    func location(ofOffset offset: Int) -> ProctorCore.SourceLocation {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return ProctorCore.SourceLocation(file: path, line: low + 1, column: offset - starts[low] + 1)
    }

    /// Where `node` starts, after its leading trivia.
    func location(of node: some SyntaxProtocol) -> ProctorCore.SourceLocation {
        location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
