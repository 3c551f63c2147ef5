import Foundation
import PackagePlugin

/// `swift package proctor ARGUMENTS`: runs the proctor executable, built by SwiftPM from this
/// package, with the arguments as given, in the directory of the package the command runs in, so
/// paths on the command line and in `.proctor.json` mean what they mean to `proctor` itself.
///
/// proctor's output goes straight to the terminal. When proctor fails, the plugin exits with
/// proctor's own exit code (1: findings, 2: input problems, 64: usage; docs/cli.md). SwiftPM then
/// prints "Plugin ended with exit code N", with that code, and exits 1 whatever it was.
@main
struct ProctorPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let proctor = try context.tool(named: "proctor")
        let process = Process()
        process.executableURL = proctor.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            // As a shell reports a command ended by a signal.
            Diagnostics.error("proctor was stopped by signal \(process.terminationStatus)")
            exit(128 + process.terminationStatus)
        }
        if process.terminationStatus != 0 {
            exit(process.terminationStatus)
        }
    }
}
