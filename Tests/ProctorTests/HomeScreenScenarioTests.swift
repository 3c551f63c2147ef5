import Foundation
import ProctorReports
import ProctorScenario
import Testing

/// Launches from the Home Screen (a widget's URL, a quick action) and the app's process: cold
/// launches reach a route whose handler reads `connectionOptions`, and miss one that runs only
/// while the app runs (docs/system-model.md, "Widgets", "Home Screen quick actions", "Cold and
/// warm launches").
@Suite("Scenarios: widgets, quick actions and cold launches")
struct HomeScreenScenarioTests {
    /// An app with the `larder` scheme, two static quick actions (one with userInfo) and `routes`.
    private func scenario(routes: String, steps: String, devices: String = #"[{"name": "iPhone"}]"#) -> String {
        #"""
        {"format": 1, "name": "test", "clock": "2026-06-01T12:00:00Z",
         "app": {"bundleIdentifier": "com.example.larder",
                 "info": {"CFBundleURLTypes": [{"CFBundleURLSchemes": ["larder"]}],
                          "UIApplicationShortcutItems": [
                            {"UIApplicationShortcutItemType": "add", "UIApplicationShortcutItemTitle": "Add Item"},
                            {"UIApplicationShortcutItemType": "scan", "UIApplicationShortcutItemTitle": "Scan",
                             "UIApplicationShortcutItemUserInfo": {"source": "quick-action"}}]},
                 "routes": \#(routes)},
         "devices": \#(devices),
         "steps": \#(steps)}
        """#
    }

    private func play(_ text: String) throws -> RunReport.Suite {
        try #require(
            ScenarioRunner.runFile(bytes: Array(text.utf8), path: "test.scenario.json", options: RunOptions(now: fixedNow, parallel: false)))
    }

    /// The failed and errored cases, as "type: message".
    private func failures(_ suite: RunReport.Suite) -> [String] {
        suite.cases.compactMap { testCase in
            switch testCase.outcome {
            case .failed(let type, let message, _), .errored(let type, let message, _): "\(type): \(message)"
            default: nil
            }
        }
    }

    private func run(_ path: String, strict: Bool = false) -> RunReport {
        ScenarioRunner.run(
            paths: [Repository.url(path).path], options: RunOptions(strict: strict, now: fixedNow, parallel: false, fileReferences: .anywhere)
        ).report
    }

    @Test func theHomeScreenSuitePassesUnderStrict() {
        let report = run("Scenarios/run/home-screen", strict: true)
        let failed = report.suites.flatMap { $0.inputErrors.map(\.message) + failures($0) }
        #expect(failed.isEmpty, "\(failed)")
        #expect(report.suites.count == 3)
        #expect(report.exitCode == .success)
    }

    @Test func theHomeScreenMistakesFailWithTheirChecks() {
        let report = run("Scenarios/run-mistakes/home-screen")
        let found = report.suites.flatMap { suite in
            suite.cases.compactMap { testCase -> String? in
                guard case .failed(let type, let message, _) = testCase.outcome else { return nil }
                let failure = ["noRoute", "missingUserInfo", "missingQueryItem", "coldLaunchUnhandled"].first { message.contains("(\($0))") }
                return "\(suite.name.split(separator: "/").last ?? "") \(type)\(failure.map { " \($0)" } ?? "")"
            }
        }.sorted()
        #expect(
            found == [
                "hidden-quick-actions.scenario.json action_failed",
                "hidden-quick-actions.scenario.json launch_failed missingUserInfo",
                "quick-action-type-no-route-takes.scenario.json launch_failed noRoute",
                "quick-action-without-a-title.scenario.json rules",
                "recent-list-without-a-title.scenario.json rules",
                "url-scheme-not-declared.scenario.json launch_failed",
                "warm-only-handler-misses-the-cold-launch.scenario.json launch_failed coldLaunchUnhandled",
                "warm-only-handler-misses-the-cold-launch.scenario.json launch_failed coldLaunchUnhandled",
                "widget-url-no-route-takes.scenario.json launch_failed noRoute",
                "widget-url-without-the-list-id.scenario.json launch_failed missingQueryItem",
            ], "\(found)")
        #expect(report.exitCode == .problemsFound)
    }

    /// A widget's URL goes to the app directly: its scheme need not be declared, and an https URL
    /// no association file claims still opens the app, by the routes' URL patterns.
    @Test func aWidgetURLNeedsNoDeclaredSchemeOrAssociation() throws {
        let suite = try play(
            scenario(
                routes: #"[{"name": "list", "urls": ["larder-widget://lists/*", "https://larder.example.com/lists/*"]}]"#,
                steps: #"""
                    [{"tapWidget": {"url": "larder-widget://lists/weekly"}}, {"expect": {"launch": {"route": "list", "url": "larder-widget://lists/weekly"}}},
                     {"tapWidget": {"url": "https://larder.example.com/lists/pantry"}}, {"expect": {"launch": {"route": "list"}}},
                     {"openURL": {"url": "larder-widget://lists/weekly"}}, {"expect": {"launch": {"failure": "schemeNotDeclared"}}}]
                    """#))
        #expect(suite.inputErrors.isEmpty)
        #expect(failures(suite).isEmpty, "\(failures(suite))")
    }

    @Test func aWidgetURLNoRouteTakesSaysWhatToAdd() throws {
        let suite = try play(
            scenario(routes: #"[{"name": "list", "urls": ["larder://lists/*"]}]"#, steps: #"[{"tapWidget": {"url": "larder://items/3"}}]"#))
        let failed = failures(suite)
        #expect(failed.count == 1)
        #expect(failed.first?.hasPrefix("launch_failed") == true)
        let details = suite.cases.compactMap { testCase -> String? in
            if case .failed(_, _, let details) = testCase.outcome { return details }
            return nil
        }.joined()
        #expect(details.contains("no route takes the widget's URL larder://items/3"), "\(details)")
        #expect(details.contains("add a route whose 'urls' match it"), "\(details)")
    }

    /// A quick action routes by its type; a static item delivers its userInfo keys, so a route's
    /// userInfoKeys are checked against them.
    @Test func quickActionsRouteByTypeAndCheckTheirUserInfoKeys() throws {
        let suite = try play(
            scenario(
                routes: #"""
                    [{"name": "add", "shortcutItemTypes": ["add"]},
                     {"name": "scan", "shortcutItemTypes": ["scan"], "userInfoKeys": ["source", "store"]}]
                    """#,
                steps: #"""
                    [{"tapQuickAction": {"type": "add"}}, {"expect": {"launch": {"route": "add", "shortcutItemType": "add", "coldLaunch": true}}},
                     {"tapQuickAction": {"type": "scan"}},
                     {"expect": {"launch": {"route": "scan", "failure": "missingUserInfo", "coldLaunch": false}}}]
                    """#))
        #expect(suite.inputErrors.isEmpty)
        #expect(failures(suite).isEmpty, "\(failures(suite))")
    }

    @Test func aQuickActionTypeNoRouteTakesNamesTheKeyToAdd() throws {
        let suite = try play(scenario(routes: #"[{"name": "add", "shortcutItemTypes": ["add"]}]"#, steps: #"[{"tapQuickAction": {"type": "scan"}}]"#))
        let details = suite.cases.compactMap { testCase -> String? in
            if case .failed(_, _, let details) = testCase.outcome { return details }
            return nil
        }.joined()
        #expect(
            details.contains(#"add a route with \"shortcutItemTypes\": [\"scan\"]"#)
                || details.contains(#"add a route with "shortcutItemTypes": ["scan"]"#), "\(details)")
    }

    /// The Home Screen shows four quick actions, the static ones first; a tap on one it does not
    /// show, or on a type the app never set, is an action that cannot be done.
    @Test func onlyTheFirstFourQuickActionsCanBeTapped() throws {
        let suite = try play(
            scenario(
                routes: #"[{"name": "list", "shortcutItemTypes": ["list-1", "list-2", "list-3"], "userInfoKeys": ["listID"]}]"#,
                steps: #"""
                    [{"setShortcutItems": {"items": [
                        {"type": "list-1", "title": "One", "userInfo": {"listID": "1"}},
                        {"type": "list-2", "title": "Two", "userInfo": {"listID": "2"}},
                        {"type": "list-3", "title": "Three", "userInfo": {"listID": "3"}}]}},
                     {"tapQuickAction": {"type": "list-2"}},
                     {"expect": {"launch": {"route": "list", "userInfo": {"listID": "2"}, "coldLaunch": false}}},
                     {"tapQuickAction": {"type": "list-3"}},
                     {"tapQuickAction": {"type": "list-4"}}]
                    """#))
        #expect(suite.inputErrors.isEmpty)
        let failed = failures(suite)
        #expect(failed.count == 2, "\(failed)")
        #expect(failed.first?.contains("'list-3' is quick action 5 of 5") == true, "\(failed)")
        #expect(failed.last?.contains("neither the Info.plist's UIApplicationShortcutItems nor the app's shortcutItems") == true, "\(failed)")
    }

    /// removeApp ends the app and drops the quick actions it set: after installApp only the
    /// static ones show.
    @Test func removingTheAppDropsItsDynamicQuickActions() throws {
        let suite = try play(
            scenario(
                routes: #"[{"name": "list", "shortcutItemTypes": ["list-1"]}]"#,
                steps: #"""
                    [{"setShortcutItems": {"items": [{"type": "list-1", "title": "One"}]}},
                     {"removeApp": {}}, {"installApp": {}},
                     {"tapQuickAction": {"type": "list-1"}}]
                    """#))
        let failed = failures(suite)
        #expect(failed.count == 1, "\(failed)")
        #expect(failed.first?.contains("the app has set no dynamic ones") == true, "\(failed)")
    }

    /// A route with coldLaunch false takes a launch while the app runs and misses it when the
    /// launch starts the app: at the start, after terminateApp, after removeApp and installApp.
    /// Any launch kind counts: a universal link too.
    @Test func aWarmOnlyHandlerMissesEveryLaunchFromScratch() throws {
        let suite = try play(
            scenario(
                routes: #"[{"name": "list", "urls": ["larder://lists/*"], "coldLaunch": false}]"#,
                steps: #"""
                    [{"openURL": {"url": "larder://lists/a"}}, {"expect": {"launch": {"failure": "coldLaunchUnhandled", "route": "list", "coldLaunch": true}}},
                     {"openURL": {"url": "larder://lists/a"}}, {"expect": {"launch": {"route": "list", "coldLaunch": false}}},
                     {"leaveApp": {}}, {"tapWidget": {"url": "larder://lists/a"}}, {"expect": {"launch": {"route": "list"}}},
                     {"terminateApp": {}}, {"tapWidget": {"url": "larder://lists/a"}}, {"expect": {"launch": {"failure": "coldLaunchUnhandled"}}},
                     {"removeApp": {}}, {"installApp": {}}, {"openURL": {"url": "larder://lists/a"}},
                     {"expect": {"launch": {"failure": "coldLaunchUnhandled"}}}]
                    """#))
        #expect(suite.inputErrors.isEmpty)
        #expect(failures(suite).isEmpty, "\(failures(suite))")
    }

    /// A step the app performs means it runs: a quick action it set is then a warm launch.
    @Test func aStepTheAppPerformsStartsIt() throws {
        let suite = try play(
            scenario(
                routes: #"[{"name": "add", "shortcutItemTypes": ["add"], "coldLaunch": false}]"#,
                steps: #"""
                    [{"showScreen": {"screen": "add"}}, {"tapQuickAction": {"type": "add"}}, {"expect": {"launch": {"route": "add", "coldLaunch": false}}}]
                    """#))
        #expect(suite.inputErrors.isEmpty)
        #expect(failures(suite).isEmpty, "\(failures(suite))")
    }

    /// A donation from the background (a Notification Service Extension) does not start the app;
    /// one from a screen does.
    @Test func aDonationFromTheBackgroundDoesNotStartTheApp() throws {
        func donation(_ extra: String) -> String {
            #"{"donate": {"interaction": {"direction": "outgoing", "intent": {"INSendMessageIntent": {"recipients": [{"personHandle": {"value": "kim@example.com", "type": "emailAddress"}, "displayName": "Kim"}], "content": "Hi"}}}"#
                + extra + "}}"
        }
        let steps =
            "[" + donation(#", "background": true"#)
            + #", {"tapQuickAction": {"type": "add"}}, {"expect": {"launch": {"failure": "coldLaunchUnhandled"}}}, {"terminateApp": {}}, "#
            + donation("") + #", {"tapQuickAction": {"type": "add"}}, {"expect": {"launch": {"route": "add"}}}]"#
        let suite = try play(scenario(routes: #"[{"name": "add", "shortcutItemTypes": ["add"], "coldLaunch": false}]"#, steps: steps))
        #expect(suite.inputErrors.isEmpty, "\(suite.inputErrors.map(\.message))")
        let failed = failures(suite).filter { !$0.hasPrefix("rules") }
        #expect(failed.isEmpty, "\(failed)")
    }

    /// The Home Screen of a device without the app has no widget or icon of it: those steps, and
    /// terminateApp and setShortcutItems there, are errors in the scenario's sequence.
    @Test func homeScreenStepsNeedTheApp() throws {
        let suite = try play(
            scenario(
                routes: #"[{"name": "add", "shortcutItemTypes": ["add"]}]"#,
                steps: #"""
                    [{"tapQuickAction": {"type": "add", "device": "Mac"}}, {"tapWidget": {"url": "larder://x", "device": "Mac"}},
                     {"terminateApp": {"device": "Mac"}}, {"setShortcutItems": {"device": "Mac", "items": []}}]
                    """#, devices: #"[{"name": "iPhone"}, {"name": "Mac", "appInstalled": false}]"#))
        let problems = suite.inputErrors.map { "\($0.code.rawValue) \($0.location.pointer ?? "")" }
        #expect(
            problems == [
                "scenario_invalid_sequence /steps/0/tapQuickAction/device", "scenario_invalid_sequence /steps/1/tapWidget/device",
                "scenario_invalid_sequence /steps/2/terminateApp/device", "scenario_invalid_sequence /steps/3/setShortcutItems/device",
            ], "\(problems)")
    }

    /// The launch doors' rule findings are shown where a step touches what they judge, each once:
    /// the Info.plist's quick actions at their taps (a clean one's tap shows nothing), an item set
    /// in code at its setShortcutItems step (a rules case for every such step), and a route of a
    /// scheme the Info.plist does not declare at the openURL that reaches it.
    @Test func launchDoorFindingsAreShownWhereAStepTouchesWhatTheyJudge() throws {
        let suite = try play(
            #"""
            {"format": 1, "name": "test", "clock": "2026-06-01T12:00:00Z",
             "app": {"bundleIdentifier": "com.example.larder",
                     "info": {"CFBundleURLTypes": [{"CFBundleURLSchemes": ["larder"]}],
                              "UIApplicationShortcutItems": [
                                {"UIApplicationShortcutItemType": "add", "UIApplicationShortcutItemTitle": "Add Item"},
                                {"UIApplicationShortcutItemType": "search", "UIApplicationShortcutItemTitle": "Search", "UIApplicationShortcutItemIconType": "search"},
                                {"UIApplicationShortcutItemType": "scan", "UIApplicationShortcutItemTitle": ""}]},
                     "routes": [{"name": "add", "shortcutItemTypes": ["add"]}, {"name": "search", "shortcutItemTypes": ["search"]},
                                {"name": "scan", "shortcutItemTypes": ["scan"]},
                                {"name": "list", "shortcutItemTypes": ["list"], "urls": ["larder-list://lists/*"]}]},
             "steps": [{"tapQuickAction": {"type": "add"}}, {"tapQuickAction": {"type": "search"}}, {"tapQuickAction": {"type": "search"}},
                       {"tapQuickAction": {"type": "scan"}},
                       {"setShortcutItems": {"items": [{"type": "list", "title": "Weekly"}]}},
                       {"setShortcutItems": {"items": [{"type": "", "title": "", "iconType": "UIApplicationShortcutIconTypeCompse"}]}},
                       {"openURL": {"url": "larder-list://lists/weekly"}}, {"openURL": {"url": "larder://lists/weekly"}}]}
            """#)
        #expect(suite.inputErrors.isEmpty, "\(suite.inputErrors.map(\.message))")
        let findings = suite.findings.map { "\($0.ruleID) \($0.location.pointer ?? "")" }
        #expect(
            findings == [
                "quick_action_icon_type /app/info/UIApplicationShortcutItems/1/UIApplicationShortcutItemIconType",
                "quick_action_required_keys /app/info/UIApplicationShortcutItems/2/UIApplicationShortcutItemTitle",
                "quick_action_required_keys /steps/5/setShortcutItems/items/0/type",
                "quick_action_required_keys /steps/5/setShortcutItems/items/0/title",
                "quick_action_icon_type /steps/5/setShortcutItems/items/0/iconType",
                "source_url_scheme_declared /steps/6/openURL/url",
            ], "\(findings)")
        let rulesCases = suite.cases.filter { $0.name.contains(": rules on ") }.map { $0.name.prefix { $0 != ":" } }
        #expect(rulesCases == ["step 2", "step 4", "step 5", "step 6", "step 7"], "\(rulesCases)")
        #expect(failures(suite).filter { $0.hasPrefix("rules") }.count == 2, "\(failures(suite))")
    }

    @Test func malformedInputsAreLocated() throws {
        let suite = try play(
            scenario(
                routes: #"[{"name": "add", "shortcutItemTypes": "add", "coldLaunch": "no"}]"#,
                steps: #"""
                    [{"setShortcutItems": {"items": [{"type": "list"}, {"title": "Two", "type": ""}]}}, {"tapWidget": {"url": "no scheme"}},
                     {"tapQuickAction": {}}]
                    """#))
        let problems = suite.inputErrors.map { "\($0.code.rawValue) \($0.location.pointer ?? "")" }.sorted()
        #expect(
            problems
                == [
                    "scenario_invalid_value /steps/1/tapWidget/url",
                    "scenario_missing_value /steps/0/setShortcutItems/items/0", "scenario_missing_value /steps/2/tapQuickAction",
                    "scenario_type_mismatch /app/routes/0/coldLaunch", "scenario_type_mismatch /app/routes/0/shortcutItemTypes",
                ].sorted(), "\(problems)")
    }
}
