// The scan part of proctor-bench: `proctor scan` on a generated app of many Swift files, against
// swift-syntax parsing the same bytes in the same run (the reference: the scan cannot be faster
// than parsing), and the whole command as a user runs it. Optionally one real Swift file, the
// largest at hand (`--swift-file PATH`), to show the scan holds up on one big file.

import Foundation
import ProctorLint
import ProctorScan
import SwiftParser

enum SwiftCorpus {
    static let nouns = ["place", "recipe", "trip", "album", "track", "note", "order", "ticket", "room", "lesson"]
    static let words = ["fresh", "nearby", "saved", "recent", "popular", "quiet", "late", "weekend", "family", "cheap", "open", "new"]

    /// One screen of a generated app: its activity types and keys, a view controller that donates
    /// one, a scene delegate case per type, and ordinary code around them (closures, switches,
    /// string interpolation, generics), some 10 KB.
    static func file(_ index: Int) -> String {
        var random = SplitMix64(seed: 1803, stream: 5, index: index)
        let noun = random.pick(nouns)
        let name = "\(noun.capitalized)\(index)"
        var text = """
            import CoreSpotlight
            import UIKit

            /// The activity types screen \(index) donates.
            enum \(name)Activity {
                static let view = "com.example.bench.view-\(noun)-\(index)"
                static let browse = "com.example.bench.browse-\(noun)-\(index)"
            }

            enum \(name)Key {
                static let identifier = "\(noun)ID"
                static let section = "section"
            }

            struct \(name)Item: Hashable, Identifiable {
                let id: String
                var title: String
                var score: Double
                var tags: [String]
            }

            final class \(name)ViewController: UIViewController {
                private var items: [\(name)Item] = []
                private var selected: \(name)Item?
                private let formatter: DateFormatter = {
                    let formatter = DateFormatter()
                    formatter.dateStyle = .medium
                    return formatter
                }()

                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    guard let selected else { return }
                    let activity = NSUserActivity(activityType: \(name)Activity.view)
                    activity.title = "\(random.pick(words).capitalized) \(noun) \\(selected.title)"
                    activity.keywords = ["\(random.pick(words))", "\(random.pick(words))", "\(noun)"]
                    activity.userInfo = [\(name)Key.identifier: selected.id, \(name)Key.section: "main"]
                    activity.requiredUserInfoKeys = [\(name)Key.identifier, \(name)Key.section]
                    activity.isEligibleForSearch = true
                    activity.isEligibleForHandoff = true
                    userActivity = activity
                }

            """
        for method in 0..<12 {
            let word = random.pick(words)
            text += """
                    func \(word)\(method)(limit: Int, matching query: String) -> [\(name)Item] {
                        let lowered = query.lowercased()
                        var found = items.filter { item in
                            item.title.lowercased().contains(lowered) || item.tags.contains { $0.hasPrefix(lowered) }
                        }
                        found.sort { ($0.score, $0.title) > ($1.score, $1.title) }
                        switch found.count {
                        case 0: print("no \(noun) matches \\(query) in \\(items.count) \(word) items")
                        case 1...\(3 + method): break
                        default:
                            for (offset, item) in found.enumerated() where offset >= limit {
                                print("dropping \\(item.id) at \\(offset): score \\(String(format: "%.2f", item.score))")
                            }
                        }
                        return Array(found.prefix(limit)).map { item in
                            var copy = item
                            copy.tags = copy.tags.filter { !$0.isEmpty }.sorted()
                            return copy
                        }
                    }


                """
        }
        text += """
            }

            final class \(name)SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var show: ((String, String?) -> Void)?

                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    switch userActivity.activityType {
                    case \(name)Activity.view:
                        guard let id = userActivity.userInfo?[\(name)Key.identifier] as? String else { return }
                        show?(id, userActivity.userInfo?[\(name)Key.section] as? String)
                    case CSSearchableItemActionType:
                        guard let id = userActivity.userInfo?[CSSearchableItemActivityIdentifier] as? String else { return }
                        show?(id, nil)
                    default:
                        break
                    }
                }
            }

            """
        return text
    }

    /// `count` files under `root/swift-COUNT`, written when missing or different.
    static func files(count: Int, root: String) -> (directory: String, files: [SourceScanner.SourceFile]) {
        let directory = "\(root)/swift-\(count)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var files: [SourceScanner.SourceFile] = []
        for index in 0..<count {
            let path = "\(directory)/Screen\(index).swift"
            let text = file(index)
            if (try? String(contentsOfFile: path, encoding: .utf8)) != text { try? text.write(toFile: path, atomically: true, encoding: .utf8) }
            files.append(SourceScanner.SourceFile(path: path, text: text))
        }
        return (directory, files)
    }
}

struct ScanBenchmark {
    var lines: [String]

