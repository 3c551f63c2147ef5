import ArgumentParser
import Foundation
import ProctorConfiguration
import ProctorFiles

/// `--include` and `--exclude`: which walked files a command reads, as path patterns relative to
/// the current directory (docs/configuration.md, "Include and exclude"). Each replaces the
/// configuration's list of the same name when given.
struct PathFilterOptions: ParsableArguments {
    @Option(
        name: .customLong("include"),
        help: ArgumentHelp("Read only the walked files this pattern matches (*.json, payloads/**/*.json). Repeatable.", valueName: "pattern"))
    var include: [String] = []

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp(
            "Leave out the walked files and folders this pattern matches (legacy, **/fixtures). Repeatable; wins over --include.",
            valueName: "pattern"))
    var exclude: [String] = []

    @Flag(name: .customLong("no-default-excludes"), help: "Walk DerivedData, Pods, Carthage, node_modules and asset catalogs (*.xcassets) too.")
    var noDefaultExcludes = false

    func validate() throws {
        for (flag, texts) in [("include", include), ("exclude", exclude)] {
            for text in texts {
                do throws(PathPattern.Invalid) { _ = try PathPattern(text) } catch { throw ValidationError("--\(flag): \(error.reason)") }
            }
        }
    }

    /// The filter of a run: each list from its flag when given (relative to the current
    /// directory), else from the configuration (relative to its folder).
    func filter(
        configuration: ProjectConfiguration?, include written: ProjectConfiguration.Located<[PathPattern]>?,
        exclude writtenExclude: ProjectConfiguration.Located<[PathPattern]>?
    ) -> (filter: PathFilter, include: LintSettings.Setting<[String]>, exclude: LintSettings.Setting<[String]>) {
        var sets: [PathFilter.Patterns] = []
        func pick(
            _ flags: [String], _ name: String, _ file: ProjectConfiguration.Located<[PathPattern]>?,
            _ make: ([PathPattern], String) -> PathFilter.Patterns
        ) -> LintSettings.Setting<[String]> {
            if !flags.isEmpty {
                sets.append(make(flags.compactMap { try? PathPattern($0) }, ""))
                return LintSettings.Setting(value: flags, origin: .flag(name))
            }
            if let file, let configuration {
                sets.append(make(file.value, configuration.directory))
                return LintSettings.Setting(value: file.value.map(\.description), origin: .file(file.location))
            }
            return LintSettings.Setting(value: [], origin: .standard)
        }
        let include = pick(self.include, "include", written) { PathFilter.Patterns(base: $1, include: $0) }
        let exclude = pick(self.exclude, "exclude", writtenExclude) { PathFilter.Patterns(base: $1, exclude: $0) }
        // The flag, else the file's `defaultExcludes`, else on.
        let usesDefaultExcludes = !noDefaultExcludes && (configuration?.defaultExcludes?.value ?? true)
        return (PathFilter(sets, usesDefaultExcludes: usesDefaultExcludes), include, exclude)
    }
}
