// The budget part of proctor-bench: hostile inputs, each judged by the `proctor` command a user
// runs, against the budget docs/development.md states ("Time and memory budget"): any input under
// the 64 MiB limit is judged within 10 s and at most 8x its size in peak memory, above what the
// same command needs for a tiny input, measured in the same run; or refused early with a located
// error naming the limit it hit. The shapes are the ones an adversarial pass found slow or large
// (issue 37): deep unclosed interpolations and parentheses for the scan, a 1 MB association file,
// and large files of many small values of every JSON kind.

import Foundation
import ProctorPayloads

enum BudgetBenchmark {
    /// The time budget of one input, in seconds.
    static let seconds = 10.0
    /// The memory budget, in multiples of the input's size, above the command's floor.
    static let sizeFactor = 8.0
    /// What any input may use above the floor whatever its size: a parser's arenas and the
    /// allocator's working set, which 8 times a few kilobytes cannot hold.
    static let slackMegabytes = 32.0
    /// A command still running this long is ended: some shapes took minutes.
    static let killAfter = 60.0

    struct Shape {
        var label: String
        var file: String
        var arguments: [String]
        var generate: () -> [UInt8]
    }

    struct Outcome {
        var shape: Shape
        var bytes: Int
        var seconds: Double
        var peakMB: Double?
        var status: Int32
    }

