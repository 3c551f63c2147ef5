import ProctorAppFacts
import ProctorEngine

/// The app's Info.plist, for the rules that judge the property list itself.
extension AppInfo: RuleSubject { package static var scope: RuleScope { .infoPlist } }
