import Foundation
import ProctorCore
import ProctorLint
import Testing

@testable import ProctorScan

/// proctor scan reading Swift: which values it resolves, which donations and handlers it finds,
/// and where their findings land.
@Suite("Source scan")
struct SourceScanTests {
    private let places =
        #"{"CFBundleIdentifier": "com.example.places", "NSUserActivityTypes": ["com.example.places.view", "com.example.places.list", "com.example.places.map"]}"#

    private func scan(_ files: [String: String], plist: String? = nil) throws -> LintResult {
        let app = try plist.map { try appInfo(fromJSON: $0).appInfo }
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app ?? nil,
            options: LintOptions(now: fixedNow, parallel: false)
        ).result
    }

    private func findings(_ result: LintResult) -> [String] {
        result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    /// Constants across files: a static let, an enum's raw value (written or implied), a
    /// concatenation and an interpolation of the bundle identifier.
    /// ownCloud's shape (field test rerun): closures nested some twenty deep, as real completion
    /// handlers are. swift-syntax's default nesting limit is 20 in a debug build and 256 in a
    /// release one; the scan states 256, so every build reads the file (this test runs debug).
    @Test func closuresNestedTwentyFiveDeepParseInEveryBuild() {
        var body = "print(1)"
        for level in 0..<25 { body = "run(\(level)) {\n\(body)\n}" }
        let source = "func start() {\n\(body)\n}\n"
        let result = SourceScanner.scan(
            [SourceScanner.SourceFile(path: "Deep.swift", text: source)], appInfo: nil, options: LintOptions(now: fixedNow, parallel: false)
        ).result
        #expect(result.files.flatMap(\.inputErrors).isEmpty, "\(result.files.flatMap(\.inputErrors).map(\.message))")
    }

    @Test func constantsAreResolvedAcrossFiles() throws {
        let result = try scan(
            [
                "Constants.swift": """
                enum Activity {
                    static let prefix = Bundle.main.bundleIdentifier! + "."
                    static let view = prefix + "view"
                }
                enum Kind: String { case list = "com.example.places.list", map }
                """,
                "Donations.swift": """
                func donate() {
                    let a = NSUserActivity(activityType: Activity.view)
                    a.title = "Places"
                    a.becomeCurrent()
                    let b = NSUserActivity(activityType: Kind.list.rawValue)
                    b.title = "List"
                    b.becomeCurrent()
                    let c = NSUserActivity(activityType: "\\(Bundle.main.bundleIdentifier!).map")
                    c.title = "Map"
                    c.becomeCurrent()
                    let d = NSUserActivity(activityType: Kind.map.rawValue)
                    d.title = "Implied"
                    d.becomeCurrent()
                }
                """,
            ], plist: places)
        #expect(
            findings(result) == [
                "activity_type_bundle_prefix Donations.swift:11", "activity_type_declared Donations.swift:11",
                "activity_type_reverse_dns Donations.swift:11",
            ], "map's raw value is 'map': \(findings(result))")
        #expect(result.files.first { $0.path == "Donations.swift" }?.payloadCount == 4)
    }

    /// SwiftUI's modifiers, an if and a guard on activityType, and userInfo read through a constant.
    @Test func swiftUIAndUIKitHandlersAreFound() throws {
        let result = try scan(
            [
                "App.swift": """
                struct PlaceView: View {
                    var body: some View {
                        Text("x")
                            .userActivity("com.example.places.view") { activity in
                                activity.title = "Place"
                                activity.userInfo = ["id": 1, "tab": "menu"]
                                activity.requiredUserInfoKeys = ["id"]
                                activity.isEligibleForSearch = true
                            }
                            .onContinueUserActivity("com.example.places.view") { activity in
                                let info = activity.userInfo
                                _ = info?["tab"]
                            }
                    }
                }
                class AppDelegate {
                    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                        guard userActivity.activityType == "com.example.places.list" else { return false }
                        return true
                    }
                }
                """
            ], plist: places)
        #expect(findings(result) == ["source_restored_keys_required App.swift:12"], "\(findings(result))")
        let finding = try #require(result.files.flatMap(\.findings).first)
        #expect(
            finding.location.pointer == "/PlaceView.body.Text.onContinueUserActivity/handler/com.example.places.view/userInfo/tab"
                || finding.location.pointer?.hasSuffix("/handler/com.example.places.view/userInfo/tab") == true, "\(finding.location.pointer ?? "")")
    }

    /// What cannot be known statically is said, not guessed.
    @Test func dynamicValuesAreNotedNotGuessed() throws {
        let result = try scan(
            [
                "D.swift": """
                func donate(type: String, search: Bool) -> NSUserActivity {
                    let a = NSUserActivity(activityType: type)
                    a.becomeCurrent()
                    let b = NSUserActivity(activityType: "com.example.places.view")
                    b.isEligibleForSearch = search
                    b.title = makeTitle()
                    return b
                }
                """
            ], plist: places)
        let notes = result.files.flatMap(\.diagnostics).map { "\($0.location.line ?? 0) \($0.message.prefix(40))" }
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("2 the type of this activity is not") })
        #expect(notes.contains { $0.hasPrefix("5 isEligibleForSearch is left out") })
        #expect(findings(result).isEmpty, "b is returned, so whether it becomes current is not this scope's: \(findings(result))")
    }

    /// A file that is not valid Swift is still read as far as swift-syntax recovers, and never crashes.
    @Test func brokenSwiftIsReadAsFarAsItGoes() throws {
        let result = try scan(["B.swift": "func f( { let a = NSUserActivity(activityType: \"x.y.z\")\n a.title = \n }}}} ]]", "Empty.swift": ""])
        #expect(result.files.count == 2)
        #expect(result.files.allSatisfy { $0.wasChecked })
        // The parser's errors are located input errors of the broken file; the other is clean.
        let broken = try #require(result.files.first { $0.path == "B.swift" })
        #expect(!broken.inputErrors.isEmpty && broken.inputErrors.allSatisfy { $0.code == SourceScanner.syntaxError && $0.location.line != nil })
        #expect(broken.inputErrors.first?.message.hasPrefix("the file does not parse: ") == true, "\(broken.inputErrors.map(\.message))")
        #expect(result.files.first { $0.path == "Empty.swift" }?.inputErrors.isEmpty == true)
        // Each error says what the parser assumed or could not place, just after the code before it.
        #expect(
            broken.inputErrors.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)" } == [
                "1:8 the file does not parse: expected ')'",
                "2:11 the file does not parse: expected expression",
                "3:3 the file does not parse: unexpected code '}}} ]]'",
            ])
    }

    /// Found by trying the scan on open-source apps: a browser's Handoff of a web page
    /// (NSUserActivityTypeBrowsingWeb) is the system's type, not the app's, and an enum case of the
    /// app's named `userActivity` is not SwiftUI's modifier.
    @Test func systemTypesAndLookalikesAreNotTheAppsDonations() throws {
        let result = try scan(
            [
                "Browser.swift": """
                final class BrowserViewController: UIViewController {
                    func pageDidLoad(_ url: URL) {
                        let handoff = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
                        handoff.webpageURL = URL(string: "https://places.example.com/p-1")
                        handoff.becomeCurrent()
                    }
                }
                """,
                "Restoration.swift": """
                enum Restoration {
                    case userActivity(NSUserActivity)
                    init(_ activity: NSUserActivity) { self = .userActivity(activity) }
                    static let sample = Restoration.userActivity(NSUserActivity(activityType: "com.example.places.map"))
                    var activity: NSUserActivity? {
                        switch self {
                        case let .userActivity(activity): return activity
                        }
                    }
                }
                """,
                "SceneDelegate.swift": """
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                        switch userActivity.activityType {
                        case "com.example.places.view": break
                        default: break
                        }
                    }
                }
                """,
            ], plist: places)
        // Only the cold launch this scene delegate leaves out is the app's mistake here.
        #expect(findings(result) == ["source_cold_launch_activity_handled SceneDelegate.swift:2"])
        #expect(result.files.flatMap(\.diagnostics).isEmpty, "\(result.files.flatMap(\.diagnostics).map(\.message))")
        #expect(result.files.map(\.payloadCount).reduce(0, +) == 1)
    }

    /// Found scanning open-source apps: an activity assigned to a property when it is made, to the
    /// responder's own `userActivity` (made current by UIKit) or to a stored property (kept for
    /// code elsewhere), and one written `.init(activityType:)` with its type, are donations too.
    @Test func activitiesAssignedToPropertiesAreDonations() throws {
        let result = try scan(
            [
                "Article.swift": """
                final class ArticleViewController: UIViewController {
                    var nextUnread: NSUserActivity?
                    override func viewDidAppear(_ animated: Bool) {
                        userActivity = NSUserActivity(activityType: "com.example.places.vew")
                        userActivity?.title = ""
                        userActivity?.isEligibleForSearch = true
                    }
                    func prepare() {
                        self.nextUnread = NSUserActivity(activityType: "com.example.places.list")
                        nextUnread!.title = "Next"
                    }
                    func typed() {
                        let a: NSUserActivity = .init(activityType: "com.example.places.map")
                        a.title = "Map"
                        a.becomeCurrent()
                    }
                }
                """
            ], plist: places)
        #expect(
            findings(result) == [
                "activity_title_required Article.swift:5",
                "activity_type_declared Article.swift:4",
            ], "\(findings(result))")
        #expect(result.files.map(\.payloadCount) == [3])
    }

    /// Found scanning open-source apps: a handler that converts the type to the app's enumeration
    /// and switches on it tells the types apart; it does not take every type.
    @Test func aSwitchOnTheAppsEnumerationOfTypesTellsThemApart() throws {
        let result = try scan(
            [
                "App.swift": """
                enum Kind: String {
                    case view = "com.example.places.view"
                    case map = "com.example.places.mapp"
                }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                        switch Kind(rawValue: userActivity.activityType)! {
                        case .view: router.showPlaces()
                        case Kind.map: router.showMap()
                        }
                    }
                }
                func donate() {
                    let list = NSUserActivity(activityType: "com.example.places.list")
                    list.becomeCurrent()
                }
                """
            ], plist: places)
        #expect(
            findings(result).filter { !$0.hasPrefix("source_cold_launch") } == [
                "source_donated_type_handled App.swift:14",
                "source_handled_type_declared App.swift:9",
            ], "\(findings(result))")
    }

    /// Found scanning open-source apps: a launch handler that hands the activity to one function
    /// of the app's stands for that function's handlers; two functions of the name, or one that
    /// tells no types apart, leave the handler taking every type.
    @Test func aHandlerThatHandsTheActivityOnIsTheFunctionItHandsItTo() throws {
        let delegate = """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    router.route(userActivity)
                }
            }
            """
        let router = """
            final class Router {
                func route(_ activity: NSUserActivity) {
                    if activity.activityType == "com.example.places.view" {
                        show(activity.userInfo?["placeID"] as? String)
                    }
                }
            }
            func donate() {
                let list = NSUserActivity(activityType: "com.example.places.list")
                list.becomeCurrent()
            }
            """
        let followed = try scan(["SceneDelegate.swift": delegate, "Router.swift": router], plist: places)
        #expect(
            findings(followed).filter { !$0.hasPrefix("source_cold_launch") } == ["source_donated_type_handled Router.swift:9"],
            "\(findings(followed))")
        // A second function of that name: which one is called is not known, so every type is taken.
        let twice = try scan(
            ["SceneDelegate.swift": delegate, "Router.swift": router, "Other.swift": "func route(_ activity: NSUserActivity) {}"], plist: places)
        #expect(findings(twice).filter { !$0.hasPrefix("source_cold_launch") }.isEmpty, "\(findings(twice))")
    }

    /// Found scanning open-source apps: the system's key constant as a userInfo key is its value,
    /// and a donation made in an initializer is named for it.
    @Test func systemKeysAndInitializersAreRead() throws {
        let scan = SourceScanner.scan(
            [
                .init(
                    path: "A.swift",
                    text: """
                        final class PlaceViewController: UIViewController {
                            init(place: Place) {
                                super.init(nibName: nil, bundle: nil)
                                let activity = NSUserActivity(activityType: "com.example.places.view")
                                activity.title = "Place"
                                activity.userInfo = [CSSearchableItemActivityIdentifier: "p-1"]
                                activity.becomeCurrent()
                            }
                        }
                        """)
            ], appInfo: nil, options: LintOptions(now: fixedNow, parallel: false))
        #expect(scan.result.files.flatMap(\.diagnostics).isEmpty, "\(scan.result.files.flatMap(\.diagnostics).map(\.message))")
        #expect(scan.payloads.map(\.fileName) == ["PlaceViewController.init-com.example.places.view.json"])
        #expect(scan.payloads.first?.text.contains("\"kCSSearchableItemActivityIdentifier\": \"p-1\"") == true, "\(scan.payloads.first?.text ?? "")")
    }

    /// Found scanning open-source apps: userInfo set differently in an if and its else took the
    /// last one written, so the verdict changed with the order of the branches. A property set
    /// on some paths only is computed at run time, whichever order.
    @Test(arguments: [true, false])
    func aPropertySetInABranchIsComputed(_ withKeyFirst: Bool) throws {
        let withKey = "activity.userInfo = [\"placeID\": id, \"tab\": tab]"
        let without = "activity.userInfo = [\"tab\": tab]"
        let result = try scan(
            [
                "A.swift": """
                func make(id: String?, tab: String) -> NSUserActivity {
                    let activity = NSUserActivity(activityType: "com.example.places.view")
                    if id != nil {
                        \(withKeyFirst ? withKey : without)
                    } else {
                        \(withKeyFirst ? without : withKey)
                    }
                    activity.requiredUserInfoKeys = ["placeID"]
                    return activity
                }
                """
            ], plist: places)
        #expect(findings(result).isEmpty, "\(findings(result))")
        #expect(
            result.files.flatMap(\.diagnostics).map(\.message) == [
                "userInfo is left out of the checks: set inside an if, a switch or a loop, so its value depends on the path the code takes"
            ])
    }

    /// An app's other files (models, views) hold nothing the rules judge: their suites list only
    /// that they were read, not a passed case per rule (a real app's JUnit report was 15 MB for
    /// two findings).
    @Test func aFileThatHoldsNothingToJudgeHasOnlyItsInputCase() throws {
        let result = try scan(
            [
                "Model.swift": "struct Place { let name: String }",
                "Donation.swift":
                    "func donate() {\n    let a = NSUserActivity(activityType: \"com.example.places.view\")\n    a.title = \"Places\"\n    a.becomeCurrent()\n}\n",
            ], plist: places)
        let report = result.report()
        let cases = Dictionary(uniqueKeysWithValues: report.suites.map { ($0.name, $0.cases.map(\.name)) })
        #expect(cases["Model.swift"] == ["input"])
        #expect((cases["Donation.swift"] ?? []).contains("activity_type_declared"))
    }

    /// swift-syntax's diagnostics generator stopped the process on this input (a Fix-It with no
    /// change, found by the `swift` fuzz target; Tests/Fuzz/regressions/swift): the lexer's
    /// objection is reported from the tree instead, in words.
    @Test func aVerticalTabBesideAnEqualSignIsALocatedError() throws {
        let result = try scan(["A.swift": "let x \u{0B}= 1\n", "B.swift": "let s = \u{201C}hi\u{201D}\nlet t = 1 +\n"])
        let errors = result.files.flatMap { file in
            file.inputErrors.map { "\(file.path):\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)" }
        }
        #expect(
            errors == [
                "A.swift:1:8 the file does not parse: equal must have consistent whitespace on both sides",
                "B.swift:1:9 the file does not parse: unicode curly quote",
                "B.swift:2:12 the file does not parse: expected expression",
            ])
    }
}

