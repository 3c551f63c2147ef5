import ProctorCore
import ProctorInputs
import ProctorJSON
import ProctorLint
import ProctorReports

/// What a scan extracted, beside its findings: the donations as payload files
/// (`--emit-payloads`) and the handlers as scenario routes (`--emit-routes`), so that lint and
/// scenarios can reuse the code's own donations and handlers instead of hand-written copies
/// (docs/scan.md, "Reusing what it extracts").
package struct SourceScan: Sendable {
    package var result: LintResult
    package var payloads: [ExtractedPayload]
    package var routes: [ExtractedRoute]
    /// Handlers that make no route, and why: one that takes every type, or a type computed at run
    /// time.
    package var handlersLeftOut: [String]
    /// The widgets' links (`widgetURL`, `Link`): URLs the app's URL handlers must take.
    package var widgetLinks: [ExtractedWidgetLink] = []
    /// The URLs the app's URL handlers tell apart: which route takes a URL (ScannedURLRoutes.swift).
    package var urlRoutes = URLRouteTable()
    /// The App Intents, entities and App Shortcuts (`--emit-intents`, SourceScanner+AppIntents.swift).
    package var appIntents = ExtractedAppIntents()

    static let routesGenerator = "proctor scan --emit-routes"

    /// Whether `bytes` are a routes file `--emit-routes` wrote.
    package static func isEmittedRoutes(_ bytes: [UInt8]) -> Bool {
        guard case .success(let root) = JSONReader.parse(SourceText(bytes: bytes)), case .object(let object) = root.value,
            case .string(let generator)? = object["generatedBy"]?.value.value
        else { return false }
        return generator == routesGenerator
    }

    /// The routes file `--emit-routes` writes, which a scenario names in `app.routes`
    /// (`{"from": "routes.json"}`, docs/scenario-format.md).
    package var routesText: String {
        let routes = routes.map { route -> JSONNode in
            var members: [(String, JSONNode)] = [("name", .string(route.name))]
            if !route.activityTypes.isEmpty || (route.urls.isEmpty && route.shortcutItemTypes.isEmpty) {
                members.append(("activityTypes", .array(route.activityTypes.map(JSONNode.string))))
            }
            if !route.urls.isEmpty { members.append(("urls", .array(route.urls.map(JSONNode.string)))) }
            if !route.shortcutItemTypes.isEmpty { members.append(("shortcutItemTypes", .array(route.shortcutItemTypes.map(JSONNode.string)))) }
            // Only a running scene's handler takes it (docs/scenario-format.md, "Routes").
            if !route.coldLaunch { members.append(("coldLaunch", JSONNode(.bool(false), offset: 0))) }
            if !route.userInfoKeys.isEmpty { members.append(("userInfoKeys", .array(route.userInfoKeys.map(JSONNode.string)))) }
            if !route.queryItems.isEmpty { members.append(("queryItems", .array(route.queryItems.map(JSONNode.string)))) }
            members.append(("handledIn", .array(route.handledIn.map(JSONNode.string))))
            return .object(members)
        }
        var members: [(String, JSONNode)] = [("generatedBy", .string(Self.routesGenerator)), ("routes", .array(routes))]
        if !handlersLeftOut.isEmpty { members.append(("leftOut", .array(handlersLeftOut.map(JSONNode.string)))) }
        if !widgetLinks.isEmpty {
            members.append(
                (
                    "widgetLinks",
                    .array(
                        widgetLinks.map { link in
                            var fields: [(String, JSONNode)] = [("kind", .string(link.kind))]
                            if let url = link.url { fields.append(("url", .string(url))) }
                            if let computed = link.computed { fields.append(("computed", .string(computed))) }
                            fields.append(("source", .string(link.source)))
                            return .object(fields)
                        })
                ))
        }
        return JSONWriter.write(.object(members), indent: 2) + "\n"
    }
}

