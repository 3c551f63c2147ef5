import ProctorCore

/// Which platform an Info.plist describes an app for, and the oldest release it supports there.
///
/// A built app says both: an iOS, iPadOS, watchOS, tvOS or visionOS app has `MinimumOSVersion`
/// and `UIDeviceFamily` (Xcode writes them from the deployment target and TARGETED_DEVICE_FAMILY),
/// a Mac app has `LSMinimumSystemVersion`. A source Info.plist usually has neither, and then the
/// platform is unknown: rules are judged with the iOS profile, as they always were.
extension AppInfo {
    /// The platform the keys of `root` name, or nil when they name none or disagree.
    ///
    /// `UIDeviceFamily` decides when present (1 and 2 are iOS, 3 tvOS, 4 watchOS, 7 visionOS);
    /// `UISupportedDevices` (model identifiers such as `iPhone15,2`) only narrows the iOS devices,
    /// so it says iOS; `LSMinimumSystemVersion` without `MinimumOSVersion` says macOS;
    /// `MinimumOSVersion` alone says iOS, the platform it has always meant here.
    static func platform(of root: [String: Any]) -> Platform? {
        if let families = root["UIDeviceFamily"] as? [Any] {
            let numbers = families.compactMap(deviceFamilyNumber)
            let platforms = Set(numbers.compactMap(Platform.init(deviceFamily:)))
            // An app is built for one platform; a list naming several (or none Apple lists) says nothing sure.
            return platforms.count == 1 ? platforms.first : nil
        }
        if root["UISupportedDevices"] is [Any] { return .iOS }
        if root["MinimumOSVersion"] == nil, root["LSMinimumSystemVersion"] is String { return .macOS }
        if root["MinimumOSVersion"] != nil { return .iOS }
        return nil
    }

    /// A `UIDeviceFamily` entry as a number: an integer as a property list or JSON facts hold it
    /// (whatever its width), or a string of digits as some Info.plists write it.
    private static func deviceFamilyNumber(_ entry: Any) -> Int? {
        switch entry {
        case let number as any BinaryInteger: Int(exactly: number)
        case let number as Double: Int(exactly: number)
        case let text as String: Int(text)
        default: nil
        }
    }

    /// The oldest release the app supports: the deployment target on its platform (iOS when the
    /// platform is unknown), or `LSMinimumSystemVersion` for a Mac app. Nil while unknown.
    package var minimumRelease: OSRelease? {
        let platform = self.platform ?? .iOS
        let version = platform == .macOS ? minimumSystemVersion : deploymentTarget
        return version.map { OSRelease(platform, $0) }
    }
}