/// `// proctor:ignore rule: reason` in Swift: on the line, or on a line of its own above it.
@Suite("Source scan: suppressions")
struct SourceSuppressionTests {
    @Test func ignoresNeedAReasonAndCoverTheirLine() throws {
        let source = """
            func donate() {
                let activity = NSUserActivity(activityType: "com.example.places.view")
                // proctor:ignore title_length: the product team chose this title
                activity.title = "All the pizza places in town, sorted by how far they are from where you are right now and open"
                activity.keywords = ["pizza"] // proctor:ignore keywords_repeat_title, title_length: not relevant here
                activity.isEligibleForSearch = true // proctor:ignore title_length
                activity.becomeCurrent()
            }
            """
        let result = SourceScanner.scan(
            [SourceScanner.SourceFile(path: "A.swift", text: source)], appInfo: nil, options: LintOptions(now: fixedNow, parallel: false)
        ).result
        let file = try #require(result.files.first)
        #expect(
            file.findings.map { "\($0.ruleID) \($0.suppression ?? "-")" }.sorted() == [
                "keywords_repeat_title ignored: not relevant here", "title_length ignored: the product team chose this title",
            ], "\(file.findings.map(\.message))")
        let problems = file.diagnostics.map { "\($0.code.rawValue) \($0.location.line ?? 0)" }.sorted()
        #expect(problems == ["suppression_without_reason 6", "unused_suppression 5"], "\(file.diagnostics.map(\.message))")
    }
}

