import Foundation
import ProctorCore

/// A property list file (an Info.plist, an `.entitlements` file), XML or binary, read safely
/// (``PropertyListSafety`` refuses DTDs and entities before Foundation sees the bytes), with the
/// lines its keys and array entries are written on, for located messages.
package struct PropertyListFile {
    /// The parsed value: a dictionary for every file Proctor reads.
    package let root: Any
    private let lines: PropertyListLines?

    /// The line a top-level key is written on (XML only).
    package func line(ofKey key: String) -> Int? { lines?.line(ofKey: key) }

    /// The lines of the entries of a top-level array (XML only).
    package func linesOfEntries(ofArray key: String) -> [Int] { lines?.linesOfEntries(ofArray: key) ?? [] }

    /// Reads `bytes`, naming the file `displayPath` and calling it `noun` ("the Info.plist") in
    /// messages.
    package static func read(bytes: [UInt8], displayPath: String, noun: String) -> Result<PropertyListFile, InputError> {
        if let problem = PropertyListSafety.problem(in: bytes) {
            return .failure(InputError(code: .propertyListInvalid, message: problem.message, location: SourceLocation(file: displayPath, line: problem.line)))
        }
        let data = Data(bytes)
        do {
            let root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return .success(PropertyListFile(root: root, lines: PropertyListLines(data)))
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not a property list"
            return .failure(InputError(
                code: .propertyListInvalid, message: "\(noun) is not a valid XML or binary property list: \(reason)",
                location: SourceLocation(file: displayPath, line: lineNumber(in: reason, of: bytes))))
        }
    }

    /// The line Foundation's reason names; for a text property list that ends too early, the
    /// last line, where it ends. Binary property lists have no lines.
    private static func lineNumber(in reason: String, of bytes: [UInt8]) -> Int? {
        if let range = reason.range(of: "line ") {
            return Int(reason[range.upperBound...].prefix { $0.isNumber })
        }
        guard reason.contains("EOF"), !bytes.starts(with: Array("bplist".utf8)) else { return nil }
        return 1 + bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - (bytes.last == 0x0A ? 1 : 0)
    }
}
