import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorJSON

// Rules on the app's static Home Screen quick actions, the `UIApplicationShortcutItems` of its
// Info.plist (issue 33, item 4). Each judges the Info.plist once per run and reports at the entry
// (its line is the key's: the plist reader locates the key, not each dictionary of its array).
// Whether the code handles each type is `source_quick_action_handled`'s (SourceQuickActionRules.swift).

private let plistKey =
    "Apple, Information Property List: UIApplicationShortcutItems and its keys (UIApplicationShortcutItemType, UIApplicationShortcutItemTitle, ...)"
private let shortcutItem =
    "Apple, UIKit, UIApplicationShortcutItem: init(type:localizedTitle:localizedSubtitle:icon:userInfo:) (\"The required, app-defined type\", \"The required, user-visible title\")"
private let iconTypes = "Apple, UIKit, UIApplicationShortcutIcon.IconType (compose to share iOS 9.0, prohibit to update iOS 9.1)"
private let sample = "Apple, UIKit sample: Add Home Screen quick actions"
private let guidelines = "Apple, Human Interface Guidelines: Home Screen quick actions"

/// A payload for the examples: the rules judge the Info.plist, whatever the donations.
private let note = #"{"userActivity": {"activityType": "com.example.notes.edit", "title": "Edit note"}}"#

/// An Info.plist with the quick actions given, written as the JSON of its entries.
private func notesApp(_ items: String) -> String {
    #"{"CFBundleIdentifier": "com.example.notes", "NSUserActivityTypes": ["com.example.notes.edit"], "UIApplicationShortcutItems": [\#(items)]}"#
}

private let newNote =
    #"{"UIApplicationShortcutItemType": "com.example.notes.new", "UIApplicationShortcutItemTitle": "New Note", "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeCompose"}"#
private let search =
    #"{"UIApplicationShortcutItemType": "com.example.notes.search", "UIApplicationShortcutItemTitle": "Search", "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeSearch"}"#