/// A donation found in Swift, as a payload file: the `{"userActivity": {...}}` lint reads, with
/// `proctor.source` saying where it is written.
package struct ExtractedPayload: Sendable {
    /// A name made of the symbol and the activity type, unique among the scan's payloads:
    /// `PlaceViewController.viewDidAppear-com.example.slicefinder.view-place.json`.
    package var fileName: String
    package var text: String

    /// Whether `bytes` are a payload `--emit-payloads` wrote: one donation with `proctor.source`,
    /// which nothing else writes.
    package static func isEmitted(_ bytes: [UInt8]) -> Bool {
        guard case .success(let root) = JSONReader.parse(SourceText(bytes: bytes)), case .object(let object) = root.value,
            case .object(let proctor)? = object["proctor"]?.value.value
        else { return false }
        return proctor["source"] != nil
    }
}

/// The handlers of one activity type, as a scenario route: the type, and the `userInfo` keys
/// they read, which a launch must deliver.
package struct ExtractedRoute: Sendable {
    /// The activity type, which names the route.
    package var name: String
    package var activityTypes: [String]
    package var userInfoKeys: [String]
    /// Where each handler is: `path:line:column (symbol)`.
    package var handledIn: [String]
    /// The Home Screen quick-action types it takes (a quick action's route has no activity type).
    package var shortcutItemTypes: [String] = []
    /// For a URL route: the URL patterns it takes (`places://place/*`).
    package var urls: [String] = []
    /// False when the app takes it only while running: no launch path reads it (a running
    /// scene's `scene(_:openURLContexts:)` or `windowScene(_:performActionFor:)` alone).
    package var coldLaunch = true
    /// For a URL route: the query items its handlers read by name and cannot go on without,
    /// which a URL must carry.
    package var queryItems: [String] = []
}

extension SourceScan {
    /// File names for payloads named by `symbol` and `type` (the call's labels dropped, anything
    /// but letters, digits, `.`, `-` and `_` made `_`), a counter added where two would clash.
    static func fileNames(for donations: [(symbol: String, type: String)]) -> [String] {
        // Unique whatever the file system's case: a counter is added until the name is free.
        var taken: Set<String> = []
        return donations.map { donation in
            var symbol = ""
            var depth = 0
            for character in donation.symbol {
                if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth = max(0, depth - 1)
                } else if depth == 0 {
                    symbol.append(character)
                }
            }
            let safe = String("\(symbol)-\(donation.type)".map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
            var name = "\(safe).json"
            var count = 1
            while !taken.insert(name.lowercased()).inserted {
                count += 1
                name = "\(safe)-\(count).json"
            }
            return name
        }
    }

    /// One route per activity type the handlers take, named by it, with the keys they read.
    static func routes(from handlers: [ScannedHandler]) -> (routes: [ExtractedRoute], leftOut: [String]) {
        var byType: [String: ExtractedRoute] = [:]
        var leftOut: [String] = []
        for handler in handlers {
            let place = "\(handler.location.file):\(handler.location.line ?? 0):\(handler.location.column ?? 0) (\(handler.symbol))"
            guard let typeValue = handler.activityType else {
                leftOut.append("\(place) takes every activity type: a route names the types it takes, so write it by hand")
                continue
            }
            guard let type = typeValue.string else {
                leftOut.append(
                    "\(place) takes an activity type computed at run time (\(typeValue.dynamicReason ?? "not a constant")): write its route by hand")
                continue
            }
            var route = byType[type] ?? ExtractedRoute(name: type, activityTypes: [type], userInfoKeys: [], handledIn: [])
            route.userInfoKeys = Array(Set(route.userInfoKeys + handler.keysRead.compactMap(\.key.string))).sorted()
            route.handledIn.append(place)
            byType[type] = route
        }
        return (byType.values.sorted { $0.name < $1.name }, leftOut)
    }
}

