// swift-tools-version: 6.0
// A team's own package, as a new user writes it, depending on Proctor by path: `make test` runs
// its plugin (`swift package proctor ...`) and its tests, which call ProctorKit
// (scripts/check_consumer.sh). A user's package names Proctor by URL instead (docs/embedding.md).
import PackageDescription

let package = Package(
    name: "TapasClub",
    dependencies: [
        .package(name: "proctor", path: "../..")
    ],
    targets: [
        .testTarget(name: "TapasClubTests", dependencies: [.product(name: "ProctorKit", package: "proctor")])
    ]
)
