import Foundation
import ProctorCore
import ProctorFiles
import ProctorJSON
import ProctorLinks
import ProctorReports

/// Link vectors (`*.links.json` in Conformance/links/): association files written inline, keyed
/// by domain, and URLs with the verdict iOS gives them, each citing where Apple says so.
///
/// ```json
/// {"description": "...", "source": "...", "appID": "ABCDE12345.com.example.app", "entitlements": ["applinks:example.com"],
///  "sites": {"example.com": {"applinks": {...}}},
///  "cases": [{"url": "https://example.com/buy/1", "verdict": "app", "pointer": "/applinks/details/0/components/1", "source": "..."}]}
/// ```
///
/// Each URL is a test case: it passes when the verdict (and, when given, the deciding pointer)
/// is the one written. docs/links.md describes the format.
enum LinkVectors {
    static let suffix = ".links.json"
    /// The keys of a vector file and of a case; Conformance/link-vector-schema.json lists the
    /// same (a test holds them together).
    static let fileKeys = ["$schema", "description", "source", "appID", "entitlements", "sites", "cases"]
    static let caseKeys = ["url", "verdict", "pointer", "source", "safariPage", "typedInSafari", "handoff"]

    static func run(_ input: InputFiles.Input) -> RunReport.Suite {
        switch InputFiles.load(input, limit: JSONLimits.standard.maximumFileSize) {
        case .failure(let error): return RunReport.Suite(name: input.path, inputErrors: [error])
        case .success(let bytes): return run(bytes: bytes, path: input.path)
        }
    }

    static func run(bytes: [UInt8], path: String) -> RunReport.Suite {
        var suite = RunReport.Suite(name: path)
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .success(let node): root = node
        case .failure(let error): return failed(suite, path, InputError(error, in: source, file: path))
        }
        var reader = JSONFieldReader(codes: .conformanceCase) { offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        }
        guard let object = reader.object(root, .root, what: "a link vector file") else { return failed(suite, path, reader.problems) }
        reader.checkKeys(object, .root, allowed: fileKeys, in: "a link vector file")
        let appID = object["appID"].flatMap { reader.string($0.value, JSONPointer(["appID"])) }
        // The app's Associated Domains entries, as the entitlements file lists them.
        var associatedDomains: [AssociatedDomain]?
        if let member = object["entitlements"], let entries = reader.strings(member.value, JSONPointer(["entitlements"])) {
            associatedDomains = []
            for (index, entry) in entries.enumerated() {
                let location = SourceLocation(
                    file: path, offset: member.value.offset, pointer: JSONPointer(["entitlements", String(index)]), in: source)
                switch AssociatedDomain.parse(entry, at: location) {
                case .success(let domain): associatedDomains?.append(domain)
                case .failure(let invalid):
                    suite.diagnostics.append(
                        Diagnostic(code: EntitlementsReader.invalidEntry, severity: .error, message: invalid.reason, location: location))
                }
            }
        }
        var sites: [UniversalLinkMatcher.Site] = []
        if let member = reader.required(object, "sites", root, .root), let domains = reader.object(member, JSONPointer(["sites"]), what: "sites") {
            for domain in domains.members {
                // The inline file, decoded from the node already parsed and located in the vector file.
                let decoded = SiteAssociationReader.decode(domain.value, domain: domain.key) { offset, inner in
                    SourceLocation(file: path, offset: offset, pointer: JSONPointer(["sites", domain.key] + inner.tokens), in: source)
                }
                suite.diagnostics += decoded.diagnostics
                let file = "\(domain.key)/.well-known/apple-app-site-association"
                if let association = decoded.association {
                    sites.append(UniversalLinkMatcher.Site(domain: domain.key, association: association, file: file))
                }
            }
        }
        let matcher = UniversalLinkMatcher(sites: sites, appID: appID, associatedDomains: associatedDomains)
        let casesPointer = JSONPointer(["cases"])
        let elements = reader.required(object, "cases", root, .root).flatMap { reader.array($0, casesPointer) } ?? []
        for (index, element) in elements.enumerated() {
            let pointer = casesPointer.appending(index)
            guard let fields = reader.object(element, pointer, what: "a case") else { continue }
            reader.checkKeys(fields, pointer, allowed: caseKeys, in: "a case")
            guard let url = reader.required(fields, "url", element, pointer).flatMap({ reader.string($0, pointer.appending("url")) }),
                let expected = reader.required(fields, "verdict", element, pointer).flatMap({
                    reader.choice($0, pointer.appending("verdict"), LinkVerdict.Outcome.self)
                })
            else { continue }
            let expectedPointer = fields["pointer"].flatMap { reader.string($0.value, pointer.appending("pointer")) }
            // Where the URL is opened from: another app (the default), a page in Safari, Safari's
            // address bar, or a Handoff of a page to a device with the app.
            let safariPage = fields["safariPage"].flatMap { reader.string($0.value, pointer.appending("safariPage")) }
            let typed = fields["typedInSafari"].flatMap { reader.bool($0.value, pointer.appending("typedInSafari")) } ?? false
            let handoff = fields["handoff"].flatMap { reader.bool($0.value, pointer.appending("handoff")) } ?? false
            let verdict =
                handoff
                ? matcher.continuationVerdict(for: url)
                : matcher.verdict(for: url, from: typed ? .safariAddressBar : safariPage.map(LinkOrigin.safariPage) ?? .otherApp)
            let name = String(format: "%03d %@", index + 1, url)
            var problems: [String] = []
            if verdict.outcome != expected { problems.append("verdict \(verdict.outcome.rawValue), not \(expected.rawValue): \(verdict.reason)") }
            if let expectedPointer, verdict.pointer != expectedPointer {
                problems.append("decided at \(verdict.pointer ?? "no component"), not \(expectedPointer): \(verdict.reason)")
            }
            let location = SourceLocation(file: path, offset: element.offset, pointer: pointer, in: source)
            suite.cases.append(
                .init(
                    classname: path, name: name,
                    outcome: problems.isEmpty
                        ? .passed
                        : .failed(type: "conformance", message: problems[0], details: problems.map(VisibleText.escaped).joined(separator: "\n")),
                    location: location))
        }
        let errors = reader.problems.filter { $0.severity == .error }
        if !errors.isEmpty { return failed(suite, path, errors) }
        suite.diagnostics += reader.problems
        return suite
    }

    private static func failed(_ suite: RunReport.Suite, _ path: String, _ problems: [Diagnostic]) -> RunReport.Suite {
        failed(suite, path, problems.map { InputError(code: $0.code, message: $0.message, location: $0.location) })
    }

    private static func failed(_ suite: RunReport.Suite, _ path: String, _ errors: [InputError]) -> RunReport.Suite {
        var suite = suite
        suite.inputErrors += errors
        if let first = errors.first {
            suite.cases = [
                .init(
                    classname: path, name: "link vector file",
                    outcome: .errored(
                        type: first.code.rawValue, message: first.message, details: errors.map { $0.compilerLine() }.joined(separator: "\n")))
            ]
        }
        return suite
    }

    private static func failed(_ suite: RunReport.Suite, _ path: String, _ error: InputError) -> RunReport.Suite {
        failed(suite, path, [error])
    }
}
