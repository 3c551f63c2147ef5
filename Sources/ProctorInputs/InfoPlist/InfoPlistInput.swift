import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON

/// The app's Info.plist (`--info-plist`), XML or binary: the facts every rule is judged against
/// (bundle identifier, declared activity types and intents, deployment target), and a subject of
/// its own for the rules about the property list itself, whose findings are located in the file
/// (with the entry's line in an XML file).
package struct InfoPlistInput: AppDescriptionInput {
    package init() {}

    package var name: String { "Info.plist" }

    package func read(path: String, options: AppDescriptionOptions, into app: inout AppInfo?) -> FileResult? {
        let read = InfoPlistReader.read(
            contentsOf: URL(fileURLWithPath: path), displayPath: path, bundleIdentifier: options.bundleIdentifier,
            deploymentTarget: options.deploymentTarget)
        app = read.appInfo
        guard !read.inputErrors.isEmpty || !read.diagnostics.isEmpty else { return nil }
        var result = FileResult(path: path)
        result.inputErrors = read.inputErrors
        result.diagnostics = read.diagnostics
        return result
    }

    /// Reads and judges an Info.plist that is not the run's (`proctor lint Info.plist`, or one a
    /// walk of a repository meets: an extension's, a widget's): its decoding problems and the
    /// rules on the property list, against its own facts only. Its result always exists, so the
    /// report says it was read.
    package func readAndJudge(path: String, with engine: RuleEngine, now: Date) -> FileResult {
        var app: AppInfo?
        return readAndJudge(path: path, with: engine, now: now, keeping: &app)
    }

    /// Reads and judges an Info.plist that is not the run's, keeping its facts in `app` (nil when
    /// it cannot be read) for the rules across the run's files.
    package func readAndJudge(path: String, with engine: RuleEngine, now: Date, keeping app: inout AppInfo?) -> FileResult {
        var result = read(path: path, options: AppDescriptionOptions(), into: &app) ?? FileResult(path: path)
        // `$(PRODUCT_BUNDLE_IDENTIFIER)` is what Xcode writes and expands at build time; the
        // warning asks for the run's bundle identifier to check payloads against, and this
        // property list judges no payload.
        result.diagnostics.removeAll { $0.code == ProblemCode.unresolvedBuildSetting }
        var files = [result]
        if let app { judge(app, with: engine, in: RuleContext(appInfo: app, now: now), into: &files) }
        result = files[0]
        result.wasChecked = result.inputErrors.isEmpty
        return result
    }

    /// The Info.plist's own result exists only when the Info.plist has something to report (a
    /// decoding problem or a finding), so a clean Info.plist adds no file to the counts and no
    /// suite to the reports; when it exists it counts as checked, and reports list the Info.plist
    /// rules for it.
    package func judge(_ app: AppInfo, with engine: RuleEngine, in context: RuleContext, into files: inout [FileResult]) {
        guard app.isFromInfoPlist else { return }
        var findings: [Finding] = []
        let locate = { (pointer: JSONPointer) in SourceLocation(file: app.source, line: app.line(of: pointer), pointer: pointer.description) }
        engine.rules(judging: AppInfo.self).judge(app, in: context, locate: locate, into: &findings)
        if let index = files.firstIndex(where: { $0.path == app.source }) {
            files[index].findings += findings
            files[index].wasChecked = true
        } else if !findings.isEmpty {
            var result = FileResult(path: app.source)
            result.findings = findings
            result.wasChecked = true
            files.append(result)
        }
    }
}
