import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorLinks
import ProctorPayloads

/// `apple-app-site-association` files: what a website tells iOS about the apps that may open its
/// URLs (docs/links.md). A file is claimed by its name, which Apple requires without an
/// extension, wherever it lies (a site's `.well-known/` folder, a fixtures folder).
package struct SiteAssociationInput: PayloadInput {
    package static let fileName = SiteAssociationFile.fileName

    package init() {}

    package var name: String { "apple-app-site-association file" }

    package func claims(path: String) -> Bool {
        path == Self.fileName || path.hasSuffix("/" + Self.fileName)
    }

    package func claims(declared path: String, in files: DeclaredFiles) -> Bool {
        files.siteDomains[path] != nil
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        SiteAssociationChecker(run: run)
    }
}

/// Reads and judges association files, one at a time.
final class SiteAssociationChecker: PayloadChecker {
    private let files: SubjectRules<SiteAssociationFile>
    private let context: RuleContext
    private let declared: DeclaredFiles

    init(run: PayloadRun) {
        files = run.engine.rules()
        context = run.context
        declared = run.declared
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        var result = FileResult(path: path)
        let domain = declared.siteDomains[DeclaredFiles.normalized(path)] ?? SiteAssociation.domain(servedAt: path)
        let read = SiteAssociationReader.read(bytes, path: path, domain: domain)
        result.inputErrors = read.inputErrors
        result.diagnostics = read.diagnostics
        guard let association = read.association, let root = read.root else {
            result.leftOutPayloadCount = read.inputErrors.isEmpty ? 1 : 0
            return result
        }
        result.wasChecked = true
        result.payloadCount = 1
        let source = SourceText(bytes: bytes)
        facts.add(
            RunFacts.SiteMention(
                path: path, domain: domain, association: association, byteCount: bytes.count,
                location: SourceLocation(file: path, offset: root.offset, pointer: .root, in: source)), as: RunFacts.Sites.self)
        files.judge(
            SiteAssociationFile(association: association, byteCount: bytes.count), in: context,
            locate: { pointer in
                SourceLocation(file: path, offset: root.offset(of: pointer), pointer: pointer, in: source)
            }, into: &result.findings)
        return result
    }
}
