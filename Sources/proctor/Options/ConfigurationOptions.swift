import ArgumentParser
import Foundation
import ProctorConfiguration
import ProctorFiles
import ProctorRules

/// `--config PATH` and `--no-config`, and the `.proctor.json` they choose: the one named, else
/// the one in the current directory or the nearest folder above it (docs/configuration.md).
struct ConfigurationOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("The project's configuration file (default: .proctor.json here or in the nearest folder above).", valueName: "path"))
    var path: String?

    @Flag(name: .customLong("no-config"), help: "Read no configuration file.")
    var noConfig = false

    func validate() throws {
        if path != nil && noConfig { throw ValidationError("give either --config or --no-config, not both") }
    }

    /// The configuration, or nil when none applies. A file that cannot be read or is malformed
    /// stops the command before any work: each problem is printed with its location, exit 64.
    func load() throws(ExitCode) -> ProjectConfiguration? {
        guard !noConfig, let file = path ?? ProjectConfiguration.find().map(Self.relative) else { return nil }
        return try Self.load(file)
    }

    /// Reads the configuration file at `file`; its problems are printed, located, and end the
    /// command with exit 64.
    static func load(_ file: String) throws(ExitCode) -> ProjectConfiguration {
        let bytes: [UInt8]
        switch InputFiles.load(file, limit: 1 << 20, naming: "the configuration file") {
        case .failure(let error):
            Output.standardError("\(error.location.compilerStyle): error: \(error.message) [\(error.code)]\n")
            throw ExitCode(64)
        case .success(let loaded): bytes = loaded
        }
        switch ProjectConfiguration.read(bytes, path: file, knownRules: BuiltInRules.all.map { type(of: $0).description.id }) {
        case .success(let configuration): return configuration
        case .failure(let problems):
            for error in problems.errors { Output.standardError("\(error.location.compilerStyle): error: \(error.message) [\(error.code)]\n") }
            throw ExitCode(64)
        }
    }

    /// A found file's path as the user would type it, relative to the current directory
    /// (`../../.proctor.json` for one found above it), so that the paths it gives, and the
    /// reports that print them, hold no absolute path the user did not give.
    static func relative(_ path: String) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < current.count, common < target.count, current[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: current.count - common) + target[common...]
        return parts.joined(separator: "/")
    }
}
