import ProctorCore
import ProctorEngine
import ProctorJSON

/// A payload a donation file holds beside donations, under a key of its own
/// (`{"nowPlayingInfo": {...}}`), so that one file can hold everything a feature hands the
/// system; decoded into one subject of its rules.
///
/// Such a kind is its folder in this module (the conformance, and the model and its decoder when
/// no other module reads them) and one line in ProctorInputs' `InputKinds.others`,
/// `EmbeddedPayloads<Payload>()`: the donation checker then sets the key's payloads aside,
/// decodes each with ``decode(_:at:locate:)``, counts it among the file's payloads and hands it
/// to the rules on its type. A kind that contributes facts to the run or holds several subjects
/// writes its own judge instead (`Regions/`).
package protocol EmbeddedPayload: RuleSubject, Sendable {
    /// The key that names it in a donation file.
    static var payloadKey: String { get }
    /// Decodes the value of its key, at `pointer`: the payload, or nil after a decoding error,
    /// which leaves it out of the checks; and the diagnostics, each located with `locate`.
    static func decode(
        _ node: JSONNode, at pointer: JSONPointer, locate: @escaping (Int, JSONPointer) -> SourceLocation
    ) -> (payload: Self?, diagnostics: [Diagnostic])
}
