import Foundation
import ProctorCore
import ProctorLint
import ProctorReports
import Testing

@testable import ProctorArchive
@testable import ProctorInputs
@testable import ProctorPayloads

/// Signed Wallet pass bundles: the zip reader on the bundles scripts/make_pkpass_fixtures.py
/// writes and on damaged and hostile copies of them, the digests and the signature, and the
/// wallet-bundles suites of Scenarios/lint.
@Suite("Wallet pass bundles")
struct WalletPassBundleTests {
    static let valid = Repository.url("Scenarios/lint/wallet-bundles/Coffee.pkpass")
    static let broken = Repository.url("Scenarios/lint/wallet-bundles-mistakes/Coffee.pkpass")

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    // MARK: - The archive

    @Test func readsEveryEntryOfTheValidBundle() throws {
        let archive = try ZipArchive(bytes: try Self.bytes(Self.valid))
        #expect(
            archive.entries.map(\.name) == [
                "en.lproj/pass.strings", "fr.lproj/pass.strings", "icon.png", "icon@2x.png", "icon@3x.png", "logo.png", "logo@2x.png", "logo@3x.png",
                "pass.json", "strip.png", "strip@2x.png", "strip@3x.png", "manifest.json", "signature",
            ])
        let pass = try archive.contents(of: try #require(archive.entry(named: "pass.json")))
        #expect(String(decoding: pass, as: UTF8.self).contains("\"passTypeIdentifier\": \"pass.com.example.coffee.loyalty\""))
        #expect(PNGSize(try archive.contents(of: try #require(archive.entry(named: "strip@3x.png")))) == PNGSize(width: 1125, height: 432))
    }

    /// The central directory record of `name`: where it starts in `bytes`.
    static func centralRecord(of name: String, in bytes: [UInt8]) throws -> Int {
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let nameBytes = Array(name.utf8)
        let offset = (0..<(bytes.count - 46 - nameBytes.count)).first {
            Array(bytes[$0..<($0 + 4)]) == signature && Array(bytes[($0 + 46)..<($0 + 46 + nameBytes.count)]) == nameBytes
        }
        return try #require(offset)
    }

    /// A copy of the bundle with the central directory's name `name` written over by `replacement`
    /// (of the same length).
    static func renaming(_ name: String, to replacement: String) throws -> [UInt8] {
        var bytes = try Self.bytes(valid)
        let record = try centralRecord(of: name, in: bytes)
        bytes.replaceSubrange((record + 46)..<(record + 46 + replacement.utf8.count), with: Array(replacement.utf8))
        return bytes
    }

    static func kind(_ bytes: [UInt8], limits: ZipLimits = .standard) -> ZipArchiveError? {
        do {
            let archive = try ZipArchive(bytes: bytes, limits: limits)
            for entry in archive.entries { _ = try archive.contents(of: entry) }
            return nil
        } catch {
            return error
        }
    }

    @Test func anEntryThatInflatesBeyondItsDeclaredSizeStopsThere() throws {
        // A zip bomb's shape: the DEFLATE stream goes on past the size the entry declares.
        var bytes = try Self.bytes(Self.valid)
        let record = try Self.centralRecord(of: "pass.json", in: bytes)
        bytes.replaceSubrange((record + 24)..<(record + 28), with: [16, 0, 0, 0])
        let error = Self.kind(bytes)
        #expect(error?.kind == .damaged && error?.entry == "pass.json", "\(String(describing: error))")
    }

    @Test func sizesOverTheLimitsAreRefusedBeforeAnythingIsInflated() throws {
        let bytes = try Self.bytes(Self.valid)
        #expect(Self.kind(bytes, limits: ZipLimits(maximumEntrySize: 1000))?.kind == .tooLarge)
        #expect(Self.kind(bytes, limits: ZipLimits(maximumTotalSize: 4000))?.kind == .tooLarge)
        #expect(Self.kind(bytes, limits: ZipLimits(maximumEntryCount: 13))?.kind == .tooLarge)
        #expect(Self.kind(bytes, limits: ZipLimits(maximumEntryCount: 14)) == nil)
    }