    static func run(files count: Int, swiftFile: String?, swiftDirectory: String?, root: String, repetitions: Int) -> ScanBenchmark {
        progress("scan: \(count) generated Swift files ...")
        let (directory, files) = SwiftCorpus.files(count: count, root: root)
        let bytes = files.reduce(0) { $0 + $1.text.utf8.count }
        let options = LintOptions(now: Date(timeIntervalSince1970: 1_780_000_000), parallel: false)
        let (timings, results) = Timing.interleaved(
            rounds: repetitions,
            [
                { files.reduce(0) { $0 + Parser.parse(source: $1.text).statements.count } },
                { SourceScanner.scan(files, appInfo: nil, options: options) },
                { CommandRun.run(["scan", "--no-config", "--now", "2026-06-01T12:00:00Z", directory]) },
            ])
        let scan = results[1] as! SourceScan
        let parse = Row(label: "swift-syntax parse, 1 thread", timing: timings[0], bytes: bytes, files: count, note: "text in memory; the reference")
        let inMemory = Row(label: "scan in memory", timing: timings[1], bytes: bytes, files: count, note: "SourceScanner.scan(_:appInfo:options:)")
        let command = Row(
            label: "proctor scan DIR (process, text)", timing: timings[2], bytes: bytes, files: count,
            note: CommandRun.proctor == nil ? "proctor not built" : "whole process, wall")
        var lines = [
            "Scan: \(grouped(count)) generated Swift files, \(fixed(megabytes(bytes), 2)) MB; \(scan.payloads.count) donations, \(scan.routes.count) routes, "
                + "\(scan.result.files.reduce(0) { $0 + $1.findings.count }) findings (target >= 20 MB/s for the command, on 2 cores)"
        ]
        lines += table([parse, inMemory] + (CommandRun.proctor == nil ? [] : [command])).map { "  " + $0 }
        lines.append(
            "  " + pad("scan in memory / swift-syntax parse", 48) + pad(fixed(inMemory.timing.medianRatio(against: parse.timing), 3), 7, right: true)
                + " median ratio")
        if CommandRun.proctor != nil {
            lines.append(
                "  " + pad("proctor scan (process)", 48) + pad(fixed(command.megabytesPerSecond, 1), 7, right: true) + " MB/s   "
                    + (command.megabytesPerSecond >= 20 ? "meets" : "below") + " target >= 20 MB/s")
        }
        if let swiftFile, let text = try? String(contentsOfFile: swiftFile, encoding: .utf8) {
            let one = [SourceScanner.SourceFile(path: swiftFile, text: text)]
            let (timings, _) = Timing.interleaved(
                rounds: repetitions,
                [
                    { Parser.parse(source: text).statements.count },
                    { SourceScanner.scan(one, appInfo: nil, options: options) },
                ])
            let size = text.utf8.count
            lines.append("  one real file, \((swiftFile as NSString).lastPathComponent), \(fixed(megabytes(size), 2)) MB:")
            lines += table([
                Row(label: "swift-syntax parse", timing: timings[0], bytes: size, files: 1),
                Row(label: "scan in memory", timing: timings[1], bytes: size, files: 1),
            ]).map { "    " + $0 }
        }
        if let swiftDirectory { lines += realTree(swiftDirectory, repetitions: repetitions) }
        return ScanBenchmark(lines: lines)
    }

    /// `proctor scan` on a real tree of Swift sources, against swift-syntax parsing its files on
    /// one thread: most files of a real codebase name nothing the scan reads, and are parsed once.
    private static func realTree(_ directory: String, repetitions: Int) -> [String] {
        let paths = (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        let texts = paths.compactMap { try? String(contentsOfFile: "\(directory)/\($0)", encoding: .utf8) }
        guard !texts.isEmpty else { return ["  real tree \(directory): no Swift files"] }
        let bytes = texts.reduce(0) { $0 + $1.utf8.count }
        let (timings, _) = Timing.interleaved(
            rounds: repetitions,
            [
                { texts.reduce(0) { $0 + Parser.parse(source: $1).statements.count } },
                { CommandRun.run(["scan", "--no-config", "--now", "2026-06-01T12:00:00Z", directory]) },
            ])
        let parse = Row(label: "swift-syntax parse, 1 thread", timing: timings[0], bytes: bytes, files: texts.count, note: "the reference")
        let command = Row(
            label: "proctor scan DIR (process, text)", timing: timings[1], bytes: bytes, files: texts.count,
            note: CommandRun.proctor == nil ? "proctor not built" : "whole process, wall")
        var lines = ["  real tree \((directory as NSString).lastPathComponent), \(grouped(texts.count)) files, \(fixed(megabytes(bytes), 2)) MB:"]
        lines += table([parse] + (CommandRun.proctor == nil ? [] : [command])).map { "    " + $0 }
        if CommandRun.proctor != nil {
            lines.append(
                "    " + pad("proctor scan (process) / swift-syntax parse", 46)
                    + pad(fixed(command.timing.medianRatio(against: parse.timing), 3), 7, right: true) + " median ratio; "
                    + "\(fixed(command.megabytesPerSecond, 1)) MB/s, " + (command.megabytesPerSecond >= 20 ? "meets" : "below") + " target >= 20 MB/s"
            )
        }
        return lines
    }
}
