import ProctorEngine
import ProctorJSON

/// The notification content an app's Swift updates with a message or call intent
/// (`content.updating(from: intent)`), as `proctor scan` found it, with whether an interaction of
/// the intent is donated first, and the app's Communication Notifications entitlement
/// (docs/scan.md, "Communication notifications").
package struct SourceCommunicationNotifications: RuleSubject, Sendable {
    package static var scope: RuleScope { .source }

    /// The entitlement that lets an app's notifications be communication notifications.
    package static let entitlementKey = "com.apple.developer.usernotifications.communication"

    /// One `updating(from:)` whose intent the scan followed.
    package struct Update: Sendable {
        /// The function that updates the content.
        package var symbol: String
        /// `INSendMessageIntent` or `INStartCallIntent`.
        package var className: String
        /// The function of the app's that builds the intent, when it is one.
        package var builder: String?
        /// An interaction of the intent is donated before the update: in the same function, in
        /// the function that builds the intent, or in a function of the app's it is handed to.
        package var donated: Bool
        /// The direction set on that interaction (`incoming`, `outgoing`); nil when none is set
        /// or it is computed at run time.
        package var direction: String?
        /// The direction of that interaction is computed at run time.
        package var directionIsComputed: Bool
        /// The interaction's payload is judged on its own (its intent is an initializer the scan
        /// reads), so `interaction_direction` speaks of a direction left unset.
        package var donationIsJudged: Bool
        /// The functions of the app's the intent is handed to first, none of which the scan
        /// found donating it.
        package var handedTo: [String]
        /// Where the update is.
        package var pointer: JSONPointer
        /// Where the donated interaction is made, when there is one.
        package var donationPointer: JSONPointer?

        package init(symbol: String, className: String, donated: Bool, pointer: JSONPointer) {
            self.symbol = symbol
            self.className = className
            self.donated = donated
            self.pointer = pointer
            self.builder = nil
            self.direction = nil
            self.directionIsComputed = false
            self.donationIsJudged = false
            self.handedTo = []
            self.donationPointer = nil
        }
    }

    package var updates: [Update] = []
    /// Whether some entitlements file of the app (or of one of its extensions) sets
    /// ``entitlementKey`` to true; nil when the scan read none of the app's entitlements files.
    package var isEntitled: Bool?
    /// The entitlements files read, for the message.
    package var entitlementsFiles: [String] = []

    package init() {}
}
