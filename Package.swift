// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LenientJSON",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "LenientJSON", targets: ["LenientJSON"]),
        // XML input (`decode(_:fromXML:)`): its own library, so that `import LenientJSON` alone never
        // links FoundationXML (libxml2 on Linux). Scripts/check-no-xml-link.sh checks lenient-demo.
        .library(name: "LenientXML", targets: ["LenientXML"]),
        .executable(name: "lenient-demo", targets: ["lenient-demo"]),
    ],
    targets: [
        .target(name: "LenientJSON"),
        .target(name: "LenientXML", dependencies: ["LenientJSON"]),
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
        .testTarget(
            name: "LenientXMLTests",
            dependencies: ["LenientXML", "LenientJSON"]
        ),
        // In-module invariants that the black-box suite cannot see (`@testable import`).
        .testTarget(
            name: "LenientJSONInternalTests",
            dependencies: ["LenientJSON"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
