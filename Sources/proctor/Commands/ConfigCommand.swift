import ArgumentParser
import Foundation

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the project's configuration.", subcommands: [Print.self])

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print the settings proctor lint would use, and where each comes from: a flag, .proctor.json (file:line:column) or the default.",
            discussion: "Takes the same options as proctor lint, so a flag's effect can be seen. See docs/configuration.md.")

        @OptionGroup var flags: Lint.Flags
        @OptionGroup var config: ConfigurationOptions

        func run() throws {
            let settings = try LintSettings(flags: flags, configuration: try config.load())
            try Output.standardOutput(settings.description)
        }
    }
}
