import ArgumentParser

/// `--aasa DOMAIN=PATH`, on `lint` and `links check`: the association file a domain serves.
struct SiteArgument: ExpressibleByArgument {
    var domain: String
    var path: String

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[0].contains("/") else { return nil }
        domain = parts[0].lowercased()
        path = parts[1]
    }
}
