import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorJSON
import ProctorPayloads
import Testing

@testable import ProctorLint
@testable import ProctorRules

/// `.intentdefinition` files: how they are read (class names, parameters, codes, flags, where each
/// entry is), how a broken one is reported, and how the rules across files take the Info.plists a
/// walk of a repository meets.
@Suite("Intent definition files")
struct IntentDefinitionTests {
    /// A file of the shape Xcode writes, with a prefixed custom intent, one with a Custom Class
    /// and a parameter whose options are dynamic, and a customized system intent.
    static let definition = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<!-- <key>INIntents</key> in a comment is no key -->
        \t<key>INIntents</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>INIntentCategory</key>
        \t\t\t<string>generic</string>
        \t\t\t<key>INIntentClassPrefix</key>
        \t\t\t<string>SJ</string>
        \t\t\t<key>INIntentName</key>
        \t\t\t<string>Chapter</string>
        \t\t\t<key>INIntentParameters</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>INIntentParameterName</key>
        \t\t\t\t\t<string>skipForward</string>
        \t\t\t\t\t<key>INIntentParameterType</key>
        \t\t\t\t\t<string>Integer</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t\t<key>INIntentResponse</key>
        \t\t\t<dict>
        \t\t\t\t<key>INIntentResponseCodes</key>
        \t\t\t\t<array>
        \t\t\t\t\t<dict>
        \t\t\t\t\t\t<key>INIntentResponseCodeName</key>
        \t\t\t\t\t\t<string>success</string>
        \t\t\t\t\t</dict>
        \t\t\t\t\t<dict>
        \t\t\t\t\t\t<key>INIntentResponseCodeName</key>
        \t\t\t\t\t\t<string>failureNoChapters</string>
        \t\t\t\t\t</dict>
        \t\t\t\t</array>
        \t\t\t</dict>
        \t\t\t<key>INIntentTitle</key>
        \t\t\t<string>Chapter</string>
        \t\t\t<key>INIntentType</key>
        \t\t\t<string>Custom</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>INIntentCategory</key>
        \t\t\t<string>information</string>
        \t\t\t<key>INIntentClassName</key>
        \t\t\t<string>NoteWidgetIntent</string>
        \t\t\t<key>INIntentClassPrefix</key>
        \t\t\t<string>SP</string>
        \t\t\t<key>INIntentEligibleForWidgets</key>
        \t\t\t<true/>
        \t\t\t<key>INIntentIneligibleForSuggestions</key>
        \t\t\t<true/>
        \t\t\t<key>INIntentName</key>
        \t\t\t<string>NoteWidget</string>
        \t\t\t<key>INIntentParameters</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>INIntentParameterName</key>
        \t\t\t\t\t<string>note</string>
        \t\t\t\t\t<key>INIntentParameterObjectType</key>
        \t\t\t\t\t<string>Note</string>
        \t\t\t\t\t<key>INIntentParameterSupportsDynamicEnumeration</key>
        \t\t\t\t\t<true/>
        \t\t\t\t\t<key>INIntentParameterType</key>
        \t\t\t\t\t<string>Object</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t\t<key>INIntentTitle</key>
        \t\t\t<string>Note &amp; Widget</string>
        \t\t\t<key>INIntentType</key>
        \t\t\t<string>Custom</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>INIntentCategory</key>
        \t\t\t<string>system</string>
        \t\t\t<key>INIntentClassName</key>
        \t\t\t<string>INPlayMediaIntent</string>
        \t\t\t<key>INIntentName</key>
        \t\t\t<string>PlayMedia</string>
        \t\t\t<key>INIntentType</key>
        \t\t\t<string>System</string>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>

