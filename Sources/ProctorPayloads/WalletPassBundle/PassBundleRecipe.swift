import ProctorArchive
import ProctorCore
import ProctorJSON

/// A pass bundle described as text, so that a rule example or a conformance vector can hold one:
/// the one builder that turns the description into the zip archive's bytes, shared by the rule
/// example tests, proctor-docgen's vectors and the conformance runner (docs/input-format.md,
/// "Pass bundle recipes"). A recipe is a JSON object:
///
/// - `files`: the bundle's files in order, each `{"name": …}` with its content as `json` (written
///   indented), `text` (UTF-8) or `png`: `[width, height]`, a white image of that pixel size.
/// - `manifest`: left out, manifest.json is written as signpass writes it, every file with its
///   SHA-1 digest; `false`, there is none; an object, it is written so and then changed: a name
///   given a string lists that digest, a name given `null` is left out.
/// - `sign`: `true` (the default) signs manifest.json with a certificate made for pass.json's
///   passTypeIdentifier and teamIdentifier; `false` leaves the signature out; an object with
///   `passTypeIdentifier` and `teamIdentifier` signs for that identity instead.
///
/// A manifest.json or signature among `files` is used as it is, in place of the written one.
package enum PassBundleRecipe {
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The archive `recipe` (JSON text) describes.
    package static func build(_ recipe: String) throws(Problem) -> [UInt8] {
        guard case .success(let root) = JSONReader.parse(SourceText(bytes: Array(recipe.utf8))) else {
            throw Problem(description: "a recipe is JSON")
        }
        return try build(root)
    }

    package static func build(_ root: JSONNode) throws(Problem) -> [UInt8] {
        guard case .object(let recipe) = root.value else { throw Problem(description: "a recipe is a JSON object") }
        for member in recipe.members where !["files", "manifest", "sign"].contains(member.key) {
            throw Problem(description: "a recipe has no '\(member.key)'; it gives 'files', 'manifest' and 'sign'")
        }
        guard case .array(let list)? = recipe["files"]?.value.value else { throw Problem(description: "a recipe lists its 'files'") }
        var files: [(name: String, bytes: [UInt8])] = []
        var passJSON: JSONObject?
        for node in list {
            guard case .object(let file) = node.value, case .string(let name)? = file["name"]?.value.value else {
                throw Problem(description: "each file of a recipe is an object with a 'name'")
            }
            if let json = file["json"]?.value {
                files.append((name, Array(JSONWriter.write(json, indent: 2).utf8)))
                if name == "pass.json", case .object(let object) = json.value { passJSON = object }
            } else if case .string(let text)? = file["text"]?.value.value {
                files.append((name, Array(text.utf8)))
            } else if case .array(let size)? = file["png"]?.value.value, size.count == 2, case .integer(let width) = size[0].value,
                case .integer(let height) = size[1].value, width > 0, height > 0, width <= 4096, height <= 4096
            {
                files.append((name, BlankPNG.image(width: Int(width), height: Int(height))))
            } else {
                throw Problem(description: "'\(name)' needs 'json', 'text' or 'png': [width, height] (1 to 4096 pixels)")
            }
        }
        let given = Set(files.map(\.name))
        if !given.contains(WalletPassBundleFacts.manifestName) {
            switch recipe["manifest"]?.value.value {
            case .bool(false)?:
                break
            case nil:
                files.append((WalletPassBundleFacts.manifestName, manifest(of: files, changes: nil)))
            case .object(let changes)?:
                files.append((WalletPassBundleFacts.manifestName, manifest(of: files, changes: changes)))
            default:
                throw Problem(description: "a recipe's 'manifest' is false or an object of changes")
            }
        }
        if !given.contains(WalletPassBundleFacts.signatureName), let manifest = files.first(where: { $0.name == WalletPassBundleFacts.manifestName })
        {
            let identity: (String?, String?)
            switch recipe["sign"]?.value.value {
            case .bool(false)?:
                return ZipWriter.archive(files)
            case nil, .bool(true)?:
                identity = (passJSON.flatMap { string($0, "passTypeIdentifier") }, passJSON.flatMap { string($0, "teamIdentifier") })
            case .object(let signer)?:
                identity = (string(signer, "passTypeIdentifier"), string(signer, "teamIdentifier"))
            default:
                throw Problem(description: "a recipe's 'sign' is true, false or an object with 'passTypeIdentifier' and 'teamIdentifier'")
            }
            guard let passType = identity.0, let team = identity.1 else {
                throw Problem(description: "a signed recipe needs a passTypeIdentifier and a teamIdentifier to sign for")
            }
            files.append(
                (WalletPassBundleFacts.signatureName, TestPassSigner.sign(manifest.bytes, passTypeIdentifier: passType, teamIdentifier: team)))
        }
        return ZipWriter.archive(files)
    }

    private static func string(_ object: JSONObject, _ key: String) -> String? {
        if case .string(let text)? = object[key]?.value.value { text } else { nil }
    }

    /// manifest.json as signpass writes it, then changed.
    private static func manifest(of files: [(name: String, bytes: [UInt8])], changes: JSONObject?) -> [UInt8] {
        var listed: [(name: String, digest: String)] = files.map { ($0.name, SHA1.hex($0.bytes)) }
        for change in changes?.members ?? [] {
            let index = listed.firstIndex { $0.name == change.key }
            switch (change.value.value, index) {
            case (.string(let digest), let index?): listed[index].digest = digest
            case (.string(let digest), nil): listed.append((change.key, digest))
            case (_, let index?): listed.remove(at: index)
            case (_, nil): break
            }
        }
        var text = "{\n"
        for (offset, entry) in listed.enumerated() {
            text += "  "
            JSONWriter.writeString(entry.name, into: &text)
            text += ": "
            JSONWriter.writeString(entry.digest, into: &text)
            text += offset == listed.count - 1 ? "\n" : ",\n"
        }
        return Array((text + "}\n").utf8)
    }
}
