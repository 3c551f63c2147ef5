import ProctorCore
import ProctorFiles
import ProctorJSON
import ProctorReports

extension ScenarioRunner {
    /// The files whose lines a run's HTML report shows: the scenario files as the run read them,
    /// and a file a scenario names (a routes file, an Info.plist) only as the run was allowed to
    /// read it, through `policy`: opened once and checked on the descriptor, so a link swapped
    /// since the run cannot lead the report out of the project.
    package static func sources(of report: RunReport, policy: FileReferencePolicy) -> SourceFiles {
        let scenarios = Set(report.suites.map(\.name))
        return SourceFiles { path in
            if scenarios.contains(path) { return SourceFiles.currentDirectory.read(path) }
            switch policy.load(path, resolved: path, limit: 64 << 20, naming: "the file") {
            case .success(let bytes): return .success(SourceText(bytes: bytes))
            case .failure(.outside(let reason)), .failure(.invalid(let reason)): return .failure(SourceFiles.Unavailable(reason))
            case .failure(.unreadable(let error)): return .failure(SourceFiles.Unavailable(error.message))
            }
        }
    }
}