/// The cases a review found misread, kept as tests.
@Suite("Source scan: review cases")
struct SourceScanReviewTests {
    private func scan(_ text: String, plist: String? = nil) throws -> LintResult {
        let app = try plist.map { try appInfo(fromJSON: $0).appInfo } ?? nil
        return SourceScanner.scan(
            [SourceScanner.SourceFile(path: "A.swift", text: text)], appInfo: app, options: LintOptions(now: fixedNow, parallel: false)
        ).result
    }

    private func findings(_ result: LintResult) -> [String] {
        result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0)" }.sorted()
    }

    private let plist = #"{"CFBundleIdentifier": "com.example.app", "NSUserActivityTypes": ["com.example.app.a", "com.example.app.b"]}"#

    @Test func aParameterIsNotAnotherTypesConstant() throws {
        let result = try scan(
            """
            enum Copy { static let title = "An unrelated title that goes on and on, well past the ninety characters a result shows"; static let type = "x" }
            func show(title: String, type: String) {
                let a = NSUserActivity(activityType: type)
                a.title = title
                a.becomeCurrent()
            }
            """, plist: plist)
        #expect(findings(result).isEmpty, "\(findings(result))")
        #expect(result.files.flatMap(\.diagnostics).count == 1, "the type is a parameter: noted, not checked")
    }

    @Test func anInnerActivityOfTheSameNameIsAnotherOne() throws {
        let result = try scan(
            """
            func f() {
                let activity = NSUserActivity(activityType: "com.example.app.a")
                activity.title = "Outer"
                do {
                    let activity = NSUserActivity(activityType: "com.example.app.b")
                    activity.title = "Inner"
                    activity.becomeCurrent()
                }
            }
            """, plist: plist)
        #expect(findings(result) == ["source_donation_made_current 2"], "\(findings(result))")
    }

    @Test func twoDonationsOfOneTypeInOnePlaceAreTold() throws {
        let result = try scan(
            """
            func f() {
                let first = NSUserActivity(activityType: "com.example.app.a")
                first.title = "First"
                let second = NSUserActivity(activityType: "com.example.app.a")
                second.title = "Second"
                second.becomeCurrent()
            }
            """, plist: plist)
        let finding = try #require(result.files.flatMap(\.findings).first)
        #expect(finding.ruleID == "source_donation_made_current" && finding.location.line == 2, "\(findings(result))")
        #expect(finding.location.pointer == "/f()/donation/com.example.app.a", "\(finding.location.pointer ?? "")")
    }

    @Test func whereClausesStoredActivitiesAndCycles() throws {
        let result = try scan(
            """
            enum T { static let a = "com.example.app.a"; static let b = "com.example.app.b" }
            enum Loop { static let x = y + y; static let y = x + x }
            final class C {
                var current: NSUserActivity?
                func f() {
                    let a = NSUserActivity(activityType: T.b)
                    a.title = Loop.x
                    current = a
                }
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    switch userActivity.activityType {
                    case let t where t == T.b: break
                    default: break
                    }
                }
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    options.userActivities.first.map { self.scene(scene, continue: $0) }
                }
            }
            """, plist: plist)
        #expect(findings(result).isEmpty, "stored in a property: handed on; the where clause takes T.b: \(findings(result))")
    }

    @Test func constantsThatDoubleDoNotHang() throws {
        let constants = (1...40).map { "static let a\($0) = a\($0 - 1) + a\($0 - 1)" }.joined(separator: "\n")
        let started = Date()
        let result = try scan(
            """
            enum K {
            static let a0 = "x"
            \(constants)
            }
            func f() { let a = NSUserActivity(activityType: K.a40); a.becomeCurrent() }
            """)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.files.flatMap(\.diagnostics).contains { $0.message.contains("64 KiB") })
    }
}

