import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorFiles
import ProctorInputs
import ProctorJSON
import ProctorLint
import ProctorReports
import ProctorRules
import SwiftParser
import SwiftSyntax

/// `proctor scan`: reads an app's Swift sources with swift-syntax, extracts what they donate and
/// what their launch handlers take, and judges both (docs/scan.md):
/// 1. every `.swift` file under the paths is parsed (no compiler; a file that does not parse is
///    still read as far as it goes, as swift-syntax recovers);
/// 2. the constants of all the files are collected, so a donation may use one declared elsewhere;
/// 3. each donation is written as the payload `proctor lint` reads and judged by the same rules,
///    each finding moved to the Swift line of the value that causes it;
/// 4. donations and handlers together are judged by the rules over sources.
///
/// The result holds a ``LintResult`` of one file result per Swift file, so baselines, reports and
/// the exit code work as for `proctor lint`, and what was extracted, for `--emit-payloads` and
/// `--emit-routes`.
package enum SourceScanner {
    /// A Swift file held in memory (rule examples, conformance vectors, embedding).
    package struct SourceFile: Sendable {
        package var path: String
        package var text: String

        package init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// Scans the `.swift` files under `paths` (directories walked as `proctor lint` walks them).
    package static func scan(paths: [String], options: LintOptions) -> SourceScan {
        let (files, results) = load(paths, options: options)
        let (appInfo, appFiles) = Linter.app(options: options)
        let sites = siteFiles(options)
        let entitlements = entitlementsFiles(options.declaredFiles.entitlements)
        var scan = scan(files, appInfo: appInfo, options: options, sites: sites.files, entitlements: entitlements.files)
        scan.result.files = appFiles + results + sites.unreadable + entitlements.unreadable + scan.result.files
        // The Info.plist is judged as proctor lint judges it: its findings are in it.
        if let appInfo {
            InputKinds.infoPlist.judge(appInfo, with: options.engine, in: RuleContext(appInfo: appInfo, now: options.now), into: &scan.result.files)
        }
        scan.result.files.sort { $0.path < $1.path }
        return scan
    }

    /// Scans the `.swift` files under `paths` as the apps of Xcode projects build them: each
    /// app's files (those its targets and its extensions' compile) judged against that app's own
    /// facts (``ProjectApp``). A file of no target (a local package's) belongs to the only app
    /// when there is one; a file only test targets or other platforms' targets compile is not
    /// judged, and a note says how many.
    /// `compiledElsewhere` are files the projects' other targets compile (tests, a Mac app, a
    /// project with no iOS app at all), never judged.
    package static func scan(paths: [String], apps: [ProjectApp], compiledElsewhere otherFiles: Set<FileIdentity> = [], options: LintOptions)
        -> SourceScan
    {
        let (files, results) = load(paths, options: options)
        var compiledElsewhere = 0
        var byApp = [[SourceFile]](repeating: [], count: apps.count)
        var unassigned: [SourceFile] = []
        for file in files {
            let identity = FileIdentity(path: file.path)
            let owners = apps.indices.filter { index in identity.map { apps[index].members.contains($0) } ?? false }
            if !owners.isEmpty {
                for index in owners { byApp[index].append(file) }
            } else if let identity, otherFiles.contains(identity) {
                compiledElsewhere += 1
            } else {
                unassigned.append(file)
            }
        }
        if apps.count == 1 { byApp[0] += unassigned.sorted { $0.path < $1.path } } else if !unassigned.isEmpty { byApp.append(unassigned) }
        var scans: [SourceScan] = []
        let sites = siteFiles(options)
        var unreadableEntitlements: [FileResult] = []
        for (index, group) in byApp.enumerated() where !group.isEmpty {
            // Each app's own entitlements files and its extensions' (their CODE_SIGN_ENTITLEMENTS);
            // one the project names that is not there leaves the entitlements unknown, without an
            // error: the user named no such file, and lint of the same project reads on.
            let app = index < apps.count ? apps[index] : nil
            let entitlements = entitlementsFiles(app?.entitlements ?? [])
            let missing = (app?.missingEntitlements ?? []).map { EntitlementsBytes(path: $0, bytes: nil) }
            unreadableEntitlements += entitlements.unreadable.filter { result in !unreadableEntitlements.contains { $0.path == result.path } }
            scans.append(
                scan(group, appInfo: app?.appInfo, options: options, sites: sites.files, entitlements: entitlements.files + missing))
        }
        var merged = SourceScan.merging(scans, options: options)
        var plists: [String: FileResult] = [:]
        for app in apps { for result in app.plistResults where plists[result.path] == nil { plists[result.path] = result } }
        merged.result.files = plists.values.filter(\.hasProblems) + results + sites.unreadable + unreadableEntitlements + merged.result.files
        if compiledElsewhere > 0 {
            // Said at the first app's project: a note needs a file, and the projects are the reason.
            let project = apps.first?.project ?? "."
            var note = FileResult(path: project)
            note.diagnostics = [
                Diagnostic(
                    code: ProblemCode.fileSkipped, severity: .note,
                    message:
                        "\(compiledElsewhere) Swift file\(compiledElsewhere == 1 ? " is" : "s are") compiled only by test targets, by targets of other platforms than iOS or by projects with no iOS app, and not judged",
                    location: ProctorCore.SourceLocation(file: project))
            ]
            merged.result.files.append(note)
        }
        merged.result.files.sort { $0.path < $1.path }
        return merged
    }

    /// Reads the `.swift` files under `paths`: the files, and a result for each path or file
    /// that could not be read.
    private static func load(_ paths: [String], options: LintOptions) -> (files: [SourceFile], results: [FileResult]) {
        let collected = InputFiles.collect(
            paths, selecting: .claimed(by: { $0.hasSuffix(".swift") || isIntentDefinition($0) }), filter: options.filter, leavingOut: options.outputs)
        var files: [SourceFile] = []
        var results: [FileResult] = []
        for error in collected.errors {
            var missing = FileResult(path: error.location.file)
            missing.inputErrors = [error]
            results.append(missing)
        }
        for input in collected.inputs {
            switch InputFiles.load(input, limit: maximumFileSize) {
            case .success(let bytes):
                // Columns are counted in the text as written: a file that is not UTF-8 would move them.
                if let text = String(validating: bytes, as: UTF8.self) {
                    files.append(SourceFile(path: input.path, text: text))
                } else {
                    var unreadable = FileResult(path: input.path)
                    unreadable.inputErrors = [
                        InputError(
                            code: invalidEncoding,
                            message: "the file is not valid UTF-8 (at byte \(Self.firstInvalidByte(bytes))), so it is not scanned",
                            location: ProctorCore.SourceLocation(file: input.path, line: Self.line(ofByte: Self.firstInvalidByte(bytes), in: bytes)))
                    ]
                    results.append(unreadable)
                }
            case .failure(let error):
                var unreadable = FileResult(path: input.path)
                unreadable.inputErrors = [error]
                results.append(unreadable)
            }
        }
        if !paths.isEmpty && collected.inputs.isEmpty && collected.errors.isEmpty {
            var empty = FileResult(path: paths.joined(separator: " "))
            let filtered =
                collected.filteredOut == 0
                ? ""
                : "; the include and exclude patterns left out \(collected.filteredOut) file\(collected.filteredOut == 1 ? "" : "s") or folder\(collected.filteredOut == 1 ? "" : "s")"
            empty.inputErrors = [
                InputError(
                    code: ProblemCode.noInputs, message: "no Swift files (.swift) found\(filtered)",
                    location: ProctorCore.SourceLocation(file: paths[0]))
            ]
            results.append(empty)
        }
        return (files, results)
    }

    /// What a scan judged: the activities, Spotlight items and interactions it found donated, and
    /// the launch handlers (methods taking an activity, a URL or a quick action), each kind listed
    /// even when there is none.
    static func judged(_ donations: [ScannedDonation], handlers: Int) -> [RunReport.Tally] {
        let count = { (kind: ScannedDonation.Kind) in donations.filter { $0.kind == kind }.count }
        return [
            RunReport.Tally(key: "activities", singular: "activity", plural: "activities", count: count(.userActivity)),
            RunReport.Tally(key: "searchableItems", singular: "Spotlight item", plural: "Spotlight items", count: count(.searchableItem)),
            RunReport.Tally(key: "interactions", singular: "interaction", plural: "interactions", count: count(.interaction)),
            RunReport.Tally(key: "handlers", singular: "launch handler", plural: "launch handlers", count: handlers),
        ]
    }

    /// Whether a symbol (`SceneDelegate.stateRestorationActivity(for:)`,
    /// `ActivityManager.stateRestorationActivity`) is where UIKit's state restoration gets its
    /// activity.
    static func isStateRestoration(_ symbol: String) -> Bool {
        let name = symbol.split(separator: "(", maxSplits: 1).first.map { $0.split(separator: ".").last.map(String.init) ?? "" } ?? ""
        return name == "stateRestorationActivity"
    }

    /// swift-syntax's tree of `text`. The nesting limit is stated: swift-syntax's default is 256
    /// in a release build and 20 in a debug one, so a debug build refused real files a release
    /// build reads (ownCloud's closures nested 17 deep: "the file does not parse"). Proctor's own
    /// pre-scan bounds nesting before this, and the scan runs on a deep stack (``DeepStack``).
    static func parse(_ text: String) -> SourceFileSyntax {
        var text = text
        return text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: 256) }
    }

    /// The largest Swift file read: real sources are kilobytes; past this a file is an input
    /// error rather than minutes of parsing.
    package static let maximumFileSize = 4 << 20

    /// Scans Swift files held in memory against the app's facts.
    /// `sites` are the association files of the app's domains (SourceScanner+UniversalLinks.swift).
    /// `entitlements` are the app's entitlements files (and its extensions'); `.entitlements`
    /// files among `files` are too.
    package static func scan(
        _ files: [SourceFile], appInfo: AppInfo?, options: LintOptions, sites: [SiteFile] = [], entitlements: [EntitlementsBytes] = []
    ) -> SourceScan {
        let sources = files.filter { !isEntitlements($0.path) }
        let allEntitlements =
            entitlements + files.filter { isEntitlements($0.path) }.map { EntitlementsBytes(path: $0.path, bytes: Array($0.text.utf8)) }
        return DeepStack.run {
            scanOnThisThread(
                sources.filter { !isIntentDefinition($0.path) }, definitions: sources.filter { isIntentDefinition($0.path) }, appInfo: appInfo,
                options: options, sites: sites, entitlements: allEntitlements)
        }
    }

    /// Whether a file given to the scan is an entitlements file of the app.
    static func isEntitlements(_ path: String) -> Bool { path.lowercased().hasSuffix(".entitlements") }

    /// The entitlements files at `paths` (a folder gives the `.entitlements` files under it, as
    /// for `lint --entitlements`), read; a result with the error for each that cannot be.
    private static func entitlementsFiles(_ paths: [String]) -> (files: [EntitlementsBytes], unreadable: [FileResult]) {
        var files: [EntitlementsBytes] = []
        var unreadable: [FileResult] = []
        guard !paths.isEmpty else { return (files, unreadable) }
        let collected = InputFiles.collect(paths, selecting: .claimed(by: isEntitlements))
        for error in collected.errors {
            var result = FileResult(path: error.location.file)
            result.inputErrors = [error]
            unreadable.append(result)
        }
        for path in collected.inputs.map(\.path) {
            switch InputFiles.load(path, limit: InfoPlistReader.maximumFileSize, naming: "the entitlements file") {
            case .success(let bytes): files.append(EntitlementsBytes(path: path, bytes: bytes))
            case .failure(let error):
                var result = FileResult(path: path)
                result.inputErrors = [error]
                unreadable.append(result)
            }
        }
        return (files, unreadable)
    }

    /// `definitions` are the intent definition files among the files given, read for their
    /// custom intents (SourceScanner+CustomIntents.swift).
    private static func scanOnThisThread(
        _ files: [SourceFile], definitions: [SourceFile], appInfo: AppInfo?, options: LintOptions, sites: [SiteFile],
        entitlements: [EntitlementsBytes]
    ) -> SourceScan {
        // What each file needs alone, on every processor: its lines, its constants and the
        // ignores written in it. Its tree is let go: every tree at once took 88 bytes of memory
        // per byte of Swift (2.2 GB for 25 MB), so each file is parsed again below, once the
        // constants of all are known.
        let read = DeepStack.concurrentMap(files) { file in
            let lines = SourceLines(path: file.path, text: file.text)
            // Brackets nested or left open deep enough to keep the parser busy for minutes or
            // hours: refused unparsed.
            if let refusal = BracketNesting.firstRefusal(in: file.text) {
                let error = InputError(
                    code: Self.code(for: refusal.limit), message: Self.message(for: refusal.limit), location: lines.location(ofOffset: refusal.offset)
                )
                return ReadFile(
                    file: file, lines: lines, declarations: ConstantTable.Declarations(), suppressions: ([], []), inputErrors: [error],
                    mayDonateOrHandle: false,
                    wasParsed: false)
            }
            let tree = Self.parse(file.text)
            // A file that does not parse: swift-syntax's own errors, each where it is; the file is
            // still read as far as the parser recovered.
            let inputErrors = SyntaxErrors.find(in: tree, limit: Self.syntaxErrorLimit).map { error in
                InputError(
                    code: Self.syntaxError, message: "the file does not parse: \(error.message)", location: lines.location(ofOffset: error.offset))
            }
            return ReadFile(
                file: file, lines: lines, declarations: ConstantTable.declarations(in: tree),
                suppressions: SourceSuppressions.read(tree, text: file.text, lines: lines), inputErrors: inputErrors,
                mayDonateOrHandle: SourceMarkers.mayDonateOrHandle(file.text))
        }
        var constants = ConstantTable()
        for file in read { constants.add(file.declarations) }
        // Then what each file donates and handles, with the constants of all: on every processor
        // again, each file resolving constants with a cache of its own.
        let bundleIdentifier = appInfo?.bundleIdentifier
        // The app's subclasses of NSUserActivity and CSSearchableItem, whose calls make donations.
        let appClasses = Self.appDonationClasses(read.flatMap(\.declarations.superclasses))
        let extracted = DeepStack.concurrentMap(read) { [constants] file in
            // Most of an app's files name nothing the extractor reads: they are not parsed again
            // (a call of the app's subclass, `NoteActivity(note:)`, names that class).
            guard file.mayDonateOrHandle || appClasses.keys.contains(where: { ByteSearch.contains($0, in: file.file.text) }) else {
                return Extracted()
            }
            let extractor = SourceExtractor(
                path: file.file.path, lines: file.lines,
                resolver: ValueResolver(constants: constants.withOwnCache(), bundleIdentifier: bundleIdentifier),
                appClasses: appClasses)
            extractor.walk(Self.parse(file.file.text))
            return Extracted(
                donations: extractor.donations, handlers: extractor.handlers, activityFunctions: extractor.activityFunctions,
                stateUpdates: extractor.stateUpdates, needsSaveSetters: extractor.needsSaveSetters.map(\.type),
                userInfoWriters: extractor.userInfoWriters,
                appInitializers: extractor.appInitializers, entryPoints: extractor.entryPoints, doors: extractor.doors,
                urlHandlers: extractor.urlHandlers, urlFunctions: extractor.urlFunctions, appIntents: extractor.appIntentDeclarations,
                entityUses: extractor.entityUses, namesInIndexingFile: extractor.namesInIndexingFile,
                contentUpdates: extractor.contentUpdates, intentBuilders: extractor.intentBuilders, intentDonors: extractor.intentDonors,
                wasExtracted: true)
        }
        var scanned: [(path: String, donations: [ScannedDonation], handlers: [ScannedHandler])] = []
        var stateUpdates: [String: ScannedStateUpdate] = [:]
        var needsSaveSetters: Set<String> = []
        var entryPoints = ScannedEntryPoints()
        // Every class's base class, from every file: a scene delegate's base class may be
        // declared in a file that reads nothing else.
        for file in read {
            for (type, superclass) in file.declarations.superclasses where entryPoints.superclasses[type] == nil {
                entryPoints.superclasses[type] = superclass
            }
        }
        // The files something was found in: the others hold nothing the rules judge.
        var filesWithSubjects: Set<String> = []
        for (file, found) in zip(read, extracted) {
            let points = found.entryPoints
            if !found.donations.isEmpty || !found.handlers.isEmpty || !found.activityFunctions.isEmpty || !found.stateUpdates.isEmpty
                || !found.appInitializers.isEmpty
                || !found.needsSaveSetters.isEmpty || !points.continuations.isEmpty || !points.connections.isEmpty || !points.urlHandlers.isEmpty
                || !points.domainDeletions.isEmpty || points.deletesItems || points.firstHandler != nil || !found.doors.isEmpty
                || !found.urlHandlers.isEmpty
            {
                filesWithSubjects.insert(file.file.path)
            }
            entryPoints.add(found.entryPoints)
            scanned.append((file.file.path, found.donations, found.handlers))
            for update in found.stateUpdates where stateUpdates[update.type] == nil { stateUpdates[update.type] = update }
            needsSaveSetters.formUnion(found.needsSaveSetters)
        }
        Self.resolveAppInitializers(in: &scanned, declared: extracted.flatMap(\.appInitializers))
        // The interaction each communication notification stands for, judged as a payload where
        // its intent is built (SourceScanner+CommunicationNotifications.swift).
        let notifications = CommunicationNotificationCode(
            zip(read, extracted).map { ($0.0.file.path, $0.1.contentUpdates, $0.1.intentBuilders, $0.1.intentDonors) })
        for (path, interaction) in notifications.interactions {
            guard let index = scanned.firstIndex(where: { $0.path == path }) else { continue }
            scanned[index].donations.append(interaction)
            filesWithSubjects.insert(path)
        }
        Self.followDelegation(in: &scanned, to: extracted.flatMap(\.activityFunctions))
        // An activity assigned to the `userActivity` of a type that is surely no responder (a
        // model with a property of that name) is stored there, not managed by UIKit.
        let nonResponders = Set(read.flatMap(\.declarations.nonResponders))
        for index in scanned.indices {
            for donationIndex in scanned[index].donations.indices {
                guard let responder = scanned[index].donations[donationIndex].responder,
                    !Self.mayBeResponder(responder, superclasses: entryPoints.superclasses, nonResponders: nonResponders)
                else { continue }
                scanned[index].donations[donationIndex].responder = nil
                if scanned[index].donations[donationIndex].currentOnlyAsResponder { scanned[index].donations[donationIndex].currentness = .handedOn }
            }
        }
        // What UIKit persists of an activity it manages is what the responder's
        // updateUserActivityState(_:) adds: the payload holds it beside what the code set first.
        for index in scanned.indices {
            for donationIndex in scanned[index].donations.indices {
                guard let responder = scanned[index].donations[donationIndex].responder, let update = stateUpdates[responder] else { continue }
                for property in update.properties {
                    Self.merge(property, into: &scanned[index].donations[donationIndex])
                }
            }
        }
        // One result per path: a path given twice (which embedding code can do) is one file, not a trap.
        var results = Dictionary(files.map { ($0.path, FileResult(path: $0.path)) }, uniquingKeysWith: { first, _ in first })
        for file in read where !file.inputErrors.isEmpty { results[file.file.path]?.inputErrors += file.inputErrors }
        for file in read where file.wasParsed { results[file.file.path]?.wasChecked = true }

        // The donations, judged as the payloads they are.
        var transcriptions: [(path: String, donation: ScannedDonation, transcription: PayloadTranscription)] = []
        for (path, donations, _) in scanned {
            for donation in donations {
                if !donation.isEmbedded { results[path]?.payloadCount += 1 }
                guard let transcription = PayloadTranscription(donation) else {
                    // A reservation action's activity is noted inside its interaction.
                    if donation.isEmbedded { continue }
                    results[path]?.diagnostics.append(
                        Diagnostic(
                            code: dynamicValue, severity: .note,
                            message: donation.initializer != nil
                                ? "this \(donation.kind == .searchableItem ? "item" : "activity") is \(donation.activityType.dynamicReason ?? "made by an initializer of the app's"); it is not checked"
                                : donation.kind == .interaction
                                    ? "the intent of this interaction is not one the scan can follow (an initializer of \(SourceExtractor.intentClasses.sorted().joined(separator: ", ")), here or bound earlier in the function); it is not checked"
                                    : "the type of this activity is not a constant Proctor can resolve (\(donation.activityType.dynamicReason ?? "computed at run time")); it is not checked",
                            location: donation.location))
                    continue
                }
                // A reservation action's activity is judged, and noted, inside its interaction.
                for (key, reason, place) in transcription.leftOut where !donation.isEmbedded {
                    // In the file of the value: an initializer of the app's may be in another.
                    results[results[place.file] != nil ? place.file : path]?.diagnostics.append(
                        Diagnostic(
                            code: dynamicValue, severity: .note, message: "\(key) is left out of the checks: \(reason)", location: place))
                }
                transcriptions.append((path, donation, transcription))
            }
        }
        // Each donation's name: its symbol and type, with an ordinal for a second one of the same
        // type in the same place.
        var seenNames: [String: Int] = [:]
        let names = transcriptions.map { item -> JSONPointer in
            let base = Self.pointer(donation: item.donation)
            let count = seenNames[base.description, default: 0] + 1
            seenNames[base.description] = count
            return count == 1 ? base : JSONPointer(base.tokens.dropLast() + [base.tokens.last! + "#\(count)"])
        }
        let payloadFiles = transcriptions.enumerated().filter { !$0.element.donation.isEmbedded }.map { index, item in
            Linter.InMemoryFile(path: "donation-\(index).json", bytes: Array(item.transcription.text.utf8))
        }
        // Rule settings for paths apply to the Swift files, below, not to the transcriptions' names.
        var payloadOptions = options
        payloadOptions.pathRules = PathRules()
        let judged = Linter.lint(files: payloadFiles, appInfo: appInfo, options: payloadOptions)
        for judgedFile in judged.files {
            guard judgedFile.path.hasPrefix("donation-"), let index = Int(judgedFile.path.dropFirst("donation-".count).dropLast(".json".count)),
                transcriptions.indices.contains(index)
            else { continue }
            let (path, _, transcription) = transcriptions[index]
            let symbol = names[index]
            func moved(_ location: ProctorCore.SourceLocation) -> ProctorCore.SourceLocation {
                var place = transcription.place(of: location.pointer ?? "/\(transcription.root)")
                let rest = (location.pointer ?? "").dropFirst("/\(transcription.root)".count)
                place.pointer = symbol.description + rest
                return place
            }
            // A rule judging text computed at run time judges a stand-in: its findings there are
            // dropped. (Those of rules that need a value left out, lint drops: the payload lists
            // it under proctor.computed.)
            for var finding in judgedFile.findings where !transcription.placeholders.contains(finding.location.pointer ?? "") {
                finding.location = moved(finding.location)
                finding.message = Self.namingSwift(finding.message, transcriptions.map(\.transcription.donationPlace))
                // In the file of the value: an initializer of the app's may be in another.
                results[results[finding.location.file] != nil ? finding.location.file : path]?.findings.append(finding)
            }
            for var diagnostic in judgedFile.diagnostics
                + judgedFile.inputErrors.map({ Diagnostic(code: $0.code, severity: .error, message: $0.message, location: $0.location) })
            {
                diagnostic.location = moved(diagnostic.location)
                results[results[diagnostic.location.file] != nil ? diagnostic.location.file : path]?.diagnostics.append(diagnostic)
            }
        }

        // Donations and handlers together.
        var places: [String: ProctorCore.SourceLocation] = [:]
        let allHandlers = scanned.flatMap(\.handlers)
        let donated = Self.donatedKeys(
            transcriptions.map(\.donation),
            typesAllKnown: !scanned.flatMap(\.donations).contains { $0.kind == .userActivity && $0.activityType.string == nil },
            userInfoWriters: extracted.flatMap(\.userInfoWriters))
        let handlerSubjects = allHandlers.compactMap { handler -> (SourceHandler, String)? in
            guard let type = handler.activityType?.string else { return nil }
            let pointer = JSONPointer([handler.symbol, "handler", type])
            places[pointer.description] = handler.location
            for read in handler.keysRead {
                if let key = read.key.string { places[pointer.appending("userInfo").appending(key).description] = read.location }
            }
            let isSystem = SourceExtractor.systemTypes.values.contains(type)
            var subject = SourceHandler(activityType: type, symbol: handler.symbol, isSystemType: isSystem, pointer: pointer)
            subject.keysRead = handler.keysRead.compactMap { read in
                read.key.string.map { SourceDonation.KeyRead(key: $0, handler: handler.symbol, pointer: pointer.appending("userInfo").appending($0)) }
            }
            subject.donatedKeys = donated[type]?.keys
            subject.donors = donated[type]?.symbols ?? []
            return (subject, handler.location.file)
        }
        let donationSubjects = transcriptions.enumerated().map { index, item -> (SourceDonation, String) in
            let donation = item.donation
            let type = donation.activityType.string ?? ""
            let pointer = names[index]
            places[pointer.description] = donation.location
            if let required = donation.property("requiredUserInfoKeys") {
                places[pointer.appending("requiredUserInfoKeys").description] = required.location
            }
            let handlers = allHandlers.filter { $0.activityType?.string == type }
            let keysRead = handlers.flatMap { handler in
                handler.keysRead.compactMap { read in
                    read.key.string.map {
                        SourceDonation.KeyRead(
                            key: $0, handler: handler.symbol, pointer: JSONPointer([handler.symbol, "handler", type, "userInfo", $0]))
                    }
                }
            }
            var required: [String]?
            if case .array(let keys)? = donation.property("requiredUserInfoKeys")?.value, !keys.contains(where: \.isDynamic) {
                required = keys.compactMap(\.string)
            }
            // The userInfo keys the code sets where it creates the activity, and what the
            // responder's updateUserActivityState(_:) adds back once UIKit empties it.
            let direct = donation.properties.last { $0.key == "userInfo" && !$0.fromStateUpdate }?.entries ?? []
            for entry in direct { places[pointer.appending("userInfo").appending(entry.key).description] = entry.location }
            if let info = donation.properties.last(where: { $0.key == "userInfo" && !$0.fromStateUpdate }) {
                places[pointer.appending("userInfo").description] = info.location
            }
            var update: SourceDonation.StateUpdate?
            if let responder = donation.responder, let found = stateUpdates[responder] {
                // The keys it adds, when every addition is a dictionary literal the scan read; an
                // update written another way (a subscript, a helper it hands the activity to) is
                // not judged key by key.
                let added = found.properties.filter { $0.key == "userInfo" }
                let isStatic = !added.isEmpty && added.allSatisfy { if case .dictionary = $0.value { true } else { false } }
                update = SourceDonation.StateUpdate(symbol: found.symbol, keysAdded: isStatic ? added.flatMap(\.entries).map(\.key) : nil)
            }
            let needsSave = donation.property("needsSave")?.value == .bool(true) || donation.responder.map(needsSaveSetters.contains) == true
            if let flag = donation.property("needsSave") { places[pointer.appending("needsSave").description] = flag.location }
            let currentness: SourceDonation.Currentness =
                switch donation.currentness {
                case .madeCurrent: .madeCurrent
                case .advertisedBySwiftUI: .advertisedBySwiftUI
                case .handedOn: .handedOn
                case .never: .never
                }
            var subject = SourceDonation(
                activityType: type, symbol: donation.symbol, handlers: handlers.map(\.symbol),
                anyTypeHandled: allHandlers.contains { $0.activityType?.string == nil },
                handlerCount: allHandlers.count, keysRead: keysRead, requiredUserInfoKeys: required,
                currentness: currentness, pointer: pointer)
            subject.isSearchableItem = donation.kind == .searchableItem
            subject.isInteraction = donation.kind == .interaction
            subject.returnedForStateRestoration =
                donation.kind == .userActivity && donation.currentness != .madeCurrent
                && Self.isStateRestoration(donation.symbol)
            subject.responder = donation.responder
            subject.userInfoKeysSet = direct.map(\.key)
            subject.stateUpdate = update
            subject.needsSave = needsSave
            subject.hasDelegate = donation.hasDelegate
            return (subject, item.path)
        }
        let engine = options.engine
        let context = RuleContext(appInfo: appInfo, now: options.now)
        // A finding is where its pointer is written, or the nearest enclosing value that is.
        let locate = { (pointer: JSONPointer) -> ProctorCore.SourceLocation in
            var written = pointer.tokens
            while !written.isEmpty && places[JSONPointer(written).description] == nil { written.removeLast() }
            var place = places[JSONPointer(written).description] ?? ProctorCore.SourceLocation(file: "")
            place.pointer = pointer.description
            return place
        }
        var sourceFindings: [Finding] = []
        // The interaction a communication notification stands for is no donation of the code's.
        for (index, (subject, _)) in donationSubjects.enumerated() where !transcriptions[index].donation.standsForNotification {
            engine.rules(judging: SourceDonation.self).judge(subject, in: context, locate: locate, into: &sourceFindings)
        }
        for (subject, _) in handlerSubjects {
            engine.rules(judging: SourceHandler.self).judge(subject, in: context, locate: locate, into: &sourceFindings)
        }
        // The ways into the app taken together.
        let delegates = entryPoints.continuations.map { continuation -> SourceEntryPoints.SceneDelegate in
            let pointer = JSONPointer([continuation.symbol, "willConnectTo"])
            places[pointer.description] = continuation.location
            // Its own scene(_:willConnectTo:options:), or one of a base class the scan read.
            let chain = ScannedEntryPoints.inheritanceChain(of: continuation.type, superclass: continuation.superclass) { base in
                entryPoints.continuations.first { $0.type == base }?.superclass ?? entryPoints.superclasses[base]
            }
            let connections = entryPoints.connections.filter { chain.contains($0.type) }
            return SourceEntryPoints.SceneDelegate(
                type: continuation.type, continueSymbol: continuation.symbol,
                connectionReadsActivities: connections.isEmpty ? nil : connections.contains(where: \.readsUserActivities), pointer: pointer)
        }
        var firstHandler: JSONPointer?
        if let first = entryPoints.firstHandler {
            // Named for the app, not the handler: which handler comes first depends on the files.
            firstHandler = JSONPointer(["(app)", "openURL"])
            places[firstHandler!.description] = first.location
        }
        // What goes into Core Spotlight's index and what is taken out.
        let items = scanned.flatMap(\.donations).filter { $0.kind == .searchableItem }
        let itemDomains = items.map { $0.property("domainIdentifier")?.value.string }
        var deletionsInSymbol: [String: Int] = [:]
        let deletions = entryPoints.domainDeletions.compactMap { deletion -> SourceSpotlightIndex.DomainDeletion? in
            // Counted within the symbol, so a deletion elsewhere does not rename this one.
            let ordinal = deletionsInSymbol[deletion.symbol, default: 0]
            deletionsInSymbol[deletion.symbol] = ordinal + 1
            guard case .array(let values) = deletion.domains, !values.contains(where: \.isDynamic) else { return nil }
            let pointer = JSONPointer([deletion.symbol, "deleteSearchableItems", String(ordinal)])
            places[pointer.description] = deletion.location
            return .init(domains: values.compactMap(\.string), symbol: deletion.symbol, pointer: pointer)
        }
        var firstItem: JSONPointer?
        if let first = items.min(by: { $0.location < $1.location }) {
            // Named for the app, not the item: which item comes first depends on the files.
            firstItem = JSONPointer(["(app)", "spotlightIndex"])
            places[firstItem!.description] = first.location
        }
        var index = SourceSpotlightIndex(
            indexedDomains: itemDomains.contains(nil) || items.isEmpty ? nil : itemDomains.compactMap { $0 }, deletions: deletions,
            firstItem: firstItem, deletesItems: entryPoints.deletesItems)
        index.itemsHaveConstantIdentifiers = !items.isEmpty && items.allSatisfy { $0.property("uniqueIdentifier")?.value.string != nil }
        engine.rules(judging: SourceSpotlightIndex.self).judge(index, in: context, locate: locate, into: &sourceFindings)
        // The URLs the handlers tell apart (SourceScanner+URLs.swift).
        let urlFunctions =
            extracted.flatMap(\.urlFunctions)
            + Self.urlFunctions(
                named: Set(
                    extracted.flatMap(\.urlHandlers).compactMap(\.delegatesTo)
                        + (extracted.flatMap(\.urlHandlers) + extracted.flatMap(\.urlFunctions).map(\.handler)).flatMap {
                            $0.routes.flatMap(\.queryCalls)
                        }),
                in: zip(read, extracted).filter { !$0.1.wasExtracted && $0.0.wasParsed }.map { ($0.0.file, $0.0.lines) },
                resolver: ValueResolver(constants: constants.withOwnCache(), bundleIdentifier: bundleIdentifier))
        let urlDoors = Self.urlDoors(
            handlers: extracted.flatMap(\.urlHandlers), functions: urlFunctions, entryPoints: entryPoints, schemes: appInfo?.urlSchemes ?? [],
            places: &places)
        var ways = SourceEntryPoints(sceneDelegates: delegates, urlHandlers: entryPoints.urlHandlers, firstHandler: firstHandler)
        ways.urlSchemesTaken = urlDoors.schemesTaken
        if let first = urlDoors.firstURLHandler {
            ways.firstURLHandler = JSONPointer(["(app)", "openURLScheme"])
            places[ways.firstURLHandler!.description] = first.location
        }
        engine.rules(judging: SourceEntryPoints.self).judge(ways, in: context, locate: locate, into: &sourceFindings)
        engine.rules(judging: SourceURLDoors.self).judge(urlDoors.subject, in: context, locate: locate, into: &sourceFindings)
        if let links = Self.universalLinks(urlDoors, sites: sites, places: &places) {
            engine.rules(judging: SourceUniversalLinks.self).judge(links, in: context, locate: locate, into: &sourceFindings)
        }
        // The other doors: Home Screen quick actions and widgets' links.
        var doors = ScannedDoors()
        for found in extracted { doors.add(found.doors) }
        let door = Self.judgeDoors(
            doors, superclasses: entryPoints.superclasses, firstLaunchHandler: entryPoints.firstHandler?.location, urlRoutes: urlDoors.table,
            engine: engine, context: context, into: &sourceFindings)
        // App Intents and App Shortcuts (SourceScanner+AppIntents.swift).
        var intentNotes: [Diagnostic] = []
        // The type names of the files that index app entities: the types they may index.
        let indexing = extracted.compactMap(\.namesInIndexingFile)
        let intents = Self.judgeAppIntents(
            extracted.flatMap(\.appIntents), uses: extracted.flatMap(\.entityUses),
            indexingNames: indexing.isEmpty ? nil : indexing.reduce(into: Set<String>()) { $0.formUnion($1) }, engine: engine,
            context: context, into: &sourceFindings, notes: &intentNotes)
        filesWithSubjects.formUnion(intents.files)
        for note in intentNotes { results[note.location.file]?.diagnostics.append(note) }
        var notificationNotes: [Diagnostic] = []
        var unreadableEntitlements: [FileResult] = []
        filesWithSubjects.formUnion(
            Self.judgeCommunicationNotifications(
                notifications, entitlements: entitlements, engine: engine, context: context, into: &sourceFindings, notes: &notificationNotes,
                unreadable: &unreadableEntitlements))
        for note in notificationNotes { results[note.location.file]?.diagnostics.append(note) }
        for result in unreadableEntitlements where results[result.path] == nil { results[result.path] = result }
        for finding in sourceFindings { results[finding.location.file]?.findings.append(finding) }
        for result in judgeCustomIntents(
            definitions: definitions, swift: read.filter(\.wasParsed).map { ($0.file, $0.lines) }, engine: engine, context: context)
        {
            results[result.path] = result
            filesWithSubjects.insert(result.path)
        }

        // Rule settings for some paths, then the ignores written in the sources, once every rule has judged.
        if !options.pathRules.isEmpty {
            for path in results.keys { options.pathRules.apply(to: &results[path]!) }
        }
        let judgedRules = Set(engine.descriptions.filter { $0.unmetRequirement(appInfo, scanningSources: true) == nil }.map(\.id))
        let knownRules = BuiltInRules.descriptions.map(\.id)
        for file in read {
            let (ignores, problems) = file.suppressions
            let file = file.file
            results[file.path]?.diagnostics += problems
            guard !ignores.isEmpty, var result = results[file.path] else { continue }
            result.suppressions = ignores
            Linter.applySuppressions(&result, judged: judgedRules, known: knownRules)
            results[file.path] = result
        }
        var files = Array(results.values)
        for index in files.indices {
            // A value judged twice, such as an activity two reservation actions share, is one
            // finding (or note) on its line.
            var seen: Set<String> = []
            files[index].findings.removeAll {
                !seen.insert("\($0.ruleID) \($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)").inserted
            }
            files[index].diagnostics.removeAll {
                !seen.insert("\($0.code) \($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)").inserted
            }
            files[index].findings.sort { ($0.location, $0.ruleID, $0.message) < ($1.location, $1.ruleID, $1.message) }
            files[index].diagnostics.sort { ($0.location, $0.message) < ($1.location, $1.message) }
            files[index].heldNothingToJudge = !filesWithSubjects.contains(files[index].path) && !files[index].hasProblems
        }
        files.sort { $0.path < $1.path }
        let fileNames = SourceScan.fileNames(
            for: transcriptions.map { item in
                let donation = item.donation
                return switch donation.kind {
                case .userActivity: (donation.symbol, donation.activityType.string ?? "")
                case .searchableItem:
                    (
                        donation.symbol,
                        ["searchableItem", donation.property("uniqueIdentifier")?.value.string].compactMap { $0 }.joined(separator: "-")
                    )
                case .interaction: (donation.symbol, "interaction-" + (donation.activityType.string ?? ""))
                }
            })
        let payloads = transcriptions.indices.filter { !transcriptions[$0].donation.isEmbedded }.map { index in
            ExtractedPayload(
                fileName: fileNames[index], text: transcriptions[index].transcription.emittedText(symbol: transcriptions[index].donation.symbol))
        }
        var (routes, leftOut) = SourceScan.routes(from: allHandlers)
        // A universal-link handler that tells paths apart has a URL route per path: those stand
        // for its browsing-web activity route, which would take every link, the paths it turns
        // away included, and make every link it does take ambiguous in a scenario. Only when the
        // URL routes are complete: a path the scan could not decide keeps the activity route.
        if !urlDoors.table.isIncomplete {
            let linkHandlers = Set(urlDoors.routes.flatMap(\.handledIn).map(Self.handlerSymbol))
            routes.removeAll { route in
                route.activityTypes == [SourceExtractor.systemTypes["NSUserActivityTypeBrowsingWeb"]]
                    && route.handledIn.allSatisfy { linkHandlers.contains(Self.handlerSymbol($0)) }
            }
        }
        var result = LintResult(files: files, appInfo: appInfo, options: options, scansSources: true)
        // The launch handlers counted are methods, whatever door they serve and however many
        // types or URLs they tell apart: a summary that counted only the activity handlers read
        // "0 launch handlers" for an app opened only by URLs and quick actions.
        let launchMethods = Set(
            allHandlers.map { "\($0.location.file) \($0.symbol)" } + extracted.flatMap(\.urlHandlers).map { "\($0.location.file) \($0.symbol)" }
                + doors.handlers.map { "\($0.handler.location.file) \($0.handler.symbol)" })
        result.judged = Self.judged(scanned.flatMap(\.donations), handlers: launchMethods.count) + intents.judged
        // A quick action's route is named by its type, unless an activity route has that name.
        let doorRoutes = door.routes.map { route in
            var route = route
            if routes.contains(where: { $0.name == route.name }) { route.name += " (quick action)" }
            return route
        }
        var scan = SourceScan(
            result: result, payloads: payloads, routes: routes + urlDoors.routes + doorRoutes,
            handlersLeftOut: leftOut + urlDoors.leftOut + door.leftOut,
            widgetLinks: door.widgetLinks)
        scan.urlRoutes = urlDoors.table
        scan.appIntents = intents.listing
        return scan
    }

    /// The file and symbol of a route's `handledIn` entry, `path:line:column (Type.method(_:))`:
    /// the method, wherever in it the route is told apart (two targets' `SceneDelegate`s are two).
    static func handlerSymbol(_ handledIn: String) -> String {
        guard let open = handledIn.range(of: " (", options: .backwards) else { return handledIn }
        let place = handledIn[..<open.lowerBound]
        let path = place.split(separator: ":", omittingEmptySubsequences: false).dropLast(2).joined(separator: ":")
        return path + " " + handledIn[open.upperBound...].dropLast()
    }

    /// `message` with the in-memory names of the transcriptions (`donation-3.json:4:7`, which a
    /// rule comparing two donations quotes) replaced by where those donations are in Swift.
    static func namingSwift(_ message: String, _ places: [ProctorCore.SourceLocation]) -> String {
        guard message.contains("donation-") else { return message }
        var result = ""
        var rest = Substring(message)
        while let range = rest.range(of: "donation-") {
            result += rest[..<range.lowerBound]
            var after = rest[range.upperBound...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            guard let index = Int(digits), places.indices.contains(index), after.dropFirst(digits.count).hasPrefix(".json") else {
                result += "donation-"
                rest = after
                continue
            }
            after = after.dropFirst(digits.count + ".json".count)
            // The JSON line and column that follow name the transcription, not the Swift.
            while after.first == ":", after.dropFirst().first?.isNumber == true { after = after.dropFirst().drop { $0.isNumber } }
            let place = places[index]
            result += "\(place.file):\(place.line ?? 0):\(place.column ?? 0)"
            rest = after
        }
        return result + rest
    }

    /// A property `updateUserActivityState(_:)` sets, applied to the donation as the system sees
    /// it: userInfo entries added to those the code set (their keys are counted by the rules
    /// apart), any other property replaced.
    static func merge(_ property: ScannedDonation.Property, into donation: inout ScannedDonation) {
        var added = property
        added.fromStateUpdate = true
        if property.key == "userInfo", let earlier = donation.property("userInfo"), case .dictionary(let old) = earlier.value {
            switch property.value {
            case .dictionary(let new):
                added.value = .dictionary(old.filter { pair in !new.contains { $0.key == pair.key } } + new)
                added.entries = earlier.entries.filter { entry in !property.entries.contains { $0.key == entry.key } } + property.entries
            default:
                // Entries computed at run time: the constant ones stay, and the userInfo is
                // known to be incomplete.
                donation.userInfoIsIncomplete = true
                return
            }
        }
        donation.properties.append(added)
    }

    /// The userInfo keys the activities of each type carry, by type, with where they are made:
    /// nil keys when one of them is not known key by key (a userInfo computed at run time or
    /// written through a subscript, an activity handed to other code, a responder that writes its
    /// `userActivity`'s userInfo elsewhere), or when some donation's type is computed and may be
    /// that type.
    static func donatedKeys(
        _ donations: [ScannedDonation], typesAllKnown: Bool, userInfoWriters: [(type: String, location: ProctorCore.SourceLocation)]
    ) -> [String: (keys: Set<String>?, symbols: [String])] {
        var found: [String: (keys: Set<String>?, symbols: [String])] = [:]
        for donation in donations where donation.kind == .userActivity {
            guard let type = donation.activityType.string else { continue }
            var entry = found[type] ?? ([], [])
            entry.symbols.append(donation.symbol)
            let writtenElsewhere = userInfoWriters.contains { $0.type == donation.responder && !donation.userInfoPlaces.contains($0.location) }
            if !typesAllKnown || donation.currentness == .handedOn || donation.handedToOtherCode || donation.userInfoIsIncomplete || writtenElsewhere
            {
                entry.keys = nil
            } else {
                switch donation.property("userInfo")?.value {
                case nil: break
                case .dictionary(let pairs)?: entry.keys?.formUnion(pairs.map(\.key))
                default: entry.keys = nil
                }
            }
            found[type] = entry
        }
        return found
    }

    /// A Swift file as the parallel first stage leaves it.
    private struct ReadFile: Sendable {
        var file: SourceFile
        var lines: SourceLines
        var declarations: ConstantTable.Declarations
        var suppressions: (ignores: [PayloadSuppression], problems: [Diagnostic])
        /// Its syntax errors, or why it was not parsed.
        var inputErrors: [InputError]
        /// Whether it names anything the extractor reads (``SourceMarkers``).
        var mayDonateOrHandle: Bool
        /// False for a file refused before parsing: no rule judged it.
        var wasParsed = true
    }

    /// Whether `type` may be a UIKit responder, whose `userActivity` UIKit manages: not when its
    /// chain of base classes ends in a type declared as a struct, enumeration, actor or root
    /// class, or in `NSObject` or `ObservableObject`. A base class the scanned files do not
    /// declare (UIViewController, the app's framework's) may be one.
    static func mayBeResponder(_ type: String, superclasses: [String: String], nonResponders: Set<String>) -> Bool {
        var current = type
        for _ in 0..<64 {
            if nonResponders.contains(current) || ["NSObject", "ObservableObject"].contains(current) { return false }
            guard let base = superclasses[current] else { return true }
            current = base
        }
        return true
    }

    /// A launch handler that takes every type and hands the activity to one function of the
    /// app's (`coordinator.handle(userActivity)`) is that function's handlers, when the scanned
    /// files declare exactly one function of that name taking an activity, and it tells types
    /// apart (itself, or through the function it hands the activity to in turn).
    private static func followDelegation(
        in scanned: inout [(path: String, donations: [ScannedDonation], handlers: [ScannedHandler])],
        to functions: [(name: String, handlers: [ScannedHandler])]
    ) {
        var byName: [String: [ScannedHandler]] = [:]
        var declaredTwice: Set<String> = []
        for function in functions {
            if byName.updateValue(function.handlers, forKey: function.name) != nil { declaredTwice.insert(function.name) }
        }
        for name in declaredTwice { byName[name] = nil }
        /// The function that tells types apart for `name`, following further delegation, with its
        /// handlers; nil when they take every type or it is not found.
        func handlers(of name: String, seen: Set<String>) -> (function: String, handlers: [ScannedHandler])? {
            guard !seen.contains(name), let own = byName[name] else { return nil }
            if own.count == 1, own[0].activityType == nil {
                guard let next = own[0].delegatesTo else { return nil }
                return handlers(of: next, seen: seen.union([name]))
            }
            // Its own hand-on beside the types it tells apart, followed the same way.
            var found: [ScannedHandler] = []
            for handler in own {
                if handler.onlyIfFollowed {
                    if let next = handler.delegatesTo, let further = handlers(of: next, seen: seen.union([name])) { found += further.handlers }
                } else {
                    found.append(handler)
                }
            }
            return (name, found)
        }
        // A function two launch handlers reach (scene(_:continue:) and the cold launch, say,
        // through functions of their own) stands for both once.
        var followed: Set<String> = []
        for index in scanned.indices {
            scanned[index].handlers = scanned[index].handlers.flatMap { handler -> [ScannedHandler] in
                guard handler.activityType == nil, let target = handler.delegatesTo, let found = handlers(of: target, seen: []) else {
                    return handler.onlyIfFollowed ? [] : [handler]
                }
                return followed.insert(found.function).inserted ? found.handlers : []
            }
        }
    }

    /// What one file donates and handles.
    private struct Extracted: @unchecked Sendable {
        var donations: [ScannedDonation] = []
        var handlers: [ScannedHandler] = []
        var activityFunctions: [(name: String, handlers: [ScannedHandler])] = []
        var stateUpdates: [ScannedStateUpdate] = []
        var needsSaveSetters: [String] = []
        var userInfoWriters: [(type: String, location: ProctorCore.SourceLocation)] = []
        var appInitializers: [AppInitializer] = []
        var entryPoints = ScannedEntryPoints()
        var doors = ScannedDoors()
        var urlHandlers: [ScannedURLHandler] = []
        var urlFunctions: [(name: String, handler: ScannedURLHandler)] = []
        /// The declarations that may be App Intents' (SourceExtractor+AppIntents.swift).
        var appIntents: [ScannedAppIntentDeclaration] = []
        /// The calls handing the system an entity or an intent (SourceExtractor+AppEntities.swift).
        var entityUses: [ScannedEntityUse] = []
        /// When the file indexes app entities: the type names it holds.
        var namesInIndexingFile: Set<String>?
        /// Communication notifications (SourceExtractor+CommunicationNotifications.swift).
        var contentUpdates: [ScannedContentUpdate] = []
        var intentBuilders: [ScannedIntentBuilder] = []
        var intentDonors: [ScannedIntentDonor] = []
        /// False for a file the byte filter let go, which was not parsed a second time.
        var wasExtracted = false
    }

    /// The offset of the first byte that is not valid UTF-8.
    static func firstInvalidByte(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }

    static func line(ofByte offset: Int, in bytes: [UInt8]) -> Int {
        bytes.prefix(offset).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// A donation's name in findings and baselines: its symbol and type, stable when lines move.
    static func pointer(donation: ScannedDonation) -> JSONPointer {
        switch donation.kind {
        case .userActivity: JSONPointer([donation.symbol, "donation", donation.activityType.string ?? "(dynamic)"])
        case .searchableItem: JSONPointer([donation.symbol, "searchableItem", donation.property("uniqueIdentifier")?.value.string ?? "(dynamic)"])
        case .interaction: JSONPointer([donation.symbol, "interaction", donation.activityType.string ?? "(dynamic)"])
        }
    }

    /// A Swift file that does not parse, with the parser's message.
    package static let syntaxError = ProblemCode(
        "swift_syntax_error",
        summary:
            "A Swift file does not parse; each error swift-syntax finds is reported where it is, and the file is read as far as the parser recovered."
    )

    /// A Swift file that nests `[` too deep to parse in reasonable time (``BracketNesting``).
    package static let bracketsTooDeep = ProblemCode(
        "swift_brackets_too_deep",
        summary:
            "A Swift file nests '[' more than \(BracketNesting.squareBracketLimit) levels deep, which swift-syntax's parser takes exponential time on, so it is not scanned."
    )

    /// A Swift file with too many brackets of any kind open at once to parse in reasonable time
    /// (``BracketNesting``).
    package static let nestingTooDeep = ProblemCode(
        "swift_nesting_too_deep",
        summary:
            "A Swift file has more than \(BracketNesting.openBracketLimit) brackets, parentheses, braces and interpolations open at once, which swift-syntax's parser recovers from in time that grows with the cube of that depth, so it is not scanned."
    )

    /// A Swift file with a chain of `<` too long to parse in reasonable time (``BracketNesting``).
    package static let angleBracketsTooDeep = ProblemCode(
        "swift_angle_brackets_too_deep",
        summary:
            "A Swift file has more than \(BracketNesting.angleBracketLimit) '<' open at once that may start generic arguments, which swift-syntax's parser looks ahead through in time quadratic in their number, so it is not scanned."
    )

    /// The code of a refusal for going past `limit`: `[` keeps the code it has always had, so
    /// baselines and scripts that name it still hold.
    static func code(for limit: BracketNesting.Limit) -> ProblemCode {
        switch limit {
        case .squareBrackets: bracketsTooDeep
        case .openBrackets: nestingTooDeep
        case .angleBrackets: angleBracketsTooDeep
        }
    }

    /// What a refusal for going past `limit` says, at the opener that went past it.
    static func message(for limit: BracketNesting.Limit) -> String {
        switch limit {
        case .squareBrackets:
            "'[' opens more than \(limit.depth) levels deep here; swift-syntax's parser takes twice as long for each level past that, so the file is not scanned"
        case .openBrackets:
            "more than \(limit.depth) brackets, parentheses, braces and interpolations are open here; swift-syntax's parser recovers from unclosed ones in time that grows with the cube of that depth, so the file is not scanned"
        case .angleBrackets:
            "more than \(limit.depth) '<' that may start generic arguments are open here (as in 'a < b < c'); swift-syntax's parser looks ahead through all of them at each one, so the file is not scanned"
        }
    }

    /// The most syntax errors reported for one file: the first ones say what is wrong.
    static let syntaxErrorLimit = 20

    /// A Swift file that is not UTF-8.
    package static let invalidEncoding = ProblemCode("swift_invalid_utf8", summary: "A Swift file is not valid UTF-8, so it is not scanned.")

    /// A value the scan cannot know statically, and the check it leaves out.
    package static let dynamicValue = ProblemCode(
        "scan_dynamic_value", severity: .note,
        summary: "A value in the Swift source is computed at run time, so the checks that need it are left out.")
}
