// proctor-fuzz TARGET [ARGUMENTS...]
//
// Built by `make fuzz` with `-sanitize=fuzzer,address` (and -DPROCTOR_FUZZING), it hands the
// arguments after TARGET to libFuzzer: corpus directories, -max_total_time=, -dict=, crash files
// to reproduce. Built plainly (`swift build`), it replays the files it is given through TARGET,
// which is how a crash found elsewhere is checked without sanitizers. See docs/development.md.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The target this process runs; set once, before libFuzzer starts calling back.
nonisolated(unsafe) var selectedTarget = FuzzTarget.json

func usage() -> Never {
    let targets = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: proctor-fuzz TARGET [libFuzzer options] [corpus directories or files]\ntargets: \(targets)\n".utf8))
    exit(64)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else { usage() }
selectedTarget = target

#if PROCTOR_FUZZING
    /// libFuzzer's entry point for programs with their own `main` (compiler-rt, LLVM 11 and later).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The C symbol's name, which libFuzzer defines.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    // libFuzzer sees the program name and what follows TARGET.
    var driverArguments = [arguments[0]] + arguments.dropFirst(2)
    var argc = Int32(driverArguments.count)
    var cStrings: [UnsafeMutablePointer<CChar>?] = driverArguments.map { strdup($0) } + [nil]
    let status = cStrings.withUnsafeMutableBufferPointer { buffer -> Int32 in
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            selectedTarget.run(bytes)
            return 0
        }
    }
    exit(status)
#else
    // Replay: every file named (directories walked one level) goes through the target once.
    var files: [String] = []
    for path in arguments.dropFirst(2) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("proctor-fuzz: no such file or directory: \(path)\n".utf8))
            exit(2)
        }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += names.sorted().map { path + "/" + $0 }
        } else {
            files.append(path)
        }
    }
    if files.isEmpty { usage() }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        target.run([UInt8](data))
    }
    print("proctor-fuzz: replayed \(files.count) input\(files.count == 1 ? "" : "s") through '\(target.rawValue)' without a crash")
#endif
