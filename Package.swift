// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LenientJSON",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "LenientJSON", targets: ["LenientJSON"]),
        .executable(name: "lenient-demo", targets: ["lenient-demo"]),
    ],
    targets: [
        .target(name: "LenientJSON"),
        .executableTarget(
            name: "lenient-demo",
            dependencies: ["LenientJSON"],
            resources: [.copy("Resources/messy-users.json")]
        ),
        .testTarget(
            name: "LenientJSONTests",
            dependencies: ["LenientJSON"],
            resources: [.copy("Resources")]
        ),
        // In-module invariants that the black-box suite cannot see (`@testable import`).
        .testTarget(
            name: "LenientJSONInternalTests",
            dependencies: ["LenientJSON"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
