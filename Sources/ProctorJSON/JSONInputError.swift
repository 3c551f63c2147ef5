/// Why a JSON text was rejected, with the byte offset of the problem and the pointer of the
/// value being read when it was found.
package struct JSONInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable identifiers, used in reports and conformance vectors.
    package enum Code: String, Sendable, CaseIterable {
        case empty = "json_empty"
        case syntax = "json_syntax"
        case truncated = "json_truncated"
        case trailingComma = "json_trailing_comma"
        case trailingContent = "json_trailing_content"
        case singleQuote = "json_single_quote"
        case nonFiniteNumber = "json_non_finite_number"
        case integerOverflow = "json_integer_overflow"
        case loneSurrogate = "json_lone_surrogate"
        case invalidUTF8 = "json_invalid_utf8"
        case controlCharacter = "json_control_character"
        case invalidEscape = "json_invalid_escape"
        case tooDeep = "json_too_deep"
        case duplicateKey = "json_duplicate_key"
        /// A key containing U+0000, which json-c cannot represent.
        case unsupportedKey = "json_unsupported_key"
    }

    package var code: Code
    package var message: String
    package var offset: Int
    package var pointer: JSONPointer

    package init(_ code: Code, _ message: String, offset: Int, pointer: JSONPointer) {
        self.code = code
        self.message = message
        self.offset = offset
        self.pointer = pointer
    }

    package var description: String { "\(message) [\(code.rawValue)]" }
}

/// The limits Proctor puts on JSON input. They are documented in `docs/input-format.md`.
package struct JSONLimits: Sendable {
    /// Containers nested deeper than this are rejected. Payloads are a few levels deep; the limit
    /// keeps recursion bounded on hostile input.
    package var maximumDepth: Int
    /// Files larger than this many bytes are rejected before they are read.
    package var maximumFileSize: Int

    package init(maximumDepth: Int = 64, maximumFileSize: Int = 64 * 1024 * 1024) {
        self.maximumDepth = maximumDepth
        self.maximumFileSize = maximumFileSize
    }

    package static let standard = JSONLimits()
}
