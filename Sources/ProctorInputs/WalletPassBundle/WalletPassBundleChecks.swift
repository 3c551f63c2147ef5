import ProctorArchive
import ProctorCore
import ProctorJSON

// What Wallet checks in a signed pass bundle before it adds the pass, and what it shows from the
// bundle besides pass.json (Apple, Wallet Passes: "Building a Pass" and "Creating the Source for a
// Pass"; Wallet Developer Guide (archived): "Pass Design and Creation"). docs/input-format.md,
// "Wallet pass bundles", lists every check with its source.

extension ProblemCode {
    package static let passBundleManifestMissing = ProblemCode(
        "pkpass_manifest_missing", summary: "A Wallet pass bundle has no manifest.json, so its signature signs nothing and Wallet rejects it.", isVerdict: true)
    package static let passBundleManifestInvalid = ProblemCode(
        "pkpass_manifest_invalid", summary: "A Wallet pass bundle's manifest.json is not a JSON object of file names and SHA-1 digests.", isVerdict: true)
    package static let passBundleFileUnlisted = ProblemCode(
        "pkpass_manifest_unlisted", summary: "A file of a Wallet pass bundle is not listed in its manifest.json, so Wallet rejects the bundle.", isVerdict: true)
    package static let passBundleFileMissing = ProblemCode(
        "pkpass_manifest_extra", summary: "A Wallet pass bundle's manifest.json lists a file the bundle does not hold (or the manifest or signature itself).", isVerdict: true)
    package static let passBundleDigestMismatch = ProblemCode(
        "pkpass_manifest_digest", summary: "A file of a Wallet pass bundle does not have the SHA-1 digest its manifest.json lists, so Wallet rejects the bundle.", isVerdict: true)
    package static let passBundleSignatureMissing = ProblemCode(
        "pkpass_signature_missing", summary: "A Wallet pass bundle has no signature file; Wallet adds only signed passes.", isVerdict: true)
    package static let passBundleSignatureInvalid = ProblemCode(
        "pkpass_signature_invalid",
        summary: "A Wallet pass bundle's signature is not a detached PKCS #7 signature that verifies over its manifest.json.", isVerdict: true)
    package static let passBundleSignerMismatch = ProblemCode(
        "pkpass_signature_identity",
        summary: "The certificate that signs a Wallet pass bundle names another pass type identifier (UID) or team (OU) than its pass.json.", isVerdict: true)
    package static let passBundleIconMissing = ProblemCode("pkpass_icon_missing", summary: "A Wallet pass bundle has no icon.png, which every pass needs.", isVerdict: true)
    package static let passBundleImageScaleMissing = ProblemCode(
        "pkpass_image_scale_missing", severity: .warning, summary: "A Wallet pass bundle's image lacks the @2x or @3x version Apple recommends.", isVerdict: true)
    package static let passBundleImageSize = ProblemCode(
        "pkpass_image_size", severity: .warning, summary: "A Wallet pass bundle's image does not have the pixel size Apple documents for its role and scale.", isVerdict: true)
    package static let passBundleImageInvalid = ProblemCode("pkpass_image_invalid", summary: "A Wallet pass bundle's image is not a PNG file.", isVerdict: true)
    package static let passBundleStringsInvalid = ProblemCode(
        "pkpass_strings_invalid", summary: "A Wallet pass bundle's pass.strings file is not a strings file.", isVerdict: true)
    package static let passBundleLocalizationMissing = ProblemCode(
        "pkpass_localization_missing", severity: .warning,
        summary: "A localization of a Wallet pass bundle lacks strings the pass uses, so that language shows the untranslated keys.", isVerdict: true)
}

/// The checks of one bundle, whose pass.json has been read (`pass` and `passRoot` are nil when it
/// could not be).
struct WalletPassBundleChecks {
    let bundle: WalletPassBundle
    /// The bundle as reports name it.
    let path: String
    let pass: WalletPass?
    let passRoot: JSONNode?

    static let manifestName = "manifest.json"
    static let signatureName = "signature"

