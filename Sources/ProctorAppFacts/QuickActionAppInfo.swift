import ProctorJSON

// What an Info.plist says of the app's Home Screen quick actions: the static
// `UIApplicationShortcutItems` (Information Property List, "UIApplicationShortcutItems"; UIKit,
// "Add Home Screen quick actions"). Dynamic items are set in code (`shortcutItems`), which
// `proctor scan` reads.

extension AppInfo {
    /// One entry of `UIApplicationShortcutItems`, as written: a value of the wrong type is nil
    /// here and reported where the plist is read, so rules judge only what the entry holds.
    package struct ShortcutItem: Sendable, Equatable {
        /// `UIApplicationShortcutItemType`: the string the app's handler tells actions apart by.
        package var type: String?
        /// `UIApplicationShortcutItemTitle` (a key of `InfoPlist.strings` when localized).
        package var title: String?
        package var subtitle: String?
        /// `UIApplicationShortcutItemIconType`: a `UIApplicationShortcutIconType` case name,
        /// `UIApplicationShortcutIconTypeCompose`.
        package var iconType: String?
        package var iconFile: String?
        package var iconSymbolName: String?
        /// The keys of `UIApplicationShortcutItemUserInfo`, sorted.
        package var userInfoKeys: [String] = []

        package init(
            type: String? = nil, title: String? = nil, subtitle: String? = nil, iconType: String? = nil, iconFile: String? = nil,
            iconSymbolName: String? = nil, userInfoKeys: [String] = []
        ) {
            self.type = type
            self.title = title
            self.subtitle = subtitle
            self.iconType = iconType
            self.iconFile = iconFile
            self.iconSymbolName = iconSymbolName
            self.userInfoKeys = userInfoKeys
        }
    }

    /// The keys of an entry of `UIApplicationShortcutItems`.
    package enum ShortcutItemKey {
        package static let type = "UIApplicationShortcutItemType"
        package static let title = "UIApplicationShortcutItemTitle"
        package static let subtitle = "UIApplicationShortcutItemSubtitle"
        package static let iconType = "UIApplicationShortcutItemIconType"
        package static let iconFile = "UIApplicationShortcutItemIconFile"
        package static let iconSymbolName = "UIApplicationShortcutItemIconSymbolName"
        package static let userInfo = "UIApplicationShortcutItemUserInfo"
    }
}

/// Where the quick actions are in an Info.plist: the reader records the line of the key, and the
/// rules that judge them report there.
package enum QuickActionPointers {
    package static let items = JSONPointer(["UIApplicationShortcutItems"])

    /// An entry, or a key inside it.
    package static func item(_ index: Int, _ key: String? = nil) -> JSONPointer {
        let entry = items.appending(index)
        return key.map { entry.appending($0) } ?? entry
    }
}

extension InfoPlistReader {
    /// Reads `UIApplicationShortcutItems` into `info`, with the line of the key.
    static func extractQuickActions(
        from root: [String: Any], into info: inout AppInfo, lineOf: (String) -> Int?, wrongType: (String, String) -> Void
    ) {
        let key = QuickActionPointers.items.tokens[0]
        guard let value = root[key] else { return }
        guard let entries = value as? [Any], entries.allSatisfy({ $0 is [String: Any] }) else {
            wrongType(key, "an array of dictionaries")
            return
        }
        // The key's line only: the line reader locates string entries of an array, not dictionaries,
        // so a rule about one entry reports at the key (its pointer still names the entry).
        info.lines[QuickActionPointers.items.description] = lineOf(key)
        var malformed: [String] = []
        info.shortcutItems = entries.compactMap { $0 as? [String: Any] }.map { entry in
            func string(_ name: String) -> String? {
                guard let value = entry[name] else { return nil }
                guard let text = value as? String else {
                    malformed.append(name)
                    return nil
                }
                return text
            }
            var userInfoKeys: [String] = []
            if let userInfo = entry[AppInfo.ShortcutItemKey.userInfo] {
                if let dictionary = userInfo as? [String: Any] {
                    userInfoKeys = dictionary.keys.sorted()
                } else {
                    malformed.append(AppInfo.ShortcutItemKey.userInfo)
                }
            }
            return AppInfo.ShortcutItem(
                type: string(AppInfo.ShortcutItemKey.type), title: string(AppInfo.ShortcutItemKey.title),
                subtitle: string(AppInfo.ShortcutItemKey.subtitle), iconType: string(AppInfo.ShortcutItemKey.iconType),
                iconFile: string(AppInfo.ShortcutItemKey.iconFile), iconSymbolName: string(AppInfo.ShortcutItemKey.iconSymbolName),
                userInfoKeys: userInfoKeys)
        }
        for name in Set(malformed).sorted() {
            wrongType(key, "an array of dictionaries whose \(name) \(name == AppInfo.ShortcutItemKey.userInfo ? "is a dictionary" : "is a string")")
        }
    }
}
