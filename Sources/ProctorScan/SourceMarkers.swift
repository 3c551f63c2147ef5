import Foundation

/// Whether a Swift file may hold anything the extractor reads, told from its bytes before it is
/// parsed a second time (docs/scan.md, "Speed and memory"). Every construct the extractor reads
/// names one of these words in the source itself: `NSUserActivity`, `.userActivity`,
/// `onContinueUserActivity`, `updateUserActivityState` and `needsSave` on a `userActivity` all
/// hold "serActivity"; Core Spotlight's items and deletions, SiriKit's interactions, SwiftUI's
/// `.onOpenURL` and the scene delegate's ways in hold their own names; the app delegate's
/// `application(_:continue:…)` and `application(_:open:options:)` hold the argument label
/// `continue` or `open` (a label followed by `:`, or by a parameter name and `:`). A file with
/// none of them yields nothing, so it is not parsed again. A word inside a comment or a string
/// only costs that second parse.
enum SourceMarkers {
    static let words = [
        "serActivity", "CSSearchableItem", "SearchableItems", "INInteraction", "onOpenURL", "willConnectTo", "openURLContexts",
        // Home Screen quick actions (`.shortcutItem`, `shortcutItems`, `UIApplicationShortcutItem`,
        // `UIMutableApplicationShortcutItem`, `performActionFor`) and widgets' `widgetURL` (their
        // `Link`s are in `together`). Not "ShortcutItem": a generated strings file's
        // `enum ShortcutItem` let Home Assistant's 530 KB of them through.
        "shortcutItem", "ApplicationShortcutItem", "performActionFor", "widgetURL",
        // A launch method reading the launch options' URL (`didFinishLaunchingWithOptions`).
        "LaunchingWithOptions",
        // `canOpenURL(_:)`, whose scheme the Info.plist lists in LSApplicationQueriesSchemes.
        "canOpenURL",
        // App Intents' members on other types, which a file may call without importing AppIntents
        // when another file of its module does: entities in Spotlight and activities
        // (`indexAppEntities`, `deleteAppEntities`, `associateAppEntity`, `appEntityIdentifier`,
        // `CSSearchableItem(appEntity:)` in `labels`) and donations (`donate()`,
        // `IntentDonationManager`). Not "ppEntit": Home Assistant's own `HAAppEntity` let 60
        // files through.
        "indexAppEntities", "deleteAppEntities", "deleteAllAppEntities", "associateAppEntity", "appEntityIdentifier", "donate",
        "IntentDonationManager",
        // Communication notifications: the functions of the app's that build or donate the intent
        // (`-> INSendMessageIntent`); `content.updating(from: intent)` is in `calls`.
        "INSendMessageIntent", "INStartCallIntent",
    ]
    /// App Intents' protocols conformed to (`: AppIntent`, `, AppEntity`, `& AppEnum`): a file
    /// that conforms to one sees AppIntents through its own import, or through another file's
    /// `@_exported import AppIntents`, which `imports` does not see. Whole words after `:`, `,`
    /// or `&` only: not `HAAppEntity`, `enum AppIntents` or Home Assistant's
    /// `DatabaseTables.AppEntity` (22 files).
    static let conformances = ["AppIntent", "AppEntity", "AppEnum", "AppShortcutsProvider"]
    /// Calls by their name and first argument label, blanks, line breaks and comments allowed
    /// between them: `content.updating(from: intent)`, however it is wrapped.
    static let calls = [(name: "updating", label: "from")]
    static let labels = ["continue", "open", "appEntity"]
    /// App Intents' types: every file that declares an intent, an entity, an enumeration or an
    /// App Shortcuts provider imports AppIntents (their protocols and `@Parameter` are its types,
    /// which a file sees only through its own import), so `import AppIntents` lets it through,
    /// and the words alone do not (a generated strings file's `enum AppIntents`).
    static let imports = ["AppIntents"]
    /// Words that let a file through only all together: a widget's `Link(destination:)` is read
    /// in a file that imports WidgetKit. "WidgetKit" alone let through every file that imports it
    /// to reload timelines (110 of Home Assistant's 130), each parsed a second time for nothing.
    static let together = [["WidgetKit", "Link", "destination"]]