/// Activities UIKit manages: the responder's updateUserActivityState(_:), wherever its type is
/// extended, writes the userInfo the payload rules judge, and needsSave needs an answer.
@Suite("Source scan: activities UIKit manages")
struct SourceScanManagedActivityTests {
    private let plist = #"{"CFBundleIdentifier": "com.example.app", "NSUserActivityTypes": ["com.example.app.a"]}"#

    private func scan(_ files: [String: String]) throws -> LintResult {
        let app = try appInfo(fromJSON: plist).appInfo
        return SourceScanner.scan(
            files.sorted { $0.key < $1.key }.map { SourceScanner.SourceFile(path: $0.key, text: $0.value) }, appInfo: app,
            options: LintOptions(now: fixedNow, parallel: false)
        ).result
    }

    private func findings(_ result: LintResult) -> [String] {
        result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.file):\($0.location.line ?? 0)" }.sorted()
    }

    private let donation = """
        final class ItemViewController: UIViewController {
            func show() {
                let activity = NSUserActivity(activityType: "com.example.app.a")
                activity.title = "Item"
                activity.requiredUserInfoKeys = ["id"]
                userActivity = activity
            }
            func edited() { userActivity?.needsSave = true }
        }
        """

    @Test func theUpdateInAnExtensionElsewhereWritesTheUserInfo() throws {
        let result = try scan([
            "A.swift": donation,
            "B.swift": """
            extension ItemViewController {
                override func updateUserActivityState(_ activity: NSUserActivity) {
                    activity.addUserInfoEntries(from: ["id": "i-1"])
                }
            }
            """,
        ])
        // requiredUserInfoKeys names a key the update adds: no required_user_info_keys_exist.
        #expect(findings(result).isEmpty, "\(findings(result))")
    }

    @Test func withoutAnUpdateNeedsSaveIsUnansweredAndRequiredKeysAreMissing() throws {
        let result = try scan(["A.swift": donation])
        #expect(findings(result) == ["required_user_info_keys_exist A.swift:5", "source_needs_save_answered A.swift:3"], "\(findings(result))")
    }

    @Test func aDelegateAnswersNeedsSave() throws {
        let result = try scan([
            "A.swift": """
            final class Editor: NSObject, NSUserActivityDelegate {
                var activity: NSUserActivity?
                func start() {
                    let activity = NSUserActivity(activityType: "com.example.app.a")
                    activity.title = "Draft"
                    activity.userInfo = ["id": "d-1"]
                    activity.delegate = self
                    activity.needsSave = true
                    activity.becomeCurrent()
                    self.activity = activity
                }
                func userActivityWillSave(_ userActivity: NSUserActivity) { userActivity.addUserInfoEntries(from: ["id": "d-1"]) }
            }
            """
        ])
        #expect(findings(result).isEmpty, "\(findings(result))")
    }

    @Test func keysSetOnlyAtCreationAreLost() throws {
        let result = try scan([
            "A.swift": """
            final class ItemViewController: UIViewController {
                func show() {
                    let activity = NSUserActivity(activityType: "com.example.app.a")
                    activity.title = "Item"
                    activity.userInfo = ["id": "i-1", "tab": "notes"]
                    activity.requiredUserInfoKeys = ["id"]
                    userActivity = activity
                }
                override func updateUserActivityState(_ activity: NSUserActivity) {
                    activity.addUserInfoEntries(from: ["id": "i-1"])
                }
            }
            """
        ])
        #expect(findings(result) == ["source_responder_state_updated A.swift:5"], "\(findings(result))")
        #expect(result.files.flatMap(\.findings).first?.location.pointer == "/ItemViewController.show()/donation/com.example.app.a/userInfo/tab")
    }
}

