import Foundation
import ProctorCore
import ProctorJSON

/// What Proctor is told about the app besides its Info.plist: facts no Info.plist key holds (or
/// that a source Info.plist leaves to build settings). Given by `proctor lint
/// --deployment-target/--service-name`, a scenario's `app`, or a conformance case's `config`.
package struct AppConfiguration: Sendable, Equatable {
    /// The iOS deployment target; overrides `MinimumOSVersion`.
    package var deploymentTarget: OSVersion?
    /// The messaging services the app speaks, when it speaks several (the `serviceName` values).
    package var serviceNames: [String]?
    /// The Apple Developer Team ID (the application identifier prefix): with the bundle
    /// identifier, the app ID an apple-app-site-association file names. No Info.plist key holds it.
    package var teamIdentifier: String?

    package init(deploymentTarget: OSVersion? = nil, serviceNames: [String]? = nil, teamIdentifier: String? = nil) {
        self.deploymentTarget = deploymentTarget
        self.serviceNames = serviceNames
        self.teamIdentifier = teamIdentifier
    }

    package var isEmpty: Bool { deploymentTarget == nil && serviceNames == nil && teamIdentifier == nil }

    /// The keys of a `config` object, in the order the docs list them.
    package static let keys = ["deploymentTarget", "serviceNames", "teamIdentifier"]

    /// Whether `text` has the form of a Team ID: ten uppercase letters and digits.
    package static func isTeamIdentifier(_ text: String) -> Bool {
        text.utf8.count == 10 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    }

    /// Lays the configuration over facts read from an Info.plist, or makes facts of its own (not
    /// from an Info.plist, so rules that need one stay skipped).
    package func apply(to appInfo: AppInfo?) -> AppInfo? {
        guard !isEmpty else { return appInfo }
        var info = appInfo ?? AppInfo(source: "configuration", isFromInfoPlist: false)
        if let deploymentTarget { info.deploymentTarget = deploymentTarget }
        if let serviceNames {
            // A name given twice is one service.
            var seen: Set<String> = []
            info.serviceNames = serviceNames.filter { seen.insert($0).inserted }
        }
        if let teamIdentifier { info.teamIdentifier = teamIdentifier }
        return info
    }

    /// Reads a `config` object (`{"deploymentTarget": "15.0", "serviceNames": ["Jabber", "ICQ"]}`);
    /// the message names what is wrong, for the caller to locate.
    package static func decode(_ node: JSONNode) -> Result<AppConfiguration, ConfigurationError> {
        guard case .object(let object) = node.value else {
            return .failure(ConfigurationError(message: "the configuration is an object with \(keys.joined(separator: ", "))", pointer: .root))
        }
        var configuration = AppConfiguration()
        for member in object.members {
            let pointer = JSONPointer.root.appending(member.key)
            switch member.key {
            case "deploymentTarget":
                guard case .string(let text) = member.value.value, let version = OSVersion(text) else {
                    return .failure(ConfigurationError(message: "deploymentTarget is an iOS version string such as \"15.0\"", pointer: pointer))
                }
                configuration.deploymentTarget = version
            case "serviceNames":
                guard case .array(let elements) = member.value.value else {
                    return .failure(ConfigurationError(message: "serviceNames is an array of strings", pointer: pointer))
                }
                var names: [String] = []
                for (index, element) in elements.enumerated() {
                    guard case .string(let name) = element.value, !name.isEmpty else {
                        return .failure(ConfigurationError(message: "a service name is a non-empty string", pointer: pointer.appending(index)))
                    }
                    names.append(name)
                }
                configuration.serviceNames = names
            case "teamIdentifier":
                guard case .string(let team) = member.value.value, isTeamIdentifier(team) else {
                    return .failure(
                        ConfigurationError(message: "teamIdentifier is ten uppercase letters and digits, such as \"ABCDE12345\"", pointer: pointer))
                }
                configuration.teamIdentifier = team
            default:
                return .failure(
                    ConfigurationError(
                        message:
                            "unknown configuration key '\(member.key)'\(Suggestion.phrase(for: member.key, among: keys)); the keys are \(keys.joined(separator: ", "))",
                        pointer: pointer))
            }
        }
        return .success(configuration)
    }
}

package struct ConfigurationError: Error, Sendable {
    package var message: String
    package var pointer: JSONPointer
}
