import Foundation
import ProctorCore
import ProctorFiles
import ProctorInputs
import ProctorJSON
import ProctorPayloads

/// `addPass`: the user adds a Wallet pass to a device (from the app, a link or an email): its
/// `pass.json`, inline (`pass`) or as a file relative to the scenario (`passFile`, a `pass.json` or a
/// signed `.pkpass` bundle). The pass is
/// judged by the pass rules; near its locations or beacons the lock screen shows it
/// (`expect.lockScreen`).
struct AddPassStep: ScenarioStep, StepOnOneDevice {
    static let name = "addPass"
    static let keys = ["device", "pass", "passFile"]
    var device: Int
    var pass: WalletPass
    /// Where the pass is written, for its findings: inside the scenario under `pass`, or a file.
    var origin: PassOrigin

    enum PassOrigin: Sendable {
        case inline(JSONPointer)
        case file(path: String, root: JSONNode, source: SourceText)
    }

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "pass": ["type": "object", "description": "The pass's pass.json, inline."],
            "passFile": ScenarioSchema.nonEmpty("A pass.json file, or a signed pass bundle (.pkpass), relative to the scenario."),
        ])
        schema["oneOf"] = [["required": ["pass"]], ["required": ["passFile"]]]
        return schema
    }

    static func decode(
        _ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext
    ) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let read: (WalletPass, PassOrigin)?
        switch (fields["pass"], fields["passFile"]) {
        case (let inline?, nil): read = decoder.inlinePass(inline.value, pointer.appending("pass")).map { ($0, .inline(pointer.appending("pass"))) }
        case (nil, let file?):
            read = decoder.passFile(file.value, pointer.appending("passFile")).map {
                ($0.pass, .file(path: $0.path, root: $0.root, source: $0.source))
            }
        default:
            decoder.reader.report(
                ProblemCode.scenarioInvalidValue, "addPass takes the pass inline ('pass') or as a file ('passFile'), one of them", body, pointer)
            read = nil
        }
        guard let device, let read else { return nil }
        return AddPassStep(device: device, pass: read.0, origin: read.1)
    }

    var summary: String { "add pass '\(pass.description ?? pass.serialNumber ?? "")'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        // The pass's pointers start at its own root: found under `pass` in the scenario, or in its file.
        switch origin {
        case .inline(let base):
            let scenarioLocate = player.locate
            player.checkRules(pass, at: step) { scenarioLocate(JSONPointer(base.tokens + $0.tokens)) }
        case .file(let path, let root, let source):
            player.checkRules(pass, at: step) { SourceLocation(file: path, offset: root.offset(of: $0), pointer: $0, in: source) }
        }
        player.model.wallet.add(pass, on: device, step: step.number)
    }
}

extension ScenarioDecoder {
    /// A pass.json written inside the scenario: its problems are located in the scenario.
    mutating func inlinePass(_ node: JSONNode, _ pointer: JSONPointer) -> WalletPass? {
        let read = WalletPassReader.decode(node) { [path, source] offset, inner in
            SourceLocation(file: path, offset: offset, pointer: JSONPointer(pointer.tokens + inner.tokens), in: source)
        }
        for diagnostic in read.diagnostics { recordDiagnostic(diagnostic) }
        return read.diagnostics.contains { $0.severity == .error } ? nil : read.pass
    }

    /// A pass.json file beside the scenario, or the pass.json of a signed bundle (`.pkpass`); its
    /// problems are located in that file (`Coffee.pkpass!/pass.json` inside a bundle). Only the
    /// pass is judged here: the bundle's manifest, signature and images are lint's to judge.
    mutating func passFile(_ node: JSONNode, _ pointer: JSONPointer) -> (pass: WalletPass, path: String, root: JSONNode, source: SourceText)? {
        guard let relative = reader.nonEmptyString(node, pointer),
            var (resolved, bytes) = loadReference(relative, node, pointer, noun: "the pass", limit: JSONLimits.standard.maximumFileSize)
        else { return nil }
        if relative.lowercased().hasSuffix(WalletPassBundleInput.fileExtension) {
            guard let inner = passOfBundle(bytes, at: resolved, node, pointer) else { return nil }
            (resolved, bytes) = (WalletPassBundle.path(of: WalletPassInput.fileName, inBundle: resolved), inner)
        }
        let read = WalletPassReader.read(bytes, path: resolved)
        if let first = read.inputErrors.first {
            reader.report(first.code, "the pass '\(resolved)' cannot be used: \(first.message)", node, pointer)
            return nil
        }
        for diagnostic in read.diagnostics { recordDiagnostic(diagnostic) }
        guard !read.diagnostics.contains(where: { $0.severity == .error }), let pass = read.pass, let root = read.root else { return nil }
        return (pass, resolved, root, SourceText(bytes: bytes))
    }

    /// The pass.json of the signed bundle in `bytes`, read as lint reads a `.pkpass` (within its
    /// limits, nothing written); an archive that cannot be read is the step's input error, with
    /// lint's code for it.
    private mutating func passOfBundle(_ bytes: [UInt8], at path: String, _ node: JSONNode, _ pointer: JSONPointer) -> [UInt8]? {
        let bundle: WalletPassBundle
        do {
            bundle = try WalletPassBundle(bytes: bytes)
        } catch {
            reader.report(ProblemCode.passBundle(error.kind), "the pass bundle '\(path)' cannot be read: \(error.message)", node, pointer)
            return nil
        }
        guard let pass = bundle.files[WalletPassInput.fileName] else {
            reader.report(ProblemCode.passBundleNoPass, "the pass bundle '\(path)' has no pass.json at its root, so it holds no pass", node, pointer)
            return nil
        }
        return pass
    }
}