/// Core Spotlight items: built with an attribute set declared before them (or inline), judged
/// as searchableItem payloads, and against the handlers for a tap on them.
@Suite("Source scan: Core Spotlight items")
struct SourceScanSpotlightTests {
    private let plist = #"{"CFBundleIdentifier": "com.example.app", "NSUserActivityTypes": ["com.example.app.a"]}"#

    private func scan(_ text: String) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist).appInfo
        return SourceScanner.scan(
            [SourceScanner.SourceFile(path: "A.swift", text: text)], appInfo: app, options: LintOptions(now: fixedNow, parallel: false))
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0):\($0.location.column ?? 0)" }.sorted()
    }

    private let indexer = """
        final class Indexer {
            func index(_ notes: [Note]) {
                let items = notes.map { note -> CSSearchableItem in
                    let attributes = CSSearchableItemAttributeSet(contentType: .text)
                    attributes.title = note.title
                    attributes.keywords = ["note", note.folder]
                    attributes.rankingHint = 250
                    return CSSearchableItem(uniqueIdentifier: note.id, domainIdentifier: "notes", attributeSet: attributes)
                }
                CSSearchableIndex.default().indexSearchableItems(items)
            }

            func forget(_ notes: [Note]) {
                CSSearchableIndex.default().deleteSearchableItems(withIdentifiers: notes.map { $0.id })
            }
        }
        """

    @Test func itemsAreJudgedAsPayloadsOnTheirLines() throws {
        let scan = try scan(
            indexer + """

                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                        guard userActivity.activityType == CSSearchableItemActionType, let id = userActivity.userInfo?[CSSearchableItemActivityIdentifier] as? String else { return false }
                        return open(id)
                    }
                }
                """)
        // rankingHint 250 is out of 0...100, on the line that sets it; the identifier computed at
        // run time is there ("…"), so no finding says it is missing.
        #expect(findings(scan) == ["ranking_hint_range 7:13"], "\(findings(scan))")
        let payload = try #require(scan.payloads.first)
        #expect(payload.fileName == "Indexer.index-searchableItem.json")
        #expect(payload.text.contains("\"uniqueIdentifier\": \"…\"") && payload.text.contains("\"domainIdentifier\": \"notes\""), "\(payload.text)")
        #expect(
            scan.routes.map(\.name) == ["com.apple.corespotlightitem"] && scan.routes.first?.userInfoKeys == ["kCSSearchableItemActivityIdentifier"])
    }

    @Test func anItemNoHandlerTakesIsReported() throws {
        let scan = try scan(
            indexer + """

                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                        if userActivity.activityType == "com.example.app.a" { return open() }
                        return false
                    }
                }
                """)
        #expect(findings(scan) == ["ranking_hint_range 7:13", "source_donated_type_handled 8:20"], "\(findings(scan))")
    }

    @Test func anActivitysContentAttributeSetIsRead() throws {
        let scan = try scan(
            """
            func show() {
                let attributes = CSSearchableItemAttributeSet(contentType: .text)
                attributes.supportsNavigation = true
                let activity = NSUserActivity(activityType: "com.example.app.a")
                activity.title = "A place"
                activity.contentAttributeSet = attributes
                activity.becomeCurrent()
            }
            """)
        #expect(findings(scan).contains("navigation_requires_coordinates 3:5"), "\(findings(scan))")
    }
}

