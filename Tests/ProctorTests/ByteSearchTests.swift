import Testing

@testable import ProctorScan

/// The byte search behind the scan's markers looks for a needle's rarest byte first: every
/// occurrence must still be found wherever that byte is, and only where `accept` takes it.
@Suite("Byte search")
struct ByteSearchTests {
    @Test(arguments: [
        ("serActivity", "let a = NSUserActivity()", true),
        ("serActivity", "serActivity", true),
        ("serActivity", "xserActivit", false),
        ("shortcutItem", "launchOptions?[.shortcutItem]", true),
        ("shortcutItem", "enum ShortcutItem {}", false),
        ("open", "open", true),
        ("open", "ope", false),
        ("canOpenURL", "UIApplication.shared.canOpenURL(url)\n", true),
        ("donate", "INInteraction(intent: i, response: nil).donat()", false),
    ])
    func findsTheNeedleWhereverItsRarestByteIs(_ needle: String, _ text: String, _ expected: Bool) {
        #expect(ByteSearch.contains(needle, in: text) == expected)
    }

    /// Each occurrence is offered to `accept`, in order, until one is taken.
    @Test func offersEveryOccurrenceToAccept() {
        var text = "open( open: x opened open :"
        var offered: [Int] = []
        let found = text.withUTF8 { bytes in
            ByteSearch.contains("open", in: bytes) { offset in
                offered.append(offset)
                return offset == 21
            }
        }
        #expect(found)
        #expect(offered == [0, 6, 14, 21])
    }
}
