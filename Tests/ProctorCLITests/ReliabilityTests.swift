import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `proctor` does with report paths and inputs that are not plain files: devices, links,
/// pipes, loops, two reports on one path, references out of the project. CI runs it as root in
/// containers, where nothing stops it from replacing `/dev/null`; these tests pin that it never
/// destroys a file it was not asked to create, never loses a report and never waits forever.
@Suite("Reliability: report paths and inputs")
struct ReliabilityTests {
    private func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    private func read(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    // MARK: - Reports

    #if os(Linux)
        /// `/dev/full` fails every write with ENOSPC: exit 3 naming it, the other report still
        /// written, and the device left a device (as root a rename would have replaced it).
        @Test func aReportToDevFullFailsWithExit3AndTheOthersAreStillWritten() throws {
            let workspace = try Workspace()
            defer { withExtendedLifetime(workspace) {} }
            try workspace.write("clean.json", clean)
            let run = try proctor(["lint", "clean.json", now, "--report", "junit:/dev/full", "--report", "json:out.json"], in: workspace.url)
            #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("cannot write report '/dev/full': No space left on device"), "\(run.stderr)")
            #expect(fileType("/dev/full") == S_IFCHR)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: workspace.url.appendingPathComponent("out.json"))) as? [String: Any]
            #expect(json?["command"] as? String == "lint")
        }

        /// A report that fails does not keep the one on standard output from being written.
        @Test func aFailedReportLeavesTheReportOnStandardOutput() throws {
            let workspace = try Workspace()
            defer { withExtendedLifetime(workspace) {} }
            try workspace.write("clean.json", clean)
            let run = try proctor(["lint", "clean.json", now, "--report", "json:-", "--report", "text:/dev/full"], in: workspace.url)
            #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("\"command\" : \"lint\""), "the report on standard output is still written: \(run.stdout)")
            #expect(run.stderr.contains("cannot write report '/dev/full': No space left on device"), "\(run.stderr)")
        }

        /// Every subcommand that prints fails with exit 3 when standard output cannot be written,
        /// instead of trapping inside Foundation.
        @Test(arguments: [["rules"], ["rules", "--format", "json"], ["schema"], ["explain", "title_length"], ["lint", "-"]])
        func everySubcommandReportsAFullStandardOutput(_ arguments: [String]) throws {
            let run = try proctor(arguments, input: Data(clean.utf8), standardOutput: "/dev/full")
            #expect(run.status == 3, "\(run.stderr)")
            #expect(run.stderr.contains("cannot write to standard output: No space left on device"), "\(run.stderr)")
        }

        /// A link to standard output writes there, as `cat > LINK` would.
        @Test func aLinkToStandardOutputWritesThere() throws {
            let workspace = try Workspace()
            defer { withExtendedLifetime(workspace) {} }
            try workspace.write("clean.json", clean)
            try FileManager.default.createSymbolicLink(
                atPath: workspace.url.appendingPathComponent("out").path, withDestinationPath: "/proc/self/fd/1")
            let run = try proctor(["lint", "clean.json", now, "--report", "json:out"], in: workspace.url)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("\"command\" : \"lint\""), "\(run.stdout)")
            #expect(fileType(workspace.url.appendingPathComponent("out").path) == S_IFLNK)
        }
    #endif

