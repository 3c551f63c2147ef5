import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorInputs
import ProctorJSON
import ProctorLinks
import ProctorPayloads
import ProctorRules
import ProctorVocabulary

/// Maps a parsed scenario file onto ``Scenario``, collecting every problem it can find in one
/// pass instead of stopping at the first. Donation payloads go through the same
/// ``DonationDecoder`` as `proctor lint`, so they are read (and misspelt keys are reported)
/// exactly as in donation files.
struct ScenarioDecoder {
    let path: String
    let source: SourceText
    /// Resolves `infoPlist` paths: the scenario's folder, "" for the current directory.
    let directory: String
    /// Which files `infoPlist` may name.
    let references: FileReferencePolicy
    /// Reads the values and reports the scenario's own problems (``JSONFieldReader``, with the
    /// scenario codes): each is an input error, and the scenario is not played.
    var reader: JSONFieldReader
    /// The problems of donation payloads and Info.plist facts, as their own decoders report them.
    private(set) var diagnostics: [Diagnostic] = []
    /// The names of the app's routes, those with errors included; nil when the routes could not
    /// be read at all, and then steps naming a route are not checked.
    private var routeNames: [String]?

    init(path: String, source: SourceText, directory: String, references: FileReferencePolicy = .projectDirectory) {
        self.path = path
        self.source = source
        self.directory = directory
        self.references = references
        self.reader = JSONFieldReader(codes: .scenario) { offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        }
    }

    /// The scenario's own problems, each an input error.
    var errors: [InputError] {
        reader.problems.map { InputError(code: $0.code, message: $0.message, location: $0.location) }
    }

    static let topLevelKeys = ["$schema", "format", "name", "description", "tags", "app", "devices", "clock", "system", "sites", "steps"]
    static let appKeys = [
        "bundleIdentifier", "teamIdentifier", "info", "infoPlist", "deploymentTarget", "serviceNames", "associatedDomains", "entitlements", "routes",
        "regionHandlers", "coverageFile", "media",
    ]
    static let regionHandlerKeys = ["region", "event", "postNotification", "minimumInterval"]
    static let routeKeys = [
        "name", "activityTypes", "identifierPrefix", "reservationItems", "urls", "notificationCategories", "notificationKeys", "directionsRequests",
        "needsCoordinates", "shortcutItemTypes", "coldLaunch", "userInfoKeys", "queryItems", "handledIn",
    ]
    static let deviceKeys = ["name", "appInstalled", "timeZone", "quietHours", "doNotDisturb"]
    static let quietHoursKeys = ["from", "to"]
    static var stepKinds: [String] { ScenarioSteps.names }
    static var expectationKinds: [String] { ExpectStep.keys }
    static let launchInteractionKeys = ["intent", "reservationContainerReference", "reservationItemReferences", "recipients", "serviceName"]
    static let contactOfferKeys = ["intent", "handle", "serviceName", "app"]
    static let calendarEventKeys = ["title", "start", "end", "location", "notes", "appLink"]
    static let appLinkKeys = ["reservationContainerReference", "itemReference"]
    /// The intent classes a contact card offer launches the app with.
    static let communicationIntentClasses = [IntentClass.sendMessage, .startCall, .startAudioCall, .startVideoCall].map(\.rawValue)
    /// The rules a scenario runs on its donations, and so the rules `expect.findings` may name.
    /// The rules a scenario judges, whose findings it may expect.
    static let scenarioRuleIDs = BuiltInRules.judgedInScenarios.map(\.id).sorted()

    // MARK: - The document

    mutating func decode(_ root: JSONNode) -> Scenario? {
        guard let object = reader.object(root, .root, what: "a scenario") else { return nil }
        reader.checkKeys(object, .root, allowed: Self.topLevelKeys, in: "a scenario")
        let errorsBefore = reader.errorCount

        if let format = object["format"] {
            if case .integer(let version) = format.value.value {
                if version != Int64(Scenario.formatVersion) {
                    reader.report(
                        ProblemCode.scenarioUnsupportedFormat, "this Proctor reads scenario format \(Scenario.formatVersion), not \(version)",
                        format.value, JSONPointer(["format"]))
                    return nil
                }
            } else {
                reader.mismatch("the integer \(Scenario.formatVersion)", format.value, JSONPointer(["format"]))
            }
        } else {
            reader.missing("\"format\": \(Scenario.formatVersion)", root, .root)
        }
        let name = reader.required(object, "name", root, .root).flatMap { reader.nonEmptyString($0, JSONPointer(["name"])) }
        let description = object["description"].flatMap { reader.string($0.value, JSONPointer(["description"])) }
        let tags = object["tags"].flatMap { reader.strings($0.value, JSONPointer(["tags"])) } ?? []
        let clock = reader.required(object, "clock", root, .root).flatMap { reader.date($0, JSONPointer(["clock"])) }

        var devices: [Device] = []
        var devicePointers: [String: JSONPointer] = [:]
        if let member = object["devices"] {
            let pointer = JSONPointer(["devices"])
            for (index, element) in (reader.array(member.value, pointer) ?? []).enumerated() {
                guard let device = decodeDevice(element, pointer.appending(index)) else { continue }
                if devicePointers[device.name] != nil {
                    reader.report(
                        ProblemCode.scenarioDuplicateName, "two devices are named '\(device.name)'", nameNode(of: element),
                        pointer.appending(index).appending("name"))
                } else {
                    devicePointers[device.name] = pointer.appending(index)
                    devices.append(device)
                }
            }
            if devices.isEmpty && reader.errorCount == errorsBefore {
                reader.report(ProblemCode.scenarioMissingValue, "a scenario needs at least one device", member.value, pointer)
            }
        } else {
            // The common case, one phone with the app, needs no words.
            devices = [Device(name: "iPhone", appInstalled: true)]
        }

        let app = reader.required(object, "app", root, .root).flatMap { decodeApp($0, JSONPointer(["app"])) }
        let system = object["system"].map { decodeSystem($0.value, JSONPointer(["system"])) } ?? SystemAssumptions()
        let sites = object["sites"].map { decodeSites($0.value, JSONPointer(["sites"])) } ?? []

        var steps: [Step] = []
        if let member = reader.required(object, "steps", root, .root), let elements = reader.array(member, JSONPointer(["steps"])) {
            var context = StepContext(devices: devices, routeNames: routeNames)
            for (index, element) in elements.enumerated() {
                if let step = decodeStep(element, JSONPointer(["steps"]).appending(index), number: index + 1, context: &context) {
                    steps.append(step)
                }
            }
        }
        if let app {
            for kind in ScenarioSteps.all { kind.checkScenario(steps, app: app, decoder: &self) }
        }

        guard reader.errorCount == errorsBefore, !diagnostics.contains(where: { $0.severity == .error }),
            let name, let clock, let app
        else { return nil }
        return Scenario(
            path: path, name: name, description: description, tags: tags, app: app, devices: devices, clock: clock, system: system, sites: sites,
            steps: steps)
    }

