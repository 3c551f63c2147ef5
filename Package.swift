// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "proctor",
    products: [
        .executable(name: "proctor", targets: ["proctor"]),
        .library(name: "ProctorKit", targets: ["ProctorKit"]),
        // `swift package proctor lint|run|scan ...` in any package that depends on this one.
        .plugin(name: "ProctorPlugin", targets: ["ProctorPlugin"]),
    ],
    dependencies: [
        // The command-line interface: subcommands, options, help and usage errors. Used only by
        // the executables, so the library stays free of it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Swift's own parser (SwiftParser) and syntax tree (SwiftSyntax), for proctor scan: it reads
        // an app's sources exactly as the compiler does, with source locations, and needs no
        // compiler or Xcode. Used by ProctorScan alone; no syntax type crosses its API.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `swift package generate-documentation`, for ProctorKit's DocC catalog (make docs, checked
        // for warnings in make test). A command plugin: nothing of it is linked into any product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - C

        // json-c, the JSON parser. Imported by ProctorJSON alone; no C type crosses its API.
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        // libxml2's HTML parser, for web pages. Imported by ProctorWeb alone. Chosen over gumbo
        // (an HTML5 parser, also in Debian) by measurement: gumbo took 1 s and 786 MB for 10,000
        // nested <div>s and 104 s and 24 GB for 100,000, while libxml2 stops nesting at 256 levels
        // and parses a million in 0.01 s and 19 MB; it is maintained, and reading meta, link and
        // script elements needs no HTML5 tree-construction subtleties.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),

        // zlib, for the DEFLATE entries of zip archives (Wallet pass bundles). Imported by
        // ProctorArchive alone. Already linked into the static binary as libxml2's dependency.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // OpenSSL's libcrypto, for the SHA-1 digests of a pass bundle's manifest and the PKCS #7
        // signature over it; Foundation on Linux has neither. Imported by ProctorArchive alone.
        // Chosen over swift-crypto, which compiles BoringSSL from source in every build
        // configuration and has no PKCS #7.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),

        // The commit the binary was built from, for `proctor --version`: empty unless the build
        // passes it in (scripts/dist.sh, `make dist`), so a plain `swift build` says it does not know.
        .target(name: "CProctorBuildInfo"),

        // MARK: - Libraries

        // Strict RFC 8259 parsing with source positions and JSON Pointers, on top of json-c.
        .target(name: "ProctorJSON", dependencies: ["CJSONC"]),
        // What every stage shares: severities, locations, input errors, diagnostics and findings,
        // RFC 3339 dates, and the platforms and releases apps are built for.
        .target(name: "ProctorCore", dependencies: ["ProctorJSON"]),
        // Finding the input files behind the paths a user names (walks without loops, each file
        // once), reading them within limits, and which files an input may reference.
        .target(name: "ProctorFiles", dependencies: ["ProctorCore"]),
        // Zip archives read in memory within limits (never extracted to disk), SHA-1 digests and
        // PKCS #7 detached signatures: what a signed Wallet pass bundle (.pkpass) is made of.
        .target(name: "ProctorArchive", dependencies: ["CZlib", "COpenSSL"]),
        // Apple's vocabulary as Proctor reads it from JSON: NSUserActivity, Core Spotlight items and
        // attribute sets, SiriKit interactions and reservations, with their located decoding.
        .target(name: "ProctorVocabulary", dependencies: ["ProctorJSON", "ProctorCore"]),
        // Universal links: apple-app-site-association files read through the JSON layer, the
        // Associated Domains entitlement, and the matcher that says whether iOS opens a URL in the
        // app or in Safari.
        .target(name: "ProctorLinks", dependencies: ["ProctorJSON", "ProctorCore", "ProctorFiles", "ProctorAppFacts"]),
        // Web pages read with libxml2's HTML parser: the meta, link and structured-data elements
        // that Smart App Banners, link previews and Applebot read, each with its line.
        .target(name: "ProctorWeb", dependencies: ["CLibXML2", "ProctorJSON", "ProctorCore"]),
        // The app's facts: its Info.plist (read safely, XML or binary), with the platform and oldest
        // release it names, and what the user states besides (deployment target, service names).
        .target(name: "ProctorAppFacts", dependencies: ["ProctorJSON", "ProctorCore", "ProctorFiles"]),
        // The run report and its four formats, and the writing of report files. It renders a
        // plain result with the metadata of its checks and knows nothing of rules or scenarios.
        .target(name: "ProctorReports", dependencies: ["ProctorJSON", "ProctorCore"]),
        // The rule engine: the Rule protocol over typed subjects, rule descriptions (documentation,
        // examples, SARIF metadata, the platforms and releases a rule judges), and RuleEngine,
        // which groups rules by subject, skips those whose app facts are unknown or whose
        // availability leaves the app out, and builds every finding. It knows no vocabulary.
        .target(name: "ProctorEngine", dependencies: ["ProctorJSON", "ProctorCore", "ProctorAppFacts", "ProctorReports"]),
        // What the rules judge, by payload kind, one folder each: the models Proctor reads itself
        // (Wallet passes, coverage files) with their readers, the whole-file subjects of the web
        // side, the subjects a donation holds, the subject conformances of the vocabulary's types,
        // and the facts a run gathers across files. No input plumbing: the rules see only this.
        .target(
            name: "ProctorPayloads",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorVocabulary", "ProctorAppFacts", "ProctorEngine", "ProctorLinks", "ProctorWeb",
                // A signed pass bundle's files, digests and signature (WalletPassBundle/).
                "ProctorArchive",
            ]),
        // The kinds of input a lint run reads, one folder each: how a kind's files are recognised,
        // decoded with locations, what facts they contribute and which rule subjects they hold.
        .target(
            name: "ProctorInputs",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorFiles", "ProctorVocabulary", "ProctorAppFacts", "ProctorEngine", "ProctorPayloads",
                "ProctorLinks",
                "ProctorWeb", "ProctorArchive",
            ]),
        // Every rule Proctor ships, by category, and the registry that lists them. It judges the
        // subjects of ProctorPayloads and knows no input kind.
        .target(
            name: "ProctorRules",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorVocabulary", "ProctorAppFacts", "ProctorEngine", "ProctorPayloads",
                // The rules over web pages (Open Graph, schema.org, app links) and over site
                // associations and the Associated Domains entitlement judge those modules' types.
                "ProctorWeb", "ProctorLinks",
            ]),
        // proctor lint: load, decode, check, the checks that span files, the lint report.
        .target(
            name: "ProctorLint",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorFiles", "ProctorVocabulary", "ProctorAppFacts", "ProctorEngine", "ProctorPayloads",
                "ProctorInputs", "ProctorRules", "ProctorReports",
            ]),
        // proctor run: the scenario format, its decoder and schema, the model of the system, the
        // player and its checks.
        .target(
            name: "ProctorScenario",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorFiles", "ProctorVocabulary", "ProctorAppFacts", "ProctorEngine", "ProctorPayloads",
                "ProctorInputs", "ProctorRules", "ProctorReports", "ProctorLinks",
            ]),
        // proctor scan: an app's Swift sources read with swift-syntax, the donations and launch
        // handlers they contain extracted (values resolved statically, or marked dynamic), and
        // judged with the payload rules and the rules only source can answer.
        .target(
            name: "ProctorScan",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorFiles", "ProctorVocabulary", "ProctorAppFacts", "ProctorEngine", "ProctorPayloads",
                "ProctorInputs", "ProctorRules", "ProctorLint", "ProctorReports",
                // The association files of the app's domains, beside its universal-link routes.
                "ProctorLinks",
                // Which app each Swift file is judged for: the targets of the Xcode project.
                "ProctorXcode",
                // SwiftParserDiagnostics is left out on purpose: its generator can stop the process
                // on some inputs (a Fix-It with no change), so syntax errors are read from the tree
                // (SyntaxErrors.swift).
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        // Xcode projects: a project.pbxproj read with Foundation's old-style property list parser, its
        // native targets with their build settings resolved (project and target levels, .xcconfig
        // files with their includes), Info.plist (file or generated), bundle identifier,
        // entitlements, Swift files and the app each extension belongs to. What `proctor init`
        // writes the project from, and what scan can judge each target's files by.
        .target(name: "ProctorXcode", dependencies: ["ProctorCore", "ProctorAppFacts"]),
        // A project's .proctor.json: the app facts, inputs, rules and reports a project states
        // once, read with the JSON layer and located like every input.
        .target(
            name: "ProctorConfiguration",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorAppFacts", "ProctorEngine", "ProctorReports", "ProctorXcode",
                // The include and exclude lists of .proctor.json are path patterns (PathPattern).
                "ProctorFiles",
            ]),
        // The conformance runner: each case of Conformance/ linted, scanned or played in memory and
        // compared with what it expects (proctor conformance, the tests, the fuzz target).
        .target(
            name: "ProctorConformance",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorFiles", "ProctorAppFacts", "ProctorReports", "ProctorRules", "ProctorLint", "ProctorScenario",
                "ProctorScan", "ProctorLinks",
                // Pass bundle cases are recipes the runner builds into archives (PassBundleRecipe).
                "ProctorPayloads",
            ]),
        // The files generated from the code (proctor-docgen, make docs; a test holds them current):
        // rule pages and conformance vectors, the schemas, the seed coverage page, and the module
        // table of docs/architecture.md, read from this file.
        .target(
            name: "ProctorDocumentation",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorEngine", "ProctorRules", "ProctorScenario", "ProctorConfiguration", "ProctorConformance",
            ]),
        // The library users embed (`import ProctorKit`): lint payloads built in code or read from
        // files, play scenarios, get findings as values. Its public API is deliberate and
        // documented (ProctorKit.docc); it wraps the modules above and lets none of their types
        // through. It leaves out ProctorScan, so users who embed it never build swift-syntax.
        .target(
            name: "ProctorKit",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorFiles", "ProctorAppFacts", "ProctorReports", "ProctorEngine", "ProctorPayloads",
                "ProctorInputs", "ProctorRules", "ProctorLint", "ProctorScenario",
            ]),

        // MARK: - Executables

        .executableTarget(
            name: "proctor",
            dependencies: [
                "ProctorCore", "ProctorFiles", "ProctorAppFacts", "ProctorReports", "ProctorEngine", "ProctorInputs", "ProctorRules", "ProctorLint",
                "ProctorScenario", "ProctorScan", "ProctorLinks", "ProctorXcode",
                "ProctorConfiguration", "ProctorConformance", "CProctorBuildInfo", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Writes docs/rules/*.md and Conformance/rules/*.json from the rule descriptions.
        .executableTarget(name: "proctor-docgen", dependencies: ["ProctorDocumentation"]),
        // Measures lint throughput against raw json-c parsing of the same bytes, and scan
        // throughput against swift-syntax parsing the same Swift.
        .executableTarget(
            name: "proctor-bench",
            dependencies: [
                "ProctorJSON", "ProctorLint", "ProctorPayloads", "ProctorScenario", "ProctorScan",
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        // Coverage-guided fuzzing of every reader of untrusted bytes (`make fuzz`); built plainly,
        // it replays crash files.
        .executableTarget(
            name: "proctor-fuzz",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorAppFacts", "ProctorReports", "ProctorRules", "ProctorLint", "ProctorScenario", "ProctorScan",
                "ProctorLinks", "ProctorXcode", "ProctorConfiguration", "ProctorConformance", "ProctorArchive",
            ]),

        // MARK: - Plugin

        // A command plugin: `swift package proctor ARGUMENTS` builds the proctor executable and runs
        // it in the package's directory, so a team runs Proctor with no install step.
        .plugin(
            name: "ProctorPlugin",
            capability: .command(
                intent: .custom(verb: "proctor", description: "Run proctor (lint, run, scan, ...) in this package's directory"), permissions: []),
            dependencies: ["proctor"],
            path: "Sources/ProctorPlugin"),

        // MARK: - Tests

        .testTarget(name: "ProctorJSONTests", dependencies: ["ProctorJSON"]),
        // Tests reach the internals of the modules with @testable import.
        .testTarget(
            name: "ProctorTests",
            dependencies: [
                "ProctorJSON", "ProctorCore", "ProctorAppFacts", "ProctorFiles", "ProctorReports", "ProctorVocabulary", "ProctorEngine",
                "ProctorPayloads", "ProctorInputs", "ProctorRules", "ProctorLint", "ProctorScenario", "ProctorLinks", "ProctorWeb",
                "ProctorConfiguration",
                "ProctorScan", "ProctorXcode", "ProctorConformance", "ProctorDocumentation", "ProctorArchive",
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Snapshots", "Fixtures"]),
        .testTarget(name: "ProctorCLITests", dependencies: ["proctor"]),
        // ProctorKit's public API, seen as a user sees it: a plain `import ProctorKit`, nothing else.
        .testTarget(name: "ProctorKitTests", dependencies: ["ProctorKit"]),
    ],
    swiftLanguageModes: [.v6]
)