    static func mayDonateOrHandle(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            words.contains { ByteSearch.contains($0, in: bytes) }
                || together.contains { group in group.allSatisfy { ByteSearch.contains($0, in: bytes) } }
                || labels.contains { label in ByteSearch.contains(label, in: bytes) { isLabel(in: bytes, after: $0 + label.utf8.count, before: $0) } }
                || imports.contains { module in
                    ByteSearch.contains(module, in: bytes) { isImport(in: bytes, after: $0 + module.utf8.count, before: $0) }
                }
                || conformances.contains { name in
                    ByteSearch.contains(name, in: bytes) { isConformance(in: bytes, after: $0 + name.utf8.count, before: $0) }
                }
                || calls.contains { call in
                    ByteSearch.contains(call.name, in: bytes) { isCall(in: bytes, after: $0 + call.name.utf8.count, before: $0, label: call.label) }
                }
        }
    }

    /// A module name at `before..<end` that an import names: the whole name, after `import` (and
    /// an attribute such as `@preconcurrency` before it) or after `import struct` and the like,
    /// where the name is followed by `.`.
    private static func isImport(in bytes: UnsafeBufferPointer<UInt8>, after end: Int, before start: Int) -> Bool {
        if end < bytes.count, isIdentifier(bytes[end]) { return false }
        var index = start
        /// The word before `index`, past blanks, moving `index` to its start.
        func wordBefore() -> String {
            while index > 0, [0x20, 0x09].contains(bytes[index - 1]) { index -= 1 }
            let wordEnd = index
            while index > 0, isIdentifier(bytes[index - 1]) { index -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<wordEnd]), as: UTF8.self)
        }
        let word = wordBefore()
        if word == "import" { return true }
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        return kinds.contains(word) && end < bytes.count && bytes[end] == UInt8(ascii: ".") && wordBefore() == "import"
    }

    /// An argument label at `before..<end`: not the end of a longer name, and followed by `:`,
    /// or by a parameter name and `:`.
    private static func isLabel(in bytes: UnsafeBufferPointer<UInt8>, after end: Int, before start: Int) -> Bool {
        if start > 0, isIdentifier(bytes[start - 1]) { return false }
        var index = skipBlanks(in: bytes, from: end)
        if index < bytes.count, isIdentifier(bytes[index]) {
            // A label followed at once by more of a name is a longer name (`opened`).
            guard index > end else { return false }
            while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
            index = skipBlanks(in: bytes, from: index)
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }

    /// A whole name at `before..<end` in an inheritance clause or a constraint: after `:`, `,` or
    /// `&` and blanks (a list of conformances may wrap).
    private static func isConformance(in bytes: UnsafeBufferPointer<UInt8>, after end: Int, before start: Int) -> Bool {
        guard isWholeWord(in: bytes, after: end, before: start) else { return false }
        var index = start
        while index > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index - 1]) { index -= 1 }
        return index > 0 && [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "&")].contains(bytes[index - 1])
    }

    /// A name at `before..<end` that is no part of a longer one.
    private static func isWholeWord(in bytes: UnsafeBufferPointer<UInt8>, after end: Int, before start: Int) -> Bool {
        !(start > 0 && isIdentifier(bytes[start - 1])) && !(end < bytes.count && isIdentifier(bytes[end]))
    }

    /// A call of the name at `before..<end` whose first argument has `label`: the name, `(`,
    /// the label and `:`, with blanks and comments between.
    private static func isCall(in bytes: UnsafeBufferPointer<UInt8>, after end: Int, before start: Int, label: String) -> Bool {
        guard isWholeWord(in: bytes, after: end, before: start) else { return false }
        var index = skipBlanks(in: bytes, from: end)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else { return false }
        index = skipBlanks(in: bytes, from: index + 1)
        for byte in label.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        guard !(index < bytes.count && isIdentifier(bytes[index])) else { return false }
        index = skipBlanks(in: bytes, from: index)
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }

    /// The offset past the white space and comments at `start`, which Swift allows between a
    /// name, its parenthesis, a label and its colon.
    private static func skipBlanks(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            } else {
                break
            }
        }
        return index
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
    }
}
