import ProctorCore
import ProctorJSON
import ProctorRules

/// The URL handlers of all files taken together: their delegation followed, their routes named,
/// and what the rules over URLs judge (docs/scan.md, "URL routes").
extension SourceScanner {
    /// What the URL handlers of an app make.
    struct URLDoors {
        var table = URLRouteTable()
        var routes: [ExtractedRoute] = []
        var leftOut: [String] = []
        var subject = SourceURLDoors(routes: [], warmOnly: [])
        /// The schemes the routes take, each constant; nil when some handler takes URLs of a
        /// scheme the scan cannot tell.
        var schemesTaken: [String]?
        var firstURLHandler: (symbol: String, location: SourceLocation)?
        /// The routes that may take http or https URLs, and the first handler of universal
        /// links, for the rules over association files (SourceScanner+UniversalLinks.swift).
        var linkRoutes: [SourceUniversalLinks.Route] = []
        var firstLinkHandler: (symbol: String, location: SourceLocation)?
    }

    /// The functions of the app's taking a URL that the handlers hand theirs to, declared in
    /// files the byte filter let go (a router of its own): read from those files alone, parsed
    /// once more only when they name such a function.
    static func urlFunctions(
        named wanted: Set<String>, in files: [(file: SourceFile, lines: SourceLines)], resolver: ValueResolver
    ) -> [(name: String, handler: ScannedURLHandler)] {
        guard !wanted.isEmpty else { return [] }
        let candidates = files.filter { file in wanted.contains { ByteSearch.contains("func \($0)(", in: file.file.text) } }
        return DeepStack.concurrentMap(candidates) { file in
            let extractor = SourceExtractor(path: file.file.path, lines: file.lines, resolver: resolver)
            extractor.walk(Self.parse(file.file.text))
            return extractor.urlFunctions.filter { wanted.contains($0.name) }
        }.flatMap { $0 }
    }