        """

    @Test func readsEachIntentAsXcodeGeneratesIt() throws {
        let read = IntentDefinitionReader.read(bytes: Array(Self.definition.utf8), path: "Intents.intentdefinition")
        #expect(read.inputErrors.isEmpty && read.diagnostics.isEmpty, "\(read.inputErrors) \(read.diagnostics)")
        let intents = try #require(read.file?.intents)
        #expect(intents.map(\.className) == ["SJChapterIntent", "NoteWidgetIntent", "INPlayMediaIntent"])
        #expect(intents.map(\.isCustom) == [true, true, false])
        #expect(
            intents[0].parameters == [IntentDefinition.Parameter(name: "skipForward", type: "Integer", customType: nil, hasDynamicOptions: false)])
        #expect(intents[0].responseCodes == ["success", "failureNoChapters"])
        #expect(intents[0].isRunByTheSystem && !intents[0].hasDynamicOptions)
        // A widget's configuration: never run by Siri or Shortcuts, but its options are dynamic.
        #expect(!intents[1].isRunByTheSystem && intents[1].hasDynamicOptions)
        #expect(intents[1].title == "Note & Widget")
        #expect(intents[1].parameters.first?.customType == "Note")
    }

    @Test func locatesEveryEntryAtItsLineAndColumn() throws {
        let read = IntentDefinitionReader.read(bytes: Array(Self.definition.utf8), path: "Intents.intentdefinition")
        let positions = try #require(read.positions)
        let lines = Self.definition.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of text: String, after: Int = 0) -> Int { (lines[after...].firstIndex { $0.contains(text) } ?? -1) + 1 }
        // The second intent's <dict>, its title's <key>, and a parameter of the first intent.
        let secondIntent = line(of: "<string>information</string>") - 2
        #expect(positions.position(of: JSONPointer(["INIntents", "1"])) == .init(line: secondIntent, column: 3))
        #expect(positions.position(of: JSONPointer(["INIntents", "1", "INIntentTitle"])) == .init(line: line(of: "Note &amp;") - 1, column: 4))
        #expect(
            positions.position(of: JSONPointer(["INIntents", "0", "INIntentParameters", "0", "INIntentParameterName"]))
                == .init(line: line(of: "skipForward") - 1, column: 6))
        // The commented-out key is not taken for the real one.
        #expect(positions.position(of: JSONPointer(["INIntents"]))?.line == line(of: "\t<key>INIntents</key>", after: 5))
    }

    @Test func aFileThatIsNoPropertyListIsAnInputErrorAtItsLineAndColumn() throws {
        let broken = Self.definition.replacingOccurrences(
            of: "<string>Chapter</string>\n\t\t\t<key>INIntentParameters", with: "<string>Chapter</strin>\n\t\t\t<key>INIntentParameters")
        let read = IntentDefinitionReader.read(bytes: Array(broken.utf8), path: "Intents.intentdefinition")
        let error = try #require(read.inputErrors.first)
        #expect(read.file == nil)
        #expect(error.code == ProblemCode.propertyListInvalid)
        #expect(error.message.hasPrefix("the intent definition file is not a valid XML or binary property list"))
        #expect(error.location.line != nil && error.location.column != nil, "\(locationText(error.location))")
    }

    /// Over the limit, a file is refused unparsed: a 60 MiB one took 50 s to lint.
    @Test func aFileOverTheLimitIsRefusedBeforeParsing() throws {
        var bytes = Array(Self.definition.utf8)
        bytes += Array(repeating: UInt8(ascii: " "), count: IntentDefinitionReader.maximumFileSize + 1 - bytes.count)
        let read = IntentDefinitionReader.read(bytes: bytes, path: "Intents.intentdefinition")
        let error = try #require(read.inputErrors.first)
        #expect(read.file == nil)
        #expect(error.code == ProblemCode.fileTooLarge)
        #expect(error.message.contains("over the 2 MiB"), "\(error.message)")
        // At the limit, the same definition is read.
        bytes.removeLast()
        #expect(IntentDefinitionReader.read(bytes: bytes, path: "Intents.intentdefinition").file?.intents.isEmpty == false)
    }

    @Test func entriesOfTheWrongShapeAreLeftOutWhereTheyAre() throws {
        let text = IntentExample.definition(
            "\t\t<string>OrderSoup</string>",
            "\t\t<dict>\n\t\t\t<key>INIntentTitle</key>\n\t\t\t<string>Order Soup</string>\n\t\t</dict>",
            "\t\t<dict>\n\t\t\t<key>INIntentName</key>\n\t\t\t<string>OrderTea</string>\n\t\t\t<key>INIntentConfigurable</key>\n\t\t\t<string>yes</string>\n\t\t</dict>",
            "\t\t<dict>\n\t\t\t<key>INIntentName</key>\n\t\t\t<string>OrderCoffee</string>\n\t\t</dict>")
        let read = IntentDefinitionReader.read(bytes: Array(text.utf8), path: "Intents.intentdefinition")
        #expect(read.inputErrors.isEmpty)
        #expect(read.file?.intents.map(\.name) == ["OrderCoffee"])
        let found = read.diagnostics.map { "\($0.code.rawValue) \($0.location.line ?? 0):\($0.location.column ?? 0) \($0.location.pointer ?? "")" }
        #expect(
            found == [
                "type_mismatch 9:3 /INIntents/0", "missing_value 10:3 /INIntents/1", "type_mismatch 17:4 /INIntents/2/INIntentConfigurable",
            ])
    }

    /// A repository as `proctor lint .` walks it: the app's Info.plist, an Intents extension's,
    /// and the definition file; no `--info-plist`.
    @Test func theRulesAcrossFilesTakeTheInfoPlistsAWalkMeets() throws {
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        try directory.write("Shared/Base.lproj/Intents.intentdefinition", IntentExample.definition(IntentExample.orderSoup))
        try directory.write("App/Info.plist", Self.plist("<key>NSUserActivityTypes</key><array><string>OrderSoupIntent</string></array>"))
        try directory.write(
            "Intents/Info.plist",
            Self.plist(
                "<key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>IntentsSupported</key><array><string>OrderSoupIntent</string></array></dict><key>NSExtensionPointIdentifier</key><string>com.apple.intents-service</string></dict>"
            ))
        // A test bundle's Info.plist, which a walk meets too: no app, no extension, nothing declared.
        try directory.write("AppTests/Info.plist", Self.plist(""))
        func findings() -> [String] {
            Linter.lint(paths: [directory.path], options: LintOptions(parallel: false)).files.flatMap(\.findings).map(\.ruleID).sorted()
        }
        #expect(findings() == [])
        // The extension no longer supports it, and the app no longer takes its activity.
        try directory.write(
            "Intents/Info.plist",
            Self.plist("<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.intents-service</string></dict>"))
        try directory.write("App/Info.plist", Self.plist("<key>NSUserActivityTypes</key><array><string>com.example.order</string></array>"))
        #expect(findings() == ["custom_intent_activity_type_declared", "custom_intent_supported"])
        // Without the app's and the extension's Info.plists (the test bundle's is still there),
        // nothing says what the app declares: the rules across files are silent.
        try FileManager.default.removeItem(atPath: directory.path("App"))
        try FileManager.default.removeItem(atPath: directory.path("Intents"))
        #expect(findings() == [])
    }

    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>CFBundleIdentifier</key><string>com.example.soupchef</string>\n\(body)\n</dict>\n</plist>\n"
    }
}
