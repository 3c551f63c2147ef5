import Foundation
import ProctorCore
import ProctorFiles

/// `proctor links check`: reads the association files, then gives each URL its verdict.
package enum LinkCheck {
    /// How much of a file is read at all: a larger one is reported, not matched.
    package static let readLimit = 16 * 1024 * 1024

    package static let fileTooLarge = ProblemCode(
        "aasa_file_too_large", summary: "An apple-app-site-association file is over the 128 KB iOS reads.")

    package struct Result: Sendable {
        package var verdicts: [(url: String, verdict: LinkVerdict)]
        package var inputErrors: [InputError]
        package var diagnostics: [Diagnostic]
    }

    /// Checks `urls` against the files `sites` names (domain, path), for the app `appID` and
    /// with the Associated Domains of the `entitlements` file, when given. An entitlements file
    /// that cannot be read leaves every URL undecided rather than guessed. `origin` is where every
    /// URL is opened: another app (the default), a page in Safari, or Safari's address bar.
    package static func run(
        urls: [String], sites: [(domain: String, path: String)], appID: String?, entitlements: String? = nil, from origin: LinkOrigin = .otherApp
    ) -> Result {
        var inputErrors: [InputError] = []
        var diagnostics: [Diagnostic] = []
        var associatedDomains: [AssociatedDomain]?
        if let entitlements {
            let read = EntitlementsReader.read(path: entitlements)
            inputErrors += read.inputErrors
            diagnostics += read.allDiagnostics
            associatedDomains = read.domains
        }
        var matched: [UniversalLinkMatcher.Site] = []
        for (domain, path) in sites {
            let bytes: [UInt8]
            switch InputFiles.load(path, limit: readLimit, naming: "the apple-app-site-association file") {
            case .success(let loaded): bytes = loaded
            case .failure(let error):
                inputErrors.append(error)
                continue
            }
            let read = SiteAssociationReader.read(bytes, path: path, domain: domain)
            inputErrors += read.inputErrors
            diagnostics += read.diagnostics
            guard let association = read.association, !read.diagnostics.contains(where: { $0.severity == .error }) else { continue }
            if bytes.count > UniversalLinkMatcher.sizeLimit {
                diagnostics.append(
                    Diagnostic(
                        code: fileTooLarge, severity: .error,
                        message:
                            "the file is \(bytes.count) bytes, over the 128 KB (131,072 bytes) iOS reads; iOS ignores it, so every URL of '\(domain)' opens in Safari",
                        location: SourceLocation(file: path, line: 1, column: 1, pointer: "")))
            }
            matched.append(UniversalLinkMatcher.Site(domain: domain, association: association, file: path, byteCount: bytes.count))
        }
        if entitlements != nil && associatedDomains == nil {
            // The entitlement decides first: without it, no verdict would be more than a guess.
            let verdict = LinkVerdict(
                outcome: .undecided, reason: "the entitlements file could not be read, so whether the app lists the domain is unknown")
            return Result(verdicts: urls.map { ($0, verdict) }, inputErrors: inputErrors, diagnostics: diagnostics)
        }
        let matcher = UniversalLinkMatcher(sites: matched, appID: appID, associatedDomains: associatedDomains)
        return Result(verdicts: urls.map { ($0, matcher.verdict(for: $0, from: origin)) }, inputErrors: inputErrors, diagnostics: diagnostics)
    }

    /// One line per problem, then one per URL: `<verdict>  <url>  <why>`. The URLs, and the
    /// reasons, app IDs, paths and pointers that quote them or the files, come from the input:
    /// each is shown as ``VisibleText`` shows it, so the only line breaks are Proctor's.
    package static func text(_ result: Result) -> String {
        var lines = result.inputErrors.map { $0.compilerLine() } + result.diagnostics.map { $0.compilerLine() }
        let shown = VisibleText.escaped
        for (url, verdict) in result.verdicts {
            var line = verdict.outcome.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + shown(url) + "\n    " + shown(verdict.reason)
            if !verdict.appIDs.isEmpty { line += " (\(shown(verdict.appIDs.joined(separator: ", "))))" }
            if let file = verdict.file, let pointer = verdict.pointer { line += "\n    at \(shown(file)) \(pointer.isEmpty ? "/" : shown(pointer))" }
            lines.append(line)
        }
        let counts = LinkVerdict.Outcome.allCases.map { outcome in
            "\(result.verdicts.filter { $0.verdict.outcome == outcome }.count) \(outcome.rawValue)"
        }
        lines.append("links: \(result.verdicts.count) URL\(result.verdicts.count == 1 ? "" : "s"): " + counts.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON report (docs/reports.md, "proctor links check"): sorted keys, stable.
    package static func json(_ result: Result) -> String {
        struct Document: Encodable {
            var schemaVersion = 1
            var command = "links check"
            var inputErrors: [InputError]
            var diagnostics: [Diagnostic]
            var results: [Entry]
        }
        struct Entry: Encodable {
            var url: String
            var verdict: String
            var reason: String
            var appIDs: [String]
            var file: String?
            var pointer: String?
        }
        let document = Document(
            inputErrors: result.inputErrors, diagnostics: result.diagnostics,
            results: result.verdicts.map {
                Entry(
                    url: $0.url, verdict: $0.verdict.outcome.rawValue, reason: $0.verdict.reason, appIDs: $0.verdict.appIDs, file: $0.verdict.file,
                    pointer: $0.verdict.pointer)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
