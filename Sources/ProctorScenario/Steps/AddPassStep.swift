import Foundation
import ProctorCore
import ProctorFiles
import ProctorInputs
import ProctorJSON

/// `addPass`: the user adds a Wallet pass to a device (from the app, a link or an email): its
/// `pass.json`, inline (`pass`) or as a file relative to the scenario (`passFile`). The pass is
/// judged by the pass rules; near its locations or beacons the lock screen shows it
/// (`expect.lockScreen`).
struct AddPassStep: ScenarioStep {
    static let name = "addPass"
    static let keys = ["device", "pass", "passFile"]
    var device: Int
    var pass: WalletPass

    static var schema: [String: Any] {
        var schema = ScenarioSchema.object([
            "device": ScenarioSchema.device,
            "pass": ["type": "object", "description": "The pass's pass.json, inline."],
            "passFile": ScenarioSchema.nonEmpty("A pass.json file, relative to the scenario."),
        ])
        schema["oneOf"] = [["required": ["pass"]], ["required": ["passFile"]]]
        return schema
    }

    static func decode(_ body: JSONNode, at pointer: JSONPointer, number: Int, decoder: inout ScenarioDecoder, context: inout ScenarioDecoder.StepContext) -> Self? {
        guard let fields = decoder.reader.object(body, pointer, what: name) else { return nil }
        decoder.reader.checkKeys(fields, pointer, allowed: keys, in: name)
        let device = decoder.deviceReference(fields, pointer, context: context)
        let pass: WalletPass?
        switch (fields["pass"], fields["passFile"]) {
        case (let inline?, nil): pass = decoder.inlinePass(inline.value, pointer.appending("pass"))
        case (nil, let file?): pass = decoder.passFile(file.value, pointer.appending("passFile"))
        default:
            decoder.reader.report(ProblemCode.scenarioInvalidValue, "addPass takes the pass inline ('pass') or as a file ('passFile'), one of them", body, pointer)
            pass = nil
        }
        guard let device, let pass else { return nil }
        return AddPassStep(device: device, pass: pass)
    }

    var summary: String { "add pass '\(pass.description ?? pass.serialNumber ?? "")'" }

    func play(_ step: Step, on player: inout ScenarioPlayer) {
        player.checkRules(pass, at: step)
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

    /// A pass.json file beside the scenario; its problems are located in that file.
    mutating func passFile(_ node: JSONNode, _ pointer: JSONPointer) -> WalletPass? {
        guard let relative = reader.nonEmptyString(node, pointer) else { return nil }
        let resolved = relative.hasPrefix("/") ? relative : (directory.isEmpty ? relative : directory + "/" + relative)
        if let refusal = references.refusal(of: relative, resolved: resolved) {
            reader.report(ProblemCode.scenarioReferenceOutsideProject, "the pass is not read: \(refusal)", node, pointer)
            return nil
        }
        let bytes: [UInt8]
        switch InputFiles.load(resolved, limit: JSONLimits.standard.maximumFileSize, naming: "the pass") {
        case .success(let loaded): bytes = loaded
        case .failure(let error):
            reader.report(error.code, "the pass '\(resolved)' cannot be used: \(error.message)", node, pointer)
            return nil
        }
        let read = WalletPassReader.read(bytes, path: resolved)
        if let first = read.inputErrors.first {
            reader.report(first.code, "the pass '\(resolved)' cannot be used: \(first.message)", node, pointer)
            return nil
        }
        for diagnostic in read.diagnostics { recordDiagnostic(diagnostic) }
        return read.diagnostics.contains { $0.severity == .error } ? nil : read.pass
    }
}
