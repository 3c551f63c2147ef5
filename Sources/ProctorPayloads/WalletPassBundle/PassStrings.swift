import Foundation

/// A `pass.strings` file: the localized text of a pass in one language, in the old-style
/// strings format (`"key" = "value";`, with C comments), UTF-16 with a byte order mark or UTF-8.
/// Only the keys are kept, in order; a pass's value that is one of them is shown translated.
package struct PassStrings: Sendable, Equatable {
    package var keys: [String]

    /// Why a file is not a strings file, with the line it stopped at.
    package struct SyntaxError: Error, Equatable {
        package var message: String
        package var line: Int
    }

    /// Reads the keys of `bytes`.
    package init(_ bytes: [UInt8]) throws(SyntaxError) {
        guard let text = Self.decode(bytes) else { throw SyntaxError(message: "it is neither UTF-16 with a byte order mark nor UTF-8", line: 1) }
        var scanner = Scanner(Array(text.unicodeScalars))
        var keys: [String] = []
        while true {
            try scanner.skipSpaceAndComments()
            if scanner.atEnd { break }
            let key = try scanner.token("a key")
            try scanner.skipSpaceAndComments()
            try scanner.expect("=")
            try scanner.skipSpaceAndComments()
            _ = try scanner.token("a value")
            try scanner.skipSpaceAndComments()
            try scanner.expect(";")
            keys.append(key)
        }
        self.keys = keys
    }

    private static func decode(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return String(data: Data(bytes), encoding: .utf16)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(validating: body, as: UTF8.self)
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }

        func error(_ message: String) -> SyntaxError { SyntaxError(message: message, line: line) }

        mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        mutating func skipSpaceAndComments() throws(SyntaxError) {
            while !atEnd {
                let scalar = scalars[index]
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while !atEnd, scalars[index] != "\n" { advance() }
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    advance()
                    advance()
                    while !atEnd, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
                    if atEnd { throw error("a comment is not closed") }
                    advance()
                    advance()
                } else {
                    return
                }
            }
        }

        mutating func expect(_ character: Unicode.Scalar) throws(SyntaxError) {
            guard !atEnd, scalars[index] == character else { throw error("'\(character)' is expected") }
            advance()
        }

        /// A quoted string, or a bare word of letters, digits and `_$:./-`.
        mutating func token(_ what: String) throws(SyntaxError) -> String {
            guard !atEnd else { throw error("\(what) is expected") }
            if scalars[index] == "\"" { return try quoted() }
            var word = String.UnicodeScalarView()
            while !atEnd,
                scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || "_$:./-".unicodeScalars.contains(scalars[index])
            {
                word.append(scalars[index])
                advance()
            }
            guard !word.isEmpty else { throw error("\(what) is expected") }
            return String(word)
        }

        private mutating func quoted() throws(SyntaxError) -> String {
            advance()
            var text = String.UnicodeScalarView()
            while true {
                guard !atEnd else { throw error("a string is not closed") }
                let scalar = scalars[index]
                advance()
                if scalar == "\"" { return String(text) }
                guard scalar == "\\" else {
                    text.append(scalar)
                    continue
                }
                guard !atEnd else { throw error("a string is not closed") }
                let escaped = scalars[index]
                advance()
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "U", "u":
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard !atEnd, let digit = Int(String(scalars[index]), radix: 16) else {
                            throw error("\\\(escaped) needs four hexadecimal digits")
                        }
                        value = value << 4 | UInt32(digit)
                        advance()
                    }
                    text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default: text.append(escaped)
                }
            }
        }
    }
}