    /// `sites`: domain to its association file, inline (an object, located in the scenario) or a
    /// path relative to the scenario (read as `proctor links check` reads one).
    private mutating func decodeSites(_ node: JSONNode, _ pointer: JSONPointer) -> [UniversalLinkMatcher.Site] {
        guard let object = reader.object(node, pointer, what: "sites") else { return [] }
        var sites: [UniversalLinkMatcher.Site] = []
        for member in object.members {
            let at = pointer.appending(member.key)
            let domain = member.key.lowercased()
            guard !domain.isEmpty, !domain.contains("/"), !domain.contains(":") else {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "'\(member.key)' is not a domain; sites are keyed by domain, such as example.com", member.value,
                    at)
                continue
            }
            switch member.value.value {
            case .object:
                // Inline: decoded from the node already parsed, each problem located in the scenario.
                let scenario = reader
                let decoded = SiteAssociationReader.decode(member.value, domain: domain) { offset, inner in
                    scenario.location(offset: offset, pointer: JSONPointer(at.tokens + inner.tokens))
                }
                for diagnostic in decoded.diagnostics { record(diagnostic) }
                if let association = decoded.association { sites.append(.init(domain: domain, association: association, file: path)) }
            case .string(let relative):
                if let (resolved, bytes) = loadReference(relative, member.value, at, noun: "the association file", limit: LinkCheck.readLimit) {
                    let read = SiteAssociationReader.read(bytes, path: resolved, domain: domain)
                    if let first = read.inputErrors.first
                        ?? read.diagnostics.first(where: { $0.severity == .error }).map({
                            InputError(code: $0.code, message: $0.message, location: $0.location)
                        })
                    {
                        reader.report(
                            first.code, "the association file '\(resolved)' cannot be used: \(first.location.compilerStyle): \(first.message)",
                            member.value, at)
                        continue
                    }
                    for diagnostic in read.diagnostics { record(diagnostic) }
                    if let association = read.association {
                        sites.append(.init(domain: domain, association: association, file: resolved, byteCount: bytes.count))
                    }
                }
            default:
                reader.mismatch("an association file: an object, or a path relative to the scenario", member.value, at)
            }
        }
        return sites
    }

    private mutating func decodeSystem(_ node: JSONNode, _ pointer: JSONPointer) -> SystemAssumptions {
        var system = SystemAssumptions()
        guard let object = reader.object(node, pointer, what: "system") else { return system }
        reader.checkKeys(object, pointer, allowed: SystemAssumptions.keys, in: "system")
        for key in ["maximumRegionMonitoringDistance", "regionCushion"] {
            guard let member = object[key], let meters = reader.number(member.value, pointer.appending(key), expected: "a distance in meters") else {
                continue
            }
            guard meters >= 0, meters.isFinite else {
                reader.invalid("\(key) is a distance in meters, 0 or more", member.value, pointer.appending(key))
                continue
            }
            if key == "regionCushion" { system.regionCushion = meters } else { system.maximumRegionMonitoringDistance = meters }
        }
        if let member = object["handoffUserInfoLimit"] {
            let at = pointer.appending("handoffUserInfoLimit")
            let expected = "a whole number of bytes, 1 or more"
            if let number = reader.number(member.value, at, expected: expected) {
                if let bytes = Int(exactly: number), bytes >= 1 {
                    system.handoffUserInfoLimit = bytes
                } else {
                    reader.invalid(
                        "handoffUserInfoLimit must be \(expected), not \(Int(exactly: number).map(String.init) ?? String(number))", member.value, at)
                }
            }
        }
        return system
    }

    private mutating func decodeDevice(_ node: JSONNode, _ pointer: JSONPointer) -> Device? {
        guard let object = reader.object(node, pointer, what: "a device") else { return nil }
        reader.checkKeys(object, pointer, allowed: Self.deviceKeys, in: "a device")
        guard let name = reader.required(object, "name", node, pointer).flatMap({ reader.nonEmptyString($0, pointer.appending("name")) }) else {
            return nil
        }
        let installed = object["appInstalled"].flatMap { reader.bool($0.value, pointer.appending("appInstalled")) } ?? true
        var device = Device(name: name, appInstalled: installed)
        if let member = object["timeZone"], let identifier = reader.nonEmptyString(member.value, pointer.appending("timeZone")) {
            if let zone = TimeZone(identifier: identifier) {
                device.timeZone = zone
            } else {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "'\(identifier)' is not an IANA time zone such as America/New_York", member.value,
                    pointer.appending("timeZone"))
            }
        }
        if let member = object["quietHours"], let hours = reader.object(member.value, pointer.appending("quietHours"), what: "quietHours") {
            let at = pointer.appending("quietHours")
            reader.checkKeys(hours, at, allowed: Self.quietHoursKeys, in: "quietHours")
            var bounds: [Int] = []
            for key in Self.quietHoursKeys {
                guard let value = reader.required(hours, key, member.value, at), let text = reader.string(value, at.appending(key)) else { continue }
                if let minutes = QuietHours.minutes(text) {
                    bounds.append(minutes)
                } else {
                    reader.report(ProblemCode.scenarioInvalidValue, "'\(text)' is not a time of day such as 22:00", value, at.appending(key))
                }
            }
            if bounds.count == 2 {
                if bounds[0] == bounds[1] {
                    reader.report(ProblemCode.scenarioInvalidValue, "quietHours from and to are the same time, an empty window", member.value, at)
                } else {
                    device.quietHours = QuietHours(from: bounds[0], to: bounds[1])
                }
            }
        }
        if let member = object["doNotDisturb"], let on = reader.bool(member.value, pointer.appending("doNotDisturb")) {
            device.doNotDisturb = on
            if on && object["quietHours"] == nil {
                reader.report(
                    ProblemCode.scenarioMissingValue, "Do Not Disturb silences the device's quiet hours: give 'quietHours' too", member.value,
                    pointer.appending("doNotDisturb"))
            }
        }
        return device
    }

    // MARK: - The app

    private mutating func decodeApp(_ node: JSONNode, _ pointer: JSONPointer) -> ScenarioApp? {
        guard let object = reader.object(node, pointer, what: "the app") else { return nil }
        reader.checkKeys(object, pointer, allowed: Self.appKeys, in: "the app")
        let bundleIdentifier = object["bundleIdentifier"].flatMap { reader.nonEmptyString($0.value, pointer.appending("bundleIdentifier")) }
        var teamIdentifier: String?
        if let member = object["teamIdentifier"], let team = reader.string(member.value, pointer.appending("teamIdentifier")) {
            if team.utf8.count == 10, team.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }) {
                teamIdentifier = team
            } else {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "a Team ID is ten uppercase letters and digits, such as A1B2C3D4E5; found '\(team)'",
                    member.value, pointer.appending("teamIdentifier"))
            }
        }

        var info: AppInfo?
        switch (object["info"], object["infoPlist"]) {
        case (let inline?, nil):
            info = inlineInfo(inline.value, pointer.appending("info"), bundleIdentifier: bundleIdentifier)
        case (nil, let file?):
            info = infoPlistFile(file.value, pointer.appending("infoPlist"), bundleIdentifier: bundleIdentifier)
        case (_?, let file?):
            reader.report(
                ProblemCode.scenarioInvalidValue, "give the app's Info.plist facts either inline ('info') or as a file ('infoPlist'), not both",
                file.value, pointer.appending("infoPlist"))
        case (nil, nil):
            reader.missing("'info' (Info.plist facts inline) or 'infoPlist' (a path relative to the scenario)", node, pointer)
        }

        var routes: [Route] = []
        if let member = reader.required(object, "routes", node, pointer) {
            // The routes, or {"from": FILE} for those proctor scan --emit-routes wrote, in the
            // array or in its place.
            let at = pointer.appending("routes")
            let elements: [(node: JSONNode, pointer: JSONPointer)]? =
                if case .object = member.value { [(member, at)] } else { reader.array(member, at)?.enumerated().map { ($1, at.appending($0)) } }
            var names: [String] = []
            for (element, elementPointer) in elements ?? [] {
                var found: [(route: Route?, name: String?, nameNode: JSONNode, pointer: JSONPointer)] = []
                if case .object(let fields) = element.value, let file = fields["from"] {
                    reader.checkKeys(fields, elementPointer, allowed: ["from"], in: "a routes reference")
                    for (route, name) in routesFile(file.value, elementPointer.appending("from")) {
                        found.append((route, name, file.value, elementPointer.appending("from")))
                    }
                } else {
                    // A route whose body has an error keeps its name, so that the steps naming it
                    // report nothing but that error.
                    let route = decodeRoute(element, elementPointer)
                    found.append((route, route?.name ?? Self.routeName(of: element), nameNode(of: element), elementPointer.appending("name")))
                }
                for (route, name, nameNode, namePointer) in found {
                    guard let name else { continue }
                    if names.contains(name) {
                        reader.report(ProblemCode.scenarioDuplicateName, "two routes are named '\(name)'", nameNode, namePointer)
                    } else {
                        names.append(name)
                    }
                    if let route { routes.append(route) }
                }
            }
            routeNames = elements == nil ? nil : names
        }
        var deploymentTarget: OSVersion?
        if let member = object["deploymentTarget"], let text = reader.string(member.value, pointer.appending("deploymentTarget")) {
            if let version = OSVersion(text) {
                deploymentTarget = version
            } else {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "'\(text)' is not an iOS version such as \"15.0\" or \"14.2.1\"", member.value,
                    pointer.appending("deploymentTarget"))
            }
        }
        var serviceNames: [String]?
        if let member = object["serviceNames"], let names = reader.strings(member.value, pointer.appending("serviceNames")) {
            for (index, name) in names.enumerated() where name.isEmpty {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "a service name must not be empty", member.value,
                    pointer.appending("serviceNames").appending(index))
            }
            serviceNames = names
        }

        var associatedDomains: [AssociatedDomain]?
        if let member = object["entitlements"] {
            if let inline = object["associatedDomains"] {
                reader.report(
                    ProblemCode.scenarioInvalidValue,
                    "give the Associated Domains either inline ('associatedDomains') or as the app's entitlements file ('entitlements'), not both",
                    inline.value, pointer.appending("associatedDomains"))
            } else {
                associatedDomains = entitlementsFile(member.value, pointer.appending("entitlements"))
            }
        } else if let member = object["associatedDomains"], let nodes = reader.array(member.value, pointer.appending("associatedDomains")) {
            associatedDomains = []
            for (index, node) in nodes.enumerated() {
                let at = pointer.appending("associatedDomains").appending(index)
                guard let entry = reader.string(node, at) else { continue }
                switch AssociatedDomain.parse(entry, at: reader.location(of: node, at)) {
                case .success(let domain): associatedDomains?.append(domain)
                case .failure(let invalid): reader.report(ProblemCode.scenarioInvalidValue, invalid.reason, node, at)
                }
            }
        }

        var handlers: [RegionHandler] = []
        if let member = object["regionHandlers"], let elements = reader.array(member.value, pointer.appending("regionHandlers")) {
            for (index, element) in elements.enumerated() {
                if let handler = decodeRegionHandler(element, pointer.appending("regionHandlers").appending(index)) { handlers.append(handler) }
            }
        }

        let coverage = object["coverageFile"].flatMap { coverageFile($0.value, pointer.appending("coverageFile")) }
        let media = object["media"].flatMap { mediaApp($0.value, pointer.appending("media")) }

        guard var info else { return nil }
        if info.bundleIdentifier == nil { info.bundleIdentifier = bundleIdentifier }
        // Stated facts win over MinimumOSVersion, as --deployment-target does in lint.
        info = AppConfiguration(deploymentTarget: deploymentTarget, serviceNames: serviceNames).apply(to: info) ?? info
        var app = ScenarioApp(
            bundleIdentifier: bundleIdentifier ?? info.bundleIdentifier, teamIdentifier: teamIdentifier, info: info, routes: routes,
            associatedDomains: associatedDomains, regionHandlers: handlers, coverage: coverage, media: media)
        app.quickActionFindings = quickActionFindings(info, inline: object["info"].map { ($0.value, pointer.appending("info")) })
        return app
    }

    /// The findings of the quick-action rules on the app's static quick actions
    /// (``LaunchDoorRulesInScenarios``), judged by the engine as `proctor lint` judges the
    /// Info.plist, and located as the Info.plist's other problems are: in its file, or in the
    /// scenario at the inline facts (`inline`). The rules judge the entries alone, not the clock.
    private func quickActionFindings(_ info: AppInfo, inline: (node: JSONNode, pointer: JSONPointer)?) -> [QuickActionFinding] {
        guard info.shortcutItems != nil else { return [] }
        let reader = self.reader
        var findings: [Finding] = []
        BuiltInRules.engine.rules(judging: AppInfo.self).judge(
            info, in: RuleContext(appInfo: info, now: Date(timeIntervalSince1970: 0)),
            locate: { inner in
                guard let (node, at) = inline else {
                    return SourceLocation(file: info.source, line: info.line(of: inner), pointer: inner.description)
                }
                return reader.location(offset: node.offset(of: inner), pointer: JSONPointer(at.tokens + inner.tokens))
            }, into: &findings)
        let prefix = (inline?.pointer.tokens ?? []) + QuickActionPointers.items.tokens
        return findings.compactMap { finding in
            guard LaunchDoorRulesInScenarios.quickActions.contains(finding.ruleID) else { return nil }
            let tokens = finding.location.pointer.flatMap { JSONPointer(parsing: $0) }?.tokens ?? []
            let entry = tokens.count > prefix.count && Array(tokens.prefix(prefix.count)) == prefix ? Int(tokens[prefix.count]) : nil
            return QuickActionFinding(entry: entry, finding: finding)
        }
    }

    /// `coverageFile`: a routing app's `.geojson` coverage file, relative to the scenario. A file
    /// with problems is not used: they are reported in the file, as lint reports them.
    private mutating func coverageFile(_ node: JSONNode, _ pointer: JSONPointer) -> CoverageMultiPolygon? {
        guard let relative = reader.nonEmptyString(node, pointer),
            let (resolved, bytes) = loadReference(relative, node, pointer, noun: "the coverage file", limit: JSONLimits.standard.maximumFileSize)
        else { return nil }
        let read = CoverageFileReader.read(bytes, path: resolved)
        if let first = read.inputErrors.first {
            reader.report(first.code, "the coverage file '\(resolved)' cannot be used: \(first.message)", node, pointer)
            return nil
        }
        for diagnostic in read.diagnostics { record(diagnostic) }
        guard let file = read.file, let multiPolygon = file.judgedMultiPolygon, !read.diagnostics.contains(where: { $0.severity == .error }) else {
            reader.report(
                ProblemCode.scenarioInvalidValue, "the coverage file '\(resolved)' holds no single MultiPolygon (proctor lint \(resolved) says why)",
                node, pointer)
            return nil
        }
        // A file App Store Connect would refuse is not used: its regions are not what Maps has.
        let context = RuleContext(appInfo: nil, now: Date())
        var findings: [Finding] = []
        BuiltInRules.engine.rules(judging: CoverageFile.self).judge(
            file, in: context, locate: { _ in SourceLocation(file: resolved) }, into: &findings)
        BuiltInRules.engine.rules(judging: CoverageMultiPolygon.self).judge(
            multiPolygon, in: context, locate: { _ in SourceLocation(file: resolved) }, into: &findings)
        if let error = findings.first(where: { $0.severity == .error }) {
            reader.report(
                ProblemCode.scenarioInvalidValue,
                "the coverage file '\(resolved)' breaks \(error.ruleID) (\(error.message)); proctor lint \(resolved) locates every finding",
                node, pointer)
            return nil
        }
        return multiPolygon
    }

    private mutating func decodeRegionHandler(_ node: JSONNode, _ pointer: JSONPointer) -> RegionHandler? {
        guard let object = reader.object(node, pointer, what: "a region handler") else { return nil }
        reader.checkKeys(object, pointer, allowed: Self.regionHandlerKeys, in: "a region handler")
        let errorsBefore = reader.errorCount
        let region = reader.required(object, "region", node, pointer).flatMap { reader.nonEmptyString($0, pointer.appending("region")) }
        var event: String?
        if let member = reader.required(object, "event", node, pointer), let text = reader.string(member, pointer.appending("event")) {
            if ["entry", "exit"].contains(text) {
                event = text
            } else {
                reader.report(ProblemCode.scenarioInvalidValue, "'\(text)' is not a region event: entry or exit", member, pointer.appending("event"))
            }
        }
        var interval: TimeInterval?
        if let member = object["minimumInterval"], let number = reader.number(member.value, pointer.appending("minimumInterval"), expected: "seconds")
        {
            if number >= 0 {
                interval = number
            } else {
                reader.report(
                    ProblemCode.scenarioInvalidValue, "minimumInterval is a number of seconds, 0 or more", member.value,
                    pointer.appending("minimumInterval"))
            }
        }
        let notification = object["postNotification"].flatMap { localNotification($0.value, pointer.appending("postNotification")) }
        guard let region, let event, reader.errorCount == errorsBefore else { return nil }
        return RegionHandler(
            region: region, event: event, notification: notification, minimumInterval: interval, location: reader.location(of: node, pointer),
            pointer: pointer,
            regionOffset: object["region"]?.value.offset ?? node.offset)
    }

    private mutating func localNotification(_ node: JSONNode, _ pointer: JSONPointer) -> LocalNotification? {
        guard let object = reader.object(node, pointer, what: "postNotification") else { return nil }
        reader.checkKeys(object, pointer, allowed: LocalNotification.keys, in: "postNotification")
        var content = LocalNotification()
        content.title = object["title"].flatMap { reader.string($0.value, pointer.appending("title")) }
        content.subtitle = object["subtitle"].flatMap { reader.string($0.value, pointer.appending("subtitle")) }
        content.body = object["body"].flatMap { reader.string($0.value, pointer.appending("body")) }
        content.categoryIdentifier = object["categoryIdentifier"].flatMap { reader.string($0.value, pointer.appending("categoryIdentifier")) }
        content.threadIdentifier = object["threadIdentifier"].flatMap { reader.string($0.value, pointer.appending("threadIdentifier")) }
        if let member = object["interruptionLevel"], let level = reader.string(member.value, pointer.appending("interruptionLevel")) {
            if LocalNotification.interruptionLevels[level] != nil {
                content.interruptionLevel = level
            } else {
                reader.report(
                    ProblemCode.scenarioInvalidValue,
                    "'\(level)' is not a UNNotificationInterruptionLevel: passive, active, timeSensitive or critical", member.value,
                    pointer.appending("interruptionLevel"))
            }
        }
        if let member = object["userInfo"] {
            var decoder = donationDecoderForScenario()
            content.userInfo = decoder.decodeUserInfo(member.value, at: pointer.appending("userInfo")) ?? []
            for diagnostic in decoder.diagnostics { record(diagnostic) }
        }
        if content.title == nil && content.body == nil {
            reader.missing("'title' or 'body': a notification without them shows nothing", node, pointer)
        }
        return content
    }

    private mutating func inlineInfo(_ node: JSONNode, _ pointer: JSONPointer, bundleIdentifier: String?) -> AppInfo? {
        guard reader.object(node, pointer, what: "Info.plist facts") != nil else { return nil }
        let read = InfoPlistReader.extract(from: InfoPlistReader.foundationValue(node), source: path, bundleIdentifier: bundleIdentifier)
        // Inline facts live in the scenario file: locate their problems there.
        for error in read.inputErrors { reader.report(error.code, error.message, node, pointer) }
        for diagnostic in read.diagnostics {
            var relocated = diagnostic
            let inner = diagnostic.location.pointer.flatMap { JSONPointer(parsing: $0) } ?? .root
            let full = JSONPointer(pointer.tokens + inner.tokens)
            relocated.location = reader.location(offset: node.offset(of: inner), pointer: full)
            record(relocated)
        }
        return read.appInfo
    }

    // MARK: - Files a scenario names

    /// The bytes of a file named by the scenario, relative to its folder, within `limit`, with the
    /// path they were read from; nil after reporting at the scenario's value why it was not read
    /// (the policy refuses it: outside the project, a file the run writes; or it cannot be read).
    mutating func loadReference(_ relative: String, _ node: JSONNode, _ pointer: JSONPointer, noun: String, limit: Int) -> (
        path: String, bytes: [UInt8]
    )? {
        let resolved = relative.hasPrefix("/") ? relative : (directory.isEmpty ? relative : directory + "/" + relative)
        switch references.load(relative, resolved: resolved, limit: limit, naming: noun) {
        case .success(let bytes): return (resolved, bytes)
        case .failure(.outside(let reason)):
            reader.report(ProblemCode.scenarioReferenceOutsideProject, "\(noun) is not read: \(reason)", node, pointer)
        case .failure(.invalid(let reason)):
            reader.report(ProblemCode.scenarioInvalidValue, "\(noun) is not read: \(reason)", node, pointer)
        case .failure(.unreadable(let error)):
            reader.report(error.code, "\(noun) '\(resolved)' cannot be used: \(error.message)", node, pointer)
        }
        return nil
    }

    private mutating func infoPlistFile(_ node: JSONNode, _ pointer: JSONPointer, bundleIdentifier: String?) -> AppInfo? {
        guard let relative = reader.nonEmptyString(node, pointer),
            let (resolved, bytes) = loadReference(relative, node, pointer, noun: "the app's Info.plist", limit: InfoPlistReader.maximumFileSize)
        else { return nil }
        let read = InfoPlistReader.read(bytes: bytes, displayPath: resolved, bundleIdentifier: bundleIdentifier)
        if let first = read.inputErrors.first {
            // One error, at the scenario's value: that is what the author edits.
            reader.report(first.code, "the app's Info.plist '\(resolved)' cannot be used: \(first.message)", node, pointer)
            return nil
        }
        for diagnostic in read.diagnostics { record(diagnostic) }
        return read.appInfo
    }

    /// `entitlements`: the app's `.entitlements` file, relative to the scenario, for its Associated
    /// Domains. A malformed entry is an error located in that file, as `links check` reports it:
    /// the scenario is not played with an entitlement iOS would read differently.
    private mutating func entitlementsFile(_ node: JSONNode, _ pointer: JSONPointer) -> [AssociatedDomain]? {
        guard let relative = reader.nonEmptyString(node, pointer),
            let (resolved, bytes) = loadReference(relative, node, pointer, noun: "the entitlements file", limit: InfoPlistReader.maximumFileSize)
        else { return nil }
        let read = EntitlementsReader.read(bytes: bytes, path: resolved)
        if let first = read.inputErrors.first {
            reader.report(first.code, "the entitlements file '\(resolved)' cannot be used: \(first.message)", node, pointer)
            return nil
        }
        for diagnostic in read.allDiagnostics { record(diagnostic) }
        return read.domains
    }

    /// `{"from": FILE}` among the routes: a routes file, relative to the scenario, as `proctor
    /// scan --emit-routes` writes it (`{"routes": [...]}`, docs/scenario-format.md). Its problems
    /// are located in it; a route with one is left out, as in the scenario, but keeps its name, so
    /// that the steps naming it report nothing but that problem.
    private mutating func routesFile(_ node: JSONNode, _ pointer: JSONPointer) -> [(route: Route?, name: String?)] {
        guard let relative = reader.nonEmptyString(node, pointer),
            let (resolved, bytes) = loadReference(relative, node, pointer, noun: "the routes file", limit: JSONLimits.standard.maximumFileSize)
        else { return [] }
        let text = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(text) {
        case .success(let parsed): root = parsed
        case .failure(let error):
            let located = InputError(error, in: text, file: resolved)
            reader.adopt([Diagnostic(code: located.code, severity: .error, message: located.message, location: located.location)])
            return []
        }
        var file = ScenarioDecoder(path: resolved, source: text, directory: directory, references: references)
        var routes: [(route: Route?, name: String?)] = []
        if let object = file.reader.object(root, .root, what: "a routes file") {
            // `widgetLinks`: the widgets' URLs `proctor scan` lists beside the routes, for people and
            // tools; a scenario plays the routes alone.
            file.reader.checkKeys(object, .root, allowed: ["generatedBy", "routes", "leftOut", "widgetLinks"], in: "a routes file")
            if let member = file.reader.required(object, "routes", root, .root),
                let elements = file.reader.array(member, JSONPointer.root.appending("routes"))
            {
                for (index, element) in elements.enumerated() {
                    let route = file.decodeRoute(element, JSONPointer.root.appending("routes").appending(index))
                    routes.append((route, route?.name ?? Self.routeName(of: element)))
                }
            }
            if let member = object["generatedBy"] { _ = file.reader.string(member.value, JSONPointer.root.appending("generatedBy")) }
            if let member = object["leftOut"] { _ = file.reader.strings(member.value, JSONPointer.root.appending("leftOut")) }
        }
        reader.adopt(file.reader.problems)
        return routes
    }

    private mutating func decodeRoute(_ node: JSONNode, _ pointer: JSONPointer) -> Route? {
        guard let object = reader.object(node, pointer, what: "a route") else { return nil }
        reader.checkKeys(object, pointer, allowed: Self.routeKeys, in: "a route")
        let errorsBefore = reader.errorCount
        let name = reader.required(object, "name", node, pointer).flatMap { reader.nonEmptyString($0, pointer.appending("name")) }
        let activityTypes = object["activityTypes"].flatMap { reader.strings($0.value, pointer.appending("activityTypes")) } ?? []
        let urls = object["urls"].flatMap { reader.strings($0.value, pointer.appending("urls")) } ?? []
        let userInfoKeys = object["userInfoKeys"].flatMap { reader.strings($0.value, pointer.appending("userInfoKeys")) } ?? []
        let queryItems = object["queryItems"].flatMap { reader.strings($0.value, pointer.appending("queryItems")) } ?? []
        if !queryItems.isEmpty && urls.isEmpty, let member = object["queryItems"] {
            reader.report(
                ProblemCode.scenarioInvalidValue, "'queryItems' are read from a URL: the route must take 'urls'", member.value,
                pointer.appending("queryItems"))
        }
        // Where proctor scan found the handler: a comment, held to its type.
        if let member = object["handledIn"] { _ = reader.strings(member.value, pointer.appending("handledIn")) }
        let categories = object["notificationCategories"].flatMap { reader.strings($0.value, pointer.appending("notificationCategories")) } ?? []
        let notificationKeys = object["notificationKeys"].flatMap { reader.strings($0.value, pointer.appending("notificationKeys")) } ?? []
        let directions = object["directionsRequests"].flatMap { reader.bool($0.value, pointer.appending("directionsRequests")) } ?? false
        let needsCoordinates = object["needsCoordinates"].flatMap { reader.bool($0.value, pointer.appending("needsCoordinates")) } ?? false
        let shortcutItemTypes = object["shortcutItemTypes"].flatMap { reader.strings($0.value, pointer.appending("shortcutItemTypes")) } ?? []
        let coldLaunch = object["coldLaunch"].flatMap { reader.bool($0.value, pointer.appending("coldLaunch")) } ?? true
        if needsCoordinates && !directions, let member = object["needsCoordinates"] {
            reader.report(
                ProblemCode.scenarioInvalidValue,
                "'needsCoordinates' is about directions requests: the route must take them (\"directionsRequests\": true)", member.value,
                pointer.appending("needsCoordinates"))
        }
        var identifierPrefix: String?
        if let member = object["identifierPrefix"] {
            identifierPrefix = reader.string(member.value, pointer.appending("identifierPrefix"))
            if !activityTypes.contains(SystemActivityType.spotlightItem) {
                reader.report(
                    ProblemCode.scenarioInvalidValue,
                    "'identifierPrefix' tells Core Spotlight items apart; the route must accept '\(SystemActivityType.spotlightItem)'", member.value,
                    pointer.appending("identifierPrefix"))
            }
        }
        var reservationItems: ReservationItemsKind?
        if let member = object["reservationItems"] {
            reservationItems = reader.choice(member.value, pointer.appending("reservationItems"), ReservationItemsKind.self)
            if !activityTypes.contains(IntentClass.getReservationDetails.rawValue) {
                reader.report(
                    ProblemCode.scenarioInvalidValue,
                    "'reservationItems' tells reservation launches apart; the route must accept '\(IntentClass.getReservationDetails.rawValue)'",
                    member.value, pointer.appending("reservationItems"))
            }
        }
        for (index, pattern) in urls.enumerated() where URLPattern.scheme(of: pattern) == nil {
            reader.report(
                ProblemCode.scenarioInvalidValue, "'\(pattern)' is not a URL pattern such as myapp://place/*", object["urls"]!.value,
                pointer.appending("urls").appending(index))
        }
        if activityTypes.isEmpty && urls.isEmpty && categories.isEmpty && notificationKeys.isEmpty && !directions && shortcutItemTypes.isEmpty
            && reader.errorCount == errorsBefore
        {
            reader.report(
                ProblemCode.scenarioMissingValue,
                "a route accepts something: give 'activityTypes', 'urls', 'notificationCategories', 'notificationKeys', 'directionsRequests' or 'shortcutItemTypes'",
                node, pointer)
        }
        guard reader.errorCount == errorsBefore, let name else { return nil }
        return Route(
            name: name, activityTypes: activityTypes, identifierPrefix: identifierPrefix, urls: urls, userInfoKeys: userInfoKeys,
            queryItems: queryItems, reservationItems: reservationItems, notificationCategories: categories, notificationKeys: notificationKeys,
            directionsRequests: directions, needsCoordinates: needsCoordinates, shortcutItemTypes: shortcutItemTypes, coldLaunch: coldLaunch,
            location: reader.location(of: node, pointer))
    }

    // MARK: - Steps

    /// What earlier steps defined, for checking references as the steps are read.
    struct StepContext {
        var devices: [Device]
        /// Every route name, those of routes with errors included; nil when the routes could not
        /// be read (that error is reported, and route names are not checked).
        var routeNames: [String]?
        /// Activity handles: their device, and the step that invalidated them.
        var activities: [String: (device: Int, invalidatedAt: Int?)] = [:]
        /// The screen each device shows, and the step that showed it.
        var screens: [Int: (name: String, step: Int)] = [:]

        /// The device at `index`; nil when there is none, which happens only when the devices
        /// list did not decode (or is empty), an error already reported. Never index `devices`
        /// directly.
        func device(_ index: Int) -> Device? {
            devices.indices.contains(index) ? devices[index] : nil
        }
    }

    private mutating func decodeStep(_ node: JSONNode, _ pointer: JSONPointer, number: Int, context: inout StepContext) -> Step? {
        guard let step = reader.object(node, pointer, what: "a step") else { return nil }
        guard let member = step.members.first else {
            reader.report(
                ProblemCode.scenarioUnknownStep, "a step is an object with one key naming it (\(Self.stepKinds.joined(separator: ", ")))", node,
                pointer)
            return nil
        }
        if step.count > 1 {
            let extra = step.members[1]
            reader.report(
                ProblemCode.scenarioInvalidValue, "a step has exactly one key naming it; found '\(member.key)' and '\(extra.key)'",
                offset: extra.keyOffset, pointer: pointer.appending(extra.key))
            return nil
        }
        let at = pointer.appending(member.key)
        let body = member.value
        let errorsBefore = reader.errorCount
        guard let kind = ScenarioSteps.named(member.key) else {
            reader.report(
                ProblemCode.scenarioUnknownStep,
                "unknown step '\(member.key)'\(Suggestion.phrase(for: member.key, among: Self.stepKinds))",
                offset: member.keyOffset, pointer: at)
            return nil
        }
        let action = kind.decode(body, at: at, number: number, decoder: &self, context: &context)
        guard let action, reader.errorCount == errorsBefore else { return nil }
        return Step(number: number, location: reader.location(of: node, pointer), action: action)
    }

    // MARK: - Expectations

    /// The expectations of an `expect` step; nil when one of them has a problem.
    mutating func expectations(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> [Expectation]? {
        guard let fields = reader.object(node, pointer, what: "expect") else { return nil }
        if fields.count == 0 {
            reader.report(
                ProblemCode.scenarioMissingValue, "expect names at least one of \(Self.expectationKinds.joined(separator: ", "))", node, pointer)
            return nil
        }
        var expectations: [Expectation] = []
        for member in fields.members {
            let at = pointer.appending(member.key)
            guard let kind = ScenarioExpectations.named(member.key) else {
                reader.report(
                    ProblemCode.scenarioUnknownKey,
                    "unknown expectation '\(member.key)'\(Suggestion.phrase(for: member.key, among: Self.expectationKinds)); expect takes \(Self.expectationKinds.joined(separator: ", "))",
                    offset: member.keyOffset, pointer: at)
                continue
            }
            if let body = kind.decode(member.value, at: at, decoder: &self, context: context) {
                expectations.append(Expectation(location: reader.location(of: member.value, at), body: body))
            }
        }
        return expectations.count == fields.count ? expectations : nil
    }

    /// The name of a route element, read without reporting anything: `decodeRoute` reports what
    /// is wrong with it.
    private static func routeName(of element: JSONNode) -> String? {
        guard case .object(let fields) = element.value, case .string(let name)? = fields["name"]?.value.value, !name.isEmpty else { return nil }
        return name
    }

    /// The `name` value of a device or route, where a duplicate name is reported.
    private func nameNode(of element: JSONNode) -> JSONNode {
        if case .object(let fields) = element.value, let name = fields["name"] { return name.value }
        return element
    }

    // MARK: - References

    /// The device named by `fields["device"]`; the first device when absent.
    mutating func deviceReference(_ fields: JSONObject, _ pointer: JSONPointer, context: StepContext) -> Int? {
        guard let member = fields["device"] else { return 0 }
        guard let name = reader.string(member.value, pointer.appending("device")) else { return nil }
        if let index = context.devices.firstIndex(where: { $0.name == name }) { return index }
        let names = context.devices.map(\.name)
        reader.report(
            ProblemCode.scenarioUnknownReference,
            "no device is named '\(name)'\(Suggestion.phrase(for: name, among: names)); the scenario's devices are \(names.map { "'\($0)'" }.joined(separator: ", "))",
            member.value, pointer.appending("device"))
        return nil
    }

    mutating func deviceOnly(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> Int? {
        guard let fields = reader.object(node, pointer, what: pointer.tokens.last ?? "a step") else { return nil }
        reader.checkKeys(fields, pointer, allowed: ["device"], in: pointer.tokens.last ?? "a step")
        return appDevice(fields, node, pointer, context: context)
    }

    /// The body of a step where the user answers a request of the app (`{"device", key}`): the
    /// device, which must have the app, and the answer, `answer` when the key is absent.
    mutating func userAnswer<Answer: RawRepresentable & CaseIterable>(
        _ body: JSONNode, _ pointer: JSONPointer, context: StepContext, step: String, keys: [String], key: String, default answer: Answer
    ) -> (device: Int, answer: Answer)? where Answer.RawValue == String {
        guard let fields = reader.object(body, pointer, what: step) else { return nil }
        reader.checkKeys(fields, pointer, allowed: keys, in: step)
        let given = fields[key].map { reader.choice($0.value, pointer.appending(key), Answer.self) } ?? answer
        guard let device = appDevice(fields, body, pointer, context: context), let given else { return nil }
        return (device, given)
    }

    /// The device a step of the app runs on: the app must be installed there.
    mutating func appDevice(_ fields: JSONObject, _ node: JSONNode, _ pointer: JSONPointer, context: StepContext) -> Int? {
        // No such device: the devices list did not decode, and that is already reported.
        guard let device = deviceReference(fields, pointer, context: context), let target = context.device(device) else { return nil }
        guard target.appInstalled else {
            reader.report(
                ProblemCode.scenarioInvalidSequence,
                "the app is not installed on '\(target.name)', so it cannot \(pointer.tokens.last ?? "do this") there",
                fields["device"]?.value ?? node, pointer.appending("device"))
            return nil
        }
        return device
    }

    /// `{"activity": "handle"}` naming an activity defined by an earlier step (or, when `bare`,
    /// the handle itself).
    mutating func activityReference(_ node: JSONNode, _ pointer: JSONPointer, context: StepContext, bare: Bool = false) -> String? {
        let handleNode: JSONNode
        let handlePointer: JSONPointer
        if bare {
            (handleNode, handlePointer) = (node, pointer)
        } else {
            guard let fields = reader.object(node, pointer, what: pointer.tokens.last ?? "a step") else { return nil }
            reader.checkKeys(fields, pointer, allowed: ["activity"], in: pointer.tokens.last ?? "a step")
            guard let member = reader.required(fields, "activity", node, pointer) else { return nil }
            (handleNode, handlePointer) = (member, pointer.appending("activity"))
        }
        guard let handle = reader.string(handleNode, handlePointer) else { return nil }
        guard context.activities[handle] != nil else {
            reader.report(
                ProblemCode.scenarioUnknownReference,
                "no earlier becomeCurrent step defines activity '\(handle)'\(Suggestion.phrase(for: handle, among: context.activities.keys.sorted()))",
                handleNode, handlePointer)
            return nil
        }
        return handle
    }

    // MARK: - Donations

    /// Lint's decoder, locating its diagnostics in this scenario file.
    func donationDecoderForScenario() -> DonationDecoder { donationDecoder() }

    func donationDecoder() -> DonationDecoder {
        DonationDecoder(locate: { [path, source] offset, pointer in SourceLocation(file: path, offset: offset, pointer: pointer, in: source) })
    }

    /// A remote notification request (`{"headers": ..., "payload": ...}`), read as lint reads one.
    mutating func decodeNotification(_ node: JSONNode, _ pointer: JSONPointer) -> RemoteNotification? {
        var decoder = RemoteNotificationDecoder(locate: { [path, source] offset, pointer in
            SourceLocation(file: path, offset: offset, pointer: pointer, in: source)
        })
        let notification = decoder.decodeRequest(node, at: pointer)
        for diagnostic in decoder.diagnostics { record(diagnostic) }
        return notification
    }

    mutating func decodeDonation(_ kind: DonationKind, _ node: JSONNode, _ pointer: JSONPointer) -> Donation? {
        var decoder = donationDecoder()
        let donation = decoder.decodePayload(kind, node, at: pointer)
        for diagnostic in decoder.diagnostics { record(diagnostic) }
        return donation
    }

    // MARK: - Values only scenarios have

    mutating func query(_ node: JSONNode, _ pointer: JSONPointer) -> String? {
        guard let text = reader.string(node, pointer) else { return nil }
        guard !SpotlightQuery.words(of: text).isEmpty else {
            reader.report(ProblemCode.scenarioInvalidValue, "a Spotlight query needs at least one letter or digit", node, pointer)
            return nil
        }
        return text
    }

    // MARK: - Problems

    mutating func record(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Keeps a diagnostic of a payload decoder run on a step's body.
    mutating func recordDiagnostic(_ diagnostic: Diagnostic) {
        record(diagnostic)
    }
}
