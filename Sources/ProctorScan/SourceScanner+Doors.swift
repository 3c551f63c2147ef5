import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorRules

/// A widget's link found in Swift (`widgetURL(_:)`, `Link(destination:)`): where a tap on the
/// widget takes the user. The system hands the URL to the app's URL handlers (WidgetKit,
/// "Linking to specific app scenes from your widget or Live Activity"), so each must be a URL a
/// route of the app takes: the routes file lists them for that check.
package struct ExtractedWidgetLink: Sendable, Equatable {
    /// `widgetURL` or `Link`.
    package var kind: String
    /// The URL when it is a constant; nil when it is computed at run time.
    package var url: String?
    /// Why the URL is not known, when it is computed.
    package var computed: String?
    /// Where it is: `path:line:column (symbol)`.
    package var source: String
}

extension SourceScanner {
    /// The quick actions and widget links of one app's files: the quick-action rules judged (their
    /// findings into `findings`), the routes of the types the handlers take, the handlers that make
    /// none and the widgets' links.
    static func judgeDoors(
        _ doors: ScannedDoors, superclasses: [String: String], firstLaunchHandler: ProctorCore.SourceLocation?, urlRoutes: URLRouteTable,
        engine: RuleEngine, context: RuleContext, into findings: inout [Finding]
    ) -> (routes: [ExtractedRoute], leftOut: [String], widgetLinks: [ExtractedWidgetLink]) {
        var places: [String: ProctorCore.SourceLocation] = [:]
        let handlers = followQuickActionFunctions(doors)
        var subject = SourceQuickActions()
        subject.handlerCount = handlers.count
        for entry in handlers {
            if let type = entry.handler.activityType?.string {
                subject.handledTypes.insert(type)
            } else if entry.handler.activityType == nil, !(entry.isColdLaunch && entry.handler.delegatesTo == nil) {
                // A launch that keeps the item for later (Apple's sample) tells nothing; any other
                // handler that tells no type apart takes every type.
                subject.anyTypeHandled = true
            }
        }
        for action in doors.quickActions {
            guard let type = action.type.string else { continue }
            let pointer = JSONPointer([action.symbol, "quickAction", type])
            places[pointer.description] = action.location
            subject.dynamicActions.append(.init(type: type, symbol: action.symbol, pointer: pointer))
        }
        if let first = handlers.map(\.handler.location).min() ?? firstLaunchHandler {
            // Named for the app, not the handler: which handler comes first depends on the files.
            let pointer = JSONPointer(["(app)", "quickActions"])
            subject.staticPlace = pointer
            places[pointer.description] = first
        }
        subject.sceneDelegates = doors.performers.filter(\.isScene).map { performer in
            let pointer = JSONPointer([performer.symbol, "willConnectTo"])
            places[pointer.description] = performer.location
            return .init(
                type: performer.owner, performSymbol: performer.symbol,
                connectionReadsShortcutItem: connectionReads(performer, doors: doors, superclasses: superclasses), pointer: pointer)
        }
        // Without scenes (with them, launchOptions is nil and the app delegate performs nothing).
        if !doors.performers.contains(where: \.isScene) && doors.connections.isEmpty {
            for launch in doors.launchReads where launch.alwaysReturnsTrue {
                guard let performer = doors.performers.first(where: { !$0.isScene && $0.owner == launch.owner }) else { continue }
                let pointer = JSONPointer([launch.symbol, "returnsTrue"])
                places[pointer.description] = launch.location
                subject.launchesReturningTrue.append((launch.symbol, performer.symbol, pointer))
            }
        }
        let locate = { (pointer: JSONPointer) -> ProctorCore.SourceLocation in
            var written = pointer.tokens
            while !written.isEmpty && places[JSONPointer(written).description] == nil { written.removeLast() }
            var place = places[JSONPointer(written).description] ?? ProctorCore.SourceLocation(file: "")
            place.pointer = pointer.description
            return place
        }
        engine.rules(judging: SourceQuickActions.self).judge(subject, in: context, locate: locate, into: &findings)
        // Two widgetURL modifiers of one declaration that apply together: the later one, once.
        var widgetURLs = SourceWidgetURLs()
        let modifiers = doors.widgetLinks.filter { $0.kind == "widgetURL" }.sorted { $0.location < $1.location }
        var ordinals: [String: Int] = [:]
        for (index, later) in modifiers.enumerated() {
            guard
                let earlier = modifiers[..<index].first(where: { earlier in
                    earlier.symbol == later.symbol && earlier.location.file == later.location.file
                        && !earlier.branches.contains { mine in later.branches.contains { $0.branch == mine.branch && $0.clause != mine.clause } }
                })
            else { continue }
            let ordinal = ordinals[later.symbol, default: 0]
            ordinals[later.symbol] = ordinal + 1
            let pointer = JSONPointer([later.symbol, "widgetURL", String(ordinal + 1)])
            places[pointer.description] = later.location
            widgetURLs.repeated.append(
                .init(symbol: later.symbol, earlier: "\(earlier.location.line ?? 0):\(earlier.location.column ?? 0)", pointer: pointer))
        }
        // A widget's constant URL against the app's URL routes, when the scan knows them all and
        // read the app's launch code (a scan of the widget's folder alone judges nothing).
        if !urlRoutes.isIncomplete && (!urlRoutes.routes.isEmpty || firstLaunchHandler != nil) {
            let patterns = urlRoutes.routes.flatMap(\.patterns).sorted()
            for link in doors.widgetLinks.sorted(by: { $0.location < $1.location }) {
                guard let url = link.url.string else { continue }
                let taking = urlRoutes.routes(taking: url)
                if !taking.isEmpty {
                    // Each route that may take it reads a query item the URL lacks: whichever
                    // takes it shows nothing (source_widget_url_query_items).
                    let given = Set(URLPattern.queryItemNames(of: url))
                    var missing = Set(taking[0].queryItems).subtracting(given)
                    for route in taking.dropFirst() { missing.formIntersection(Set(route.queryItems).subtracting(given)) }
                    guard !missing.isEmpty else { continue }
                    let pointer = JSONPointer([link.symbol, link.kind, url, "queryItems"])
                    places[pointer.description] = link.location
                    widgetURLs.missingQueryItems.append(
                        .init(
                            kind: link.kind, url: url, symbol: link.symbol, routes: taking.map(\.name).sorted(), missing: missing.sorted(),
                            pointer: pointer))
                    continue
                }
                let pointer = JSONPointer([link.symbol, link.kind, url])
                places[pointer.description] = link.location
                widgetURLs.unrouted.append(.init(kind: link.kind, url: url, symbol: link.symbol, patterns: patterns, pointer: pointer))
            }
        }
        engine.rules(judging: SourceWidgetURLs.self).judge(widgetURLs, in: context, locate: locate, into: &findings)
        // canOpenURL(_:) on a URL the scan knows, against LSApplicationQueriesSchemes.
        var queries = SourceSchemeQueries()
        var counts: [String: Int] = [:]
        // A call on another value than UIApplication's is judged only when the app declares no
        // canOpenURL of its own: it is then a library's wrapper of UIKit's, not a router's method
        // asking whether the app takes the URL (an app's own wrapper, such as Home Assistant's
        // URLOpener, is not judged: the scan cannot tell it from a router's).
        for query in doors.schemeQueries.sorted(by: { $0.location < $1.location }) where query.onUIApplication || !doors.declaresCanOpenURL {
            guard let url = query.url.string, let scheme = URLPattern.scheme(of: url) else { continue }
            // One pointer per call: a second call on the same URL in one symbol gets a number.
            let key = "\(query.symbol)\u{0}\(url)"
            counts[key, default: 0] += 1
            var tokens = [query.symbol, "canOpenURL", url]
            if counts[key]! > 1 { tokens.append(String(counts[key]!)) }
            let pointer = JSONPointer(tokens)
            places[pointer.description] = query.location
            queries.queries.append(.init(scheme: scheme, url: url, symbol: query.symbol, pointer: pointer))
        }
        engine.rules(judging: SourceSchemeQueries.self).judge(queries, in: context, locate: locate, into: &findings)
        let (routes, leftOut) = quickActionRoutes(handlers, doors: doors, superclasses: superclasses)
        // In the order of the files and lines, whatever order the visitor met them in.
        let links = doors.widgetLinks.sorted { $0.location < $1.location }.map { link in
            ExtractedWidgetLink(
                kind: link.kind, url: link.url.string, computed: link.url.string == nil ? (link.url.dynamicReason ?? "not a constant") : nil,
                source: "\(link.location.file):\(link.location.line ?? 0):\(link.location.column ?? 0) (\(link.symbol))")
        }
        return (routes, leftOut, links)
    }