    /// The routes of the handlers, each handler that tells nothing apart followed into the one
    /// function of the app's it hands the URL to (when the scanned files declare exactly one of
    /// that name), as activity handlers are.
    static func urlDoors(
        handlers: [ScannedURLHandler], functions: [(name: String, handler: ScannedURLHandler)], entryPoints: ScannedEntryPoints,
        schemes declared: [String], places: inout [String: SourceLocation]
    ) -> URLDoors {
        var byName: [String: [ScannedURLHandler]] = [:]
        for function in functions { byName[function.name, default: []].append(function.handler) }
        /// The function a call in `file` calls: the only one of its name, or of two or more the
        /// only one declared in that file (a method of the caller's own type, often private).
        func function(_ name: String, calledIn file: String) -> ScannedURLHandler? {
            guard let found = byName[name] else { return nil }
            if found.count == 1 { return found[0] }
            let local = found.filter { $0.location.file == file }
            return local.count == 1 ? local[0] : nil
        }
        func followed(_ handler: ScannedURLHandler, seen: Set<String>) -> ScannedURLHandler {
            guard handler.routes.isEmpty, handler.undecided.isEmpty, let next = handler.delegatesTo, !seen.contains(next),
                let target = function(next, calledIn: handler.location.file)
            else { return handler }
            var found = followed(target, seen: seen.union([next]))
            // What it reads before handing the URL on is every route's too.
            for index in found.routes.indices {
                found.routes[index].queryItems = Array(Set(found.routes[index].queryItems + handler.wideQueryItems)).sorted()
            }
            found.queryUndecided += handler.queryUndecided
            found.door = handler.door
            found.type = handler.type
            found.symbol = handler.symbol
            found.location = handler.location
            return found
        }
        var doors = URLDoors()
        var schemesTaken: Set<String>? = []
        var byRoute: [String: (route: URLRouteTable.Route, index: Int)] = [:]
        var order: [String] = []
        for original in handlers.sorted(by: { $0.location < $1.location }) {
            if doors.firstURLHandler == nil || original.location < doors.firstURLHandler!.location {
                doors.firstURLHandler = (original.symbol, original.location)
            }
            let handler = followed(original, seen: [])
            // A launch method that keeps the options' URL for later (`pendingURL = url`) tells
            // nothing apart and stands for no route: the URL is handled where it is used, as a
            // quick action kept by Apple's sample is.
            if handler.isLaunchRead && handler.routes.isEmpty && handler.undecided.isEmpty && handler.delegatesTo == nil
                && handler.handedTo == nil
            {
                continue
            }
            if handler.door == .universalLink || handler.door == .swiftUI,
                doors.firstLinkHandler == nil || original.location < doors.firstLinkHandler!.location
            {
                doors.firstLinkHandler = (original.symbol, original.location)
            }
            let place = "\(original.location.file):\(original.location.line ?? 0):\(original.location.column ?? 0) (\(original.symbol))"
            // A scene's handler takes URLs at a cold launch only when its scene(_:willConnectTo:options:)
            // reads connectionOptions.urlContexts (or hands the options on).
            var coldLaunch = true
            if handler.door == .scene {
                let chain = ScannedEntryPoints.inheritanceChain(of: handler.type, superclass: entryPoints.superclasses[handler.type]) {
                    entryPoints.superclasses[$0]
                }
                let connections = entryPoints.connections.filter { chain.contains($0.type) }
                coldLaunch = connections.contains(where: \.readsURLContexts)
                if !coldLaunch {
                    let pointer = JSONPointer([original.symbol, "willConnectTo", "urlContexts"])
                    places[pointer.description] = original.location
                    doors.subject.warmOnly.append(
                        .init(type: handler.type, symbol: original.symbol, hasConnection: !connections.isEmpty, pointer: pointer))
                }
            }
            doors.leftOut += Self.queryItemsLeftOut(of: handler)
            for (reason, location) in handler.undecided {
                doors.leftOut.append(
                    "\(location.file):\(location.line ?? 0):\(location.column ?? 0) (\(handler.symbol)) \(reason): write its route by hand")
            }
            if handler.routes.isEmpty && handler.undecided.isEmpty {
                let why =
                    handler.handedTo.map { "hands the URL to \($0), which the scan does not follow" }
                    ?? "tells no URLs apart (no if, guard or switch on its scheme, host or path)"
                doors.leftOut.append("\(place) takes every URL: it \(why); write its routes by hand")
            }
            if handler.door != .universalLink,
                handler.routes.isEmpty || !handler.undecided.isEmpty || handler.routes.contains(where: { $0.scheme == nil })
            {
                schemesTaken = nil
            }
            doors.table.isIncomplete = doors.table.isIncomplete || handler.routes.isEmpty || !handler.undecided.isEmpty
            for var route in handler.routes {
                // The query items of the functions of the app's it hands the URL to, each found
                // as a handler's delegate is, when they tell nothing apart themselves.
                for callee in route.queryCalls {
                    guard let target = function(callee, calledIn: handler.location.file), target.routes.isEmpty, target.undecided.isEmpty else {
                        continue
                    }
                    route.queryItems = Array(Set(route.queryItems + target.wideQueryItems)).sorted()
                    doors.leftOut += Self.queryItemsLeftOut(of: target)
                }
                // A universal link's URL is https; a handler of launches takes the app's schemes.
                let schemes = handler.door == .universalLink ? ["https"] : (handler.door == .swiftUI ? declared + ["https"] : declared)
                let patterns = route.patterns(schemes: schemes)
                // A route that compares no scheme takes the app's schemes, which only the
                // Info.plist says: without them its patterns would be guesses (https alone for
                // onOpenURL), so it is left out and the table is incomplete.
                guard !patterns.isEmpty, route.scheme != nil || !declared.isEmpty || handler.door == .universalLink else {
                    doors.leftOut.append(
                        "\(place) takes URLs of any scheme (it does not compare the scheme), and the app's schemes are not known: give the Info.plist"
                    )
                    doors.table.isIncomplete = true
                    continue
                }
                if let scheme = route.scheme, handler.door != .universalLink { schemesTaken?.insert(scheme.lowercased()) }
                let name = route.name(schemes: schemes)
                let location = route.location
                let handledIn = "\(location.file):\(location.line ?? 0):\(location.column ?? 0) (\(handler.symbol))"
                let pointer = JSONPointer([handler.symbol, "openURL", name])
                places[pointer.description] = location
                if let linkRoute = Self.linkRoute(route, door: handler.door, name: name, symbol: handler.symbol, pointer: pointer) {
                    doors.linkRoutes.append(linkRoute)
                }
                if let known = byRoute[name] {
                    var merged = known.route
                    merged.handledIn = Array(Set(merged.handledIn + [handledIn])).sorted()
                    merged.coldLaunch = merged.coldLaunch || coldLaunch
                    // Which of two handlers of one route runs is not known: a query item counts
                    // when each reads it.
                    merged.queryItems = merged.queryItems.filter(route.queryItems.contains)
                    byRoute[name] = (merged, known.index)
                } else {
                    byRoute[name] = (
                        URLRouteTable.Route(
                            name: name, patterns: patterns, handledIn: [handledIn], location: location, coldLaunch: coldLaunch,
                            queryItems: route.queryItems),
                        order.count
                    )
                    order.append(name)
                }
                doors.subject.routes.append(
                    .init(
                        scheme: route.scheme?.lowercased(), symbol: handler.symbol, pointer: pointer, isUniversalLink: handler.door == .universalLink)
                )
            }
        }
        doors.table.routes = order.map { byRoute[$0]!.route }
        doors.routes = doors.table.routes.map { route in
            ExtractedRoute(
                name: route.name, activityTypes: [], userInfoKeys: [], handledIn: route.handledIn, urls: route.patterns, coldLaunch: route.coldLaunch,
                queryItems: route.queryItems)
        }
        // A cold launch's URL read in scene(_:willConnectTo:options:) by a type with no
        // scene(_:openURLContexts:) to pass it to is handled there, in code not read for routes;
        // and with no handler of launches read at all, the schemes taken are not known.
        let sceneTypes = Set(handlers.filter { $0.door == .scene }.map(\.type))
        if entryPoints.connections.contains(where: { $0.readsURLContexts && !sceneTypes.contains($0.type) })
            || !handlers.contains(where: { $0.door != .universalLink })
        {
            schemesTaken = nil
        }
        doors.schemesTaken = schemesTaken.map { $0.sorted() }
        doors.subject.isIncomplete = doors.table.isIncomplete
        return doors
    }

    /// The `leftOut` lines of the query items a handler reads by names the scan cannot tell.
    static func queryItemsLeftOut(of handler: ScannedURLHandler) -> [String] {
        handler.queryUndecided.map { reason, location in
            "\(location.file):\(location.line ?? 0):\(location.column ?? 0) (\(handler.symbol)) \(reason): add the query items its routes need to their queryItems by hand"
        }
    }
}
