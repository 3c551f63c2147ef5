import Foundation
import ProctorCore
import ProctorInputs
import ProctorJSON
import ProctorLinks
import ProctorLint
import ProctorRules

/// The app's universal-link routes beside its domains' association files (docs/scan.md,
/// "Universal links"): the subject of the rules that compare them.
extension SourceScanner {
    /// An association file given to the scan, and the domain that serves it.
    package struct SiteFile: Sendable {
        package var path: String
        package var domain: String
        package var bytes: [UInt8]

        package init(path: String, domain: String, bytes: [UInt8]) {
            self.path = path
            self.domain = domain
            self.bytes = bytes
        }
    }

    /// The association files `--aasa DOMAIN=PATH` (or `app.sites`) names, read from disk; one
    /// that cannot be read (missing, a folder) is an input error at its path, as `proctor lint`
    /// reports it, and left out.
    static func siteFiles(_ options: LintOptions) -> (files: [SiteFile], unreadable: [FileResult]) {
        var files: [SiteFile] = []
        var unreadable: [FileResult] = []
        for (path, domain) in options.declaredFiles.siteDomains.sorted(by: { $0.key < $1.key }) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                let data = FileManager.default.contents(atPath: path)
            {
                files.append(SiteFile(path: path, domain: domain.lowercased(), bytes: Array(data)))
            } else {
                var result = FileResult(path: path)
                result.inputErrors = [
                    InputError(
                        code: ProblemCode.fileUnreadable,
                        message: "the apple-app-site-association file of \(domain) cannot be read: give the file it serves",
                        location: SourceLocation(file: path))
                ]
                unreadable.append(result)
            }
        }
        return (files, unreadable)
    }

    /// The route as one that may take a universal link: a `webpageURL` handler's, or one
    /// comparing an http or https scheme or none; nil for a custom scheme's.
    static func linkRoute(
        _ route: ScannedURLRoute, door: ScannedURLHandler.Door, name: String, symbol: String, pointer: JSONPointer
    ) -> SourceUniversalLinks.Route? {
        let scheme = route.scheme?.lowercased()
        guard door == .universalLink || scheme == nil || scheme == "https" || scheme == "http" else { return nil }
        let path: SourceUniversalLinks.Path =
            switch route.path {
            case .any: .any
            case .exact(let exact): .exact(exact)
            case .prefix(let components): .prefix("/" + components.joined(separator: "/"))
            case .last(let last): .last(last)
            }
        return SourceUniversalLinks.Route(
            host: route.host?.lowercased(), path: path, name: name, symbol: symbol, pointer: pointer,
            isUniversalLink: door == .universalLink || scheme != nil)
    }

    /// The subject of the rules over universal links, nil without association files; the files
    /// that do not decode are left out (proctor lint reports them).
    static func universalLinks(_ doors: URLDoors, sites: [SiteFile], places: inout [String: SourceLocation]) -> SourceUniversalLinks? {
        let read = sites.compactMap { site -> UniversalLinkMatcher.Site? in
            let result = SiteAssociationReader.read(site.bytes, path: site.path, domain: site.domain)
            guard result.inputErrors.isEmpty, let association = result.association else { return nil }
            return UniversalLinkMatcher.Site(domain: site.domain, association: association, file: site.path, byteCount: site.bytes.count)
        }
        guard !read.isEmpty else { return nil }
        var handler: SourceUniversalLinks.LinkHandler?
        if let first = doors.firstLinkHandler {
            let pointer = JSONPointer([first.symbol, "applinks"])
            places[pointer.description] = first.location
            handler = .init(symbol: first.symbol, pointer: pointer)
        }
        return SourceUniversalLinks(routes: doors.linkRoutes, sites: read, linkHandler: handler, isIncomplete: doors.table.isIncomplete)
    }
}
