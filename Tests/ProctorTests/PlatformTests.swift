import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import Testing

@testable import ProctorLint
@testable import ProctorRules

@Suite("Platforms and releases")
struct PlatformTests {
    private func facts(_ json: String) throws -> AppInfo {
        let read = try appInfo(fromJSON: json)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        return try #require(read.appInfo)
    }

    @Test func theInfoPlistNamesThePlatform() throws {
        #expect(try facts(#"{"UIDeviceFamily": [1, 2], "MinimumOSVersion": "15.0"}"#).platform == .iOS)
        #expect(try facts(#"{"UIDeviceFamily": [4], "MinimumOSVersion": "9.0"}"#).platform == .watchOS)
        #expect(try facts(#"{"UIDeviceFamily": [3]}"#).platform == .tvOS)
        #expect(try facts(#"{"UIDeviceFamily": [7], "MinimumOSVersion": "1.0"}"#).platform == .visionOS)
        #expect(try facts(#"{"UISupportedDevices": ["iPhone15,2"]}"#).platform == .iOS)
        #expect(try facts(#"{"LSMinimumSystemVersion": "11.0"}"#).platform == .macOS)
        #expect(try facts(#"{"MinimumOSVersion": "15.0"}"#).platform == .iOS)
        // Nothing says, or the families disagree: unknown, not a guess.
        #expect(try facts(#"{"CFBundleIdentifier": "com.example.places"}"#).platform == nil)
        #expect(try facts(#"{"UIDeviceFamily": [1, 4]}"#).platform == nil)
    }

    @Test func theOldestReleaseIsOnThePlatform() throws {
        #expect(try facts(#"{"LSMinimumSystemVersion": "11.3"}"#).minimumRelease == OSRelease(.macOS, OSVersion(major: 11, minor: 3)))
        #expect(try facts(#"{"UIDeviceFamily": [4], "MinimumOSVersion": "9.0"}"#).minimumRelease == OSRelease(.watchOS, OSVersion(major: 9)))
        // No platform named: the deployment target is an iOS release, as it always was.
        var stated = AppInfo(source: "--deployment-target", isFromInfoPlist: false)
        stated.deploymentTarget = OSVersion(major: 13, minor: 4)
        #expect(stated.minimumRelease == .iOS(13, 4))
        #expect(try facts(#"{"CFBundleIdentifier": "com.example.places"}"#).minimumRelease == nil)
    }

    @Test func availabilityAdmitsByPlatformAndOldestRelease() {
        let before14: RuleAvailability = [.iOS(before: 14)]
        #expect(before14.admits(.iOS, OSVersion(major: 13, minor: 4)))
        #expect(!before14.admits(.iOS, OSVersion(major: 14)))
        #expect(!before14.admits(.iOS, nil))
        #expect(!before14.admits(.watchOS, OSVersion(major: 9)))
        #expect(before14.needsDeploymentTarget)
        let from13: RuleAvailability = [.iOS(from: 13)]
        #expect(from13.admits(.iOS, OSVersion(major: 13)) && !from13.admits(.iOS, OSVersion(major: 12, minor: 4)))
        let watch: RuleAvailability = [.all(.watchOS)]
        #expect(watch.admits(.watchOS, nil) && !watch.admits(.iOS, nil) && !watch.needsDeploymentTarget)
        #expect(RuleAvailability.everywhere.admits(.visionOS, nil) && !RuleAvailability.everywhere.needsDeploymentTarget)
        #expect(watch.unmet(by: .iOS) == "applies to watchOS apps only, and the app is for iOS")
        #expect(RuleAvailability.everywhere.unmet(by: .macOS) == nil)
    }

    @Test func theEngineJudgesAGatedRuleOnlyWhereItApplies() throws {
        let rule = ReservationRequiresIOS14Rule.description
        #expect(rule.needsDeploymentTarget, "a version-bounded availability needs the deployment target")
        let bus = try #require(rule.failing.first).input
        func reported(_ json: String) throws -> Bool {
            lint(bus, appInfo: try facts(json)).files.flatMap(\.findings).contains { $0.ruleID == rule.id }
        }
        #expect(try reported(#"{"UIDeviceFamily": [1], "MinimumOSVersion": "13.0"}"#))
        #expect(try !reported(#"{"UIDeviceFamily": [1], "MinimumOSVersion": "14.0"}"#))
        // The same deployment target on another platform: the iOS rule is not run, and its report
        // cases are skipped with the reason.
        let watchApp = try facts(#"{"UIDeviceFamily": [4], "MinimumOSVersion": "13.0"}"#)
        #expect(try !reported(#"{"UIDeviceFamily": [4], "MinimumOSVersion": "13.0"}"#))
        #expect(rule.unmetRequirement(watchApp) == "applies to iOS apps only, and the app is for watchOS")
        // Out of range on its platform, the rule is not skipped: nothing can break it, so it passes.
        #expect(rule.unmetRequirement(try facts(#"{"MinimumOSVersion": "14.0"}"#)) == nil)
    }
}
