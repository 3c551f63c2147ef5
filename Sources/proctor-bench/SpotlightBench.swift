// The Spotlight part of proctor-bench: one scenario that indexes many searchable items, then
// searches Spotlight many times with deletions by domain in between, as a photo or recipe app
// would. A query should cost time in proportion to the entries that could match it, not to the
// whole index; the ratio between two index sizes shows whether it does.

import Foundation
import ProctorScenario

enum SpotlightScenario {
    static let dishes = ["tart", "soup", "salad", "risotto", "curry", "pie", "stew", "noodles", "tacos", "bread", "cake", "gratin"]
    static let adjectives = ["lemon", "spiced", "smoky", "golden", "green", "roasted", "creamy", "crisp", "wild", "winter", "summer", "honey"]
    static let places = ["Lisbon", "Kyoto", "Oaxaca", "Naples", "Tbilisi", "Hanoi", "Lyon", "Marrakesh", "Seville", "Busan"]

    /// A recipe app's scenario: `items` items in 40 domains, then `queries` Spotlight queries,
    /// one domain deleted every 20 queries. Every query's expectation holds, so the scenario
    /// passes; each still runs a full search.
    static func text(items: Int, queries: Int) -> String {
        var random = SplitMix64(seed: 709, stream: 3, index: items)
        var steps: [String] = []
        var batch: [String] = []
        for index in 0..<items {
            let title = "\(random.pick(adjectives).capitalized) \(random.pick(dishes)) \(index)"
            let description = "A \(random.pick(adjectives)) \(random.pick(dishes)) from \(random.pick(places))."
            batch.append(
                #"{"uniqueIdentifier": "recipe-\#(index)", "domainIdentifier": "cookbook-\#(index % 40).chapter-\#(index % 7)", "attributeSet": {"title": "\#(title)", "contentDescription": "\#(description)", "keywords": ["\#(random.pick(places).lowercased())", "dinner"]}}"#
            )
            if batch.count == 500 || index == items - 1 {
                steps.append(#"{"index": {"items": [\#(batch.joined(separator: ", "))]}}"#)
                batch = []
            }
        }
        for query in 0..<queries {
            if query > 0 && query % 20 == 0 {
                steps.append(#"{"deleteSearchableItems": {"domainIdentifiers": ["cookbook-\#(query / 20)"]}}"#)
            }
            let words = query % 3 == 0 ? "\(random.pick(adjectives).prefix(3))" : "\(random.pick(adjectives)) \(random.pick(dishes).prefix(2))"
            steps.append(#"{"expect": {"spotlight": {"query": "\#(words)", "excludes": ["No such recipe"]}}}"#)
        }
        return #"""
            {
              "format": 1,
              "name": "Recipes: \#(items) items, \#(queries) Spotlight queries",
              "clock": "2026-06-01T12:00:00Z",
              "app": {
                "bundleIdentifier": "com.example.recipes",
                "info": {"NSUserActivityTypes": ["com.example.recipes.view"]},
                "routes": [{"name": "recipe", "activityTypes": ["com.apple.corespotlightitem"], "identifierPrefix": "recipe-"}]
              },
              "steps": [
                \#(steps.joined(separator: ",\n    "))
              ]
            }
            """#
    }
}

struct SpotlightBenchmark {
    var lines: [String]

    static func run(repetitions: Int) -> SpotlightBenchmark {
        progress("Spotlight: 4,000 and 32,000 items, 200 queries each ...")
        func measure(items: Int) -> (Timing, Int) {
            let bytes = Array(SpotlightScenario.text(items: items, queries: 200).utf8)
            var failures = 0
            let timing = Timing.measure(repetitions: repetitions) {
                let suite = ScenarioRunner.runFile(bytes: bytes, path: "recipes.scenario.json", options: RunOptions(parallel: false))
                failures = (suite?.cases.filter { $0.outcome.isFailure || $0.outcome.isError }.count ?? 1) + (suite?.inputErrors.count ?? 0)
            }
            return (timing, failures)
        }
        let (small, smallFailures) = measure(items: 4_000)
        let (large, largeFailures) = measure(items: 32_000)
        var lines = [
            "Spotlight: one scenario indexing N items, then 200 queries with a domain deleted every 20; failed cases \(smallFailures + largeFailures) (expected: 0)"
        ]
        lines.append("                                            best s  median s  note")
        lines.append(
            "  " + pad("4,000 items, 200 queries", 40) + pad(fixed(small.best, 4), 8, right: true) + pad(fixed(small.median, 4), 10, right: true)
                + "  target <= 0.2 s")
        lines.append(
            "  " + pad("32,000 items, 200 queries", 40) + pad(fixed(large.best, 4), 8, right: true) + pad(fixed(large.median, 4), 10, right: true)
                + "  target <= 1 s")
        lines.append(
            "  " + pad("time ratio 32k/4k", 48) + pad(fixed(large.median / small.median, 2), 7, right: true) + "   (linear in the index = 8.0)")
        return SpotlightBenchmark(lines: lines)
    }
}