    func diagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        manifest(into: &diagnostics)
        signature(into: &diagnostics)
        images(into: &diagnostics)
        localizations(into: &diagnostics)
        return diagnostics
    }

    private func at(_ name: String) -> String {
        WalletPassBundleInput.path(of: name, inBundle: path)
    }

    private func problem(_ code: ProblemCode, _ message: String, _ location: SourceLocation) -> Diagnostic {
        Diagnostic(code: code, severity: code.severity, message: message, location: location)
    }

    // MARK: - Manifest

    /// manifest.json lists every file of the bundle but itself and the signature, each with the
    /// SHA-1 digest of its bytes in hexadecimal, and nothing else.
    private func manifest(into diagnostics: inout [Diagnostic]) {
        guard let bytes = bundle.files[Self.manifestName] else {
            diagnostics.append(
                problem(
                    .passBundleManifestMissing, "the bundle has no manifest.json, which lists every file with its SHA-1 digest; Wallet rejects it",
                    SourceLocation(file: path)))
            return
        }
        let file = at(Self.manifestName)
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .success(let node): root = node
        case .failure(let error):
            let location = SourceLocation(file: file, offset: error.offset, pointer: error.pointer, in: source)
            diagnostics.append(problem(.passBundleManifestInvalid, "manifest.json is not valid JSON: \(error.message)", location))
            return
        }
        guard case .object(let object) = root.value else {
            diagnostics.append(
                problem(
                    .passBundleManifestInvalid, "manifest.json holds \(root.value.typeName), not an object of file names and SHA-1 digests",
                    SourceLocation(file: file, offset: root.offset, pointer: JSONPointer(), in: source)))
            return
        }
        var listed = Set<String>()
        for member in object.members {
            let pointer = JSONPointer([member.key])
            let keyLocation = SourceLocation(file: file, offset: member.keyOffset, pointer: pointer, in: source)
            let valueLocation = SourceLocation(file: file, offset: member.value.offset, pointer: pointer, in: source)
            listed.insert(member.key)
            guard case .string(let digest) = member.value.value else {
                diagnostics.append(
                    problem(.passBundleManifestInvalid, "'\(member.key)' is listed with \(member.value.value.typeName), not a SHA-1 digest", valueLocation))
                continue
            }
            if member.key == Self.manifestName || member.key == Self.signatureName {
                diagnostics.append(
                    problem(.passBundleFileMissing, "manifest.json lists '\(member.key)', which the manifest leaves out: it cannot sign itself", keyLocation))
                continue
            }
            guard let contents = bundle.files[member.key] else {
                diagnostics.append(problem(.passBundleFileMissing, "manifest.json lists '\(member.key)', which the bundle does not hold", keyLocation))
                continue
            }
            let actual = SHA1.hex(contents)
            if digest.lowercased() != actual {
                diagnostics.append(
                    problem(
                        .passBundleDigestMismatch,
                        "'\(member.key)' has the SHA-1 digest \(actual), not the \(digest) manifest.json lists: the file changed after the manifest was made, so Wallet rejects the bundle",
                        valueLocation))
            }
        }
        for name in bundle.names where name != Self.manifestName && name != Self.signatureName && !listed.contains(name) {
            diagnostics.append(
                problem(
                    .passBundleFileUnlisted, "'\(name)' is not listed in manifest.json, which must list every file of the bundle; Wallet rejects it",
                    SourceLocation(file: at(name))))
        }
    }

    // MARK: - Signature

    /// The signature is a detached PKCS #7 signature of manifest.json by the Pass Type ID
    /// certificate of the pass's passTypeIdentifier and teamIdentifier. Its chain to Apple's root
    /// is not verified (Proctor does not ship Apple's certificates).
    private func signature(into diagnostics: inout [Diagnostic]) {
        guard let signature = bundle.files[Self.signatureName] else {
            diagnostics.append(
                problem(
                    .passBundleSignatureMissing, "the bundle has no signature file; Wallet adds only passes signed with a Pass Type ID certificate",
                    SourceLocation(file: path)))
            return
        }
        guard let manifest = bundle.files[Self.manifestName] else { return }
        let location = SourceLocation(file: at(Self.signatureName))
        let checked = DetachedSignature(signature: signature, content: manifest)
        switch checked.problem {
        case .notPKCS7?:
            diagnostics.append(problem(.passBundleSignatureInvalid, "the signature is not a DER-encoded PKCS #7 signature", location))
        case .notSignedData?:
            diagnostics.append(problem(.passBundleSignatureInvalid, "the signature is PKCS #7 but not signed data", location))
        case .notDetached?:
            diagnostics.append(problem(.passBundleSignatureInvalid, "the signature carries its content instead of signing manifest.json detached", location))
        case .noSignerCertificate?:
            diagnostics.append(problem(.passBundleSignatureInvalid, "the signature carries no signer certificate, so the pass cannot be traced to a Pass Type ID", location))
        case .doesNotVerify(let reason)?:
            diagnostics.append(
                problem(
                    .passBundleSignatureInvalid,
                    "the signature does not verify over manifest.json (\(reason)): the manifest changed after signing, so Wallet rejects the bundle", location))
        case nil:
            break
        }
        // The signer is known when the signature verifies, or when only its content does not.
        let signerIsKnown =
            switch checked.problem {
            case nil, .doesNotVerify?: true
            default: false
            }
        guard let pass, signerIsKnown else { return }
        if let identifier = pass.passTypeIdentifier, checked.signerUserID != identifier {
            let signer = checked.signerUserID.map { "'\($0)'" } ?? "no pass type identifier"
            diagnostics.append(
                problem(
                    .passBundleSignerMismatch,
                    "the signing certificate names \(signer) (its UID), not the passTypeIdentifier '\(identifier)': Wallet does not add a pass signed for another type",
                    location))
        }
        if let team = pass.teamIdentifier, checked.signerOrganizationalUnit != team {
            let signer = checked.signerOrganizationalUnit.map { "'\($0)'" } ?? "no team"
            diagnostics.append(
                problem(
                    .passBundleSignerMismatch,
                    "the signing certificate names \(signer) (its OU), not the teamIdentifier '\(team)': Wallet does not add a pass signed by another team",
                    location))
        }
    }

    // MARK: - Images

    /// An image role and the size Apple gives it, in points.
    struct ImageRole {
        var name: String
        var width: Int
        var height: Int
        /// Whether the size is the most the role shows (logo, thumbnail) rather than its size.
        var isMaximum: Bool
    }

    /// The roles, with their sizes for a pass of `style` (the strip's height depends on it).
    static func imageRoles(style: String?) -> [ImageRole] {
        let stripHeight =
            switch style {
            case "eventTicket": 98
            case "coupon", "storeCard": 144
            default: 123
            }
        return [
            ImageRole(name: "icon", width: 29, height: 29, isMaximum: false),
            ImageRole(name: "logo", width: 160, height: 50, isMaximum: true),
            ImageRole(name: "thumbnail", width: 90, height: 90, isMaximum: true),
            ImageRole(name: "strip", width: 375, height: stripHeight, isMaximum: false),
            ImageRole(name: "background", width: 180, height: 220, isMaximum: false),
            ImageRole(name: "footer", width: 286, height: 15, isMaximum: false),
        ]
    }

    static let scales = [1, 2, 3]

    /// The role and scale a file name gives an image (`logo@2x.png`), wherever it lies (at the
    /// root or in a localization folder).
    static func image(_ name: String, roles: [ImageRole]) -> (role: ImageRole, scale: Int, folder: String)? {
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

    private func images(into diagnostics: inout [Diagnostic]) {
        let roles = Self.imageRoles(style: pass?.styles.first?.key)
        if bundle.files["icon.png"] == nil {
            diagnostics.append(
                problem(
                    .passBundleIconMissing,
                    "the bundle has no icon.png, the icon Wallet shows on the lock screen and in notifications; every pass needs one",
                    SourceLocation(file: path)))
        }
        var present = Set<String>()
        for name in bundle.names {
            guard let (role, scale, _) = Self.image(name, roles: roles), let bytes = bundle.files[name] else { continue }
            present.insert(name)
            let location = SourceLocation(file: at(name))
            guard let size = PNGSize(bytes) else {
                diagnostics.append(problem(.passBundleImageInvalid, "'\(name)' is not a PNG file, so Wallet shows no \(role.name)", location))
                continue
            }
            let width = role.width * scale
            let height = role.height * scale
            if role.isMaximum && (size.width > width || size.height > height) {
                diagnostics.append(
                    problem(
                        .passBundleImageSize,
                        "'\(name)' is \(size.width) × \(size.height) pixels, larger than the \(width) × \(height) the \(role.name) is given at @\(scale)x (\(role.width) × \(role.height) points); Wallet scales it down",
                        location))
            } else if !role.isMaximum && (size.width != width || size.height != height) {
                diagnostics.append(
                    problem(
                        .passBundleImageSize,
                        "'\(name)' is \(size.width) × \(size.height) pixels; the \(role.name) is \(width) × \(height) at @\(scale)x (\(role.width) × \(role.height) points), so Wallet scales or crops it",
                        location))
            }
        }
        // Each role present at some scale should be there at all three.
        for name in bundle.names {
            guard let (role, scale, folder) = Self.image(name, roles: roles), scale == Self.firstScale(of: role, in: folder, present: present) else {
                continue
            }
            let missing = Self.scales.filter { !present.contains(Self.fileName(role, $0, folder)) }
            guard !missing.isEmpty else { continue }
            let names = missing.map { "'\(Self.fileName(role, $0, folder))'" }.joined(separator: " and ")
            diagnostics.append(
                problem(
                    .passBundleImageScaleMissing,
                    "the bundle has '\(name)' but not \(names); Apple asks for every image at 1x, @2x and @3x so that each screen shows it sharp",
                    SourceLocation(file: at(name))))
        }
    }

    static func fileName(_ role: ImageRole, _ scale: Int, _ folder: String) -> String {
        folder + role.name + (scale == 1 ? "" : "@\(scale)x") + ".png"
    }

    /// The smallest scale the role is present at in `folder`, so a missing scale is reported once.
    static func firstScale(of role: ImageRole, in folder: String, present: Set<String>) -> Int? {
        scales.first { present.contains(fileName(role, $0, folder)) }
    }

    // MARK: - Localizations

    /// The keys whose string values Wallet looks up in the pass.strings of the device's language.
    static let localizableKeys: Set<String> = [
        "label", "value", "attributedValue", "changeMessage", "description", "organizationName", "logoText", "altText", "relevantText",
    ]

    private func localizations(into diagnostics: inout [Diagnostic]) {
        var tables: [(name: String, keys: Set<String>)] = []
        for name in bundle.names where Self.isStringsFile(name) {
            guard let bytes = bundle.files[name] else { continue }
            do {
                tables.append((name, Set(try PassStrings(bytes).keys)))
            } catch {
                diagnostics.append(
                    problem(
                        .passBundleStringsInvalid, "'\(name)' is not a strings file: \(error.message)",
                        SourceLocation(file: at(name), line: error.line)))
            }
        }
        guard tables.count > 0, let passRoot else { return }
        let translated = tables.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
        var used: [String] = []
        Self.localizableStrings(in: passRoot, key: nil) { value in
            if translated.contains(value) && !used.contains(value) { used.append(value) }
        }
        for table in tables {
            let missing = used.filter { !table.keys.contains($0) }
            guard !missing.isEmpty else { continue }
            let shown = missing.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            diagnostics.append(
                problem(
                    .passBundleLocalizationMissing,
                    "'\(table.name)' lacks \(missing.count == 1 ? "the key" : "\(missing.count) keys") the pass uses and other languages translate: \(shown)",
                    SourceLocation(file: at(table.name))))
        }
    }

    /// Whether the file is a localization's strings (`fr.lproj/pass.strings`).
    static func isStringsFile(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].hasSuffix(".lproj") && parts[1] == "pass.strings"
    }

    /// Calls `body` with every string pass.json gives a key Wallet localizes, outside `userInfo`.
    static func localizableStrings(in node: JSONNode, key: String?, _ body: (String) -> Void) {
        switch node.value {
        case .string(let value):
            if let key, localizableKeys.contains(key) { body(value) }
        case .array(let elements):
            for element in elements { localizableStrings(in: element, key: key, body) }
        case .object(let object):
            for member in object.members where member.key != "userInfo" { localizableStrings(in: member.value, key: member.key, body) }
        default:
            break
        }
    }
}
