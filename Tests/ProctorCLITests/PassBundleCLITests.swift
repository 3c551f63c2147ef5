import Foundation
import Testing

/// `proctor lint` on signed Wallet pass bundles, as a user runs it: the exit codes of a clean, a
/// broken and a hostile bundle, and what a hostile one leaves on disk (nothing).
@Suite("CLI: Wallet pass bundles")
struct PassBundleCLITests {
    static let now = "2026-06-01T12:00:00Z"

    @Test func aCleanBundleExits0AndABrokenOne1() throws {
        let clean = try proctor(
            ["lint", "--strict", "--now", Self.now, "Coffee.pkpass"], in: repositoryRoot.appendingPathComponent("Scenarios/lint/wallet-bundles"))
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        let broken = try proctor(
            ["lint", "--now", Self.now, "Coffee.pkpass"], in: repositoryRoot.appendingPathComponent("Scenarios/lint/wallet-bundles-mistakes"))
        #expect(broken.status == 1, "the bundle was read; its problems are findings: \(broken.stdout)\(broken.stderr)")
        #expect(
            broken.stdout.contains("Coffee.pkpass!/pass.json:5:21: error: ") && broken.stdout.contains("[pass_bundle_manifest]"), "\(broken.stdout)")
    }

    /// The valid bundle with its central directory's name `logo.png` written over by `name`
    /// (eight bytes too), so that an unpacking tool would write outside its folder.
    static func bundle(renamingLogoTo name: String) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("Scenarios/lint/wallet-bundles/Coffee.pkpass")))
        let logo: [UInt8] = Array("logo.png".utf8)
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        func isLogoRecord(_ offset: Int) -> Bool {
            Array(bytes[offset..<(offset + 4)]) == signature && Array(bytes[(offset + 46)..<(offset + 54)]) == logo
        }
        let found: Int? = (0..<(bytes.count - 54)).first(where: isLogoRecord)
        let record = try #require(found)
        bytes.replaceSubrange((record + 46)..<(record + 54), with: Array(name.utf8))
        return Data(bytes)
    }

    @Test func aHostileBundleIsALocatedInputErrorAndWritesNothing() throws {
        let root = try temporaryProject([:], prefix: "proctor-pkpass")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("passes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.bundle(renamingLogoTo: "../a.png").write(to: folder.appendingPathComponent("Evil.pkpass"))
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        let run = try proctor(["lint", "--now", Self.now, "passes"], in: root)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("passes/Evil.pkpass!/../a.png: error: the pass bundle cannot be read: ")
                && run.stdout.contains("[pkpass_unsafe_name]"), "\(run.stdout)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)
    }
}
