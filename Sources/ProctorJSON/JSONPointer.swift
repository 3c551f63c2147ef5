import Foundation

/// An RFC 6901 JSON Pointer: the canonical address of a value inside a document.
package struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    package private(set) var tokens: [String]

    package init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    /// Parses the string form (`""`, `"/a/0/b~1c"`); returns nil when it does not start with `/`
    /// or has a `~` that is not `~0` or `~1` (RFC 6901 §3 allows no other escape).
    package init?(parsing text: String) {
        if text.isEmpty {
            self.tokens = []
            return
        }
        // Split on the byte `/`, not on characters: a `/` followed by a combining mark is one
        // character but still separates two tokens (RFC 6901 works on code points).
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "~") {
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "0") || bytes[index + 1] == UInt8(ascii: "1") else { return nil }
        }
        self.tokens = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    package static let root = JSONPointer()

    package func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(key)
        return copy
    }

    package func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// True when `self` is `other` or lies inside it.
    package func isWithin(_ other: JSONPointer) -> Bool {
        tokens.count >= other.tokens.count && Array(tokens.prefix(other.tokens.count)) == other.tokens
    }

    /// True when the pointer written as `text` (the escaped form a location carries) is `self` or
    /// lies inside it: ``isWithin(_:)`` without parsing the text back. A `/` inside a token is
    /// written `~1`, so a prefix that ends at a `/` ends at a token. Compared as bytes: compared
    /// as characters, a `/` followed by a combining mark would not be a `/`.
    package func contains(written text: String) -> Bool {
        let own = description
        guard !own.isEmpty else { return true }
        let written = text.utf8
        guard written.starts(with: own.utf8) else { return false }
        let rest = written.dropFirst(own.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }

    /// The escaped string form: `~` becomes `~0` and `/` becomes `~1`.
    package var description: String {
        var result = ""
        // Sized once: appending token by token would regrow the string past 15 bytes, the most
        // a String holds without an allocation.
        result.reserveCapacity(tokens.reduce(0) { $0 + 1 + $1.utf8.count })
        for token in tokens {
            result += "/"
            if Self.needsEscaping(token) {
                result += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                result += token
            }
        }
        return result
    }

    private static func needsEscaping(_ token: String) -> Bool {
        // withUTF8 reads the bytes in place; iterating `utf8` generically costs several times more.
        var token = token
        return token.withUTF8 { bytes in bytes.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") } }
    }

    /// Orders pointers token by token, comparing array indices numerically, so `/2` sorts before `/10`.
    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        for (left, right) in zip(lhs.tokens, rhs.tokens) where left != right {
            if let leftIndex = Int(left), let rightIndex = Int(right) {
                return leftIndex < rightIndex
            }
            return left < right
        }
        return lhs.tokens.count < rhs.tokens.count
    }
}