    /// A link to a file is written through: the target holds the report, the link stays a link.
    @Test func aReportThroughASymbolicLinkReachesItsTarget() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write("reports/target.json", "old")
        let link = workspace.url.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "reports/target.json")
        let run = try proctor(["lint", "clean.json", now, "--report", "json:link.json"], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(fileType(link.path) == S_IFLNK)
        #expect(try read(workspace.url.appendingPathComponent("reports/target.json")).contains("\"command\" : \"lint\""))
    }

    /// A regular file is replaced atomically, keeping its permissions, and no temporary file is
    /// left beside it; a new report is created with its directories.
    @Test func aRegularFileIsReplacedKeepingItsModeAndNothingIsLeftBehind() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write("reports/junit.xml", "old")
        let existing = workspace.url.appendingPathComponent("reports/junit.xml").path
        #expect(chmod(existing, 0o640) == 0)
        let run = try proctor(
            ["lint", "clean.json", now, "--report", "junit:reports/junit.xml", "--report", "sarif:new/deeper/proctor.sarif"], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        var status = stat()
        #expect(stat(existing, &status) == 0 && status.st_mode & 0o777 == 0o640)
        #expect(try read(URL(fileURLWithPath: existing)).hasPrefix("<?xml"))
        #expect(try read(workspace.url.appendingPathComponent("new/deeper/proctor.sarif")).contains("\"version\" : \"2.1.0\""))
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent("reports").path)
        #expect(left == ["junit.xml"], "\(left)")
    }

    /// A file with a second hard link is written in place, so both names see the new report.
    @Test func aHardLinkedReportIsWrittenInPlace() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write("report.json", "old")
        #expect(link(workspace.url.appendingPathComponent("report.json").path, workspace.url.appendingPathComponent("copy.json").path) == 0)
        let run = try proctor(["lint", "clean.json", now, "--report", "json:report.json"], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try read(workspace.url.appendingPathComponent("copy.json")).contains("\"command\" : \"lint\""))
    }

    @Test func aReportPathThatIsADirectoryIsExit3AndTheDirectoryStays() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try workspace.write("reports/keep.txt", "keep")
        let run = try proctor(["lint", "clean.json", now, "--report", "junit:reports", "--report", "json:out.json"], in: workspace.url)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot write report 'reports': it is a directory"), "\(run.stderr)")
        #expect(try read(workspace.url.appendingPathComponent("reports/keep.txt")) == "keep")
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out.json").path))
    }

    /// A directory no file can be created in: exit 3 with the system's reason. Root may write
    /// anywhere it has permission bits for, so as root the test uses /proc, where nobody can.
    @Test func aReportInADirectoryThatCannotBeWrittenIsExit3() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        let target: String
        if geteuid() == 0 {
            #if os(Linux)
                target = "/proc/self/proctor-report.xml"
            #else
                return
            #endif
        } else {
            let locked = workspace.url.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            #expect(chmod(locked.path, 0o555) == 0)
            target = locked.appendingPathComponent("junit.xml").path
        }
        defer { chmod(workspace.url.appendingPathComponent("locked").path, 0o755) }
        let run = try proctor(["lint", "clean.json", now, "--report", "junit:\(target)", "--report", "json:out.json"], in: workspace.url)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot write report '\(target)': "), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("out.json").path))
    }

    /// Two reports on one file would lose one: a usage error before any work, naming both,
    /// however the path is spelt (and standard output is one place too).
    @Test(arguments: [
        ["junit:same.xml", "sarif:same.xml"], ["junit:same.xml", "sarif:./same.xml"], ["json:a/../same.xml", "junit:same.xml"],
        ["text", "json:-"], ["json", "junit:/dev/stdout"],
    ])
    func twoReportsToOnePlaceAreAUsageError(_ reports: [String]) throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("a"), withIntermediateDirectories: true)
        let run = try proctor(["lint", "clean.json", now] + reports.flatMap { ["--report", $0] }, in: workspace.url)
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("standard output") || run.stderr.contains("two reports would be written to one file"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("same.xml").path))
        #expect(run.stdout.isEmpty)
    }

    @Test func reportsToDevNullMayShareIt() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("clean.json", clean)
        let run = try proctor(["lint", "clean.json", now, "--report", "junit:/dev/null", "--report", "sarif:/dev/null"], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    // MARK: - Inputs

    /// `dir/loop -> ..`: the link is followed once, the walk ends, each file is read once, and a
    /// note says which link was not followed again.
    @Test func aLinkBackToAParentIsWalkedOnceWithANote() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/place.json", warning)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.url.appendingPathComponent("payloads/loop").path, withDestinationPath: "..")
        let run = try proctor(["lint", "payloads", now], in: workspace.url, timeout: 30)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("warning:") }.count == 1, "\(run.stdout)")
        #expect(
            lines.contains("payloads/loop/payloads: note: not walked again: the same directory as 'payloads' [directory_revisited]"), "\(run.stdout)")
        #expect(!run.stdout.contains("loop/payloads/loop"), "\(run.stdout)")
        #expect(!run.stdout.contains("searchable_item_identifier_unique") && !run.stdout.contains("duplicate"), "\(run.stdout)")
    }

    /// A directory named twice, or inside another named directory, is walked once without a note.
    @Test func aDirectoryNamedTwiceIsWalkedOnceSilently() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/sub/place.json", warning)
        let run = try proctor(["lint", "payloads/sub", "payloads", "./payloads/", now], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout
                == "payloads/sub/place.json:1:35: warning: activity type 'ViewPlace' is not a reverse-DNS identifier (dot-separated letters, digits, '-' and '_', such as 'com.example.app.ViewPlace') [activity_type_reverse_dns]\nlint: 1 file, 0 errors, 1 warning, 0 notes; judged 1 donation\n",
            "\(run.stdout)")
    }

    /// A second name for a file (a link beside it) is not read again.
    @Test func aFileReachedByTwoNamesIsReadOnce() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/place.json", warning)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.url.appendingPathComponent("payloads/same.json").path, withDestinationPath: "place.json")
        let run = try proctor(["lint", "payloads", "payloads/place.json", now], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "warning:").count == 2, "\(run.stdout)")
        #expect(
            run.stdout.contains("payloads/same.json: note: not read again: the same file as 'payloads/place.json' [file_skipped]"), "\(run.stdout)")
    }

    /// A named pipe found in a walk is skipped with a note instead of waiting for a writer.
    @Test func aPipeInADirectoryIsSkippedWithANote() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("payloads/place.json", warning)
        #expect(mkfifo(workspace.url.appendingPathComponent("payloads/pipe.json").path, 0o644) == 0)
        let run = try proctor(["lint", "payloads", now, "--report", "text", "--report", "junit:junit.xml"], in: workspace.url, timeout: 30)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "payloads/pipe.json: note: skipped: a named pipe, not a regular file; name it on the command line to read it [file_skipped]"),
            "\(run.stdout)")
        let junit = try read(workspace.url.appendingPathComponent("junit.xml"))
        #expect(junit.contains("<skipped message=\"skipped: a named pipe"), "\(junit)")
    }

    /// A pipe named on the command line is read like standard input.
    @Test func aPipeNamedOnTheCommandLineIsRead() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        let pipe = workspace.url.appendingPathComponent("donations.json").path
        #expect(mkfifo(pipe, 0o644) == 0)
        DispatchQueue.global().async {
            let descriptor = open(pipe, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = warning.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        let run = try proctor(["lint", "donations.json", now], in: workspace.url, timeout: 30)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("donations.json:1:35: warning:"), "\(run.stdout)")
    }

    @Test func aDashReadsStandardInput() throws {
        let run = try proctor(["lint", "-", now], input: Data(warning.utf8))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("<stdin>:1:35: warning:"), "\(run.stdout)")
    }

    #if os(Linux)
        /// A device never ends: it is read up to the size limit and refused, not read forever.
        @Test func aDeviceIsReadOnlyUpToTheLimit() throws {
            let run = try proctor(["lint", "/dev/zero", now], timeout: 60)
            #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("/dev/zero: error: the file is over the limit of 67108864 bytes (64 MiB) [file_too_large]"), "\(run.stdout)")
            let plist = try proctor(["lint", "--info-plist", "/dev/zero", "-", now], input: Data(clean.utf8), timeout: 60)
            #expect(plist.status == 2, "\(plist.stdout)\(plist.stderr)")
            #expect(
                plist.stdout.contains("/dev/zero: error: the Info.plist is over the limit of 16777216 bytes (16 MiB) [file_too_large]"),
                "\(plist.stdout)")
        }
    #endif

    // MARK: - References out of the project

    /// A scenario's `infoPlist` may not leave the current directory unless the user says so:
    /// neither an absolute path, nor `..` past the root, nor a link that points out.
    @Test(arguments: ["/etc/hostname", "../../outside/Info.plist", "../escape/Info.plist"])
    func aScenarioCannotReadFilesOutsideTheProject(_ reference: String) throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("outside/Info.plist", infoPlist)
        try workspace.write("project/placeholder.txt", "")
        try FileManager.default.createSymbolicLink(
            atPath: workspace.url.appendingPathComponent("project/escape").path, withDestinationPath: "../outside")
        try workspace.write("project/Scenarios/app.scenario.json", scenario(infoPlist: reference))
        let project = workspace.url.appendingPathComponent("project")
        let refused = try proctor(["run", "Scenarios", now], in: project)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("[scenario_reference_outside_project]"), "\(refused.stdout)")
        #expect(refused.stdout.contains("Scenarios/app.scenario.json:1:"), "located at the value: \(refused.stdout)")
        if reference != "/etc/hostname" {
            let allowed = try proctor(["run", "Scenarios", now, "--allow-paths-outside-project"], in: project)
            #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        }
    }

    @Test func aScenarioReadsAnInfoPlistInsideTheProject() throws {
        let workspace = try Workspace()
        defer { withExtendedLifetime(workspace) {} }
        try workspace.write("App/Info.plist", infoPlist)
        try workspace.write("Scenarios/app.scenario.json", scenario(infoPlist: "../App/Info.plist"))
        let run = try proctor(["run", "Scenarios", now], in: workspace.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    private let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
        <key>NSUserActivityTypes</key><array><string>com.example.app.view</string></array></dict></plist>
        """

    private func scenario(infoPlist: String) -> String {
        #"{"format": 1, "name": "reads its Info.plist", "app": {"bundleIdentifier": "com.example.app", "infoPlist": "\#(infoPlist)", "routes": [{"name": "view", "activityTypes": ["com.example.app.view"]}]}, "devices": [{"name": "iPhone"}], "clock": "2026-06-01T12:00:00Z", "steps": [{"becomeCurrent": {"activity": "a", "device": "iPhone", "userActivity": {"activityType": "com.example.app.view", "title": "View"}}}]}"#
    }
}
