import ProctorCore
import ProctorEngine
import ProctorPayloads

// Rules on signed Wallet pass bundles (docs/input-format.md, "Wallet pass bundles"): what Wallet
// checks in a .pkpass before it adds the pass, and what it shows from the bundle besides
// pass.json. Their subject is the bundle as read (``WalletPassBundleFacts``); the pass.json inside
// is judged by the pass rules. Their examples are pass bundle recipes (``PassBundleRecipe``): a
// gift card with its icon at three scales, signed, that every rule passes, changed where the
// example says; places are `ENTRY#POINTER` (``PassBundlePlace``).

private let buildingAPass = "Apple, Wallet Passes: Building a Pass (developer.apple.com/documentation/walletpasses/building-a-pass)"
private let creatingTheSource = "Apple, Wallet Passes: Creating the Source for a Pass"
private let passDesign = "Apple, Wallet Developer Guide (archived): Pass Design and Creation"

/// The example gift card's pass.json.
private let giftCardPass = """
    {"formatVersion": 1, "passTypeIdentifier": "pass.com.example.store.giftcard", "serialNumber": "GC-4417-0032", \
    "teamIdentifier": "A1B2C3D4E5", "organizationName": "Example Store", "description": "Example Store gift card", \
    "storeCard": {"primaryFields": [{"key": "balance", "label": "BALANCE", "value": 25, "currencyCode": "USD"}]}}
    """

