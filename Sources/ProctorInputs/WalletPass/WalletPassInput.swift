import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads

/// Wallet passes: the `pass.json` at the heart of a pass package (docs/input-format.md, "Wallet
/// passes"). A file is claimed by its name, wherever it lies; a pass package is a folder named
/// `Name.pkpass` (signed and zipped when the app hands it over), and a walk reads the `pass.json`
/// inside it like any other. Its images, localizations, manifest and signature are not read.
package struct WalletPassInput: PayloadInput {
    package static let fileName = WalletPass.fileName

    package init() {}

    package var name: String { "Wallet pass" }

    package func claims(path: String) -> Bool {
        path == Self.fileName || path.hasSuffix("/" + Self.fileName)
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        WalletPassChecker(run: run)
    }
}

/// Reads and judges pass files, one at a time. A pass with an error among its decoding
/// diagnostics (a value of the wrong type) is not judged by the rules, as a donation is not: what
/// Wallet would make of it is unknown.
final class WalletPassChecker: PayloadChecker {
    private let passes: SubjectRules<WalletPass>
    private let context: RuleContext

    init(run: PayloadRun) {
        passes = run.engine.rules()
        context = run.context
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        check(WalletPassReader.read(bytes, path: path), bytes: bytes, path: path)
    }

    /// Judges a pass already read from `bytes` (a signed bundle's checker reads its pass.json once
    /// and hands it here, then to the bundle rules).
    func check(_ read: WalletPassReader.Result, bytes: [UInt8], path: String) -> FileResult {
        var result = FileResult(path: path)
        result.inputErrors = read.inputErrors
        result.diagnostics = read.diagnostics
        result.wasChecked = read.inputErrors.isEmpty
        guard let pass = read.pass, let root = read.root, !read.diagnostics.contains(where: { $0.severity == .error }) else {
            result.leftOutPayloadCount = read.inputErrors.isEmpty ? 1 : 0
            return result
        }
        result.payloadCount = 1
        let source = SourceText(bytes: bytes)
        passes.judge(
            pass, in: context,
            locate: { pointer in
                SourceLocation(file: path, offset: root.offset(of: pointer), pointer: pointer, in: source)
            }, into: &result.findings)
        return result
    }
}
