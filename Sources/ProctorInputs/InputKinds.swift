import ProctorPayloads
import ProctorVocabulary

/// The kinds of input `proctor lint` reads. Adding a kind is its folder in this module (how its
/// files are found and read) and one line here, beside its folder in ProctorPayloads (what its
/// rules judge); a payload written in donation files that is one subject of its rules is its
/// folder in ProctorPayloads and one line in ``others``.
package enum InputKinds {
    /// The kinds of payload file, in the order a walked file is offered to them: a name two kinds
    /// claim is the first's (`pass.json` is a Wallet pass, not a donation file). The donation kind
    /// reads a file named on the command line that none claims (``unclaimed``).
    package static let payloads: [any PayloadInput] = [
        WalletPassInput(),
        DonationInput(),
        SiteAssociationInput(),
        WebPageInput(),
        EntitlementsInput(),
        NotificationInput(),
        CoverageFileInput(),
        WalletPassBundleInput(),
        IntentDefinitionInput(),
    ]

    /// The kinds of payload a donation file may hold beside donations, under their own key.
    package static let others: [any OtherPayloadKind] = [
        EmbeddedPayloads<RemoteNotification>(),
        RegionPayloads(),
        EmbeddedPayloads<CalendarEvent>(),
        EmbeddedPayloads<NowPlayingInfo>(),
    ]

    /// The index in ``payloads`` of the kind that reads a file no kind claims: donations.
    static let unclaimed = payloads.firstIndex { $0 is DonationInput } ?? 0

    /// The app's Info.plist, named by `--info-plist`.
    package static let infoPlist: any AppDescriptionInput = InfoPlistInput()

    /// The index in ``payloads`` of the kind that reads the file at `path`: the kind the user
    /// named it for, else the first that claims its name.
    package static func payloadKind(forPath path: String, declared: DeclaredFiles = DeclaredFiles()) -> Int {
        if !declared.entitlements.isEmpty || !declared.siteDomains.isEmpty {
            let normalized = DeclaredFiles.normalized(path)
            if let kind = payloads.firstIndex(where: { $0.claims(declared: normalized, in: declared) }) { return kind }
        }
        return payloads.firstIndex { $0.claims(path: path) } ?? unclaimed
    }

    /// Whether a directory walk picks the file at `path`: a payload kind claims it, or it is an
    /// Info.plist (``isAppDescription(path:isWalked:)``).
    package static func claims(path: String) -> Bool {
        payloads.contains { $0.claims(path: path) } || isAppDescription(path: path, isWalked: true)
    }

    /// Whether the file at `path` is read as an app's Info.plist, judged on its own by the rules
    /// on the property list: in a walk, a file Xcode names `Info.plist`; named on the command
    /// line, any property list (`.plist`), which was read as JSON before. Other property lists a
    /// walk meets (`GoogleService-Info.plist`, settings bundles) are no app's description.
    package static func isAppDescription(path: String, isWalked: Bool) -> Bool {
        isWalked ? path == "Info.plist" || path.hasSuffix("/Info.plist") : path.hasSuffix(".plist")
    }
}
