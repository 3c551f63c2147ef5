import ArgumentParser
import Foundation
import ProctorConformance
import ProctorFiles

struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the conformance vectors (Conformance/) and report each case.",
        discussion: "Exit code 1 when a case fails, 2 when a case file cannot be read.")

    @Argument(help: "Case files or directories (default: Conformance); - reads one case file from standard input.")
    var paths: [String] = ["Conformance"]

    @OptionGroup var output: ReportOptions

    func run() throws {
        let outputs = try RunOutputs.checked(reports: output.reports, against: paths.map { ($0, "a case file") })
        let report = ConformanceRunner.run(paths: paths, leavingOut: outputs)
        try outputs.refuseRecordedClashes()
        throw processExitCode(for: report, wroteReports: output.write(report))
    }
}
