import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorFiles

/// One entry of the Associated Domains entitlement, `<service>:<fully qualified domain>`, such as
/// `applinks:example.com`, `applinks:*.example.com` or `webcredentials:example.com?mode=developer`.
/// (Apple, Bundle Resources, Associated Domains Entitlement; Supporting associated domains.)
package struct AssociatedDomain: Sendable, Equatable {
    package enum Service: String, Sendable, CaseIterable {
        case applinks, webcredentials, activitycontinuation, appclips
    }

    package var service: Service
    /// The domain, lower case, without its `*.` prefix.
    package var domain: String
    /// `*.example.com`: every subdomain of the domain, not the domain itself.
    package var isWildcard: Bool
    /// `?mode=developer`, `managed` or `developer+managed`.
    package var mode: String?
    /// Where the entry is written.
    package var location: SourceLocation

    /// Parses one entry; the reason it is not valid otherwise.
    package static func parse(_ text: String, at location: SourceLocation) -> Result<AssociatedDomain, InvalidEntry> {
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(InvalidEntry(reason: "'\(text)' has no service; write <service>:<domain>, such as applinks:\(text)"))
        }
        let serviceName = String(text[..<colon])
        guard let service = Service(rawValue: serviceName) else {
            let names = Service.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(InvalidEntry(reason: "'\(serviceName)' is not an associated-domains service (\(names))"))
        }
        var rest = String(text[text.index(after: colon)...])
        var mode: String?
        if let mark = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: mark)...]
            rest = String(rest[..<mark])
            guard query.hasPrefix("mode="), ["developer", "managed", "developer+managed"].contains(String(query.dropFirst(5))) else {
                return .failure(
                    InvalidEntry(
                        reason: "'?\(query)' is not an alternate mode; Apple documents ?mode=developer, ?mode=managed and ?mode=developer+managed"))
            }
            mode = String(query.dropFirst(5))
        }
        if let scheme = ["https://", "http://", "//"].first(where: { rest.lowercased().hasPrefix($0) }) {
            return .failure(
                InvalidEntry(
                    reason: "'\(text)' has a URL scheme; the entry names the domain only: \(service.rawValue):\(rest.dropFirst(scheme.count))"))
        }
        if rest.isEmpty { return .failure(InvalidEntry(reason: "'\(text)' names no domain")) }
        if rest.contains(where: \.isWhitespace) { return .failure(InvalidEntry(reason: "'\(text)' contains white space")) }
        if rest.contains("/") {
            return .failure(
                InvalidEntry(reason: "'\(text)' has a path; the entry names the domain only, and the association file says which paths open the app"))
        }
        if rest.contains(":") { return .failure(InvalidEntry(reason: "'\(text)' has a port, which associated domains do not take")) }
        if !rest.unicodeScalars.allSatisfy(\.isASCII) {
            return .failure(InvalidEntry(reason: "'\(rest)' is not ASCII; write an internationalized domain in Punycode (xn--…)"))
        }
        var isWildcard = false
        if rest.hasPrefix("*.") {
            guard service != .appclips else { return .failure(InvalidEntry(reason: "'\(text)': App Clips do not take wildcard domains")) }
            isWildcard = true
            rest.removeFirst(2)
        }
        let labels = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }) else {
            return .failure(InvalidEntry(reason: "'\(rest)' is not a fully qualified domain"))
        }
        return .success(AssociatedDomain(service: service, domain: rest.lowercased(), isWildcard: isWildcard, mode: mode, location: location))
    }

    /// Why an entry is not valid.
    package struct InvalidEntry: Error, Sendable {
        package var reason: String
    }

    /// Whether the entry covers `host`: the domain itself, or for a wildcard, any subdomain of it.
    package func covers(_ host: String) -> Bool {
        isWildcard ? host.hasSuffix("." + domain) : host == domain
    }
}

/// An `.entitlements` file (XML or binary property list), for its Associated Domains.
package enum EntitlementsReader {
    package static let key = "com.apple.developer.associated-domains"

    package static let invalidEntry = ProblemCode(
        "entitlement_invalid_domain", summary: "An Associated Domains entry is not <service>:<fully qualified domain>.")

    package struct Result: Sendable {
        /// Nil when the file could not be read; empty when it lists no associated domain.
        package var domains: [AssociatedDomain]?
        package var inputErrors: [InputError] = []
        package var diagnostics: [Diagnostic] = []
        /// The entries that are not `<service>:<domain>`, each with why: `proctor lint` judges
        /// them with a rule (`associated_domain_entry`), `links check` reports them as errors.
        package var invalidEntries: [InvalidEntryAt] = []
        /// The lines of the entitlement's key and entries, by JSON Pointer (XML files only).
        package var lines: [String: Int] = [:]

        /// Every problem as a diagnostic, invalid entries included, for `links check`.
        package var allDiagnostics: [Diagnostic] {
            diagnostics + invalidEntries.map { Diagnostic(code: invalidEntry, severity: .error, message: $0.reason, location: $0.location) }
        }
    }

    /// An entry that is not `<service>:<fully qualified domain>`, where it is and why.
    package struct InvalidEntryAt: Sendable {
        package var text: String
        package var reason: String
        package var location: SourceLocation
    }

    package static func read(path: String) -> Result {
        switch InputFiles.load(path, limit: InfoPlistReader.maximumFileSize, naming: "the entitlements file") {
        case .failure(let error): return Result(domains: nil, inputErrors: [error])
        case .success(let bytes): return read(bytes: bytes, path: path)
        }
    }

    package static func read(bytes: [UInt8], path: String) -> Result {
        let file: PropertyListFile
        switch PropertyListFile.read(bytes: bytes, displayPath: path, noun: "the entitlements file") {
        case .failure(let error): return Result(domains: nil, inputErrors: [error])
        case .success(let read): file = read
        }
        guard let root = file.root as? [String: Any] else {
            return Result(
                domains: nil,
                inputErrors: [
                    InputError(
                        code: .propertyListInvalid, message: "the entitlements file's top level is not a dictionary",
                        location: SourceLocation(file: path, line: 1))
                ])
        }
        var result = Result(domains: [])
        guard let value = root[key] else { return result }
        let keyLocation = SourceLocation(file: path, line: file.line(ofKey: key), pointer: "/\(key)")
        if let line = keyLocation.line { result.lines["/\(key)"] = line }
        guard let entries = value as? [Any] else {
            result.diagnostics.append(
                Diagnostic(code: .typeMismatch, severity: .error, message: "'\(key)' must be an array of strings", location: keyLocation))
            return result
        }
        let lines = file.linesOfEntries(ofArray: key)
        for (index, entry) in entries.enumerated() {
            let location = SourceLocation(file: path, line: index < lines.count ? lines[index] : keyLocation.line, pointer: "/\(key)/\(index)")
            if let line = location.line { result.lines["/\(key)/\(index)"] = line }
            guard let text = entry as? String else {
                result.diagnostics.append(
                    Diagnostic(code: .typeMismatch, severity: .error, message: "entry \(index) of '\(key)' must be a string", location: location))
                continue
            }
            switch AssociatedDomain.parse(text, at: location) {
            case .success(let domain): result.domains?.append(domain)
            case .failure(let invalid): result.invalidEntries.append(InvalidEntryAt(text: text, reason: invalid.reason, location: location))
            }
        }
        return result
    }
}