/// The ways into the app: a cold launch with scenes, and URLs.
@Suite("Source scan: ways in")
struct SourceScanEntryPointTests {
    private let plist =
        #"{"CFBundleIdentifier": "com.example.app", "NSUserActivityTypes": ["com.example.app.a"], "CFBundleURLTypes": [{"CFBundleURLSchemes": ["app"]}]}"#

    private func findings(_ text: String) throws -> [String] {
        let app = try appInfo(fromJSON: plist).appInfo
        let result = SourceScanner.scan(
            [SourceScanner.SourceFile(path: "A.swift", text: text)], appInfo: app, options: LintOptions(now: fixedNow, parallel: false)
        ).result
        return result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0)" }.sorted()
    }

    private let donation = """
        func show() {
            let activity = NSUserActivity(activityType: "com.example.app.a")
            activity.title = "A"
            activity.becomeCurrent()
        }

        """

    @Test func aSwiftUIAppOpensURLsWithOnOpenURL() throws {
        let app =
            donation + """
                struct ContentView: View {
                    var body: some View {
                        Text("A")
                            .onContinueUserActivity("com.example.app.a") { activity in show() }
                            .onOpenURL { url in open(url) }
                    }
                }
                """
        #expect(try findings(app).isEmpty)
        #expect(try findings(app.replacingOccurrences(of: ".onOpenURL { url in open(url) }", with: "")) == ["source_url_scheme_handled 9"])
    }

    @Test func aSceneDelegateReadsTheColdLaunchAndTheURLContexts() throws {
        let delegate =
            donation + """
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                        if userActivity.activityType == "com.example.app.a" { show() }
                    }
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        if let activity = connectionOptions.userActivities.first { self.scene(scene, continue: activity) }
                        if let url = connectionOptions.urlContexts.first?.url { open(url) }
                    }
                }
                """
        #expect(try findings(delegate).isEmpty)
        let withoutColdLaunch = delegate.replacingOccurrences(
            of: "if let activity = connectionOptions.userActivities.first { self.scene(scene, continue: activity) }", with: "")
        #expect(try findings(withoutColdLaunch) == ["source_cold_launch_activity_handled 7"])
    }
}