/// A file of a recipe: JSON, text, or a PNG image of a pixel size.
private func json(_ name: String, _ content: String) -> String { #"{"name": "\#(name)", "json": \#(content)}"# }
private func text(_ name: String, _ content: String) -> String { #"{"name": "\#(name)", "text": "\#(content)"}"# }
private func png(_ name: String, _ width: Int, _ height: Int) -> String { #"{"name": "\#(name)", "png": [\#(width), \#(height)]}"# }

/// The example bundle's files: pass.json and the icon at 1x, @2x and @3x.
private let giftCardFiles = [json("pass.json", giftCardPass), png("icon.png", 29, 29), png("icon@2x.png", 58, 58), png("icon@3x.png", 87, 87)]

/// A recipe of `files`, with the manifest and signing given as recipe JSON (written and signed as
/// signpass does when nil).
private func recipe(_ files: [String] = giftCardFiles, manifest: String? = nil, sign: String? = nil) -> String {
    var members = [#""files": ["# + files.joined(separator: ", ") + "]"]
    if let manifest { members.append(#""manifest": "# + manifest) }
    if let sign { members.append(#""sign": "# + sign) }
    return "{" + members.joined(separator: ", ") + "}"
}

/// A file's location inside the bundle as a violation's place.
private func at(_ bundle: WalletPassBundleFacts, _ name: String?) -> SourceLocation { bundle.location(of: name) }

/// manifest.json lists every file of the bundle but itself and the signature, each with its SHA-1
/// digest, and nothing else.
struct PassBundleManifestRule: Rule {
    static let description = RuleDescription(
        id: "pass_bundle_manifest",
        name: "Pass Bundle Manifest Lists Every File",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "A pass bundle's manifest.json must list every file of the bundle but itself and the signature, each with the SHA-1 digest of its bytes, and nothing else.",
        rationale: """
            Apple's Building a Pass: the manifest is a JSON dictionary whose keys are the paths of \
            the bundle's files and whose values are the SHA-1 hashes of their contents, and it is \
            what the signature signs, so it is how Wallet knows no file changed after signing. \
            Wallet refuses a bundle whose manifest is missing, does not list a file the bundle \
            holds (a stray .DS_Store added after packaging), lists a file it does not hold, or \
            lists a digest a file does not have (a file edited after the manifest was made). The \
            manifest cannot list itself or the signature, which are made after it. Proctor reports \
            a missing manifest at the bundle, an unlisted file at that file, and everything else \
            where the manifest lists it; digests are compared without regard to case.
            """,
        sources: [buildingAPass + ": the manifest and its SHA-1 digests [H]", creatingTheSource + " [H]"],
        passing: [RuleExample(passBundle: recipe())],
        failing: [
            RuleExample(
                passBundle: recipe(
                    giftCardFiles + [text(".DS_Store", "Finder's view settings")],
                    manifest:
                        #"{".DS_Store": null, "pass.json": "0000000000000000000000000000000000000000", "thumbnail.png": "3a8e1f6c0b7d2e4f5a6b7c8d9e0f1a2b3c4d5e6f"}"#
                ),
                at: [".DS_Store#", "manifest.json#/pass.json", "manifest.json#/thumbnail.png"]),
            RuleExample(passBundle: recipe(manifest: "false", sign: "false"), at: ["#"]),
            RuleExample(passBundle: recipe(giftCardFiles + [text("manifest.json", "[]")], sign: "false"), at: ["manifest.json#"]),
        ])

    func check(_ bundle: WalletPassBundleFacts, in context: RuleContext) -> [Violation] {
        let listings: [WalletPassBundleFacts.Listing]
        switch bundle.manifest {
        case .missing:
            return [
                Violation("the bundle has no manifest.json, which lists every file with its SHA-1 digest; Wallet rejects it", at: at(bundle, nil))
            ]
        case .unreadable(let message, let location):
            return [Violation(message, at: location)]
        case .listed(let members):
            listings = members
        }
        var violations: [Violation] = []
        let madeAfter = [WalletPassBundleFacts.manifestName, WalletPassBundleFacts.signatureName]
        for listing in listings {
            guard let digest = listing.digest else {
                violations.append(Violation("'\(listing.name)' is listed with \(listing.listedType), not a SHA-1 digest", at: listing.digestLocation))
                continue
            }
            if madeAfter.contains(listing.name) {
                violations.append(
                    Violation("manifest.json lists '\(listing.name)', which the manifest leaves out: it cannot sign itself", at: listing.nameLocation)
                )
            } else if let actual = bundle.digests[listing.name] {
                if digest.lowercased() != actual {
                    violations.append(
                        Violation(
                            "'\(listing.name)' has the SHA-1 digest \(actual), not the \(digest) manifest.json lists: the file changed after the manifest was made, so Wallet rejects the bundle",
                            at: listing.digestLocation))
                }
            } else {
                violations.append(Violation("manifest.json lists '\(listing.name)', which the bundle does not hold", at: listing.nameLocation))
            }
        }
        let listed = Set(listings.map(\.name))
        for name in bundle.names where !madeAfter.contains(name) && !listed.contains(name) {
            violations.append(
                Violation(
                    "'\(name)' is not listed in manifest.json, which must list every file of the bundle; Wallet rejects it", at: at(bundle, name)))
        }
        return violations
    }
}

/// The signature is a detached PKCS #7 signature of manifest.json by the certificate of the
/// pass's type and team.
struct PassBundleSignatureRule: Rule {
    static let description = RuleDescription(
        id: "pass_bundle_signature",
        name: "Pass Bundle Is Signed For Its Pass Type",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "A pass bundle's signature must be a detached DER PKCS #7 signature that verifies over manifest.json, by a certificate whose UID is the passTypeIdentifier and whose OU is the teamIdentifier.",
        rationale: """
            Apple's Building a Pass: a pass is signed with the Pass Type ID certificate of its \
            pass type identifier, as a detached PKCS #7 signature of manifest.json in a file named \
            signature; Wallet adds only signed passes whose certificate matches the pass type \
            identifier. Proctor checks that the signature is DER PKCS #7 signed data, detached, \
            with its signer's certificate, that it verifies over the manifest, and that the \
            certificate's UID is the passTypeIdentifier and its OU the teamIdentifier (an \
            assumption from how Apple issues Pass Type ID certificates, whose OU is the Team ID). \
            The chain to Apple's root and the expiry are not checked: that needs Apple's WWDR \
            certificates, which Proctor does not ship, so a self-signed certificate whose UID and \
            OU match passes here and is still refused by Wallet.
            """,
        sources: [
            buildingAPass + ": signing the manifest with the Pass Type ID certificate [H]",
            passDesign + ": pass type identifiers and certificates [H]", "Proctor's assumption: a Pass Type ID certificate's OU is the Team ID [M]",
        ],
        passing: [RuleExample(passBundle: recipe())],
        failing: [
            RuleExample(passBundle: recipe(sign: "false"), at: ["#"]),
            RuleExample(
                passBundle: recipe(sign: #"{"passTypeIdentifier": "pass.com.example.store.loyalty", "teamIdentifier": "Z9Y8X7W6V5"}"#),
                at: ["signature#", "signature#"]),
            RuleExample(passBundle: recipe(giftCardFiles + [text("signature", "signed by Example Store")]), at: ["signature#"]),
        ])

    func check(_ bundle: WalletPassBundleFacts, in context: RuleContext) -> [Violation] {
        let signature = bundle.signature
        guard signature.isPresent else {
            return [
                Violation("the bundle has no signature file; Wallet adds only passes signed with a Pass Type ID certificate", at: at(bundle, nil))
            ]
        }
        let location = signature.location
        var violations: [Violation] = []
        switch signature.problem {
        case .notPKCS7?:
            violations.append(Violation("the signature is not a DER-encoded PKCS #7 signature", at: location))
        case .notSignedData?:
            violations.append(Violation("the signature is PKCS #7 but not signed data", at: location))
        case .notDetached?:
            violations.append(Violation("the signature carries its content instead of signing manifest.json detached", at: location))
        case .noSignerCertificate?:
            violations.append(Violation("the signature carries no signer certificate, so the pass cannot be traced to a Pass Type ID", at: location))
        case .doesNotVerify(let reason)?:
            violations.append(
                Violation(
                    "the signature does not verify over manifest.json (\(reason)): the manifest changed after signing, so Wallet rejects the bundle",
                    at: location))
        case nil:
            break
        }
        // The signer is known when the signature verifies, or when only its content does not.
        let signerIsKnown =
            switch signature.problem {
            case nil, .doesNotVerify?: true
            default: false
            }
        // Without a manifest there is nothing the signature could verify over, and no signer read.
        guard signerIsKnown, case .listed = bundle.manifest else { return violations }
        if let identifier = signature.passTypeIdentifier, signature.signerUserID != identifier {
            let signer = signature.signerUserID.map { "'\($0)'" } ?? "no pass type identifier"
            violations.append(
                Violation(
                    "the signing certificate names \(signer) (its UID), not the passTypeIdentifier '\(identifier)': Wallet does not add a pass signed for another type",
                    at: location))
        }
        if let team = signature.teamIdentifier, signature.signerOrganizationalUnit != team {
            let signer = signature.signerOrganizationalUnit.map { "'\($0)'" } ?? "no team"
            violations.append(
                Violation(
                    "the signing certificate names \(signer) (its OU), not the teamIdentifier '\(team)': Wallet does not add a pass signed by another team",
                    at: location))
        }
        return violations
    }
}

/// An image role and the size Apple gives it, in points.
struct PassImageRole: Sendable {
    var name: String
    var width: Int
    var height: Int
    /// Whether the size is the most the role shows (logo, thumbnail) rather than its size.
    var isMaximum: Bool

    /// The roles, with their sizes for a pass of `style` (the strip's height depends on it).
    static func roles(style: String?) -> [PassImageRole] {
        let stripHeight =
            switch style {
            case "eventTicket": 98
            case "coupon", "storeCard": 144
            default: 123
            }
        return [
            PassImageRole(name: "icon", width: 29, height: 29, isMaximum: false),
            PassImageRole(name: "logo", width: 160, height: 50, isMaximum: true),
            PassImageRole(name: "thumbnail", width: 90, height: 90, isMaximum: true),
            PassImageRole(name: "strip", width: 375, height: stripHeight, isMaximum: false),
            PassImageRole(name: "background", width: 180, height: 220, isMaximum: false),
            PassImageRole(name: "footer", width: 286, height: 15, isMaximum: false),
        ]
    }

    static let scales = [1, 2, 3]

    /// The role and scale a file name gives an image (`logo@2x.png`), wherever it lies (at the
    /// root or in a localization folder).
    static func image(_ name: String, roles: [PassImageRole]) -> (role: PassImageRole, scale: Int, folder: String)? {
        let slash = name.lastIndex(of: "/")
        let folder = slash.map { String(name[...$0]) } ?? ""
        var base = slash.map { String(name[name.index(after: $0)...]) } ?? name
        guard base.hasSuffix(".png") else { return nil }
        base.removeLast(4)
        var scale = 1
        for candidate in [2, 3] where base.hasSuffix("@\(candidate)x") {
            scale = candidate
            base.removeLast(3)
        }
        guard let role = roles.first(where: { $0.name == base }) else { return nil }
        return (role, scale, folder)
    }

    func fileName(scale: Int, in folder: String) -> String {
        folder + name + (scale == 1 ? "" : "@\(scale)x") + ".png"
    }
}

/// Every pass has its icon, and every image is a PNG file.
struct PassBundleImagesRule: Rule {
    static let description = RuleDescription(
        id: "pass_bundle_images",
        name: "Pass Bundle Has Its Icon And PNG Images",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "A pass bundle must hold icon.png, and every image it names by a role (icon, logo, thumbnail, strip, background, footer) must be a PNG file.",
        rationale: """
            Apple's Creating the Source for a Pass: the icon is required, since Wallet shows it on \
            the lock screen and in notifications; a pass without one is not added. Images are PNG \
            files named by their role, at 1x, @2x and @3x. Proctor reports a bundle without \
            icon.png at its root, and any file named as an image of a role (at the root or in a \
            localization folder) whose bytes do not begin as a PNG file does, which Wallet cannot \
            show. Only the PNG header is read.
            """,
        sources: [creatingTheSource + ": the icon is required; images are PNG files [H]", passDesign + " [H]"],
        passing: [RuleExample(passBundle: recipe())],
        failing: [
            RuleExample(passBundle: recipe([json("pass.json", giftCardPass), text("logo.png", "GIF89a")]), at: ["#", "logo.png#"])
        ])

    func check(_ bundle: WalletPassBundleFacts, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if bundle.sizes["icon.png"] == nil {
            violations.append(
                Violation(
                    "the bundle has no icon.png, the icon Wallet shows on the lock screen and in notifications; every pass needs one",
                    at: at(bundle, nil)))
        }
        let roles = PassImageRole.roles(style: bundle.style)
        for name in bundle.names {
            guard let (role, _, _) = PassImageRole.image(name, roles: roles), case .some(nil) = bundle.imageSizes[name] else { continue }
            violations.append(Violation("'\(name)' is not a PNG file, so Wallet shows no \(role.name)", at: at(bundle, name)))
        }
        return violations
    }
}

/// Images have their role's size, at every scale.
struct PassBundleImageSizesRule: Rule {
    static let description = RuleDescription(
        id: "pass_bundle_image_sizes",
        name: "Pass Images Have Their Sizes And Scales",
        category: .wallet,
        defaultSeverity: .warning,
        summary: "A pass bundle's images should have the pixel size Apple gives their role at their scale, and be there at 1x, @2x and @3x.",
        rationale: """
            The Wallet Developer Guide gives each image role a size in points — icon 29 × 29, logo \
            at most 160 × 50 ("in most cases it should be narrower"), thumbnail at most 90 × 90, \
            strip 375 × 98 on an event ticket, 375 × 144 on a coupon or store card and 375 × 123 \
            otherwise, background 180 × 220, footer 286 × 15 — and asks for every image at 1x, @2x \
            and @3x, so each screen shows it sharp. Wallet scales or crops an image of another \
            size. Proctor reports an image whose pixel size is not its role's size times its \
            scale (more than it, for the logo and the thumbnail) and, once at the first scale \
            present, a role missing at other scales; only the PNG header is read. These are \
            recommendations, hence warnings.
            """,
        sources: [passDesign + ": image sizes by role [H]", creatingTheSource + ": images at each scale [H]"],
        passing: [
            RuleExample(passBundle: recipe(giftCardFiles + [png("logo.png", 120, 50), png("logo@2x.png", 240, 100), png("logo@3x.png", 360, 150)]))
        ],
        failing: [
            RuleExample(
                passBundle: recipe([
                    json("pass.json", giftCardPass), png("icon.png", 29, 29), png("icon@2x.png", 58, 58), png("strip@2x.png", 375, 144),
                ]),
                at: ["icon.png#", "strip@2x.png#", "strip@2x.png#"])
        ])

    func check(_ bundle: WalletPassBundleFacts, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        let roles = PassImageRole.roles(style: bundle.style)
        for name in bundle.names {
            guard let (role, scale, _) = PassImageRole.image(name, roles: roles), case .some(let size?) = bundle.imageSizes[name] else { continue }
            let width = role.width * scale
            let height = role.height * scale
            if role.isMaximum && (size.width > width || size.height > height) {
                violations.append(
                    Violation(
                        "'\(name)' is \(size.width) × \(size.height) pixels, larger than the \(width) × \(height) the \(role.name) is given at @\(scale)x (\(role.width) × \(role.height) points); Wallet scales it down",
                        at: at(bundle, name)))
            } else if !role.isMaximum && (size.width != width || size.height != height) {
                violations.append(
                    Violation(
                        "'\(name)' is \(size.width) × \(size.height) pixels; the \(role.name) is \(width) × \(height) at @\(scale)x (\(role.width) × \(role.height) points), so Wallet scales or crops it",
                        at: at(bundle, name)))
            }
        }
        // Each role present at some scale should be there at all three; said once, at the first.
        let present = Set(bundle.names)
        for name in bundle.names {
            guard let (role, scale, folder) = PassImageRole.image(name, roles: roles),
                scale == PassImageRole.scales.first(where: { present.contains(role.fileName(scale: $0, in: folder)) })
            else { continue }
            let missing = PassImageRole.scales.filter { !present.contains(role.fileName(scale: $0, in: folder)) }
            guard !missing.isEmpty else { continue }
            let names = missing.map { "'\(role.fileName(scale: $0, in: folder))'" }.joined(separator: " and ")
            violations.append(
                Violation(
                    "the bundle has '\(name)' but not \(names); Apple asks for every image at 1x, @2x and @3x so that each screen shows it sharp",
                    at: at(bundle, name)))
        }
        return violations
    }
}

/// Every localization's pass.strings can be read.
struct PassBundleStringsRule: Rule {
    static let description = RuleDescription(
        id: "pass_bundle_strings",
        name: "Pass Strings Files Can Be Read",
        category: .wallet,
        defaultSeverity: .error,
        summary:
            "A pass bundle's LANGUAGE.lproj/pass.strings must be a strings file: \"key\" = \"value\"; lines, UTF-16 with a byte order mark or UTF-8.",
        rationale: """
            Apple's Creating the Source for a Pass: a pass is localized by folders named for their \
            language (en.lproj) holding a pass.strings file in the strings file format, whose \
            values Wallet shows in place of the keys pass.json gives. A file Wallet cannot read \
            translates nothing, so that language shows the raw keys. Proctor reads the old-style \
            strings format (quoted or bare keys and values, C comments, each pair ending in ';') \
            and reports the first line it cannot read.
            """,
        sources: [
            creatingTheSource + ": localizing a pass [H]", "Apple, String Resources Programming Guide (archived): the strings file format [H]",
        ],
        passing: [RuleExample(passBundle: recipe(giftCardFiles + [text("en.lproj/pass.strings", #"\"BALANCE\" = \"Balance\";"#)]))],
        failing: [
            RuleExample(
                passBundle: recipe(giftCardFiles + [text("fr.lproj/pass.strings", #"\"BALANCE\" = \"Solde\""#)]), at: ["fr.lproj/pass.strings#"])
        ])

    func check(_ bundle: WalletPassBundleFacts, in context: RuleContext) -> [Violation] {
        bundle.stringsTables.compactMap { table in
            table.problem.map { Violation("'\(table.name)' is not a strings file: \($0.message)", at: table.location) }
        }
    }
}

/// Every localization translates the strings another translates.
struct PassBundleLocalizationsRule: Rule {
    static let description = RuleDescription(
        id: "pass_bundle_localizations",
        name: "Pass Localizations Are Complete",
        category: .wallet,
        defaultSeverity: .warning,
        summary: "Each localization of a pass bundle should translate every string of pass.json that another localization translates.",
        rationale: """
            Wallet looks the strings pass.json gives its localizable keys (a field's label, value, \
            attributedValue and changeMessage; description, organizationName, logoText, a \
            barcode's altText, a location's or beacon's relevantText) up in the pass.strings of the \
            device's language, and shows the string itself when that table lacks it (Creating the \
            Source for a Pass). Apple is silent on completeness; Proctor assumes a string that one \
            language translates is a key meant to be translated, so another language's table that \
            lacks it shows the raw key, and reports that table, at warning.
            """,
        sources: [
            creatingTheSource + ": localizing a pass [H]", "Proctor's assumption: a string one language translates is meant for every language [M]",
        ],
        passing: [
            RuleExample(
                passBundle: recipe(
                    giftCardFiles + [
                        text("en.lproj/pass.strings", #"\"BALANCE\" = \"Balance\";"#), text("fr.lproj/pass.strings", #"\"BALANCE\" = \"Solde\";"#),
                    ]))
        ],
        failing: [
            RuleExample(
                passBundle: recipe(
                    giftCardFiles + [
                        text("en.lproj/pass.strings", #"\"BALANCE\" = \"Balance\";"#), text("fr.lproj/pass.strings", #"\"SOLDE\" = \"Solde\";"#),
                    ]),
                at: ["fr.lproj/pass.strings#"])
        ])

    func check(_ bundle: WalletPassBundleFacts, in context: RuleContext) -> [Violation] {
        let tables = bundle.stringsTables.compactMap { table in table.keys.map { (table, $0) } }
        guard !tables.isEmpty, let strings = bundle.localizableStrings else { return [] }
        let translated = tables.reduce(into: Set<String>()) { $0.formUnion($1.1) }
        let used = strings.filter(translated.contains)
        return tables.compactMap { table, keys in
            let missing = used.filter { !keys.contains($0) }
            guard !missing.isEmpty else { return nil }
            let shown = missing.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            return Violation(
                "'\(table.name)' lacks \(missing.count == 1 ? "the key" : "\(missing.count) keys") the pass uses and other languages translate: \(shown)",
                at: table.location)
        }
    }
}
