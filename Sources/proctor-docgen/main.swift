import Foundation
import ProctorDocumentation

// Writes the files generated from the rule descriptions (docs/rules/, Conformance/rules/), the
// scenario schema, the seed coverage page and the module table of docs/architecture.md into the directory given as the only argument, or
// the current directory. Run it with `make docs`.
let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
let generated = GeneratedFiles.all()
let expected = Set(generated.map(\.path))
for directory in ["docs/rules", "Conformance/rules"] {
    let url = root.appendingPathComponent(directory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // Remove pages of rules that no longer exist.
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where !expected.contains("\(directory)/\(name)") {
        try FileManager.default.removeItem(at: url.appendingPathComponent(name))
        print("removed \(directory)/\(name)")
    }
}
// The page of the seed coverage list, from the list in docs/.
var files = generated
let coverageURL = root.appendingPathComponent(SeedCoverage.path)
if let bytes = try? Data(contentsOf: coverageURL) {
    let (coverage, problems) = SeedCoverage.read(Array(bytes))
    for problem in problems { print("\(problem.location.compilerStyle): \(problem.severity.rawValue): \(problem.message)") }
    if problems.contains(where: { $0.severity == .error }) { exit(1) }
    files.append((SeedCoverage.pagePath, coverage.page()))
}
// The module table of docs/architecture.md, from Package.swift; the roles are kept from the page.
let manifestText = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
let architecture = try String(contentsOf: root.appendingPathComponent(ModuleTable.documentPath), encoding: .utf8)
files.append((ModuleTable.documentPath, try ModuleTable.updating(architecture, from: try PackageManifest.read(manifestText))))
for file in files {
    let url = root.appendingPathComponent(file.path)
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if existing != file.content {
        try Data(file.content.utf8).write(to: url, options: .atomic)
        print("wrote \(file.path)")
    }
}