/// SiriKit donations: an INInteraction whose intent is built from initializers (here, or bound
/// earlier), judged as an interaction payload and against the handlers of the intent's type.
@Suite("Source scan: SiriKit interactions")
struct SourceScanInteractionTests {
    private let plist =
        #"{"CFBundleIdentifier": "com.example.chat", "NSUserActivityTypes": ["INSendMessageIntent"], "INIntentsSupported": ["INSendMessageIntent"]}"#

    private func scan(_ text: String) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist).appInfo
        return SourceScanner.scan(
            [SourceScanner.SourceFile(path: "A.swift", text: text)], appInfo: app, options: LintOptions(now: fixedNow, parallel: false))
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0)" }.sorted()
    }

    private func donation(handle: String, handled: String = "INSendMessageIntent") -> String {
        """
        final class Conversation {
            func sent(_ message: Message, to contact: Contact) {
                let recipient = INPerson(personHandle: INPersonHandle(value: \(handle), type: .emailAddress), nameComponents: nil, displayName: contact.name, image: nil, contactIdentifier: nil, customIdentifier: contact.id)
                let intent = INSendMessageIntent(recipients: [recipient], outgoingMessageType: .outgoingMessageText, content: message.text, speakableGroupName: nil, conversationIdentifier: message.thread, serviceName: nil, sender: nil, attachments: nil)
                let interaction = INInteraction(intent: intent, response: nil)
                interaction.direction = .outgoing
                interaction.donate { _ in }
            }
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                guard userActivity.activityType == "\(handled)" else { return false }
                return true
            }
        }
        """
    }

    @Test func anInteractionIsTranscribedFromItsInitializers() throws {
        let scan = try scan(donation(handle: "contact.email"))
        // The handle's value is computed: kept as "…", and its form is not judged.
        #expect(findings(scan).isEmpty, "\(findings(scan))")
        let payload = try #require(scan.payloads.first)
        #expect(payload.fileName == "Conversation.sent-interaction-INSendMessageIntent.json")
        for expected in [
            #""direction": "outgoing""#, #""INSendMessageIntent": {"#, #""type": "emailAddress""#, #""outgoingMessageType": "outgoingMessageText""#,
        ] {
            #expect(payload.text.contains(expected), "\(expected) in \(payload.text)")
        }
        #expect(!payload.text.contains("image") && !payload.text.contains("attachments"), "labels Proctor does not model are left out")
    }

    @Test func itsRulesAndItsHandlerAreJudged() throws {
        // On the line of the handle's value, where the recipient is built.
        #expect(try findings(scan(donation(handle: "\"not an email\""))) == ["person_handle_type 3"])
        #expect(
            try findings(scan(donation(handle: "contact.email", handled: "INStartCallIntent"))) == [
                "source_donated_type_handled 5", "source_handled_type_declared 12",
            ])
    }
}

/// The cases the second review of the scan found misread, kept as tests.
@Suite("Source scan: second review cases")
struct SourceScanSecondReviewTests {
    private let plist = #"{"CFBundleIdentifier": "com.x", "NSUserActivityTypes": ["com.x.view", "com.x.search", "INStartCallIntent"]}"#

    private func scan(_ text: String) throws -> SourceScan {
        let app = try appInfo(fromJSON: plist).appInfo
        return SourceScanner.scan(
            [SourceScanner.SourceFile(path: "A.swift", text: text)], appInfo: app, options: LintOptions(now: fixedNow, parallel: false))
    }

    private func findings(_ scan: SourceScan) -> [String] {
        scan.result.files.flatMap(\.findings).map { "\($0.ruleID) \($0.location.line ?? 0)" }.sorted()
    }

