import Foundation
import ProctorAppFacts
import ProctorCore
import ProctorEngine
import ProctorInputs
import ProctorJSON
import ProctorLint
import ProctorReports
import ProctorRules

// Communication notifications in `proctor scan` (docs/scan.md, "Communication notifications"):
// each `content.updating(from: intent)` the files hold, with the intent followed into the
// function of the app's that builds it, whether an interaction of it is donated first, and the
// app's entitlements files for the Communication Notifications entitlement.

extension SourceScanner {
    /// An entitlements file of the app, as bytes (XML or binary property list); nil for a file
    /// the Xcode project names (CODE_SIGN_ENTITLEMENTS) that is not there: the app's entitlements
    /// are then not all known, and the rule that needs them is not judged, but no file the user
    /// named is missing, so it is no input error.
    package struct EntitlementsBytes: Sendable {
        package var path: String
        package var bytes: [UInt8]?

        package init(path: String, bytes: [UInt8]?) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// What the extractor found of communication notifications in every file, joined: each
    /// update with the builder of its intent and the donors it hands the intent to.
    struct CommunicationNotificationCode {
        /// Each file's updates, in file order.
        var updates: [(path: String, update: ScannedContentUpdate)] = []
        /// The builders, by name: a name declared twice is left out (which one runs is not known).
        var builders: [String: ScannedIntentBuilder] = [:]
        /// The donors, by name, the same way.
        var donors: [String: ScannedIntentDonor] = [:]

        init(_ files: [(path: String, updates: [ScannedContentUpdate], builders: [ScannedIntentBuilder], donors: [ScannedIntentDonor])]) {
            var twice: Set<String> = []
            var donorsTwice: Set<String> = []
            for file in files {
                updates += file.updates.map { (file.path, $0) }
                for builder in file.builders where builders.updateValue(builder, forKey: builder.name) != nil { twice.insert(builder.name) }
                for donor in file.donors where donors.updateValue(donor, forKey: donor.name) != nil { donorsTwice.insert(donor.name) }
            }
            for name in twice { builders[name] = nil }
            for name in donorsTwice { donors[name] = nil }
            // An update whose intent a builder returns: the builder's class and donation.
            for index in updates.indices {
                var update = updates[index].update
                guard let name = update.builder else { continue }
                if let builder = builders[name] {
                    if update.className == nil { update.className = builder.className }
                    update.donation.add(builder.donation)
                } else if update.className == nil {
                    update.unknownReason =
                        "the intent is the result of '\(name)', which the scanned files do not declare once as a function returning INSendMessageIntent or INStartCallIntent"
                }
                updates[index].update = update
            }
            // An intent handed to a function of the app's that donates what it is given.
            for index in updates.indices where !updates[index].update.donation.donated {
                for name in updates[index].update.donation.handedTo {
                    guard let donor = donors[name] else { continue }
                    var found = donor.donation
                    // The donor's interaction is of its parameter: its payload is not judged.
                    found.isJudgedAsPayload = false
                    updates[index].update.donation.add(found)
                }
            }
            // What is no communication notification at all: `updating(from:)` of another type,
            // in a file that does not import both UserNotifications and Intents.
            updates.removeAll { $0.update.className == nil && !$0.update.importsNotificationsAndIntents }
        }

        /// The interactions the notifications stand for, incoming, each judged as a payload where
        /// its intent is built: an update's own, and once each builder's that an update uses,
        /// unless the donation before the update is judged as a payload already.
        var interactions: [(path: String, interaction: ScannedDonation)] {
            var found: [(path: String, interaction: ScannedDonation)] = []
            var builtBy: Set<String> = []
            for (path, update) in updates where !(update.donation.donated && update.donation.isJudgedAsPayload) {
                if let interaction = update.interaction {
                    found.append((path, interaction))
                } else if let name = update.builder, let builder = builders[name], let interaction = builder.interaction,
                    builtBy.insert(name).inserted
                {
                    found.append((interaction.location.file, interaction))
                }
            }
            return found
        }
    }

    /// The communication-notification rules over `code`, with the app's `entitlements` files:
    /// findings into `findings`, and a note for each update whose intent the scan cannot follow
    /// into `notes`. Returns the files something was found in.
    static func judgeCommunicationNotifications(
        _ code: CommunicationNotificationCode, entitlements: [EntitlementsBytes], engine: RuleEngine, context: RuleContext,
        into findings: inout [Finding], notes: inout [Diagnostic], unreadable: inout [FileResult]
    ) -> Set<String> {
        guard !code.updates.isEmpty else { return [] }
        var subject = SourceCommunicationNotifications()
        var places: [String: ProctorCore.SourceLocation] = [:]
        var counts: [String: Int] = [:]
        for (_, update) in code.updates {
            guard let className = update.className, update.unknownReason == nil || update.builder != nil else {
                notes.append(
                    Diagnostic(
                        code: dynamicValue, severity: .note,
                        message:
                            "this notification is updated with an intent the scan cannot follow (\(update.unknownReason ?? "computed at run time")); whether it is a communication notification's, donated first, is not checked",
                        location: update.location))
                continue
            }
            let ordinal = counts[update.symbol, default: 0]
            counts[update.symbol] = ordinal + 1
            let pointer = JSONPointer([update.symbol, "updating", String(ordinal)])
            places[pointer.description] = update.location
            var found = SourceCommunicationNotifications.Update(
                symbol: update.symbol, className: className, donated: update.donation.donated, pointer: pointer)
            found.builder = update.builder
            found.handedTo = update.donation.handedTo
            found.donationIsJudged = update.donation.isJudgedAsPayload
            switch update.donation.direction {
            case .string(let direction)?: found.direction = direction
            case nil: break
            default: found.directionIsComputed = true
            }
            if let place = update.donation.location {
                let at = pointer.appending("donation")
                places[at.description] = place
                found.donationPointer = at
            }
            subject.updates.append(found)
        }
        if !entitlements.isEmpty {
            var entitled = false
            var allRead = true
            for file in entitlements {
                guard let bytes = file.bytes else {
                    allRead = false
                    continue
                }
                switch PropertyListFile.read(bytes: bytes, displayPath: file.path, noun: "the entitlements file") {
                case .success(let read):
                    subject.entitlementsFiles.append(file.path)
                    if let root = read.root as? [String: Any], root[SourceCommunicationNotifications.entitlementKey] as? Bool == true {
                        entitled = true
                    }
                case .failure(let error):
                    var result = FileResult(path: file.path)
                    result.inputErrors = [error]
                    unreadable.append(result)
                    allRead = false
                }
            }
            // Judged only when every entitlements file of the app was read.
            if allRead { subject.isEntitled = entitled }
        }
        let locate = { (pointer: JSONPointer) -> ProctorCore.SourceLocation in
            var written = pointer.tokens
            while !written.isEmpty && places[JSONPointer(written).description] == nil { written.removeLast() }
            var place = places[JSONPointer(written).description] ?? ProctorCore.SourceLocation(file: "")
            place.pointer = pointer.description
            return place
        }
        engine.rules(judging: SourceCommunicationNotifications.self).judge(subject, in: context, locate: locate, into: &findings)
        return Set(code.updates.map(\.update.location.file))
    }
}
