import Foundation
import ProctorKit

// Writes the files generated from the rule descriptions (docs/rules/, Conformance/rules/) into
// the directory given as the only argument, or the current directory. Run it with `make docs`.
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
for file in generated {
    let url = root.appendingPathComponent(file.path)
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if existing != file.content {
        try Data(file.content.utf8).write(to: url, options: .atomic)
        print("wrote \(file.path)")
    }
}
