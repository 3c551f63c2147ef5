import ArgumentParser
import Foundation
import ProctorFiles
import ProctorLinks
import ProctorReports

/// `proctor links`: universal links, for a web developer at the terminal.
struct Links: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Universal links: what iOS does with a URL, given the domains' apple-app-site-association files.",
        subcommands: [LinksCheck.self])
}

struct LinksCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Say, for each URL, whether iOS opens the app (and which component lets it) or Safari (and why).",
        discussion: """
            Each URL gets a verdict: app, safari, or undecided (Proctor was not given what it needs to \
            know, such as the domain's file). docs/links.md describes the matching, step by step, with \
            Apple's sources. Exit code 0 when every file was read, 2 when one could not be read or \
            decoded (its URLs are then undecided).
            """)

    @Argument(help: "URLs to check, such as https://example.com/products/42?ref=mail.")
    var urls: [String]

    @Option(
        name: .customLong("aasa"),
        help: ArgumentHelp("The apple-app-site-association file a domain serves. Repeatable.", valueName: "domain=path"))
    var sites: [SiteArgument] = []

    @Option(
        name: .customLong("entitlements"),
        help: ArgumentHelp(
            "The app's .entitlements file (XML or binary): a domain its Associated Domains do not list opens in Safari.", valueName: "path"))
    var entitlements: String?

    @Option(
        name: .customLong("app-id"),
        help: ArgumentHelp("The app under test, TEAMID.bundle.identifier: only entries naming it open it.", valueName: "id"))
    var appID: String?

    @Option(name: .customLong("team-identifier"), help: "The app's team identifier (with --bundle-identifier, instead of --app-id).")
    var teamIdentifier: String?

    @Option(name: .customLong("bundle-identifier"), help: "The app's bundle identifier (with --team-identifier).")
    var bundleIdentifier: String?

    @Option(
        name: .customLong("safari-page"),
        help: ArgumentHelp("The URLs are tapped on this page in Safari: a link to the page's own host stays in Safari.", valueName: "url"))
    var safariPage: String?

    @Flag(name: .customLong("typed-in-safari"), help: "The URLs are typed into Safari's address bar, where they load in Safari.")
    var typedInSafari = false

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "text or json, optionally followed by :PATH (standard output otherwise). Repeatable, one path each.", valueName: "format[:path]"))
    var reports: [LinksReportRequest] = []

    struct LinksReportRequest: ExpressibleByArgument {
        var json: Bool
        var destination: String

        init?(argument: String) {
            let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
            guard let format = parts.first, format == "text" || format == "json" else { return nil }
            json = format == "json"
            destination = parts.count > 1 && !parts[1].isEmpty ? parts[1] : ReportWriter.standardOutput
        }
    }

    func validate() throws {
        if (teamIdentifier == nil) != (bundleIdentifier == nil) {
            throw ValidationError("give --team-identifier and --bundle-identifier together, or --app-id TEAMID.bundle.identifier")
        }
        if appID != nil && teamIdentifier != nil {
            throw ValidationError("give either --app-id or --team-identifier with --bundle-identifier, not both")
        }
        if safariPage != nil && typedInSafari {
            throw ValidationError(
                "a link is either tapped on a Safari page (--safari-page) or typed into Safari's address bar (--typed-in-safari), not both")
        }
        if let safariPage, LinkURL(safariPage).map({ $0.scheme == "http" || $0.scheme == "https" }) != true {
            throw ValidationError("--safari-page '\(safariPage)' is not an http or https URL with a host")
        }
        try UsageChecks.reportDestinations(reports.map(\.destination), wording: .plain)
    }

    func run() throws {
        let inputs =
            sites.map { ($0.path, "the apple-app-site-association file of \($0.domain)") }
            + (entitlements.map { [($0, "the entitlements file")] } ?? [])
        _ = try RunOutputs.checked(reports.map { ($0.destination, "the \($0.json ? "json" : "text") report") }, against: inputs)
        let app =
            appID ?? zip([teamIdentifier], [bundleIdentifier]).compactMap { team, bundle in team.flatMap { t in bundle.map { "\(t).\($0)" } } }.first
        let origin: LinkOrigin = typedInSafari ? .safariAddressBar : safariPage.map(LinkOrigin.safariPage) ?? .otherApp
        let result = LinkCheck.run(urls: urls, sites: sites.map { ($0.domain, $0.path) }, appID: app, entitlements: entitlements, from: origin)
        var wrote = true
        for request in reports.isEmpty ? [LinksReportRequest(argument: "text")!] : reports {
            do {
                try ReportWriter.write(request.json ? LinkCheck.json(result) : LinkCheck.text(result), to: request.destination)
            } catch {
                Output.standardError("error: \(error)\n")
                wrote = false
            }
        }
        let readable = result.inputErrors.isEmpty && !result.diagnostics.contains { $0.severity == .error }
        throw ExitCode(!wrote ? 3 : readable ? 0 : 2)
    }
}
