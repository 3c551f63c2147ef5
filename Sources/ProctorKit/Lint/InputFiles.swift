import Foundation
import ProctorJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the input files behind the paths a user names, and reads them.
enum InputFiles {
    /// One file to read: the path as it will be printed, and whether it is JSON Lines.
    struct Input: Sendable, Hashable {
        var path: String
        var isJSONLines: Bool
    }

    /// Expands directories recursively into their `.json` and `.jsonl` files (hidden entries and
    /// `.build` skipped), keeps named files whatever their extension, and sorts the result by path
    /// so every run sees the same order. Paths that do not exist become input errors.
    static func collect(_ paths: [String], extensions: Set<String> = ["json", "jsonl"]) -> (inputs: [Input], errors: [InputError]) {
        var inputs = Set<Input>()
        var errors: [InputError] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(InputError(code: ProblemCode.fileUnreadable, message: "no such file or directory", location: SourceLocation(file: path)))
                continue
            }
            guard isDirectory.boolValue else {
                inputs.insert(Input(path: normalize(path), isJSONLines: path.hasSuffix(".jsonl")))
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                let ext = (name as NSString).pathExtension
                guard extensions.contains(ext) else { continue }
                let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                var isSubdirectory: ObjCBool = false
                if manager.fileExists(atPath: full, isDirectory: &isSubdirectory), isSubdirectory.boolValue { continue }
                inputs.insert(Input(path: normalize(full), isJSONLines: ext == "jsonl"))
            }
        }
        return (inputs.sorted { $0.path < $1.path }, errors)
    }

    /// Drops a leading `./` so `./payloads/a.json` and `payloads/a.json` print alike.
    private static func normalize(_ path: String) -> String {
        var result = path
        while result.hasPrefix("./") { result.removeFirst(2) }
        return result
    }

    /// Reads a whole file, refusing files over `limit` bytes before reading them.
    static func load(_ path: String, limit: Int) -> Result<[UInt8], InputError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(unreadable(path, errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(unreadable(path, errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            return .failure(InputError(code: ProblemCode.fileUnreadable, message: "is a directory", location: SourceLocation(file: path)))
        }
        let size = Int(status.st_size)
        guard size <= limit else {
            return .failure(InputError(
                code: ProblemCode.fileTooLarge,
                message: "file is \(size) bytes, over the limit of \(limit) bytes (\(limit / 1_048_576) MiB)",
                location: SourceLocation(file: path)))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4096, size + 1))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(unreadable(path, errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                return .failure(InputError(code: ProblemCode.fileTooLarge, message: "file is over the limit of \(limit) bytes", location: SourceLocation(file: path)))
            }
        }
        return .success(bytes)
    }

    private static func unreadable(_ path: String, _ code: Int32) -> InputError {
        InputError(code: ProblemCode.fileUnreadable, message: "cannot read the file: \(String(cString: strerror(code)))", location: SourceLocation(file: path))
    }
}