    /// `largeMegabytes` sizes the files of many small values (0 leaves them out); the small
    /// shapes are always run.
    static func run(root: String, largeMegabytes: Int) -> [String] {
        let folder = root + "/hostile"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard CommandRun.proctor != nil else { return ["Budget: skipped, proctor not built (swift build -c release --product proctor)"] }
        // Each command's floor: its peak on a tiny input of its own kind.
        let floorFile = folder + "/floor.json"
        write(Array(#"{"userActivity": {"activityType": "com.example.app.view", "title": "View"}}"#.utf8), to: floorFile)
        let swiftFloorFile = folder + "/floor.swift"
        write(Array("let title = \"View\"\n".utf8), to: swiftFloorFile)
        let floors = [
            "lint": CommandRun.peakMegabytes(["lint", "--no-config", floorFile])?.proctor ?? .nan,
            "scan": CommandRun.peakMegabytes(["scan", "--no-config", swiftFloorFile])?.proctor ?? .nan,
        ]
        var shapes = smallShapes(folder)
        if largeMegabytes > 0 { shapes += largeShapes(folder, bytes: largeMegabytes << 20) }
        var outcomes: [Outcome] = []
        for shape in shapes {
            let path = folder + "/" + shape.file
            progress("budget: \(shape.label) ...")
            let bytes = shape.generate()
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            write(bytes, to: path)
            let start = monotonicSeconds()
            let peak = CommandRun.peakMegabytes(shape.arguments.map { $0 == "FILE" ? path : $0 }, killAfter: killAfter)
            outcomes.append(
                Outcome(shape: shape, bytes: bytes.count, seconds: monotonicSeconds() - start, peakMB: peak?.proctor, status: peak?.status ?? -1))
            try? FileManager.default.removeItem(atPath: path)
        }
        var lines = [
            "Budget: hostile inputs, each judged by the proctor command (one run, whole process, wall); target: within \(fixed(seconds, 0)) s, and at most",
            "\(fixed(sizeFactor, 0))x the input's size (at least \(fixed(slackMegabytes, 0)) MB) above the command's floor, its peak on a tiny input of its kind",
            "(lint \(fixed(floors["lint"]!, 1)) MB, scan \(fixed(floors["scan"]!, 1)) MB here); 'x size' is the peak above the floor over the input's size",
            "  " + pad("", 50) + pad("size MB", 9, right: true) + pad("s", 8, right: true) + pad("peak MB", 10, right: true)
                + pad("x size", 8, right: true) + "  verdict",
        ]
        for outcome in outcomes {
            let above = (outcome.peakMB ?? .nan) - (floors[outcome.shape.arguments[0]] ?? .nan)
            let factor = above / megabytes(outcome.bytes)
            let fast = outcome.seconds <= seconds
            let small = above <= max(sizeFactor * megabytes(outcome.bytes), slackMegabytes)
            let verdict =
                outcome.status == -2
                ? "OVER time (ended at \(fixed(killAfter, 0)) s)"
                : outcome.peakMB == nil || outcome.status < 0 || outcome.status == 64
                    ? "FAILED to run (status \(outcome.status))"
                    : fast && small
                        ? "meets (exit \(outcome.status))"
                        : [fast ? nil : "OVER time", small ? nil : "OVER memory"].compactMap { $0 }.joined(separator: ", ")
                            + " (exit \(outcome.status))"
            lines.append(
                "  " + pad(outcome.shape.label, 50) + pad(fixed(megabytes(outcome.bytes), 2), 9, right: true)
                    + pad(fixed(outcome.seconds, 2), 8, right: true)
                    + pad(fixed(outcome.peakMB ?? .nan, 1), 10, right: true) + pad(fixed(max(0, factor), 1), 8, right: true) + "  " + verdict)
        }
        return lines
    }

    /// Small files that took minutes: the scan's error recovery and the association file's rule.
    static func smallShapes(_ folder: String) -> [Shape] {
        [
            Shape(label: "scan: 700 nested unclosed \\(f( (2.8 KB)", file: "interpolations.swift", arguments: ["scan", "--no-config", "FILE"]) {
                Array(("let s = \"" + String(repeating: "\\(f(", count: 700) + "\n").utf8)
            },
            Shape(label: "scan: \"a and 2,000 \\( (4 KB)", file: "open-interpolations.swift", arguments: ["scan", "--no-config", "FILE"]) {
                Array(("let s = \"a" + String(repeating: "\\(", count: 2_000) + "\n").utf8)
            },
            Shape(label: "scan: 30 KB of ( after a broken declaration", file: "parentheses.swift", arguments: ["scan", "--no-config", "FILE"]) {
                Array(("func broken(\nlet x = " + String(repeating: "(", count: 30_000) + "\n").utf8)
            },
            Shape(label: "scan: 3,000 nested closures { {", file: "closures.swift", arguments: ["scan", "--no-config", "FILE"]) {
                Array(("let f = " + String(repeating: "{ ", count: 3_000) + "\n").utf8)
            },
            Shape(label: "scan: 3,000 nested generic <", file: "generics.swift", arguments: ["scan", "--no-config", "FILE"]) {
                Array(("let a: A" + String(repeating: "<A", count: 3_000) + "\n").utf8)
            },
            Shape(
                label: "lint: \(IntentDefinitionReader.maximumFileSize >> 20) MiB .intentdefinition (the largest read)",
                file: "Limit.intentdefinition", arguments: ["lint", "--no-config", "FILE"]
            ) { intentDefinition(IntentDefinitionReader.maximumFileSize - 256) },
            Shape(
                label: "lint: 1 MB apple-app-site-association", file: "aasa/apple-app-site-association", arguments: ["lint", "--no-config", "FILE"]
            ) {
                var text = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
                var index = 0
                while text.utf8.count < 1_000_000 {
                    text += (index == 0 ? "" : ", ") + #"{"/": "/p\#(index)/*", "?": {"q": "v\#(index % 7)"}}"#
                    index += 1
                }
                return Array((text + "]}]}}\n").utf8)
            },
        ]
    }

    /// An intent definition of `bytes`: custom intents as Xcode's editor writes them, each with a
    /// parameter, none declared by an Info.plist (two findings each).
    static func intentDefinition(_ bytes: Int) -> [UInt8] {
        repeated(
            #"<?xml version="1.0" encoding="UTF-8"?>\#n<plist version="1.0">\#n<dict><key>INIntents</key><array>\#n"#,
            "<dict><key>INIntentCategory</key><string>order</string><key>INIntentName</key><string>OrderSoup</string>"
                + "<key>INIntentTitle</key><string>Order Soup</string><key>INIntentType</key><string>Custom</string>"
                + "<key>INIntentParameters</key><array><dict><key>INIntentParameterName</key><string>soup</string>"
                + "<key>INIntentParameterType</key><string>String</string></dict></array></dict>",
            "\n", "</array></dict></plist>\n", bytes)
    }

    /// Files of `bytes` made of many small values, one for each JSON input kind that holds them.
    static func largeShapes(_ folder: String, bytes: Int) -> [Shape] {
        let mib = "\(bytes >> 20) MiB"
        return [
            Shape(label: "lint: userInfo array of numbers, \(mib)", file: "numbers.json", arguments: ["lint", "--no-config", "FILE"]) {
                repeated(
                    #"{"userActivity": {"activityType": "com.example.app.view", "title": "View", "userInfo": {"n": ["#, "1", ", ", "]}}}\n", bytes)
            },
            Shape(label: "lint: array of donations, \(mib)", file: "donations.json", arguments: ["lint", "--no-config", "FILE"]) {
                repeated("[", #"{"userActivity": {"activityType": "com.example.app.view", "title": "View"}}"#, ",\n", "]\n", bytes)
            },
            Shape(label: "lint: .geojson of small polygons, \(mib)", file: "coverage.geojson", arguments: ["lint", "--no-config", "FILE"]) {
                repeated(#"{"type": "MultiPolygon", "coordinates": ["#, "[[[0,0],[0,1],[1,1],[0,0]]]", ",", "]}\n", bytes)
            },
            Shape(label: "lint: pass.json with many fields, \(mib)", file: "Big.pkpass/pass.json", arguments: ["lint", "--no-config", "FILE"]) {
                repeated(
                    #"{"formatVersion": 1, "passTypeIdentifier": "pass.com.example.app", "serialNumber": "1", "teamIdentifier": "ABCDE12345", "organizationName": "Example", "description": "Example", "generic": {"backFields": ["#,
                    #"{"key": "k", "label": "L", "value": "V"}"#, ",", "]}}\n", bytes)
            },
            Shape(label: "lint: web page of small elements, \(mib)", file: "page.html", arguments: ["lint", "--no-config", "FILE"]) {
                repeated("<!DOCTYPE html><html><head><title>Page</title></head><body>", "<p>x</p>", "", "</body></html>\n", bytes)
            },
            // Refused unread over IntentDefinitionReader.maximumFileSize; the small shapes judge one at the limit.
            Shape(label: "lint: .intentdefinition of many intents, \(mib)", file: "Big.intentdefinition", arguments: ["lint", "--no-config", "FILE"])
            {
                intentDefinition(bytes)
            },
            Shape(label: "lint: .apns with many keys, \(mib)", file: "push.apns", arguments: ["lint", "--no-config", "FILE"]) {
                var index = 0
                return generated(#"{"aps": {"alert": "x"}"#, "}\n", bytes) {
                    index += 1
                    return #", "k\#(index)": 0"#
                }
            },
            Shape(
                label: "lint --baseline-strict: baseline, \(mib)", file: "baseline.json",
                arguments: ["lint", "--no-config", folder + "/floor.json", "--baseline", "FILE", "--baseline-strict", "--report", "sarif:/dev/null"]
            ) {
                var index = 0
                return generated(#"{"format": 1, "findings": ["#, "]}\n", bytes) {
                    index += 1
                    return (index == 1 ? "" : ",")
                        + #"{"rule": "title_length", "file": "f\#(index).json", "pointer": "", "message": "m", "fingerprint": "\#(index)"}"#
                }
            },
        ]
    }

    /// `head`, then `element` joined by `separator` until the whole reaches `bytes`, then `tail`.
    private static func repeated(_ head: String, _ element: String, _ separator: String, _ tail: String, _ bytes: Int) -> [UInt8] {
        var first = true
        return generated(head, tail, bytes) {
            defer { first = false }
            return first ? element : separator + element
        }
    }

    private static func generated(_ head: String, _ tail: String, _ bytes: Int, next: () -> String) -> [UInt8] {
        var result = Array(head.utf8)
        result.reserveCapacity(bytes + 256)
        let budget = bytes - tail.utf8.count
        while true {
            let piece = next().utf8
            if result.count + piece.count > budget { break }
            result += piece
        }
        return result + Array(tail.utf8)
    }

    private static func write(_ bytes: [UInt8], to path: String) {
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
}
