import ProctorArchive
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorPayloads

/// Signed Wallet pass bundles: a `Name.pkpass` file, the zip archive an app or a server hands
/// Wallet (docs/input-format.md, "Wallet pass bundles"). Its `pass.json` is judged as a bare
/// pass.json is, located inside the archive (`Coffee.pkpass!/pass.json:12:5`); the bundle itself is
/// judged by the pass bundle rules as Wallet checks it before adding the pass: the manifest, the
/// signature, the images and the localizations (``WalletPassBundleFacts``). The archive is read in memory within
/// ``ZipLimits``; nothing in it is written anywhere.
package struct WalletPassBundleInput: PayloadInput {
    package static let fileExtension = ".pkpass"

    package init() {}

    package var name: String { "Wallet pass bundle" }

    package func claims(path: String) -> Bool {
        path.hasSuffix(Self.fileExtension) && path != Self.fileExtension && !path.hasSuffix("/" + Self.fileExtension)
    }

    package func makeChecker(for run: PayloadRun) -> any PayloadChecker {
        WalletPassBundleChecker(run: run)
    }
}

extension ProblemCode {
    package static let passBundleNotAnArchive = ProblemCode("pkpass_not_zip", summary: "A Wallet pass bundle (.pkpass) is not a zip archive.")
    package static let passBundleDamaged = ProblemCode(
        "pkpass_damaged",
        summary: "A Wallet pass bundle's zip archive is damaged: a record is cut short, an entry does not inflate or fails its CRC-32.")
    package static let passBundleUnsupported = ProblemCode(
        "pkpass_unsupported",
        summary: "A Wallet pass bundle uses a zip feature no pass needs (encryption, Zip64, several disks, a compression other than DEFLATE).")
    package static let passBundleUnsafeName = ProblemCode(
        "pkpass_unsafe_name",
        summary: "A Wallet pass bundle holds an entry whose name reaches outside the bundle ('..', an absolute path) or is not UTF-8.")
    package static let passBundleDuplicateEntry = ProblemCode(
        "pkpass_duplicate_entry", summary: "A Wallet pass bundle holds two entries with one name.")
    package static let passBundleTooLarge = ProblemCode(
        "pkpass_too_large", summary: "A Wallet pass bundle is over the limits: too many entries, or entries too large once inflated.")
    package static let passBundleNoPass = ProblemCode("pkpass_no_pass", summary: "A Wallet pass bundle has no pass.json at its root.")

    /// The input error code of an archive that cannot be read.
    package static func passBundle(_ kind: ZipArchiveError.Kind) -> ProblemCode {
        switch kind {
        case .notAnArchive: .passBundleNotAnArchive
        case .damaged: .passBundleDamaged
        case .unsupported: .passBundleUnsupported
        case .unsafeName: .passBundleUnsafeName
        case .duplicateEntry: .passBundleDuplicateEntry
        case .tooLarge: .passBundleTooLarge
        }
    }
}

/// Reads and judges pass bundles, one at a time: the archive, then its `pass.json` with the
/// Wallet pass rules, then the bundle with the pass bundle rules.
final class WalletPassBundleChecker: PayloadChecker {
    private let passes: WalletPassChecker
    private let bundles: SubjectRules<WalletPassBundleFacts>
    private let context: RuleContext
    private let limits: ZipLimits

    init(run: PayloadRun) {
        passes = WalletPassChecker(run: run)
        bundles = run.engine.rules()
        context = run.context
        // The bundle's entries together may be as large as one input file may be.
        let total = run.limits.maximumFileSize
        limits = ZipLimits(maximumEntrySize: min(ZipLimits.standard.maximumEntrySize, total), maximumTotalSize: total)
    }

    func check(bytes: [UInt8], path: String, facts: inout RunFacts) -> FileResult {
        var result = FileResult(path: path)
        let bundle: WalletPassBundle
        do {
            bundle = try WalletPassBundle(bytes: bytes, limits: limits)
        } catch {
            result.inputErrors = [Self.inputError(error, path: path)]
            return result
        }
        guard let passBytes = bundle.files[WalletPassInput.fileName] else {
            result.inputErrors = [
                InputError(
                    code: .passBundleNoPass, message: "the bundle has no pass.json at its root, so it holds no pass and Wallet will not open it",
                    location: SourceLocation(file: path))
            ]
            return result
        }
        let passPath = WalletPassBundle.path(of: WalletPassInput.fileName, inBundle: path)
        let pass = WalletPassReader.read(passBytes, path: passPath)
        let judged = passes.check(pass, bytes: passBytes, path: passPath)
        result.inputErrors = judged.inputErrors
        result.diagnostics = judged.diagnostics
        result.findings = judged.findings
        result.payloadCount = judged.payloadCount
        result.leftOutPayloadCount = judged.leftOutPayloadCount
        result.wasChecked = true
        let facts = WalletPassBundleFacts(bundle: bundle, path: path, pass: pass.pass, passRoot: pass.root)
        // Every bundle rule locates its violations inside the bundle; a pointer alone names the bundle.
        bundles.judge(facts, in: context, locate: { SourceLocation(file: path, pointer: $0.description) }, into: &result.findings)
        return result
    }

    /// The input error of an archive that cannot be read, located at the entry it concerns.
    static func inputError(_ error: ZipArchiveError, path: String) -> InputError {
        let file = error.entry.map { WalletPassBundle.path(of: $0, inBundle: path) } ?? path
        return InputError(
            code: .passBundle(error.kind), message: "the pass bundle cannot be read: \(error.message)", location: SourceLocation(file: file))
    }
}
