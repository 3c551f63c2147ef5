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
        // Home Screen quick actions (`shortcutItem`, `UIApplicationShortcutItem`, `performActionFor`)
        // and widgets' links (`widgetURL`, `Link` in a file that imports WidgetKit).
        "hortcutItem", "performActionFor", "widgetURL", "WidgetKit",
        // A launch method reading the launch options' URL (`didFinishLaunchingWithOptions`).
        "LaunchingWithOptions",
        // `canOpenURL(_:)`, whose scheme the Info.plist lists in LSApplicationQueriesSchemes.
        "canOpenURL",
        // App Intents: every file declaring an intent, entity or App Shortcut imports AppIntents
        // and names these (`AppIntent`, `AppEntity`, `AppEnum`, `AppShortcutsProvider`).
        "AppIntent", "AppEntity", "AppEnum", "AppShortcut",
        // Communication notifications: `content.updating(from: intent)`, and the functions of
        // the app's that build or donate the intent (`-> INSendMessageIntent`).
        "updating(from", "INSendMessageIntent", "INStartCallIntent",
    ]
    static let labels = ["continue", "open"]

    static func mayDonateOrHandle(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            words.contains { ByteSearch.contains($0, in: bytes) }
                || labels.contains { label in ByteSearch.contains(label, in: bytes) { isLabel(in: bytes, after: $0 + label.utf8.count, before: $0) } }
        }
    }

    /// An argument label at `before..<end`: not the end of a longer name, and followed by `:`,
    /// or by a parameter name and `:`.
    private static func isLabel(in bytes: UnsafeBufferPointer<UInt8>, after end: Int, before start: Int) -> Bool {
        if start > 0, isIdentifier(bytes[start - 1]) { return false }
        var index = end
        // White space and comments, which Swift allows between a label, its name and the colon.
        func skipBlanks() {
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
                    return
                }
            }
        }
        skipBlanks()
        if index < bytes.count, isIdentifier(bytes[index]) {
            // A label followed at once by more of a name is a longer name (`opened`).
            guard index > end else { return false }
            while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
            skipBlanks()
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
    }
}
