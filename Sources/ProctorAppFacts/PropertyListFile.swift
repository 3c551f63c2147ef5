import Foundation
import ProctorCore

/// A property list file (an Info.plist, an `.entitlements` file), XML or binary, read safely
/// (``PropertyListSafety`` refuses DTDs and entities before Foundation sees the bytes), with the
/// lines its keys and array entries are written on, for located messages.
package struct PropertyListFile {
    /// The parsed value: a dictionary for every file Proctor reads.
    package let root: Any
    private let lines: PropertyListLines?

    /// The line a top-level key is written on (XML only); for the empty key, the line of the
    /// top-level value itself.
    package func line(ofKey key: String) -> Int? { lines?.line(ofKey: key) }

    /// The lines of the entries of a top-level array (XML only).
    package func linesOfEntries(ofArray key: String) -> [Int] { lines?.linesOfEntries(ofArray: key) ?? [] }

    /// The line and column of every value, by pointer, for a document whose entries nest (XML
    /// only; nil for a binary property list). Computed on demand: one more pass over the text.
    package func positions() -> PropertyListPositions? { lines.map { PropertyListPositions(text: $0.bytes) } }

    /// Reads `bytes`, naming the file `displayPath` and calling it `noun` ("the Info.plist") in
    /// messages.
    package static func read(bytes: [UInt8], displayPath: String, noun: String) -> Result<PropertyListFile, InputError> {
        if let problem = PropertyListSafety.problem(in: bytes) {
            return .failure(
                InputError(code: .propertyListInvalid, message: problem.message, location: SourceLocation(file: displayPath, line: problem.line)))
        }
        let data = Data(bytes)
        do {
            let root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return .success(PropertyListFile(root: root, lines: PropertyListLines(data)))
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not a property list"
            let failure = PropertyListFailure(reason: reason, noun: noun, bytes: bytes)
            return .failure(
                InputError(
                    code: .propertyListInvalid, message: failure.message, location: SourceLocation(file: displayPath, line: failure.line)))
        }
    }
}
