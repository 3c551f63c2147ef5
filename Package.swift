// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "proctor",
    products: [
        .executable(name: "proctor", targets: ["proctor"]),
        .library(name: "ProctorKit", targets: ["ProctorKit"]),
    ],
    dependencies: [
        // The command-line interface: subcommands, options, help and usage errors. Used only by
        // the executables, so the library stays free of it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // MARK: - C

        // json-c, the JSON parser. Imported by ProctorJSON alone; no C type crosses its API.
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),

        // MARK: - Libraries

        // Strict RFC 8259 parsing with source positions and JSON Pointers, on top of json-c.
        .target(name: "ProctorJSON", dependencies: ["CJSONC"]),
        // The library users embed: vocabulary, rules, the lint pipeline and the reports.
        // It never prints and never exits.
        .target(name: "ProctorKit", dependencies: ["ProctorJSON"]),

        // MARK: - Executables

        .executableTarget(
            name: "proctor",
            dependencies: ["ProctorKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Writes docs/rules/*.md and Conformance/rules/*.json from the rule descriptions.
        .executableTarget(name: "proctor-docgen", dependencies: ["ProctorKit"]),
        // Measures lint throughput against raw json-c parsing of the same bytes.
        .executableTarget(name: "proctor-bench", dependencies: ["ProctorKit", "ProctorJSON"]),
        // Coverage-guided fuzzing of every reader of untrusted bytes (`make fuzz`); built plainly,
        // it replays crash files.
        .executableTarget(name: "proctor-fuzz", dependencies: ["ProctorKit", "ProctorJSON"]),

        // MARK: - Tests

        .testTarget(name: "ProctorJSONTests", dependencies: ["ProctorJSON"]),
        .testTarget(name: "ProctorKitTests", dependencies: ["ProctorKit", "ProctorJSON"], exclude: ["Snapshots"]),
        .testTarget(name: "ProctorCLITests", dependencies: ["proctor"]),
    ],
    swiftLanguageModes: [.v6]
)
