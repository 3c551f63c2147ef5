import Foundation
import ProctorLint
import SwiftParser
import SwiftSyntax
import Testing

@testable import ProctorScan

/// The scan reads an iOS app: `#if` clauses another platform's build compiles are left out, and
/// any condition that depends on more than the platform is read (found scanning an app built for
/// iOS and macOS, whose Mac activity types were judged against the iOS Info.plist).
@Suite("Source scan: #if for other platforms")
struct PlatformConditionsTests {
    /// Which clauses of `source`'s first `#if` are read, by their first line.
    private func compiled(_ source: String) throws -> [String] {
        let tree = Parser.parse(source: source)
        let node = try #require(tree.statements.first?.item.as(IfConfigDeclSyntax.self))
        return PlatformConditions.clausesCompiledOnIOS(node).map { $0.poundKeyword.text + " " + ($0.condition?.trimmedDescription ?? "") }
    }

    @Test(
        arguments: [
            ("#if os(macOS)\nlet a = 1\n#else\nlet a = 2\n#endif", ["#else "]),
            ("#if os(iOS)\nlet a = 1\n#else\nlet a = 2\n#endif", ["#if os(iOS)"]),
            // AppKit can be imported in the app's Mac Catalyst build.
            (
                "#if canImport(AppKit)\nlet a = 1\n#elseif canImport(UIKit)\nlet a = 2\n#else\nlet a = 3\n#endif",
                ["#if canImport(AppKit)", "#elseif canImport(UIKit)"]
            ),
            ("#if !os(iOS)\nlet a = 1\n#endif", []),
            ("#if os(macOS) || os(watchOS)\nlet a = 1\n#endif", []),
            ("#if os(iOS) && DEBUG\nlet a = 1\n#else\nlet a = 2\n#endif", ["#if os(iOS) && DEBUG", "#else "]),
            ("#if os(macOS) && DEBUG\nlet a = 1\n#else\nlet a = 2\n#endif", ["#else "]),
            ("#if DEBUG || os(iOS)\nlet a = 1\n#else\nlet a = 2\n#endif", ["#if DEBUG || os(iOS)"]),
            ("#if (os(macOS))\nlet a = 1\n#elseif targetEnvironment(macCatalyst)\nlet a = 2\n#endif", ["#elseif targetEnvironment(macCatalyst)"]),
            ("#if os(macOS) == false\nlet a = 1\n#endif", ["#if os(macOS) == false"]),
            ("#if swift(>=6)\nlet a = 1\n#endif", ["#if swift(>=6)"]),
        ] as [(String, [String])])
    func onlyWhatIOSMayCompileIsRead(_ source: String, _ expected: [String]) throws {
        #expect(try compiled(source) == expected, "\(source)")
    }

    /// Donations, their properties and the constants under another platform's `#if` are not the app's.
    @Test func anotherPlatformsDonationsAreLeftOut() {
        let source = """
            enum Kind {
                #if os(macOS)
                static let read = "ReadArticle"
                #else
                static let read = "com.example.places.view"
                #endif
            }
            func donate() {
                #if os(macOS)
                let mac = NSUserActivity(activityType: "ReadArticle")
                mac.becomeCurrent()
                #endif
                let activity = NSUserActivity(activityType: Kind.read)
                #if os(watchOS)
                activity.title = ""
                #endif
                activity.becomeCurrent()
            }
            """
        let result = SourceScanner.scan(
            [.init(path: "A.swift", text: source)], appInfo: nil, options: LintOptions(now: Date(timeIntervalSince1970: 0), parallel: false)
        ).result
        #expect(result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.message)" }.isEmpty)
        #expect(result.files.flatMap(\.diagnostics).isEmpty, "\(result.files.flatMap(\.diagnostics).map(\.message))")
        #expect(result.files.map(\.payloadCount) == [1])
    }
}