extension SourceScan {
    /// One scan of several apps' scans (``SourceScanner/scan(paths:apps:options:)``). A file two
    /// apps compile (shared code of an app and its widget's host, say) was judged once per app:
    /// its results are one, with each finding and diagnostic once. Payloads and routes are the
    /// apps' together, each once.
    static func merging(_ scans: [SourceScan], options: LintOptions) -> SourceScan {
        var byPath: [String: FileResult] = [:]
        var order: [String] = []
        for scan in scans {
            for file in scan.result.files {
                guard var known = byPath[file.path] else {
                    byPath[file.path] = file
                    order.append(file.path)
                    continue
                }
                known.inputErrors += file.inputErrors.filter { error in
                    !known.inputErrors.contains { $0.code == error.code && $0.location == error.location }
                }
                // An ignore one app's scan used is not unused because another's found nothing
                // there (the type declared in one app's Info.plist and not in the other's).
                let unused = Linter.unusedSuppression
                known.diagnostics = known.diagnostics.filter { $0.code != unused || file.diagnostics.contains($0) }
                known.diagnostics += file.diagnostics.filter { $0.code != unused && !known.diagnostics.contains($0) }
                known.findings += file.findings.filter { finding in
                    !known.findings.contains { $0.ruleID == finding.ruleID && $0.location == finding.location && $0.message == finding.message }
                }
                known.wasChecked = known.wasChecked || file.wasChecked
                known.heldNothingToJudge = known.heldNothingToJudge && file.heldNothingToJudge
                known.suppressions += file.suppressions.filter { suppression in
                    !known.suppressions.contains {
                        $0.rule == suppression.rule && $0.location == suppression.location && $0.scope == suppression.scope
                    }
                }
                byPath[file.path] = known
            }
        }
        // A donation two apps judged is emitted once (its text names its file and line); two
        // donations whose names each scan made alike get a counter, as within one scan.
        var payloadTexts: Set<String> = []
        var payloadNames: Set<String> = []
        var routes: [String: ExtractedRoute] = [:]
        var routeOrder: [String] = []
        var leftOut: [String] = []
        var merged = SourceScan(
            result: LintResult(files: order.map { byPath[$0]! }, appInfo: scans.first?.result.appInfo, options: options, scansSources: true),
            payloads: [], routes: [], handlersLeftOut: [])
        for scan in scans {
            for payload in scan.payloads where payloadTexts.insert(payload.text).inserted {
                var named = payload
                var counter = 2
                while !payloadNames.insert(named.fileName.lowercased()).inserted {
                    let stem = payload.fileName.hasSuffix(".json") ? String(payload.fileName.dropLast(5)) : payload.fileName
                    named.fileName = "\(stem)-\(counter).json"
                    counter += 1
                }
                merged.payloads.append(named)
            }
            // One route per activity type, whichever app's handlers take it.
            for route in scan.routes {
                guard var known = routes[route.name] else {
                    routes[route.name] = route
                    routeOrder.append(route.name)
                    continue
                }
                known.activityTypes = Array(Set(known.activityTypes + route.activityTypes)).sorted()
                known.userInfoKeys = Array(Set(known.userInfoKeys + route.userInfoKeys)).sorted()
                known.handledIn = Array(Set(known.handledIn + route.handledIn)).sorted()
                known.shortcutItemTypes = Array(Set(known.shortcutItemTypes + route.shortcutItemTypes)).sorted()
                known.urls = known.urls + route.urls.filter { !known.urls.contains($0) }
                known.coldLaunch = known.coldLaunch || route.coldLaunch
                // As within one scan: a query item counts when each handler of the route reads it.
                known.queryItems = known.queryItems.filter(route.queryItems.contains)
                routes[route.name] = known
            }
            leftOut += scan.handlersLeftOut.filter { !leftOut.contains($0) }
            merged.widgetLinks += scan.widgetLinks.filter { !merged.widgetLinks.contains($0) }
            merged.appIntents.add(scan.appIntents)
            merged.urlRoutes.routes += scan.urlRoutes.routes.filter { route in !merged.urlRoutes.routes.contains { $0.name == route.name } }
            merged.urlRoutes.isIncomplete = merged.urlRoutes.isIncomplete || scan.urlRoutes.isIncomplete
        }
        merged.routes = routeOrder.map { routes[$0]! }
        // In the order one scan gives them: by place, then rule and message.
        for index in merged.result.files.indices where merged.result.files[index].hasProblems { Linter.sortProblems(&merged.result.files[index]) }
        merged.handlersLeftOut = leftOut
        // Counted per app: a file two apps compile is judged twice.
        var judged: [RunReport.Tally] = []
        for tally in scans.flatMap({ $0.result.judged ?? [] }) {
            if let index = judged.firstIndex(where: { $0.key == tally.key }) { judged[index].count += tally.count } else { judged.append(tally) }
        }
        merged.result.judged = judged
        return merged
    }
}