    /// The handlers with those that hand the action to one function of the app's replaced by that
    /// function's (a launch that performs it through the delegate's own
    /// `windowScene(_:performActionFor:completionHandler:)` is that method's handlers).
    static func followQuickActionFunctions(_ doors: ScannedDoors) -> [ScannedDoors.Handler] {
        var byName: [String: [ScannedHandler]] = [:]
        var declaredTwice: Set<String> = []
        for function in doors.functions where byName.updateValue(function.handlers, forKey: function.name) != nil {
            declaredTwice.insert(function.name)
        }
        for name in declaredTwice { byName[name] = nil }
        // The delegate's own method, called by its launch: its handlers, by its name.
        for performer in doors.performers {
            let own = doors.handlers.filter { !$0.isColdLaunch && $0.handler.symbol == performer.symbol }
            if !own.isEmpty, byName[performer.name] == nil { byName[performer.name] = own.map(\.handler) }
        }
        var reached: Set<String> = []
        func resolve(_ handler: ScannedHandler, depth: Int) -> [ScannedHandler] {
            guard handler.activityType == nil, let target = handler.delegatesTo, depth < 8, let found = byName[target] else {
                return handler.onlyIfFollowed ? [] : [handler]
            }
            reached.insert(target)
            return found.flatMap { resolve($0, depth: depth + 1) }
        }
        var resolved = doors.handlers.flatMap { entry in
            resolve(entry.handler, depth: 0).map { ScannedDoors.Handler(handler: $0, isColdLaunch: entry.isColdLaunch, owner: entry.owner) }
        }
        // A function of the app's that takes a quick action and no Swift handler reaches is called
        // from code the scan does not read (an Objective-C app delegate, a library's callback): it
        // handles what it tells apart, on a path the scan cannot name (taken as both).
        for function in doors.functions where byName[function.name] != nil && !reached.contains(function.name) {
            let told = function.handlers.filter { $0.activityType != nil }
            guard !told.isEmpty else { continue }
            resolved += told.map { ScannedDoors.Handler(handler: $0, isColdLaunch: true, owner: "(unknown caller)") }
        }
        return resolved
    }

