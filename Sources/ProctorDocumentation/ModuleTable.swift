/// The table of targets in docs/architecture.md, generated from Package.swift: one row per target
/// in the manifest's order, its kind and its dependencies as the manifest declares them. The Role
/// column is prose, written in the table itself: the generator keeps each target's role from the
/// page and writes only the other columns, so a dependency added or removed in Package.swift
/// changes the page (`make docs`), and a test fails while the page is stale.
package enum ModuleTable {
    package static let documentPath = "docs/architecture.md"
    /// The line above the table, which finds it in the page.
    package static let marker =
        "<!-- Generated from Package.swift by proctor-docgen (make docs): edit a target's role here, its kind and dependencies in Package.swift. -->"
    /// The role of a target the page does not describe yet; a test fails while one is left.
    package static let missingRole = "(no role written yet: describe the target here)"

    package struct Unreadable: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// `document` with its table regenerated from `manifest`, each target's role kept.
    package static func updating(_ document: String, from manifest: PackageManifest) throws(Unreadable) -> String {
        var lines = document.components(separatedBy: "\n")
        guard let markerIndex = lines.firstIndex(of: marker) else {
            throw Unreadable(description: "\(documentPath) has no line \(marker)")
        }
        let start = markerIndex + 1
        var end = start
        while end < lines.count && lines[end].hasPrefix("|") { end += 1 }
        let roles = self.roles(in: Array(lines[start..<end]))
        lines.replaceSubrange(start..<end, with: table(manifest, roles: roles))
        return lines.joined(separator: "\n")
    }

    /// Each target's role, from the rows of a table as `table` writes it.
    package static func roles(in rows: [String]) -> [String: String] {
        var roles: [String: String] = [:]
        for row in rows.dropFirst(2) {
            let cells = row.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            guard cells.count >= 4, cells[0].hasPrefix("`"), cells[0].hasSuffix("`") else { continue }
            roles[String(cells[0].dropFirst().dropLast())] = cells[3...].joined(separator: " | ")
        }
        return roles
    }

    /// The rows of the table, header first.
    package static func table(_ manifest: PackageManifest, roles: [String: String]) -> [String] {
        var rows = ["| Target | Kind | Depends on | Role |", "| --- | --- | --- | --- |"]
        for target in manifest.targets {
            let role = roles[target.name].flatMap { $0.isEmpty ? nil : $0 } ?? missingRole
            rows.append("| `\(target.name)` | \(kind(of: target, in: manifest)) | \(dependencies(of: target)) | \(role) |")
        }
        return rows
    }

    static func kind(of target: PackageManifest.Target, in manifest: PackageManifest) -> String {
        let kind =
            switch target.kind {
            case "target": "library"
            case "executableTarget": "executable"
            case "testTarget": "tests"
            case "systemLibrary": "system library"
            case "plugin": "command plugin"
            default: target.kind
            }
        let products = manifest.products.filter { $0.targets.contains(target.name) }.map { "`\($0.name)`" }
        return products.isEmpty ? kind : "\(kind), product \(products.joined(separator: ", "))"
    }

    /// The targets, then the products of other packages grouped by package, then for a system
    /// library the pkg-config name it is found by.
    static func dependencies(of target: PackageManifest.Target) -> String {
        var parts = target.targets.map { "`\($0)`" }
        var packages: [String] = []
        for product in target.products where !packages.contains(product.package) { packages.append(product.package) }
        for package in packages {
            let names = target.products.filter { $0.package == package }.map { "`\($0.name)`" }
            parts.append("\(package) (\(names.joined(separator: ", ")))")
        }
        if let pkgConfig = target.pkgConfig { parts.append("pkg-config `\(pkgConfig)`") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