    @Test func hostileNamesAreRefused() throws {
        #expect(
            Self.kind(try Self.renaming("logo.png", to: "icon.png"))
                == ZipArchiveError(.duplicateEntry, "the archive holds 'icon.png' twice", entry: "icon.png"))
        // Each as long as "logo.png", so that it can be written over it.
        for name in ["../a.png", "/etc/pwd", "a\\..\\b12", "C:/a.png", "a/../../"] {
            #expect(Self.kind(try Self.renaming("logo.png", to: name))?.kind == .unsafeName, "\(name)")
        }
    }

    @Test func everyTruncationAndDamageIsAnErrorNeverACrash() throws {
        let bytes = try Self.bytes(Self.valid)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(Self.kind(Array(bytes[0..<length])) != nil, "\(length) bytes")
        }
        var generator = SplitMix(seed: 36)
        var damaged = 0
        for _ in 0..<2000 {
            var copy = bytes
            for _ in 0..<4 { copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next()) }
            if Self.kind(copy) != nil { damaged += 1 }
        }
        #expect(damaged > 0)
    }

    @Test func notAZipFile() {
        #expect(Self.kind(Array("{\"formatVersion\": 1}".utf8))?.kind == .notAnArchive)
        #expect(Self.kind([])?.kind == .notAnArchive)
    }

    // MARK: - Digests, signatures, images, strings

    @Test func sha1OfKnownInputs() {
        #expect(SHA1.hex(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(SHA1.hex([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test func theSignatureVerifiesOverTheManifestOnly() throws {
        let bundle = try WalletPassBundle(bytes: try Self.bytes(Self.valid))
        let signature = try #require(bundle.files["signature"])
        let manifest = try #require(bundle.files["manifest.json"])
        let checked = DetachedSignature(signature: signature, content: manifest)
        #expect(checked.problem == nil)
        #expect(checked.signerUserID == "pass.com.example.coffee.loyalty" && checked.signerOrganizationalUnit == "A1B2C3D4E5")
        var changed = manifest
        changed[changed.count / 2] ^= 1
        guard case .doesNotVerify? = DetachedSignature(signature: signature, content: changed).problem else {
            Issue.record("a changed manifest verified")
            return
        }
        #expect(DetachedSignature(signature: Array(manifest), content: manifest).problem == .notPKCS7)
        #expect(DetachedSignature(signature: Array(signature.prefix(200)), content: manifest).problem == .notPKCS7)
    }

    @Test func pngSizesAndStrings() throws {
        #expect(PNGSize(Array("not a png at all, but long enough".utf8)) == nil)
        let strings = try PassStrings(Array("/* header */\n\"A\" = \"x \\\"y\\\"\";\n// note\nB = \"\\U00e9\";\n".utf8))
        #expect(strings.keys == ["A", "B"])
        #expect(throws: PassStrings.SyntaxError(message: "';' is expected", line: 2)) { try PassStrings(Array("\"A\" = \"x\"\n\"B\" = \"y\";".utf8)) }
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("\"K\" = \"v\";".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try PassStrings(utf16).keys == ["K"])
    }

    // MARK: - Recipes

    /// A recipe builds a real bundle: a zip the reader reads back, a manifest with every file's
    /// SHA-1, a signature that verifies and names the pass's type and team, PNGs of the sizes
    /// given; and its changes are what the recipe says.
    @Test func aRecipeBuildsTheBundleItDescribes() throws {
        let recipe = """
            {"files": [{"name": "pass.json", "json": {"passTypeIdentifier": "pass.com.example.a", "teamIdentifier": "A1B2C3D4E5"}},
                       {"name": "icon@2x.png", "png": [58, 40]}, {"name": "en.lproj/pass.strings", "text": "\\"A\\" = \\"B\\";"}]}
            """
        let bundle = try WalletPassBundle(bytes: try PassBundleRecipe.build(recipe))
        #expect(bundle.names == ["pass.json", "icon@2x.png", "en.lproj/pass.strings", "manifest.json", "signature"])
        #expect(PNGSize(try #require(bundle.files["icon@2x.png"])) == PNGSize(width: 58, height: 40))
        #expect(try PassStrings(try #require(bundle.files["en.lproj/pass.strings"])).keys == ["A"])
        let manifest = try #require(bundle.files["manifest.json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(manifest)) as? [String: String])
        #expect(
            listed
                == Dictionary(uniqueKeysWithValues: ["pass.json", "icon@2x.png", "en.lproj/pass.strings"].map { ($0, SHA1.hex(bundle.files[$0]!)) }))
        let signature = DetachedSignature(signature: try #require(bundle.files["signature"]), content: manifest)
        #expect(signature.problem == nil && signature.signerUserID == "pass.com.example.a" && signature.signerOrganizationalUnit == "A1B2C3D4E5")

        let changed = try WalletPassBundle(
            bytes: try PassBundleRecipe.build(
                """
                {"files": [{"name": "pass.json", "text": "{}"}], "manifest": {"pass.json": null, "gone.png": "00"},
                 "sign": {"passTypeIdentifier": "pass.com.example.b", "teamIdentifier": "Z9Y8X7W6V5"}}
                """))
        #expect(String(decoding: try #require(changed.files["manifest.json"]), as: UTF8.self) == "{\n  \"gone.png\": \"00\"\n}\n")
        #expect(
            DetachedSignature(signature: try #require(changed.files["signature"]), content: changed.files["manifest.json"]!).signerUserID
                == "pass.com.example.b")
        let bare = try WalletPassBundle(
            bytes: try PassBundleRecipe.build(#"{"files": [{"name": "pass.json", "text": "{}"}], "manifest": false, "sign": false}"#))
        #expect(bare.names == ["pass.json"])
        #expect(throws: PassBundleRecipe.Problem.self) { try PassBundleRecipe.build(#"{"files": [{"name": "pass.json", "text": "{}"}]}"#) }
        #expect(throws: PassBundleRecipe.Problem.self) { try PassBundleRecipe.build(#"{"files": [], "extra": 1}"#) }
    }

    // MARK: - The suites

    @Test func theValidBundleIsCleanUnderStrict() {
        let suite = Repository.url("Scenarios/lint/wallet-bundles")
        let result = Linter.lint(paths: [suite.path], options: LintOptions(bundleIdentifier: "com.example.coffee", now: fixedNow, strict: true))
        #expect(result.files.map { $0.path.replacingOccurrences(of: suite.path + "/", with: "") } == ["Coffee.pkpass"])
        let problems = result.files.flatMap { $0.inputErrors.map(\.message) + $0.diagnostics.map(\.message) + $0.findings.map(\.message) }
        #expect(problems.isEmpty, "\(problems)")
        #expect(result.files.map(\.payloadCount) == [1])
        #expect(result.report().exitCode == .success)
    }

    @Test func theBrokenBundlesTripEveryCheck() {
        let suite = Repository.url("Scenarios/lint/wallet-bundles-mistakes")
        let result = Linter.lint(paths: [suite.path], options: LintOptions(bundleIdentifier: "com.example.coffee", now: fixedNow))
        let prefix = suite.path + "/"
        func line(_ file: String, _ pointer: String?, _ code: String, _ severity: String) -> String {
            "\(file.replacingOccurrences(of: prefix, with: "")) \(pointer ?? "") \(code) \(severity)"
        }
        let found =
            result.files.flatMap { file in
                file.inputErrors.map { line($0.location.file, $0.location.pointer, $0.code.rawValue, "error") }
                    + file.diagnostics.map { line($0.location.file, $0.location.pointer, $0.code.rawValue, $0.severity.rawValue) }
                    + file.findings.map { line($0.location.file, $0.location.pointer, $0.ruleID, $0.severity.rawValue) }
            }.sorted()
        #expect(
            found
                == [
                    "Coffee.pkpass!/.DS_Store  pass_bundle_manifest error",
                    "Coffee.pkpass!/fr.lproj/pass.strings  pass_bundle_localizations warning",
                    "Coffee.pkpass!/icon.png  pass_bundle_image_sizes warning",
                    "Coffee.pkpass!/strip@2x.png  pass_bundle_image_sizes warning",
                    "Coffee.pkpass!/manifest.json /pass.json pass_bundle_manifest error",
                    "Coffee.pkpass!/manifest.json /thumbnail.png pass_bundle_manifest error",
                    "Coffee.pkpass!/pass.json /teamIdentifier pass_identifiers error",
                    "Coffee.pkpass!/signature  pass_bundle_signature error",
                    "Coffee.pkpass!/signature  pass_bundle_signature error",
                ].sorted(), "\(found)")
        // Located inside the archive's pass.json, by line and column.
        let passFinding = result.files.flatMap(\.findings).first { $0.ruleID == "pass_identifiers" }
        #expect(passFinding?.location.line == 5 && passFinding?.location.column == 21, "\(String(describing: passFinding))")
        #expect(result.report().exitCode == .problemsFound)
    }
}

/// A small deterministic generator, so a damaged copy that fails reproduces.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
