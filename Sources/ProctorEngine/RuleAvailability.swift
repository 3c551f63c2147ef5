import ProctorCore

/// The platforms and releases a rule judges apps for: everywhere (the default), or a list of
/// ranges such as `[.iOS(from: 13)]` or `[.iOS(before: 14)]`.
///
/// The release judged is the oldest the app supports, its deployment target
/// (``AppInfo/minimumRelease``): a rule about what an app still supporting iOS 13 loses is
/// `.iOS(before: 14)`, a rule about what an app requiring iOS 13 no longer needs is
/// `.iOS(from: 13)`. A rule bounded by a version needs the deployment target and is skipped
/// while it is unknown, like any rule whose facts are missing (``RuleRequirements``). Where the
/// release is known and outside every range, the engine does not run the rule: nothing in the app
/// can break it, so it has nothing to report and its cases pass. An app for none of the rule's
/// platforms is not judged by it, and reports say so (``unmet(by:)``). An app whose platform
/// nothing names is judged as an iOS app, the model Proctor has always had.
package struct RuleAvailability: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// One platform's releases, from `from` (included) to `before` (excluded), either open.
    package struct Range: Sendable, Equatable {
        package var platform: Platform
        package var from: OSVersion?
        package var before: OSVersion?

        package init(_ platform: Platform, from: OSVersion? = nil, before: OSVersion? = nil) {
            self.platform = platform
            self.from = from
            self.before = before
        }

        /// Every iOS release from `major.minor` on.
        package static func iOS(from major: Int, _ minor: Int = 0) -> Range { Range(.iOS, from: OSVersion(major: major, minor: minor)) }
        /// Every iOS release before `major.minor`.
        package static func iOS(before major: Int, _ minor: Int = 0) -> Range { Range(.iOS, before: OSVersion(major: major, minor: minor)) }
        /// Every release of `platform`.
        package static func all(_ platform: Platform) -> Range { Range(platform) }

        /// Whether the range holds `version`; an unbounded range holds every version, known or not.
        func holds(_ version: OSVersion?) -> Bool {
            if from == nil && before == nil { return true }
            guard let version else { return false }
            return from.map { version >= $0 } ?? true && before.map { version < $0 } ?? true
        }
    }

    /// The ranges; nil for every platform and release.
    package var ranges: [Range]?

    /// Every platform, every release: a rule that says nothing of availability.
    package static let everywhere = RuleAvailability(ranges: nil)

    package init(ranges: [Range]?) { self.ranges = ranges }
    package init(arrayLiteral ranges: Range...) { self.ranges = ranges }

    /// Whether a version bounds one of the ranges: the rule then judges the deployment target
    /// and cannot be evaluated without it.
    package var needsDeploymentTarget: Bool { ranges?.contains { $0.from != nil || $0.before != nil } ?? false }

    /// The platforms named, in the order given; nil for every platform.
    package var platforms: [Platform]? {
        ranges.map { ranges in ranges.map(\.platform).reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
    }

    /// Whether the rule judges an app for `release`: its platform, and the oldest version it
    /// supports when known.
    package func admits(_ platform: Platform, _ minimum: OSVersion?) -> Bool {
        guard let ranges else { return true }
        return ranges.contains { $0.platform == platform && $0.holds(minimum) }
    }

    /// Why an app for `platform` is not judged by the rule, or nil when its platform is one the
    /// rule names: the reason its report cases are skipped with.
    package func unmet(by platform: Platform) -> String? {
        guard let platforms, !platforms.contains(platform) else { return nil }
        return "applies to \(platforms.map(\.rawValue).joined(separator: ", ")) apps only, and the app is for \(platform)"
    }
}
