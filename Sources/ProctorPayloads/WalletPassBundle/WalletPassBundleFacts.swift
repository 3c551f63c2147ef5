import ProctorArchive
import ProctorCore
import ProctorEngine
import ProctorJSON
import ProctorVocabulary

/// A signed pass bundle as the bundle rules judge it (Rules/WalletPassBundleRules.swift): what
/// Wallet checks before it adds the pass — the manifest, the signature, the images, the
/// localizations — read once, with every place located, so the rules only compare. The
/// `pass.json` inside is judged by the pass rules as a bare pass.json is.
package struct WalletPassBundleFacts: Sendable {
    /// The bundle as reports name it (`Coffee.pkpass`).
    package var path: String
    /// The files' paths in the archive's order.
    package var names: [String]
    /// Each file's size in bytes, by path.
    package var sizes: [String: Int]
    /// Each file's SHA-1 digest, lower-case hexadecimal, by path.
    package var digests: [String: String]
    package var manifest: Manifest
    package var signature: Signature
    /// The pass's style (`storeCard`), which sets the strip image's height; nil when pass.json
    /// names none or cannot be read.
    package var style: String?
    /// Every `.png` file's pixel size by path; nil for one that is not a PNG file.
    package var imageSizes: [String: PNGSize?]
    /// Each localization's pass.strings (`fr.lproj/pass.strings`) in the archive's order.
    package var stringsTables: [StringsTable]
    /// The strings pass.json gives the keys Wallet localizes, in order, each once; nil when
    /// pass.json cannot be read.
    package var localizableStrings: [String]?

    package static let manifestName = "manifest.json"
    package static let signatureName = "signature"

    /// manifest.json as read.
    package enum Manifest: Sendable {
        case missing
        /// Not a JSON object: why, and where.
        case unreadable(String, SourceLocation)
        /// Its members in order.
        case listed([Listing])
    }

    /// One member of the manifest: a file name and what it lists for it.
    package struct Listing: Sendable {
        package var name: String
        package var nameLocation: SourceLocation
        /// The digest listed, or nil with the type of what is listed instead.
        package var digest: String?
        package var listedType: String
        package var digestLocation: SourceLocation
    }

    package struct Signature: Sendable {
        /// Whether the bundle holds a signature file.
        package var isPresent: Bool
        /// What verifying it over manifest.json found: nil when it verifies or when there is no
        /// manifest to verify it over.
        package var problem: DetachedSignature.Problem?
        /// The signer certificate's UID and OU, when the signature names a signer.
        package var signerUserID: String?
        package var signerOrganizationalUnit: String?
        /// pass.json's passTypeIdentifier and teamIdentifier, when it gives them.
        package var passTypeIdentifier: String?
        package var teamIdentifier: String?
        package var location: SourceLocation
    }

    package struct StringsTable: Sendable {
        package var name: String
        /// Its keys, or nil with why it cannot be read (and the line) when it is not a strings file.
        package var keys: Set<String>?
        package var problem: (message: String, line: Int?)?
        package var location: SourceLocation
    }

    /// Where reports place the file `name` of the bundle: `Coffee.pkpass!/icon.png`, as a whole
    /// (the empty pointer), or the bundle itself for `name` nil.
    package func location(of name: String?) -> SourceLocation {
        SourceLocation(file: name.map { WalletPassBundle.path(of: $0, inBundle: path) } ?? path, pointer: "")
    }

    /// Reads the facts of `bundle`, whose pass.json was read as `pass` (nil when it could not be).
    package init(bundle: WalletPassBundle, path: String, pass: WalletPass?, passRoot: JSONNode?) {
        self.path = path
        names = bundle.names
        sizes = bundle.files.mapValues(\.count)
        digests = bundle.files.mapValues(SHA1.hex)
        style = pass?.styles.first?.key
        manifest = .missing
        signature = Signature(isPresent: false, location: SourceLocation(file: path, pointer: ""))
        imageSizes = [:]
        stringsTables = []
        manifest = Self.manifest(bundle.files[Self.manifestName], file: WalletPassBundle.path(of: Self.manifestName, inBundle: path))
        signature = Self.signature(bundle, path: path, pass: pass)
        for name in names where name.hasSuffix(".png") {
            // updateValue, since assigning nil through the subscript would remove the file.
            imageSizes.updateValue(bundle.files[name].flatMap(PNGSize.init), forKey: name)
        }
        for name in names where Self.isStringsFile(name) {
            guard let bytes = bundle.files[name] else { continue }
            var table = StringsTable(name: name, location: SourceLocation(file: WalletPassBundle.path(of: name, inBundle: path), pointer: ""))
            do {
                table.keys = Set(try PassStrings(bytes).keys)
            } catch {
                table.problem = (error.message, error.line)
                table.location = SourceLocation(file: table.location.file, line: error.line, pointer: "")
            }
            stringsTables.append(table)
        }
        if let passRoot {
            var used: [String] = []
            Self.localizableStrings(in: passRoot, key: nil) { value in
                if !used.contains(value) { used.append(value) }
            }
            localizableStrings = used
        }
    }

    private static func manifest(_ bytes: [UInt8]?, file: String) -> Manifest {
        guard let bytes else { return .missing }
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONReader.parse(source) {
        case .success(let node): root = node
        case .failure(let error):
            return .unreadable(
                "manifest.json is not valid JSON: \(error.message)",
                SourceLocation(file: file, offset: error.offset, pointer: error.pointer, in: source))
        }
        guard case .object(let object) = root.value else {
            return .unreadable(
                "manifest.json holds \(root.value.typeName), not an object of file names and SHA-1 digests",
                SourceLocation(file: file, offset: root.offset, pointer: JSONPointer(), in: source))
        }
        return .listed(
            object.members.map { member in
                let pointer = JSONPointer([member.key])
                let digest: String? = if case .string(let text) = member.value.value { text } else { nil }
                return Listing(
                    name: member.key, nameLocation: SourceLocation(file: file, offset: member.keyOffset, pointer: pointer, in: source),
                    digest: digest,
                    listedType: member.value.value.typeName,
                    digestLocation: SourceLocation(file: file, offset: member.value.offset, pointer: pointer, in: source))
            })
    }

    private static func signature(_ bundle: WalletPassBundle, path: String, pass: WalletPass?) -> Signature {
        var signature = Signature(
            isPresent: bundle.files[signatureName] != nil, passTypeIdentifier: pass?.passTypeIdentifier, teamIdentifier: pass?.teamIdentifier,
            location: SourceLocation(file: WalletPassBundle.path(of: signatureName, inBundle: path), pointer: ""))
        guard let bytes = bundle.files[signatureName], let manifest = bundle.files[manifestName] else { return signature }
        let checked = DetachedSignature(signature: bytes, content: manifest)
        signature.problem = checked.problem
        signature.signerUserID = checked.signerUserID
        signature.signerOrganizationalUnit = checked.signerOrganizationalUnit
        return signature
    }

    /// The keys whose string values Wallet looks up in the pass.strings of the device's language.
    static let localizableKeys: Set<String> = [
        "label", "value", "attributedValue", "changeMessage", "description", "organizationName", "logoText", "altText", "relevantText",
    ]

    /// Whether the file is a localization's strings (`fr.lproj/pass.strings`).
    package static func isStringsFile(_ name: String) -> Bool {
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

extension WalletPassBundleFacts: RuleSubject {
    package static var scope: RuleScope { .payload }
}
