/// Files the user names on the command line for what they are, whatever their names:
/// `--entitlements PATH` and `--aasa DOMAIN=PATH`. The kinds that read them claim them here
/// (``PayloadInput/claims(declared:in:)``), ahead of any claim by name.
package struct DeclaredFiles: Sendable {
    /// The app's `.entitlements` files.
    package var entitlements: [String]
    /// The domain each association file is served from, by path.
    package var siteDomains: [String: String]

    package init(entitlements: [String] = [], sites: [(domain: String, path: String)] = []) {
        self.entitlements = entitlements.map(Self.normalized)
        var domains: [String: String] = [:]
        for (domain, path) in sites { domains[Self.normalized(path)] = domain }
        self.siteDomains = domains
    }

    /// The paths to read besides the ones given as arguments, in the order given.
    package var paths: [String] { entitlements + siteDomains.keys.sorted() }

    /// The same file written two ways (`./site/x`, `site//x`) is one file: a declared file found
    /// again by a directory walk is read once.
    package static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        // `.` (or `./`) is the current directory, not an empty path nothing can open.
        return absolute ? "/" + joined : joined.isEmpty ? "." : joined
    }
}
