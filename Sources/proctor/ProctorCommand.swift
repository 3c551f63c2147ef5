import ArgumentParser
import CProctorBuildInfo
import Foundation
import ProctorReports

@main
struct ProctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proctor",
        abstract: "Checks what an iOS app donates to the system (NSUserActivity, Core Spotlight, SiriKit interactions) and how it is launched back.",
        discussion: """
            Exit codes: 0 no problems; 1 error findings or failed cases (warnings too with --strict); \
            2 some input could not be read, parsed or decoded (the rest is still checked); 3 a report \
            could not be written; 64 usage error.
            """,
        version: BuildInfo.versionLine,
        subcommands: [Init.self, Lint.self, Scan.self, Run.self, Links.self, Config.self, Rules.self, Explain.self, Schema.self, Conformance.self]
    )
}

/// What `proctor --version` prints: the version and the commit the binary was built from.
///
/// Only here: reports keep `ProctorVersion.current` alone, so two builds of one version write the
/// same bytes for the same inputs.
enum BuildInfo {
    /// The abbreviated commit, with `-dirty` when the tree had uncommitted changes; nil when the
    /// build was not given one (a plain `swift build`; `make dist` gives it).
    static var commit: String? {
        let commit = String(cString: proctor_build_commit())
        return commit.isEmpty ? nil : commit
    }

    static var versionLine: String { "\(ProctorVersion.current) (\(commit ?? "commit unknown"))" }
}
