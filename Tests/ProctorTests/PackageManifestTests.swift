import Foundation
import Testing

@testable import ProctorDocumentation

/// Package.swift, read as text: the module table of docs/architecture.md is generated from it, and
/// every module a target imports must be one it declares.
@Suite("Package manifest")
struct PackageManifestTests {
    static let manifest = Result { try PackageManifest.read(String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)) }

    @Test func docsArchitectureModuleTableIsGeneratedFromPackageSwift() throws {
        let manifest = try Self.manifest.get()
        let page = try String(contentsOf: Repository.url(ModuleTable.documentPath), encoding: .utf8)
        let generated = try ModuleTable.updating(page, from: manifest)
        let pageLines = page.components(separatedBy: "\n")
        let generatedLines = generated.components(separatedBy: "\n")
        if pageLines != generatedLines {
            let first = pageLines.indices.first { $0 >= generatedLines.count || pageLines[$0] != generatedLines[$0] } ?? pageLines.count
            let onPage = first < pageLines.count ? pageLines[first] : "<end of file>"
            let fromManifest = first < generatedLines.count ? generatedLines[first] : "<end of file>"
            Issue.record(
                "docs/architecture.md's module table is stale; run `make docs`. First difference at line \(first + 1):\n  on the page: \(onPage)\n  generated:   \(fromManifest)"
            )
        }
        #expect(!page.contains(ModuleTable.missingRole), "a target of Package.swift has no role in docs/architecture.md's module table")
    }

    /// The manifest read here is the one SwiftPM reads: every target, each with its folder on disk.
    @Test func everyTargetIsReadWithItsFolder() throws {
        let manifest = try Self.manifest.get()
        #expect(manifest.targets.count > 20)
        for target in manifest.targets {
            var isFolder: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: Repository.url(target.folder).path, isDirectory: &isFolder) && isFolder.boolValue,
                "\(target.name): no folder \(target.folder)")
        }
        let scan = try #require(manifest.target(named: "ProctorScan"))
        #expect(scan.kind == "target" && scan.targets.contains("ProctorXcode"))
        #expect(scan.products == [.init(name: "SwiftSyntax", package: "swift-syntax"), .init(name: "SwiftParser", package: "swift-syntax")])
        #expect(manifest.target(named: "ProctorPlugin")?.path == "Sources/ProctorPlugin")
        #expect(manifest.products.map(\.name) == ["proctor", "ProctorKit", "ProctorPlugin"])
    }

    @Test func readsCallsArraysProductsAndCommentsButNotTheProductsAsTargets() throws {
        let text = #"""
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "demo",  // a comment with "quotes" and (parentheses
                products: [.library(name: "Kit", targets: ["Kit"])],
                dependencies: [.package(url: "https://example.com/a//b", from: "1.0.0")],
                targets: [
                    /* a block comment: .target(name: "Nothing") */
                    .systemLibrary(name: "CLib", pkgConfig: "lib-1.0", providers: [.apt(["lib-dev"])]),
                    .target(name: "Kit", dependencies: ["CLib", .target(name: "Core"), .product(name: "P", package: "pkg")], exclude: ["Fixtures"]),
                    .testTarget(name: "KitTests", dependencies: [.byName(name: "Kit")]),
                ],
                swiftLanguageModes: [.v6]
            )
            """#
        let manifest = try PackageManifest.read(text)
        #expect(manifest.targets.map(\.name) == ["CLib", "Kit", "KitTests"])
        #expect(manifest.targets[0].pkgConfig == "lib-1.0")
        #expect(manifest.targets[1].targets == ["CLib", "Core"] && manifest.targets[1].products == [.init(name: "P", package: "pkg")])
        #expect(manifest.targets[1].exclude == ["Fixtures"])
        #expect(manifest.targets[2].targets == ["Kit"] && manifest.targets[2].folder == "Tests/KitTests")
        #expect(
            ModuleTable.table(manifest, roles: ["Kit": "the kit"]) == [
                "| Target | Kind | Depends on | Role |", "| --- | --- | --- | --- |",
                "| `CLib` | system library | pkg-config `lib-1.0` | \(ModuleTable.missingRole) |",
                "| `Kit` | library, product `Kit` | `CLib`, `Core`, pkg (`P`) | the kit |",
                "| `KitTests` | tests | `Kit` | \(ModuleTable.missingRole) |",
            ])
    }

    @Test func aDependencyItCannotReadIsAnErrorNotAGuess() {
        #expect(throws: PackageManifest.Unreadable.self) {
            try PackageManifest.read(#"let package = Package(name: "d", targets: [.target(name: "A", dependencies: [someVariable])])"#)
        }
    }

    @Test func theRolesAreKeptAndTheRestRegenerated() throws {
        let manifest = try PackageManifest.read(
            #"let package = Package(name: "d", targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B")])"#)
        let page = [
            "# Title", ModuleTable.marker, "| Target | Kind | Depends on | Role |", "| --- | --- | --- | --- |",
            "| `A` | library | `C` | reads things |", "", "After.",
        ]
        let updated = try ModuleTable.updating(page.joined(separator: "\n"), from: manifest)
        #expect(
            updated.components(separatedBy: "\n") == [
                "# Title", ModuleTable.marker, "| Target | Kind | Depends on | Role |", "| --- | --- | --- | --- |",
                "| `A` | library | `B` | reads things |", "| `B` | library | none | \(ModuleTable.missingRole) |", "", "After.",
            ])
    }

    /// Every `import` of a module this package builds or depends on names one its target declares:
    /// SwiftPM lets a target import what another dependency brings along, which builds until the
    /// day that dependency changes.
    @Test func everyImportIsDeclared() throws {
        let manifest = try Self.manifest.get()
        var modules = Set(manifest.targets.map(\.name))
        for target in manifest.targets { modules.formUnion(target.products.map(\.name)) }
        var undeclared: [String] = []
        for target in manifest.targets {
            let declared = Set(target.targets + target.products.map(\.name) + [target.name])
            for (path, module) in try Self.imports(of: target) where modules.contains(module) && !declared.contains(module) {
                undeclared.append("\(path) imports \(module), which \(target.name) does not declare in Package.swift")
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.joined(separator: "\n"))")
    }

    /// The modules the Swift files of `target` import (its excluded folders left out), with the
    /// path of each file; an `import` in a multi-line string literal (a Swift example) is not one.
    static func imports(of target: PackageManifest.Target) throws -> [(path: String, module: String)] {
        let folder = Repository.url(target.folder)
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, String)] = []
        let pattern =
            /^(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)/
        while let relative = walk.nextObject() as? String {
            if target.exclude.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) {
                walk.skipDescendants()
                continue
            }
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            var inLiteral = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inLiteral.toggle() }
                if !inLiteral, let match = line.firstMatch(of: pattern) { found.append(("\(target.folder)/\(relative)", String(match.1))) }
            }
        }
        return found
    }
}
