import Foundation
import ProctorCore
import ProctorJSON
import ProctorReports
import Testing

@testable import ProctorLint
@testable import ProctorRules
@testable import ProctorScenario

/// A scenario with the given steps for an app whose one route shows a place.
private func scenario(
    steps: String, routes: String = #"[{"name": "place", "activityTypes": ["com.example.places.view"], "userInfoKeys": ["placeID"]}]"#,
    devices: String = #"[{"name": "iPhone"}, {"name": "iPad"}, {"name": "Mac", "appInstalled": false}]"#,
    system: String? = nil
) -> String {
    #"""
    {
      "format": 1,
      "name": "test",
      "clock": "2026-06-01T12:00:00Z",
      "app": {
        "bundleIdentifier": "com.example.places",
        "info": {"NSUserActivityTypes": ["com.example.places.view"], "CFBundleURLTypes": [{"CFBundleURLSchemes": ["places"]}]},
        "routes": \#(routes)
      },
      "devices": \#(devices),
      "steps": \#(steps)\#(system.map { ", \"system\": \($0)" } ?? "")
    }
    """#
}

/// An activity donated by `becomeCurrent`, eligible for search, restoring with `placeID` only.
private func viewPlace(_ handle: String = "pizza", title: String = "Golden Crust Pizzeria", device: String = "iPhone", extra: String = "") -> String {
    #"""
    {"becomeCurrent": {"activity": "\#(handle)", "device": "\#(device)", "userActivity": {
      "activityType": "com.example.places.view", "title": "\#(title)", "isEligibleForSearch": true,
      "userInfo": {"placeID": "sf-1", "section": "menu"}, "requiredUserInfoKeys": ["placeID"],
      "webpageURL": "https://places.example.com/sf-1"\#(extra)}}}
    """#
}

private func play(_ text: String, strict: Bool = false) throws -> RunReport.Suite {
    try #require(
        ScenarioRunner.runFile(
            bytes: Array(text.utf8), path: "test.scenario.json", options: RunOptions(strict: strict, now: fixedNow, parallel: false)))
}

private func failures(_ suite: RunReport.Suite) -> [String] {
    suite.cases.compactMap { testCase in
        if case .failed(let type, let message, _) = testCase.outcome { return "\(type): \(message)" }
        return nil
    }
}

@Suite("Scenarios: decoding")
struct ScenarioDecodingTests {
    @Test func aValidScenarioHasNoProblems() throws {
        let suite = try play(scenario(steps: "[\(viewPlace())]"))
        #expect(suite.inputErrors.isEmpty)
        #expect(suite.diagnostics.isEmpty)
        #expect(failures(suite).isEmpty)
    }

    @Test func anUnknownStepIsALocatedInputErrorWithASuggestion() throws {
        let suite = try play(scenario(steps: #"[{"becomeCurent": {}}]"#))
        let error = try #require(suite.inputErrors.first)
        #expect(error.code == ProblemCode.scenarioUnknownStep)
        #expect(error.message.contains("did you mean 'becomeCurrent'?"))
        #expect(error.location.pointer == "/steps/0/becomeCurent")
        #expect(error.location.line == 11)
        #expect(suite.cases.count == 1 && suite.cases[0].outcome.isError, "an unplayable scenario is one errored case")
    }

    @Test func everyProblemIsReportedNotJustTheFirst() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [{"resignCurrent": {"activity": "nobody"}},
                     {"searchSpotlight": {"query": "pizza", "tap": "x", "device": "iPod"}},
                     {"expect": {"launch": {"route": "nowhere"}}}]
                    """#))
        #expect(suite.inputErrors.map(\.code) == Array(repeating: ProblemCode.scenarioUnknownReference, count: 3))
        #expect(
            suite.inputErrors.map { $0.location.pointer ?? "" } == [
                "/steps/0/resignCurrent/activity", "/steps/1/searchSpotlight/device", "/steps/2/expect/launch/route",
            ])
    }

    @Test func anInvalidatedActivityCannotBecomeCurrentAgain() throws {
        let suite = try play(
            scenario(steps: "[\(viewPlace()), {\"invalidate\": {\"activity\": \"pizza\"}}, {\"becomeCurrent\": {\"activity\": \"pizza\"}}]"))
        #expect(suite.inputErrors.map(\.code) == [ProblemCode.scenarioInvalidSequence])
        #expect(suite.inputErrors.first?.message.contains("invalidated at step 2") == true)
    }

    @Test func aDonationWithAWrongTypeIsADiagnosticAtTheValue() throws {
        let suite = try play(
            scenario(steps: #"[{"becomeCurrent": {"activity": "a", "userActivity": {"activityType": "com.example.places.view", "title": 3}}}]"#))
        let diagnostic = try #require(suite.diagnostics.first)
        #expect(diagnostic.code == ProblemCode.typeMismatch)
        #expect(diagnostic.location.pointer == "/steps/0/becomeCurrent/userActivity/title")
        #expect(suite.cases.first?.outcome.isError == true)
    }

    @Test func anUnsupportedFormatVersionIsRefused() throws {
        let suite = try play(scenario(steps: "[]").replacingOccurrences(of: #""format": 1"#, with: #""format": 2"#))
        #expect(suite.inputErrors.map(\.code) == [ProblemCode.scenarioUnsupportedFormat])
    }
}

@Suite("Scenarios: the system model")
struct SystemModelTests {
    @Test func restoringFromSpotlightKeepsOnlyRequiredUserInfoKeys() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [\#(viewPlace()),
                     {"searchSpotlight": {"query": "golden", "tap": "Golden Crust Pizzeria"}},
                     {"expect": {"launch": {"route": "place", "userInfo": {"placeID": "sf-1"}}}}]
                    """#))
        #expect(failures(suite).isEmpty)
    }

    @Test func aRouteNeedingADroppedKeyFailsAndSaysWhy() throws {
        let routes = #"[{"name": "place", "activityTypes": ["com.example.places.view"], "userInfoKeys": ["placeID", "section"]}]"#
        let suite = try play(scenario(steps: "[\(viewPlace()), {\"searchSpotlight\": {\"query\": \"golden\", \"tap\": 1}}]", routes: routes))
        let failure = try #require(suite.cases.first { $0.outcome.isFailure })
        guard case .failed(let type, _, let details) = failure.outcome else { return }
        #expect(type == ScenarioCheck.launchFailed.rawValue)
        #expect(details.contains("'section' is not in requiredUserInfoKeys [placeID], so Spotlight restores the activity without it"))
        #expect(failure.location?.line != nil)
    }

    @Test func handoffCarriesTheWholeUserInfo() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [\#(viewPlace()), {"acceptHandoff": {"device": "iPad"}},
                     {"expect": {"launch": {"route": "place", "userInfo": {"placeID": "sf-1", "section": "menu"}}}}]
                    """#))
        #expect(failures(suite).isEmpty)
    }

    @Test func handoffToADeviceWithoutTheAppOpensSafari() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [\#(viewPlace()),
                     {"expect": {"handoff": {"device": "Mac", "offer": "safari", "activity": "pizza"}}},
                     {"acceptHandoff": {"device": "Mac"}},
                     {"expect": {"launch": {"safari": "https://places.example.com/sf-1"}}}]
                    """#))
        #expect(failures(suite).isEmpty)
    }

    @Test func deletingADomainRemovesItsSubdomainsButNotSiblings() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [{"index": {"items": [
                       {"uniqueIdentifier": "a", "domainIdentifier": "album-1", "attributeSet": {"title": "A"}},
                       {"uniqueIdentifier": "b", "domainIdentifier": "album-1.2023", "attributeSet": {"title": "B"}},
                       {"uniqueIdentifier": "c", "domainIdentifier": "album-10", "attributeSet": {"title": "C"}}]}},
                     {"deleteSearchableItems": {"domainIdentifiers": ["album-1"]}},
                     {"expect": {"index": {"items": ["c"]}}}]
                    """#))
        #expect(failures(suite).isEmpty)
    }

    @Test func itemsExpireAfterOneCalendarMonthByDefault() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [{"index": {"items": [{"uniqueIdentifier": "a", "attributeSet": {"title": "A"}}]}},
                     {"advanceClock": {"days": 29}},
                     {"expect": {"index": {"items": ["a"]}}},
                     {"advanceClock": {"hours": 23, "minutes": 59, "seconds": 59}},
                     {"expect": {"index": {"items": ["a"]}}},
                     {"advanceClock": {"seconds": 1}},
                     {"expect": {"index": {"items": []}}}]
                    """#))
        #expect(failures(suite).isEmpty, "June has 30 days: the item lives until 1 July 12:00")
    }

    @Test func resultsMatchTitlesBeforeKeywordsAndFoldDiacritics() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [{"index": {"items": [
                       {"uniqueIdentifier": "1", "attributeSet": {"title": "Dessert menu", "keywords": ["crème brûlée"]}},
                       {"uniqueIdentifier": "2", "attributeSet": {"title": "Crème Brûlée"}}]}},
                     {"expect": {"spotlight": {"query": "CREME bru", "results": ["Crème Brûlée", "Dessert menu"]}}}]
                    """#))
        #expect(failures(suite).isEmpty)
    }

    @Test func aLaunchNoRouteAcceptsShowsNothing() throws {
        let suite = try play(
            scenario(
                steps: #"""
                    [{"index": {"items": [{"uniqueIdentifier": "p1", "attributeSet": {"title": "Sunset"}}]}},
                     {"searchSpotlight": {"query": "sunset", "tap": "Sunset"}}]
                    """#))
        let failure = try #require(failures(suite).first)
        #expect(failure.hasPrefix("launch_failed"))
        #expect(failure.contains("noRoute"))
    }

    @Test func twoRoutesAcceptingALaunchIsAScenarioError() throws {
        let routes = #"[{"name": "a", "urls": ["places://**"]}, {"name": "b", "urls": ["places://place/*"]}]"#
        let suite = try play(scenario(steps: #"[{"openURL": {"url": "places://place/42"}}]"#, routes: routes))
        #expect(suite.inputErrors.map(\.code) == [ProblemCode.scenarioAmbiguousRoute])
    }

    @Test func anUndeclaredSchemeDoesNotOpenTheApp() throws {
        let suite = try play(scenario(steps: #"[{"openURL": {"url": "other://x"}}, {"expect": {"launch": {"failure": "schemeNotDeclared"}}}]"#))
        #expect(failures(suite).isEmpty)
    }

    @Test func aHandoffPayloadOverAStatedLimitFails() throws {
        let big = String(repeating: "x", count: 4000)
        let steps = #"""
            [\#(viewPlace(extra: #", "keywords": ["\#(big)"]"#).replacingOccurrences(of: #""section": "menu""#, with: #""section": "\#(big)""#)),
             {"acceptHandoff": {"device": "iPad"}},
             {"expect": {"launch": {"failure": "userInfoTooLarge"}}},
             {"expect": {"findings": [{"ruleId": "handoff_payload_size"}]}}]
            """#
        #expect(failures(try play(scenario(steps: steps, system: #"{"handoffUserInfoLimit": 3072}"#))).isEmpty)
        // Apple publishes no hard limit: without a stated one the payload is delivered, and the
        // expectation of a failure is what fails.
        let unstated = failures(try play(scenario(steps: steps)))
        #expect(unstated.count == 1)
        #expect(unstated.first?.contains("userInfoTooLarge") == true)
    }

    @Test func continuationStreamsAreOfferedOnlyForAnActivityThatSupportsThem() throws {
        let activity = viewPlace(extra: #", "supportsContinuationStreams": true"#)
        let offered = try play(
            scenario(steps: "[\(activity), {\"acceptHandoff\": {\"device\": \"iPad\"}}, {\"expect\": {\"launch\": {\"continuationStreams\": true}}}]")
        )
        #expect(failures(offered).isEmpty)
        let none = failures(
            try play(
                scenario(
                    steps:
                        "[\(viewPlace()), {\"acceptHandoff\": {\"device\": \"iPad\"}}, {\"expect\": {\"launch\": {\"continuationStreams\": true}}}]"))
        )
        #expect(none.count == 1 && none[0].contains("no continuation streams offered"), "\(none)")
    }

    @Test func aStatedHandoffLimitMustBeAWholeNumberOfBytes() throws {
        for bad in ["0", "2.5", "\"3 KB\"", "-1", "[]"] {
            let suite = try play(scenario(steps: "[]", system: #"{"handoffUserInfoLimit": \#(bad)}"#))
            #expect(suite.inputErrors.map { $0.location.pointer } == ["/system/handoffUserInfoLimit"], "\(bad)")
        }
        let misspelt = try play(scenario(steps: "[]", system: #"{"handoffLimit": 3072}"#))
        #expect((misspelt.inputErrors.map(\.location) + misspelt.diagnostics.map(\.location)).map(\.pointer) == ["/system/handoffLimit"])
    }
}

@Suite("Scenarios: expected findings")
struct ExpectedFindingsTests {
    private let untitled =
        #"{"becomeCurrent": {"activity": "a", "userActivity": {"activityType": "com.example.places.view", "isEligibleForSearch": true}}}"#

    @Test func anUnexpectedErrorFindingFailsTheDonationStep() throws {
        let suite = try play(scenario(steps: "[\(untitled)]"))
        #expect(failures(suite).contains { $0.hasPrefix("rules:") && $0.contains("activity_title_required") })
        #expect(ScenarioRunner.report([suite], options: RunOptions(now: fixedNow)).exitCode == .problemsFound)
    }

    @Test func anExpectedFindingIsSuppressedAndPasses() throws {
        let suite = try play(
            scenario(steps: #"[\#(untitled), {"expect": {"findings": [{"ruleId": "activity_title_required", "pointer": "/steps/0"}]}}]"#))
        #expect(failures(suite).isEmpty)
        let finding = try #require(suite.findings.first { $0.ruleID == "activity_title_required" })
        #expect(finding.suppression == "expected by step 2")
        #expect(ScenarioRunner.report([suite], options: RunOptions(now: fixedNow)).exitCode == .success)
    }

    @Test func anExpectedFindingThatDoesNotFireFails() throws {
        let suite = try play(scenario(steps: #"[\#(viewPlace()), {"expect": {"findings": [{"ruleId": "activity_title_required"}]}}]"#))
        #expect(failures(suite).contains { $0.hasPrefix("expectation_failed") })
    }
}

@Suite("Scenarios: corpus")
struct ScenarioCorpusTests {
    /// The bundled suites are what `make run` plays; they must pass as shipped.
    @Test func bundledScenariosPass() throws {
        let result = ScenarioRunner.run(paths: [Repository.url("Scenarios/run").path], options: RunOptions(now: fixedNow))
        #expect(result.report.suites.count >= 3)
        for suite in result.report.suites {
            for error in suite.inputErrors { Issue.record("\(error.location.compilerStyle): \(error.message)") }
            for failure in failures(suite) { Issue.record("\(suite.name): \(failure)") }
        }
        #expect(result.report.exitCode == .success)
    }

    @Test func theCommittedSchemaIsValidJSONWithEveryStepKind() throws {
        let text = try String(contentsOf: Repository.url("docs/scenario.schema.json"), encoding: .utf8)
        #expect(text == ScenarioSchema.text, "docs/scenario.schema.json is stale; run `make docs`")
        let root = try parseJSON(text)
        guard case .object(let object) = root.value, case .object(let defs)? = object["$defs"]?.value.value else {
            Issue.record("no $defs")
            return
        }
        for kind in ScenarioDecoder.stepKinds { #expect(defs["step." + kind] != nil, "no schema for step \(kind)") }
        for kind in ScenarioDecoder.expectationKinds { #expect(defs["expect." + kind] != nil, "no schema for expectation \(kind)") }
    }

    /// The keys of each step and expectation come from one place (each step type's `keys`, each
    /// expectation type's `fields`): the schema's properties are exactly those keys, its required keys
    /// are among them, and the decoder checks bodies against the same list (its message for an
    /// unknown key lists them).
    @Test func theSchemaAndTheDecoderTakeTheKeysOfOneTable() throws {
        let defs = try #require(ScenarioSchema.document["$defs"] as? [String: Any])
        func properties(_ schema: [String: Any]?) -> (keys: Set<String>, required: Set<String>)? {
            guard var body = schema else { return nil }
            if body["type"] as? String == "array", let items = body["items"] as? [String: Any] { body = items }
            guard let properties = body["properties"] as? [String: Any] else { return nil }
            return (Set(properties.keys), Set(body["required"] as? [String] ?? []))
        }
        for kind in ScenarioSteps.all {
            let schema = try #require(properties(defs["step." + kind.name] as? [String: Any]), "step \(kind.name)")
            #expect(schema.keys == Set(kind.keys), "step \(kind.name): the schema takes \(schema.keys.sorted()), the type \(kind.keys)")
            #expect(schema.required.isSubset(of: schema.keys), "step \(kind.name)")
        }
        for kind in ScenarioExpectations.all {
            let schema = try #require(properties(defs["expect." + kind.name] as? [String: Any]), "expectation \(kind.name)")
            #expect(schema.keys == Set(kind.keys), "expectation \(kind.name): the schema takes \(schema.keys.sorted()), the fields \(kind.keys)")
            #expect(schema.required == Set(kind.fields.filter(\.isRequired).map(\.key)), "expectation \(kind.name)")
        }
        // The decoder: a body with an unknown key is refused with the table's keys.
        for kind in ScenarioSteps.all where kind != ExpectStep.self {
            let steps =
                #"[{"becomeCurrent": {"activity": "a", "userActivity": {"activityType": "com.example.places.view"}}}, {"\#(kind.name)": {"zz": 1}}]"#
            let suite = try play(scenario(steps: steps))
            let message = suite.inputErrors.first { $0.code == ProblemCode.scenarioUnknownKey }?.message ?? ""
            #expect(
                message.hasSuffix("; it takes " + kind.keys.map { "'\($0)'" }.joined(separator: ", ")),
                "step \(kind.name): \(suite.inputErrors.map(\.message))")
        }
        #expect(Set(ScenarioSteps.names).count == ScenarioSteps.all.count, "two step types share a name")
        // An expectation's body with an unknown key is refused with the keys of its fields.
        for kind in ScenarioExpectations.all {
            let body = kind == FindingsExpectation.self ? #"[{"zz": 1}]"# : #"{"zz": 1}"#
            let suite = try play(scenario(steps: #"[{"expect": {"\#(kind.name)": \#(body)}}]"#))
            let message = suite.inputErrors.first { $0.code == ProblemCode.scenarioUnknownKey }?.message ?? ""
            #expect(
                message.hasSuffix("; it takes " + kind.keys.map { "'\($0)'" }.joined(separator: ", ")),
                "expectation \(kind.name): \(suite.inputErrors.map(\.message))")
        }
        #expect(Set(ScenarioExpectations.names).count == ScenarioExpectations.all.count, "two expectation types share a name")
    }
}
