import Foundation

/// URL patterns of routes: `*` stands for any text without `/`, `**` for any text. Schemes compare
/// case-insensitively, as URL schemes do (RFC 3986 §3.1).
package enum URLPattern {
    /// The scheme of a URL or pattern, lowercased, or nil when it has none.
    package static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = scheme.unicodeScalars.first, isLetter(first),
            scheme.unicodeScalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    package static func matches(_ pattern: String, _ url: String) -> Bool {
        guard let patternScheme = scheme(of: pattern), let urlScheme = scheme(of: url), patternScheme == urlScheme else { return false }
        let patternRest = Array(hostLowercased(pattern.unicodeScalars.dropFirst(patternScheme.unicodeScalars.count)))
        let urlRest = Array(hostLowercased(url.unicodeScalars.dropFirst(urlScheme.unicodeScalars.count)))
        return glob(patternRest[...], urlRest[...])
    }

    /// The names of a URL's query items, in order (`notes://note?id=4&tab` → `id`, `tab`),
    /// percent-decoded as `URLComponents.queryItems` decodes them; an item with no `=` is named
    /// all the same (its value is nil).
    package static func queryItemNames(of url: String) -> [String] {
        let beforeFragment = url.prefix { $0 != "#" }
        guard let mark = beforeFragment.firstIndex(of: "?") else { return [] }
        return beforeFragment[beforeFragment.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true).map { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return String(name).removingPercentEncoding ?? String(name)
        }
    }

    /// `://Host/Path` → `://host/Path`: hosts are case-insensitive (RFC 3986 §3.2.2), paths are not.
    private static func hostLowercased(_ rest: Substring.UnicodeScalarView) -> [Unicode.Scalar] {
        var scalars = Array(rest)
        guard scalars.starts(with: ":/".unicodeScalars), scalars.count > 2, scalars[2] == "/" else { return scalars }
        var index = 3
        while index < scalars.count, scalars[index] != "/", scalars[index] != "?", scalars[index] != "#" {
            scalars[index] = Unicode.Scalar(String(scalars[index]).lowercased()) ?? scalars[index]
            index += 1
        }
        return scalars
    }

    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            let crossesSlashes = pattern.dropFirst().first == "*"
            let rest = pattern.dropFirst(crossesSlashes ? 2 : 1)
            var index = text.startIndex
            while true {
                if glob(rest, text[index...]) { return true }
                guard index < text.endIndex, crossesSlashes || text[index] != "/" else { return false }
                index += 1
            }
        }
        guard let character = text.first, character == first else { return false }
        return glob(pattern.dropFirst(), text.dropFirst())
    }
}