    /// Whether the scene delegate's `scene(_:willConnectTo:options:)`, its own or a base
    /// class's, reads the quick action; nil when it has none.
    private static func connectionReads(_ performer: ScannedDoors.Performer, doors: ScannedDoors, superclasses: [String: String]) -> Bool? {
        // The app delegate's configurationForConnecting read the action before the scene exists.
        if doors.configurationReadsShortcutItem { return true }
        let chain = ScannedEntryPoints.inheritanceChain(of: performer.owner, superclass: performer.superclass ?? superclasses[performer.owner]) {
            superclasses[$0]
        }
        let connections = doors.connections.filter { chain.contains($0.owner) }
        return connections.isEmpty ? nil : connections.contains(where: \.readsShortcutItem)
    }

    /// One route per quick-action type the handlers take, named by it, with the userInfo keys
    /// they read; `coldLaunch` false when only a scene delegate's `performActionFor` takes it
    /// and its launch does not read the action.
    static func quickActionRoutes(_ handlers: [ScannedDoors.Handler], doors: ScannedDoors, superclasses: [String: String]) -> (
        routes: [ExtractedRoute], leftOut: [String]
    ) {
        var byType: [String: ExtractedRoute] = [:]
        var leftOut: [String] = []
        let sceneOwners = Set(doors.performers.filter(\.isScene).map(\.owner))
        let launchKeepsAny = handlers.contains { $0.isColdLaunch && $0.handler.activityType == nil }
        let coldTypes = Set(handlers.filter(\.isColdLaunch).compactMap(\.handler.activityType?.string))
        // A scene delegate whose launch reads the action performs it on a cold launch too.
        let readingOwners = Set(
            doors.performers.filter { $0.isScene && connectionReads($0, doors: doors, superclasses: superclasses) == true }.map(\.owner))
        for entry in handlers {
            let handler = entry.handler
            let place = "\(handler.location.file):\(handler.location.line ?? 0):\(handler.location.column ?? 0) (\(handler.symbol))"
            guard let typeValue = handler.activityType else {
                if !(entry.isColdLaunch && handler.delegatesTo == nil) {
                    let said = "\(place) takes every quick action type: a route names the types it takes, so write it by hand"
                    if !leftOut.contains(said) { leftOut.append(said) }
                }
                continue
            }
            guard let type = typeValue.string else {
                let said =
                    "\(place) takes a quick action type computed at run time (\(typeValue.dynamicReason ?? "not a constant")): write its route by hand"
                if !leftOut.contains(said) { leftOut.append(said) }
                continue
            }
            var route =
                byType[type]
                ?? ExtractedRoute(name: type, activityTypes: [], userInfoKeys: [], handledIn: [], shortcutItemTypes: [type], coldLaunch: false)
            route.userInfoKeys = Array(Set(route.userInfoKeys + handler.keysRead.compactMap(\.key.string))).sorted()
            if !route.handledIn.contains(place) { route.handledIn.append(place) }
            // Taken on a cold launch: by the launch itself, by an app delegate's performActionFor
            // (which UIKit calls after the launch), or by a scene delegate whose launch reads it.
            if entry.isColdLaunch || !sceneOwners.contains(entry.owner) || readingOwners.contains(entry.owner) || launchKeepsAny
                || coldTypes.contains(type)
            {
                route.coldLaunch = true
            }
            byType[type] = route
        }
        return (byType.values.sorted { $0.name < $1.name }, leftOut)
    }
}
