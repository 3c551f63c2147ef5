import Foundation
import ProctorCore

/// SARIF 2.1.0 for GitHub code scanning and other SARIF consumers.
///
/// Findings are `results`, one per finding, with a relative, percent-encoded URI, a region only
/// when the line is known (line 0 is invalid), columns counted in Unicode code points, and a
/// fingerprint built from rule, file and JSON Pointer so an alert survives reformatting. Input
/// errors and decoding diagnostics are the invocation's `toolExecutionNotifications`, described by
/// `driver.notifications`; input errors and decoding errors are results too, under a rule of their
/// code (tagged `input`), since code scanning shows only results.
enum SARIFReporter {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: ToolComponentWrapper
        var invocations: [Invocation]
        var results: [Result]
        var columnKind = "unicodeCodePoints"
        var automationDetails: AutomationDetails
    }

    struct AutomationDetails: Encodable { var id: String }

    struct ToolComponentWrapper: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "proctor"
        var semanticVersion = ProctorVersion.current
        var rules: [ReportingDescriptor]
        var notifications: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String?
        var shortDescription: Text
        var fullDescription: Text?
        var help: Help?
        var defaultConfiguration: Configuration
        var properties: Properties?
    }

    struct Text: Encodable { var text: String }
    struct Help: Encodable {
        var text: String
        var markdown: String
    }
    struct Configuration: Encodable { var level: String }
    struct Properties: Encodable {
        var tags: [String]
        var precision = "very-high"
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        var descriptor: DescriptorReference
        var level: String
        var message: Text
        var locations: [Location]
    }

    struct DescriptorReference: Encodable { var id: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
        /// Present only for findings a scenario expects: SARIF's way to say "seen and accepted".
        var suppressions: [Suppression]?
    }

    struct Suppression: Encodable {
        var kind = "inSource"
        var justification: String
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        /// Only for relative URIs: SARIF forbids a base on an absolute one.
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    struct LogicalLocation: Encodable {
        var fullyQualifiedName: String
        var kind = "element"
    }

    static func render(_ report: RunReport) -> String {
        var ruleIndex = Dictionary(uniqueKeysWithValues: report.rules.enumerated().map { ($1.id, $0) })
        var rules = report.rules.map(descriptor)
        // The run's own failed checks are results too, under one descriptor per kind of check, so
        // code scanning shows a broken expectation at its step.
        let checkIDs = Set(report.checks.map(\.id))
        // A run without checks of its own (lint) has no such case: its cases are not made.
        let checkCases =
            checkIDs.isEmpty
            ? []
            : report.suites.flatMap(\.cases).filter { testCase in
                guard testCase.location != nil, case .failed(let type, _, _) = testCase.outcome else { return false }
                return checkIDs.contains(type)
            }
        if !checkCases.isEmpty {
            for check in report.checks {
                ruleIndex[check.id] = rules.count
                rules.append(descriptor(check))
            }
        }
        var notificationCodes = Set<ProblemCode>()
        var inputRuleIndex: [ProblemCode: Int] = [:]
        var notifications: [Notification] = []
        var results: [Result] = []
        var fingerprintUses: [String: Int] = [:]
        for suite in report.suites {
            // An input that could not be read or decoded is also a result, at its place: code
            // scanning shows results, not the invocation's notifications, and a run that exits 2
            // on a mistyped Info.plist must show why on the pull request.
            func inputResult(_ code: ProblemCode, _ level: String, _ message: String, _ at: SourceLocation) {
                if inputRuleIndex[code] == nil {
                    inputRuleIndex[code] = rules.count
                    // GitHub shows a rule's full description and help beside each alert.
                    let about =
                        "\(code.summary) The input is not read or decoded as it stands, so the rules do not judge it (or all of it), and the run exits 2; docs/input-format.md says what each input may hold."
                    rules.append(
                        ReportingDescriptor(
                            id: code.rawValue, name: pascalCase(code.rawValue), shortDescription: Text(text: code.summary),
                            fullDescription: Text(text: about),
                            help: Help(text: about, markdown: about),
                            defaultConfiguration: Configuration(level: code.severity.rawValue), properties: Properties(tags: ["input"])))
                }
                let identity = [code.rawValue, at.file, at.pointer ?? "", at.line.map(String.init) ?? ""].joined(separator: "\u{1F}")
                let occurrence = fingerprintUses[identity, default: 0]
                fingerprintUses[identity] = occurrence + 1
                results.append(
                    Result(
                        ruleId: code.rawValue, ruleIndex: inputRuleIndex[code]!, level: level, message: Text(text: message),
                        locations: [location(at)],
                        partialFingerprints: ["proctorFinding/v1": stableHash(occurrence == 0 ? identity : identity + "\u{1F}\(occurrence)")],
                        suppressions: nil))
            }
            for error in suite.inputErrors {
                notificationCodes.insert(error.code)
                notifications.append(
                    Notification(
                        descriptor: DescriptorReference(id: error.code.rawValue), level: "error", message: Text(text: error.message),
                        locations: [location(error.location)]))
                inputResult(error.code, "error", error.message, error.location)
            }
            for diagnostic in suite.diagnostics {
                notificationCodes.insert(diagnostic.code)
                notifications.append(
                    Notification(
                        descriptor: DescriptorReference(id: diagnostic.code.rawValue), level: diagnostic.severity.rawValue,
                        message: Text(text: diagnostic.message), locations: [location(diagnostic.location)]))
                if diagnostic.severity == .error { inputResult(diagnostic.code, "error", diagnostic.message, diagnostic.location) }
            }
            for finding in suite.findings {
                // Rule, file and pointer: stable when lines move or a quoted size changes. Repeats
                // (the same pointer on several JSON Lines) are numbered in report order.
                let identity = [finding.ruleID, finding.location.file, finding.location.pointer ?? ""].joined(separator: "\u{1F}")
                let occurrence = fingerprintUses[identity, default: 0]
                fingerprintUses[identity] = occurrence + 1
                let fingerprint = stableHash(occurrence == 0 ? identity : identity + "\u{1F}\(occurrence)")
                results.append(
                    Result(
                        ruleId: finding.ruleID, ruleIndex: ruleIndex[finding.ruleID] ?? 0, level: finding.severity.rawValue,
                        message: Text(text: finding.message), locations: [location(finding.location)],
                        partialFingerprints: ["proctorFinding/v1": fingerprint],
                        // A scenario's expectation is written in the source; a baseline is kept apart.
                        suppressions: finding.suppression.map { reason in
                            [Suppression(kind: reason.hasPrefix(Finding.baselineSuppressionPrefix) ? "external" : "inSource", justification: reason)]
                        }))
            }
        }
        for testCase in checkCases {
            guard case .failed(let type, let message, let details) = testCase.outcome, let location = testCase.location else { continue }
            // Check, file and pointer, like findings: stable when lines move above the step.
            let identity = [type, location.file, location.pointer ?? ""].joined(separator: "\u{1F}")
            let occurrence = fingerprintUses[identity, default: 0]
            fingerprintUses[identity] = occurrence + 1
            results.append(
                Result(
                    ruleId: type, ruleIndex: ruleIndex[type] ?? 0, level: "error",
                    message: Text(text: "\(message)\n\(details)"), locations: [self.location(location)],
                    partialFingerprints: ["proctorFinding/v1": stableHash(occurrence == 0 ? identity : identity + "\u{1F}\(occurrence)")],
                    suppressions: nil))
        }
        let notificationDescriptors = notificationCodes.sorted().map { code in
            ReportingDescriptor(
                id: code.rawValue, name: nil, shortDescription: Text(text: code.summary), fullDescription: nil, help: nil,
                defaultConfiguration: Configuration(level: code.severity.rawValue), properties: nil)
        }
        let log = Log(runs: [
            Run(
                tool: ToolComponentWrapper(driver: Driver(rules: rules, notifications: notificationDescriptors)),
                invocations: [Invocation(executionSuccessful: report.allInputErrors.isEmpty, toolExecutionNotifications: notifications)],
                results: results,
                automationDetails: AutomationDetails(id: "proctor/\(report.command)/"))
        ])
        return JSONReporter.encode(log)
    }

    private static func location(_ source: SourceLocation) -> Location {
        Location(
            physicalLocation: PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: percentEncode(source.file), uriBaseId: source.file.hasPrefix("/") ? nil : "%SRCROOT%"),
                region: source.line.flatMap { $0 >= 1 ? Region(startLine: $0, startColumn: source.column) : nil }),
            logicalLocations: source.pointer.map { [LogicalLocation(fullyQualifiedName: $0.isEmpty ? "/" : $0)] })
    }

    private static func descriptor(_ check: any ReportedCheck) -> ReportingDescriptor {
        ReportingDescriptor(
            id: check.id, name: pascalCase(check.id), shortDescription: Text(text: check.summary),
            fullDescription: Text(text: check.rationale), help: Help(text: check.helpText, markdown: check.helpMarkdown),
            defaultConfiguration: Configuration(level: check.defaultSeverity.rawValue), properties: Properties(tags: [check.tag]))
    }

    /// Percent-encodes everything but unreserved characters and `/`, as a relative URI reference.
    /// Made once: Foundation builds a bitmap for every set made from characters, which was an
    /// eighth of the run when a report had hundreds of thousands of locations.
    private static let uriCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    static func percentEncode(_ path: String) -> String {
        let allowed = uriCharacters
        var trimmed = path
        while trimmed.hasPrefix("/") { trimmed.removeFirst() }  // an absolute path given by the user stays recognisable
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: allowed) ?? trimmed
        return path.hasPrefix("/") ? "file:///" + encoded : encoded
    }

    private static func pascalCase(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
