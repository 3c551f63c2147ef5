// The scenario part of proctor-bench: a deterministic corpus of scenario files of ten steps each
// (donations, Handoff, Spotlight taps, deletions, a clock change and expectations), played with
// `ScenarioRunner.run(paths:)`, against raw json-c parsing of the same bytes as the reference.

import Foundation
import ProctorJSON
import ProctorScenario

enum ScenarioCorpus {
    static let neighbourhoods = ["North Beach", "Mission", "Haight", "Dogpatch", "Sunset", "Richmond", "Castro", "Marina"]
    static let styles = ["Neapolitan", "Detroit", "Roman", "New York", "Sicilian", "sourdough", "wood-fired", "al taglio"]
    static let names = [
        "Golden Crust", "Fog City Pie", "Slice Republic", "Dough Bros", "Ember & Rye", "Crème de la Crust", "Pizzeria Sol", "Tony's Corner",
    ]

    /// The directory of `count` scenario files under `root`, generated unless its manifest matches.
    static func files(count: Int, root: String) -> (directory: String, generated: Bool) {
        let directory = "\(root)/scenarios-\(count)"
        let manifest = "\(directory)/MANIFEST"
        let expected = "proctor-bench scenarios v1, \(count) files, seed 240\n"
        if let existing = try? String(contentsOfFile: manifest, encoding: .utf8), existing == expected {
            return (directory, false)
        }
        try? FileManager.default.removeItem(atPath: directory)
        for index in 0..<count {
            // Spread over folders, as a real suite would be, and keep directories small.
            let folder = "\(directory)/\(String(format: "%03d", index / 1000))"
            if index % 1000 == 0 { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let text = scenario(index)
            _ = FileManager.default.createFile(atPath: "\(folder)/place-\(index).scenario.json", contents: Data(text.utf8))
        }
        _ = FileManager.default.createFile(atPath: manifest, contents: Data(expected.utf8))
        return (directory, true)
    }

    static func scenario(_ index: Int) -> String {
        var random = SplitMix64(seed: 240, stream: 7, index: index)
        let name = "\(random.pick(names)) \(index)"
        let style = random.pick(styles)
        let area = random.pick(neighbourhoods)
        let placeID = "sf-\(index)"
        let domain = "area-\(index % 97)"
        let days = random.range(1...20)
        // One scenario in ten expects a failure the model must find: restore needs a dropped key.
        let needsSection = random.chance(10)
        let launchExpectation =
            needsSection
            ? #"{"failure": "missingUserInfo", "route": "place"}"#
            : #"{"route": "place", "userInfo": {"placeID": "\#(placeID)"}}"#
        return #"""
            {
              "format": 1,
              "name": "Place \#(index): view, hand off, find again",
              "tags": ["bench", "\#(area.lowercased())"],
              "clock": "2026-06-01T12:00:00Z",
              "app": {
                "bundleIdentifier": "com.example.slicefinder",
                "info": {"NSUserActivityTypes": ["com.example.slicefinder.view-place"], "CFBundleURLTypes": [{"CFBundleURLSchemes": ["slicefinder"]}]},
                "routes": [
                  {"name": "place", "activityTypes": ["com.example.slicefinder.view-place"], "userInfoKeys": \#(needsSection ? #"["placeID", "section"]"# : #"["placeID"]"#)},
                  {"name": "photo", "activityTypes": ["com.apple.corespotlightitem"], "identifierPrefix": "photo-"}
                ]
              },
              "devices": [{"name": "iPhone"}, {"name": "iPad"}],
              "steps": [
                {"becomeCurrent": {"activity": "place", "userActivity": {
                  "activityType": "com.example.slicefinder.view-place", "title": "\#(name)",
                  "userInfo": {"placeID": "\#(placeID)", "section": "menu", "viewedAt": {"$date": "2026-06-01T11:58:00Z"}},
                  "requiredUserInfoKeys": ["placeID"], "keywords": ["pizza", "\#(style.lowercased())", "\#(area.lowercased())"],
                  "webpageURL": "https://slicefinder.example.com/places/\#(placeID)", "isEligibleForSearch": true,
                  "contentAttributeSet": {"title": "\#(name)", "contentDescription": "\#(style) pies in \#(area).", "namedLocation": "\#(name)",
                    "fullyFormattedAddress": "\#(100 + index % 900) Columbus Ave, San Francisco, CA", "latitude": 37.8, "longitude": -122.41,
                    "supportsNavigation": true}}}},
                {"expect": {"handoff": {"device": "iPad", "offer": "app", "activity": "place"}}},
                {"acceptHandoff": {"device": "iPad"}},
                {"expect": {"launch": {"route": "place", "userInfo": {"placeID": "\#(placeID)", "section": "menu", "viewedAt": {"$date": "2026-06-01T11:58:00Z"}}}}},
                {"index": {"items": [
                  {"uniqueIdentifier": "photo-\#(index)-1", "domainIdentifier": "\#(domain)", "attributeSet": {"title": "\#(name) oven", "keywords": ["pizza"]}},
                  {"uniqueIdentifier": "photo-\#(index)-2", "domainIdentifier": "\#(domain).menu", "attributeSet": {"title": "\#(name) menu", "rankingHint": 40}}]}},
                {"advanceClock": {"days": \#(days)}},
                {"searchSpotlight": {"query": "\#(style.lowercased().prefix(4)) pizza", "tap": "\#(name)"}},
                {"expect": {"launch": \#(launchExpectation)}},
                {"deleteSearchableItems": {"domainIdentifiers": ["\#(domain)"]}},
                {"expect": {"index": {"items": [], "activities": ["place"]}, "spotlight": {"query": "\#(name.split(separator: " ")[0].lowercased())", "results": ["\#(name)"]}}}
              ]
            }

            """#
    }
}

/// Plays the scenario corpus and reports time per scenario and the ratio to raw json-c.
struct ScenarioBenchmark {
    var rows: [Row]
    var lines: [String]

    static func run(count: Int, root: String, repetitions: Int, scale: Bool) -> ScenarioBenchmark {
        var lines: [String] = []
        var start = monotonicSeconds()
        progress("scenarios: \(count) files ...")
        let corpus = ScenarioCorpus.files(count: count, root: root)
        progress("scenario corpus \(corpus.generated ? "generated" : "reused (manifest matches)") in \(fixed(monotonicSeconds() - start, 1)) s")
        let loaded = LoadedCorpus.load(corpus.directory)
        let raw = Row(
            label: "raw json-c, 1 thread", timing: Timing.measure(repetitions: repetitions) { _ = RawReference.parseAll(loaded.buffers) },
            bytes: loaded.totalBytes, files: count, note: "bytes in memory")
        progress("scenarios: run, parallel: false ...")
        var result: ScenarioRunner.Result?
        let serial = Row(
            label: "run(paths:), parallel: false",
            timing: Timing.measure(repetitions: repetitions) {
                result = ScenarioRunner.run(paths: [corpus.directory], options: RunOptions(parallel: false))
            }, bytes: loaded.totalBytes, files: count)
        progress("scenarios: run, parallel ...")
        let parallel = Row(
            label: "run(paths:), parallel (default)",
            timing: Timing.measure(repetitions: repetitions) {
                result = ScenarioRunner.run(paths: [corpus.directory], options: RunOptions())
            }, bytes: loaded.totalBytes, files: count, note: "\(ProcessInfo.processInfo.activeProcessorCount) CPUs")
        let report = result!.report
        let cases = report.suites.flatMap(\.cases)
        let failed = cases.filter { $0.outcome.isFailure || $0.outcome.isError }.count
        let steps = 10 * count
        lines.append(
            "Scenarios: \(grouped(count)) files of 10 steps in \(corpus.directory), \(fixed(megabytes(loaded.totalBytes), 2)) MB; \(grouped(cases.count)) test cases, \(grouped(failed)) failed (expected: 0), \(report.allInputErrors.count) input errors"
        )
        for line in table([raw, serial, parallel], unit: "files/s") { lines.append("  " + line) }
        lines.append(
            "  " + pad("time per scenario, parallel: false", 48) + pad(fixed(serial.timing.best / Double(count) * 1e6, 1), 7, right: true) + " µs ("
                + fixed(serial.timing.best / Double(steps) * 1e6, 1) + " µs per step)")
        lines.append(
            "  " + pad("time per scenario, parallel (default)", 48) + pad(fixed(parallel.timing.best / Double(count) * 1e6, 1), 7, right: true)
                + " µs")
        lines.append("  " + pad("run, parallel: false / raw json-c, 1 thread", 48) + pad(fixed(ratio(serial, raw), 3), 7, right: true))
        lines.append("  " + pad("run, parallel default / raw json-c, 1 thread", 48) + pad(fixed(ratio(parallel, raw), 3), 7, right: true))
        var rows = [raw, serial, parallel]
        if scale {
            start = monotonicSeconds()
            progress("scenarios: 100,000 files ...")
            let big = ScenarioCorpus.files(count: 100_000, root: root)
            progress("100,000-scenario corpus \(big.generated ? "generated" : "reused") in \(fixed(monotonicSeconds() - start, 1)) s")
            progress("scenarios: run 100,000, parallel: false ...")
            let bigSerial = Timing.measure(repetitions: repetitions) {
                _ = ScenarioRunner.run(paths: [big.directory], options: RunOptions(parallel: false))
            }
            progress("scenarios: run 100,000, parallel ...")
            let bigParallel = Timing.measure(repetitions: repetitions) { _ = ScenarioRunner.run(paths: [big.directory], options: RunOptions()) }
            lines.append(
                "  " + pad("time ratio 100k/10k, parallel: false", 48) + pad(fixed(bigSerial.best / serial.timing.best, 2), 7, right: true)
                    + "   (linear = 10.0; " + fixed(bigSerial.best, 2) + " s)")
            lines.append(
                "  " + pad("time ratio 100k/10k, parallel (default)", 48) + pad(fixed(bigParallel.best / parallel.timing.best, 2), 7, right: true)
                    + "   (linear = 10.0; " + fixed(bigParallel.best, 2) + " s)")
            rows.append(Row(label: "run(paths:) 100k, parallel (default)", timing: bigParallel, bytes: 0, files: 100_000))
        }
        return ScenarioBenchmark(rows: rows, lines: lines)
    }
}