/// Every entry has a type and a title.
struct QuickActionRequiredKeysRule: Rule {
    static let description = RuleDescription(
        id: "quick_action_required_keys",
        name: "Quick Action Has A Type And A Title",
        category: .activity,
        defaultSeverity: .error,
        summary:
            "Each entry of UIApplicationShortcutItems must have a UIApplicationShortcutItemType and a UIApplicationShortcutItemTitle, both non-empty.",
        rationale: """
            A Home Screen quick action is a type, which the system hands to the app's handler to \
            tell actions apart, and a title, which the menu shows. Apple calls both required: \
            UIApplicationShortcutItem's type is "The required, app-defined type" and its title \
            "The required, user-visible title", and the Info.plist entries are the static form of \
            the same item (subtitle, icon and user info are optional). An entry without a title \
            has nothing to show in the menu, and one without a type gives the handler nothing to \
            tell it apart by. The title may be a key of InfoPlist.strings; its translation is not \
            judged here.
            """,
        sources: [plistKey + " [H]", shortcutItem + " [H]"],
        needsInfoPlist: true,
        passing: [
            RuleExample(note, infoPlist: notesApp(newNote)),
            RuleExample(
                note,
                infoPlist: notesApp(
                    #"{"UIApplicationShortcutItemType": "com.example.notes.recent", "UIApplicationShortcutItemTitle": "Recent", "UIApplicationShortcutItemSubtitle": "Open the last note", "UIApplicationShortcutItemUserInfo": {"noteID": "42"}}"#
                )),
        ],
        failing: [
            RuleExample(
                note, infoPlist: notesApp(#"{"UIApplicationShortcutItemTitle": "New Note"}"#),
                at: ["/UIApplicationShortcutItems/0/UIApplicationShortcutItemType"]),
            RuleExample(
                note,
                infoPlist: notesApp(
                    newNote + #", {"UIApplicationShortcutItemType": "com.example.notes.search", "UIApplicationShortcutItemTitle": ""}"#),
                at: ["/UIApplicationShortcutItems/1/UIApplicationShortcutItemTitle"]),
        ])

    func check(_ app: AppInfo, in context: RuleContext) -> [Violation] {
        guard let items = app.shortcutItems else { return [] }
        var violations: [Violation] = []
        for (index, item) in items.enumerated() {
            if (item.type ?? "").isEmpty {
                violations.append(
                    Violation(
                        "quick action \(index + 1)\(item.title.map { " ('\($0)')" } ?? "") has \(item.type == nil ? "no" : "an empty") UIApplicationShortcutItemType, so the app's handler has nothing to tell it apart by",
                        at: QuickActionPointers.item(index, AppInfo.ShortcutItemKey.type)))
            }
            if (item.title ?? "").isEmpty {
                violations.append(
                    Violation(
                        "quick action \(index + 1)\(item.type.map { " ('\($0)')" } ?? "") has \(item.title == nil ? "no" : "an empty") UIApplicationShortcutItemTitle, so the Home Screen menu has nothing to show for it",
                        at: QuickActionPointers.item(index, AppInfo.ShortcutItemKey.title)))
            }
        }
        return violations
    }
}

/// An icon type is one of UIApplicationShortcutIcon.IconType's names.
struct QuickActionIconTypeRule: Rule {
    static let prefix = "UIApplicationShortcutIconType"

    /// The names of UIApplicationShortcutIcon.IconType's cases as an Info.plist writes them: the
    /// first seven of iOS 9.0, the others of iOS 9.1.
    static let names: [String] =
        [
            "Compose", "Play", "Pause", "Add", "Location", "Search", "Share", "Prohibit", "Contact", "Home", "MarkLocation", "Favorite", "Love",
            "Cloud", "Invitation", "Confirmation", "Mail", "Message", "Date", "Time", "CapturePhoto", "CaptureVideo", "Task", "TaskCompleted",
            "Alarm", "Bookmark", "Shuffle", "Audio", "Update",
        ].map { prefix + $0 }

    static let description = RuleDescription(
        id: "quick_action_icon_type",
        name: "Quick Action Icon Type Is A System Icon",
        category: .activity,
        defaultSeverity: .warning,
        summary:
            "A UIApplicationShortcutItemIconType should name a case of UIApplicationShortcutIcon.IconType, spelt as the Info.plist spells it (UIApplicationShortcutIconTypeCompose).",
        rationale: """
            The icon of a static quick action is one of the system's, named by its constant: \
            UIApplicationShortcutIconTypeCompose, Play, Pause, Add, Location, Search and Share \
            (iOS 9.0), and Prohibit, Contact, Home, MarkLocation, Favorite, Love, Cloud, \
            Invitation, Confirmation, Mail, Message, Date, Time, CapturePhoto, CaptureVideo, Task, \
            TaskCompleted, Alarm, Bookmark, Shuffle, Audio and Update (iOS 9.1), each \
            UIApplicationShortcutIconType followed by the case's name with a capital. Apple does \
            not say what the system does with another value; Proctor assumes the action shows \
            without the icon meant (a Swift case name, 'compose', or a symbol's name belong \
            elsewhere: an SF Symbol goes in UIApplicationShortcutItemIconSymbolName, an image of \
            the app's in UIApplicationShortcutItemIconFile). A warning, with the name a misspelt \
            value was probably meant to be.
            """,
        sources: [
            iconTypes + " [H]", plistKey + " [H]",
            "Proctor assumption: a value that names no icon type shows no system icon, as Apple documents no other outcome [M]",
        ],
        needsInfoPlist: true,
        passing: [
            RuleExample(note, infoPlist: notesApp(newNote + ", " + search)),
            RuleExample(
                note,
                infoPlist: notesApp(
                    #"{"UIApplicationShortcutItemType": "com.example.notes.new", "UIApplicationShortcutItemTitle": "New Note", "UIApplicationShortcutItemIconSymbolName": "square.and.pencil"}"#
                )),
        ],
        failing: [
            RuleExample(
                note,
                infoPlist: notesApp(
                    #"{"UIApplicationShortcutItemType": "com.example.notes.new", "UIApplicationShortcutItemTitle": "New Note", "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeCompse"}, {"UIApplicationShortcutItemType": "com.example.notes.search", "UIApplicationShortcutItemTitle": "Search", "UIApplicationShortcutItemIconType": "search"}"#
                ),
                at: [
                    "/UIApplicationShortcutItems/0/UIApplicationShortcutItemIconType",
                    "/UIApplicationShortcutItems/1/UIApplicationShortcutItemIconType",
                ])
        ])

    func check(_ app: AppInfo, in context: RuleContext) -> [Violation] {
        guard let items = app.shortcutItems else { return [] }
        return items.enumerated().compactMap { index, item in
            guard let icon = item.iconType, !Self.names.contains(icon) else { return nil }
            return Violation(
                "'\(icon)' is not one of UIApplicationShortcutIcon.IconType's names, so quick action \(index + 1)\(item.type.map { " ('\($0)')" } ?? "") has no system icon\(Self.suggestion(for: icon))",
                at: QuickActionPointers.item(index, AppInfo.ShortcutItemKey.iconType))
        }
    }

    /// The icon type a misspelt value is closest to, compared without the common prefix; a bare
    /// case name (`search`, `Compose`) gets the prefix.
    static func suggestion(for icon: String) -> String {
        let name = icon.lowercased().hasPrefix(prefix.lowercased()) ? String(icon.dropFirst(prefix.count)) : icon
        let names = Self.names.map { String($0.dropFirst(prefix.count)) }
        return Suggestion.closest(to: name, among: names).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }
}

/// At most four static quick actions: the menu shows no more.
struct QuickActionCountRule: Rule {
    static let shown = 4

    static let description = RuleDescription(
        id: "quick_action_count",
        name: "At Most Four Quick Actions",
        category: .activity,
        defaultSeverity: .warning,
        summary: "UIApplicationShortcutItems should hold at most four entries: the Home Screen menu shows the first four quick actions only.",
        rationale: """
            Apple's Human Interface Guidelines for 3D Touch said every app should offer at least \
            one quick action and "can provide a total of four", and the menu shows no more: a \
            fifth entry, and those after it, never appear, and static actions come before the \
            dynamic ones the code sets in shortcutItems, which then do not show either. The \
            current guidelines page no longer states the number in the text Proctor could read \
            (its advice is to offer compelling, high-value tasks), so this is a warning, reported \
            at the first entry past the fourth. Put the actions people use most first.
            """,
        sources: [
            guidelines + " (the 3D Touch guidelines: \"You can provide a total of four\") [M]",
            sample + " [M]",
        ],
        needsInfoPlist: true,
        passing: [RuleExample(note, infoPlist: notesApp(newNote + ", " + search))],
        failing: [
            RuleExample(
                note,
                infoPlist: notesApp(
                    ([newNote, search]
                        + ["recent", "favorites", "shared"].map {
                            #"{"UIApplicationShortcutItemType": "com.example.notes.\#($0)", "UIApplicationShortcutItemTitle": "\#($0.capitalized)"}"#
                        })
                        .joined(separator: ", ")),
                at: ["/UIApplicationShortcutItems/4"])
        ])

    func check(_ app: AppInfo, in context: RuleContext) -> [Violation] {
        guard let items = app.shortcutItems, items.count > Self.shown else { return [] }
        let hidden = items.dropFirst(Self.shown).compactMap(\.type).map { "'\($0)'" }
        return [
            Violation(
                "UIApplicationShortcutItems holds \(items.count) quick actions, but the Home Screen menu shows the first \(Self.shown) only, so \(hidden.isEmpty ? "the others never show" : hidden.joined(separator: ", ") + (hidden.count == 1 ? " never shows" : " never show")), nor any the code adds in shortcutItems",
                at: QuickActionPointers.item(Self.shown))
        ]
    }
}
