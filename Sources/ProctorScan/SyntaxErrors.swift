import SwiftSyntax

/// The syntax errors of a Swift file swift-syntax could not parse, each with where it is.
///
/// They are read from the tree the parser recovered: the tokens it had to assume (`expected ')'`),
/// the code it could not place (`unexpected code 'x'`) and what its lexer objected to in a token
/// (`invalid character`). swift-syntax's `ParseDiagnosticsGenerator` words them better, but it
/// builds a Fix-It for each, and some inputs make it build one with no change, which stops the
/// process (`let x ` + a vertical tab + `= 1`: FixIt.swift's precondition, found by the `swift`
/// fuzz target). A scan must never stop on the code it reads, so nothing here builds a Fix-It.
struct SyntaxErrors {
    /// One error: its offset in the file's UTF-8 and what is wrong there.
    struct Error: Equatable {
        var offset: Int
        var message: String
    }

    /// The errors of `tree`, in the order of the source, with missing tokens that follow one
    /// another said together (`expected ')' and '{'`). Empty when the tree has no error.
    static func find(in tree: SourceFileSyntax, limit: Int) -> [Error] {
        guard tree.hasError else { return [] }
        let finder = Finder()
        finder.walk(tree)
        return Array(finder.errors.prefix(limit))
    }

    private final class Finder: SyntaxVisitor {
        var errors: [Error] = []
        /// The missing things said at the last error, to add the next one at the same place to it.
        private var expectedAtLastError: [String] = []

        init() { super.init(viewMode: .all) }

        override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
            // What the lexer said of a token here is more precise than "unexpected code".
            let before = errors.count
            for token in node.tokens(viewMode: .sourceAccurate) { lexerError(of: token) }
            if errors.count == before {
                add(
                    Error(
                        offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, message: "unexpected code \(Self.quoted(node.trimmedDescription))"
                    ))
            }
            return .skipChildren
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if token.presence == .missing {
                expected(Self.name(of: token), at: token)
            } else {
                lexerError(of: token)
            }
            return .skipChildren
        }

        // A node the parser had to assume stands for a whole expression, statement…: said by
        // its kind rather than by its placeholder token.
        override func visit(_ node: MissingExprSyntax) -> SyntaxVisitorContinueKind { expected("expression", at: node) }
        override func visit(_ node: MissingDeclSyntax) -> SyntaxVisitorContinueKind { expected("declaration", at: node) }
        override func visit(_ node: MissingTypeSyntax) -> SyntaxVisitorContinueKind { expected("type", at: node) }
        override func visit(_ node: MissingPatternSyntax) -> SyntaxVisitorContinueKind { expected("pattern", at: node) }
        override func visit(_ node: MissingStmtSyntax) -> SyntaxVisitorContinueKind { expected("statement", at: node) }
        override func visit(_ node: MissingSyntax) -> SyntaxVisitorContinueKind { expected("code", at: node) }

        /// Says that `what` is missing where `node` would be: just after the code before it, as a
        /// compiler says it.
        @discardableResult
        private func expected(_ what: String, at node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
            let offset = (node.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia ?? node.position).utf8Offset
            if let last = errors.last, last.offset == offset, !expectedAtLastError.isEmpty {
                if !expectedAtLastError.contains(what) { expectedAtLastError.append(what) }
                errors[errors.count - 1].message = "expected " + Self.list(expectedAtLastError)
            } else {
                add(Error(offset: offset, message: "expected \(what)"))
                expectedAtLastError = [what]
            }
            return .skipChildren
        }

        /// What swift-syntax's lexer found wrong in the token, if it is an error.
        private func lexerError(of token: TokenSyntax) {
            guard let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error else { return }
            let offset: AbsolutePosition
            switch diagnostic.kind {
            case .extraneousLeadingWhitespaceError:
                // The whitespace is before the token: said where it starts.
                offset = token.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia ?? token.position
            default:
                offset = token.position.advanced(by: Int(diagnostic.byteOffset))
            }
            add(Error(offset: offset.utf8Offset, message: Self.words(of: diagnostic.kind)))
        }

        private func add(_ error: Error) {
            expectedAtLastError = []
            errors.append(error)
        }

        /// A missing token by what it is: its text when it has one of its own (`')'`, `'func'`).
        private static func name(of token: TokenSyntax) -> String {
            switch token.tokenKind {
            case .identifier: "identifier"
            case .integerLiteral: "integer literal"
            case .floatLiteral: "floating-point literal"
            case .stringSegment: "text"
            case .regexLiteralPattern: "regex pattern"
            default: token.text.isEmpty ? "token" : "'\(token.text)'"
            }
        }

        /// The lexer's diagnostic kinds are named in words run together
        /// (`equalMustHaveConsistentWhitespaceOnBothSides`): spaced out, without the severity
        /// some end with, they are the message.
        static func words(of kind: TokenDiagnostic.Kind) -> String {
            var words: [String] = []
            var word = ""
            for character in String(describing: kind) {
                if character.isUppercase, !word.isEmpty {
                    words.append(word)
                    word = ""
                }
                word.append(Character(character.lowercased()))
            }
            words.append(word)
            if let last = words.last, last == "error" || last == "warning", words.count > 1 { words.removeLast() }
            return words.joined(separator: " ")
        }

        /// Code quoted in a message: on one line, at most 40 characters, with characters that
        /// cannot be seen (a vertical tab) written as escapes, as a report must show them.
        static func quoted(_ code: String) -> String {
            var text = ""
            var count = 0
            for scalar in code.unicodeScalars {
                guard count < 40 else {
                    text += "…"
                    break
                }
                switch scalar {
                case "\n", "\r", "\t": text += " "
                default:
                    if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                        text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
                count += 1
            }
            return "'\(text)'"
        }

        private static func list(_ items: [String]) -> String {
            items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}
