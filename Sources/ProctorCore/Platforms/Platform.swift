/// An operating system an app is built for, as Apple's availability names it
/// (`@available(iOS 14, macOS 11, watchOS 7, tvOS 14, visionOS 1, *)`) and as the app's
/// Info.plist tells it.
///
/// iPadOS is not a platform here: an iPad app's Info.plist has the same `MinimumOSVersion` as an
/// iPhone app's, numbered like iOS, and availability has no iPadOS; iPhone and iPad are device
/// families of iOS (`UIDeviceFamily` 1 and 2). Mac Catalyst is left out until a rule needs it: its
/// apps state `LSMinimumSystemVersion` like any Mac app.
package enum Platform: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case iOS
    case macOS
    case watchOS
    case tvOS
    case visionOS

    package var description: String { rawValue }

    /// The platform of a `UIDeviceFamily` entry (1 iPhone and 2 iPad are iOS, 3 Apple TV, 4 Apple
    /// Watch, 7 Apple Vision Pro); nil for a number Apple does not list.
    package init?(deviceFamily: Int) {
        switch deviceFamily {
        case 1, 2: self = .iOS
        case 3: self = .tvOS
        case 4: self = .watchOS
        case 7: self = .visionOS
        default: return nil
        }
    }
}

/// One release of one platform: iOS 14, macOS 11.3. What a device runs, and the oldest release an
/// app supports (its deployment target).
package struct OSRelease: Sendable, Hashable, CustomStringConvertible {
    package var platform: Platform
    package var version: OSVersion

    package init(_ platform: Platform, _ version: OSVersion) {
        self.platform = platform
        self.version = version
    }

    package static func iOS(_ major: Int, _ minor: Int = 0) -> OSRelease { OSRelease(.iOS, OSVersion(major: major, minor: minor)) }

    package var description: String { "\(platform) \(version)" }
}