    @Test func routesNeedOnlyTheKeysOfTheirOwnBranchAndNoneWithAFallback() throws {
        let scan = try scan(
            """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ app: UIApplication, continue a: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                    if a.activityType == "com.x.search" { search(a.userInfo?["query"] as? String); return true }
                    guard a.activityType == "com.x.view", let id = a.userInfo?["placeID"] as? String else { return false }
                    show(id, tab: a.userInfo?["tab"] as? String ?? "menu")
                    return true
                }
            }
            """)
        let routes = Dictionary(uniqueKeysWithValues: scan.routes.map { ($0.name, $0.userInfoKeys) })
        #expect(routes == ["com.x.search": ["query"], "com.x.view": ["placeID"]], "\(routes)")
    }

    @Test func computedUserInfoAndEligibilityAreNotJudgedAsAbsent() throws {
        let scan = try scan(
            """
            final class PlaceViewController: UIViewController {
                func show() {
                    let a = NSUserActivity(activityType: "com.x.view")
                    a.title = "Place"
                    a.userInfo = ["placeID": "p-1"]
                    a.requiredUserInfoKeys = ["placeID", "section"]
                    a.isEligibleForHandoff = false
                    a.isEligibleForSearch = settings.indexingOn
                    userActivity = a
                }
                override func updateUserActivityState(_ act: NSUserActivity) {
                    act.addUserInfoEntries(from: place.info)
                }
            }
            """)
        // 'section' may be in the entries the update computes; search may be on.
        #expect(
            !findings(scan).contains { $0.hasPrefix("required_user_info_keys_exist") || $0.hasPrefix("activity_eligible_somewhere") },
            "\(findings(scan))")
        #expect(
            !findings(scan).contains { $0.hasPrefix("source_responder_state_updated") },
            "an update the scan cannot read key by key is not judged key by key")
    }

    @Test func intentsSpeltWithNSStringFromClassAndDefaultBranchesAreHandlers() throws {
        let donation = """
            func call() {
                let interaction = INInteraction(intent: INStartCallIntent(audioRoute: .unknown, destinationType: .normal, contacts: [], callCapability: .audioCall), response: nil)
                interaction.donate(completion: nil)
            }
            """
        let named = try scan(
            donation + """

                func scene(_ scene: UIScene, continue a: NSUserActivity) {
                    switch a.activityType {
                    case NSStringFromClass(INStartCallIntent.self): startCall(a)
                    default: break
                    }
                }
                """)
        #expect(!findings(named).contains { $0.hasPrefix("source_donated_type_handled") }, "\(findings(named))")
        let byDefault = try scan(
            donation + """

                func scene(_ scene: UIScene, continue a: NSUserActivity) {
                    switch a.activityType {
                    case "com.x.view": show(a)
                    default:
                        if let intent = a.interaction?.intent as? INStartCallIntent { startCall(intent) }
                    }
                }
                """)
        #expect(!findings(byDefault).contains { $0.hasPrefix("source_donated_type_handled") }, "\(findings(byDefault))")
    }

    @Test func objectsThatFanOutStopAtALimit() throws {
        var lines = ["func f() {", "    let p0 = INPerson(personHandle: INPersonHandle(value: \"a@b.c\", type: .emailAddress), displayName: \"a\")"]
        for level in 1...7 {
            lines.append(
                "    let p\(level) = INPerson(displayName: \"a\", aliases: [\(Array(repeating: "p\(level - 1)", count: 20).joined(separator: ", "))])"
            )
        }
        lines.append(
            "    INInteraction(intent: INSendMessageIntent(recipients: [\(Array(repeating: "p7", count: 20).joined(separator: ", "))], content: \"hi\"), response: nil).donate(completion: nil)"
        )
        lines.append("}")
        let scan = try scan(lines.joined(separator: "\n"))
        let notes = scan.result.files.flatMap(\.diagnostics).map(\.message)
        #expect(notes.contains { $0.contains("more than 1000 values") }, "\(notes.prefix(3))")
    }

    @Test func payloadNamesStayUnique() {
        let names = SourceScan.fileNames(for: [("f()", "com.x.a"), ("f()", "com.x.a"), ("f()", "com.x.a-2"), ("F()", "com.x.A")])
        #expect(Set(names.map { $0.lowercased() }).count == 4, "\(names)")
    }

    @Test func twoDonationsComparedAreNamedByTheirSwiftPlace() {
        let places = [
            ProctorCore.SourceLocation(file: "A.swift", line: 3, column: 9), ProctorCore.SourceLocation(file: "B.swift", line: 12, column: 20),
        ]
        #expect(
            SourceScanner.namingSwift("uniqueIdentifier 'x' is already used by the item at donation-1.json:3:25", places)
                == "uniqueIdentifier 'x' is already used by the item at B.swift:12:20")
    }
}
