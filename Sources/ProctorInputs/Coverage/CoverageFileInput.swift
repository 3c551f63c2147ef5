import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads

/// Routing apps' geographic coverage files (docs/routing.md): the GeoJSON a routing app uploads
/// to App Store Connect, which App Store Connect requires to end in `.geojson`. A file is claimed
/// by that extension, wherever it lies.
package struct CoverageFileInput: PayloadInput {
    package static let fileExtension = ".geojson"

    package init() {}

    package var name: String { "coverage file" }

    package func claims(path: String) -> Bool {
        path.hasSuffix(Self.fileExtension)
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        CoverageFileChecker(run: run)
    }
}

/// Reads and judges coverage files, one at a time. A file with an error among its decoding
/// diagnostics (a value of the wrong type) is not judged by the rules, as a donation is not.
final class CoverageFileChecker: PayloadChecker {
    private let files: SubjectRules<CoverageFile>
    private let multiPolygons: SubjectRules<CoverageMultiPolygon>
    private let context: RuleContext
    private let parser: JSONDocumentParser

    init(run: PayloadRun) {
        files = run.engine.rules()
        multiPolygons = run.engine.rules()
        context = run.context
        parser = JSONDocumentParser(limits: run.limits)
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        var result = FileResult(path: path)
        let read = CoverageFileReader.read(bytes, path: path, parser: parser)
        result.inputErrors = read.inputErrors
        result.diagnostics = read.diagnostics
        result.wasChecked = read.inputErrors.isEmpty
        guard let file = read.file, let root = read.root, !read.diagnostics.contains(where: { $0.severity == .error }) else {
            result.leftOutPayloadCount = read.inputErrors.isEmpty ? 1 : 0
            return result
        }
        result.payloadCount = 1
        let source = SourceText(bytes: bytes)
        let locate = { (pointer: JSONPointer) in SourceLocation(file: path, offset: root.offset(of: pointer), pointer: pointer, in: source) }
        files.judge(file, in: context, locate: locate, into: &result.findings)
        if let multiPolygon = file.judgedMultiPolygon {
            multiPolygons.judge(multiPolygon, in: context, locate: locate, into: &result.findings)
        }
        return result
    }
}
